/**
 * Compaction at allocations in loops whose iterations are released as a whole
 * (packages/sol/LIFETIME.md 4' (B'')), on test-fixtures/sol/lifetimes_compaction_cost.sol:
 * there a move lowers one iteration's peak once but costs every iteration, so it is made only
 * when an iteration runs a loop of its own. Neither loop of the fixture does: with a
 * compaction before each allocation `records` cost 1.21× and `capitals` 1.12× solc viaIR's gas
 * at n = 1000; without, 0.94× and 0.92×, and their memory still stays flat (each iteration's is
 * released at its end). sol-fixtures.test.ts runs the listed calls against solc, lifetime off
 * and on.
 */
import { describe, expect, it } from 'vitest';
import { peaksOf } from './sol-peaks.js';

describe('compaction at allocations in released iterations', () => {
  it('costs no more gas than solc viaIR at n = 1000, and memory stays flat', async () => {
    const run = await peaksOf('lifetimes_compaction_cost.sol', 'CompactionCost');
    for (const fn of ['records', 'capitals']) {
      const { solc, ours } = await run(fn, 1000);
      expect(ours.gas, fn).toBeLessThanOrEqual(solc.gas * 1.02);
      // solc's memory grows by every iteration's record or word (over 200 KB here)
      expect(ours.peak, fn).toBeLessThan(1024);
    }
  });
});
