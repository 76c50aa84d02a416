/**
 * Issue 8 (4): the executable check of ARC optimization. 300 generated SIL programs
 * (bench/gen-sil-program.mjs, four shapes) go through `--arc-sequence-opts` and then
 * `--arc-loop-hoisting` in lifeline-opt (bench/sil-rc-harness.mjs: every stage's
 * printed output must parse and print back identically), and the original and both
 * stages run in the SIL interpreter on three argument vectors. The reference is the
 * interpreter's run of the ORIGINAL program:
 *
 *   - the original runs clean (the generator is correct by construction);
 *   - every stage runs clean, prints the same trace and result, frees every object
 *     between the same two observable events, and executes no more retains and no more
 *     releases than the original;
 *   - over all programs, the pipeline executes fewer retains and fewer releases (the
 *     measured reduction, printed; bench/sil-rc.mjs reports it per pass and shape).
 *
 * Two hand-written programs pin the shapes that matter most for correctness: a pair
 * around an `is_unique` that sees the object through a stack slot (removing the pair
 * changes the observed uniqueness) and a loop pair whose removal would not change
 * anything observable.
 */
import { describe, expect, it } from 'vitest';
import { generateSilProgram, SHAPES, SIL_ARGS } from '../bench/gen-sil-program.mjs';
import { checkProgram, rcTotals } from '../bench/sil-rc-harness.mjs';

const SEEDS = 300;
const CHUNK = 50;

interface Totals { retains: number; releases: number }
const totals = { original: { retains: 0, releases: 0 }, stages: [] as Totals[] };

function add(t: Totals, x: Totals): void {
  t.retains += x.retains;
  t.releases += x.releases;
}

describe(`ARC differential: ${SEEDS} generated programs, --arc-sequence-opts then --arc-loop-hoisting`, () => {
  for (let start = 1; start <= SEEDS; start += CHUNK) {
    it(`seeds ${start}-${start + CHUNK - 1}`, () => {
      const failures: string[] = [];
      for (let seed = start; seed < start + CHUNK; seed++) {
        const shape = SHAPES[seed % SHAPES.length]!;
        const c = checkProgram(generateSilProgram(seed, { shape }), { args: SIL_ARGS });
        if (c.error) {
          failures.push(`seed ${seed} (${shape}): ${c.error}`);
          continue;
        }
        add(totals.original, rcTotals(c.original));
        c.stages.forEach((s, k) => add((totals.stages[k] ??= { retains: 0, releases: 0 }), rcTotals(s.runs)));
        for (const s of c.stages) {
          if (s.differences.length) failures.push(`seed ${seed} (${shape}) after ${s.flags.join(' ')}: ${s.differences[0]}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('the pipeline executes fewer retains and releases in total', () => {
    const o = totals.original;
    const last = totals.stages[totals.stages.length - 1];
    expect(last, 'every chunk ran').toBeDefined();
    const pct = (a: number, b: number) => `${(((a - b) / a) * 100).toFixed(1)}%`;
    console.log(
      `ARC reduction over ${SEEDS} programs x ${SIL_ARGS.length} runs: retains ${o.retains} -> ` +
      totals.stages.map((s) => s.retains).join(' -> ') + ` (-${pct(o.retains, last!.retains)}), releases ${o.releases} -> ` +
      totals.stages.map((s) => s.releases).join(' -> ') + ` (-${pct(o.releases, last!.releases)})`,
    );
    expect(last!.retains).toBeLessThan(o.retains);
    expect(last!.releases).toBeLessThan(o.releases);
  });
});

const HEAD = `sil_stage canonical

import Builtin

class C {}

sil [releasenone] @observe : $@convention(thin) (Builtin.Int64) -> ()
`;

describe('ARC differential: hand-written programs', () => {
  it('a pair around is_unique through a stack slot stays (the observed uniqueness is 0)', () => {
    // The retain makes the count 2 at the is_unique: the original observes 0. Without
    // the pair it would observe 1, which the comparison reports as a changed result.
    const text = HEAD + `
sil @main : $@convention(thin) (Builtin.Int64, Builtin.Int64) -> Builtin.Int64 {
bb0(%a : $Builtin.Int64, %b : $Builtin.Int64):
  %0 = alloc_ref $C
  strong_retain %0 : $C
  %1 = alloc_stack $C
  store %0 to %1 : $*C
  %2 = is_unique %1 : $*C
  dealloc_stack %1 : $*C
  strong_release %0 : $C
  strong_release %0 : $C
  %3 = builtin "zextOrBitCast_Int1_Int64"(%2 : $Builtin.Int1) : $Builtin.Int64
  return %3 : $Builtin.Int64
}
`;
    const c = checkProgram(text, { args: [[0n, 0n]] });
    expect(c.error).toBeUndefined();
    expect(c.original[0]!.results).toEqual(['0']);
    for (const s of c.stages) expect(s.differences, s.flags.join(' ')).toEqual([]);
  });

  it('a loop pair around an observation: same trace and frees, fewer retains', () => {
    // bb0 -> bb1 (header, i < 3) -> bb2 (retain, observe i, release) -> bb1 ; bb1 -> bb3 -> bb4
    const text = HEAD + `
sil @main : $@convention(thin) (Builtin.Int64, Builtin.Int64) -> Builtin.Int64 {
bb0(%a : $Builtin.Int64, %b : $Builtin.Int64):
  %0 = alloc_ref $C
  %z = integer_literal $Builtin.Int64, 0
  %n = integer_literal $Builtin.Int64, 3
  br bb1(%z : $Builtin.Int64)
bb1(%i : $Builtin.Int64):
  %c = builtin "cmp_slt_Int64"(%i : $Builtin.Int64, %n : $Builtin.Int64) : $Builtin.Int1
  cond_br %c, bb2, bb3
bb2:
  strong_retain %0 : $C
  %f = function_ref @observe : $@convention(thin) (Builtin.Int64) -> ()
  %r = apply %f(%i) : $@convention(thin) (Builtin.Int64) -> ()
  strong_release %0 : $C
  %one = integer_literal $Builtin.Int64, 1
  %i1 = builtin "add_Int64"(%i : $Builtin.Int64, %one : $Builtin.Int64) : $Builtin.Int64
  br bb1(%i1 : $Builtin.Int64)
bb3:
  br bb4
bb4:
  strong_release %0 : $C
  return %i : $Builtin.Int64
}
`;
    const c = checkProgram(text, { args: [[0n, 0n]] });
    expect(c.error).toBeUndefined();
    expect(c.original[0]!.trace).toEqual(['@observe(0)', '@observe(1)', '@observe(2)']);
    expect(c.original[0]!.rc).toEqual({ retains: 3, releases: 4 });
    for (const s of c.stages) expect(s.differences, s.flags.join(' ')).toEqual([]);
    expect(c.stages[c.stages.length - 1]!.runs[0]!.rc.retains).toBeLessThan(3);
  });
});
