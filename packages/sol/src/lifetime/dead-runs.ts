/**
 * (I0) Releases where a run of a loop has left nothing it allocated live (LIFETIME.md 2°): a
 * loop no plan of kept slots covers (points-to does not tell runs apart, so `best[0] = t`
 * after the check makes every `t` look live at every point) may still leave a run by a path on
 * which nothing it allocated was stored: `t = makeTask(i); if (t.priority >= best[0].priority)
 * continue; best[0] = t;`. Before such a `continue` (or the end of the loop's body or step),
 * with a mark M read at the start of its region, `sol.free M` is correct when
 *  (D1) no op that may run between M and the point in that run (the window: the ops before it
 *       and, in them, every block that does not end by leaving the loop's run — a `continue`
 *       or `break` of the loop, a return or a revert) stores an address of memory the window
 *       allocates (the run's objects R) into memory other than R's, calls a function that may
 *       store addresses into what it is given (or capture them), or writes memory we cannot
 *       name: the run's objects are then held only by slots, values and each other;
 *  (D2) every slot live where the point goes next (the loop's step or condition) that may hold
 *       R is not written in the window: it holds what it held at M, when R did not exist yet;
 *  (D3) no SSA value live there may address R, and none of R escapes.
 * Then nothing above M is live there. No run-time check: a mark read at the region's start and
 * a store of the free pointer where a run leaves early.
 *
 * (D1') Where (D1) fails only at ops that run under a condition (a `sol.if` of the region, in
 * an inner loop or not: a top-k's `best[s] = c` after a comparison), the mark is a stack word set to the
 * free pointer at the region's start and again after each of those ops, and after every other
 * op of the window that stores an address of the run into memory (`c.memo = s` once `c` may be
 * held: one that may run after the first of them) — such an op *seals* what lies below the
 * free pointer. What the run allocates after the
 * last seal is then held by no memory, only by slots and values, which (D2) and (D3) check, so
 * releasing to the word is correct; a run that sealed nothing gives back all it made. Ops that
 * always run would seal every run, which would pay the word for nothing (an array filled with
 * one new object per run; an inner loop storing in its first run, own fixture
 * lifetimes_held.sol's `inner`: 0.639 → 0.671× solc viaIR's gas, same peak).
 */
import type { Block, Operation, SymbolTableCollection, Value } from '@lifeline/ir';
import type { FunctionPointsTo, MemObject, ProgramPointsTo } from '@lifeline/analyses';
import type { LiveAt, ObjectLiveness } from './object-liveness.js';
import { calleeOf, createBefore } from './program-points.js';
import { allocatingOp, continuesOf, innermostLoop, leavesFunction, regionUnder, stackWrites } from './structure.js';
import { PtrType, ui256 } from '../sol-types.js';

export interface DeadRunContext {
  pt: FunctionPointsTo;
  objects: ObjectLiveness;
  program: ProgramPointsTo;
  symbols: SymbolTableCollection;
  barriers: ReadonlySet<Operation>;
  liveBefore(op: Operation): LiveAt;
}

/** A point where a run leaves nothing it allocated live, and what that run allocated before it. */
export interface DeadRun {
  point: Operation;
  run: MemObject[];
  /** (D1') The ops after which the run's mark moves up to the free pointer (none: (D1) holds). */
  seals: Operation[];
}

/** The points of `loop` where (D1)–(D3) hold: its `continue`s and the ends of its regions but the condition. */
export function deadRunPoints(cx: DeadRunContext, loop: Operation): DeadRun[] {
  const points: Operation[] = loop.regions.map((r) => r.blocks[0]?.terminator).filter((t): t is Operation => t?.name === 'sol.yield');
  points.push(...continuesOf(loop));
  // the continues of a region all go to the same next region: its liveness once
  const liveAt = new Map<Operation, LiveAt>();
  const live = (next: Operation) => liveAt.get(next) ?? liveAt.set(next, cx.liveBefore(next)).get(next)!;
  return points.flatMap((point) => {
    const dead = runDeadAt(cx, loop, point, live);
    return dead ? [{ point, ...dead }] : [];
  });
}

/** Places `sol.free M` before each point, M read at the start of the point's region of `loop`. */
export function releaseDeadRuns(loop: Operation, points: readonly DeadRun[]): void {
  const marks = new Map<Block, Value>();
  const words = new Map<Block, Value>();
  const sealed = new Set<Operation>();
  const freePtr = (at: Operation) => createBefore(at, 'sol.free_ptr', { resultTypes: [ui256] }).result(0);
  for (const { point: p, seals } of points) {
    const top = regionUnder(p, loop).blocks[0]!;
    if (!seals.length) {
      let mark = marks.get(top);
      if (!mark) marks.set(top, (mark = freePtr(top.first!)));
      createBefore(p, 'sol.free', { operands: [mark] });
      continue;
    }
    // (D1') the mark as a stack word, moved up to the free pointer after each seal
    let word = words.get(top);
    if (!word) {
      word = createBefore(loop, 'sol.alloca', { resultTypes: [PtrType.get(ui256, 'Stack')] }).result(0);
      words.set(top, word);
      const first = top.first!;
      createBefore(first, 'sol.store', { operands: [freePtr(first), word] });
    }
    for (const op of seals) {
      if (sealed.has(op)) continue;
      sealed.add(op);
      createBefore(op.next!, 'sol.store', { operands: [freePtr(op.next!), word] });
    }
    createBefore(p, 'sol.free', { operands: [createBefore(p, 'sol.load', { operands: [word], resultTypes: [ui256] }).result(0)] });
  }
}

/** The run's objects, and the seals of (D1'), when (D1) or (D1') and (D2), (D3) hold at `point`. */
function runDeadAt(cx: DeadRunContext, loop: Operation, point: Operation, live: (next: Operation) => LiveAt): { run: MemObject[]; seals: Operation[] } | undefined {
  const { pt, objects } = cx;
  const top = regionUnder(point, loop).blocks[0]!;
  const window = windowBefore(point, top, loop);
  if (window.some((o) => cx.barriers.has(o))) return undefined;
  // each op's own allocations: those nested in a block that leaves the run are not in the window
  const run = new Set(window.flatMap((o) => pt.allocatedBy(o).filter((x) => allocatingOp(x) === o)));
  if (!run.size || [...run].some((o) => objects.permanent.has(o))) return undefined;
  const reachesRun = (roots: Iterable<MemObject>) => [...objects.reach(roots)].some((o) => run.has(o));
  const inWindow = new Set(window);
  const storing = window.filter((o) => !keepsRunUnstored(cx, o, run, inWindow)); // (D1)
  let seals: Operation[] = [];
  if (storing.length) { // (D1')
    const branches = storing.map((o) => branchOf(o, top));
    if (storing.some((o, i) => !branches[i] || o.def?.spec.regionBranch)) return undefined;
    // something may die: an object made outside the branches that store (else a run that
    // stores nothing made nothing either: own fixture lifetimes_held.sol's `evens`) and live
    // where one of them runs (one dead before is freed there: held-out Ledger.ledgerDigest's
    // encoding, hashed before a helper grows an account's history)
    const outside = (x: MemObject) => !branches.some((b) => b!.isAncestorOf(allocatingOp(x)));
    const liveAtStores = storing.map((o) => cx.liveBefore(o).live);
    if (![...run].some((x) => outside(x) && liveAtStores.some((l) => l.has(x)))) return undefined;
    // a store into the run's own memory seals too when it may come after one of them
    const topOps = top.opList();
    const order = (o: Operation) => topOps.indexOf(topAncestor(o, top));
    const first = Math.min(...storing.map(order));
    seals = window.filter((o) => storing.includes(o) || (order(o) >= first && storesRunAddress(cx, o, run)));
  }
  // what the next run (or the code after the loop) may read: the sol.continue itself, to slot
  // liveness, flows on through the ops after it (their reads too) as if it fell through
  const next = nextRegionStart(point, loop);
  if (!next) return undefined;
  const at = live(next);
  const written = new Set(window.flatMap(stackWrites));
  if (at.slots.some((s) => written.has(s) && reachesRun(pt.contents(pt.objectOf(s)!)))) return undefined; // (D2)
  if (at.values.some((v) => reachesRun(objects.valueRoots(v)))) return undefined; // (D3)
  return { run: [...run], seals };
}

/** The innermost `sol.if` inside block `top` that holds `op` (an inner loop alone may store every run). */
function branchOf(op: Operation, top: Block): Operation | undefined {
  for (let a = op; a.block !== top; a = a.parentOp!) if (a.parentOp!.name === 'sol.if') return a.parentOp!;
  return undefined;
}

/** The op of block `top` that holds `op`. */
function topAncestor(op: Operation, top: Block): Operation {
  let a = op;
  while (a.block !== top) a = a.parentOp!;
  return a;
}

/** (D1') Whether `op` writes into memory (not only its own new object) a value that may address the run. */
function storesRunAddress(cx: DeadRunContext, op: Operation, run: ReadonlySet<MemObject>): boolean {
  const effects = op.def?.spec.memoryEffects?.(op) ?? [];
  const fills = (v: Value | undefined) => !!v && effects.some((a) => a.kind === 'allocate' && a.value === v);
  if (!effects.some((e) => e.kind === 'write' && e.resource === 'Memory' && !fills(e.value))) return false;
  const stored = op.name === 'sol.store' ? [op.operand(0)] : op.operandValues();
  return stored.some((v) => [...cx.pt.pointsTo(v)].some((o) => run.has(o)));
}

/** The first op of the region `loop` runs after the region holding `point` (its step or condition). */
function nextRegionStart(point: Operation, loop: Operation): Operation | undefined {
  const next = loop.def?.spec.regionBranch?.successors(loop, regionUnder(point, loop)).find((s) => s.target !== 'parent')?.target;
  return next && next !== 'parent' ? (next.blocks[0]?.first ?? undefined) : undefined;
}

/**
 * The ops that may run between the start of `top` and `point` in one run of `loop`: those
 * before each op on the way up from `point` to `top`, with their nested ops but those in
 * blocks that leave the run (they never get to `point`).
 */
function windowBefore(point: Operation, top: Block, loop: Operation): Operation[] {
  const out: Operation[] = [];
  const flowing = (op: Operation): void => {
    out.push(op);
    for (const r of op.regions) for (const b of r.blocks) if (!leavesRun(b.terminator, loop)) for (const o of b.ops()) flowing(o);
  };
  for (let a: Operation = point; ; a = a.parentOp!) {
    for (let o = a.block!.first; o && o !== a; o = o.next) flowing(o);
    if (a.block === top) return out;
  }
}

/** A block terminator after which its ops never reach a later point of the same run of `loop`. */
function leavesRun(t: Operation | null, loop: Operation): boolean {
  if (t?.name === 'sol.continue' || t?.name === 'sol.break') return innermostLoop(t) === loop;
  return leavesFunction(t);
}

/**
 * Whether `ptr` addresses an object the window made in this run: the result of an allocating
 * op of the window, or a member or element of it. What points-to says is not enough: it does
 * not tell runs apart, so an array an earlier run made and a variable kept (`last = cur` in
 * the first run, `last[1] = T(…)` in later ones) looks like this run's.
 */
function madeInWindow(pt: FunctionPointsTo, ptr: Value, window: ReadonlySet<Operation>): boolean {
  const base = ptr.definingOp?.name === 'sol.gep' ? ptr.definingOp.operand(0) : ptr;
  const def = base.definingOp;
  const made = pt.objectOf(base);
  return !!def && !!made && window.has(def) && pt.allocatedBy(def).includes(made);
}

/** (D1) for one op of the window. */
function keepsRunUnstored(cx: DeadRunContext, op: Operation, run: ReadonlySet<MemObject>, window: ReadonlySet<Operation>): boolean {
  const { pt } = cx;
  const addressesRun = (v: Value) => [...pt.pointsTo(v)].some((o) => run.has(o));
  if (op.def?.spec.call) {
    const callee = calleeOf(op, cx.symbols);
    if (!callee) return false;
    const sum = cx.program.summary(callee);
    return !sum.opaque && !sum.params.some((p) => p.captured) && sum.paramContents.every((c) => !c.fresh && !c.params.length && !c.unknown);
  }
  const effects = op.def?.spec.memoryEffects?.(op);
  if (!effects) return !!op.def?.spec.regionBranch;
  for (const e of effects) {
    if (e.kind !== 'write' || e.resource !== 'Memory') continue;
    if (!e.value) return false;
    // an encoder or a literal filling its own result, a store into an object this run made
    if (effects.some((a) => a.kind === 'allocate' && a.value === e.value)) continue;
    if (madeInWindow(pt, e.value, window)) continue;
    const stored = op.name === 'sol.store' ? [op.operand(0)] : op.operandValues();
    if (stored.some(addressesRun)) return false;
  }
  return true;
}
