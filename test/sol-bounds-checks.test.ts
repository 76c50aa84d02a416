/**
 * Index checks a loop condition makes redundant (packages/sol/src/bounds-checks.ts), on
 * test-fixtures/sol/bounded_loops.sol: every access `a[i]` under `i < a.length` before any write
 * of i or a loses its check; where the index or the array changes first, where inline assembly
 * may shorten the array (in the function or a callee), or where the bound is another array's,
 * every check stays. sol-fixtures.test.ts runs the fixture's calls against solc (lifetime off
 * and on): the functions that must keep their checks panic there at some of their sizes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { solIrByFunction } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'bounded_loops.sol');
const sources = { 'bounded_loops.sol': readFileSync(FILE, 'utf8') };
const UNCHECKED = { sum: 4, bytesWhile: 2, strings: 1, calldataArray: 1, sizedByN: 4, staticArrays: 4, staticCalldata: 1 };
const CHECKED = ['indexMoves', 'arrayReplaced', 'postIncrement', 'asmShrinks', 'calleeShrinks', 'otherArray', 'boundGrows', 'otherBound', 'reallocated', 'conditionIncrements', 'conditionIncrementsSized', 'staticOverrun'];

describe('index checks bounded by the loop condition', () => {
  for (const lifetime of [false, true]) {
    it(`drops exactly the provably redundant ones (lifetime ${lifetime ? 'on' : 'off'})`, () => {
      const out = compileToBytecode({ sources, contract: 'BoundedLoops', lifetime });
      expect(out.errors.filter((e) => e.severity === 'error')).toEqual([]);
      const perFunction = solIrByFunction(out.module!);
      const unchecked = (fn: string) => (perFunction.get(fn)!.match(/sol\.gep [^\n]*no_panic_bounds/g) ?? []).length;
      for (const [fn, n] of Object.entries(UNCHECKED)) expect(unchecked(fn), fn).toBe(n);
      for (const fn of CHECKED) expect(unchecked(fn), fn).toBe(0);
    });
  }
});
