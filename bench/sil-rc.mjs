// Issue 8's figure: retains and releases *executed* before and after ARC optimization
// on the generated SIL programs (bench/gen-sil-program.mjs), measured by running the
// original and the optimized programs in the SIL interpreter on the same arguments.
//
//   (1) Pipelines, each through lifeline-opt (bench/sil-rc-harness.mjs):
//       `--arc-sequence-opts` alone, `--arc-loop-hoisting` alone, and both in order.
//   (2) Seeds 1..N (default 300), shape SHAPES[seed % 4] (straight, diamonds, loops,
//       mixed), each run on the three SIL_ARGS vectors; the table shows the executed
//       counts summed per shape and in total, and the reduction in percent.
//   (3) Every optimized run is checked against the original (compareRuns); programs
//       where a pipeline changed behaviour are counted and listed, and their counts
//       are still included (the figure is what the passes do today).
//   (4) `--sizes 10000,100000`: optimization time of one generated function of about
//       that many instructions (the generator's @main with helpers inlined away:
//       `helpers: 0`, the statement count scaled to the size), from lifeline-opt's
//       --mlir-timing report, and the growth ratio between the sizes (linear: ~10x for
//       10x the instructions).
//
//   node bench/sil-rc.mjs [--seeds N] [--sizes 10000,100000] [--no-rc]
import { generateSilProgram, SHAPES, SIL_ARGS } from './gen-sil-program.mjs';
import { checkProgram, optimizeSil, rcTotals } from './sil-rc-harness.mjs';

const PIPELINES = [
  { name: 'arc-sequence-opts', stages: [['--arc-sequence-opts']] },
  { name: 'arc-loop-hoisting', stages: [['--arc-loop-hoisting']] },
  { name: 'both (sequence, then hoisting)', stages: [['--arc-sequence-opts'], ['--arc-loop-hoisting']] },
];

function parseArgs(argv) {
  const o = { seeds: 300, sizes: [], rc: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--seeds') o.seeds = Number(argv[++i]);
    else if (a === '--sizes') o.sizes = argv[++i].split(',').map(Number).filter(Boolean);
    else if (a === '--no-rc') o.rc = false;
    else throw new Error(`unknown option ${a}`);
  }
  return o;
}

const pct = (before, after) => (before ? `${(((before - after) / before) * 100).toFixed(1)}%` : '-');

/** (1)(2)(3) */
function rcFigure(seeds) {
  const rows = new Map(); // shape -> { original, [pipeline]: totals }
  const zero = () => ({ retains: 0, releases: 0 });
  const add = (t, x) => { t.retains += x.retains; t.releases += x.releases; };
  const broken = PIPELINES.map(() => []);
  const costlier = PIPELINES.map(() => []);
  for (const shape of [...SHAPES, 'total']) rows.set(shape, { programs: 0, original: zero(), after: PIPELINES.map(zero) });
  for (let seed = 1; seed <= seeds; seed++) {
    const shape = SHAPES[seed % SHAPES.length];
    const text = generateSilProgram(seed, { shape });
    const checks = PIPELINES.map((p) => checkProgram(text, { stages: p.stages, args: SIL_ARGS }));
    if (checks[0].error && !checks[0].stages.length) throw new Error(`seed ${seed}: ${checks[0].error}`);
    for (const key of [shape, 'total']) {
      const row = rows.get(key);
      row.programs++;
      add(row.original, rcTotals(checks[0].original));
      checks.forEach((c, k) => add(row.after[k], rcTotals(c.stages[c.stages.length - 1].runs)));
    }
    checks.forEach((c, k) => {
      const diffs = c.stages.flatMap((s) => s.differences);
      // (5) is compareRuns' "more retains / releases executed": behaviour is the same, the cost is not
      if (c.error || diffs.some((d) => !/: \(5\) /.test(d))) broken[k].push(seed);
      else if (diffs.length) costlier[k].push(seed);
    });
  }
  console.log(`Retains / releases executed, ${seeds} generated programs x ${SIL_ARGS.length} argument vectors (lifeline-sil-run):\n`);
  const head = ['shape', 'programs', 'original', ...PIPELINES.map((p) => p.name)];
  const lines = [head];
  for (const [shape, r] of rows) {
    lines.push([
      shape, String(r.programs), `${r.original.retains} / ${r.original.releases}`,
      ...r.after.map((a) => `${a.retains} / ${a.releases} (-${pct(r.original.retains, a.retains)} / -${pct(r.original.releases, a.releases)})`),
    ]);
  }
  const widths = head.map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  for (const l of lines) console.log('| ' + l.map((c, i) => c.padEnd(widths[i])).join(' | ') + ' |');
  console.log('');
  PIPELINES.forEach((p, k) => {
    const seedList = (xs) => `${xs.slice(0, 20).join(', ')}${xs.length > 20 ? ', …' : ''}`;
    console.log(`${p.name}: ${broken[k].length ? `behaviour changed on ${broken[k].length} program(s): seeds ${seedList(broken[k])}` : 'behaviour identical on every program'}` +
      (costlier[k].length ? `; more retains/releases executed on ${costlier[k].length} program(s): seeds ${seedList(costlier[k])}` : '; never more retains/releases executed'));
  });
}

/** A generated function of about `target` instructions (4). */
function bigProgram(target) {
  const count = (text) => text.split('\n').filter((l) => /^  \S/.test(l)).length;
  let stmts = 50;
  let text = generateSilProgram(1, { helpers: 0, stmts, depth: 2 });
  for (let k = 0; k < 3; k++) {
    stmts = Math.max(1, Math.round((stmts * target) / count(text)));
    text = generateSilProgram(1, { helpers: 0, stmts, depth: 2 });
  }
  return { text, insts: count(text) };
}

function passTimes(stderr) {
  const t = {};
  for (const m of stderr.matchAll(/^\s+([\d.]+) \(\s*[\d.]+%\)\s+(\S+)$/gm)) t[m[2]] = Number(m[1]) * 1000;
  return t;
}

function timeFigure(sizes) {
  console.log('\nOptimization time of one generated function (lifeline-opt --mlir-timing, best of 3):\n');
  const rows = [];
  for (const size of sizes) {
    const { text, insts } = bigProgram(size);
    let best;
    for (let k = 0; k < 3; k++) {
      const o = optimizeSil(text, ['--arc-sequence-opts', '--arc-loop-hoisting', '--mlir-timing']);
      if (o.code !== 0) throw new Error(`lifeline-opt failed on ${insts} instructions: ${o.stderr.split('\n')[0]}`);
      const t = passTimes(o.stderr);
      if (!best || t.ARCSequenceOpts + t.ARCLoopHoisting < best.ARCSequenceOpts + best.ARCLoopHoisting) best = t;
    }
    rows.push({ insts, seq: best.ARCSequenceOpts, hoist: best.ARCLoopHoisting });
    console.log(`  ${String(insts).padStart(7)} instructions: arc-sequence-opts ${best.ARCSequenceOpts.toFixed(0)} ms, arc-loop-hoisting ${best.ARCLoopHoisting.toFixed(0)} ms (parse ${best.Parser.toFixed(0)} ms)`);
  }
  if (rows.length >= 2) {
    const [a, b] = [rows[0], rows[rows.length - 1]];
    console.log(`  growth for ${(b.insts / a.insts).toFixed(1)}x instructions: arc-sequence-opts ${(b.seq / a.seq).toFixed(1)}x, arc-loop-hoisting ${(b.hoist / a.hoist).toFixed(1)}x`);
  }
}

const o = parseArgs(process.argv.slice(2));
if (o.rc) rcFigure(o.seeds);
if (o.sizes.length) timeFigure(o.sizes);
