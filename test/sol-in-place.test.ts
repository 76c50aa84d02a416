/**
 * Elements built in place (packages/sol/src/lifetime/in-place.ts), on
 * test-fixtures/sol/lifetimes_in_place.sol: a literal stored straight into a slot whose zero
 * element nothing else reaches is written into that element — no allocation, no slot write —
 * and nowhere else (a live reference, a duplicated or foreign element, a callee that copies
 * one, an array literal holding one); elements swapped after the fill loop do not stop it.
 * Arrays a counted loop fills whole share one zero element instead (shared-zero.ts (Z5)).
 * On the EVM the results are solc viaIR's while memory holds one object per element instead
 * of two. sol-fixtures.test.ts runs the listed calls against solc, lifetime off and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solIrByFunction, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_in_place.sol');
const sources = { 'lifetimes_in_place.sol': readFileSync(FILE, 'utf8') };
const BUILT = ['square', 'deleted', 'staticArray', 'fields', 'overwrite', 'sharedPair', 'checksInOrder'];
// a counted loop replaces every element before any is read: one shared zero element instead
// (shared-zero.ts (Z5)), at 0.553 / 0.411 / 0.609× solc viaIR's gas at n = 1000 / 100 / 100
// where building in place cost 0.646 / 0.415 / 0.672×, for the same memory
const FILLED = ['fill', 'fillThenSort', 'passedAfter'];
const NOT_BUILT = ['liveRef', 'dupSlot', 'foreign', 'calleeCopies', 'otherArray', 'carried', 'arrayLiteral', 'returned', 'chosen', 'loopDup', 'onlyReplaced'];
const STRUCT_P = '!sol.struct<(ui256, ui256), Memory>';

describe('literals built in the zero elements they displace', () => {
  const on = compileToBytecode({ sources, contract: 'LifetimesInPlace', lifetime: true });
  const builtIn = (fn: string) => on.lifetime!.entries.filter((e) => e.func.startsWith(`${fn}_`) && e.released.some((r) => r.startsWith('built in place')));

  it('rewrites exactly the stores whose displaced element nothing else reaches', () => {
    expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
    for (const fn of BUILT) expect(builtIn(fn).length, fn).toBeGreaterThan(0);
    for (const fn of [...NOT_BUILT, ...FILLED]) expect(builtIn(fn), fn).toEqual([]);
    expect(builtIn('square')).toHaveLength(4);
    // elements only ever replaced share one zero element instead: cheaper, the same memory
    const ir = solIrByFunction(on.module!);
    const onlyReplaced = ir.get('onlyReplaced')!;
    expect(onlyReplaced).toMatch(/sol\.malloc size\([^)]*\) zero_init \{shared_zero\}/);
    for (const fn of FILLED) expect(ir.get(fn)!, fn).toMatch(/sol\.malloc size\([^)]*\) zero_init \{shared_zero\}/);
    const deleted = ir.get('deleted')!;
    // the loop allocates no point and writes no slot: it loads the element and writes its fields
    expect(deleted).not.toContain(`sol.malloc : ${STRUCT_P}`);
    expect(deleted).toMatch(new RegExp(`sol\\.load %\\w+ : !sol\\.ptr<${STRUCT_P.replace(/[()]/g, '\\$&')}, Memory>`));
  });

  it('gives solc viaIR results with one object per element', async () => {
    const a = solcCompiler(true)(sources, 'LifetimesInPlace');
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const off = compileToBytecode({ sources, contract: 'LifetimesInPlace', lifetime: false });
    const iface = new Interface(a.abi as never);
    const run = (bytecode: string, fn: string, args: unknown[]) => deployAndCall(bytecode, iface.encodeFunctionData(fn, args));
    for (const n of [10, 100]) {
      const [ref, without, ours] = await Promise.all([a.bytecode, off.bytecode!, on.bytecode!].map((b) => run(b, 'fill', [n])));
      expect(ours.returnData).toBe(ref.returnData);
      expect(without.returnData).toBe(ref.returnData);
      // new P[](n) is n + 1 words of array and 2n of zero points; the n literals add 2n more
      const arrayAndZeros = 0x80 + 32 * (3 * n + 1);
      expect(without.peakMemoryBytes).toBeGreaterThanOrEqual(arrayAndZeros + 64 * n);
      expect(ours.peakMemoryBytes).toBeLessThanOrEqual(arrayAndZeros + 64);
      expect(ours.gasUsed).toBeLessThan(without.gasUsed);
    }
  });
});
