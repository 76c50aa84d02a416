/**
 * Persistent updates (test-fixtures/sol/lifetimes_persistent.sol): a loop replaces a graph with
 * a new version that keeps some of the old one's inner objects (`b = _step(b, i)` returning
 * `Book(b.bids, _insert(b.asks, l))`, a new outer array over old rows, a longer copy of a list
 * of strings). No plan of kept slots holds there ((R4): the new instance shares inner objects
 * with the old), so the loop gets a traced release by default (packages/sol LIFETIME.md 2*,
 * (I*) "persistent updates"): memory stays flat in n where solc's grows with every run. The
 * helper's return no longer walks the new version to find that it cannot move
 * (emit-deep-move.ts (D4'')): `book` cost 1.11× solc viaIR's gas before. A list grown by a
 * helper that may hand the list back (`distinct`) is no persistent update: its walks would
 * cost 0.71 → 0.82× solc viaIR's gas. sol-fixtures.test.ts runs the fixture's calls against
 * solc, lifetime off and on.
 */
import { describe, expect, it } from 'vitest';
import { peaksOf } from './sol-peaks.js';

describe('persistent updates in a loop', () => {
  it('keep memory flat in n (solc\'s grows) and cost less gas than solc viaIR', async () => {
    const run = await peaksOf('lifetimes_persistent.sol', 'Persistent');
    for (const [fn, gasShare] of [['book', 0.8], ['versions', 0.9]] as const) {
      const small = await run(fn, 400);
      const large = await run(fn, 1000);
      expect(large.ours.gas / large.solc.gas, fn).toBeLessThan(gasShare);
      expect(large.solc.peak / small.solc.peak, fn).toBeGreaterThan(2);
      expect(large.ours.peak, fn).toBeLessThanOrEqual(small.ours.peak * 1.1);
      expect(large.ours.peak / large.lowerBound, fn).toBeLessThanOrEqual(20);
    }
    const fresh = await run('distinctFresh', 1000);
    expect(fresh.ours.peak / fresh.lowerBound).toBeLessThanOrEqual(10);
    expect(fresh.ours.gas / fresh.solc.gas).toBeLessThan(0.9);
    const distinct = await run('distinct', 1000);
    expect(distinct.ours.gas / distinct.solc.gas).toBeLessThan(0.75);
  });
});
