#!/usr/bin/env node
// The main job on bundled examples: run lifeline-opt on every file in examples/,
// show its output, and (when mlir-opt-19 is installed) check that mlir-opt-19 reads
// what we print back into exactly what it makes of the original, and that the
// analysis test passes print what mlir-opt-19's print. Examples with a `@main()` also go
// through --buffer-deallocation-pipeline: lifeline-run runs the input and both tools'
// outputs and compares results, memory errors and runtime deallocation work. FIR examples
// (`.fir`) are checked the same way against fir-opt-19, with the FIR alias test passes,
// and show what the escape analysis says of their locals. SIL examples (`.sil`) go through
// --arc-sequence-opts and --arc-loop-hoisting and run before and after in lifeline-sil-run:
// same trace, results and frees, and the retains / releases executed. Last, the Solidity benchmarks
// (bench/sol) compiled by lifeline-sol (lifetime passes on and off) and by solc (viaIR and
// legacy, optimizer on) run on the in-process EVM: results must be identical, and the gas /
// peak-memory table with the live-bytes lower bound is printed.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const opt = join(root, 'node_modules', '.bin', 'lifeline-opt');
const run = join(root, 'node_modules', '.bin', 'lifeline-run');
const scratch = mkdtempSync(join(tmpdir(), 'lifeline-demo-'));
const has = (tool) => spawnSync(tool, ['--version']).status === 0;
const ORACLES = { '.mlir': 'mlir-opt-19', '.fir': 'fir-opt-19' };
const installed = Object.fromEntries(Object.values(ORACLES).map((t) => [t, has(t)]));
const hasOracle = installed['mlir-opt-19'];
const rows = [];
const nested = (p) => ['--mlir-disable-threading', `--pass-pipeline=builtin.module(func.func(${p}))`];
const ANALYSES = [
  { name: 'print-liveness', args: nested('test-print-liveness') },
  { name: 'alias', args: nested('test-alias-analysis') },
  { name: 'dead-code', args: ['--test-dead-code-analysis'] },
];
const FIR_ANALYSES = [
  { name: 'fir-alias', args: nested('test-fir-alias-analysis') },
  { name: 'fir-modref', args: nested('test-fir-alias-analysis-modref') },
];
/** Both tools' stderr (where these test passes print) for one pass, compared byte for byte. */
function sameAnalysis(file, args, oracle) {
  const run = (tool) => spawnSync(tool, [file, ...args, '-o', '/dev/null'], { encoding: 'utf8' }).stderr;
  return run(opt) === run(oracle);
}
/** lifeline-run on `file`: its result lines and the counters of its last two stderr lines. */
function execute(file) {
  const r = spawnSync(run, [file], { encoding: 'utf8' });
  const counters = Object.fromEntries([...r.stderr.matchAll(/([a-z-]+)=(\d+)/g)].map((m) => [m[1], Number(m[2])]));
  const memoryErrors = counters.leaked + counters['double-frees'] + counters['use-after-free'] + counters['invalid-frees'];
  return { result: r.stdout.trim(), clean: r.status === 0 && memoryErrors === 0, ...counters };
}
/** The deallocation pipeline with both tools; our output must run clean with the input's result. */
function deallocation(file) {
  const ours = join(scratch, 'ours.mlir');
  const theirs = join(scratch, 'theirs.mlir');
  const a = spawnSync(opt, [file, '--buffer-deallocation-pipeline', '-o', ours], { encoding: 'utf8' });
  if (a.status !== 0) return { ok: false, text: `lifeline-opt fails: ${a.stderr.split('\n')[0]}` };
  const input = execute(file);
  const mine = execute(ours);
  const ok = mine.clean && mine.result === input.result && (!hasOracle || spawnSync('mlir-opt-19', [ours, '-o', '/dev/null']).status === 0);
  let text = `${ok ? 'clean, same result' : 'WRONG'} (frees ${mine.frees}/${mine.allocs}, helper calls ${mine['dealloc-helper-calls']}, ptr compares ${mine['pointer-compares']})`;
  if (hasOracle && spawnSync('mlir-opt-19', [file, '--buffer-deallocation-pipeline', '-o', theirs]).status === 0) {
    const ref = execute(theirs);
    text += `; mlir-opt-19: helper calls ${ref['dealloc-helper-calls']}, ptr compares ${ref['pointer-compares']}`;
  }
  return { ok, text };
}
for (const name of readdirSync(join(root, 'examples')).filter((f) => /\.(mlir|fir)$/.test(f)).sort()) {
  const file = join(root, 'examples', name);
  const oracle = ORACLES[name.slice(name.lastIndexOf('.'))];
  const fir = name.endsWith('.fir');
  const t0 = performance.now();
  const ours = spawnSync(opt, [file], { encoding: 'utf8' });
  const ms = performance.now() - t0;
  console.log(`// ===== lifeline-opt examples/${name} =====`);
  process.stdout.write(ours.status === 0 ? ours.stdout : ours.stderr);
  let roundTrip = installed[oracle] ? '-' : `${oracle} not installed`;
  if (installed[oracle] && ours.status === 0) {
    const ref = execFileSync(oracle, [file], { encoding: 'utf8' });
    const back = spawnSync(oracle, ['-'], { input: ours.stdout, encoding: 'utf8' });
    roundTrip = back.status === 0 && back.stdout === ref ? 'identical' : 'DIFFERS';
  }
  const analyses = installed[oracle]
    ? (fir ? FIR_ANALYSES : ANALYSES).map((a) => `${a.name} ${sameAnalysis(file, a.args, oracle) ? 'identical' : 'DIFFERS'}`).join(', ')
    : '-';
  if (fir) {
    const escapes = spawnSync(opt, [file, ...nested('test-escape-analysis'), '-o', '/dev/null'], { encoding: 'utf8' });
    console.log(escapes.stderr.trim().split('\n').map((l) => `// escape analysis: ${l}`).join('\n'));
  }
  const dealloc = /func\.func @main\(\)/.test(readFileSync(file, 'utf8')) ? deallocation(file) : { ok: true, text: '-' };
  if (dealloc.text !== '-') console.log(`// buffer-deallocation-pipeline: ${dealloc.text}`);
  rows.push({
    example: name, exit: ours.status, ms: ms.toFixed(0), 'round trip via the oracle': roundTrip, 'analyses vs the oracle': analyses,
    'dealloc pipeline': dealloc.ok ? (dealloc.text === '-' ? '-' : 'clean, same result') : 'WRONG',
  });
}
console.table(rows);

/** A SIL example through the ARC passes, run before and after (same output and frees required). */
const silRun = join(root, 'node_modules', '.bin', 'lifeline-sil-run');
const silRows = [];
for (const name of readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.sil')).sort()) {
  const file = join(root, 'examples', name);
  const optimized = join(scratch, name);
  console.log(`\n// ===== lifeline-opt examples/${name} --arc-sequence-opts --arc-loop-hoisting =====`);
  const o = spawnSync(opt, [file, '--arc-sequence-opts', '--arc-loop-hoisting', '-o', optimized], { encoding: 'utf8' });
  if (o.status === 0) process.stdout.write(readFileSync(optimized, 'utf8'));
  const exec = (f) => spawnSync(silRun, [f, '--args', '4', '--frees'], { encoding: 'utf8' });
  const counts = (r) => /rc: retains=(\d+) releases=(\d+)/.exec(r.stderr)?.slice(1).join(' / ') ?? '?';
  const before = exec(file);
  const after = o.status === 0 ? exec(optimized) : undefined;
  const same = !!after && before.status === 0 && after.status === 0 && after.stdout === before.stdout;
  silRows.push({ example: name, exit: o.status, 'same trace, result, frees': same ? 'yes' : 'NO', 'retains / releases before': counts(before), after: after ? counts(after) : '-' });
}
console.table(silRows);
console.log('\n// ===== Solidity benchmarks: lifeline-sol (lifetime on / off) next to solc and the live-bytes lower bound (node bench/sol-lifetime.mjs --sizes 10,100) =====');
const sol = spawnSync(process.execPath, [join(root, 'bench', 'sol-lifetime.mjs'), '--sizes', '10,100'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
process.stdout.write(sol.stdout);
if (rows.some((r) => r.exit !== 0 || r['round trip via the oracle'] === 'DIFFERS' || r['analyses vs the oracle'].includes('DIFFERS') ||
  r['dealloc pipeline'] === 'WRONG') || silRows.some((r) => r.exit !== 0 || r['same trace, result, frees'] !== 'yes') || sol.status !== 0) process.exit(1);
