/**
 * @lifeline/bufferization — MLIR's ownership-based buffer deallocation pipeline
 * and the canonicalization / CSE it needs.
 */
export { registerBufferizationPasses } from './passes.js';
