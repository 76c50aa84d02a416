/**
 * Differential test of `--buffer-deallocation-pipeline` on seeded executable programs
 * (bench/gen-memref-program.mjs: allocs, views, selects, scf/cf control flow carrying
 * memrefs, calls; every program's `@main() -> i64` folds all loaded values into its
 * result). For every program:
 *
 *   (a) our pipeline's output is accepted by mlir-opt-19;
 *   (b) it runs clean in the reference interpreter (no leak, double free, use after
 *       free or invalid free);
 *   (c) it returns what the input program returns (the input itself leaks: it has no
 *       deallocs, but it must not double free or use freed memory);
 *   (d) it does no more runtime deallocation work than mlir-opt-19's output of the
 *       same pipeline: executed `dealloc_helper` calls, runtime pointer comparisons
 *       and clones, counted by the interpreter — and in total strictly less where
 *       mlir-opt-19 needs any.
 *
 * mlir-opt-19's own output is also run: when it leaks or differs in its result, that
 * program is reported as an oracle bug (see ../shared notes) and (d) is still checked.
 * Programs on which mlir-opt-19 fails are counted and checked for (a)–(c) only.
 *
 *   DEALLOC_DIFF_SEED=n   base seed (default fixed)
 *   DEALLOC_DIFF_COUNT=n  programs (default 300)
 */
import { describe, expect, it } from 'vitest';
import { parseString } from '@lifeline/ir';
import { createRegistry } from '@lifeline/dialects';
import { runModule, type RunResult } from '@lifeline/interp';
import { generateMemrefProgram } from '../bench/gen-memref-program.mjs';
import { runOpt } from './fixtures.js';
import { oracleMissing, runOracle, ORACLE, SPLIT_MARKER, writeTemp } from './oracle.js';

const COUNT = Number(process.env.DEALLOC_DIFF_COUNT ?? 300);
const BASE_SEED = Number(process.env.DEALLOC_DIFF_SEED ?? 20261123);
const BATCH = 50;
const PIPELINE = '--buffer-deallocation-pipeline';
const registry = createRegistry();

interface Work { helper: number; compares: number; clones: number }
const work = (r: RunResult): Work => ({ helper: r.work.deallocHelperCalls, compares: r.work.pointerCompares, clones: r.work.clones });
const run = (text: string): RunResult => runModule(parseString(text, registry), { entry: 'main' });
const memoryErrors = (r: RunResult) => r.memory.leaked + r.memory.doubleFrees + r.memory.useAfterFree + r.memory.invalidFrees;
const describeRun = (r: RunResult) => `results=${r.results.join(',')} memory=${JSON.stringify(r.memory)}` +
  (r.error ? ` error=${r.error.message}` : '');

/** Splits `--split-input-file` output into its chunks. */
const chunks = (text: string): string[] => text.split(SPLIT_MARKER);

describe(`buffer-deallocation-pipeline: ${COUNT} generated programs (base seed ${BASE_SEED})`, () => {
  it('meets (a)–(d) on every program', async () => {
    const missing = oracleMissing();
    if (missing) throw new Error(missing);
    const totals = { ours: { helper: 0, compares: 0, clones: 0 }, ref: { helper: 0, compares: 0, clones: 0 } };
    const oracleFailed: number[] = [];
    const oracleWrong: string[] = [];
    const failures: string[] = [];
    for (let start = 0; start < COUNT; start += BATCH) {
      const seeds = Array.from({ length: Math.min(BATCH, COUNT - start) }, (_, k) => BASE_SEED + start + k);
      const inputs = seeds.map((s) => generateMemrefProgram(s));
      const inputText = inputs.join(SPLIT_MARKER);
      const inputFile = writeTemp(inputText);
      const refs = await Promise.all(inputs.map((t) => runOracle([PIPELINE], writeTemp(t))));
      const ours = runOpt(['--split-input-file', PIPELINE], inputText, inputFile);
      if (ours.code !== 0) {
        failures.push(`lifeline-opt ${PIPELINE} fails on the batch from seed ${seeds[0]}:\n${ours.stderr.slice(0, 3000)}`);
        break;
      }
      const ourChunks = chunks(ours.stdout);
      expect(ourChunks.length).toBe(inputs.length);
      // (a) one mlir-opt-19 run over the whole batch of our outputs.
      const accepted = await runOracle(['--split-input-file'], writeTemp(ourChunks.join(SPLIT_MARKER)));
      if (accepted.code !== 0) failures.push(`(a) ${ORACLE} rejects our output (batch from seed ${seeds[0]}):\n${accepted.stderr.slice(0, 3000)}`);
      seeds.forEach((seed, k) => {
        const where = `seed ${seed}`;
        const input = run(inputs[k]!);
        if (input.error || input.memory.doubleFrees || input.memory.useAfterFree || input.memory.invalidFrees) {
          failures.push(`${where}: the generated input itself fails: ${describeRun(input)}`);
          return;
        }
        const mine = run(ourChunks[k]!);
        if (mine.error || memoryErrors(mine)) failures.push(`(b) ${where}: our output is not clean: ${describeRun(mine)}`);
        if (mine.results.join() !== input.results.join()) {
          failures.push(`(c) ${where}: returns ${mine.results.join(',')} instead of ${input.results.join(',')}`);
        }
        const ref = refs[k]!;
        if (ref.code !== 0 || ref.signal) { oracleFailed.push(seed); return; }
        const theirs = run(ref.stdout);
        if (theirs.error || memoryErrors(theirs) || theirs.results.join() !== input.results.join()) {
          oracleWrong.push(`${where}: ${describeRun(theirs)}`);
        }
        const a = work(mine);
        const b = work(theirs);
        for (const key of ['helper', 'compares', 'clones'] as const) {
          totals.ours[key] += a[key];
          totals.ref[key] += b[key];
          if (a[key] > b[key]) failures.push(`(d) ${where}: ${key} ${a[key]} > ${ORACLE}'s ${b[key]}`);
        }
      });
    }
    console.log(`dealloc differential: ${COUNT} programs; runtime work ours vs ${ORACLE}: ` +
      `dealloc_helper calls ${totals.ours.helper} vs ${totals.ref.helper}, pointer compares ${totals.ours.compares} vs ` +
      `${totals.ref.compares}, clones ${totals.ours.clones} vs ${totals.ref.clones}; ${ORACLE} fails on ${oracleFailed.length} ` +
      `(${oracleFailed.join(', ')}), its output is wrong on ${oracleWrong.length}`);
    if (oracleWrong.length) console.warn(`${ORACLE}'s output misbehaves:\n${oracleWrong.slice(0, 10).join('\n')}`);
    expect(failures.slice(0, 20)).toEqual([]);
    // The oracle must compare most programs, and the comparison must not be vacuous.
    expect(oracleFailed.length).toBeLessThanOrEqual(Math.ceil(COUNT * 0.05));
    if (totals.ref.helper + totals.ref.compares > 0) {
      expect(totals.ours.helper + totals.ours.compares).toBeLessThan(totals.ref.helper + totals.ref.compares);
    }
  });
});
