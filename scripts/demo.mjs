#!/usr/bin/env node
// The main job on bundled examples: run lifeline-opt on every file in examples/,
// show its output, and (when mlir-opt-19 is installed) check that mlir-opt-19 reads
// what we print back into exactly what it makes of the original, and that the
// analysis test passes print what mlir-opt-19's print.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const opt = join(root, 'node_modules', '.bin', 'lifeline-opt');
const hasOracle = spawnSync('mlir-opt-19', ['--version']).status === 0;
const rows = [];
const nested = (p) => ['--mlir-disable-threading', `--pass-pipeline=builtin.module(func.func(${p}))`];
const ANALYSES = [
  { name: 'print-liveness', args: nested('test-print-liveness') },
  { name: 'alias', args: nested('test-alias-analysis') },
  { name: 'dead-code', args: ['--test-dead-code-analysis'] },
];
/** Both tools' stderr (where these test passes print) for one pass, compared byte for byte. */
function sameAnalysis(file, args) {
  const run = (tool) => spawnSync(tool, [file, ...args, '-o', '/dev/null'], { encoding: 'utf8' }).stderr;
  return run(opt) === run('mlir-opt-19');
}
for (const name of readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.mlir')).sort()) {
  const file = join(root, 'examples', name);
  const t0 = performance.now();
  const ours = spawnSync(opt, [file], { encoding: 'utf8' });
  const ms = performance.now() - t0;
  console.log(`// ===== lifeline-opt examples/${name} =====`);
  process.stdout.write(ours.status === 0 ? ours.stdout : ours.stderr);
  let roundTrip = hasOracle ? '-' : 'mlir-opt-19 not installed';
  if (hasOracle && ours.status === 0) {
    const ref = execFileSync('mlir-opt-19', [file], { encoding: 'utf8' });
    const back = spawnSync('mlir-opt-19', ['-'], { input: ours.stdout, encoding: 'utf8' });
    roundTrip = back.status === 0 && back.stdout === ref ? 'identical' : 'DIFFERS';
  }
  const analyses = hasOracle ? ANALYSES.map((a) => `${a.name} ${sameAnalysis(file, a.args) ? 'identical' : 'DIFFERS'}`).join(', ') : '-';
  rows.push({ example: name, exit: ours.status, ms: ms.toFixed(0), 'round trip via mlir-opt-19': roundTrip, 'analyses vs mlir-opt-19': analyses });
}
console.table(rows);
if (rows.some((r) => r.exit !== 0 || r['round trip via mlir-opt-19'] === 'DIFFERS' || r['analyses vs mlir-opt-19'].includes('DIFFERS'))) process.exit(1);
