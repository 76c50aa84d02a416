/**
 * A recursive merge sort of structs (test-fixtures/sol/lifetimes_sorted_structs.sol): each
 * level's temporary halves hold zero structs of their own, which points-to keeps apart from
 * the arrays (packages/analyses points-to (C1')), so the halves die at each return while the
 * sorted array — the caller's structs — moves down alone (packages/sol emit-deep-move.ts
 * (D4')). Before, every level's temporaries stayed: at n = 400 `sortedDigest` peaked at 11.5×
 * the live-bytes lower bound measured on solc's own run (solc: 12.7×), now at 2.0× (`resorted`,
 * three sorts: solc 33.8×, now 2.4×). sol-fixtures.test.ts runs the fixture's calls against
 * solc, lifetime off and on.
 */
import { describe, expect, it } from 'vitest';
import { peaksOf } from './sol-peaks.js';

describe('a recursive merge sort of structs', () => {
  it('gives its temporaries back at each return: peak within 2.5× the live-bytes lower bound at n = 400', async () => {
    const run = await peaksOf('lifetimes_sorted_structs.sol', 'SortedStructs');
    for (const fn of ['sortedDigest', 'resorted']) {
      const { solc, ours, lowerBound } = await run(fn, 400);
      expect(solc.peak / lowerBound, fn).toBeGreaterThan(5);
      expect(ours.peak / lowerBound, fn).toBeLessThanOrEqual(2.5);
      expect(ours.gas, fn).toBeLessThan(solc.gas * 0.8);
    }
  });
});
