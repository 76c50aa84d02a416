/**
 * Memory-safe inline assembly that reads the free pointer (packages/solidity/src/asm-capture.ts,
 * `fp_hidden`, `fp_allocates`; points-to (C12')), on
 * test-fixtures/sol/lifetimes_asm_free_pointer.sol: a block that keeps the pointer's value to
 * itself — scratch hashing above it, allocating a bytes or uint256[] local by moving it —
 * leaves its callers to the lifetime passes, so a loop calling it is released each iteration;
 * blocks that let the program see where it lies keep the layout solc's. Results are solc
 * viaIR's; sol-fixtures.test.ts also runs the listed calls, lifetime off and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solIrByFunction, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_asm_free_pointer.sol');
const sources = { 'lifetimes_asm_free_pointer.sol': readFileSync(FILE, 'utf8') };
const CONTRACT = 'LifetimesAsmFreePointer';

describe('inline assembly that keeps the free pointer to itself', () => {
  const on = compileToBytecode({ sources, contract: CONTRACT, lifetime: true });

  it('tells the blocks that hide the free pointer from those that let it be seen', () => {
    expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const ir = solIrByFunction(on.module!);
    const asm = (fn: string) => [...ir.get(fn)!.matchAll(/sol\.inline_asm[^\n]*/g)].map((m) => m[0]);
    expect(asm('rawBytes')[0]).toMatch(/fp_allocates = array<i32: 0>, fp_hidden/);
    expect(asm('rawRange')[0]).toMatch(/fp_allocates = array<i32: 0>, fp_hidden/);
    expect(asm('scratchHash')[0]).toMatch(/fp_hidden/);
    expect(asm('scratchHash')[0]).not.toMatch(/fp_allocates/);
    for (const fn of ['fpNow', 'far', 'stash', 'lowByte', 'bumpTo']) {
      expect(asm(fn), fn).toHaveLength(1);
      expect(asm(fn)[0], fn).not.toMatch(/fp_hidden|fp_allocates/);
    }
    const released = (fn: string) => on.lifetime!.entries.some((e) => e.func.startsWith(`${fn}_`) && e.released.some((r) => /released at the end of each iteration|moved down to the loop's mark/.test(r)));
    for (const fn of ['digits', 'carried', 'scratch']) expect(released(fn), fn).toBe(true);
    for (const fn of ['seen', 'branch', 'stored', 'inFunction', 'bumpPast']) expect(released(fn), fn).toBe(false);
  });

  it('gives solc viaIR results, with memory flat in n where the free pointer is hidden', async () => {
    const a = solcCompiler(true)(sources, CONTRACT);
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    const run = (bytecode: string, fn: string, n: number) => deployAndCall(bytecode, iface.encodeFunctionData(fn, [n]));
    for (const fn of ['digits', 'carried', 'scratch', 'table', 'seen', 'branch', 'stored', 'inFunction', 'bumpPast']) {
      for (const n of [3, 50]) {
        const [ref, ours] = [await run(a.bytecode, fn, n), await run(on.bytecode, fn, n)];
        expect(ref.success, fn).toBe(true);
        expect(ours.returnData, `${fn}(${n})`).toBe(ref.returnData);
      }
    }
    // solc's memory grows with n (every string stays); ours stays within a few hundred bytes
    for (const fn of ['digits', 'carried', 'scratch', 'table']) {
      const [small, large, ref] = [await run(on.bytecode, fn, 50), await run(on.bytecode, fn, 400), await run(a.bytecode, fn, 400)];
      expect(large.peakMemoryBytes, fn).toBeLessThanOrEqual(small.peakMemoryBytes + 256);
      expect(large.peakMemoryBytes * 8, fn).toBeLessThan(ref.peakMemoryBytes);
    }
  });
});
