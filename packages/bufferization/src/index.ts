/**
 * @lifeline/bufferization — MLIR's ownership-based buffer deallocation pipeline
 * and the canonicalization / CSE it needs.
 */
export { registerBufferizationPasses } from './passes.js';
export type { RewritePattern } from './pattern.js';
export {
  applyDeallocPatterns, bufferDeallocationSimplificationPass, deallocSimplificationPatterns, extraDeallocPatterns,
} from './dealloc-simplification.js';
export { abiFreshCallResults } from './abi.js';
