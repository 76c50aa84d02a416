/**
 * The differential check of an optimized program against its original (issue 8 (4)):
 *
 *  1. the original ran clean (otherwise it is no reference);
 *  2. the optimized program ran clean: no runtime error, leak, over-release or use
 *     after free;
 *  3. identical results and identical observable trace;
 *  4. identical frees relative to the trace: every object (numbered by allocation,
 *     heap.ts (1)) is freed between the same two observable events as in the original
 *     — freeing it earlier or later is an error even when nothing else shows it;
 *  5. no more retains and no more releases executed.
 */
import type { SilRunResult } from './run.js';

export interface RunComparison {
  ok: boolean;
  /** One line per violated clause. */
  differences: string[];
}

export function compareRuns(original: SilRunResult, optimized: SilRunResult): RunComparison {
  const d: string[] = [];
  const describe = (r: SilRunResult) =>
    r.error ? r.error.message : `leaked=${r.memory.leaked} over-releases=${r.memory.overReleases} use-after-free=${r.memory.useAfterFree}`;
  if (!original.clean) d.push(`(1) the original is not clean: ${describe(original)}`);
  if (!optimized.clean) d.push(`(2) the optimized program is not clean: ${describe(optimized)}${optimized.problems[0] ? ` (${optimized.problems[0].message})` : ''}`);
  if (original.results.join('\n') !== optimized.results.join('\n')) d.push(`(3) results differ: ${original.results} vs ${optimized.results}`);
  const n = Math.max(original.trace.length, optimized.trace.length);
  for (let i = 0; i < n; i++) {
    if (original.trace[i] !== optimized.trace[i]) {
      d.push(`(3) trace differs at event ${i}: ${original.trace[i] ?? '<end>'} vs ${optimized.trace[i] ?? '<end>'}`);
      break;
    }
  }
  const at = new Map(optimized.frees.map((e) => [e.object, e.at]));
  for (const e of original.frees) {
    const x = at.get(e.object);
    if (x === e.at) continue;
    d.push(x === undefined
      ? `(4) object #${e.object} is freed after event ${e.at} originally, never after optimization`
      : `(4) object #${e.object} is freed after event ${e.at} originally, after event ${x} after optimization (${x < e.at ? 'earlier' : 'later'})`);
    break;
  }
  if (optimized.rc.retains > original.rc.retains) d.push(`(5) more retains: ${original.rc.retains} -> ${optimized.rc.retains}`);
  if (optimized.rc.releases > original.rc.releases) d.push(`(5) more releases: ${original.rc.releases} -> ${optimized.rc.releases}`);
  return { ok: d.length === 0, differences: d };
}
