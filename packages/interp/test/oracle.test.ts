/**
 * (b) Results agree with a real oracle. Each program in fixtures/oracle returns one
 * i64 from @main; mlir-opt-19 lowers it to LLVM and mlir-cpu-runner-19 runs it. The
 * interpreter must print the same number. Then mlir-opt-19's
 * --buffer-deallocation-pipeline output (ownership-based deallocation, simplification,
 * lowering of bufferization.dealloc with the dealloc_helper library function) must run
 * with the same result, no memory error, as many frees as allocations, and still agree
 * with LLVM. Fixtures starting with `// dealloc-pipeline: skip` say why they skip the
 * second half.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runModule } from '@lifeline/interp';
import { FIXTURES, NO_MEMORY_ERRORS, cli, memoryErrors, mlirOpt, oracleMain, parse, tmp } from './harness.js';

const DIR = path.join(FIXTURES, 'oracle');
const files = readdirSync(DIR).filter((f) => f.endsWith('.mlir')).sort();
const timings: string[] = [];
// Printed for the record: benchmarks are not assertions.
afterAll(() => console.log(timings.join('\n')));

/** Runs in process, timing the run alone (parse excluded) over a few repetitions. */
function timedRun(text: string, name: string) {
  const module = parse(text, name);
  let r = runModule(module);
  const reps = 20;
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) r = runModule(module);
  const ms = (performance.now() - t0) / reps;
  timings.push(`${name}: ${ms.toFixed(2)} ms/run, ${r.steps} steps`);
  return r;
}

describe('interpreter results agree with mlir-cpu-runner-19', () => {
  it('has fixtures', () => expect(files.length).toBeGreaterThanOrEqual(6));
  for (const f of files) {
    const text = readFileSync(path.join(DIR, f), 'utf8');
    it(f, () => {
      const expected = oracleMain(text);
      expect(expected).toMatch(/^-?\d+$/);
      const r = timedRun(text, f);
      expect(r.error).toBeUndefined();
      expect(r.results).toEqual([expected]);
    });
    if (/^\/\/ dealloc-pipeline: skip/.test(text)) continue;
    it(`${f} after --buffer-deallocation-pipeline`, () => {
      const dealloced = mlirOpt(text, ['--buffer-deallocation-pipeline']);
      const r = timedRun(dealloced, `${f} (deallocated)`);
      expect(r.error).toBeUndefined();
      expect(memoryErrors(r)).toEqual(NO_MEMORY_ERRORS);
      expect(r.memory.frees).toBe(r.memory.allocs);
      expect(r.results).toEqual([oracleMain(text)]);
      expect(oracleMain(dealloced)).toBe(r.results[0]);
    });
  }
});

describe('the dealloc pipeline exercises what it should', () => {
  it('ownership.mlir calls dealloc_helper and compares pointers', () => {
    const text = readFileSync(path.join(DIR, 'ownership.mlir'), 'utf8');
    const dealloced = mlirOpt(text, ['--buffer-deallocation-pipeline']);
    const r = runModule(parse(dealloced));
    expect(r.work.deallocHelperCalls).toBeGreaterThan(0);
    // The binary agrees: exit 0, the result on stdout.
    const file = path.join(tmp, 'ownership-dealloced.mlir');
    writeFileSync(file, dealloced);
    const run = cli([file]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`${r.results[0]}\n`);
    expect(r.work.pointerExtracts).toBeGreaterThan(0);
    expect(r.work.pointerCompares).toBeGreaterThan(0);
    const before = runModule(parse(text));
    expect(before.memory.leaked).toBe(before.memory.allocs);
    expect(before.work).toEqual({ deallocHelperCalls: 0, pointerExtracts: 0, pointerCompares: 0, clones: 0 });
  });
});
