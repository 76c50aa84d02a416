/**
 * Rooted releases (packages/sol/LIFETIME.md, "Release points" (R7), "Deep moves" (D9)), on
 * test-fixtures/sol/lifetimes_rooted.sol: a loop whose survivors are the flat objects the
 * fields of a struct older than the loop hold (a helper or the loop itself replacing them by
 * larger copies) slides them down to its mark at each iteration's end. On the EVM the results
 * are solc viaIR's, and the peak memory stays near what is live:
 *  - `columns`: two arrays and a byte string grown by doubling in helpers, a temporary per
 *    iteration;
 *  - `direct`: an array member replaced in the loop body, next to a temporary string;
 *  - `shared`: two fields holding one array (it moves once, both see the move);
 *  - `older`: a field switched between an array older than the loop and new ones;
 *  - `rows`: a static array of dynamic arrays whose rows are replaced in turn.
 * And a contract whose lifetime code would need more than solc's 16 stack slots in one
 * function compiles without it, with a warning. sol-fixtures.test.ts runs the listed calls
 * against solc, lifetime off and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_rooted.sol');
const sources = { 'lifetimes_rooted.sol': readFileSync(FILE, 'utf8') };
const CONTRACT = 'LifetimesRooted';

describe('rooted releases', () => {
  const on = compileToBytecode({ sources, contract: CONTRACT, lifetime: true });
  const off = compileToBytecode({ sources, contract: CONTRACT, lifetime: false });

  it('slides the members each loop replaces', () => {
    expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const slid = (fn: string) => on.lifetime!.entries.filter((e) => e.func.startsWith(`${fn}_`) && e.released.some((r) => r.startsWith('slid down to the loop\'s mark')));
    for (const fn of ['columns', 'direct', 'shared', 'older', 'rows']) expect(slid(fn).length, fn).toBeGreaterThan(0);
    expect(on.yul).toMatch(/keep_rooted_/);
  });

  it('gives solc viaIR results, with the peak memory of what is live', async () => {
    const a = solcCompiler(true)(sources, CONTRACT);
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    const run = (bytecode: string, fn: string, n: number) => deployAndCall(bytecode, iface.encodeFunctionData(fn, [n]));
    const n = 200;
    for (const fn of ['columns', 'direct', 'shared', 'older', 'rows']) {
      const [ref, ours, unopt] = [await run(a.bytecode, fn, n), await run(on.bytecode, fn, n), await run(off.bytecode, fn, n)];
      expect(ref.success, fn).toBe(true);
      expect(ours.returnData, fn).toBe(ref.returnData);
      expect(unopt.returnData, fn).toBe(ref.returnData);
      const words = (ours.peakMemoryBytes - 0x80) / 32;
      // what is live, plus what the amortised slide lets pile up before it runs (emit-deep-move.ts
      // (D9')): a quarter of what it kept, or what pays for a slide of k fields (S = 100 + 60k +
      // 60k² gas) at 3 gas a word — the most it is, with memory this small
      const slack = (live: number, k: number) => Math.max(live / 4, (100 + 60 * k + 60 * k * k) / 3);
      // keys and sums double to cap: at the last doubling the old and new arrays of both
      // (3 cap + 4 words), the struct, the tag bytes (old and new, under 3n bytes) and a tag
      const cap = 2 ** Math.ceil(Math.log2(n));
      const columns = 3 * cap + 4 + 5 + 2 * Math.ceil((3 * n) / 32) + 16;
      if (fn === 'columns') expect(words, fn).toBeLessThanOrEqual(columns + slack(2 * cap, 3));
      // the array grows to 2·len + 1 (len = 191 → 383); after the loop it and its packed
      // encoding (one word an element, plus hits) are live together
      if (fn === 'direct') expect(words, fn).toBeLessThanOrEqual(2 * (383 + 1) + 8 + slack(384, 1));
      // one array of at most 5 elements (held by both fields), a scratch array of at most 7,
      // the struct
      if (fn === 'shared') expect(words, fn).toBeLessThanOrEqual(6 + 8 + 2 + 8 + slack(6, 2));
      // the older array (4 words), the struct, the packed temporary (3), a new array (at most 5)
      if (fn === 'older') expect(words, fn).toBeLessThanOrEqual(4 + 2 + 3 + 5 + 8 + slack(5, 1));
      // the three rows (n elements and 3 lengths), the replaced row and its copy one longer,
      // the static array and the encoded temporary
      if (fn === 'rows') expect(words, fn).toBeLessThanOrEqual(n + 3 + Math.ceil(n / 3) + 2 + 3 + 3 + 8 + slack(n + 3, 3));
    }
    // the amortised slide costs a compare a run: no call above solc viaIR's gas at n = 1000,
    // also where fields are replaced in most runs (older, shared)
    for (const fn of ['columns', 'direct', 'shared', 'older']) {
      expect((await run(on.bytecode, fn, 1000)).gasUsed, fn).toBeLessThanOrEqual((await run(a.bytecode, fn, 1000)).gasUsed * 1.02);
    }
  });

  it('compiles without lifetime code where it would leave a function too deep for solc', async () => {
    // a recursive function (solc moves no variable of it to memory) with seven locals live
    // across loops whose releases keep strings: with the marks and kept slots it needs more
    // than 16 stack slots, without them it compiles
    const locals = Array.from({ length: 7 }, (_, i) => `uint256 a${i} = n + ${i};`).join(' ');
    const mix = Array.from({ length: 7 }, (_, i) => `a${i} += a${(i + 1) % 7} ^ i;`).join(' ');
    const extra = [0, 1].map((e) => `string memory s${e} = ""; for (uint256 i; i < n; i++) { s${e} = string.concat(s${e}, "y"); a${e} += i; } r += bytes(s${e}).length;`).join('\n');
    const src = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Deep {
    struct B { uint256[] xs; }
    function g(uint256 n, uint256 d) internal pure returns (uint256 r) {
        ${locals}
        B memory b;
        b.xs = new uint256[](1);
        string memory s = "";
        for (uint256 i; i < n; i++) {
            uint256[] memory t = new uint256[](b.xs.length + 1);
            for (uint256 j; j < b.xs.length; j++) t[j] = b.xs[j] + i;
            b.xs = t;
            s = string.concat(s, "x");
            ${mix}
        }
        ${extra}
        r += ${Array.from({ length: 7 }, (_, i) => `a${i}`).join(' + ')} + b.xs.length + bytes(s).length;
        if (d > 0) r += g(n / 2, d - 1);
    }
    function f(uint256 n) external pure returns (uint256) { return g(n, 3); }
}`;
    const deep = { 'deep.sol': src };
    const r = compileToBytecode({ sources: deep, contract: 'Deep', lifetime: true });
    expect(r.errors.filter((e) => e.severity === 'error')).toEqual([]);
    expect(r.errors.map((e) => e.message).join('\n')).toMatch(/lifetime optimization not applied to Deep: .*too deep/);
    const a = solcCompiler(true)(deep, 'Deep');
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const data = new Interface(a.abi as never).encodeFunctionData('f', [9]);
    expect((await deployAndCall(r.bytecode, data)).returnData).toBe((await deployAndCall(a.bytecode, data)).returnData);
  });
});
