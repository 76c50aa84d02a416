/**
 * Functions returning one entry of a table of string literals, on
 * test-fixtures/sol/lifetimes_literal_tables.sol. A table read once and never written copies
 * only the entry read (literal-tables.ts). A table kept whole (read in a loop of its own) is
 * an array literal: memory that is not zeroed, so it holds only the entries stored into it
 * (points-to (C1')); it and the entries not returned are dead on return, also at an early
 * return nested in a branch or a loop (slot liveness (S6): nothing read after the branch is
 * live there), so the function frees them and moves the entry down (releases.ts (F)).
 * On the EVM the results are solc viaIR's and the memory stays flat in n.
 * sol-fixtures.test.ts runs the listed calls against solc, lifetime off and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_literal_tables.sol');
const sources = { 'lifetimes_literal_tables.sol': readFileSync(FILE, 'utf8') };
const CONTRACT = 'LifetimesLiteralTables';

describe('returning one entry of a table of string literals', () => {
  const on = compileToBytecode({ sources, contract: CONTRACT, lifetime: true });
  const entries = (fn: string) => on.lifetime!.entries.filter((e) => e.func.startsWith(`${fn}_`));
  // the array literal: allocated before its entries are copied into memory, as solc does
  const tableOf = (fn: string) => entries(fn).find((e) => e.op.name === 'sol.malloc')!;

  it('copies only the entry read from a table read once and never written', () => {
    expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const copied = (fn: string) => tableOf(fn).released.some((r) => r.startsWith('a table of string literals read an entry at a time'));
    for (const fn of ['digitName', 'unitName', 'entryAt']) expect(copied(fn), fn).toBe(true);
    // read in a loop of their own, or written: the whole table is made
    for (const fn of ['firstLong', 'labelOf', 'readInLoop', 'mutated', 'mutatedByCall']) expect(copied(fn), fn).toBe(false);
    expect(on.yul).toMatch(/function copy_table_entry_to_memory_\d+\(i\) -> memPtr/);
  });

  it('frees a table it keeps and the other entries on every return, early ones included', () => {
    for (const [fn, returns] of [
      ['labelOf', ['if (x < 4) return labels[x]', 'return string.concat(labels[x % 4]']],
      ['firstLong', ['return words[(i + k) % 5]', 'return words[0]']],
    ] as const) {
      const table = tableOf(fn);
      expect(table.verdict, `${fn}: the table does not escape`).toBe('local');
      expect(table.op.getAttr('zero_init'), `${fn}: the table is not zeroed`).toBeUndefined();
      for (const r of returns) {
        const at = `${lineOf(r)}:`;
        expect(table.released.some((s) => s.startsWith(`freed on return at ${at}`)), `${fn}: table freed at ${r}`).toBe(true);
        if (r.includes('concat')) continue;
        for (const s of entries(fn).filter((e) => e.op.name === 'sol.string_lit')) {
          expect(s.released.some((t) => t.startsWith(`moved down to the function's entry mark on return at ${at}`)), `${fn}: entries at ${r}`).toBe(true);
        }
      }
    }
  });

  it('gives solc viaIR results with memory flat in n', async () => {
    const a = solcCompiler(true)(sources, CONTRACT);
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    const run = (bytecode: string, fn: string, n: number) => deployAndCall(bytecode, iface.encodeFunctionData(fn, [n]));
    for (const fn of ['mixed', 'kept']) {
      const peaks: number[] = [];
      for (const n of [12, 60]) { // both run every path of the helpers
        const [ref, ours] = [await run(a.bytecode, fn, n), await run(on.bytecode, fn, n)];
        expect(ref.success, `${fn}(${n})`).toBe(true);
        expect(ours.returnData, `${fn}(${n})`).toBe(ref.returnData);
        peaks.push(ours.peakMemoryBytes);
        if (n === 60 && fn === 'mixed') expect(ref.peakMemoryBytes, `${fn}(${n}): solc keeps every table`).toBeGreaterThan(10 * ours.peakMemoryBytes);
      }
      if (fn === 'mixed') expect(peaks[1], `${fn}: one call's tables at a time`).toBe(peaks[0]);
    }
  });
});

/** The 1-based line of the fixture that contains `text`. */
function lineOf(text: string): number {
  const i = sources['lifetimes_literal_tables.sol'].split('\n').findIndex((l) => l.includes(text));
  if (i < 0) throw new Error(`not in the fixture: ${text}`);
  return i + 1;
}
