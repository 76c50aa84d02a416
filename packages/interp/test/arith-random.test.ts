/**
 * (b) Seeded random integer programs (gen-arith.ts): the interpreter's @main result
 * must equal what the program computes compiled by LLVM (mlir-cpu-runner-19).
 */
import { describe, expect, it } from 'vitest';
import { runModule } from '@lifeline/interp';
import { genArithProgram } from './gen-arith.js';
import { oracleMain, parse } from './harness.js';

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

describe('random integer arith agrees with mlir-cpu-runner-19', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}`, () => {
      const text = genArithProgram(seed, 80);
      const r = runModule(parse(text, `arith-${seed}.mlir`));
      expect(r.error).toBeUndefined();
      expect(r.results).toEqual([oracleMain(text)]);
    });
  }
});
