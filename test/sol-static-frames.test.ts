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
      // nothing placed: no frame tops, and offsets only from a free-pointer mark (`at %m`, unbounded runs)
      let marked = false;
      r.module.walk((op) => {
        if (op.name === 'sol.state_var') return;
        const relative = op.def?.spec.operands?.some((g) => g.name === 'base') && op.def.operandGroup(op, 'base').length > 0;
        if (op.getAttr('frame_top') || (op.getAttr('offset') && !relative)) marked = true;
      });
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
  }
  // what solc writes at the free pointer without allocating: event data, revert data, hashing scratch
  event Note(uint256 indexed n, string text, bytes32 h);
  error Bad(uint256 n, string why);
  mapping(string => uint256) counts;
  uint256 seed;
  constructor(uint256 s) { uint256[2] memory t; t[1] = s; seed = t[1] + t[0]; }
  function note(uint256 n) external returns (bytes32 h) {
    uint256[2] memory t;
    t[0] = n + seed;
    h = sha256(abi.encodePacked(t[0], uint8(n)));
    string memory key = "a mapping key longer than one word, kept in memory";
    counts[key] += n;
    emit Note(n, "event data that spans more than a single word", h);
    require(n != 7, "seven is not allowed here, says the require message");
    if (n == 9) revert Bad(t[0], "nine");
  }`);

describe('static frames: a placed contract', () => {
  it('is placed, and nothing reads or writes 0x40: the free pointer is elided', () => {
    const r = frames(STRESS);
    expect(r.rejected).toEqual([]);
    expect(r.placed).toBe(true);
    // no prologue, no allocation, no unbounded encoding touches the free pointer, in either object
    const touching = r.yul.split('\n').map((l) => l.trim()).filter((l) => /\b(mload|mstore)\((64|0x40)\b/.test(l));
    expect(touching).toEqual([]);
    expect(r.yul).not.toMatch(/allocate_unbounded|allocate_memory\b|finalize_allocation/);
    // return data, hashing scratch and events go to each function's frame top, above its frame
    expect(r.yul).toMatch(/let memPos := (memoryguard\(128\)|add\(memoryguard\(128\), 0x[0-9a-f]+\))/);
    let offsets = 0;
    r.module.walk((op) => { if (op.name !== 'sol.state_var' && op.getAttr('offset')) offsets++; });
    expect(offsets).toBeGreaterThanOrEqual(8);
  });

  it('behaves as solc viaIR on the EVM (lifetime off and on)', async () => {
    const sources = { 'a.sol': STRESS };
    const a = solcCompiler(true)(sources, 'C');
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    const calls: Call[] = [0, 1, 5, 7, 9, 17].flatMap((n) => ['run', 'concat', 'note'].map((f) => ({ calldata: iface.encodeFunctionData(f, [n]), label: `${f}(${n})` })));
    const ctorArgs = iface.encodeDeploy([42]).slice(2);
    const variants: Record<string, { initcode: string; ctorArgs: string }> = {};
    for (const [name, compile] of Object.entries(LIFELINE_VARIANTS)) {
      const b = compile(sources, 'C');
      if (!b.ok) throw new Error(`${name}: ${b.errors.join('\n')}`);
      variants[name] = { initcode: b.bytecode, ctorArgs };
    }
    const cmps = await compareVariants({ initcode: a.bytecode, ctorArgs }, variants, calls, { gasLimit: 30_000_000 });
    const bad = Object.entries(cmps).flatMap(([name, c]) => c.mismatches.map((m) => `${name} ${m.label}: ${m.differences.join(',')}`));
    expect(bad).toEqual([]);
    // every call succeeds except the two reverts note() is written to make
    expect(cmps['lifetime-on']!.calls.filter((c) => !c.a.success).map((c) => c.label)).toEqual(['note(7)', 'note(9)']);
  });
});
