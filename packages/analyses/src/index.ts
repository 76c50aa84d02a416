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
export {
  aliasOperandText, runAliasQueries, runModRefQueries, testAliasAnalysisModRefPass, testAliasAnalysisPass, type AliasQueries,
} from './alias-test-passes.js';
export { Liveness, LivenessBlockInfo, nestedBlocksPreorder, ancestorOpInBlock } from './liveness.js';
export { analyzeEscapes, isAllocation, testEscapeAnalysisPass, type Escape } from './escape-analysis.js';
export {
  ProgramPointsTo, MemObject, defaultHoldsAddress, defaultIsEntry,
  type FunctionPointsTo, type PointsToOptions, type MemObjectKind, type EscapeReason, type FunctionSummary,
} from './points-to.js';
export { printFunctionPointsTo, summaryText, testPointsToPass } from './points-to-test-pass.js';
export { opDesc, resolveCallee, returnsFromFunction, uncapturedOperands } from './points-to-model.js';
export { ValueLiveness } from './value-liveness.js';
export { printLiveness, testPrintLivenessPass } from './liveness-test-pass.js';
export { IrControlFlowView } from './ir-view.js';
export { SparseConstantPropagation, constantOf } from './constant-propagation.js';
export { LivenessAnalysis, livenessLattice } from './liveness-analysis.js';
export { irDataFlowKeys, testDeadCodeAnalysisPass, testLivenessAnalysisPass } from './dataflow-test-passes.js';
export { sccpPass, wouldOpBeTriviallyDead } from './sccp.js';
export {
  UNINITIALIZED, UNKNOWN, constIndicator, equalOwnership, joinOwnership, ownershipLattice, printIndicator, printOwnership,
  sameIndicator, unique,
} from './ownership.js';
export type { Indicator, Ownership } from './ownership.js';
export {
  OwnershipAnalysis, Placeholder, analyzeOwnership, isExternal, isMemref, isPrivate,
} from './ownership-analysis.js';
export type { BlockPlan, DeallocPlan, FunctionPlan, MemrefRef, OwnershipOptions, ReturnAction, Step } from './ownership-analysis.js';
export { compareValues, deallocationBlockOrder, hasUnstructuredLoop } from './ownership-order.js';
export { printOwnershipAnalysis, testOwnershipAnalysisPass } from './ownership-test-pass.js';
export { ConstantFolder, constantValueOf, insertionRegion, materializeConstant } from './constant-folder.js';
export {
  BufferOriginAnalysis, BufferViewFlowAnalysis, OriginClass, OriginIndex, isBufferType, viewBase,
  type BufferOriginOptions, type Origin,
} from './buffer-origin.js';
export { SlotLiveness, isSlot, type HiddenJump } from './slot-liveness.js';
