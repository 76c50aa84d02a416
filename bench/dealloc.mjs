#!/usr/bin/env node
// Buffer deallocation: lifeline-opt next to mlir-opt-19 on the benchmark shapes of
// bench/gen-dealloc-bench.mjs, measured in the same run:
// `TOOL --buffer-deallocation-pipeline F -o /dev/null` (first table) and
// `TOOL --ownership-based-buffer-deallocation F -o /dev/null` (second table);
// median wall time over --runs runs and the largest peak RSS (bench/timing.mjs).
//
//   node bench/dealloc.mjs [--shapes straight,scf,cf,calls,cf-chain] [--sizes 1000,10000,100000]
//                          [--timeout 120] [--runs N]
//
// Shapes: straight, scf, calls as generated; cf with 8 diamonds per function
// (`--per-func 8`: MLIR 19's back-edge search is exponential in the diamonds of one
// function, shared/notes/mlir-dealloc.md). Opt-in shape `cf-chain`: every diamond in one
// function (mlir-opt-19 times out at any size; shows that our passes stay linear in
// the CFG, e.g. CSE's scoped table along a dominator tree as deep as the chain).
// A run longer than --timeout seconds is killed and shown as `> T s` (mlir-opt-19 takes
// about 105 s on the 100k straight pipeline and more than 15 min on the 100k scf one);
// the ratio is then a lower bound. A run that fails shows `error`, and the first line
// of its stderr is listed below the table; the benchmark goes on.
// Runs: --runs if given, else 5 below 50k ops and 3 above; a tool whose first run takes
// more than 20 s is run once.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { genDeallocBench } from './gen-dealloc-bench.mjs';
import { fmtRss, fmtWall, median, timed } from './timing.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'bench', 'out');
mkdirSync(outDir, { recursive: true });
const LIFELINE = join(root, 'node_modules', '.bin', 'lifeline-opt');

const args = process.argv.slice(2);
const arg = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const shapes = arg('shapes', 'straight,scf,cf,calls').split(',');
const sizes = arg('sizes', '1000,10000,100000').split(',').map(Number);
const timeout = Number(arg('timeout', 120));
const runsArg = arg('runs', undefined);
/** Benchmark shape -> generator shape and options. */
const BENCH_SHAPES = {
  straight: ['straight', {}],
  scf: ['scf', {}],
  cf: ['cf', { perFunc: 8 }],
  'cf-chain': ['cf', { perFunc: 0 }],
  calls: ['calls', {}],
};
for (const s of shapes) if (!BENCH_SHAPES[s]) throw new Error(`unknown shape '${s}' (expected ${Object.keys(BENCH_SHAPES).join(', ')})`);
if (sizes.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error('--sizes takes positive integers');

const PASSES = [
  { flag: '--buffer-deallocation-pipeline', title: '`--buffer-deallocation-pipeline`' },
  { flag: '--ownership-based-buffer-deallocation', title: '`--ownership-based-buffer-deallocation` alone' },
];
const SLOW = 20; // seconds: one run is enough

/** Median wall and peak RSS of `runs` runs; `{ timedOut }` after a cap, `{ error }` (first stderr line) on failure. */
function bench(cmd, cmdArgs, runs) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    let s;
    try {
      s = timed(cmd, cmdArgs, { timeout });
    } catch (e) {
      const first = (e.stderr ?? e.message).split('\n').find((l) => l.trim()) ?? `exit ${e.status}`;
      const sig = e.status > 128 ? ` (exit ${e.status}: signal ${e.status - 128})` : '';
      return { wall: NaN, rss: NaN, error: first.trim() + sig };
    }
    if (s.timedOut) return { wall: timeout, rss: NaN, timedOut: true };
    samples.push(s);
    if (s.wall > SLOW) break;
  }
  return { wall: median(samples.map((s) => s.wall)), rss: Math.max(...samples.map((s) => s.rss)), runs: samples.length };
}

const cell = (m) => (m.error ? 'error' : fmtWall(m));
function ratio(ref, ours) {
  if (ref.error || ours.error || ours.timedOut) return '–';
  const r = ref.wall / Math.max(ours.wall, 0.001);
  return `${ref.timedOut ? '> ' : ''}${r.toFixed(2)}×`;
}

const files = [];
for (const shape of shapes) {
  for (const size of sizes) {
    const [gen, options] = BENCH_SHAPES[shape];
    const { text, ops } = genDeallocBench(gen, size, options);
    const file = join(outDir, `dealloc-${shape}-${size}.mlir`);
    writeFileSync(file, text);
    files.push({ shape, size, ops, file });
  }
}

const tables = PASSES.map(() => []);
PASSES.forEach((pass, p) => {
  for (const { shape, ops, file } of files) {
    const runs = runsArg ? Number(runsArg) : ops > 50000 ? 3 : 5;
    const ref = bench('mlir-opt-19', [pass.flag, file, '-o', '/dev/null'], runs);
    const ours = bench(LIFELINE, [pass.flag, file, '-o', '/dev/null'], runs);
    tables[p].push({ shape, ops, ref, ours });
    console.error(`${pass.flag} ${shape} ${ops} ops: mlir-opt-19 ${cell(ref)}, lifeline-opt ${cell(ours)}`);
  }
});

console.log(`Shapes from bench/gen-dealloc-bench.mjs (cf: 8 diamonds per function); median wall time, runs killed after ${timeout} s; ratio = mlir-opt-19 / lifeline-opt.`);
PASSES.forEach((pass, p) => {
  console.log('');
  console.log(`### ${pass.title}`);
  console.log('');
  console.log('| shape | ops | mlir-opt-19 | lifeline-opt | ratio | mlir-opt-19 peak RSS | lifeline-opt peak RSS |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const errors = new Map();
  for (const { shape, ops, ref, ours } of tables[p]) {
    for (const [tool, m] of [['mlir-opt-19', ref], ['lifeline-opt', ours]]) {
      if (!m.error) continue;
      const key = `${tool}\0${m.error}`;
      errors.set(key, [...(errors.get(key) ?? []), `${shape} ${ops}`]);
    }
    console.log(`| ${shape} | ${ops.toLocaleString('en')} | ${cell(ref)} | ${cell(ours)} | ${ratio(ref, ours)} | ${fmtRss(ref)} | ${fmtRss(ours)} |`);
  }
  if (errors.size) {
    console.log('');
    for (const [key, where] of errors) {
      const [tool, line] = key.split('\0');
      const on = where.length === tables[p].length ? 'every input' : where.join(', ');
      console.log(`* ${tool} failed on ${on}: \`${line}\``);
    }
  }
});
