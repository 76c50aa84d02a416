/**
 * The SIL interpreter on hand-written programs: the errors it must catch (over-release,
 * leak, use after release, runtime errors), the counts it reports, is_unique, the trace
 * and free positions, and the CLI's output and exit codes. Expected values are worked
 * out by hand from the programs.
 */
import { describe, expect, it } from 'vitest';
import { parseSil } from '@lifeline/sil';
import { compareRuns, runCli, runSil, traceLines } from '@lifeline/sil-interp';

const HEAD = `sil_stage canonical

import Builtin

class C {}
class D : C {}

struct S {
  var c: C
  var n: Builtin.Int64
}

enum FakeOptional<T> {
  case none
  case some(T)
}

sil @observe : $@convention(thin) (Builtin.Int64) -> ()
`;

const run = (body: string, args: (number | bigint)[] = []) => runSil(parseSil(HEAD + body, 't.sil'), { args });

/** `obs(k)`: the two lines that call @observe with literal k. */
function obs(k: number, n: number): string {
  return `  %o${n} = integer_literal $Builtin.Int64, ${k}
  %f${n} = function_ref @observe : $@convention(thin) (Builtin.Int64) -> ()
  %r${n} = apply %f${n}(%o${n}) : $@convention(thin) (Builtin.Int64) -> ()
`;
}

describe('lifeline-sil-run: clean programs', () => {
  it('counts retains and releases and frees at the final release, between trace events', () => {
    const r = run(`
sil @main : $@convention(thin) () -> Builtin.Int64 {
bb0:
  %0 = alloc_ref $C
  strong_retain %0 : $C
${obs(1, 1)}  strong_release %0 : $C
${obs(2, 2)}  %s = struct $S (%0 : $C, %o2 : $Builtin.Int64)
  release_value %s : $S
${obs(3, 3)}  return %o3 : $Builtin.Int64
}
`);
    expect(r.clean).toBe(true);
    expect(r.results).toEqual(['3']);
    expect(r.trace).toEqual(['@observe(1)', '@observe(2)', '@observe(3)']);
    expect(r.rc).toEqual({ retains: 1, releases: 2 });
    // Freed by the release_value of the struct, after the second event.
    expect(r.frees).toEqual([{ object: 0, at: 2 }]);
    expect(traceLines(r, true)).toEqual(['@observe(1)', '@observe(2)', 'free #0', '@observe(3)']);
    expect(r.memory).toEqual({ objects: 1, freed: 1, leaked: 0, overReleases: 0, useAfterFree: 0 });
  });

  it('is_unique is true iff the count is 1', () => {
    const r = run(`
sil @main : $@convention(thin) () -> Builtin.Int64 {
bb0:
  %0 = alloc_ref $C
  %1 = alloc_stack $C
  store %0 to %1 : $*C
  %2 = is_unique %1 : $*C
  strong_retain %0 : $C
  %3 = is_unique %1 : $*C
  strong_release %0 : $C
  dealloc_stack %1 : $*C
  strong_release %0 : $C
  %4 = builtin "zextOrBitCast_Int1_Int64"(%2 : $Builtin.Int1) : $Builtin.Int64
  %5 = builtin "zextOrBitCast_Int1_Int64"(%3 : $Builtin.Int1) : $Builtin.Int64
  %6 = integer_literal $Builtin.Int64, 10
  %7 = builtin "mul_Int64"(%4 : $Builtin.Int64, %6 : $Builtin.Int64) : $Builtin.Int64
  %8 = builtin "add_Int64"(%7 : $Builtin.Int64, %5 : $Builtin.Int64) : $Builtin.Int64
  return %8 : $Builtin.Int64
}
`);
    expect(r.clean).toBe(true);
    expect(r.results).toEqual(['10']);
  });

  it('runs calls, @owned arguments, casts, enums and switch_enum', () => {
    const r = run(`
sil @consume : $@convention(thin) (@owned C) -> () {
bb0(%0 : $C):
  %1 = unchecked_ref_cast %0 : $C to $Builtin.NativeObject
  strong_release %1 : $Builtin.NativeObject
  %2 = tuple ()
  return %2 : $()
}

sil @main : $@convention(thin) (Builtin.Int64) -> Builtin.Int64 {
bb0(%a : $Builtin.Int64):
  %0 = alloc_ref $D
  %1 = upcast %0 : $D to $C
  %e = enum $FakeOptional<C>, #FakeOptional.some!enumelt, %1 : $C
  switch_enum %e : $FakeOptional<C>, case #FakeOptional.some!enumelt: bb1, case #FakeOptional.none!enumelt: bb2
bb1(%p : $C):
  %d = unconditional_checked_cast %p : $C to D
  %f = function_ref @consume : $@convention(thin) (@owned C) -> ()
  %r = apply %f(%p) : $@convention(thin) (@owned C) -> ()
  br bb3(%a : $Builtin.Int64)
bb2:
  unreachable
bb3(%x : $Builtin.Int64):
  return %x : $Builtin.Int64
}
`, [-5]);
    expect(r.error).toBeUndefined();
    expect(r.clean).toBe(true);
    expect(r.results).toEqual(['-5']);
    expect(r.frees).toEqual([{ object: 0, at: 0 }]);
  });
});

describe('lifeline-sil-run: the errors it catches', () => {
  it('an over-release', () => {
    const r = run(`
sil @main : $@convention(thin) () -> Builtin.Int64 {
bb0:
  %0 = alloc_ref $C
  %1 = unchecked_ref_cast %0 : $C to $Builtin.NativeObject
  strong_release %0 : $C
  strong_release %1 : $Builtin.NativeObject
  %2 = integer_literal $Builtin.Int64, 0
  return %2 : $Builtin.Int64
}
`);
    expect(r.clean).toBe(false);
    expect(r.memory.overReleases).toBe(1);
    expect(r.memory.leaked).toBe(0);
    expect(r.problems[0]!.message).toBe('strong_release of object #0 after it was freed');
  });

  it('a leak', () => {
    const r = run(`
sil @main : $@convention(thin) () -> Builtin.Int64 {
bb0:
  %0 = alloc_ref $C
  strong_retain %0 : $C
  strong_release %0 : $C
  %2 = integer_literal $Builtin.Int64, 0
  return %2 : $Builtin.Int64
}
`);
    expect(r.clean).toBe(false);
    expect(r.memory).toEqual({ objects: 1, freed: 0, leaked: 1, overReleases: 0, useAfterFree: 0 });
    expect(r.problems[0]!.message).toBe('object #0 (C) leaked: count 1 at the end of the run');
  });

  it('a use after release: a call with a freed argument, then a retain of it', () => {
    const r = run(`
sil @use : $@convention(thin) (@guaranteed C) -> () {
bb0(%0 : $C):
  %1 = tuple ()
  return %1 : $()
}

sil @main : $@convention(thin) () -> Builtin.Int64 {
bb0:
  %0 = alloc_ref $C
  release_value %0 : $C
  %f = function_ref @use : $@convention(thin) (@guaranteed C) -> ()
  %r = apply %f(%0) : $@convention(thin) (@guaranteed C) -> ()
  strong_retain %0 : $C
  %2 = integer_literal $Builtin.Int64, 0
  return %2 : $Builtin.Int64
}
`);
    expect(r.clean).toBe(false);
    expect(r.memory.useAfterFree).toBe(2);
    expect(r.memory.overReleases).toBe(0);
    expect(r.problems.map((p) => p.message)).toEqual([
      'apply of @use uses object #0 after it was freed',
      'strong_retain of object #0 after it was freed',
    ]);
  });

  it('runtime errors: cond_fail and unreachable', () => {
    const r = `
sil @main : $@convention(thin) (Builtin.Int64) -> Builtin.Int64 {
bb0(%0 : $Builtin.Int64):
  %1 = integer_literal $Builtin.Int64, 0
  %2 = builtin "cmp_eq_Int64"(%0 : $Builtin.Int64, %1 : $Builtin.Int64) : $Builtin.Int1
  cond_fail %2 : $Builtin.Int1, "zero"
  %3 = builtin "cmp_slt_Int64"(%0 : $Builtin.Int64, %1 : $Builtin.Int64) : $Builtin.Int1
  cond_br %3, bb1, bb2
bb1:
  unreachable
bb2:
  return %0 : $Builtin.Int64
}
`;
    const at = (x: number) => runSil(parseSil(HEAD + r, 't.sil'), { args: [x] });
    expect(at(0).error?.message).toBe('cond_fail: zero');
    expect(at(-1).error?.message).toBe('unreachable executed');
    expect(at(4).results).toEqual(['4']);
    expect(at(4).clean).toBe(true);
  });
});

describe('compareRuns', () => {
  const original = `
sil @main : $@convention(thin) () -> Builtin.Int64 {
bb0:
  %0 = alloc_ref $C
  strong_retain %0 : $C
${obs(1, 1)}  strong_release %0 : $C
${obs(2, 2)}  strong_release %0 : $C
  return %o2 : $Builtin.Int64
}
`;
  it('accepts the pair removed, and rejects a free moved before an event', () => {
    const a = run(original);
    const removed = run(original.replace('  strong_retain %0 : $C\n', '').replace('  strong_release %0 : $C\n', ''));
    expect(compareRuns(a, removed)).toEqual({ ok: true, differences: [] });
    // The final release moved above the second event: freed earlier.
    const early = run(original.replace('  strong_retain %0 : $C\n', '').replace(/  strong_release %0 : \$C\n(.*\n.*\n.*\n)  strong_release %0 : \$C\n/, '  strong_release %0 : $C\n$1'));
    expect(early.clean).toBe(true);
    expect(compareRuns(a, early).differences).toEqual(['(4) object #0 is freed after event 2 originally, after event 1 after optimization (earlier)']);
    // An added retain: more retains, and a leak.
    const more = run(original.replace('  strong_retain %0 : $C\n', '  strong_retain %0 : $C\n  strong_retain %0 : $C\n'));
    expect(compareRuns(a, more).differences).toEqual([
      '(2) the optimized program is not clean: leaked=1 over-releases=0 use-after-free=0 (object #0 (C) leaked: count 1 at the end of the run)',
      '(4) object #0 is freed after event 2 originally, never after optimization',
      '(5) more retains: 1 -> 2',
    ]);
  });
});

describe('lifeline-sil-run CLI', () => {
  const io = (text: string) => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { readInput: () => text, stdout: (s: string) => void out.push(s), stderr: (s: string) => void err.push(s) } };
  };
  it('prints the trace, frees and result, and the summary lines; exit 0 when clean', () => {
    const t = io(HEAD + `
sil @main : $@convention(thin) () -> Builtin.Int64 {
bb0:
  %0 = alloc_ref $C
${obs(7, 1)}  strong_release %0 : $C
  return %o1 : $Builtin.Int64
}
`);
    expect(runCli(['x.sil', '--frees'], t.io)).toBe(0);
    expect(t.out.join('')).toBe('@observe(7)\nfree #0\n7\n');
    expect(t.err.join('')).toBe('rc: retains=0 releases=1\nmemory: objects=1 freed=1 leaked=0 over-releases=0 use-after-free=0\n');
  });
  it('exit 1 with a located diagnostic on a leak; on bad input a located parse error', () => {
    const t = io(HEAD + `
sil @main : $@convention(thin) () -> Builtin.Int64 {
bb0:
  %0 = alloc_ref $C
  %1 = integer_literal $Builtin.Int64, 1
  return %1 : $Builtin.Int64
}
`);
    expect(runCli(['x.sil'], t.io)).toBe(1);
    expect(t.err.join('')).toContain('x.sil:22:3: error: object #0 (C) leaked: count 1 at the end of the run');
    const noEntry = io(HEAD);
    expect(runCli(['z.sil', '--entry', 'nope'], noEntry.io)).toBe(1);
    expect(noEntry.err.join('')).toContain("error: entry function '@nope' not found");
    const wrongArgs = io(HEAD + `
sil @main : $@convention(thin) (Builtin.Int64) -> Builtin.Int64 {
bb0(%0 : $Builtin.Int64):
  return %0 : $Builtin.Int64
}
`);
    expect(runCli(['w.sil', '--args', 'x'], wrongArgs.io)).toBe(1);
    expect(wrongArgs.err.join('')).toContain("error: expected an integer for $Builtin.Int64, got 'x'");
    const bad = io(HEAD + 'sil @main : $@convention(thin) () -> () {\nbb0:\n  %0 = frobnicate\n}\n');
    expect(runCli(['y.sil'], bad.io)).toBe(1);
    expect(bad.err.join('')).toMatch(/^y\.sil:\d+:\d+: error: /);
  });
});
