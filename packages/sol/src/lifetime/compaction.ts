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
 *       before the point, of movable types (flat or object graphs, emit-deep-move.ts), or live
 *       slots of flat types (a local `string memory key = concat(…)`); no other live root
 *       reaches them (releases.ts (R1)), none escapes (R2).
 *  (K3) Each held value is spilled to a fresh slot (declared at the point) for the move and
 *       reloaded after it; its uses at or after the point read the reload (object-liveness.ts
 *       (O4) keeps the reload's points-to facts). A slot is kept as it is: the move rewrites it.
 *  (K5) A live value of an object made before the point that nothing has written yet holds no
 *       survivor, whatever points-to says, and is no holder to keep.
 *  (K6) Nor does a root that reaches the survivors only through objects and slots nothing
 *       wrote since the mark.
 *  (K7) No kept value is an object graph still being filled (allocated without zeroing, written
 *       after the point): its address fields are not addresses yet.
 *  (K4) Cost: the move runs with `gap_first` — an object moves only when the memory it gives
 *       back is at least its size (each moved word costs about what a new word of memory
 *       costs); otherwise it stays and the free pointer ends after it. When everything the
 *       held values may reach was allocated since the mark, the release is `since_mark`.
 */
import { UnitAttr, type Block, type Operation, type Value } from '@lifeline/ir';
import type { FunctionPointsTo, MemObject } from '@lifeline/analyses';
import { PtrType, isFlatMemoryType, isHeldGraphType, isMovableMemoryType } from '../sol-types.js';
import type { LiveAt, ObjectLiveness } from './object-liveness.js';
import { createBefore } from './program-points.js';
import { innermostLoop, writtenInside } from './structure.js';

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
  // what each op of the block before the point writes: (K5) and (K6) ask about runs of them
  const writes = new Map<Operation, ReturnType<typeof writtenInside>>();
  const writesOf = (o: Operation) => {
    let w = writes.get(o);
    if (!w) writes.set(o, (w = writtenInside(o, cx.pt, true)));
    return w;
  };
  for (let c = 0; c < cands.length; c++) {
    const group = cands.slice(c).flatMap((g) => g.objs);
    if (cands[c]!.objs.some((o) => p.live.has(o))) continue; // (K1)
    const survivors = new Set(group.filter((o) => p.live.has(o)));
    if (!survivors.size) return cands; // (B) already frees it
    if ([...survivors].some((o) => cx.permanent.has(o))) continue; // (R2)
    // (K6) which roots may hold a survivor, knowing what was written since the mark
    const since = writtenSince(cx, group, cands[c]!.op, at, writesOf);
    const valueRoots = (v: Value): [MemObject, boolean][] => cx.objects.valueRoots(v).map((o) => [o, !since || definedSince(v, cands[c]!.op, at)]);
    const holding = p.values.filter((v) => mayReach(cx, since, valueRoots(v), survivors));
    const empty = holding.filter((v) => emptyYet(cx, v, at, survivors, writesOf));
    const kept = holding.filter((v) => !empty.includes(v));
    // A slot of a graph type reaches, for points-to, whatever its graph will ever hold (`ps`
    // reaches this iteration's `Param` and its strings): keeping it would walk the graph, so
    // only flat slots are kept, and (K6) may show the others hold no survivor. Only in a loop:
    // in straight-line code the temporaries are given back at the next release anyway (a
    // local kept there also ends its group early: held-out BigNum.mulHex peaked 1.48 → 1.73×
    // the lower bound), in a loop they pile up until the iteration's end.
    const slots = !innermostLoop(at) ? [] : p.slots.filter((s) => isFlatMemoryType((s.type as PtrType).pointeeType) && mayReach(cx, since, [[cx.pt.objectOf(s)!, false]], survivors));
    if (!(kept.length + slots.length) || kept.length + slots.length > 2) continue;
    if (kept.some((v) => !isMovableMemoryType(v.type) || v.definingOp?.block !== at.block || !v.definingOp.isBeforeInBlock(at))) continue; // (K2)
    if (kept.some((v) => beingFilled(cx, v, at, writesOf))) continue; // (K7)
    // a value older than the mark is kept only when its graph has a fixed shape: an array of
    // references would be walked element by element at every run (`entries` before
    // `entries = push(entries, Entry(…))`: 0.83 → 1.10× solc viaIR's gas)
    if (kept.some((v) => !definedSince(v, cands[c]!.op, at) && !isHeldGraphType(v.type))) continue; // (K4)
    const through = [...kept, ...slots, ...empty];
    // permanent objects (seen by callers, callees or assembly) may hold anything
    const others: [MemObject, boolean][] = [...cx.permanent].map((o) => [o, true]);
    for (const s of p.slots) if (!through.includes(s)) others.push([cx.pt.objectOf(s)!, false]);
    for (const v of p.values) if (!through.includes(v)) others.push(...valueRoots(v));
    if (!cx.onlyThrough(survivors, p, through) && mayReach(cx, since, others, survivors)) continue; // (K2), (K6)
    const reach = cx.objects.reach([...kept.flatMap((v) => [...cx.objects.pointsTo(v)]), ...slots.flatMap((s) => [...cx.pt.contents(cx.pt.objectOf(s)!)])]);
    move(cx, cands[c]!, kept, slots, at, [...reach].every((o) => group.includes(o)));
    cx.note(group.filter((o) => !survivors.has(o)), `freed before ${at.name} at ${where}, its survivors moved down over it`);
    const deep = [...kept.map((v) => v.type), ...slots.map((s) => (s.type as PtrType).pointeeType)].some((t) => !isFlatMemoryType(t));
    cx.note(survivors, `${deep ? 'deep-moved (with its inner objects, addresses rebased)' : 'moved'} down before ${at.name} at ${where} (compaction at an allocation)`);
    const rest = { ...cands[c]!, objs: [...survivors] };
    return [...cands.slice(0, c), rest];
  }
  return cands;
}

/**
 * (K5) Whether `v` addresses an object made in the point's block before it, into which nothing
 * between writes: it holds nothing yet, though points-to (flow-insensitive) says it may hold
 * what is stored into it later (`Param(key, mk())`: the struct, allocated first, gets `key`
 * after the call that allocates).
 */
function emptyYet(cx: CompactionContext, v: Value, at: Operation, survivors: ReadonlySet<MemObject>, writesOf: WritesOf): boolean {
  const def = v.definingOp;
  if (!def || def.block !== at.block || !def.isBeforeInBlock(at)) return false;
  const made = cx.pt.allocatedBy(def);
  const objs = cx.objects.valueRoots(v);
  if (!objs.length || objs.some((o) => !made.includes(o) || survivors.has(o))) return false;
  for (let o = def.next; o && o !== at; o = o.next) {
    const w = writesOf(o);
    if (w.unknown || objs.some((x) => w.objects.has(x))) return false;
  }
  return true;
}

/**
 * (K7) Whether `v` is an object graph still being filled at the point: allocated without
 * zeroing (`[P(a, 0), P(0, 0)]` allocates the outer array, then each element, then stores
 * it) and written by an op after the point in its block. Its address fields hold whatever
 * the memory held before, and a move of the graph would follow them (random programs with
 * such a literal ran out of gas; the fixture's `literalOfStructs` differs from solc without
 * this check).
 */
function beingFilled(cx: CompactionContext, v: Value, at: Operation, writesOf: WritesOf): boolean {
  const def = v.definingOp;
  if (def?.name !== 'sol.malloc' || def.getAttr('zero_init') || isFlatMemoryType(v.type)) return false;
  const objs = cx.objects.valueRoots(v);
  for (let o = at.next; o; o = o.next) {
    const w = writesOf(o);
    if (w.unknown || objs.some((x) => w.objects.has(x))) return true;
  }
  return false;
}

/** What an op and the ops nested in it may write (structure.ts writtenInside), asked once per op. */
type WritesOf = (op: Operation) => ReturnType<typeof writtenInside>;

/** (K6) What was allocated (`fresh`) and what written (objects, slots) since the mark. */
interface Since {
  fresh: ReadonlySet<MemObject>;
  written: ReadonlySet<MemObject>;
}

/**
 * (K6) The objects the group allocates and those the ops from `first` to the point may write
 * into (slots included); undefined when some op writes where points-to cannot tell.
 */
function writtenSince(cx: CompactionContext, group: readonly MemObject[], first: Operation, at: Operation, writesOf: WritesOf): Since | undefined {
  const written = new Set<MemObject>();
  for (let o: Operation | null = first; o && o !== at; o = o.next) {
    const w = writesOf(o);
    if (w.unknown) return undefined;
    for (const x of w.objects) written.add(x);
    for (const s of w.slots) written.add(cx.pt.objectOf(s)!);
  }
  return { fresh: new Set(group), written };
}

/** Whether `v` is defined by an op from `first` on (before the point): it may address what the group allocates. */
function definedSince(v: Value, first: Operation, at: Operation): boolean {
  const anc = v.definingOp && ancestorIn(v.definingOp, at.block!);
  return !!anc && !anc.isBeforeInBlock(first);
}

/**
 * (K6) Whether one of `roots` ([object, whether this instance may be one allocated since the
 * mark]) may hold a survivor at the point. An object allocated since the mark is held only by
 * words written since: by an op from the group's first on (a slot it writes, an object it
 * writes into), or inside an object allocated since (an array literal fills its own
 * elements). Points-to does not tell an outer array's elements of earlier runs from the one
 * this run will store after the point (`ps` reaching this run's `key` before
 * `ps[i] = Param(key, …)`); an object nothing wrote since the mark holds only older memory —
 * which is still walked: an older object may have been written since. Without `since`, plain
 * reachability.
 */
function mayReach(cx: CompactionContext, since: Since | undefined, roots: readonly [MemObject, boolean][], survivors: ReadonlySet<MemObject>): boolean {
  if (!since) return [...cx.objects.reach(roots.map(([o]) => o))].some((o) => survivors.has(o));
  const work: [MemObject, boolean][] = [];
  const seen = new Map<MemObject, boolean>();
  const push = (o: MemObject, isNew: boolean) => {
    if (seen.get(o) === true || seen.get(o) === isNew) return;
    seen.set(o, isNew);
    work.push([o, isNew]);
  };
  for (const [o, isNew] of roots) push(o, isNew);
  while (work.length) {
    const [o, isNew] = work.pop()!;
    if (isNew && survivors.has(o)) return true;
    const holdsNew = isNew || since.written.has(o) || cx.permanent.has(o);
    for (const c of cx.pt.contents(o)) push(c, holdsNew && since.fresh.has(c));
  }
  return false;
}

/** (K3) Spill, release with the spills and `slots` kept (gap_first), reload, and rewrite the later uses. */
function move(cx: CompactionContext, first: Group, kept: Value[], slots: Value[], at: Operation, sinceMark: boolean): void {
  const mark = cx.markBefore(first);
  // the spill slots live in the point's block (a Yul variable of that scope): one declared at
  // the function's entry would be a variable carried across every loop around the point
  const spills = kept.map((v) => {
    const slot = createBefore(at, 'sol.alloca', { resultTypes: [PtrType.get(v.type, 'Stack')] }).result(0);
    createBefore(at, 'sol.store', { operands: [v, slot] });
    return slot;
  });
  const free = createBefore(at, 'sol.free', { operands: [mark, ...spills, ...slots] });
  free.setAttr('gap_first', UnitAttr.instance);
  if (sinceMark) free.setAttr('since_mark', UnitAttr.instance);
  kept.forEach((v, k) => {
    const reload = createBefore(at, 'sol.load', { operands: [spills[k]!], resultTypes: [v.type] }).result(0);
    cx.objects.alias(reload, v);
    for (const use of [...v.uses()]) {
      const anc = ancestorIn(use.owner, at.block!);
      if (use.owner !== reload.definingOp && anc && (anc === at || at.isBeforeInBlock(anc))) use.owner.setOperand(use.index, reload);
    }
  });
}
