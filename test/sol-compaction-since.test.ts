/**
 * Compaction at an allocation when points-to says more may hold the survivor than can
 * (packages/sol/src/lifetime/compaction.ts (K2), (K5), (K6)), on
 * test-fixtures/sol/lifetimes_compaction_since.sol: a local string built from temporaries is
 * moved down over them before the next allocation, though the outer array that will hold it
 * reaches it for points-to; where the array's element (directly or through a callee) was
 * written to hold it first, it stays. On the EVM the results are solc viaIR's, and `params`
 * gives back the two temporaries of each iteration.
 * sol-fixtures.test.ts runs the listed calls against solc, lifetime off and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_compaction_since.sol');
const sources = { 'lifetimes_compaction_since.sol': readFileSync(FILE, 'utf8') };
const CONTRACT = 'LifetimesCompactionSince';

describe('compaction at an allocation, with what was written since the mark', () => {
  const on = compileToBytecode({ sources, contract: CONTRACT, lifetime: true });

  it('moves the key down only where nothing older was written to hold it', () => {
    expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const moved = (fn: string) => on.lifetime!.entries.some((e) => e.func.startsWith(`${fn}_`) && e.op.name === 'sol.concat'
      && e.released.some((r) => r.includes('(compaction at an allocation)')));
    expect(moved('params')).toBe(true);
    expect(moved('writtenFirst')).toBe(false);
    expect(moved('storedByCall')).toBe(false);
  });

  it('gives solc viaIR results; params gives back the literal and the number of each iteration', async () => {
    const a = solcCompiler(true)(sources, CONTRACT);
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    const run = (bytecode: string, fn: string, n: number) => deployAndCall(bytecode, iface.encodeFunctionData(fn, [n]));
    const n = 200;
    for (const fn of ['params', 'writtenFirst', 'storedByCall']) {
      const [ref, ours] = [await run(a.bytecode, fn, n), await run(on.bytecode, fn, n)];
      expect(ref.success, fn).toBe(true);
      expect(ours.returnData, fn).toBe(ref.returnData);
      // "even"/"odd" and itoa(7i) are under 32 bytes: two words each, every iteration but the last
      if (fn === 'params') expect(ref.peakMemoryBytes - ours.peakMemoryBytes).toBeGreaterThanOrEqual(128 * (n - 1));
    }
  });
});
