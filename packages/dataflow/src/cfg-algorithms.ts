/**
 * The CFG algorithms alone (no solver, no call graph): what the IR core's
 * verifier needs, importable without loading graphology.
 */
export { cfgFromEdges, hasPreds, ListCfg, predecessorLists, withPreds } from './cfg.js';
export type { Cfg, CfgWithPreds, Digraph } from './cfg.js';
export { DepthFirst, postorder, reachable, reachableFrom, reversePostorder } from './order.js';
export { augmentedReverse, DominatorTree, dominatorTree, PostDominatorTree, postDominatorTree } from './dominators.js';
export { dominanceFrontiers, iteratedFrontier } from './frontiers.js';
export { findLoops, LoopForest } from './loops.js';
export type { Loop } from './loops.js';
export { StronglyConnectedComponents, stronglyConnectedComponents } from './scc.js';
