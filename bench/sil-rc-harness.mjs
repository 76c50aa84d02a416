// The ARC differential harness shared by test/sil-differential.test.ts and
// bench/sil-rc.mjs: a generated SIL program goes through lifeline-opt one pass at a
// time (the stages), every stage's printed output is parsed back, and the original and
// every stage run in the SIL interpreter on the same arguments.
//
//   (1) A stage is a lifeline-opt command line (`--arc-sequence-opts`); stage k reads
//       the text stage k-1 printed, so the pipeline is the composition and every
//       intermediate program is itself checked.
//   (2) The printed text must parse again and print identically (print → parse → print
//       is a fixed point), or the stage fails.
//   (3) Each stage's runs are compared with the ORIGINAL's runs (compareRuns: clean,
//       same results and trace, same frees relative to the trace, no more retains or
//       releases); the original must run clean (it is the reference).
//
//   checkProgram(text, { stages, args }) -> { original, stages: [{ flags, text, runs, differences }], error? }
import { runDriver } from '../apps/lifeline-opt/dist/index.js';
import { parseSil, printSil } from '../packages/sil/dist/index.js';
import { compareRuns, runSil } from '../packages/sil-interp/dist/index.js';

/** The ARC pipeline of issue 8, one pass per stage. */
export const ARC_STAGES = Object.freeze([['--arc-sequence-opts'], ['--arc-loop-hoisting']]);

/** Runs lifeline-opt in-process on `text` (a .sil input); returns the exit code and outputs. */
export function optimizeSil(text, flags) {
  const out = [];
  const err = [];
  const code = runDriver(['input.sil', ...flags], {
    readInput: () => text,
    writeOutput: () => {},
    stdout: (s) => void out.push(s),
    stderr: (s) => void err.push(s),
  });
  return { code, text: out.join(''), stderr: err.join('') };
}

function runAll(module, args) {
  return args.map((a) => runSil(module, { args: a }));
}

export function checkProgram(text, { stages = ARC_STAGES, args }) {
  const original = runAll(parseSil(text, 'original.sil'), args);
  const result = { original, stages: [] };
  const bad = original.find((r) => !r.clean);
  if (bad) {
    result.error = `the original is not clean: ${bad.error?.message ?? bad.problems[0]?.message}`;
    return result;
  }
  let input = text;
  for (const flags of stages) {
    const o = optimizeSil(input, flags);
    if (o.code !== 0) {
      result.error = `lifeline-opt ${flags.join(' ')} failed (exit ${o.code}): ${o.stderr.split('\n')[0]}`;
      return result;
    }
    let module;
    try {
      module = parseSil(o.text, 'stage.sil');
    } catch (e) {
      result.error = `the output of ${flags.join(' ')} does not parse: ${e.diagnostic?.message ?? e.message}`;
      return result;
    }
    if (printSil(module) !== o.text) {
      result.error = `the output of ${flags.join(' ')} does not print back identically after parsing`;
      return result;
    }
    const runs = runAll(module, args);
    const differences = runs.flatMap((r, i) => compareRuns(original[i], r).differences.map((d) => `args ${args[i].join(' ')}: ${d}`));
    result.stages.push({ flags, text: o.text, runs, differences });
    input = o.text;
  }
  return result;
}

/** Sums of retains and releases over runs. */
export function rcTotals(runs) {
  return runs.reduce((t, r) => ({ retains: t.retains + r.rc.retains, releases: t.releases + r.rc.releases }), { retains: 0, releases: 0 });
}
