#!/usr/bin/env node
// FIR alias analysis: lifeline-opt next to fir-opt-19 on the all-pairs inputs of
// bench/gen-fir-alias-bench.mjs, measured in the same run:
//   TOOL F -pass-pipeline='builtin.module(func.func(PASS))' --mlir-disable-threading -o /dev/null 2>OUT
// with PASS = test-fir-alias-analysis (and one test-fir-alias-analysis-modref row); best
// wall time of --runs runs per tool, and whether the two stderr dumps are byte-identical.
//
//   node bench/fir-alias.mjs [--sizes 100,300,1000] [--runs 3] [--timeout 300]
//
// Rows: N for each size (per i < N: a dummy, a local, a global, every 5th a pointer
// target; V ≈ 3.2 N tagged values, V(V−1)/2 queries), then `--hlfir` (two results per
// declare) and `--depth 8` (8 converts before each tagged value) at N = 300 (or the
// smallest size when 300 is not asked for), and modref at N = 100 (or the smallest).
// A run longer than --timeout seconds is killed and shown as `> T s`. A tool that fails
// (today lifeline-opt has no FIR alias pass) shows `error`; the first line of its
// stderr is listed below the table and the benchmark goes on. `identical?` compares the
// dumps of the last runs with cmp: `yes`, `DIFF (line L)`, or `–` when a side failed.
// Dumps are kept in bench/out/ (N = 1000 prints about 140 MB each).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { genFirAliasBench } from './gen-fir-alias-bench.mjs';
import { timed } from './timing.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'bench', 'out');
mkdirSync(outDir, { recursive: true });
// LIFELINE_OPT_JS=script.js runs another node script in lifeline-opt's place (to check this driver).
const LIFELINE = process.env.LIFELINE_OPT_JS ?? join(root, 'apps', 'lifeline-opt', 'bin', 'lifeline-opt.js');

const args = process.argv.slice(2);
const arg = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const sizes = arg('sizes', '100,300,1000').split(',').map(Number);
const runs = Number(arg('runs', 3));
const timeout = Number(arg('timeout', 300));
if (sizes.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error('--sizes takes positive integers');
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive integer');

const ALIAS = 'test-fir-alias-analysis';
const MODREF = 'test-fir-alias-analysis-modref';
const smallest = Math.min(...sizes);
const variantN = sizes.includes(300) ? 300 : smallest;
const modrefN = sizes.includes(100) ? 100 : smallest;
const INPUTS = [
  ...sizes.map((n) => ({ label: `N=${n}`, n, opts: {}, pass: ALIAS })),
  { label: `N=${variantN} --hlfir`, n: variantN, opts: { hlfir: true }, pass: ALIAS },
  { label: `N=${variantN} --depth 8`, n: variantN, opts: { depth: 8 }, pass: ALIAS },
  { label: `N=${modrefN} modref`, n: modrefN, opts: {}, pass: MODREF },
];

/** Values the test passes collect and how many ops carry test.ptr (a tagged hlfir.declare gives two values). */
function countTags(text) {
  let values = 0;
  let ops = 0;
  for (const line of text.split('\n')) {
    if (!line.includes('test.ptr')) continue;
    ops++;
    values += /^\s*%\w+:2 = hlfir\.declare /.test(line) ? 2 : 1;
  }
  return { values, ops };
}

/** Best wall of `runs` runs writing stderr to `errFile`; `{ timedOut }` or `{ error }` (first stderr line) otherwise. */
function bench(cmd, cmdArgs, errFile) {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    let s;
    try {
      s = timed(cmd, cmdArgs, { timeout, stderr: errFile });
    } catch (e) {
      const first = (e.stderr ?? e.message).split('\n').find((l) => l.trim()) ?? `exit ${e.status}`;
      const sig = e.status > 128 ? ` (exit ${e.status}: signal ${e.status - 128})` : '';
      // Without the input's path, the same failure on every input is listed once.
      return { error: first.trim().replace(/^\S+\.fir:(?=\d)/, 'line ').slice(0, 160) + sig };
    }
    if (s.timedOut) return { wall: timeout, timedOut: true };
    best = Math.min(best, s.wall);
  }
  return { wall: best };
}

/** `yes`, `DIFF (line L)` or `–` (a side has no complete dump). */
function compare(ref, ours, refFile, oursFile) {
  if (ref.error || ours.error || ref.timedOut || ours.timedOut) return '–';
  const r = spawnSync('cmp', [refFile, oursFile], { encoding: 'utf8' });
  if (r.status === 0) return 'yes';
  const line = /line (\d+)/.exec(r.stdout)?.[1];
  return line ? `DIFF (line ${line})` : /EOF on (\S+)/.test(r.stderr) ? `DIFF (${r.stderr.includes(oursFile) ? 'ours' : 'theirs'} shorter)` : 'DIFF';
}

const cell = (m) => (m.error ? 'error' : m.timedOut ? `> ${m.wall} s` : `${m.wall.toFixed(2)} s`);
function ratio(ref, ours) {
  if (ref.error || ours.error || (ref.timedOut && ours.timedOut)) return '–';
  const r = ours.wall / Math.max(ref.wall, 0.01);
  return `${ours.timedOut ? '> ' : ref.timedOut ? '< ' : ''}${r.toFixed(2)}×`;
}

const rows = [];
for (const input of INPUTS) {
  const text = genFirAliasBench(input.n, input.opts);
  const base = `fir-alias-${input.label.replace(/[^\w=]+/g, '-')}`;
  const file = join(outDir, `${base}.fir`);
  writeFileSync(file, text);
  const { values, ops } = countTags(text);
  const queries = input.pass === ALIAS ? (values * (values - 1)) / 2 : values * ops;
  const toolArgs = [file, `-pass-pipeline=builtin.module(func.func(${input.pass}))`, '--mlir-disable-threading', '-o', '/dev/null'];
  const refFile = join(outDir, `${base}.fir-opt-19.txt`);
  const oursFile = join(outDir, `${base}.lifeline-opt.txt`);
  const ref = bench('fir-opt-19', toolArgs, refFile);
  const ours = bench('node', [LIFELINE, ...toolArgs], oursFile);
  const same = compare(ref, ours, refFile, oursFile);
  rows.push({ input, values, queries, ref, ours, same });
  console.error(`${input.label}: fir-opt-19 ${cell(ref)}, lifeline-opt ${cell(ours)}, identical: ${same}`);
}

console.log(`Inputs from bench/gen-fir-alias-bench.mjs; ${runs === 1 ? "one run" : `best of ${runs} runs`}, killed after ${timeout} s; ratio = lifeline-opt / fir-opt-19 (below 1: we are faster).`);
console.log('');
console.log('| input | tagged values | queries | fir-opt-19 s | lifeline-opt s | ratio (ours/theirs) | identical? |');
console.log('|---|---:|---:|---:|---:|---:|---|');
const errors = new Map();
for (const { input, values, queries, ref, ours, same } of rows) {
  for (const [tool, m] of [['fir-opt-19', ref], ['lifeline-opt', ours]]) {
    if (!m.error) continue;
    const key = `${tool}\0${m.error}`;
    errors.set(key, [...(errors.get(key) ?? []), input.label]);
  }
  console.log(`| ${input.label} | ${values.toLocaleString('en')} | ${queries.toLocaleString('en')} | ${cell(ref)} | ${cell(ours)} | ${ratio(ref, ours)} | ${same} |`);
}
if (errors.size) {
  console.log('');
  for (const [key, where] of errors) {
    const [tool, line] = key.split('\0');
    const on = where.length === rows.length ? 'every input' : where.join(', ');
    console.log(`* ${tool} failed on ${on}: \`${line}\``);
  }
}
