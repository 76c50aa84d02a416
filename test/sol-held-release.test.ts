/**
 * Objects an outer array holds (packages/sol/src/lifetime/held-release.ts), on
 * test-fixtures/sol/lifetimes_held.sol: the loops whose new object only one element of an
 * outer array holds get `sol.displace` before the store and `sol.free_held` at the region's
 * end, the others (another holder, a second store, a store in a nested loop, a choice of two
 * objects) do not; on the EVM the results are solc viaIR's while peak memory stops growing
 * with n where the objects are of one size (solc's grows by every iteration's object).
 * sol-fixtures.test.ts runs the listed calls against solc, lifetime off and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solIrByFunction, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_held.sol');
const sources = { 'lifetimes_held.sol': readFileSync(FILE, 'utf8') };
const REUSED = ['grid', 'ring', 'sizes', 'pairs', 'points', 'fillLabels', 'nodes', 'sharedKids', 'readOld', 'skips', 'rounds', 'keptStart', 'branches', 'branchesTemp', 'readAfterBranch'];
// `fill` and `evens` write each element once and allocate nothing else: nothing would be given back
const NOT_REUSED = ['fill', 'evens', 'alsoLocal', 'twice', 'twoHolders', 'inner', 'otherKept', 'choice', 'kidsKept', 'bothStored'];

describe('releases of objects an outer array holds', () => {
  const on = compileToBytecode({ sources, contract: 'LifetimesHeld', lifetime: true });

  it('records the displaced object and releases around it only where the array is the one holder', () => {
    expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const perFunction = solIrByFunction(on.module!);
    for (const fn of REUSED) {
      const ir = perFunction.get(fn)!;
      expect(ir, fn).toMatch(/sol\.displace %\w+ into %slot\w*, %slot\w* : !sol\.ptr<[^\n]*, Memory>\n\s*sol\.store/);
      expect(ir, fn).toMatch(/sol\.free_held %mark\w*, %mark\w* held\(%slot\w*, %slot\w*\) \{(direct, )?held = /);
    }
    // the store in points always runs and nothing else writes the array; grid's runs under an `if`
    expect(perFunction.get('points')!).toMatch(/sol\.free_held [^\n]*\{direct, /);
    expect(perFunction.get('grid')!).not.toMatch(/\{direct, /);
    // (H7) branches allocates only in the branches that store: each releases at its own end,
    // from a mark read there, knowing that its store ran
    const records = (fn: string) => [...perFunction.get(fn)!.matchAll(/sol\.displace %\w+ into (%slot\w*, %slot\w*)/g)].map((m) => m[1]);
    const atBranchEnd = /sol\.displace [^\n]*\n\s*sol\.store [^\n]*\n\s*sol\.free_held [^\n]*\{direct, [^\n]*\n\s*sol\.yield\n/g;
    expect(records('branches').length).toBe(2);
    expect(records('branches')[1]).not.toBe(records('branches')[0]);
    expect(perFunction.get('branches')!.match(atBranchEnd)?.length).toBe(2);
    // (H6) with a temporary outside the branches, the two stores share one record released at the region's end
    expect(records('branchesTemp').length).toBe(2);
    expect(records('branchesTemp')[1]).toBe(records('branchesTemp')[0]);
    expect(perFunction.get('branchesTemp')!).not.toMatch(/\{direct, /);
    // a local reads the new row after its branch: not released there
    expect(perFunction.get('readAfterBranch')!).not.toMatch(/\{direct, /);
    for (const fn of NOT_REUSED) expect(perFunction.get(fn)!, fn).not.toMatch(/sol\.(displace|free_held)/);
    const notes = on.lifetime!.entries.filter((e) => e.func.startsWith('grid_')).flatMap((e) => e.released);
    expect(notes.some((r) => /^held by an element of an outer array/.test(r))).toBe(true);
  });

  it('gives solc viaIR results while memory stays flat for objects of one size', async () => {
    const a = solcCompiler(true)(sources, 'LifetimesHeld');
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    const run = (bytecode: string, fn: string, args: number[]) => deployAndCall(bytecode, iface.encodeFunctionData(fn, args));
    const shapes: [string, (n: number) => number[], number, number][] = [
      ['grid', (n) => [n], 20, 200], ['ring', (n) => [n, 3], 20, 200], ['pairs', (n) => [n], 24, 96],
      ['points', (n) => [n], 20, 200], ['readOld', (n) => [n], 20, 200], ['rounds', (n) => [n], 20, 200],
      ['keptStart', (n) => [n], 20, 200], ['branches', (n) => [n], 20, 200], ['branchesTemp', (n) => [n], 20, 200], ['readAfterBranch', (n) => [n], 20, 200], ['nodes', (n) => [n], 20, 200], ['sharedKids', (n) => [n], 20, 200], ['fillLabels', (n) => [n], 20, 200], ['skips', (n) => [n], 20, 200], ['sizes', (n) => [n], 20, 200],
    ];
    for (const [fn, args, small, big] of shapes) {
      const peaks: number[] = [];
      for (const n of [small, big]) {
        const ref = await run(a.bytecode, fn, args(n));
        const ours = await run(on.bytecode, fn, args(n));
        expect(ref.success, `${fn}(${n})`).toBe(true);
        expect(ours.returnData, `${fn}(${n})`).toBe(ref.returnData);
        peaks.push(ours.peakMemoryBytes);
        // fillLabels returns what it allocates: only its temporaries are given back
        const factor = fn === 'pairs' ? 1 : fn === 'fillLabels' ? 1.5 : 2;
        if (n === big) expect(ref.peakMemoryBytes, `${fn}(${n}) grows under solc`).toBeGreaterThan(factor * ours.peakMemoryBytes);
      }
      // pairs and fillLabels return a longer array for a larger n; `skips` keeps what the iterations that leave
      // early allocated, `sizes` each longer object that does not fit the one it displaces
      if (fn === 'pairs') expect(peaks[1], fn).toBeLessThan(2 * peaks[0]!);
      else if (!['skips', 'sizes', 'fillLabels', 'nodes', 'readAfterBranch'].includes(fn)) expect(peaks[1], fn).toBe(peaks[0]);
    }
  });
});
