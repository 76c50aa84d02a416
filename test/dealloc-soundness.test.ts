/**
 * Deallocation pipeline tests on the programs in test-fixtures/dealloc-programs:
 *
 *   mlir-opt-19 --ownership-based-buffer-deallocation[=private-function-dynamic-ownership]
 *     → lifeline-opt --buffer-deallocation-simplification[=abi-facts=false]
 *     → lifeline-opt --bufferization-lower-deallocations → executed
 *
 * 1. Soundness: the executed pipeline output returns what the input program returns
 *    and frees every buffer exactly once (no abort, zero live buffers at exit).
 *    (Checked to catch a wrong ABI fact: treating dynamic-ownership call results as
 *    fresh makes passthrough.mlir read freed memory.)
 * 2. Parity: with abi-facts=false our simplification equals mlir-opt-19's after both
 *    are canonicalized by mlir-opt-19 (the greedy driver's folds and constant hoisting
 *    are not part of the pass's local driver yet). bufferization-lower-deallocations
 *    (on mlir-opt-19's simplified IR) and convert-bufferization-to-memref (on the OBBD
 *    output) print exactly what mlir-opt-19 prints.
 * 3. Fewer runtime checks: with abi-facts (default) the lowered output never has more
 *    dealloc_helper calls or pointer extracts than mlir-opt-19's, and fewer in total.
 *    Both sides run as in buildBufferDeallocationPipeline: canonicalize before the
 *    simplification; our side stands in `mlir-opt-19 --canonicalize` (twice, around a
 *    second simplification) for the greedy driver and dealloc canonicalization
 *    patterns that are wired into the pass elsewhere. That variant is executed too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from './lit-runner.js';
import { countChecks, execute, lifelineOpt, mlirOpt } from './dealloc-exec.js';

const DIR = path.join(FIXTURES_DIR, 'dealloc-programs');
const programs = readdirSync(DIR).filter((f) => f.endsWith('.mlir')).sort();
const variants = ['', '=private-function-dynamic-ownership=true'];

const totals = { ours: { helperCalls: 0, pointerExtracts: 0 }, mlir: { helperCalls: 0, pointerExtracts: 0 } };

describe('deallocation pipeline on executed programs', () => {
  it('finds the programs', () => {
    expect(programs.length).toBeGreaterThanOrEqual(5);
  });

  describe.concurrent('programs', () => {
    for (const file of programs) {
      for (const variant of variants) {
        it(`${file} obbd${variant || ' (default)'}`, async () => {
          const program = readFileSync(path.join(DIR, file), 'utf8');
          const obbd = await mlirOpt(program, `--ownership-based-buffer-deallocation${variant}`);
          const [{ result: expected }, canon, mlirSimplified] = await Promise.all([
            execute(program), mlirOpt(obbd, '--canonicalize'), mlirOpt(obbd, '--buffer-deallocation-simplification'),
          ]);

          // 1. soundness, with and without ABI facts
          await Promise.all(['', '=abi-facts=false'].map(async (opt) => {
            const simplified = await lifelineOpt(obbd, `--buffer-deallocation-simplification${opt}`);
            const lowered = await lifelineOpt(simplified, '--bufferization-lower-deallocations');
            expect({ opt, ...(await execute(lowered)) }).toEqual({ opt, result: expected, liveAtExit: 0n });
          }));

          // 2. parity with abi-facts=false, modulo canonicalization; the lowerings exactly
          const ours0 = await lifelineOpt(obbd, '--buffer-deallocation-simplification=abi-facts=false');
          expect(await mlirOpt(ours0, '--canonicalize')).toBe(await mlirOpt(mlirSimplified, '--canonicalize'));
          for (const [input, flag] of [[mlirSimplified, '--bufferization-lower-deallocations'], [obbd, '--convert-bufferization-to-memref']]) {
            expect(await lifelineOpt(input!, flag!)).toBe(await mlirOpt(input!, flag!));
          }

          // 3. runtime checks in the lowered output vs mlir-opt-19's pipeline-equivalent
          const mlirLowered = await mlirOpt(canon, '--buffer-deallocation-simplification', '--canonicalize',
            '--bufferization-lower-deallocations');
          let ir = canon;
          for (let i = 0; i < 2; i++) ir = await mlirOpt(await lifelineOpt(ir, '--buffer-deallocation-simplification'), '--canonicalize');
          const oursLowered = await lifelineOpt(ir, '--bufferization-lower-deallocations');
          const [mlirRun, oursRun] = await Promise.all([execute(mlirLowered), execute(oursLowered)]);
          expect(mlirRun.result).toBe(expected);
          expect(oursRun).toEqual({ result: expected, liveAtExit: 0n });
          const ours = countChecks(oursLowered);
          const theirs = countChecks(mlirLowered);
          expect(ours.helperCalls).toBeLessThanOrEqual(theirs.helperCalls);
          expect(ours.pointerExtracts).toBeLessThanOrEqual(theirs.pointerExtracts);
          for (const k of ['helperCalls', 'pointerExtracts'] as const) {
            totals.ours[k] += ours[k];
            totals.mlir[k] += theirs[k];
          }
          console.log(`${file}${variant}: ours ${JSON.stringify(ours)} mlir-opt-19 ${JSON.stringify(theirs)}`);
        }, 60_000);
      }
    }
  });

  it('needs fewer runtime checks than mlir-opt-19 in total', () => {
    console.log(`totals: ${JSON.stringify(totals)}`);
    expect(totals.ours.helperCalls + totals.ours.pointerExtracts)
      .toBeLessThan(totals.mlir.helperCalls + totals.mlir.pointerExtracts);
  });
});
