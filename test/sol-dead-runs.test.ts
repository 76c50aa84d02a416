/**
 * Runs of a loop that leave by `continue` before storing what they allocated
 * (test-fixtures/sol/lifetimes_dead_runs.sol; packages/sol dead-runs.ts (I0)): a top-5 heap
 * whose runs mostly find a task no better than the worst kept one, a filter whose runs mostly
 * skip their string. Those runs give their memory back: at n = 1000 `topFive` peaked at 137×
 * the live-bytes lower bound before (solc 319×), now 4.4×; `bodyEnd`, whose storing branch
 * leaves by `continue` so the other runs end the body with nothing stored, 137× → 8.3×;
 * `oddOnes` at 1.25×, now 1.06×.
 * The fixture's near misses (a store, a local, a helper's store or an inner loop's store
 * before the `continue`) differ from solc when the matching check is dropped;
 * sol-fixtures.test.ts runs them.
 */
import { describe, expect, it } from 'vitest';
import { peaksOf } from './sol-peaks.js';

describe('runs of a loop that leave early', () => {
  it('give back what they allocated: peak within a small multiple of the lower bound, less gas than solc viaIR', async () => {
    const run = await peaksOf('lifetimes_dead_runs.sol', 'DeadRuns');
    const top = await run('topFive', 1000);
    expect(top.solc.peak / top.lowerBound).toBeGreaterThan(50);
    expect(top.ours.peak / top.lowerBound).toBeLessThanOrEqual(5);
    expect(top.ours.gas / top.solc.gas).toBeLessThan(0.85);
    const end = await run('bodyEnd', 1000);
    expect(end.ours.peak / end.lowerBound).toBeLessThanOrEqual(10);
    expect(end.ours.gas / end.solc.gas).toBeLessThan(0.65);
    const odd = await run('oddOnes', 1000);
    expect(odd.ours.peak / odd.lowerBound).toBeLessThanOrEqual(1.15);
    expect(odd.ours.gas / odd.solc.gas).toBeLessThan(0.5);
  });
});
