/**
 * Appends in place (packages/sol/src/lifetime/releases.ts (I''), `sol.append`), on
 * test-fixtures/sol/lifetimes_append.sol: `s = concat(s, …)` (or `abi.encodePacked`) in a loop that keeps only s writes
 * the parts after s's bytes when s is the loop's own string; where a local or an array still
 * holds the old string, or a later temporary is read after it, the concat stays. On the EVM the
 * results are solc viaIR's, and a loop of appends costs less gas than solc's copies at n = 100
 * and a small fraction of it at n = 1000 (solc copies the whole string at every step).
 * sol-fixtures.test.ts runs the listed calls against solc, lifetime off and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solIrByFunction, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_append.sol');
const sources = { 'lifetimes_append.sol': readFileSync(FILE, 'utf8') };
const CONTRACT = 'LifetimesAppend';
const APPENDED = ['literals', 'numbers', 'bytesOneByOne', 'packed', 'sharedStart', 'selfAndSeparator', 'pairs', 'partAfterLiteral', 'escapeJoin', 'rowsAndTable'];
const COPIED = ['keepsPrevious', 'peeks', 'history', 'readAfter'];

describe('appends in place', () => {
  const on = compileToBytecode({ sources, contract: CONTRACT, lifetime: true });

  it('appends only where the loop keeps the one string and nothing else holds the old one', () => {
    expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const perFunction = solIrByFunction(on.module!);
    for (const fn of APPENDED) expect(perFunction.get(fn)!, fn).toMatch(/= sol\.append %\w+, %mark\w*( below [^(]*)?\(/);
    for (const fn of COPIED) expect(perFunction.get(fn)!, fn).not.toMatch(/sol\.append/);
    // (R5): the inner loop keeps only `esc`, not `line`, which it never writes
    expect(perFunction.get('escapeJoin')!).not.toMatch(/keep\(%\w+, %\w+/);
    // two kept strings: the other one must lie below the appended one
    expect(perFunction.get('rowsAndTable')!).toMatch(/= sol\.append %\w+, %mark\w* below %\w+/);
  });

  it('gives solc viaIR results for less gas than solc copying', async () => {
    const a = solcCompiler(true)(sources, CONTRACT);
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    const run = (bytecode: string, fn: string, n: number) => deployAndCall(bytecode, iface.encodeFunctionData(fn, [n]));
    for (const fn of ['literals', 'numbers', 'bytesOneByOne', 'packed', 'pairs']) {
      for (const [n, bound] of [[100, 1], [1000, 0.5]] as const) {
        const [ref, ours] = [await run(a.bytecode, fn, n), await run(on.bytecode, fn, n)];
        expect(ours.returnData, `${fn}(${n})`).toBe(ref.returnData);
        expect(ours.gasUsed, `${fn}(${n}) gas`).toBeLessThan(bound * ref.gasUsed);
      }
    }
  });
});
