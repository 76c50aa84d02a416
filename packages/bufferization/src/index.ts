/**
 * @lifeline/bufferization — MLIR's ownership-based buffer deallocation pipeline
 * and the canonicalization / CSE it needs.
 */
export { registerBufferizationPasses } from './passes.js';
export type { RewritePattern } from './pattern.js';
export { applyPatternsGreedily, foldOp, type GreedyConfig } from './greedy.js';
export { TrackingRewriter } from './tracking-rewriter.js';
export { canonicalizePass, canonicalizationPatterns } from './canonicalize.js';
export { deallocCanonicalizationPatterns } from './canonicalize-bufferization.js';
export { csePass } from './cse.js';
export {
  bufferDeallocationSimplificationPass, deallocSimplificationPatterns,
} from './dealloc-simplification.js';
export { abiFreshCallResults } from './abi.js';
