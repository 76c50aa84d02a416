/**
 * @lifeline/dataflow — the IR-agnostic heart of Lifeline: CFG algorithms over
 * dense block ids (orders, dominator and post-dominator trees, frontiers, loops,
 * SCCs; also at `@lifeline/dataflow/cfg`), the call graph, the lattice protocol,
 * the solver, dead-code analysis and the sparse and dense analysis bases, which
 * see a program only through a ControlFlowView.
 */
export * from './cfg-algorithms.js';
export * from './lattice.js';
export { DataFlowSolver, NonTerminationError, StateKey } from './solver.js';
export type { DataFlowAnalysis, SolverOptions } from './solver.js';
export type * from './view.js';
export { CFGEdge, DeadCodeAnalysis, dataFlowKeys, predecessorLattice } from './dead-code.js';
export type { ConstantValue, DataFlowKeys, Predecessors } from './dead-code.js';
export { SparseBackwardAnalysis, SparseForwardAnalysis } from './sparse.js';
export { DenseBackwardAnalysis, DenseForwardAnalysis } from './dense.js';
export type { CallAction } from './dense.js';
export { CallGraph } from './callgraph.js';
export type { CallGraphSource } from './callgraph.js';
