/**
 * Memory-safe inline assembly that only reads and writes through the memory references it
 * names (packages/solidity/src/asm-capture.ts, `no_capture`; points-to (C12)), on
 * test-fixtures/sol/lifetimes_asm_reads.sol: such a block does not make them escape, so a
 * loop's chunk and its hex string are freed each iteration (`hexChain`); a block that stores
 * an address into memory (`stash`), hands it to another local (`aliased`) or to a function of
 * its own (`viaFunction`) still captures it, and a later allocation must not take its memory:
 * the results are solc viaIR's. sol-fixtures.test.ts runs the listed calls against solc,
 * lifetime off and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solIrByFunction, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_asm_reads.sol');
const sources = { 'lifetimes_asm_reads.sol': readFileSync(FILE, 'utf8') };
const CONTRACT = 'LifetimesAsmReads';

describe('inline assembly that keeps no address', () => {
  const on = compileToBytecode({ sources, contract: CONTRACT, lifetime: true });

  it('marks the references a block only reads and writes through', () => {
    expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const ir = solIrByFunction(on.module!);
    const asm = (fn: string) => [...ir.get(fn)!.matchAll(/sol\.inline_asm[^\n]*/g)].map((m) => m[0]);
    // toHex names data, out and digits: all three only as addresses
    expect(asm('toHex')).toHaveLength(1);
    expect(asm('toHex')[0]).toMatch(/no_capture = array<i32: 0, 1, 2>/);
    // stash: the array it stores into is read through, the chunk it stores is captured (and,
    // an address among values, shows where memory lies: asm-walks); the block that assigns
    // `back` leaves it out
    const [store, load] = asm('stash');
    expect(store).toMatch(/\(%\w+, %\w+ : !sol\.ptr<!sol\.array<\? x ui256, Memory>, Stack>, !sol\.ptr<!sol\.string<Memory>, Stack>\) \{layout_seen, no_capture = array<i32: 0>/);
    expect(load).toMatch(/\(%\w+, %\w+ : !sol\.ptr<!sol\.string<Memory>, Stack>, !sol\.ptr<!sol\.array<\? x ui256, Memory>, Stack>\) \{no_capture = array<i32: 1>/);
    expect(asm('aliased')[0]).not.toMatch(/no_capture/);
    // viaFunction: the chunk flows into the block's own function, which stores it into the
    // array (read through: operand 1); the chunk (operand 0) is captured
    expect(asm('viaFunction')[0]).toMatch(/\(%\w+, %\w+ : !sol\.ptr<!sol\.string<Memory>, Stack>, !sol\.ptr<!sol\.array<\? x ui256, Memory>, Stack>\) \{layout_seen, no_capture = array<i32: 1>,/);
    const freed = on.lifetime!.entries.filter((e) => e.func.startsWith('hexChain_') && e.released.some((r) => r.startsWith('released at the end of each iteration')));
    expect(freed.length).toBeGreaterThanOrEqual(2);
  });

  it('gives solc viaIR results, with memory flat in n where nothing is captured', async () => {
    const a = solcCompiler(true)(sources, CONTRACT);
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    const run = (bytecode: string, fn: string, n: number) => deployAndCall(bytecode, iface.encodeFunctionData(fn, [n]));
    for (const fn of ['hexChain', 'stash', 'aliased', 'viaFunction']) {
      for (const n of [5, 60]) {
        const [ref, ours] = [await run(a.bytecode, fn, n), await run(on.bytecode, fn, n)];
        expect(ref.success, fn).toBe(true);
        expect(ours.returnData, `${fn}(${n})`).toBe(ref.returnData);
      }
    }
    // one iteration's chunk (a 35-byte string, its encoding), its hex (70 bytes), the digits
    // and the packed hash input (102 bytes): about 20 words whatever n
    const words = (await run(on.bytecode, 'hexChain', 200)).peakMemoryBytes / 32 - 4;
    expect(words).toBeLessThanOrEqual(32);
  });
});
