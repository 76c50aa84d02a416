/**
 * @lifeline/sil-interp — an interpreter for the SIL subset of @lifeline/sil that counts
 * references per object (over-release, leak, use after release) and records the
 * observable trace and where frees fall in it, for ARC differential testing.
 */
export { runSil, DEFAULT_MAX_STEPS, type SilRunOptions, type SilRunResult } from './run.js';
export { runCli, summary, traceLines, type CliIO } from './main.js';
export type { FreeEvent, MemoryCounters, RcCounters } from './heap.js';
export { compareRuns, type RunComparison } from './compare.js';
