import { describe, expect, it } from 'vitest';
import type { Operation } from '@lifeline/ir';
import {
  RCIdentity, SilArcModel, SilTypeInfo, functionsWithBodies, parseSil, runLoopHoisting, runSequenceOpts,
} from '../src/index.js';

const HEADER = `sil_stage canonical

import Builtin

class C {}

sil @unknown : $@convention(thin) () -> ()
sil [releasenone] @use : $@convention(thin) (@guaranteed C) -> ()
`;

function setup(body: string): { module: Operation; fn: Operation; info: SilTypeInfo } {
  const module = parseSil(HEADER + body, 't.sil');
  const fn = functionsWithBodies(module).at(-1)!;
  return { module, fn, info: SilTypeInfo.of(module) };
}

function rcOps(fn: Operation): string[] {
  const out: string[] = [];
  fn.walk((op) => {
    if (/retain|release/.test(op.name)) out.push(op.name.replace('sil.', ''));
  });
  return out;
}

describe('arc-sequence-opts', () => {
  it('deletes a pair around a call that cannot release, keeps one around an unknown call', () => {
    const { module, fn, info } = setup(`
sil @f : $@convention(thin) (@guaranteed C) -> () {
bb0(%0 : $C):
  %1 = function_ref @use : $@convention(thin) (@guaranteed C) -> ()
  %2 = function_ref @unknown : $@convention(thin) () -> ()
  strong_retain %0 : $C
  %3 = apply %1(%0) : $@convention(thin) (@guaranteed C) -> ()
  strong_release %0 : $C
  strong_retain %0 : $C
  %4 = apply %2() : $@convention(thin) () -> ()
  strong_release %0 : $C
  %5 = tuple ()
  return %5 : $()
}`);
    const r = runSequenceOpts(fn, info, module);
    expect(r.retainsDeleted).toBe(1);
    expect(r.releasesDeleted).toBe(1);
    expect(rcOps(fn)).toEqual(['strong_retain', 'strong_release']);
  });

  it('Swift mode (strict: false) also deletes the pair around an unknown call that does not use the object', () => {
    const { module, fn, info } = setup(`
sil @f : $@convention(thin) (@guaranteed C) -> () {
bb0(%0 : $C):
  %1 = function_ref @unknown : $@convention(thin) () -> ()
  strong_retain %0 : $C
  %2 = apply %1() : $@convention(thin) () -> ()
  strong_release %0 : $C
  %3 = tuple ()
  return %3 : $()
}`);
    expect(runSequenceOpts(fn, info, module, 8, { strict: true }).retainsDeleted).toBe(0);
    expect(runSequenceOpts(fn, info, module, 8, { strict: false }).retainsDeleted).toBe(1);
  });

  it('keeps a nested (known-safe) pair around a call whose callee checks uniqueness of what it is given', () => {
    const { module, fn, info } = setup(`
sil @check : $@convention(thin) (@guaranteed C) -> Builtin.Int1 {
bb0(%0 : $C):
  %1 = alloc_stack $C
  store %0 to %1 : $*C
  %2 = is_unique %1 : $*C
  dealloc_stack %1 : $*C
  return %2 : $Builtin.Int1
}

sil @f : $@convention(thin) () -> Builtin.Int1 {
bb0:
  %0 = alloc_ref $C
  %1 = function_ref @check : $@convention(thin) (@guaranteed C) -> Builtin.Int1
  strong_retain %0 : $C
  %2 = apply %1(%0) : $@convention(thin) (@guaranteed C) -> Builtin.Int1
  strong_release %0 : $C
  strong_release %0 : $C
  return %2 : $Builtin.Int1
}`);
    // the alloc_ref's +1 makes the inner pair known safe, but removing it turns `check`'s
    // answer from 0 into 1
    runSequenceOpts(fn, info, module);
    expect(rcOps(fn)).toEqual(['strong_retain', 'strong_release', 'strong_release']);
  });

  it('leaves a retain whose release happens on one path only', () => {
    const { module, fn, info } = setup(`
sil @f : $@convention(thin) (@guaranteed C, Builtin.Int1) -> () {
bb0(%0 : $C, %1 : $Builtin.Int1):
  strong_retain %0 : $C
  cond_br %1, bb1, bb2
bb1:
  strong_release %0 : $C
  br bb3
bb2:
  br bb3
bb3:
  %2 = tuple ()
  return %2 : $()
}`);
    expect(runSequenceOpts(fn, info, module).retainsDeleted).toBe(0);
    expect(rcOps(fn)).toEqual(['strong_retain', 'strong_release']);
  });
});

describe('arc-loop-hoisting', () => {
  it('hoists a pair out of a loop with an early exit and compensates both exits', () => {
    const { module, fn, info } = setup(`
sil @f : $@convention(thin) (@guaranteed C, Builtin.Int1) -> () {
bb0(%0 : $C, %1 : $Builtin.Int1):
  %2 = function_ref @use : $@convention(thin) (@guaranteed C) -> ()
  br bb1
bb1:
  cond_br %1, bb2, bb3
bb2:
  strong_retain %0 : $C
  %3 = apply %2(%0) : $@convention(thin) (@guaranteed C) -> ()
  strong_release %0 : $C
  cond_br %1, bb1, bb4
bb3:
  br bb5
bb4:
  br bb5
bb5:
  %4 = tuple ()
  return %4 : $()
}`);
    const res = { hoisted: 0, retainsDeleted: 0, releasesDeleted: 0, retainsInserted: 0, releasesInserted: 0 };
    runLoopHoisting(fn, new SilArcModel(fn, new RCIdentity(fn, info), module), res);
    expect(res).toEqual({ hoisted: 1, retainsDeleted: 1, releasesDeleted: 1, retainsInserted: 1, releasesInserted: 2 });
    const blocks = fn.regions[0]!.blocks;
    expect(blocks[0]!.terminator!.prev!.name).toBe('sil.strong_retain');
    expect(blocks[3]!.first!.name).toBe('sil.strong_release');
    expect(blocks[4]!.first!.name).toBe('sil.strong_release');
  });
});
