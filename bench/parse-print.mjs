#!/usr/bin/env node
// Parse + print benchmark: lifeline-opt next to mlir-opt-19 on generated modules of
// about 10k, 100k and 1M ops (func/arith/cf/scf/memref), measured in the same run.
// Wall time is the median of several runs; peak RSS comes from /usr/bin/time.
//
//   node bench/parse-print.mjs [--sizes 10000,100000,1000000] [--generic]
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { genProgram } from './gen-module.mjs';
import { measure } from './timing.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'bench', 'out');
mkdirSync(outDir, { recursive: true });
const args = process.argv.slice(2);
const sizesArg = args.indexOf('--sizes');
const sizes = sizesArg >= 0 ? args[sizesArg + 1].split(',').map(Number) : [10000, 100000, 1000000];
const generic = args.includes('--generic');
const opt = join(root, 'apps', 'lifeline-opt', 'bin', 'lifeline-opt.js');

function generate(target) {
  // Scale the function count so the module lands near the target op count.
  const opsPerFunc = 200;
  const probe = genProgram(1, { funcs: 20, opsPerFunc });
  const funcs = Math.max(1, Math.round(target / (probe.ops / 20)));
  const { text, ops } = genProgram(1, { funcs, opsPerFunc });
  const file = join(outDir, `module-${target}.mlir`);
  writeFileSync(file, text);
  if (!generic) return { file, ops };
  const g = spawnSync('mlir-opt-19', ['--mlir-print-op-generic', file, '-o', file + '.generic'], { encoding: 'utf8' });
  if (g.status !== 0) throw new Error(g.stderr);
  return { file: file + '.generic', ops };
}

const rows = [];
for (const target of sizes) {
  const { file, ops } = generate(target);
  const runs = ops > 500000 ? 1 : ops > 50000 ? 3 : 5;
  const flags = generic ? ['--mlir-print-op-generic'] : [];
  const ref = measure('mlir-opt-19', [...flags, file, '-o', '/dev/null'], runs);
  const ours = measure('node', [opt, ...flags, file, '-o', '/dev/null'], runs);
  rows.push({ ops, ref, ours });
  console.error(`${ops} ops: mlir-opt-19 ${ref.wall}s, lifeline-opt ${ours.wall}s`);
}

console.log(`| ops | mlir-opt-19 wall | lifeline-opt wall | ratio | mlir-opt-19 peak RSS | lifeline-opt peak RSS | lifeline-opt µs/op |`);
console.log(`|---:|---:|---:|---:|---:|---:|---:|`);
for (const { ops, ref, ours } of rows) {
  console.log(`| ${ops.toLocaleString('en')} | ${ref.wall.toFixed(2)} s | ${ours.wall.toFixed(2)} s | ${(ours.wall / ref.wall).toFixed(2)}× | ` +
    `${ref.rss.toFixed(0)} MB | ${ours.rss.toFixed(0)} MB | ${((ours.wall * 1e6) / ops).toFixed(1)} |`);
}
