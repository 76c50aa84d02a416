/**
 * @lifeline/interp — a reference interpreter for func/arith/cf/scf/memref/bufferization
 * that tracks every allocation.
 */
export { runModule, type RunOptions, type RunResult } from './run.js';
export type { MemoryCounters } from './memory.js';
export type { WorkCounters } from './engine.js';
