/** ARC retain/release optimization on the dataflow framework (see DESIGN.md beside this file). */
export { RootStates, Seq, mergeStates, mergeFacts, factsEqual, isCodeMotionSafe, printState, rcFactsLattice, BOTTOM_UP_NAMES, TOP_DOWN_NAMES } from './lattice.js';
export type { RcState, RcFacts } from './lattice.js';
export type { ArcModel, RcInst } from './model.js';
export { SilArcModel } from './sil-model.js';
export { ArcDataflow, BottomUpArcAnalysis, TopDownArcAnalysis } from './dataflow.js';
export type { ArcFacts, ArcDataflowOptions } from './dataflow.js';
export { matchFrom, deletableSets } from './matching.js';
export type { MatchedSet, MatchingStates } from './matching.js';
export { arcSequenceOptsPass, runSequenceOpts, sequenceOptsRound, functionsWithBodies, isOssa } from './sequence-opts.js';
export type { SequenceOptsResult } from './sequence-opts.js';
export { arcLoopHoistingPass, runLoopHoisting } from './loop-hoisting.js';
export type { HoistResult } from './loop-hoisting.js';
export { registerSilPasses } from './passes.js';
export { RootMap } from './root-map.js';
