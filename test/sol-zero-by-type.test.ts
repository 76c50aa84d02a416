/**
 * Zero elements shared by type (packages/sol/src/lifetime/shared-zero.ts (Z4)), on
 * test-fixtures/sol/lifetimes_zero_by_type.sol: arrays of a struct that nothing in the program
 * writes in place get one zero element for all their slots even when they escape (returned by
 * an internal helper), while arrays of a struct written in place somewhere do not — and adding
 * one in-place write anywhere, to the struct or to a static array inside it, takes sharing away
 * from every array of it. On the EVM the results are solc viaIR's and the helper's new arrays
 * stop costing a zero element per slot. sol-fixtures.test.ts runs the listed calls against
 * solc, lifetime off and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solIrByFunction, solcCompiler } from './sol-oracle.js';

const NAME = 'lifetimes_zero_by_type.sol';
const TEXT = readFileSync(join(__dirname, '..', 'test-fixtures', 'sol', NAME), 'utf8');
const CONTRACT = 'LifetimesZeroByType';

/** The fixture with `fn` added before its last closing brace. */
const withFunction = (fn: string) => TEXT.replace(/\}\s*$/, `${fn}\n}\n`);

function perFunction(text: string): Map<string, string> {
  const r = compileToBytecode({ sources: { [NAME]: text }, contract: CONTRACT, lifetime: true });
  expect(r.errors.filter((e) => e.severity === 'error')).toEqual([]);
  return solIrByFunction(r.module!);
}

const SHARED = /sol\.malloc size\([^)]*\) zero_init \{shared_zero\}/;

describe('zero elements shared by type', () => {
  it('shares the zero element of escaping arrays of types nothing writes in place', () => {
    const fns = perFunction(TEXT);
    for (const fn of ['append', 'heavy', 'makeBoxes']) expect(fns.get(fn)!, fn).toMatch(SHARED);
    expect(fns.get('written')!).not.toMatch(/shared_zero/);
  });

  it('shares nothing of a type once anything writes an element of it in place', () => {
    const pointWritten = perFunction(withFunction('  function poke(P[] memory ps) internal pure returns (uint256) { P memory q = ps[0]; q.x = 9; return q.y; }'));
    for (const fn of ['append', 'heavy']) expect(pointWritten.get(fn)!, fn).not.toMatch(/shared_zero/);
    const innerWritten = perFunction(withFunction('  function poke(Box[] memory bs) internal pure { bs[0].lo[1] = 3; }'));
    expect(innerWritten.get('makeBoxes')!).not.toMatch(/shared_zero/);
    // a write into a struct just allocated as that type is building it, not writing in place
    const built = perFunction(withFunction('  function make(uint256 v) internal pure returns (P memory q) { q.x = v; q.y = v + 1; }'));
    for (const fn of ['append', 'heavy']) expect(built.get(fn)!, fn).toMatch(SHARED);
  });

  it('gives solc viaIR results, with one zero element per new array of the helper', async () => {
    const a = solcCompiler(true)({ [NAME]: TEXT }, CONTRACT);
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    const run = (bytecode: string, fn: string, n: number) => deployAndCall(bytecode, iface.encodeFunctionData(fn, [n]));
    const ours = compileToBytecode({ sources: { [NAME]: TEXT }, contract: CONTRACT, lifetime: true });
    // the same program where one function writes a P in place: every P array zeroes each slot
    const unshared = compileToBytecode({
      sources: { [NAME]: withFunction('  function poke(P[] memory ps) external pure returns (uint256) { P memory q = ps[0]; q.x = 9; return q.y; }') },
      contract: CONTRACT, lifetime: true,
    });
    const n = 40;
    const ref = await run(a.bytecode, 'polygon', n);
    const shared = await run(ours.bytecode, 'polygon', n);
    const perSlot = await run(unshared.bytecode, 'polygon', n);
    expect(ref.success).toBe(true);
    expect(shared.returnData).toBe(ref.returnData);
    expect(perSlot.returnData).toBe(ref.returnData);
    // at least the last new array's n − 1 zero elements of 64 bytes
    expect(perSlot.peakMemoryBytes - shared.peakMemoryBytes).toBeGreaterThanOrEqual(64 * (n - 1));
  });
});
