/**
 * Self-check of bench/gen-memref-program.mjs against mlir-opt-19 and mlir-cpu-runner-19.
 * For each of COUNT seeded programs:
 *   (1) mlir-opt-19 parses and verifies it;
 *   (2) mlir-opt-19 --buffer-deallocation-pipeline accepts it (at least 97% of the
 *       programs: mlir-opt-19 has known crashes, shared/notes/mlir-dealloc.md, that
 *       the generator makes rare but cannot rule out);
 *   (3) the program and the pipeline's output, both lowered to LLVM by mlir-opt-19 and
 *       run by mlir-cpu-runner-19, print the same i64.
 * The runs use glibc's MALLOC_PERTURB_ with a different byte for each side, so a read
 * of uninitialized memory (a generator bug) or of freed memory (a deallocation bug)
 * shows up as a different result instead of passing by luck.
 * Also checked: every feature the generator promises appears in the programs, the
 * results are not all alike, and the pipeline really inserted deallocations.
 *
 *   MEMREF_GEN_SEED=n   base seed (default fixed)
 *   MEMREF_GEN_COUNT=n  programs (default 100)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateMemrefProgram } from '../bench/gen-memref-program.mjs';
import { runTool } from './oracle.js';

const COUNT = Number(process.env.MEMREF_GEN_COUNT ?? 100);
const BASE_SEED = Number(process.env.MEMREF_GEN_SEED ?? 20261124);
const MIN_ACCEPTED = 0.97;
const OPT = 'mlir-opt-19';
const RUNNER = 'mlir-cpu-runner-19';
/** Lowering to the LLVM dialect that mlir-opt-19 accepts for both inputs and pipeline outputs. */
const LOWER_TO_LLVM = [
  '--pass-pipeline=builtin.module(convert-bufferization-to-memref,convert-scf-to-cf,expand-strided-metadata,',
  'finalize-memref-to-llvm,convert-arith-to-llvm,convert-index-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,',
  'reconcile-unrealized-casts)',
].join('');

interface Run { code: number | null; signal: string | null; stdout: string; stderr: string }
interface Outcome {
  seed: number;
  text: string;
  verify: Run;
  pipeline?: Run;
  input?: Run;
  output?: Run;
  deallocs: number;
}

// Generated programs terminate within milliseconds; a hang is a failure, not a stuck suite.
const exec = (cmd: string, args: string[], env: Record<string, string> = {}): Promise<Run> =>
  runTool(cmd, args, { env, timeoutMs: 60_000 });
const ok = (r: Run) => r.code === 0 && !r.signal;
const why = (r: Run) => (r.signal ? `killed by ${r.signal}` : `exit ${r.code}`) + `: ${r.stderr.split('\n').slice(0, 3).join(' | ')}`;

const dir = mkdtempSync(join(tmpdir(), 'memref-gen-'));

/** Lowers `file` to LLVM and runs @main; `perturb` is the MALLOC_PERTURB_ byte. */
async function lowerAndRun(file: string, perturb: number): Promise<Run> {
  const llvm = `${file}.llvm.mlir`;
  const lowered = await exec(OPT, [LOWER_TO_LLVM, file, '-o', llvm]);
  if (!ok(lowered)) return { ...lowered, stderr: `lowering failed: ${lowered.stderr}` };
  return exec(RUNNER, [llvm, '-e', 'main', '-entry-point-result=i64'], { MALLOC_PERTURB_: String(perturb) });
}

async function check(seed: number): Promise<Outcome> {
  const text = generateMemrefProgram(seed);
  const file = join(dir, `p${seed}.mlir`);
  writeFileSync(file, text);
  const verify = await exec(OPT, [file, '-o', '/dev/null']);
  const o: Outcome = { seed, text, verify, deallocs: 0 };
  if (!ok(verify)) return o;
  const out = join(dir, `p${seed}.dealloc.mlir`);
  o.pipeline = await exec(OPT, ['--buffer-deallocation-pipeline', file, '-o', out]);
  o.input = await lowerAndRun(file, 0x55);
  if (!ok(o.pipeline)) return o;
  o.deallocs = (readFileSync(out, 'utf8').match(/memref\.dealloc /g) ?? []).length;
  o.output = await lowerAndRun(out, 0xaa);
  return o;
}

/** Runs `f` over `items` with at most `n` in flight. */
async function pool<T, R>(items: T[], n: number, f: (x: T) => Promise<R>): Promise<R[]> {
  const res: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      res[i] = await f(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, n) }, worker));
  return res;
}

/** A call to a function (private or public) that returns a memref. */
function callsMemrefFunction(vis: 'private ' | ''): RegExp | ((text: string) => boolean) {
  return (text) => [...text.matchAll(new RegExp(`func\\.func ${vis}@(f\\d+)\\(.*\\) -> \\(memref`, 'g'))]
    .some((m) => text.includes(`func.call @${m[1]}(`));
}

/** What the generator promises to cover, as patterns over the program text. */
const FEATURES: Record<string, RegExp | ((text: string) => boolean)> = {
  'static alloc': /memref\.alloc\(\) : memref<8xi64>/,
  'dynamic alloc': /memref\.alloc\(%\w+\) : memref<\?xi64>/,
  'static subview': /memref\.subview %\S+\[\d+\] \[4\] \[1\]/,
  'dynamic subview': /memref\.subview %\S+\[%\w+\] \[4\] \[1\]/,
  'cast': /memref\.cast %\S+ : memref<8xi64> to memref<\?xi64>/,
  'subview cast': /memref\.cast %\S+ : memref<4xi64, strided<\[1\], offset: \d+>> to/,
  'memref select': /arith\.select %\S+, %\S+, %\S+ : memref</,
  'scf.if with memref result': /scf\.if %\S+ -> \(memref</,
  'scf.for with memref iter_arg': /scf\.for .* iter_args\(%\w+ = %\S+, .*-> \(memref</,
  'scf.while carrying a memref': /scf\.while \(.*: \(i64, memref</,
  'cf.cond_br with memref block arguments': /cf\.cond_br %\S+, \^bb\d+\(%\S+(, %\S+)* : memref</,
  'block argument of memref type': /\^bb[1-9]\d*\(%\w+: memref</,
  'cf.br to a join with a memref': /cf\.br \^bb\d+\(%\S+, %\S+ : memref</,
  'call to a private function returning a memref': callsMemrefFunction('private '),
  'call to a public function returning a memref': callsMemrefFunction(''),
  'call': /func\.call @f\d+\(/,
  'memref.copy': /memref\.copy /,
  'memref.dim': /memref\.dim /,
  'store': /memref\.store /,
  'inline fill loop': /scf\.for %v\d+ = %c0 to %(c8|v\d+) step %c1 \{/,
};

describe(`gen-memref-program: ${COUNT} programs from seed ${BASE_SEED}`, () => {
  let outcomes: Outcome[] = [];
  beforeAll(async () => {
    for (const tool of [OPT, RUNNER]) {
      const r = spawnSync(tool, ['--version'], { encoding: 'utf8' });
      if (r.error) throw new Error(`${tool} is not installed (${r.error.message}); apt-get install -y mlir-19-tools`);
    }
    const seeds = Array.from({ length: COUNT }, (_, i) => BASE_SEED + i);
    outcomes = await pool(seeds, availableParallelism(), check);
  }, 600_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the generator is deterministic', () => {
    expect(generateMemrefProgram(BASE_SEED)).toBe(generateMemrefProgram(BASE_SEED));
    expect(generateMemrefProgram(BASE_SEED)).not.toBe(generateMemrefProgram(BASE_SEED + 1));
  });

  it('the harness sees reads of uninitialized and of freed memory', async () => {
    // Neither is a valid program; they show that (3) can fail.
    const uninit = `func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<8xi64>
  %v = memref.load %m[%c0] : memref<8xi64>
  return %v : i64
}
`;
    const freed = `func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %k = arith.constant 7 : i64
  %m = memref.alloc() : memref<8xi64>
  memref.store %k, %m[%c0] : memref<8xi64>
  memref.dealloc %m : memref<8xi64>
  %v = memref.load %m[%c0] : memref<8xi64>
  return %v : i64
}
`;
    const run = async (text: string, name: string, perturb: number) => {
      const file = join(dir, name);
      writeFileSync(file, text);
      const r = await lowerAndRun(file, perturb);
      expect(ok(r), why(r)).toBe(true);
      return r.stdout;
    };
    expect(await run(uninit, 'uninit.mlir', 0x55)).not.toBe(await run(uninit, 'uninit.mlir', 0xaa));
    expect(await run(freed, 'freed.mlir', 0xaa)).not.toBe('7\n');
  });

  it('(1) mlir-opt-19 parses and verifies every program', () => {
    const bad = outcomes.filter((o) => !ok(o.verify));
    expect(bad.map((o) => `seed ${o.seed}: ${why(o.verify)}`)).toEqual([]);
  });

  it('every program runs: @main() -> i64, no deallocs in the input', () => {
    for (const o of outcomes) {
      expect(o.text).toMatch(/func\.func @main\(\) -> i64 \{/);
      expect(o.text).not.toMatch(/memref\.dealloc|bufferization\./);
    }
    const bad = outcomes.filter((o) => !o.input || !ok(o.input) || !/^-?\d+\n$/.test(o.input.stdout));
    expect(bad.map((o) => `seed ${o.seed}: ${o.input ? why(o.input) : 'not run'}`)).toEqual([]);
  });

  it(`(2) mlir-opt-19 --buffer-deallocation-pipeline accepts at least ${MIN_ACCEPTED * 100}%`, () => {
    const rejected = outcomes.filter((o) => o.pipeline && !ok(o.pipeline));
    const rate = 1 - rejected.length / outcomes.length;
    console.log(`mlir-opt-19 --buffer-deallocation-pipeline accepted ${outcomes.length - rejected.length}/${outcomes.length}`
      + rejected.map((o) => `\n  seed ${o.seed}: ${why(o.pipeline!)}`).join(''));
    expect(rate).toBeGreaterThanOrEqual(MIN_ACCEPTED);
  });

  it('(3) the program and the pipeline output print the same result', () => {
    const compared = outcomes.filter((o) => o.output);
    expect(compared.length).toBeGreaterThanOrEqual(Math.ceil(outcomes.length * MIN_ACCEPTED));
    const bad = compared.filter((o) => !ok(o.output!) || o.output!.stdout !== o.input!.stdout);
    expect(bad.map((o) => `seed ${o.seed}: input ${o.input!.stdout.trim()}, output ${ok(o.output!) ? o.output!.stdout.trim() : why(o.output!)}`)).toEqual([]);
    // Not vacuous: results vary between programs and the pipeline freed buffers.
    expect(new Set(compared.map((o) => o.input!.stdout)).size).toBeGreaterThan(compared.length / 2);
    expect(compared.filter((o) => o.deallocs > 0).length).toBeGreaterThan(compared.length * 0.9);
  });

  it('covers every promised feature', () => {
    const has = (f: RegExp | ((text: string) => boolean), text: string) => (typeof f === 'function' ? f(text) : f.test(text));
    const missing = Object.entries(FEATURES)
      .filter(([, f]) => !outcomes.some((o) => has(f, o.text)))
      .map(([name]) => name);
    expect(missing).toEqual([]);
    // Every feature in a fair share of programs, not just once.
    const rare = Object.entries(FEATURES)
      .map(([name, f]) => [name, outcomes.filter((o) => has(f, o.text)).length] as const)
      .filter(([, n]) => n < outcomes.length / 20);
    expect(rare).toEqual([]);
  });
});
