/**
 * Iteration releases at the end of the branch that allocates (packages/sol/src/lifetime/
 * releases.ts (I')), on test-fixtures/sol/lifetimes_branch_release.sol: a loop whose only
 * allocations lie in a branch (`if (count == cap) { bigger = …; found = bigger; }`) releases,
 * keeping its survivor, at that branch's end instead of at every iteration's end; a scratch
 * array made in the branch and read after it keeps the release at the iteration's end. On the
 * EVM the results are solc viaIR's, and the iterations that take no branch cost nothing more
 * than with the lifetime passes off.
 * sol-fixtures.test.ts runs the listed calls against solc, lifetime off and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solIrByFunction, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_branch_release.sol');
const sources = { 'lifetimes_branch_release.sol': readFileSync(FILE, 'utf8') };
const CONTRACT = 'LifetimesBranchRelease';
// a release keeping a slot as the last op of a branch, and one in a `for` loop's step region
const AT_BRANCH_END = /sol\.free %mark\w* keep\([^\n]*\n\s*sol\.yield\n\s*\}\n/;
const AT_STEP = /step \{[^}]*sol\.free %mark\w* keep\(/;

describe('iteration releases at the end of the branch that allocates', () => {
  const on = compileToBytecode({ sources, contract: CONTRACT, lifetime: true });
  const off = compileToBytecode({ sources, contract: CONTRACT, lifetime: false });

  it('releases in the branch only where nothing it allocated is read after it', () => {
    expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const perFunction = solIrByFunction(on.module!);
    expect(perFunction.get('doubling')!).toMatch(AT_BRANCH_END);
    expect(perFunction.get('doubling')!).not.toMatch(AT_STEP);
    expect(perFunction.get('doubling')!.match(/ keep\(/g)?.length).toBe(1);
    expect(perFunction.get('twoBranches')!.match(/ keep\(/g)?.length).toBe(2);
    expect(perFunction.get('twoBranches')!).not.toMatch(AT_STEP);
    expect(perFunction.get('readAfter')!).toMatch(AT_STEP);
  });

  it('gives solc viaIR results, and a loop that rarely allocates costs no more gas than with lifetimes off', async () => {
    const a = solcCompiler(true)(sources, CONTRACT);
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    const run = (bytecode: string, fn: string, n: number) => deployAndCall(bytecode, iface.encodeFunctionData(fn, [n]));
    for (const fn of ['doubling', 'twoBranches', 'readAfter']) {
      const gas: Record<string, number[]> = { on: [], off: [] };
      for (const n of [50, 400]) {
        const [ref, ours, plain] = [await run(a.bytecode, fn, n), await run(on.bytecode, fn, n), await run(off.bytecode, fn, n)];
        expect(ours.returnData, `${fn}(${n})`).toBe(ref.returnData);
        gas.on!.push(ours.gasUsed);
        gas.off!.push(plain.gasUsed);
        // solc keeps every array the loop outgrew; the release keeps only the last
        if (fn === 'doubling') expect(ours.peakMemoryBytes, `${fn}(${n}) peak`).toBeLessThan(ref.peakMemoryBytes);
      }
      // 350 more iterations, 7 more growths (each moving the new array down): within 2% of the
      // gas without the release (23% more when it ran at every iteration's end)
      if (fn === 'doubling') expect(gas.on![1]! - gas.on![0]!, 'gas of 350 more iterations').toBeLessThanOrEqual(1.02 * (gas.off![1]! - gas.off![0]!));
    }
  });
});
