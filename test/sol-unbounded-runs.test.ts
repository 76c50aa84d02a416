/**
 * Unbounded runs (packages/sol/src/lifetime/unbounded-runs.ts): static allocations written at
 * offsets from a free-pointer mark without moving it, and the reserve before the first op that
 * allocates or writes at the free pointer while a run object is live. The contract keeps the
 * free pointer (a dynamic allocation), and each function puts a live run object next to one
 * kind of free-pointer user: a call that allocates, an event, a storage keccak (copied to the
 * free pointer), a string mapping key, revert data, an encoder; run against solc viaIR.
 */
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { printOp } from '@lifeline/ir';
import { compileToBytecode } from '@lifeline/solidity';
import { compareVariants, solcCompiler, type Call } from './sol-oracle.js';
import { LIFELINE_VARIANTS } from './sol-ours.js';

const SRC = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract R {
  struct P { uint256 x; uint256 y; }
  event E(string s, uint256 v);
  mapping(string => uint256) counts;
  string stored = "a stored string that is longer than thirty-two bytes";
  function grow(uint256 n) internal pure returns (uint256[] memory a) { a = new uint256[](n); a[0] = n; }
  function acrossCall(uint256 n) external pure returns (uint256) {
    P memory p = P(n, n + 1);
    uint256[3] memory t;
    t[2] = n;
    uint256[] memory g = grow(n % 5 + 1);
    return p.x + p.y + t[2] + g[0] + g.length;
  }
  function acrossEvent(uint256 n) external returns (uint256) {
    string memory s = "run literal, two words long at least, for the event";
    P memory p = P(n, 2 * n);
    emit E(s, p.y);
    return bytes(s).length + p.x + p.y;
  }
  function acrossStorageHash(uint256 n) external view returns (bytes32, uint256) {
    P memory p = P(n, 3);
    bytes32 h = keccak256(bytes(stored));
    return (h, p.x * p.y);
  }
  function acrossMappingKey(uint256 n) external returns (uint256) {
    string memory k = "key";
    P memory p = P(n, 5);
    counts[k] += p.y;
    return counts[k] + p.x + bytes(k).length;
  }
  function revertWithRunString(uint256 n) external pure returns (uint256) {
    string memory why = "a reason built in a run, longer than one word";
    P memory p = P(n, 7);
    if (n > 3) revert(why);
    return p.x + p.y;
  }
  function encodeAfterRun(uint256 n) external pure returns (bytes memory, uint256) {
    P memory p = P(n, 9);
    uint256[2] memory t = [n, n * 2];
    bytes memory b = abi.encode(p.x, t[1], "tail");
    return (b, p.y + t[0]);
  }
  function loopRuns(uint256 n) external pure returns (uint256 acc) {
    for (uint256 i = 0; i < n; i++) {
      P memory p = P(i, acc);
      uint256[2] memory t;
      t[1] = p.x + p.y;
      acc = t[1] + uint256(keccak256(abi.encodePacked(p.x, t[1]))) % 7;
    }
  }
}
`;

describe('unbounded runs', () => {
  it('gives static allocations offsets from marks and reserves only where a run object is live', () => {
    const out = compileToBytecode({ sources: { 'r.sol': SRC }, lifetime: true });
    const errors = out.errors.filter((e) => e.severity === 'error');
    expect(errors).toEqual([]);
    const sol = printOp(out.module!);
    expect(out.lifetime!.staticFrames.placed).toEqual([]);
    expect(sol).toMatch(/sol\.malloc( zero_init)? at %mark\w* \{offset = 0 : i64\}/);
    expect(sol).toMatch(/at %mark\w* \{offset = 64 : i64\}/);
    expect(sol).toMatch(/sol\.reserve %mark\w* \{size = \d+ : i64\}/);
  });

  it('behaves as solc viaIR on the EVM (lifetime off and on)', async () => {
    const sources = { 'r.sol': SRC };
    const a = solcCompiler(true)(sources, 'R');
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    const fns = ['acrossCall', 'acrossEvent', 'acrossStorageHash', 'acrossMappingKey', 'revertWithRunString', 'encodeAfterRun', 'loopRuns'];
    const calls: Call[] = [0, 1, 4, 9].flatMap((n) => fns.map((f) => ({ calldata: iface.encodeFunctionData(f, [n]), label: `${f}(${n})` })));
    const variants: Record<string, string> = {};
    for (const [name, compile] of Object.entries(LIFELINE_VARIANTS)) {
      const b = compile(sources, 'R');
      if (!b.ok) throw new Error(`${name}: ${b.errors.join('\n')}`);
      variants[name] = b.bytecode;
    }
    const cmps = await compareVariants(a.bytecode, variants, calls, { gasLimit: 30_000_000 });
    const bad = Object.entries(cmps).flatMap(([name, c]) => c.mismatches.map((m) => `${name} ${m.label}: ${m.differences.join(',')}`));
    expect(bad).toEqual([]);
    // the only reverts are the ones revertWithRunString is written to make
    expect(cmps['lifetime-on']!.calls.filter((c) => !c.a.success).map((c) => c.label)).toEqual(['revertWithRunString(4)', 'revertWithRunString(9)']);
  });
});
