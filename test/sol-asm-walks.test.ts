/**
 * Inline assembly that walks the memory it is given and compares places in it
 * (packages/solidity/src/asm-capture.ts: sums of addresses, `reassigns`, scratch space), and
 * assembly that lets the program see where memory lies (`layout_seen`), on
 * test-fixtures/sol/lifetimes_asm_walks.sol. A block that walks its parameter (`s := add(s,
 * 1)`) with nothing reading it afterwards, or takes a difference of two places in one object,
 * keeps no address; a copier whose distance to its source and end address in scratch space
 * cancel, and a hex writer whose loop ends on `iszero(xor(p, start))`, keep the free pointer
 * to themselves: the loops' memory is flat in n. An address kept as a value (returned, a gap
 * between two objects, stored into an array of values, hashed from scratch space, read out of
 * an array of arrays, carried in a local the program reads, left in scratch space for a later
 * block) shows solc's layout, so the
 * functions around it stay as written (one carried in a local the program only moves, as
 * OpenZeppelin's toString does, does not): the
 * results are solc viaIR's. sol-fixtures.test.ts runs the listed calls against solc,
 * lifetime off and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solIrByFunction, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_asm_walks.sol');
const sources = { 'lifetimes_asm_walks.sol': readFileSync(FILE, 'utf8') };
const CONTRACT = 'LifetimesAsmWalks';
const SEEN = ['seenAddress', 'seenCarried', 'seenGap', 'seenStored', 'seenHashed', 'seenLoaded', 'seenScratchLater'];

describe('inline assembly that walks its memory, and assembly that shows addresses', () => {
  const on = compileToBytecode({ sources, contract: CONTRACT, lifetime: true });

  it('marks walked locals, hidden free pointers and blocks that show the layout', () => {
    expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const ir = solIrByFunction(on.module!);
    const asm = (fn: string) => [...ir.get(fn)!.matchAll(/sol\.inline_asm[^\n]*/g)].map((m) => m[0].replace(/yul = .*/, ''));
    expect(asm('countByte')[0]).toMatch(/reassigns = array<i32: 0>/);
    expect(asm('indexOfByte')[0]).toMatch(/no_capture = array<i32: 0>/);
    for (const fn of ['replaceByte', 'hexBackwards']) expect(asm(fn)[0], fn).toMatch(/free_ptr .*\{fp_allocates = array<i32: 0>, fp_hidden/);
    // read after the block: neither
    expect(asm('skipWord')[0]).not.toMatch(/reassigns|no_capture/);
    for (const fn of ['addressOf', 'carriedAndRead', 'gap', 'stash', 'hashedAddress', 'firstRow', 'readScratch']) expect(asm(fn)[0], fn).toMatch(/layout_seen/);
    // the block that leaves the address in scratch space keeps it to itself: the one reading
    // it back shows it
    expect(asm('leaveInScratch')[0]).not.toMatch(/layout_seen/);
    for (const fn of ['countByte', 'indexOfByte', 'replaceByte', 'hexBackwards', 'skipWord']) expect(asm(fn)[0], fn).not.toMatch(/layout_seen/);
    // an address carried between blocks in a local the program only moves
    for (const block of asm('digits')) expect(block).not.toMatch(/layout_seen/);
    expect(on.lifetime!.entries.filter((e) => e.func.startsWith('decimals_') && e.released.some((r) => /iteration/.test(r))).length).toBeGreaterThanOrEqual(1);
    // what the near misses allocate stays as solc lays it out
    const kept = on.lifetime!.entries.filter((e) => SEEN.some((f) => e.func.startsWith(`${f}_`)));
    expect(kept.length).toBeGreaterThanOrEqual(SEEN.length);
    for (const e of kept) expect(e.released.join(), e.func).toMatch(/^kept: inline assembly that lets the program see where memory lies/);
  });

  it('gives solc viaIR results, with memory flat in n where the blocks keep no address', async () => {
    const a = solcCompiler(true)(sources, CONTRACT);
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    const run = (bytecode: string, fn: string, n: number) => deployAndCall(bytecode, iface.encodeFunctionData(fn, [n]));
    for (const fn of ['walks', 'copies', 'decimals', 'walkedThenRead', ...SEEN]) {
      for (const n of [1, 6, 40]) {
        const [ref, ours] = [await run(a.bytecode, fn, n), await run(on.bytecode, fn, n)];
        expect(ref.success, fn).toBe(true);
        expect(ours.returnData, `${fn}(${n})`).toBe(ref.returnData);
      }
    }
    // one run's string (40 bytes) and its encodings, or the hex (64), its copy and the packed
    // hash input (160): a few dozen words whatever n (solc: about 20 and 70 words per run)
    for (const [fn, most] of [['walks', 16], ['copies', 32], ['decimals', 16]] as const) {
      const words = (await run(on.bytecode, fn, 200)).peakMemoryBytes / 32 - 4;
      expect(words, fn).toBeLessThanOrEqual(most);
    }
  });
});
