/**
 * @lifeline/analyses — analyses written against op interfaces (never op names)
 * and the test passes that print them the way mlir-opt-19's test passes do.
 */
export { registerAnalysisTestPasses } from './test-passes.js';
export { AliasAnalysis, type AliasAnalysisImpl } from './alias-analysis.js';
export { ModRefResult, mergeAliasResults, type AliasResult } from './alias-result.js';
export {
  LocalAliasAnalysis, MAX_UNDERLYING_VALUE_SEARCH_DEPTH, allocationScopeOf, collectUnderlyingAddressValues, memoryEffectsOf,
} from './local-alias-analysis.js';
export { aliasOperandText, testAliasAnalysisModRefPass, testAliasAnalysisPass } from './alias-test-passes.js';
export { Liveness, LivenessBlockInfo, nestedBlocksPreorder, ancestorOpInBlock } from './liveness.js';
export { printLiveness, testPrintLivenessPass } from './liveness-test-pass.js';
export { IrControlFlowView } from './ir-view.js';
export { SparseConstantPropagation, constantOf } from './constant-propagation.js';
export { LivenessAnalysis, livenessLattice } from './liveness-analysis.js';
export { irDataFlowKeys, testDeadCodeAnalysisPass, testLivenessAnalysisPass } from './dataflow-test-passes.js';
export { sccpPass, wouldOpBeTriviallyDead } from './sccp.js';
export {
  BufferOriginAnalysis, BufferViewFlowAnalysis, OriginClass, OriginIndex, isBufferType, viewBase,
  type BufferOriginOptions, type Origin,
} from './buffer-origin.js';
