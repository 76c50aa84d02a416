/**
 * A loop that replaces an array of strings only in the runs that reach the end of its body
 * (test-fixtures/sol/lifetimes_continue_keep.sol: the others `continue` first) does not keep
 * the array at every end of a run (packages/sol/src/lifetime/releases.ts (R4'): a graph with
 * an array of addresses is kept only when every run that completes replaces it). Keeping it
 * walked the array at each `continue`: 1.85× solc viaIR's gas at n = 1000, 0.65× without.
 * sol-fixtures.test.ts runs the fixture's calls against solc, lifetime off and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_continue_keep.sol');
const sources = { 'lifetimes_continue_keep.sol': readFileSync(FILE, 'utf8') };
const CONTRACT = 'ContinueKeep';

describe('keeps in loops that continue before replacing', () => {
  it('cost no more gas than solc viaIR at n = 1000', async () => {
    const on = compileToBytecode({ sources, contract: CONTRACT, lifetime: true });
    expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const ref = solcCompiler(true)(sources, CONTRACT);
    if (!ref.ok) throw new Error(ref.errors.join('\n'));
    const data = new Interface(ref.abi as never).encodeFunctionData('tally', [1000]);
    const [solc, ours] = [await deployAndCall(ref.bytecode, data), await deployAndCall(on.bytecode, data)];
    expect(solc.success).toBe(true);
    expect(ours.returnData).toBe(solc.returnData);
    expect(ours.gasUsed).toBeLessThanOrEqual(solc.gasUsed * 1.02);
  });
});
