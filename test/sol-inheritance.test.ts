/**
 * Inheritance beyond one fixture deployment: the constructor chain of
 * test-fixtures/sol/inheritance_ctors.sol deployed with several argument sets (a base
 * constructor that reverts, one that returns early, memory arguments of several sizes), and
 * the gas of the inheritance / named-argument / immutables fixtures' listed calls next to solc
 * viaIR-optimized (oracle: solc
 * 0.8.37 viaIR with the optimizer; lifeline with lifetime off and on).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { callsFor, compareVariants, solcCompiler, type CallsFile } from './sol-oracle.js';
import { LIFELINE_VARIANTS } from './sol-ours.js';

const DIR = join(import.meta.dirname, '..', 'test-fixtures', 'sol');
/**
 * Calls left out of the gas bound, with the reason: `string.concat` of a storage string costs
 * about 1.3× solc's with or without inheritance and immutables (measured on a plain contract:
 * 2754 vs 2076 gas for three concatenations) — a concat lowering matter, not this one's.
 */
const GAS_KNOWN = ['tagged('];
const oracle = solcCompiler(true);

function load(name: string): { sources: Record<string, string>; spec: CallsFile } {
  const sources = { [`${name}.sol`]: readFileSync(join(DIR, `${name}.sol`), 'utf8') };
  const spec = JSON.parse(readFileSync(join(DIR, `${name}.calls.json`), 'utf8')) as CallsFile;
  return { sources, spec };
}

function compileAll(sources: Record<string, string>, contract: string) {
  const a = oracle(sources, contract);
  if (!a.ok) throw new Error(a.errors.join('\n'));
  const ours = Object.fromEntries(Object.entries(LIFELINE_VARIANTS).map(([k, c]) => {
    const b = c(sources, contract);
    if (!b.ok) throw new Error(`${k}: ${b.errors.join('\n')}`);
    return [k, b.bytecode] as const;
  }));
  return { a, ours };
}

describe('inheritance: constructor chains and gas against solc viaIR', () => {
  const { sources, spec } = load('inheritance_ctors');
  const { a, ours } = compileAll(sources, 'Final');
  const iface = new Interface(a.abi as never);
  const argSets: [number, string, boolean][] = [
    [0, '', true], [13, 'reverts in A', false], [60, 'returns early from A', true], [21, 'x'.repeat(70), true], [99, 'modifier skips the body', true],
  ];
  for (const [z, t, deploys] of argSets) {
    it(`deploys Final(${z}, ${JSON.stringify(t.slice(0, 12))}) like solc`, async () => {
      const ctorArgs = iface.encodeDeploy([z, t]);
      const calls = callsFor(a.abi, spec);
      const cmps = await compareVariants(
        { initcode: a.bytecode, ctorArgs },
        Object.fromEntries(Object.entries(ours).map(([k, code]) => [k, { initcode: code, ctorArgs }])),
        calls,
      );
      for (const cmp of Object.values(cmps)) {
        expect(cmp.mismatches.map((m) => [m.label, m.differences])).toEqual([]);
        expect(cmp.deploy.a.success).toBe(deploys);
        // deployment gas (the whole chain of base constructors) within 1.10× of solc
        if (deploys) expect(cmp.deploy.b.gasUsed).toBeLessThanOrEqual(cmp.deploy.a.gasUsed * 1.1);
      }
    });
  }

  it.each(['inheritance', 'inheritance_edges', 'named_args', 'immutables'])('runs %s.sol calls within 1.10× of solc gas', async (name) => {
    const f = load(name);
    const c = compileAll(f.sources, f.spec.contract);
    const calls = callsFor(c.a.abi, f.spec).slice(0, f.spec.calls.length);
    const ctorArgs = f.spec.ctorArgs ? new Interface(c.a.abi as never).encodeDeploy(f.spec.ctorArgs as never[]) : '';
    const cmps = await compareVariants(
      { initcode: c.a.bytecode, ctorArgs },
      Object.fromEntries(Object.entries(c.ours).map(([k, code]) => [k, { initcode: code, ctorArgs }])),
      calls,
    );
    for (const cmp of Object.values(cmps)) expect(cmp.mismatches.map((m) => [m.label, m.differences])).toEqual([]);
    // The lowering's share: without the lifetime passes every call is within 1.10×. (With them,
    // string.concat chains through internal calls cost more — a lifetime-pass matter, the same
    // without inheritance; printed for the record.)
    const over = (k: string) => cmps[k]!.calls
      .filter((x) => x.a.success && x.b.gasUsed > x.a.gasUsed * 1.1 && !GAS_KNOWN.some((p) => x.label.startsWith(p)))
      .map((x) => [x.label, x.a.gasUsed, x.b.gasUsed]);
    expect(over('lifetime-off')).toEqual([]);
    if (over('lifetime-on').length) console.log(`${name}: lifetime-on above 1.10x of solc:`, JSON.stringify(over('lifetime-on')));
  });

  it('deploys immutables.sol Vault like solc (immutables in memory below the creation code free memory)', async () => {
    const f = load('immutables');
    const c = compileAll(f.sources, 'Vault');
    const iface = new Interface(c.a.abi as never);
    for (const [w, name] of [[0, ''], [4, 'alpha'], [9, 'a longer name than thirty-two bytes']] as const) {
      const ctorArgs = iface.encodeDeploy([w, name]);
      const calls = callsFor(c.a.abi, f.spec).slice(0, f.spec.calls.length);
      const cmps = await compareVariants(
        { initcode: c.a.bytecode, ctorArgs },
        Object.fromEntries(Object.entries(c.ours).map(([k, code]) => [k, { initcode: code, ctorArgs }])),
        calls,
      );
      for (const [k, cmp] of Object.entries(cmps)) {
        expect(cmp.mismatches.map((m) => [m.label, m.differences])).toEqual([]);
        expect(cmp.deploy.a.success).toBe(true);
        console.log(`Vault(${w}) ${k}: deploy gas ${cmp.deploy.b.gasUsed} / ${cmp.deploy.a.gasUsed}, peak memory ${cmp.deploy.b.peakMemoryBytes} / ${cmp.deploy.a.peakMemoryBytes}`);
        expect(cmp.deploy.b.gasUsed).toBeLessThanOrEqual(cmp.deploy.a.gasUsed * 1.1);
        if (k === 'lifetime-off') expect(cmp.deploy.b.peakMemoryBytes).toBeLessThanOrEqual(cmp.deploy.a.peakMemoryBytes);
      }
    }
  });

  it('starts the creation free memory above the immutables, also without memoryguard (assembly that is not memory-safe)', async () => {
    const sources = {
      'u.sol': `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract U {
    uint256 immutable a;
    uint256 immutable b;
    uint256[] internal seen;
    constructor(uint256 x) {
        uint256 m;
        assembly { m := mload(0x40) mstore(m, x) mstore(0x40, add(m, 0x20)) }
        uint256[] memory xs = new uint256[](x);
        a = x + m;
        b = m;
        seen.push(m);
        assembly { m := xs }
        seen.push(m);
    }
    function f() external view returns (uint256, uint256, uint256[] memory) { return (a, b, seen); }
}
`,
    };
    const c = compileAll(sources, 'U');
    const ctorArgs = new Interface(c.a.abi as never).encodeDeploy([3]);
    const calls = [{ calldata: new Interface(c.a.abi as never).encodeFunctionData('f', []), label: 'f()' }];
    const cmps = await compareVariants(
      { initcode: c.a.bytecode, ctorArgs },
      Object.fromEntries(Object.entries(c.ours).map(([k, code]) => [k, { initcode: code, ctorArgs }])),
      calls,
    );
    for (const cmp of Object.values(cmps)) {
      expect(cmp.mismatches.map((m) => [m.label, m.differences])).toEqual([]);
      expect(cmp.calls[0]!.a.success).toBe(true);
    }
  });
});
