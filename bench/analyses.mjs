#!/usr/bin/env node
// Analysis test passes: lifeline-opt next to mlir-opt-19 on one generated function of
// about 10k and 100k ops (bench/gen-analysis-program.mjs), measured in the same run:
// `TOOL F <pipeline> -o /dev/null`, median wall time of several runs, peak RSS.
//
//   node bench/analyses.mjs [--sizes 10000,100000] [--passes print-liveness,alias,...]
//                           [--ptrs 500] [--timeout 300]
//
// Inputs per pass (the pipelines are the ones the differential test uses):
//   print-liveness   few regions (regionRate 0.02): mlir-opt-19's dump prints every op of
//                    a live range, region ops with their whole bodies, and numbers the
//                    whole module again for each printed op, so nesting makes it cubic;
//   alias, modref    `--ptrs` ops carry test.ptr: all pairs of their values are queried
//                    (modref: every such op against every value), so the analysis, not
//                    parsing, dominates mlir-opt-19's time;
//   dead-code, liveness-analysis  a quarter of the ops tagged (liveness-analysis on a
//                    program without statically dead code: mlir-opt-19 crashes on it).
// A run that exceeds --timeout seconds is killed and shown as `> T s`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { genAnalysisProgram } from './gen-analysis-program.mjs';
import { fmtRss, fmtWall, measure } from './timing.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'bench', 'out');
mkdirSync(outDir, { recursive: true });
const opt = join(root, 'apps', 'lifeline-opt', 'bin', 'lifeline-opt.js');

const args = process.argv.slice(2);
const arg = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const sizes = arg('sizes', '10000,100000').split(',').map(Number);
const PTRS = Number(arg('ptrs', 500));
const timeout = Number(arg('timeout', 300));

const nested = (p) => ['--mlir-disable-threading', `--pass-pipeline=builtin.module(func.func(${p}))`];
const PASSES = {
  'print-liveness': {
    flag: '--test-print-liveness', args: nested('test-print-liveness'),
    gen: { regionRate: 0.02, features: { tags: false, ptrs: false } },
  },
  alias: {
    flag: '--test-alias-analysis', args: nested('test-alias-analysis'),
    gen: { ptrRate: 1, maxPtrsPerFunc: PTRS, features: { tags: false } },
  },
  modref: {
    flag: '--test-alias-analysis-modref', args: nested('test-alias-analysis-modref'),
    gen: { ptrRate: 1, maxPtrsPerFunc: Math.round(PTRS / 4), features: { tags: false } },
  },
  'dead-code': {
    flag: '--test-dead-code-analysis', args: ['--test-dead-code-analysis'],
    gen: { features: { ptrs: false } },
  },
  'liveness-analysis': {
    flag: '--test-liveness-analysis', args: ['--test-liveness-analysis'],
    gen: { features: { ptrs: false, dead: false } },
  },
};
const passes = arg('passes', Object.keys(PASSES).join(',')).split(',');

function generate(pass, size) {
  const { text, ops } = genAnalysisProgram(1, { size, funcs: 1, externs: 1, ...PASSES[pass].gen });
  const file = join(outDir, `analysis-${pass}-${size}.mlir`);
  writeFileSync(file, text);
  return { file, ops, ptrs: (text.match(/test\.ptr = /g) ?? []).length };
}

/** A failing tool gets a row saying why instead of ending the benchmark. */
function tryMeasure(cmd, cmdArgs, runs, o) {
  try {
    return measure(cmd, cmdArgs, runs, o);
  } catch (e) {
    const exit = /failed \(exit (\d+)\)/.exec(e.message)?.[1];
    const why = exit === '139' ? 'crashes (SIGSEGV)' : /error: (.*)/.exec(e.message)?.[1] ?? `exit ${exit}`;
    return { wall: NaN, rss: NaN, failed: why.slice(0, 60) };
  }
}
const wall = (m) => (m.failed ? `fails: ${m.failed}` : fmtWall(m));

const rows = [];
for (const pass of passes) {
  for (const size of sizes) {
    const { file, ops, ptrs } = generate(pass, size);
    const runs = ops > 50000 ? 3 : 5;
    const o = { timeout };
    const ref = tryMeasure('mlir-opt-19', [...PASSES[pass].args, file, '-o', '/dev/null'], runs, o);
    const ours = tryMeasure('node', [opt, ...PASSES[pass].args, file, '-o', '/dev/null'], runs, o);
    rows.push({ pass, ops, ptrs, ref, ours });
    console.error(`${pass} ${ops} ops: mlir-opt-19 ${wall(ref)}, lifeline-opt ${wall(ours)}`);
  }
}

console.log(`One function per module; alias: ${PTRS} ops with test.ptr, modref: ${Math.round(PTRS / 4)} (the column says how many the generator placed).`);
console.log('');
console.log('| pass | ops | test.ptr ops | mlir-opt-19 wall | lifeline-opt wall | ratio | mlir-opt-19 peak RSS | lifeline-opt peak RSS |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const { pass, ops, ptrs, ref, ours } of rows) {
  const ratio = ref.timedOut || ours.timedOut || ref.failed || ours.failed ? '–' : `${(ours.wall / ref.wall).toFixed(2)}×`;
  console.log(`| ${PASSES[pass].flag} | ${ops.toLocaleString('en')} | ${ptrs || '–'} | ${wall(ref)} | ${wall(ours)} | ${ratio} | ${fmtRss(ref)} | ${fmtRss(ours)} |`);
}
