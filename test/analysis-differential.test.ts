/**
 * Differential test of the analysis test passes against mlir-opt-19: seeded programs
 * from bench/gen-analysis-program.mjs, batched with `--split-input-file` (one
 * mlir-opt-19 process per pass per batch, lifeline-opt in process meanwhile), and
 * stdout and stderr must be byte-identical.
 *
 * What each pass needs in mlir-opt-19 (from MLIR 19's test/lib/Analysis):
 *   --test-print-liveness        InterfacePass<SymbolOpInterface>, prints to stderr
 *                                "Testing : <name>" then the Liveness dump. Anchored on
 *                                builtin.module it crashes (no symbol name), so it runs
 *                                as builtin.module(func.func(...)).
 *   --test-alias-analysis(-modref)  OperationPass<>, prints "Testing : <sym_name>" then
 *                                all pairs of results / region block arguments of ops
 *                                with a `test.ptr` attribute (modref: each such op
 *                                against each such value), to stderr; anchored on
 *                                func.func like MLIR's own tests.
 *   --test-dead-code-analysis    on the module: blocks, edges and predecessors of ops
 *                                with a `tag` attribute, to stderr.
 *   --test-liveness-analysis     on the module: operand/result liveness of ops with a
 *                                `tag` attribute, to stdout (llvm::outs, before the IR).
 * Function-anchored pipelines run with --mlir-disable-threading: with threads,
 * mlir-opt-19 interleaves the functions' stderr dumps.
 *
 * Compared: stderr, and the text a pass prints to stdout before the IR. The IR printed
 * after a pass is compared only with ANALYSIS_DIFF_IR=1 (the control case always
 * compares it): mlir-opt-19's --test-liveness-analysis changes the IR, because
 * SparseConstantPropagation calls op folders and in-place folds stay (memref.cast of
 * memref.cast is rewritten to cast the original source).
 *
 * mlir-opt-19 segfaults on --test-liveness-analysis when a tagged value has no
 * liveness state (its op never ran in the solver, e.g. in code it proves dead), so
 * that pass gets programs without statically dead code; the few programs on which
 * it still crashes are found by bisecting the batch and left out (and counted).
 *
 *   ANALYSIS_DIFF_SEED=n   base seed (default fixed)
 *   ANALYSIS_DIFF_COUNT=n  programs per pass (default 500)
 *   ANALYSIS_DIFF_ONLY=re  run only the passes whose name matches
 *   ANALYSIS_DIFF_IR=1     also compare the IR printed after each pass
 */
import { describe, expect, it } from 'vitest';
import { genAnalysisProgram, type AnalysisProgramOptions } from '../bench/gen-analysis-program.mjs';
import { runOptProcess } from './fixtures.js';
import { ORACLE, SPLIT_MARKER as SEP, oracleMissing, runOracle, writeTemp, type OracleOutput } from './oracle.js';

const COUNT = Number(process.env.ANALYSIS_DIFF_COUNT ?? 500);
const BASE_SEED = Number(process.env.ANALYSIS_DIFF_SEED ?? 20261123);
const BATCH = 125;
const ONLY = new RegExp(process.env.ANALYSIS_DIFF_ONLY ?? '');
const COMPARE_IR = process.env.ANALYSIS_DIFF_IR === '1';

interface PassCase {
  name: string;
  args: string[];
  /** Compare the printed IR too (the control case). */
  ir?: boolean;
  /** Generator options for program `i` of this pass. */
  options(i: number): AnalysisProgramOptions;
}

const nested = (pass: string) => ['--mlir-disable-threading', `--pass-pipeline=builtin.module(func.func(${pass}))`];
/** Every fifth program switches features off at random (from its seed), the rest have all. */
function features(seed: number, i: number): AnalysisProgramOptions['features'] {
  if (i % 5 !== 4) return {};
  const keys = ['cf', 'scf', 'memref', 'calls', 'test', 'dead'] as const;
  return Object.fromEntries(keys.map((k, j) => [k, ((seed >>> j) & 1) === 1]));
}
const cycle = (sizes: number[]) => (i: number) => sizes[i % sizes.length]!;

const PASSES: PassCase[] = [
  // Control: no pass, so a harness problem shows up apart from the analyses.
  { name: '(no pass: print the IR)', args: [], ir: true, options: (i) => ({ size: cycle([10, 30, 60, 120])(i), features: features(BASE_SEED + i, i) }) },
  // The dump prints every op of a live range, region ops with their bodies, and
  // mlir-opt-19 renumbers the whole module for each printed op: keep these small.
  { name: 'test-print-liveness', args: nested('test-print-liveness'), options: (i) => ({ size: cycle([6, 12, 18, 26])(i), features: features(BASE_SEED + i, i) }) },
  { name: 'test-liveness-analysis', args: ['--test-liveness-analysis'], options: (i) => ({ size: cycle([10, 30, 60, 120])(i), features: { ...features(BASE_SEED + i, i), dead: false } }) },
  { name: 'test-dead-code-analysis', args: ['--test-dead-code-analysis'], options: (i) => ({ size: cycle([10, 30, 60, 120])(i), features: features(BASE_SEED + i, i) }) },
  { name: 'test-alias-analysis', args: nested('test-alias-analysis'), options: (i) => ({ size: cycle([10, 30, 60, 120])(i), features: features(BASE_SEED + i, i), ptrRate: 0.5 }) },
  { name: 'test-alias-analysis-modref', args: nested('test-alias-analysis-modref'), options: (i) => ({ size: cycle([10, 30, 60, 120])(i), features: features(BASE_SEED + i, i), ptrRate: 0.5, maxPtrsPerFunc: 8 }) },
];

interface Program { seed: number; text: string }
type Output = OracleOutput;

const oracle = (args: string[], file: string): Promise<Output> => runOracle(args, file);

/** Both tools on `programs` as one split file; the file name is the same for both. */
async function runBoth(args: string[], programs: Program[]): Promise<{ ref: Output; ours: Output; text: string }> {
  const text = programs.map((p) => p.text).join(SEP);
  const file = writeTemp(text);
  const full = programs.length > 1 ? ['--split-input-file', ...args] : args;
  // both tools in child processes, at once: in this process, a batch of 125 programs of the
  // slowest pass held the worker's event loop for most of a minute on a loaded machine
  const [ref, r] = await Promise.all([oracle(full, file), runOptProcess(full, file)]);
  const ours: Output = { stdout: r.stdout, stderr: r.stderr, code: r.code, signal: null };
  return { ref, ours, text };
}

/** Splits off the programs on which the oracle crashes (bisection), runs the rest. */
async function runExcludingCrashes(args: string[], programs: Program[], crashed: number[]): Promise<{ kept: Program[]; ref: Output; ours: Output }> {
  const first = await runBoth(args, programs);
  if (!first.ref.signal) return { kept: programs, ...first };
  const bad: Program[] = [];
  const bisect = async (ps: Program[]): Promise<void> => {
    const file = writeTemp(ps.map((p) => p.text).join(SEP));
    const r = await oracle(ps.length > 1 ? ['--split-input-file', ...args] : args, file);
    if (!r.signal) return;
    if (ps.length === 1) { bad.push(ps[0]!); return; }
    const mid = ps.length >> 1;
    await bisect(ps.slice(0, mid));
    await bisect(ps.slice(mid));
  };
  await bisect(programs);
  crashed.push(...bad.map((p) => p.seed));
  const kept = programs.filter((p) => !bad.includes(p));
  return { kept, ...(await runBoth(args, kept)) };
}

/** The first differing line with a little context, as a small unified-style diff. */
function smallDiff(ref: string, ours: string, context = 3): string {
  const a = ref.split('\n');
  const b = ours.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - context);
  const lines = [`@@ line ${i + 1} @@`];
  for (let k = from; k < i; k++) lines.push(`  ${a[k]}`);
  for (let k = i; k < Math.min(a.length, i + context + 3); k++) lines.push(`- ${a[k]}`);
  for (let k = i; k < Math.min(b.length, i + context + 3); k++) lines.push(`+ ${b[k]}`);
  if (i >= a.length) lines.push('- <end of mlir-opt-19 output>');
  if (i >= b.length) lines.push('+ <end of lifeline-opt output>');
  return lines.join('\n');
}

/** Per split chunk, the lines a pass printed to stdout before the module. */
function passText(stdout: string): string {
  return stdout.split(SEP).map((chunk) => {
    const lines = chunk.split('\n');
    const end = lines.findIndex((l) => /^(module|#)/.test(l));
    return (end < 0 ? lines : lines.slice(0, end)).join('\n');
  }).join(SEP);
}

/** What is compared of a run (see the file comment). */
function view(pass: PassCase, o: Output): Output {
  return pass.ir || COMPARE_IR ? o : { ...o, stdout: passText(o.stdout) };
}

function sameOutput(ref: Output, ours: Output): boolean {
  return ref.stdout === ours.stdout && ref.stderr === ours.stderr && (ref.code === 0) === (ours.code === 0);
}

/** Bisects the batch down to one differing program (or none); describes it. */
async function firstMismatch(pass: PassCase, programs: Program[]): Promise<string> {
  const differs = async (ps: Program[]) => {
    const both = await runBoth(pass.args, ps);
    return !sameOutput(view(pass, both.ref), view(pass, both.ours));
  };
  let range = programs;
  while (range.length > 1) {
    const head = range.slice(0, range.length >> 1);
    const tail = range.slice(range.length >> 1);
    if (await differs(head)) range = head;
    else if (await differs(tail)) range = tail;
    else break; // only the whole differs: fall back to the one-at-a-time scan
  }
  for (const p of range) {
    const both = await runBoth(pass.args, [p]);
    const ref = view(pass, both.ref);
    const ours = view(pass, both.ours);
    if (ref.signal || sameOutput(ref, ours)) continue;
    const parts = [`${pass.name}: seed ${p.seed} differs (${ORACLE} ${pass.args.join(' ')} F)`];
    if (ref.stderr !== ours.stderr) parts.push(`stderr (- ${ORACLE}, + lifeline-opt):\n${smallDiff(ref.stderr, ours.stderr)}`);
    if (ref.stdout !== ours.stdout) parts.push(`stdout (- ${ORACLE}, + lifeline-opt):\n${smallDiff(ref.stdout, ours.stdout)}`);
    if ((ref.code === 0) !== (ours.code === 0)) parts.push(`exit: ${ORACLE} ${ref.code}, lifeline-opt ${ours.code}`);
    parts.push(`--- program (seed ${p.seed}) ---\n${p.text}`);
    return parts.join('\n\n');
  }
  return `${pass.name}: the batch differs but no single program does (split-input-file handling?)`;
}

describe(`analysis passes: lifeline-opt vs ${ORACLE} on ${COUNT} generated programs each (base seed ${BASE_SEED})`, () => {
  it(`${ORACLE} is installed`, () => expect(oracleMissing()).toBeUndefined());

  // mlir-opt-19 crashes on about twenty of test-liveness-analysis's programs, and each crash
  // re-runs its batch: about 80 s alone on two cores, past two minutes beside other files
  for (const pass of PASSES.filter((p) => ONLY.test(p.name))) {
    it(pass.name, async () => {
      const missing = oracleMissing();
      if (missing) throw new Error(missing);
      const crashed: number[] = [];
      let compared = 0;
      let bytes = 0;
      for (let start = 0; start < COUNT; start += BATCH) {
        const programs: Program[] = [];
        for (let i = start; i < Math.min(COUNT, start + BATCH); i++) {
          const seed = BASE_SEED + i;
          programs.push({ seed, text: `// seed ${seed}\n${genAnalysisProgram(seed, pass.options(i)).text}` });
        }
        const run = await runExcludingCrashes(pass.args, programs, crashed);
        const { kept } = run;
        const ref = view(pass, run.ref);
        const ours = view(pass, run.ours);
        // The generator promises valid IR: the oracle must accept every program.
        if (ref.code !== 0) expect.fail(`${ORACLE} rejects a generated program:\n${ref.stderr.slice(0, 2000)}`);
        compared += kept.length;
        bytes += ref.stdout.length + ref.stderr.length;
        if (!sameOutput(ref, ours)) {
          // A lifeline-opt usage error (unknown pass) is the same for every program: say it once.
          const msg = ours.code !== 0 && /lifeline-opt: /.test(ours.stderr)
            ? `${pass.name}: lifeline-opt exits ${ours.code}: ${ours.stderr.trim()}`
            : await firstMismatch(pass, kept);
          expect.fail(msg);
        }
      }
      if (crashed.length) console.warn(`${pass.name}: ${ORACLE} crashes on seeds ${crashed.join(', ')}; left out`);
      // The oracle's crashes must stay rare, or the test compares too little.
      expect(compared).toBeGreaterThanOrEqual(Math.floor(COUNT * 0.9));
      // The comparison is not vacuous: the oracle printed something.
      expect(bytes).toBeGreaterThan(COUNT * 10);
    }, 300_000);
  }
});
