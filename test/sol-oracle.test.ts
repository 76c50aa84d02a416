/**
 * The differential harness can fail: contracts that differ in exactly one observable way
 * are reported with exactly that field, and solc rejects the malformed calldata callsFor
 * generates (so the generated cases test decoding, not just selectors).
 */
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { Chain } from '@lifeline/evm';
import { callsFor, compareContracts, solcCompiler } from './sol-oracle.js';

const variant = (ret: string, rev: string, ev: string, slot: string) => `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract V {
    uint256 a; uint256 b;
    event E(uint256 x);
    function r() external pure returns (uint256) { return ${ret}; }
    function f() external pure { revert("${rev}"); }
    function e() external { emit E(${ev}); }
    function s() external { ${slot} = 5; }
    function same() external pure returns (uint256) { return 1; }
}`;

function build(src: string) {
  const c = solcCompiler(true)({ 'v.sol': src }, 'V');
  if (!c.ok) throw new Error(c.errors.join('\n'));
  return c;
}

describe('compareContracts', () => {
  it('flags exactly the differing field of each call', async () => {
    const x = build(variant('1', 'no', '1', 'a'));
    const y = build(variant('2', 'nope', '2', 'b'));
    const iface = new Interface(x.abi as never);
    const calls = ['r', 's', 'f', 'e', 'same'].map((fn) => ({ calldata: iface.encodeFunctionData(fn, []), label: fn }));
    const cmp = await compareContracts(x.bytecode, y.bytecode, calls);
    expect(cmp.calls.map((c) => [c.label, c.differences])).toEqual([
      ['r', ['returnData']],
      ['s', ['storage']],
      ['f', ['revertData']],
      ['e', ['logs']],
      ['same', []],
    ]);
    expect(cmp.mismatches.map((m) => m.label)).toEqual(['r', 's', 'f', 'e']);
    const self = await compareContracts(x.bytecode, x.bytecode, calls);
    expect(self.mismatches).toEqual([]);
    expect(self.calls[0]!.a.gasUsed).toBe(self.calls[0]!.b.gasUsed);
  });
});

describe('callsFor', () => {
  const src = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract D {
    struct S { uint8 a; bytes b; }
    function f(uint8 a, bool b, address c, bytes3 d, int16 e) external pure returns (uint256) { return uint256(a) + (b ? 1 : 0) + uint160(c) % 7 + uint24(d) % 5 + uint16(e) % 3; }
    function g(uint256[] calldata xs, string calldata s, S calldata t) external pure returns (uint256) { return xs.length + bytes(s).length + t.b.length + t.a; }
    function h(uint256[2][] memory m) external pure returns (uint256) { return m.length; }
}`;
  const c = solcCompiler(true)({ 'd.sol': src }, 'D');
  if (!c.ok) throw new Error(c.errors.join('\n'));

  it('is deterministic in the seed and lists the spec calls first', () => {
    const spec = [{ fn: 'f', args: [1, true, '0x0000000000000000000000000000000000000001', '0x010203', -1] }];
    const one = callsFor(c.abi, spec, { seed: 3 });
    expect(callsFor(c.abi, spec, { seed: 3 })).toEqual(one);
    expect(callsFor(c.abi, spec, { seed: 4 })).not.toEqual(one);
    expect(one[0]!.label).toContain('f(');
  });

  it('generated calls decode, malformed ones are rejected by solc with empty revert data', async () => {
    const calls = callsFor(c.abi, [], { seed: 11, generated: 6 });
    const chain = await Chain.create();
    const d = await chain.deploy(c.bytecode);
    let generatedOk = 0;
    const malformed: string[] = [];
    for (const call of calls) {
      const r = await chain.call(d.address!, call.calldata);
      if (/:gen\d+$/.test(call.label!)) {
        if (r.success) generatedOk++;
      } else {
        malformed.push(call.label!);
        // dropping one byte of tail padding leaves valid calldata (solc does not require
        // the padding of dynamic calldata data); every other case must be rejected
        if (call.label!.endsWith(':short-1')) continue;
        expect(r, call.label).toMatchObject({ success: false, revertData: '0x' });
      }
    }
    expect(generatedOk).toBe(18);
    // every narrow static parameter of f got a dirty-bits case, every dynamic one of g bad offsets
    for (const i of [0, 1, 2, 3, 4]) expect(malformed).toContain(`f:dirty-arg${i}`);
    for (const i of [0, 1, 2]) expect(malformed).toContain(`g:offset-past-end-arg${i}`);
    expect(malformed).toContain('h:short-word');
    expect(malformed).toContain('unknown-selector');
  });
});
