/**
 * Static zero elements, sliding moves and roots moved alone (packages/sol/LIFETIME.md,
 * "Shared zero elements", "Deep moves" (D7'), "Release points" (R4'), (R5')), on
 * test-fixtures/sol/lifetimes_static_zero.sol. On the EVM the results are solc viaIR's, and:
 *  - `sorted`: the merge sort's halves are freed at each level (each level's `out` array holds
 *    only the caller's structs, so it moves alone and what lies above it goes);
 *  - `soaSum`: the struct of arrays slides down over the three temporaries built before it;
 *  - `zeros`: elements never replaced read as zero, nested ones included;
 *  - `sparse`: an array holding static zero elements moves down over a large temporary;
 *  - `collect`: a doubling array of strings is not walked at every iteration.
 * sol-fixtures.test.ts runs the listed calls against solc, lifetime off and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_static_zero.sol');
const sources = { 'lifetimes_static_zero.sol': readFileSync(FILE, 'utf8') };
const CONTRACT = 'LifetimesStaticZero';

describe('static zero elements, sliding moves, roots moved alone', () => {
  const on = compileToBytecode({ sources, contract: CONTRACT, lifetime: true });
  const off = compileToBytecode({ sources, contract: CONTRACT, lifetime: false });

  it('frees the sort halves and the temporaries under the struct of arrays', () => {
    expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const freed = (fn: string, name: string) => on.lifetime!.entries.filter((e) => e.func.startsWith(`${fn}_`) && e.op.name === name
      && e.released.some((r) => r.startsWith('freed on return')));
    expect(freed('_sort', 'sol.call')).toHaveLength(2);
    expect(freed('_soa', 'sol.malloc')).toHaveLength(3);
  });

  it('leaves the memory from 0x80 as solc lays it out in a contract with assembly that is not memory-safe', async () => {
    // such assembly may use fixed addresses there: no static zero region, no shared zero elements
    const src = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract UnsafeAsm {
    struct P { uint256 k; uint256 v; }
    function raw() external pure returns (uint256 w) { assembly { mstore(0x80, 7) w := mload(0x80) } }
    function ps(uint256 n) external pure returns (uint256 s) {
        P[] memory a = new P[](n);
        for (uint256 i = 0; i < n; i += 2) a[i] = P(i, i + 1);
        for (uint256 i = 0; i < n; i++) s += a[i].k * 3 + a[i].v;
    }
}`;
    const unsafe = { 'unsafe.sol': src };
    const r = compileToBytecode({ sources: unsafe, contract: 'UnsafeAsm', lifetime: true });
    expect(r.errors.filter((e) => e.severity === 'error')).toEqual([]);
    expect(r.lifetime!.entries.some((e) => e.released.some((x) => x.includes('shared zero element')))).toBe(false);
    expect(r.yul).not.toMatch(/allocate_and_zero_shared/);
    const a = solcCompiler(true)(unsafe, 'UnsafeAsm');
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    for (const [fn, args] of [['raw', []], ['ps', [9]]] as const) {
      const data = iface.encodeFunctionData(fn, [...args]);
      expect((await deployAndCall(r.bytecode, data)).returnData, fn).toBe((await deployAndCall(a.bytecode, data)).returnData);
    }
  });

  it('gives solc viaIR results, with the peak memory the mechanisms allow', async () => {
    const a = solcCompiler(true)(sources, CONTRACT);
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    const run = (bytecode: string, fn: string, n: number) => deployAndCall(bytecode, iface.encodeFunctionData(fn, [n]));
    const n = 200;
    const log2 = Math.ceil(Math.log2(n));
    for (const fn of ['sorted', 'soaSum', 'zeros', 'collect', 'sparse']) {
      const [ref, ours, unopt] = [await run(a.bytecode, fn, n), await run(on.bytecode, fn, n), await run(off.bytecode, fn, n)];
      expect(ref.success, fn).toBe(true);
      expect(ours.returnData, fn).toBe(ref.returnData);
      expect(unopt.returnData, fn).toBe(ref.returnData);
      const words = (ours.peakMemoryBytes - 0x80) / 32;
      // the n structs and their array (3n + 1 words), then either the sort's arrays on the current
      // path and the finished left halves (about 3n, two words of slack per level) or the result
      // and its encoding (3n + 3); a few words for the static zero element and scratch
      if (fn === 'sorted') expect(words, fn).toBeLessThanOrEqual(6 * n + 4 * log2 + 32);
      // m = n + 1: the first struct of arrays (2m + 5 words) never lies above its three
      // temporaries once returned, so the peak is one call's own: 5(m + 1) + 3 words
      if (fn === 'soaSum') expect(words, fn).toBeLessThanOrEqual(5 * (n + 2) + 3 + 16);
      // the first call's scratch (16n + 2 words) under its array (n + 1) and the replaced
      // elements (2 words for one in three) is the peak: the array moves down over it, the
      // static zero elements staying where they are, before the second call takes it again
      if (fn === 'sparse') expect(words, fn).toBeLessThanOrEqual(16 * n + 2 + (n + 1) + 2 * Math.ceil(n / 3) + 48);
      // the growing array is not walked every iteration: no more gas than without lifetimes
      if (fn === 'collect') expect(ours.gasUsed, fn).toBeLessThanOrEqual(unopt.gasUsed * 1.02);
    }
  });
});
