/**
 * Slots an inner loop neither writes nor writes through (releases.ts (R5)), on
 * test-fixtures/sol/lifetimes_outer_slots.sol: an outer array the outer loop stores each run's
 * string into holds only older memory during the inner loop, so the inner loop appends in
 * place and releases every iteration; where the inner loop stores into the array, directly or
 * through a callee (given the array, or a struct that reaches it), it does not. On the EVM the
 * results are solc viaIR's and the memory of `chunked` grows with its output only.
 * sol-fixtures.test.ts runs the listed calls against solc, lifetime off and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_outer_slots.sol');
const sources = { 'lifetimes_outer_slots.sol': readFileSync(FILE, 'utf8') };
const CONTRACT = 'LifetimesOuterSlots';

describe('outer slots an inner loop does not write through', () => {
  const on = compileToBytecode({ sources, contract: CONTRACT, lifetime: true });

  it('appends in place only where nothing in the inner loop may store into the outer array', () => {
    expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const appendNotes = (fn: string) =>
      on.lifetime!.entries.filter((e) => e.func.startsWith(`${fn}_`) && e.op.name === 'sol.encode').flatMap((e) => e.released);
    expect(appendNotes('chunked').some((r) => r.startsWith('appended in place'))).toBe(true);
    expect(appendNotes('chunked').some((r) => r.startsWith('moved down to the loop\'s mark at the end of each iteration'))).toBe(true);
    for (const fn of ['storedInside', 'storedByCall', 'storedThroughStruct', 'storedThroughHolder']) {
      expect(appendNotes(fn).some((r) => r.startsWith('appended in place') || r.includes('each iteration')), fn).toBe(false);
    }
  });

  it('gives solc viaIR results; the built strings are the only memory that grows', async () => {
    const a = solcCompiler(true)(sources, CONTRACT);
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    const run = (bytecode: string, fn: string, n: number) => deployAndCall(bytecode, iface.encodeFunctionData(fn, [n]));
    for (const fn of ['chunked', 'storedInside', 'storedByCall', 'storedThroughStruct', 'storedThroughHolder']) {
      for (const n of [3, 64]) {
        const [ref, ours] = [await run(a.bytecode, fn, n), await run(on.bytecode, fn, n)];
        expect(ref.success, `${fn}(${n})`).toBe(true);
        expect(ours.returnData, `${fn}(${n})`).toBe(ref.returnData);
        // solc copies the whole string at every step: quadratic; in place it is the strings once
        if (fn === 'chunked' && n === 64) expect(ref.peakMemoryBytes, `${fn}(${n})`).toBeGreaterThan(10 * ours.peakMemoryBytes);
      }
    }
  });
});
