/**
 * Compaction at allocation points (LIFETIME.md "Release points" (B')). Release points (B)
 * free a suffix of the block's candidate groups once all of it is dead; a result that
 * outlives temporaries allocated below it (`string.concat(toString(a), ":", toString(b))`,
 * then hashed) keeps them until the next release. Before an allocating op, such survivors
 * are moved down to the mark of the earliest group and the rest is released, so the
 * allocation reuses the temporaries' memory instead of growing memory.
 *  (K1) The group is a suffix of the block's candidates whose first group is entirely dead
 *       (otherwise the move gives nothing back) and some of whose objects are live.
 *  (K2) The survivors are held only by at most two SSA values defined by ops of this block
 *       before the point, of movable types (flat or object graphs, emit-deep-move.ts); no
 *       other live root reaches them (releases.ts (R1)), none escapes (R2).
 *  (K3) Each held value is spilled to a fresh slot (declared at the point) for the move and reloaded after it; its
 *       uses at or after the point read the reload (object-liveness.ts (O4) keeps the
 *       reload's points-to facts).
 *  (K4) Cost: the move runs with `gap_first` — an object moves only when the memory it gives
 *       back is at least its size (each moved word costs about what a new word of memory
 *       costs); otherwise it stays and the free pointer ends after it. When everything the
 *       held values may reach was allocated since the mark, the release is `since_mark`.
 */
import { UnitAttr, type Block, type Operation, type Value } from '@lifeline/ir';
import type { FunctionPointsTo, MemObject } from '@lifeline/analyses';
import { PtrType, isFlatMemoryType, isMovableMemoryType } from '../sol-types.js';
import type { LiveAt, ObjectLiveness } from './object-liveness.js';
import { createBefore } from './program-points.js';

export interface Group {
  op: Operation;
  objs: readonly MemObject[];
  mark?: Value;
}

export interface CompactionContext {
  fn: Operation;
  pt: FunctionPointsTo;
  objects: ObjectLiveness;
  permanent: ReadonlySet<MemObject>;
  markBefore(c: Group): Value;
  onlyThrough(survivors: ReadonlySet<MemObject>, p: LiveAt, through: readonly Value[]): boolean;
  note(objs: Iterable<MemObject>, text: string): void;
}

/** The ancestor of `op` (or `op`) that lies directly in `block`, if any. */
function ancestorIn(op: Operation, block: Block): Operation | undefined {
  for (let o: Operation | null = op; o; o = o.block?.parentOp ?? null) if (o.block === block) return o;
  return undefined;
}

/** (B') Compacts before allocating op `at`; returns the candidate groups after it. */
export function compactBefore<G extends Group>(cx: CompactionContext, cands: G[], at: Operation, where: string): G[] {
  const p = cx.objects.before(at);
  for (let c = 0; c < cands.length; c++) {
    const group = cands.slice(c).flatMap((g) => g.objs);
    if (cands[c]!.objs.some((o) => p.live.has(o))) continue; // (K1)
    const survivors = new Set(group.filter((o) => p.live.has(o)));
    if (!survivors.size) return cands; // (B) already frees it
    if ([...survivors].some((o) => cx.permanent.has(o))) continue; // (R2)
    const kept = p.values.filter((v) => [...cx.objects.reach(cx.objects.pointsTo(v))].some((o) => survivors.has(o)));
    if (!kept.length || kept.length > 2) continue;
    if (kept.some((v) => !isMovableMemoryType(v.type) || v.definingOp?.block !== at.block || !v.definingOp.isBeforeInBlock(at))) continue; // (K2)
    if (!cx.onlyThrough(survivors, p, kept)) continue; // (K2)
    move(cx, cands[c]!, kept, at, [...cx.objects.reach(kept.flatMap((v) => [...cx.objects.pointsTo(v)]))].every((o) => group.includes(o)));
    cx.note(group.filter((o) => !survivors.has(o)), `freed before ${at.name} at ${where}, its survivors moved down over it`);
    const deep = kept.some((v) => !isFlatMemoryType(v.type));
    cx.note(survivors, `${deep ? 'deep-moved (with its inner objects, addresses rebased)' : 'moved'} down before ${at.name} at ${where} (compaction at an allocation)`);
    const rest = { ...cands[c]!, objs: [...survivors] };
    return [...cands.slice(0, c), rest];
  }
  return cands;
}

/** (K3) Spill, release with the spills kept (gap_first), reload, and rewrite the later uses. */
function move(cx: CompactionContext, first: Group, kept: Value[], at: Operation, sinceMark: boolean): void {
  const mark = cx.markBefore(first);
  // the spill slots live in the point's block (a Yul variable of that scope): one declared at
  // the function's entry would be a variable carried across every loop around the point
  const spills = kept.map((v) => {
    const slot = createBefore(at, 'sol.alloca', { resultTypes: [PtrType.get(v.type, 'Stack')] }).result(0);
    createBefore(at, 'sol.store', { operands: [v, slot] });
    return slot;
  });
  const free = createBefore(at, 'sol.free', { operands: [mark, ...spills] });
  free.setAttr('gap_first', UnitAttr.instance);
  if (sinceMark) free.setAttr('since_mark', UnitAttr.instance);
  kept.forEach((v, k) => {
    const reload = createBefore(at, 'sol.load', { operands: [spills[k]!], resultTypes: [v.type] }).result(0);
    cx.objects.alias(reload, v);
    for (const use of [...v.uses()]) {
      const anc = ancestorIn(use.owner, at.block!);
      if (use.owner !== reload.definingOp && anc && (anc === at || at.isBeforeInBlock(anc))) use.set(reload);
    }
  });
}
