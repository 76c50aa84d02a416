/**
 * A loop that replaces an array of strings only in the runs that reach the end of its body
 * (test-fixtures/sol/lifetimes_continue_keep.sol: the others `continue` first) does not keep
 * the array at every end of a run (packages/sol/src/lifetime/releases.ts (R4'): a graph with
 * an array of addresses is kept only when every run that completes replaces it). Keeping it
 * walked the array at each `continue`: 1.85× solc viaIR's gas at n = 1000, 0.65× without.
 * sol-fixtures.test.ts runs the fixture's calls against solc, lifetime off and on.
 */
import { describe, expect, it } from 'vitest';
import { peaksOf } from './sol-peaks.js';

describe('keeps in loops that continue before replacing', () => {
  it('cost no more gas than solc viaIR at n = 1000', async () => {
    const { solc, ours } = await (await peaksOf('lifetimes_continue_keep.sol', 'ContinueKeep'))('tally', 1000);
    expect(ours.gas).toBeLessThanOrEqual(solc.gas * 1.02);
  });
});
