/**
 * Runs of a loop that keep a candidate only under a condition (top-k selection), on
 * test-fixtures/sol/lifetimes_sealed_runs.sol (packages/sol/src/lifetime/dead-runs.ts (D1')):
 * the run's mark is a stack word moved up to the free pointer after each op that may keep
 * what the run made, so a run that kept nothing gives it all back. Results are solc viaIR's
 * (near misses: new memory given to a kept candidate after the selection, a helper keeping it
 * or making what it keeps, an inner loop that runs again); memory stays flat in n where few
 * candidates are kept. sol-fixtures.test.ts also runs the listed calls, lifetime off and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_sealed_runs.sol');
const sources = { 'lifetimes_sealed_runs.sol': readFileSync(FILE, 'utf8') };
const CONTRACT = 'LifetimesSealedRuns';
const FNS = ['topThree', 'retagAfter', 'retagInner', 'viaHelper', 'keepCopy', 'helperMakes', 'helperKeepsNew', 'skipsAndWrites'];

describe('runs that keep a candidate only under a condition', () => {
  const on = compileToBytecode({ sources, contract: CONTRACT, lifetime: true });

  it('gives solc viaIR results; a run that keeps nothing gives back what it made', async () => {
    expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const sealed = (fn: string) => on.lifetime!.entries.some((e) => e.func.startsWith(`${fn}_`) && e.released.some((r) => r.includes('leaves having stored none')));
    for (const fn of ['topThree', 'viaHelper', 'keepCopy', 'helperKeepsNew', 'skipsAndWrites']) expect(sealed(fn), fn).toBe(true);
    const a = solcCompiler(true)(sources, CONTRACT);
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    const run = (bytecode: string, fn: string, n: number) => deployAndCall(bytecode, iface.encodeFunctionData(fn, [n]));
    for (const fn of FNS) {
      for (const n of [0, 5, 150]) {
        const [ref, ours] = [await run(a.bytecode, fn, n), await run(on.bytecode, fn, n)];
        expect(ref.success, fn).toBe(true);
        expect(ours.returnData, `${fn}(${n})`).toBe(ref.returnData);
      }
    }
    // few candidates are kept: memory grows by them only, where solc's keeps every candidate
    for (const fn of ['topThree', 'viaHelper', 'skipsAndWrites']) {
      const [small, large, ref] = [await run(on.bytecode, fn, 100), await run(on.bytecode, fn, 400), await run(a.bytecode, fn, 400)];
      expect(large.peakMemoryBytes, fn).toBeLessThan(small.peakMemoryBytes * 2);
      expect(large.peakMemoryBytes * 10, fn).toBeLessThan(ref.peakMemoryBytes);
      expect(large.gasUsed, fn).toBeLessThan(ref.gasUsed * 0.8);
    }
  });
});
