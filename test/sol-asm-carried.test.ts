/**
 * Memory one inline assembly block allocates from the free pointer and hands to a later block
 * in a value-typed local (packages/solidity/src/asm-locals.ts `allocatedCarriers`), and blocks
 * that only read an array of arrays (`readsOnly`: its length word is a value, its elements'
 * addresses stay in the block), on test-fixtures/sol/lifetimes_asm_carried.sol. The later
 * block that points the result there allocates it as far as the analyses see, so the callers'
 * loops release the strings and the joined parts every run: memory is flat in n. Near misses:
 * the carried address returned as a number, a carrier that may hold the argument's address
 * instead, and an element's address read through a stepped array address; the functions
 * around them stay as written, and the results are solc viaIR's. sol-fixtures.test.ts runs the
 * listed calls against solc, lifetime off and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solIrByFunction, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_asm_carried.sol');
const sources = { 'lifetimes_asm_carried.sol': readFileSync(FILE, 'utf8') };
const CONTRACT = 'LifetimesAsmCarried';
const NEAR = ['seenCarrier', 'maybeSame', 'seenElement'];

describe('memory allocated in one assembly block and carried to another', () => {
  const on = compileToBytecode({ sources, contract: CONTRACT, lifetime: true });

  it('marks the block that makes the string as allocating it, and the joiner as reading its parts', () => {
    expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const ir = solIrByFunction(on.module!);
    const asm = (fn: string) => [...ir.get(fn)!.matchAll(/sol\.inline_asm[^\n]*/g)].map((m) => m[0].replace(/yul = .*/, ''));
    const [reserve, write, make] = asm('decimal');
    expect(reserve).toMatch(/free_ptr .*fp_hidden/);
    expect(reserve).not.toMatch(/layout_seen|fp_allocates/);
    expect(write).not.toMatch(/free_ptr|layout_seen/);
    expect(make).toMatch(/free_ptr .*\{fp_allocates = array<i32: 0>, fp_hidden/);
    expect(asm('join')[0]).toMatch(/no_capture = array<i32: 1>/);
    expect(asm('join')[0]).not.toMatch(/layout_seen/);
    // the carried address as a number; a carrier that may hold the argument; an element's address
    expect(asm('decimalAt')[2]).toMatch(/layout_seen/);
    expect(asm('freshOrSame')[0]).toMatch(/free_ptr/);
    expect(asm('freshOrSame')[0]).not.toMatch(/fp_hidden/);
    expect(asm('firstElementWord')[0]).toMatch(/layout_seen/);
    const released = (fn: string) => on.lifetime!.entries.filter((e) => e.func.startsWith(`${fn}_`) && e.released.some((r) => /iteration|where the loop assigns/.test(r)));
    for (const fn of ['digitSum', 'lastDecimal', 'joins']) expect(released(fn).length, fn).toBeGreaterThanOrEqual(1);
    const kept = on.lifetime!.entries.filter((e) => NEAR.some((f) => e.func.startsWith(`${f}_`)));
    expect(kept.length).toBeGreaterThanOrEqual(NEAR.length);
    for (const e of kept) expect(e.released.join(), e.func).toMatch(/kept: inline assembly that lets the program see/);
  });

  it('gives solc viaIR results, with memory flat in n where the strings are released', async () => {
    const a = solcCompiler(true)(sources, CONTRACT);
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    const run = (bytecode: string, fn: string, n: number) => deployAndCall(bytecode, iface.encodeFunctionData(fn, [n]));
    for (const fn of ['digitSum', 'lastDecimal', 'joins', ...NEAR]) {
      for (const n of [1, 6, 23]) {
        const [ref, ours] = [await run(a.bytecode, fn, n), await run(on.bytecode, fn, n)];
        expect(ref.success, fn).toBe(true);
        expect(ours.returnData, `${fn}(${n})`).toBe(ref.returnData);
      }
    }
    // a string's 128 reserved bytes, the joined parts and their encodings: a few dozen words
    // whatever n (solc: 5 to 30 words per run)
    for (const [fn, most] of [['digitSum', 16], ['lastDecimal', 16], ['joins', 40]] as const) {
      const words = (await run(on.bytecode, fn, 200)).peakMemoryBytes / 32 - 4;
      expect(words, fn).toBeLessThanOrEqual(most);
    }
  });
});
