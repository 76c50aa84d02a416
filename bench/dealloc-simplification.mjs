#!/usr/bin/env node
// buffer-deallocation-simplification: lifeline-opt next to mlir-opt-19 on
//   straight-N  the OBBD output (mlir-opt-19 --ownership-based-buffer-deallocation) of
//               bench/gen-dealloc-bench.mjs straight N: one function
//               whose exit dealloc lists N/5 allocations;
//   dealloc-K   one function with K allocations and one dealloc listing all of them
//               (and a retained argument).
// Reported: whole-run wall time (median of --runs, /usr/bin/time), peak RSS, and the
// pass's own time from --mlir-timing. A run over --timeout seconds is killed (`> T s`).
//
//   node bench/dealloc-simplification.mjs [--straight 10000,100000] [--dealloc 10000,100000]
//                                         [--runs 3] [--timeout 120]
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { genDeallocBench } from './gen-dealloc-bench.mjs';
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
const list = (s) => (s ? s.split(',').filter(Boolean).map(Number) : []);
const runs = Number(arg('runs', 3));
const timeout = Number(arg('timeout', 120));

function deallocK(k) {
  const lines = ['func.func @f(%p: i1, %r: memref<8xf32>) -> i1 {'];
  for (let i = 0; i < k; i++) lines.push(`  %a${i} = memref.alloc() : memref<8xf32>`);
  const ids = Array.from({ length: k }, (_, i) => `%a${i}`);
  lines.push(`  %0 = bufferization.dealloc (${ids.join(', ')} : ${ids.map(() => 'memref<8xf32>').join(', ')}) ` +
    `if (${ids.map(() => '%p').join(', ')}) retain (%r : memref<8xf32>)`);
  lines.push('  return %0 : i1', '}');
  return lines.join('\n') + '\n';
}

const inputs = [];
for (const n of list(arg('straight', '10000,100000'))) {
  const src = join(outDir, `straight-${n}.mlir`);
  const f = join(outDir, `straight-${n}.obbd.mlir`);
  writeFileSync(src, genDeallocBench('straight', n).text);
  spawnSync('mlir-opt-19', [src, '--ownership-based-buffer-deallocation', '-o', f], { stdio: 'inherit' });
  inputs.push([`straight-${n} (OBBD output)`, f]);
}
for (const k of list(arg('dealloc', '10000,100000'))) {
  const f = join(outDir, `dealloc-${k}.mlir`);
  writeFileSync(f, deallocK(k));
  inputs.push([`dealloc of ${k} memrefs`, f]);
}

/** The pass's own wall time from --mlir-timing, in seconds. */
function passTime(cmd, cmdArgs) {
  const r = spawnSync('timeout', ['-s', 'KILL', String(timeout), cmd, ...cmdArgs, '--mlir-timing', '-o', '/dev/null'],
    { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) return undefined;
  const m = /^\s*([\d.]+) \(\s*[\d.]+%\)\s+BufferDeallocationSimplification/m.exec(r.stderr);
  return m ? Number(m[1]) : undefined;
}

const tools = [
  ['lifeline-opt (abi-facts)', process.execPath, [opt], '--buffer-deallocation-simplification'],
  ['lifeline-opt (abi-facts=false)', process.execPath, [opt], '--buffer-deallocation-simplification=abi-facts=false'],
  ['mlir-opt-19', 'mlir-opt-19', [], '--buffer-deallocation-simplification'],
];
console.log('| input | tool | wall (whole run) | peak RSS | pass time |');
console.log('|---|---|---|---|---|');
for (const [name, f] of inputs) {
  for (const [label, cmd, pre, flag] of tools) {
    const m = measure(cmd, [...pre, f, flag, '-o', '/dev/null'], runs, { timeout });
    const p = m.timedOut ? undefined : passTime(cmd, [...pre, f, flag]);
    console.log(`| ${name} | ${label} | ${fmtWall(m)} | ${fmtRss(m)} | ${p === undefined ? '–' : `${p.toFixed(3)} s`} |`);
  }
}
