/**
 * @lifeline/dataflow — CFG algorithms over dense block ids: depth-first orders,
 * dominator and post-dominator trees (Cooper–Harvey–Kennedy), dominance
 * frontiers, natural loops with their nesting, and strongly connected components.
 * IR-agnostic: a CFG is `{ numBlocks, entry, succs(b) }`.
 */
export { cfgFromEdges, hasPreds, ListCfg, predecessorLists, withPreds } from './cfg.js';
export type { Cfg, CfgWithPreds, Digraph } from './cfg.js';
export { DepthFirst, postorder, reachable, reachableFrom, reversePostorder } from './order.js';
export { augmentedReverse, DominatorTree, dominatorTree, PostDominatorTree, postDominatorTree } from './dominators.js';
export { dominanceFrontiers, iteratedFrontier } from './frontiers.js';
export { findLoops, LoopForest } from './loops.js';
export type { Loop } from './loops.js';
export { StronglyConnectedComponents, stronglyConnectedComponents } from './scc.js';
export * from './lattice.js';
export { DataFlowSolver, NonTerminationError, StateKey } from './solver.js';
export type { DataFlowAnalysis, SolverOptions } from './solver.js';
export type * from './view.js';
export { CFGEdge, DeadCodeAnalysis, dataFlowKeys, predecessorLattice } from './dead-code.js';
export type { ConstantValue, DataFlowKeys, Predecessors } from './dead-code.js';
export { SparseBackwardAnalysis, SparseForwardAnalysis } from './sparse.js';
export { DenseBackwardAnalysis, DenseForwardAnalysis } from './dense.js';
export type { CallAction } from './dense.js';
