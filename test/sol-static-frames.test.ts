/**
 * Static frames (packages/sol/src/lifetime/static-frames.ts): which contracts qualify
 * (clauses Q1–Q6), what the Yul of a placed contract does with the free pointer, and one
 * placed contract that stresses the layout (interfering sites, callee frames above live
 * caller memory, re-zeroing, packed encodings whose last word passes their end, string
 * literals, constant-length dynamic arrays) run against solc viaIR on the EVM.
 */
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { compareVariants, solcCompiler, type Call } from './sol-oracle.js';
import { LIFELINE_VARIANTS } from './sol-ours.js';

function frames(src: string) {
  const out = compileToBytecode({ sources: { 'a.sol': src }, lifetime: true });
  const errors = out.errors.filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage ?? e.message).join('\n'));
  const sf = out.lifetime!.staticFrames;
  return { placed: sf.placed.length > 0, rejected: [...sf.rejected.values()], yul: out.yul, module: out.module! };
}

const wrap = (body: string) => `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.20;\ncontract C {\n${body}\n}\n`;

describe('static frames: qualification', () => {
  it('places a contract of local, static allocations (helper frames, encodings)', () => {
    const r = frames(wrap(`
      function h(uint256 x) internal pure returns (uint256) { uint256[4] memory t; t[1] = x; return t[1] + t[0]; }
      function f(uint256 n) external pure returns (bytes32 acc) {
        for (uint256 i = 0; i < n; i++) acc = keccak256(abi.encode(acc, h(i), "x"));
      }`));
    expect(r.rejected).toEqual([]);
    expect(r.placed).toBe(true);
  });

  const rejects: [string, string, string][] = [
    ['recursion', '(Q1) recursion', `
      function r(uint256 x) internal pure returns (uint256) { uint256[2] memory t; t[0] = x; return x == 0 ? 0 : r(x - 1) + t[0]; }
      function f(uint256 n) external pure returns (uint256) { return r(n); }`],
    ['a memory struct returned to an internal caller', '(Q4)', `
      struct S { uint256 a; uint256 b; }
      function mk(uint256 x) internal pure returns (S memory s) { s = S(x, x + 1); }
      function f(uint256 n) external pure returns (uint256) { return mk(n).b; }`],
    ['an external function with a memory parameter', '(Q5)', `
      function f(uint256[] memory xs) external pure returns (uint256 s) { uint256[2] memory t; t[0] = xs.length; s = t[0]; }`],
    ['inline assembly', '(Q1) inline assembly', `
      function f(uint256 n) external pure returns (uint256 r) { uint256[2] memory t; t[0] = n; assembly { r := mload(0x40) } r += t[0]; }`],
    ['a dynamic-length array', '(Q3)', `
      function f(uint256 n) external pure returns (uint256) { uint256[] memory a = new uint256[](n); return a.length; }`],
    ['an allocation carried into the next iteration', '(Q6)', `
      function f(uint256 n) external pure returns (uint256) {
        uint256[2] memory prev;
        for (uint256 i = 0; i < n; i++) { uint256[2] memory cur; cur[0] = prev[0] + i; prev = cur; }
        return prev[0];
      }`],
  ];
  for (const [what, clause, body] of rejects) {
    it(`rejects ${what}`, () => {
      const r = frames(wrap(body));
      expect(r.placed).toBe(false);
      expect(r.rejected.join('\n')).toContain(clause);
      // nothing placed: no addresses, no frame extents
      let marked = false;
      r.module.walk((op) => { if (op.name !== 'sol.state_var' && (op.getAttr('offset') || op.getAttr('frame_extent'))) marked = true; });
      expect(marked).toBe(false);
    });
  }
});

const STRESS = wrap(`
  struct P { uint256 x; uint256 y; }
  function sum3(uint256[3] memory a) internal pure returns (uint256) { uint256[3] memory b; b[0] = a[0] + b[1]; return b[0] + a[1] + a[2]; }
  function mix(uint256 i) internal pure returns (bytes32) {
    uint256[3] memory a;
    a[0] = i; a[1] = i * 2; a[2] = i * 3;
    P memory p = P(sum3(a), a[2]);
    bytes32 h = keccak256(abi.encodePacked(uint8(i), uint64(p.x), bytes4(0x01020304)));
    string memory s = "static frames hold this literal, more than one word long";
    uint256[] memory d = new uint256[](3);
    d[2] = p.y;
    return keccak256(abi.encode(h, bytes(s).length, d[2], a[0], "tail"));
  }
  function run(uint256 n) external pure returns (bytes32 acc) {
    for (uint256 i = 0; i < n; i++) {
      uint256[3] memory z;
      z[i % 3] = i;
      acc = keccak256(abi.encode(acc, mix(i), z[0], z[1], z[2]));
    }
  }
  function concat(uint256 n) external pure returns (bytes memory) {
    return bytes.concat(bytes4(0xdeadbeef), "lit", bytes2(uint16(n)));
  }`);

describe('static frames: a placed contract', () => {
  it('is placed, and its allocations neither read nor write 0x40', () => {
    const r = frames(STRESS);
    expect(r.rejected).toEqual([]);
    expect(r.placed).toBe(true);
    // allowed: the object prologues, each entry's frame start, and allocate_unbounded (ABI
    // return encoding above the frames); nothing else touches the free pointer
    const touching = r.yul.split('\n').map((l) => l.trim()).filter((l) => /mload\(64\)|mstore\(64,/.test(l));
    const allowed = (l: string) => l === 'mstore(64, memoryguard(128))' || /^mstore\(64, add\(memoryguard\(128\), 0x[0-9a-f]+\)\)$/.test(l) || l === 'memPtr := mload(64)';
    expect(touching.filter((l) => !allowed(l))).toEqual([]);
    expect(r.yul).not.toMatch(/allocate_memory\b|finalize_allocation/);
    // every `memPtr := mload(64)` is allocate_unbounded's
    expect(r.yul.match(/memPtr := mload\(64\)/g)!.length).toBe(r.yul.match(/function allocate_unbounded\(/g)!.length);
    let offsets = 0;
    r.module.walk((op) => { if (op.name !== 'sol.state_var' && op.getAttr('offset')) offsets++; });
    expect(offsets).toBeGreaterThanOrEqual(8);
  });

  it('behaves as solc viaIR on the EVM (lifetime off and on)', async () => {
    const sources = { 'a.sol': STRESS };
    const a = solcCompiler(true)(sources, 'C');
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    const calls: Call[] = [0, 1, 5, 17].flatMap((n) => ['run', 'concat'].map((f) => ({ calldata: iface.encodeFunctionData(f, [n]), label: `${f}(${n})` })));
    const variants: Record<string, string> = {};
    for (const [name, compile] of Object.entries(LIFELINE_VARIANTS)) {
      const b = compile(sources, 'C');
      if (!b.ok) throw new Error(`${name}: ${b.errors.join('\n')}`);
      variants[name] = b.bytecode;
    }
    const cmps = await compareVariants(a.bytecode, variants, calls, { gasLimit: 30_000_000 });
    const bad = Object.entries(cmps).flatMap(([name, c]) => c.mismatches.map((m) => `${name} ${m.label}: ${m.differences.join(',')}`));
    expect(bad).toEqual([]);
    expect(cmps['lifetime-on']!.calls.every((c) => c.a.success)).toBe(true);
  });
});
