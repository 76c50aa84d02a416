/**
 * Releases at the end of a loop region whose one survivor is held by an element of an outer
 * array (LIFETIME.md "Objects an outer array holds"): `grid[k] = row`, `out[i % n] =
 * string.concat(…)`. Such an object cannot move like a slot survivor unless its holder is
 * known, and the object it displaced is garbage solc never reuses. Here the holder is
 * recorded when the store runs (`sol.displace`: the element's address and its old object),
 * and at the region's end (`sol.free_held`) the survivor is copied into the displaced object
 * when that one was allocated by this loop and is at least as large, else moved down to the
 * mark; everything else allocated since the mark is released.
 *
 * Correct when, for the region's survivor N (the one object of the released candidates live
 * at the end; one flat allocation executed at most once per run of the region):
 *  (H0) N is an allocation, or a call whose one fresh result is all the callee hands back (so
 *       one object per call), or a call that may store one object it allocates into a member of
 *       a struct it is given and hands back nothing else fresh (field-stores.ts: `_push(h, v)`
 *       growing `h.data`) — the call is then the store of (H2), of whatever the member holds
 *       after it;
 *  (H1) no live slot or SSA value at the end holds N, and no object escapes with it: only
 *       memory holds N, and only one memory object C (whose contents hold it) — so after the iteration
 *       an instance of N is reached only through an element of C;
 *  (H2) exactly one op writes N's address into memory: a `sol.store` of a value that
 *       addresses only N into an element of C, run at most once per run of the region (in it,
 *       not in a nested loop) — each instance of N is then held by one element at most;
 *  (H3) every object of C's contents that the loop allocates is N: a displaced object whose
 *       address lies at or above the loop's mark (allocated since the loop began) and below
 *       the region's mark is an earlier instance of N, held by nothing but the element the
 *       store overwrote (H1, H2), so its memory may take the new instance.
 *  (H5) N may be an object graph of fixed shape (structs and static arrays whose address fields
 *       hold such graphs, `Node(i, new uint256[](2))`): every inner object the loop allocates
 *       satisfies (H0)–(H2) with one object of the graph as its holder, so the displaced graph's
 *       inner objects are held by nothing but their fields; the new graph is copied into the old
 *       one only when every new inner object fits the old one it replaces (else nothing is
 *       released: the graph's objects stay where they are);
 *  (H4) It pays: another object of the region dies, or an element may be written twice by one run
 *       of the loop — not when the element's index is the loop's counter plus a constant;
 *  (H6) several roots N1, N2, … (none reaching another) may share one record when each meets
 *       (H0)–(H5) with one holder and one type and their stores lie in the two branches of one
 *       `sol.if` in the loop: at most one runs an iteration, so the record holds its object.
 *  (H7) When only the branches that store allocate, each such branch releases at its own end
 *       (sinkable), so the iterations that store nothing pay for nothing.
 * At run time the release moves the word's object only when it lies at or above the mark (the
 * instance of this run: an older object there means N was displaced in turn and is dead), and
 * only when the store ran; with `{direct}` (the store lies in the region's block, and nothing
 * else in the loop writes into the array) both are known and not checked.
 */
import { TypeAttr, UnitAttr, type Block, type Operation, type Type, type Value } from '@lifeline/ir';
import type { FunctionPointsTo, MemObject } from '@lifeline/analyses';
import { PtrType, isFlatMemoryType, isHeldGraphType, ui256 } from '../sol-types.js';
import type { LiveAt, ObjectLiveness } from './object-liveness.js';
import { backEdgeRegions, createBefore } from './program-points.js';
import { constantOf } from './static-sizes.js';
import { definedAround, innermostLoop, mayHoldSlot, regionUnder, stackWrites } from './structure.js';
import type { Group } from './compaction.js';
import { memberAddress, memberAddressBefore, type FieldStore } from './field-stores.js';

export interface HeldContext {
  fn: Operation;
  pt: FunctionPointsTo;
  objects: ObjectLiveness;
  permanent: ReadonlySet<MemObject>;
  markBefore(c: Group): Value;
  liveBefore(op: Operation): LiveAt;
  /** The result a call object stands for, when it is the call's one fresh result and the callee hands back no other memory. */
  onlyFreshResult(call: Operation): Value | undefined;
  /** The member a call may store its one fresh object into (field-stores.ts). */
  fieldStore(call: Operation): FieldStore | undefined;
  note(objs: Iterable<MemObject>, text: string): void;
}

/** The loop marks made so far (one `sol.free_ptr` before each loop that needs one). */
const loopMarks = new WeakMap<Operation, Value>();

/**
 * At the terminator `end` of `block` (a region of `loop` not released as a whole): releases
 * the longest suffix of `cands` whose only live object is a held survivor, and returns the
 * candidates left; undefined when (H1)–(H3) do not hold (the caller frees what is dead).
 */
export function releaseHeld(cx: HeldContext, cands: Group[], end: Operation, block: Block, loop: Operation, at: LiveAt): Group[] | undefined {
  // the longest suffix whose live objects are a few roots and what their fields may address
  // (a root may come before its inner objects or after them)
  let c: number | undefined;
  let survivors: MemObject[] = [];
  const live: MemObject[] = [];
  for (let k = cands.length - 1; k >= 0; k--) {
    live.push(...cands[k]!.objs.filter((o) => at.live.has(o)));
    const roots = rootsOf(cx, live);
    if (roots.length) [c, survivors] = [k, roots];
  }
  if (c === undefined) return undefined;
  const releasedObjs = cands.slice(c).flatMap((g) => g.objs);
  const helds: HeldStore[] = [];
  for (const n of survivors) {
    const held = heldStore(cx, n, block, loop, at, new Set(releasedObjs), new Set(survivors));
    if (!held) return undefined;
    helds.push(held);
  }
  // (H6) several roots share one record: one holder and one type, stores (not calls) of which
  // at most one runs in an iteration
  const first = helds[0]!;
  // (H8) several calls growing one member of one struct: the member holds at most one of them
  const struct = helds.length > 1 ? memberStruct(helds, loop, block) : undefined;
  if (helds.length > 1 && !struct && !helds.every((h, i) => !h.field && h.holder === first.holder && storedType(h) === storedType(first)
    && helds.slice(0, i).every((g) => exclusive(g.store, h.store, loop)))) return undefined;
  const { store, field } = first;
  // (H4) nothing to give back: no other object dies, and no element is written twice by a run
  // of the loop (filling `out[i]` displaces only what the loop did not allocate)
  if (releasedObjs.every((o) => at.live.has(o)) && helds.every((h) => distinctPerIteration(h.store, loop))) return undefined;
  // (H8) the record is taken before the first of the calls runs, once an iteration
  const anchor = struct ? struct.anchor : store;
  const elem = struct ? memberAddress(struct.before(anchor), field!, anchor) : field ? memberAddressBefore(store, field) : store.operand(1);
  const heldType = (elem.type as PtrType).pointeeType;
  let lm = loopMarks.get(loop);
  if (!lm) loopMarks.set(loop, (lm = createBefore(loop, 'sol.free_ptr', { resultTypes: [ui256] }).result(0)));
  const released = new Set(releasedObjs);
  if (sinkable(cx, helds, survivors, released, at, loop, block)) {
    for (const h of helds) releaseAtStore(h, lm, heldType);
    cx.note(releasedObjs.filter((o) => !at.live.has(o)), 'freed at the end of the branch that stores the survivor');
    cx.note(survivors, 'held by an element of an outer array: at the end of the branch that stores it copied into the object it displaced when this loop allocated that one and it is large enough, else moved down to the loop\'s mark when that object is all the loop kept, else to the branch\'s mark');
    return cands.slice(0, c);
  }
  // a call may leave the member as it was: never direct
  const direct = helds.length === 1 && !field && store.block === block && onlyStoreInto(cx, store, loop);
  // the displace runs right before a call in the region's block: its record needs no reset,
  // and words declared there are not carried around the loop (solc's stack layout charges
  // for every variable live across the iteration)
  const displaced = !!field && anchor.block === block;
  // Yul `let` zeroes them each time the loop starts; the release clears the address again
  const [addr, old] = recordBefore(displaced ? anchor : loop, anchor, elem);
  if (!struct) for (const h of helds.slice(1)) createBefore(h.store, 'sol.displace', { operands: [h.store.operand(1), addr, old] });
  const free = createBefore(end, 'sol.free_held', { operands: [cx.markBefore(cands[c]!), lm, addr, old], attributes: [['held', new TypeAttr(heldType)]] });
  if (direct) free.setAttr('direct', UnitAttr.instance);
  else if (displaced) free.setAttr('displaced', UnitAttr.instance);
  const dead = releasedObjs.filter((o) => !at.live.has(o));
  cx.note(dead, `freed before ${end.name}, at the end of each iteration`);
  cx.note(survivors, `held by ${field ? 'a member of a struct' : 'an element of an outer array'}: at the end of each iteration copied into the object it displaced when this loop allocated that one and it is large enough, else moved down to the loop's mark when that object is all the loop kept, else to the iteration's mark`);
  return cands.slice(0, c);
}

/**
 * (H8) Several roots may share one record when every one is a call storing into one member
 * (field-stores.ts) of one struct — the same value, or loads of one stack slot nothing in the
 * loop writes, so every call of an iteration grows the same instance (`_put(b, "&");
 * _put(b, enc(k))`). The member then holds, at the region's end, what it held when the
 * iteration began or the object of the last call that replaced it; the objects earlier calls
 * stored there were displaced in turn and are held by nothing (H1). The record is taken once,
 * before the block's op that holds the first call, so `old` is the object the iteration found.
 * Returns that op and a way to read the struct there.
 */
function memberStruct(helds: HeldStore[], loop: Operation, block: Block): { anchor: Operation; before(at: Operation): Value } | undefined {
  const first = helds[0]!;
  if (!helds.every((h) => h.field && h.holder === first.holder && h.field.field === first.field!.field && h.field.type === first.field!.type)) return undefined;
  const structs = helds.map((h) => h.store.def!.spec.call!.args(h.store)[h.field!.arg]!);
  const inBlock = helds.map((h) => {
    let o = h.store;
    while (o.block !== block) o = o.block!.parentOp!;
    return o;
  });
  const anchor = inBlock.reduce((a, b) => (b.isBeforeInBlock(a) ? b : a));
  const s0 = structs[0]!;
  if (structs.every((v) => v === s0) && definedAround(s0, anchor)) return { anchor, before: () => s0 };
  const slot = s0.definingOp?.name === 'sol.load' ? s0.definingOp.operand(0) : undefined;
  if (!slot || !(slot.type instanceof PtrType) || slot.type.loc !== 'Stack' || !definedAround(slot, loop)) return undefined;
  if (!structs.every((v) => v.definingOp?.name === 'sol.load' && v.definingOp.operand(0) === slot)) return undefined;
  let written = false;
  loop.walk((o) => {
    if (!written && stackWrites(o).includes(slot)) written = true;
  });
  if (written) return undefined;
  return { anchor, before: (at) => createBefore(at, 'sol.load', { operands: [slot], resultTypes: [s0.type] }).result(0) };
}

/**
 * (H7) Whether the release may run at the end of each branch that stores a root instead of at
 * the region's end: every root is written by a `sol.store` in a branch of `sol.if`s in the
 * region (not the region's block), everything released is allocated in those branches, and at
 * a branch's end (H1)–(H3) hold as they do at the region's end, what is dead at the region's
 * end is dead there, and nothing after the store writes into the array. A run of the region
 * that takes no such branch then pays nothing: no mark is read, no record is checked.
 */
function sinkable(cx: HeldContext, helds: HeldStore[], roots: MemObject[], released: ReadonlySet<MemObject>, at: LiveAt, loop: Operation, block: Block): boolean {
  const branches = helds.map((h) => h.store.block!);
  if (helds.some((h) => h.field || !underIfs(h.store, block))) return false;
  if ([...released].some((o) => !o.op || !branches.some((b) => insideBlock(o.op!, b)))) return false;
  return helds.every((h, i) => {
    const branch = branches[i]!;
    const end = cx.liveBefore(branch.terminator!);
    if ([...released].some((o) => insideBlock(o.op!, branch) && end.live.has(o) && !at.live.has(o))) return false;
    const again = heldStore(cx, roots[i]!, branch, loop, end, released, new Set(roots));
    const into = cx.pt.pointsTo(h.store.operand(1));
    const after: Operation[] = [];
    for (let o = h.store.next; o; o = o.next) after.push(o);
    return again?.store === h.store && !after.some((o) => writesInto(cx, o, into));
  });
}

/** Whether `op` lies in a branch of `sol.if`s that lie, directly or nested, in `block`. */
function underIfs(op: Operation, block: Block): boolean {
  if (op.block === block) return false;
  for (let p = op.parentOp; p; p = p.parentOp) {
    if (p.name !== 'sol.if') return false;
    if (p.block === block) return true;
  }
  return false;
}

/** (H7) The record, mark and direct release of one root in the branch that stores it. */
function releaseAtStore(h: HeldStore, lm: Value, heldType: Type): void {
  const branch = h.store.block!;
  const [addr, old] = recordBefore(h.store, h.store, h.store.operand(1));
  // nothing is allocated between the region's mark and the branch: the free pointer at the
  // branch's start is that mark
  const mark = createBefore(branch.opList()[0]!, 'sol.free_ptr', { resultTypes: [ui256] }).result(0);
  createBefore(branch.terminator!, 'sol.free_held', { operands: [mark, lm, addr, old], attributes: [['held', new TypeAttr(heldType)], ['direct', UnitAttr.instance]] });
}

/** The record's two stack words (declared before `at`) and the `sol.displace` filling them before `store`. */
function recordBefore(at: Operation, store: Operation, elem: Value): [Value, Value] {
  const word = PtrType.get(ui256, 'Stack');
  const addr = createBefore(at, 'sol.alloca', { resultTypes: [word] }).result(0);
  const old = createBefore(at, 'sol.alloca', { resultTypes: [word] }).result(0);
  createBefore(store, 'sol.displace', { operands: [elem, addr, old] });
  return [addr, old];
}

interface HeldStore {
  holder: MemObject;
  /** A `sol.store`, or a call storing into a member (`field`). */
  store: Operation;
  field?: FieldStore;
}

/**
 * The live objects of `live` that no other one reaches, when together they reach every one
 * (the roots of the survivors' graphs); empty otherwise.
 */
function rootsOf(cx: HeldContext, live: readonly MemObject[]): MemObject[] {
  const reach = new Map(live.map((o) => [o, typedReach(cx, [o])]));
  const roots = live.filter((r) => !live.some((o) => o !== r && reach.get(o)!.has(r)));
  return live.every((o) => roots.some((r) => reach.get(r)!.has(o))) ? roots : [];
}

/** (H6) Whether at most one of `a` and `b` runs in an iteration of `loop`: they lie in the two branches of one `sol.if` in it. */
function exclusive(a: Operation, b: Operation, loop: Operation): boolean {
  for (let p = a.parentOp; p && p !== loop; p = p.parentOp) {
    if (!p.isAncestorOf(b)) continue;
    return p.name === 'sol.if' && regionUnder(a, p) !== regionUnder(b, p);
  }
  return false;
}

/** The one store of (H2) when (H1)–(H3) hold for `n` (`siblings`: the other roots of (H6)). */
function heldStore(cx: HeldContext, n: MemObject, block: Block, loop: Operation, at: LiveAt, released: ReadonlySet<MemObject>, siblings: ReadonlySet<MemObject>): HeldStore | undefined {
  const { pt, objects } = cx;
  const made = madeType(cx, n);
  if (!made || !n.op || !isHeldGraphType(made)) return undefined;
  const root = onlyHolder(cx, n, loop, block, at);
  if (!root || released.has(root.holder)) return undefined;
  // (H3)
  for (const x of pt.contents(root.holder)) if (x !== n && !siblings.has(x) && x.op && loop.isAncestorOf(x.op)) return undefined;
  if (storedType(root) !== made) return undefined;
  // (H5) the inner objects the loop allocates: each held by one field of one object of the graph
  const graph = isFlat(cx, n) ? new Set<MemObject>() : typedReach(cx, pt.contents(n));
  for (const inner of graph) {
    if (inner === n) continue;
    if (!inner.op || !loop.isAncestorOf(inner.op)) continue;
    const held = inner.kind === 'alloc' ? onlyHolder(cx, inner, loop, block, at) : undefined;
    if (!held || held.field || (held.holder !== n && !graph.has(held.holder))) return undefined;
  }
  return root;
}

/** The type of the one object a held root stands for (an allocation's, or a call's fresh result or member). */
function madeType(cx: HeldContext, n: MemObject): Type | undefined {
  if (n.kind === 'alloc') return n.value?.type;
  return n.kind === 'call' && n.op ? (cx.onlyFreshResult(n.op)?.type ?? cx.fieldStore(n.op)?.type) : undefined;
}

/** Whether `o` is an object of a flat type, which holds no addresses whatever its points-to contents say. */
function isFlat(cx: HeldContext, o: MemObject): boolean {
  const t = madeType(cx, o);
  return !!t && isFlatMemoryType(t);
}

/**
 * What `roots` reach through contents, not looking into objects of flat types: points-to puts
 * what a callee stores into its argument's structure into every object that structure reaches
 * (`_put(b, s)` growing `b.buf`: each call's new buffer "holds" the others), which a byte
 * string cannot.
 */
function typedReach(cx: HeldContext, roots: Iterable<MemObject>): Set<MemObject> {
  return cx.objects.reach(roots, (o) => isFlat(cx, o));
}

const storedType = (h: HeldStore): Type => h.field?.type ?? (h.store.operand(1).type as PtrType).pointeeType;

/**
 * (H0)–(H2) for one object `o` the loop allocates: made once per run of the region, held at
 * its end by no live slot or value and by one memory object, into which one store in the
 * region writes it.
 */
function onlyHolder(cx: HeldContext, o: MemObject, loop: Operation, block: Block, at: LiveAt): HeldStore | undefined {
  const { pt, objects } = cx;
  if (!o.op || innermostLoop(o.op) !== loop || cx.permanent.has(o)) return undefined;
  // (H1)
  if (at.slots.some((s) => pt.contents(pt.objectOf(s)!).has(o))) return undefined;
  if (at.values.some((v) => objects.valueRoots(v).includes(o))) return undefined;
  // an object never holds itself (held types are not recursive): contents(o) ∋ o only says that
  // its allocation may make inner objects too (zero elements), which are part of o
  const holders = pt.objects().filter((h) => h.kind !== 'slot' && h !== o && pt.contents(h).has(o) && !isFlat(cx, h));
  if (holders.length !== 1) return undefined;
  const holder = holders[0]!;
  // (H2)
  let store: Operation | undefined;
  let other = false;
  cx.fn.walk((op) => {
    if (op.name !== 'sol.store' || (op.operand(1).type as PtrType).loc !== 'Memory' || !pt.pointsTo(op.operand(0)).has(o)) return;
    if (store) other = true;
    store = op;
  });
  if (other) return undefined;
  // a call storing into a member of a struct it is given: the struct is the holder
  const field = !store && o.kind === 'call' && o.op ? cx.fieldStore(o.op) : undefined;
  if (field) store = o.op;
  if (!store) return undefined;
  const value = field ? new Set([o]) : pt.pointsTo(store.operand(0));
  const target = field ? store.def!.spec.call!.args(store)[field.arg]! : store.operand(1);
  const into = field ? new Set([...pt.pointsTo(target)].filter((x) => x.kind !== 'slot'))
    : new Set([...pt.pointsTo(target)].filter((x) => mayHoldSlot(x, (target.type as PtrType).pointeeType)));
  if (value.size !== 1 || into.size !== 1 || !into.has(holder)) return undefined;
  if (innermostLoop(store) !== loop || !insideBlock(store, block)) return undefined;
  return { holder, store, field };
}

/**
 * Whether `store` is the only op in `loop` that writes into the objects its target may address:
 * the element then still holds this iteration's instance at the region's end.
 */
function onlyStoreInto(cx: HeldContext, store: Operation, loop: Operation): boolean {
  const into = cx.pt.pointsTo(store.operand(1));
  let other = false;
  loop.walk((op) => {
    if (op !== store && !other && writesOne(cx, op, into)) other = true;
  });
  return !other;
}

/** Whether `op` or an op nested in it may write into one of the objects `into`. */
function writesInto(cx: HeldContext, op: Operation, into: ReadonlySet<MemObject>): boolean {
  let some = false;
  op.walk((x) => {
    if (!some && writesOne(cx, x, into)) some = true;
  });
  return some;
}

/** Whether `op` itself (not its regions) may write into one of the objects `into`. */
function writesOne(cx: HeldContext, op: Operation, into: ReadonlySet<MemObject>): boolean {
  const { pt } = cx;
  // a callee writes only into what its arguments reach (the array does not escape: (H1))
  if (op.def?.spec.call) return [...cx.objects.reach(op.operandValues().flatMap((v) => [...pt.pointsTo(v)]))].some((o) => into.has(o));
  const effects = op.def?.spec.memoryEffects?.(op);
  if (!effects) return !op.def?.spec.memoryEffects && !op.regions.length;
  return effects.some((e) => e.kind === 'write' && (e.resource === 'Memory' || e.resource === undefined)
    && (!e.value || [...pt.pointsTo(e.value)].some((o) => into.has(o))));
}

/** Whether `op` lies in `block`, directly or inside its ops' regions. */
function insideBlock(op: Operation, block: Block): boolean {
  for (let o: Operation | null = op; o; o = o.block?.parentOp ?? null) if (o.block === block) return true;
  return false;
}

/**
 * (H4) Whether the element `store` writes differs each time it runs in one run of `loop`: its
 * index is a counter slot plus or minus constants; inside the loop the counter only grows
 * (`k = k + c`, c > 0), and it grows between any two runs of the store — in the store's block
 * after the index is read (`parts[k++] = w`, or `out[k] = w; k++;` with no `continue` between),
 * or once per iteration in the loop's back-edge region, which no `continue` skips unless it is
 * a `for` loop's step.
 */
export function distinctPerIteration(store: Operation, loop: Operation): boolean {
  const gep = store.operand(1).definingOp;
  if (gep?.name !== 'sol.gep') return false;
  let index = gep.operand(1);
  for (let d = index.definingOp; d && (d.name === 'sol.add' || d.name === 'sol.sub'); d = index.definingOp) {
    const k = d.operandValues().findIndex((v) => v.definingOp?.name === 'sol.constant');
    if (k < 0 || (d.name === 'sol.sub' && k === 0)) return false;
    index = d.operand(1 - k);
  }
  const read = index.definingOp;
  if (read?.name !== 'sol.load') return false;
  const counter = read.operand(0);
  if (!(counter.type instanceof PtrType) || counter.type.loc !== 'Stack' || loop.isAncestorOf(counter.definingOp!)) return false;
  const writes: Operation[] = [];
  let skips = false;
  loop.walk((o) => {
    if (stackWrites(o).includes(counter)) writes.push(o);
    if (o.name === 'sol.continue' && innermostLoop(o) === loop) skips = true;
  });
  if (!writes.length || !writes.every((w) => increments(w, counter))) return false;
  const block = store.block!;
  const here = writes.find((w) => w.block === block && read.block === block && read.isBeforeInBlock(w));
  if (here) {
    if (here.isBeforeInBlock(store)) return true;
    let between = false;
    for (let o = store.next; o && o !== here; o = o.next) {
      o.walk((x) => {
        if (x.name === 'sol.continue') between = true;
      });
    }
    if (!between) return true;
  }
  const step = loop.name === 'sol.for' ? loop.regions[2] : undefined;
  return innermostLoop(store) === loop && writes.length === 1 && writes.every((w) =>
    w.parentOp === loop && backEdgeRegions(loop).includes(w.block!.parent!) && (!skips || w.block!.parent === step));
}

/** Whether `w` is `counter = counter + c` with a constant c > 0. */
function increments(w: Operation, counter: Value): boolean {
  if (w.name !== 'sol.store' || w.operand(1) !== counter) return false;
  const add = w.operand(0).definingOp;
  if (add?.name !== 'sol.add') return false;
  const k = add.operandValues().findIndex((v) => v.definingOp?.name === 'sol.constant');
  if (k < 0) return false;
  const c = constantOf(add.operand(k));
  const other = add.operand(1 - k).definingOp;
  return c !== undefined && c > 0n && other?.name === 'sol.load' && other.operand(0) === counter;
}
