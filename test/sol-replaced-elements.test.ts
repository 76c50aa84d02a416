/**
 * Loops that replace an element of an older array (or a member of a struct one holds) with a
 * grown copy a helper returns (test-fixtures/sol/lifetimes_replaced_elements.sol; packages/sol
 * releases.ts `replacesElements`): a traced release by default. Before, each replaced copy
 * stayed, as with solc: at n = 1000 (300 replacements) `rows` peaked at 30.2× the lower bound,
 * `buckets` 37.1×, `keepsOld` 17.9×; now 1.59, 1.56 and 1.51×, below solc viaIR's gas. The
 * fixture's calls (and `distinct`, a counter index, which gets no traced release) run against
 * solc in sol-fixtures.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { peaksOf } from './sol-peaks.js';

describe('loops that replace elements of an older array with grown copies', () => {
  it('a traced release gives the old copies back: peak near the lower bound, less gas than solc viaIR', async () => {
    const run = await peaksOf('lifetimes_replaced_elements.sol', 'ReplacedElements');
    for (const fn of ['rows', 'buckets', 'keepsOld']) {
      const r = await run(fn, 1000);
      expect(r.solc.peak / r.lowerBound, fn).toBeGreaterThan(10);
      expect(r.ours.peak / r.lowerBound, fn).toBeLessThanOrEqual(1.8);
      expect(r.ours.gas / r.solc.gas, fn).toBeLessThan(0.85);
    }
  });
});
