/**
 * Differential test of FIR alias analysis against fir-opt-19 on seeded programs from
 * bench/gen-fir-program.mjs (every memory-source kind and every path op of flang 19's
 * getSource; tagged values, tagged ops for mod/ref).
 *
 * (1) All programs go through both tools in one `--split-input-file` run per pass:
 *     `test-fir-alias-analysis` and `test-fir-alias-analysis-modref` on each function.
 * (2) The reports (stderr) must be identical, line for line; a difference names the program.
 * (3) fir-opt-19 must accept every program (the generator writes valid FIR), so nothing is
 *     left out.
 *
 *   FIR_DIFF_SEED=n   base seed (default fixed)
 *   FIR_DIFF_COUNT=n  number of programs (default 250)
 */
import { describe, expect, it } from 'vitest';
import { genFirProgram } from '../bench/gen-fir-program.mjs';
import { runOpt } from './fixtures.js';
import { SPLIT_MARKER, runOracle, writeTemp } from './oracle.js';

const COUNT = Number(process.env.FIR_DIFF_COUNT ?? 250);
const BASE_SEED = Number(process.env.FIR_DIFF_SEED ?? 5150);

const programs: string[] = [];
for (let i = 0; i < COUNT; i++) programs.push(genFirProgram(BASE_SEED + i, {}).text);
const input = programs.join(SPLIT_MARKER);

/** The report of each program: `--split-input-file` prints chunk reports in order, each opening with `Testing :` lines. */
function perProgram(stderr: string, text: string): string[] {
  // Programs are told apart by their functions' names, which the generator makes unique per program.
  const out: string[] = [];
  let at = 0;
  for (const p of text.split(SPLIT_MARKER)) {
    const names = [...p.matchAll(/func\.func (?:private )?@([\w.$]+)/g)].map((m) => m[1]!);
    let end = at;
    for (const n of names) {
      const h = stderr.indexOf(`Testing : "${n}"\n`, end);
      if (h < 0) break;
      const next = stderr.indexOf('Testing : ', h + 1);
      end = next < 0 ? stderr.length : next;
    }
    out.push(stderr.slice(at, end));
    at = end;
  }
  return out;
}

for (const pass of ['test-fir-alias-analysis', 'test-fir-alias-analysis-modref']) {
  describe(`${pass} against fir-opt-19`, () => {
    it(`${COUNT} generated programs (seed ${BASE_SEED}) give identical reports`, async () => {
      const args = ['--split-input-file', '--mlir-disable-threading', '-o', '/dev/null', `--pass-pipeline=builtin.module(func.func(${pass}))`];
      const ref = await runOracle(args, writeTemp(input, '.fir'), 'fir-opt-19');
      expect(ref.code, ref.stderr.slice(0, 2000)).toBe(0); // (3)
      const ours = runOpt(args, input, 'generated.fir');
      expect(ours.code).toBe(0);
      if (ours.stderr === ref.stderr) return;
      // (2) Name the first program that differs.
      const mine = perProgram(ours.stderr, input);
      const theirs = perProgram(ref.stderr, input);
      const bad = theirs.findIndex((t, i) => t !== mine[i]);
      expect(`program ${bad} (seed ${BASE_SEED + bad}):\n${programs[bad]}\nours:\n${mine[bad]}`).toBe(
        `program ${bad} (seed ${BASE_SEED + bad}):\n${programs[bad]}\nours:\n${theirs[bad]}`);
    });
  });
}
