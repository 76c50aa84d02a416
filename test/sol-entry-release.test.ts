/**
 * Loops whose iterations replace what they keep before reading it
 * (test-fixtures/sol/lifetimes_entry_release.sol; packages/sol releases.ts (IE)): each
 * iteration starts with a release to the loop's mark, so nothing moves at its end. Before,
 * the survivors (`row`, an array of strings, and `cols`, an array of arrays) were deep-moved
 * down every iteration, walking their elements: `lastRow` cost 1.28× solc viaIR's gas at
 * n = 1000, now 0.78× (peak 1.00× the lower bound either way); `lastLine`, replaced in both
 * branches of an if, 0.88× at 1.33× the lower bound, now 0.84× at 1.11×.
 * Runs that leave by `continue` before anything could move the free pointer get no release
 * (releases.ts (I°)): `continueFirst` (a `for` loop: its release moves from the step's end to
 * the body's) 1.070 → 0.924×, `whileSkips` 0.932 → 0.850×. The fixture's near
 * misses (a break or continue before the store, a read of the old value) differ from solc
 * when the liveness check is dropped; sol-fixtures.test.ts runs them.
 */
import { describe, expect, it } from 'vitest';
import { peaksOf } from './sol-peaks.js';

describe('loops that replace what they keep before reading it, or continue before allocating', () => {
  it('release at the start of each iteration or not at an idle continue: less gas than solc viaIR, peak near the lower bound', async () => {
    const run = await peaksOf('lifetimes_entry_release.sol', 'EntryRelease');
    for (const [fn, gas, peak] of [['lastRow', 0.9, 1.05], ['lastLine', 0.86, 1.2], ['continueFirst', 1, 1.1], ['whileSkips', 0.9, 1.05]] as const) {
      const r = await run(fn, 1000);
      expect(r.solc.peak / r.lowerBound, fn).toBeGreaterThan(50);
      expect(r.ours.peak / r.lowerBound, fn).toBeLessThanOrEqual(peak);
      expect(r.ours.gas / r.solc.gas, fn).toBeLessThan(gas);
    }
  });
});
