/**
 * Release placement (packages/sol/LIFETIME.md, "Release points"). Releasing the free pointer
 * to a mark taken at point P is correct at point Q iff every object allocated between P and
 * Q is dead at Q; survivors may first be moved down to the mark when
 *  (R1) each survivor is live only through stack slots (the kept slots, at most two): no
 *       other live root (SSA value, slot, escaped object) reaches it through contents, and
 *       each kept slot's type is movable — flat, or an object graph of known types whose
 *       inner objects are reached only through it (a *deep move*: the graph moves as one
 *       block and its inner addresses are rebased, emit-deep-move.ts),
 *  (R2) no survivor escapes the function other than by being returned,
 *  (R4) a kept graph's new instances share no inner object with the ones they replace,
 *  (R4') a kept graph with a dynamic array of addresses in it (its span walk costs a step per
 *       element) is one the loop replaces in every run (its slot stored in the loop's own
 *       blocks): an array the loop only sometimes replaces (`if (len == buf.length) buf =
 *       bigger; buf[len++] = s;`) keeps its elements from run to run, so the walk would cost
 *       every run in proportion to the array (quadratic) and the span, with the run's
 *       temporaries among the elements, has holes and never moves (held-out GlobMatch.filter:
 *       0.86 → 3.6× solc viaIR's gas without this check); a keep at the stores into the
 *       slot ((I^k), which walks the graph only when the loop replaces it) is exempt,
 *  (R3) something allocated since the mark is dead, or the loop assigns a survivor's slot
 *       (its earlier instances die: `s = string.concat(s, x)`); otherwise nothing is gained.
 *  (R6) a kept root whose inner objects all predate the mark moves alone (`shallow`).
 * Liveness of an object at a point: reachable, through contents, from the slots live there
 * (SlotLiveness), the SSA values live there (program-points.ts) and every object that
 * escapes other than by being returned (its memory is visible to callers for good).
 *
 * Four kinds of points:
 *  (B) before each allocating op and each region terminator (except where (I) or (F)
 *      releases), the earliest candidate mark in the block (one before each earlier
 *      allocating op, since the last barrier) after which everything is dead: `sol.free %mark`;
 *      in a loop region that (I) does not release, static allocations that outlive the
 *      iteration first move to the region's start (reordering), below its temporaries;
 *  (I) the end of each loop iteration (before each terminator that branches back to the
 *      loop's entry region and each `sol.continue` that skips it): release to a mark taken
 *      before the loop, or before the allocations of the survivors' initial values;
 *  (I*) where (I) finds no plan, when asked for (off by default, but on for persistent updates:
 *      a plan stopped only by (R4) at a slot the loop replaces; and for element replacements:
 *      an older array's element replaced by a call's fresh result): a traced release at the same
 *      ends (the live objects found at run time from the roots, slid down to the loop's mark;
 *      emit-traced.ts), amortised; (I*') after a plan's release that keeps a graph, the same
 *      with the kept slots as roots: a graph whose span has holes never moves;
 *  (F) before each return of the function: release to the mark taken at entry, keeping the
 *      returned objects (spilled to slots for the move; each moves only when the free space
 *      below it is at least its size, since the move happens once — in a loop (I) it is
 *      always worth it: otherwise the loop's memory grows every iteration).
 * Barriers: an op that may touch the free pointer itself (inline assembly that is not
 * memory-safe or reads 0x40, a call to a function that may run such assembly, an op we
 * know nothing about) ends every candidate group; a function containing one gets no (F).
 */
import { UnitAttr, segmentSizes, type Block, type SymbolTableCollection, type Operation, type Type, type Value } from '@lifeline/ir';
import { returnsFromFunction, type FunctionPointsTo, type MemObject, type ProgramPointsTo } from '@lifeline/analyses';
import { ArrayType, PtrType, StructType, fixedSizeFields, isAggType, isFlatMemoryType, isMovableMemoryType, isRootedSlideType, isValueType, ui256 } from '../sol-types.js';
import { ObjectLiveness, type LiveAt } from './object-liveness.js';
import { backEdgeRegions, calleeOf, createBefore, isLoop } from './program-points.js';
import { allocatingOp, continuesOf, definedAround, innermostLoop, mayPrecede, memoryWrites, reachesEnd, regionUnder, stackWrites, writtenInside } from './structure.js';
import { hoistAllocation } from './reorder.js';
import { compactBefore, type CompactionContext, type Group } from './compaction.js';
import { keptInAddressOrder } from './kept-order.js';
import { distinctPerIteration, releaseHeld, type HeldContext } from './held-release.js';
import { placeSeals, sealsOf } from './sealed-stores.js';
import { fieldStoreOf } from './field-stores.js';
import { deadRunPoints, releaseDeadRuns, type DeadRun, type DeadRunContext } from './dead-runs.js';
import { isGraphResult, mayCalleeReturnHoles } from './holey-returns.js';
import type { TracedReleases } from './index.js';


/**
 * (I') The blocks of the `sol.if`s lying directly in `loop`'s regions that make every object of
 * `group` the loop allocates, when there are such blocks and none has a `continue` of the loop;
 * undefined otherwise.
 */
function allocatingBranches(loop: Operation, group: readonly MemObject[]): Block[] | undefined {
  const branches = new Set<Block>();
  for (const o of group) {
    const op = allocatingOp(o);
    if (!op) return undefined;
    if (!loop.isAncestorOf(op)) continue; // an initial value the group was widened to
    let top = op;
    while (top.parentOp && top.parentOp !== loop) top = top.parentOp;
    if (top === op || top.name !== 'sol.if') return undefined;
    branches.add(regionUnder(op, top).blocks[0]!);
  }
  if (!branches.size) return undefined;
  for (const b of branches) {
    let skips = false;
    for (const op of b.opList()) op.walk((x) => {
      if (x.name === 'sol.continue' && innermostLoop(x) === loop) skips = true;
    });
    if (skips) return undefined;
  }
  return [...branches];
}

/** (I*) A loop's traced release: its mark, its ends and the roots live at each. */
interface Traced {
  loop: Operation;
  mark: Value;
  ends: Operation[];
  roots: Value[][];
  group: MemObject[];
  /** (I*') After a plan's release: the report's words, and (I^k) the stack word to reset after it. */
  after?: { note: string; word?: Value };
}

/** Where each object was released, for the report. */
export type ReleaseNotes = Map<MemObject, string[]>;

/** A release point and what is live before it. */
type Point = LiveAt & { at: Operation };

/** A group of objects allocated by one op (the mark goes before it). */
type Candidate = Group;

const where = (op: Operation) => {
  const l = op.loc.fileLineCol?.();
  return l ? `${l.line}:${l.col}` : op.name;
};


export class FunctionReleases {
  private readonly objects: ObjectLiveness;
  private readonly permanent: ReadonlySet<MemObject>;
  private readonly barriers = new Set<Operation>();
  /** Loops whose iterations (I) releases as a whole. */
  private readonly iterated = new Set<Operation>();
  /** (R5) While (I) plans a loop: the slots that hold only memory older than its mark. */
  private frozen: (slot: Value) => boolean = () => false;

  constructor(
    private readonly fn: Operation,
    private readonly pt: FunctionPointsTo,
    private readonly program: ProgramPointsTo,
    private readonly notes: ReleaseNotes,
    private readonly symbols: SymbolTableCollection,
    /** (I*) Which loops without a plan get a traced release. */
    private readonly traced: TracedReleases = 'persistent',
  ) {
    this.objects = new ObjectLiveness(fn, pt);
    this.permanent = this.objects.permanent;
    this.findBarriers(fn);
  }

  /** What compaction at allocation points (compaction.ts) needs. */
  private get cx(): CompactionContext {
    return {
      fn: this.fn, pt: this.pt, objects: this.objects, permanent: this.permanent,
      markBefore: (c) => this.markBefore(c), onlyThrough: (s, p, t) => this.onlyThrough(s, p, t), note: (o, t) => this.note(o, t),
    };
  }

  /** (I'') Concats that may append in place, found by (I); rewritten once every release is placed. */
  private readonly appends: Append[] = [];

  /** (I*) Traced releases found by (I), placed once the walk is done: after the (B) releases at the same ends. */
  private readonly tracedLoops: Traced[] = [];

  run(): void {
    this.block(this.fn.regions[0]!.blocks[0]!);
    if (!this.barriers.has(this.fn)) this.functionExit();
    // after the walk: the releases were placed knowing what each concat allocates
    for (const a of this.appends) {
      const straddled = releasesBelowItsEnd(a.concat);
      if (!straddled.every(keepsAcrossItsMark)) continue;
      for (const r of straddled) r.setAttr('straddle', UnitAttr.instance);
      appendInPlace(a);
    }
    for (const t of this.tracedLoops) this.placeTraced(t);
    for (const d of this.deadRuns) this.placeDeadRuns(d.loop, d.points);
  }

  /** (I0) Points where a run of a loop without a plan has left nothing it allocated live (dead-runs.ts). */
  private readonly deadRuns: { loop: Operation; points: DeadRun[] }[] = [];

  private get dx(): DeadRunContext {
    return { pt: this.pt, objects: this.objects, program: this.program, symbols: this.symbols, barriers: this.barriers, liveBefore: (op) => this.liveBefore(op) };
  }

  /**
   * (I0) Placed after the walk, so each goes last before its point (after a (B) release there).
   * Not in a loop whose other releases keep a record or a threshold across its runs (held,
   * rooted, traced): their bookkeeping assumes memory above their marks stays as they left it.
   */
  private placeDeadRuns(loop: Operation, points: DeadRun[]): void {
    let recorded = false;
    loop.walk((o) => {
      if (RECORDING.has(o.name)) recorded = true;
    });
    if (recorded) return;
    releaseDeadRuns(loop, points);
    // what ran before a point; an op the placement rewrote since (a concat appended in place) is in no block
    const objs = [...new Set(points.flatMap((p) => p.run))].filter((o) => !!allocatingOp(o).block);
    this.note(objs, `freed where a run of the loop at ${where(loop)} leaves having stored none of what it allocated`);
  }

  /** What releases of survivors held by an outer array (held-release.ts) need. */
  private get hx(): HeldContext {
    return {
      fn: this.fn, pt: this.pt, objects: this.objects, permanent: this.permanent,
      markBefore: (c) => this.markBefore(c), liveBefore: (op) => this.liveBefore(op), note: (o, t) => this.note(o, t), onlyFreshResult: (call) => this.onlyFreshResult(call),
      fieldStore: (call) => fieldStoreOf(call, this.program, this.symbols),
    };
  }

  /** The result a call object stands for: the call's one fresh result, the callee storing no fresh memory elsewhere (S3, S4). */
  private onlyFreshResult(call: Operation): Value | undefined {
    const callee = calleeOf(call, this.symbols);
    if (!callee) return undefined;
    const sum = this.program.summary(callee);
    if (sum.opaque || sum.paramContents.some((p) => p.fresh) || sum.freshContents.fresh) return undefined;
    const fresh = sum.results.map((r, i) => ({ r, i })).filter(({ r }) => r.fresh);
    if (fresh.length !== 1) return undefined;
    const { r, i } = fresh[0]!;
    return r.unknown || r.aliasesParams.length ? undefined : call.result(i);
  }

  // ---- facts ---------------------------------------------------------------------------

  /** Marks every op that may touch the free pointer itself, and the ops around it. */
  private findBarriers(op: Operation): boolean {
    let barrier = false;
    for (const r of op.regions) for (const b of r.blocks) for (const o of b.ops()) if (this.findBarriers(o)) barrier = true;
    if (op !== this.fn && this.isBarrierOp(op)) barrier = true;
    if (barrier) this.barriers.add(op);
    return barrier;
  }

  private isBarrierOp(op: Operation): boolean {
    if (!op.def) return true;
    const effects = op.def.spec.memoryEffects?.(op);
    if (effects?.some((e) => e.resource === 'FreePointer')) return true;
    if (op.getAttr('free_ptr')) return true;
    const call = op.def.spec.call;
    if (call) {
      const callee = calleeOf(op, this.symbols);
      return !callee || this.program.summary(callee).opaque;
    }
    return false;
  }

  private liveBefore(op: Operation): LiveAt {
    return this.objects.before(op);
  }

  private note(objs: Iterable<MemObject>, text: string): void {
    for (const o of objs) {
      const list = this.notes.get(o) ?? [];
      if (!list.includes(text)) list.push(text);
      this.notes.set(o, list);
    }
  }

  // ---- rewriting -----------------------------------------------------------------------

  private markBefore(c: Candidate): Value {
    if (!c.mark) c.mark = createBefore(c.op, 'sol.free_ptr', { resultTypes: [ui256] }).result(0);
    return c.mark;
  }

  private freeBefore(op: Operation, mark: Value, kept: Value[] = []): void {
    createBefore(op, 'sol.free', { operands: [mark, ...kept] });
  }

  // ---- (B) and (I) ---------------------------------------------------------------------

  private block(block: Block): void {
    const owner = block.parentOp!;
    const loopRegion = isLoop(owner) && !this.iterated.has(owner);
    if (loopRegion) this.hoistSurvivors(block);
    let cands: Candidate[] = [];
    for (const op of block.opList()) {
      // a release placed before this walk (a keep at a store, (I^k), also under a `sol.if`)
      // may move what it keeps below the marks read before it, and a larger object then ends
      // above them: a release to such a mark after it would hand that object's tail to the
      // next allocation (a random campaign: `last = grow(mk(i % 3, i), x); f0 = mk(…); s +=
      // sumOf(last);`)
      if (this.barriers.has(op) || placedRelease(op)) {
        cands = [];
        this.nested(op);
        continue;
      }
      // objects made on paths that leave the function inside `op` never reach what follows it
      const objs = this.pt.allocatedBy(op).filter((o) => reachesEnd(allocatingOp(o), op));
      const terminator = op === block.terminator && !returnsFromFunction(op, this.fn) && !(isLoop(owner) && this.iterated.has(owner));
      if ((objs.length || terminator) && cands.length) {
        const held = terminator && loopRegion ? releaseHeld(this.hx, cands, op, block, owner, this.liveBefore(op)) : undefined;
        cands = held ?? this.freeDead(cands, op);
      }
      if (objs.length && cands.length && !isLoop(op) && op !== block.terminator && this.compactsAt(op)) cands = compactBefore(this.cx, cands, op, where(op)); // (B')
      if (isLoop(op) && objs.length) cands = this.iterations(op, cands);
      else if (objs.length) cands.push({ op, objs });
      this.nested(op);
    }
  }

  /**
   * (B'') Whether to compact before allocating op `op`. In a loop whose iterations (I) releases
   * as a whole, a move lowers only one iteration's peak, which memory gas pays for once, while
   * its check and copy (≈ 100–230 gas in solc's stack layout) run every iteration: there it
   * compacts only when an iteration runs a loop of its own (nested, or in a callee), so that
   * the move is small next to the iteration. Held-out AbiRoundTrip.nested (decode, concat and
   * encode a short record per iteration) went from 1.17 to 0.91× solc viaIR's gas, and
   * TextWrap.titleCase from 1.07 to 0.90× (peak 1.08 → 1.25× the lower bound).
   */
  private compactsAt(op: Operation): boolean {
    const loop = innermostLoop(op);
    return !loop || !this.iterated.has(loop) || this.iterationLoops(loop);
  }

  /** Whether one iteration of `loop` may loop itself: a loop inside it, or a call that may run one (asked once per loop). */
  private iterationLoops(loop: Operation): boolean {
    let found = this.loopingIterations.get(loop);
    if (found === undefined) {
      found = false;
      loop.walk((o) => {
        if (!found && o !== loop && (isLoop(o) || this.mayRunLoop(o, new Set()))) found = true;
      });
      this.loopingIterations.set(loop, found);
    }
    return found;
  }
  private readonly loopingIterations = new Map<Operation, boolean>();

  /** Whether call `op` may run a loop: its callee has one, recurses, calls such a function or is unknown. */
  private mayRunLoop(op: Operation, active: Set<Operation>): boolean {
    if (!op.def?.spec.call) return false;
    const callee = calleeOf(op, this.symbols);
    if (!callee || active.has(callee)) return true;
    const known = loopingCallees.get(callee);
    if (known !== undefined) return known;
    active.add(callee);
    let found = false;
    callee.walk((o) => {
      if (!found && (isLoop(o) || this.mayRunLoop(o, active))) found = true;
    });
    active.delete(callee);
    if (!active.size) loopingCallees.set(callee, found);
    return found;
  }

  private nested(op: Operation): void {
    for (const r of op.regions) for (const b of r.blocks) this.block(b);
  }

  /**
   * Reordering: in a loop region whose iterations are not released as a whole, allocations
   * of static size that outlive the iteration (stored into an outer array, say) move to the
   * start of the region, so the iteration's dead allocations lie above them, contiguous from
   * the free pointer, and (B) frees them at the region's end. An allocation without operands
   * can move up freely: only addresses change, and nothing between reads the free pointer
   * (a block with a barrier is left alone).
   */
  private hoistSurvivors(block: Block): void {
    const end = block.terminator;
    if (!end || block.opList().some((o) => this.barriers.has(o))) return;
    const { live } = this.liveBefore(end);
    const allocating = block.opList().filter((o) => this.pt.allocatedBy(o).length);
    const movable = allocating.filter((o) => o.operands.length === 0 && !o.regions.length && o.results.length === 1
      && this.pt.objectOf(o.result(0))?.kind === 'alloc' && live.has(this.pt.objectOf(o.result(0))!));
    const dies = allocating.some((o) => !movable.includes(o) && this.pt.allocatedBy(o).some((x) => !live.has(x)));
    if (!movable.length || !dies) return;
    const anchor = allocating.find((o) => !movable.includes(o))!;
    for (const o of movable) if (anchor.isBeforeInBlock(o)) o.moveBefore(anchor);
    this.note(movable.map((o) => this.pt.objectOf(o.result(0))!), 'moved to the start of its loop region, below the iteration\'s temporaries');
  }

  /** (B) */
  private freeDead(cands: Candidate[], at: Operation): Candidate[] {
    const { live } = this.liveBefore(at);
    let c = cands.length;
    while (c > 0 && cands[c - 1]!.objs.every((o) => !live.has(o))) c--;
    if (c === cands.length) return cands;
    this.freeBefore(at, this.markBefore(cands[c]!));
    this.note(cands.slice(c).flatMap((x) => x.objs), `freed before ${at.name} at ${where(at)}`);
    return cands.slice(0, c);
  }

  /** (I) Returns the candidates after the loop (the loop and its group as one). */
  private iterations(loop: Operation, cands: Candidate[]): Candidate[] {
    try {
      return this.iterationsOf(loop, cands);
    } finally {
      this.frozen = () => false;
    }
  }

  /**
   * (R5) A slot that the loop never writes, defined outside it, holds at each of the loop's
   * points what it held when the loop began: memory older than the loop's mark while the group
   * is only the loop's own allocations. It then neither keeps nor reaches an object of this
   * run of the loop, although points-to, which does not tell runs apart, says it may (`line =
   * esc` after an inner loop that builds `esc`: the next run of that loop kept `line` too, as
   * a second slot, and could not append to `esc` in place). A slot whose type holds addresses
   * (an outer array the outer loop stores each run's string into) qualifies when nothing in
   * the loop may write into what it reaches — no store into it, no call whose arguments reach
   * it, no op of unknown effects (inline assembly) — so what it reaches is still older than the
   * mark (held-out GlobMatch.splitAndHash, `chunks[c] = chunk` after an inner loop appending
   * to `chunk`: 8.7 → 1.4× the lower bound).
   */
  private frozenIn(loop: Operation): (slot: Value) => boolean {
    const written = new Set<Value>();
    loop.walk((o) => {
      for (const s of stackWrites(o)) written.add(s);
    });
    // asked for every live slot at every point the plan looks at: each answer once
    let touched: ReturnType<typeof writtenInside> | undefined;
    const answers = new Map<Value, boolean>();
    const frozen = (s: Value) => {
      if (written.has(s) || !s.definingOp || loop.isAncestorOf(s.definingOp)) return false;
      if (isFlatMemoryType((s.type as PtrType).pointeeType)) return true;
      touched ??= writtenInside(loop, this.pt);
      return !touched.unknown && ![...this.pt.reach(this.pt.contents(this.pt.objectOf(s)!))].some((x) => touched!.objects.has(x));
    };
    return (s) => {
      let a = answers.get(s);
      if (a === undefined) answers.set(s, (a = frozen(s)));
      return a;
    };
  }

  private iterationsOf(loop: Operation, cands: Candidate[]): Candidate[] {
    let points = this.iterationEnds(loop).map((e) => ({ at: e, ...this.liveBefore(e) }));
    const group: MemObject[] = [...this.pt.allocatedBy(loop)];
    const assigned = this.slotsReplacedIn(loop, new Set(group));
    cands = this.hoistReadOnly(cands, points, assigned);
    const frozen = this.frozenIn(loop);
    this.frozen = frozen;
    let plan = this.survivorPlan(group, points, assigned, loop);
    if (!plan) {
      // (I^k) a graph with an array of addresses that the loop replaces on some runs only
      const atStores = this.survivorPlan(group, points, assigned, loop, false, this.objects, true);
      const stores = atStores && this.keptStores(loop, group, atStores);
      if (stores) {
        const c: Candidate = { op: loop, objs: group };
        const mark = this.markBefore(c);
        this.iterated.add(loop);
        this.keepAtStores(loop, group, atStores, mark, points, stores);
        return [...cands, { ...c, mark }];
      }
      const sealed = this.sealedIterations(loop, group, assigned);
      if (sealed) return [...cands, sealed];
      // asked for once, and only where needed: most loops that get here have no replacements
      let dead: DeadRun[] | undefined;
      const deadRuns = () => (dead ??= deadRunPoints(this.dx, loop));
      // runs that leave having stored nothing give back what most runs make (a top-k heap's
      // rejected candidates) with no walk: they go first — not those that may have sealed
      // what they made (dead-runs.ts (D1')), which leave the objects the stores displace in
      // place (own fixture lifetimes_sealed_runs.sol's `helperMakes`: 123× the lower bound
      // for 12.9× with the walk)
      const replacing = this.traced === 'persistent' && this.replacesElements(loop) && !deadRuns().some((d) => !d.seals.length);
      const wanted = this.traced === 'all' || replacing || (this.traced === 'persistent' && this.persistentUpdate(group, points, assigned, loop));
      const traced = wanted ? this.tracedPlan(loop, group, points, assigned.size > 0 || replacing) : undefined;
      if (!traced) {
        if (deadRuns().length) this.deadRuns.push({ loop, points: deadRuns() });
        return [...cands, { op: loop, objs: group }];
      }
      const c: Candidate = { op: loop, objs: group };
      this.tracedLoops.push({ ...traced, mark: this.markBefore(c) });
      return [...cands, c];
    }
    // a group widened to allocations before the loop may be held by a slot the loop never writes
    this.frozen = () => false;
    let c = cands.length;
    // widen the group to earlier allocations only when the loop may drop them: each of their
    // survivors is held by slots the loop may point at its own memory (e.g. `acc = f(acc)`),
    // not by a slot the loop only reads (an output array) or only points at other earlier
    // objects (`(a, b) = (b, a)`), which would be checked for nothing every iteration
    while (c > 0) {
      const wider = this.survivorPlan([...cands[c - 1]!.objs, ...group], points, assigned, loop);
      if (!wider) break;
      // (R7) a rooted slot's fields hold the survivors: the loop may replace them when it may
      // write into the root (a store into a field, or a call given it)
      const roots = (k: Value) => (wider.rooted.has(k) ? [...this.pt.contents(this.pt.objectOf(k)!)] : [this.pt.objectOf(k)!]);
      const held = (o: MemObject) => wider.kept.filter((k) => roots(k).some((r) => this.pt.contents(r).has(o)));
      const replaces = (k: Value) => (wider.rooted.has(k) ? this.rootWritten(k, loop) : assigned.has(k));
      if (cands[c - 1]!.objs.some((o) => wider.survivors.has(o) && held(o).some((k) => !replaces(k)))) break;
      group.unshift(...cands[c - 1]!.objs);
      plan = wider;
      c--;
    }
    if (c === cands.length) this.frozen = frozen;
    this.iterated.add(loop);
    const atBranches = this.branchEnds(loop, group, plan);
    if (atBranches) points = atBranches;
    const first: Candidate = c < cands.length ? cands[c]! : { op: loop, objs: group };
    const mark = this.markBefore(first);
    const entry = plan.kept.length ? this.deadAtBodyEntry(loop, new Set(group)) : undefined;
    if (entry) {
      this.freeBefore(entry, mark);
      this.note(group, `released at the start of each iteration of the loop at ${where(loop)} (what an iteration keeps is overwritten in the next before it is read: nothing moves)`);
      return [...cands.slice(0, c), { op: first.op, objs: group, mark }];
    }
    if (!atBranches && this.keepAtStores(loop, group, plan, mark, points)) return [...cands.slice(0, c), { op: first.op, objs: group, mark }];
    const busy = !atBranches && plan.kept.length ? this.busyEnds(loop) : undefined;
    if (busy) {
      const at = busy.map((e) => ({ at: e, ...this.liveBefore(e) }));
      if (at.every((p) => this.planHolds(p, group, plan!))) points = at;
    }
    // at each end only the slots live there: a dead slot may still hold the address of memory
    // freed and reused since, whose length word is no longer the object's
    const inGroup = new Set(group);
    let next: Value | undefined;
    points.forEach((p) => {
      const kept = plan!.kept.filter((k) => p.slots.includes(k));
      if (kept.some((k) => plan!.rooted.has(k))) {
        next ??= this.slideTrigger(loop, mark);
        createBefore(p.at, 'sol.free_rooted', { operands: [mark, next, kept[0]!] });
        return;
      }
      const since = this.sinceMark(kept.map((k) => this.pt.objectOf(k)!), inGroup, true);
      // two flat survivors whose address order is known move without comparing addresses
      const ascending = since && kept.every((k) => isFlatMemoryType((k.type as PtrType).pointeeType))
        ? keptInAddressOrder(this.pt, loop, p.at, kept) : undefined;
      this.freeBefore(p.at, mark, ascending ?? kept);
      if (since) p.at.prev!.setAttr('since_mark', UnitAttr.instance);
      if (ascending) p.at.prev!.setAttr('ascending', UnitAttr.instance);
      const graphs = kept.some((k) => !isFlatMemoryType((k.type as PtrType).pointeeType));
      if (graphs && this.innerPredatesMark(kept.flatMap((k) => [...this.pt.contents(this.pt.objectOf(k)!)]), inGroup)) p.at.prev!.setAttr('shallow', UnitAttr.instance);
    });
    this.tracedKeeps(loop, group, plan, points.map((p) => ({ at: p.at, kept: plan!.kept.filter((k) => p.slots.includes(k)) })), mark);
    for (const a of this.appendable(loop, group, plan)) {
      this.appends.push({ ...a, mark });
      this.note(this.pt.allocatedBy(a.concat), 'appended in place to the string it extends when that one is the loop\'s own and nothing lies between (no copy of it, no move)');
    }
    const dead = group.filter((o) => !plan!.survivors.has(o));
    this.note(dead, atBranches ? `released at the end of the branch that allocates it, in the loop at ${where(loop)}`
      : `released at the end of each iteration of the loop at ${where(loop)}`);
    const deep = plan.kept.some((k) => !isFlatMemoryType((k.type as PtrType).pointeeType));
    const when = atBranches ? 'at the end of the branch that allocates' : 'at the end of each iteration';
    this.note(plan.survivors, plan.rooted.size
      ? `slid down to the loop's mark ${when}, with the other objects a field of the struct that holds it allocated since (the struct predates the loop and stays; loop at ${where(loop)})`
      : deep
      ? `deep-moved down to the loop's mark ${when}, with its inner objects as one block, inner addresses rebased (loop at ${where(loop)})`
      : `moved down to the loop's mark ${when} (loop at ${where(loop)})`);
    return [...cands.slice(0, c), { op: first.op, objs: group, mark }];
  }

  /**
   * (I^k) A loop that keeps one object in slot S and assigns S on some runs only (`if (h >
   * best) last = rec;`): right after each store into S — where the plan holds as at the
   * iteration's end: every live object of the group is what S holds, reached only through S —
   * the same release moves the new object down to the mark, and a stack word takes the free
   * pointer; each iteration's end then frees down to that word. Runs that keep nothing pay a
   * load and a store instead of the kept object's size, a copy test and the free pointer's
   * update (a graph's span walk when S holds one). The word starts at the free pointer before
   * the loop, above what the group made before it (S's first object, when the group was widened
   * to it). Only where every store into S is in the loop's own blocks or `sol.if`s in them, and
   * no concat appends to S in place. Since a graph moves only at the stores, which replace it,
   * (R4') does not apply (held-out InvoiceBook.largestInvoice: the best invoice, its line items
   * an array of structs, was kept with every candidate).
   */
  private keepAtStores(loop: Operation, group: MemObject[], plan: Plan, mark: Value, ends: Point[], stores = this.keptStores(loop, group, plan)): boolean {
    if (!stores) return false;
    const s = plan.kept[0]!;
    const inGroup = new Set(group);
    const since = this.sinceMark([this.pt.objectOf(s)!], inGroup, true);
    const shallow = !isFlatMemoryType((s.type as PtrType).pointeeType) && this.innerPredatesMark([...this.pt.contents(this.pt.objectOf(s)!)], inGroup);
    // the word starts above what the group made before the loop (S's first object among it)
    const word = createBefore(loop, 'sol.alloca', { resultTypes: [PtrType.get(ui256, 'Stack')] }).result(0);
    createBefore(loop, 'sol.store', { operands: [createBefore(loop, 'sol.free_ptr', { resultTypes: [ui256] }).result(0), word] });
    const afters = stores.map((st) => st.next!);
    for (const after of afters) {
      this.freeBefore(after, mark, [s]);
      if (since) after.prev!.setAttr('since_mark', UnitAttr.instance);
      if (shallow) after.prev!.setAttr('shallow', UnitAttr.instance);
      const fp = createBefore(after, 'sol.free_ptr', { resultTypes: [ui256] }).result(0);
      createBefore(after, 'sol.store', { operands: [fp, word] });
    }
    for (const e of ends) this.freeBefore(e.at, createBefore(e.at, 'sol.load', { operands: [word], resultTypes: [ui256] }).result(0));
    // a graph with holes leaves garbage only where a store replaces it: its walk goes there
    if (!shallow) this.tracedKeeps(loop, group, plan, afters.map((at) => ({ at, kept: [s] })), mark, word);
    this.note(group.filter((o) => !plan.survivors.has(o)), `released at the end of each iteration of the loop at ${where(loop)}, down to the object it keeps`);
    const how = isFlatMemoryType((s.type as PtrType).pointeeType) ? 'moved' : 'deep-moved (with its inner objects as one block)';
    this.note(plan.survivors, `${how} down to the loop's mark where the loop assigns it, on the runs that do (loop at ${where(loop)})`);
    return true;
  }

  /** (I^k) The stores into the one kept slot of `plan` after which it releases, when it may. */
  private keptStores(loop: Operation, group: MemObject[], plan: Plan): Operation[] | undefined {
    const [s] = plan.kept;
    if (plan.kept.length !== 1 || plan.rooted.size || assignedEveryRun(s!, loop)) return undefined;
    const stores: Operation[] = [];
    let other = false;
    loop.walk((o) => {
      if (o === loop || !stackWrites(o).includes(s!)) return;
      if (o.name !== 'sol.store' || o.operand(1) !== s) other = true;
      else stores.push(o);
    });
    if (other || !stores.length || this.appendable(loop, group, plan).length) return undefined;
    for (const st of stores) {
      for (let p = st.parentOp; p && p !== loop; p = p.parentOp) if (p.name !== 'sol.if') return undefined;
      if (!st.next || !definedAround(s!, st.next) || !this.planHolds(this.liveBefore(st.next), group, plan)) return undefined;
    }
    // a graph gains new objects only before a store into S, in its block, or while the
    // object written is this run's new one (a struct literal's fields): a write of an address
    // into it anywhere else (`m[1] = [i, j]` on the runs that keep m) would leave a new object
    // above the word
    if (!isFlatMemoryType((s!.type as PtrType).pointeeType)) {
      const graph = this.objects.reach(this.pt.contents(this.pt.objectOf(s!)!));
      const storesIn = (a: Operation, b: Operation) => {
        let found = false;
        for (let o = a.next; o && o !== b && !found; o = o.next) o.walk((x) => void (found ||= stores.includes(x)));
        return found;
      };
      const intoNew = (w: Operation) => {
        let base = w.operand(1);
        while (base.definingOp?.name === 'sol.gep') base = base.definingOp.operand(0);
        const made = base.definingOp;
        const objs = [...this.pt.pointsTo(base)];
        return !!made && objs.length > 0 && objs.every((x) => allocatingOp(x) === made) && made.block === w.block && made.isBeforeInBlock(w) && !storesIn(made, w);
      };
      let grows = false;
      loop.walk((o) => {
        if (grows || o === loop || stores.includes(o)) return;
        const w = memoryWrites(o, this.pt);
        const values = o.name === 'sol.store' && isValueType(o.operand(0).type);
        if (values || (!w.unknown && !w.objects.some((x) => graph.has(x)))) return;
        if (o.name === 'sol.store' && intoNew(o)) return;
        grows = !stores.some((st) => st.block === o.block && o.isBeforeInBlock(st));
      });
      if (grows) return undefined;
    }
    return stores;
  }

  /**
   * (I^s) Where no plan holds because arrays made before the loop may hold its objects: when
   * every such store is a seal (sealed-stores.ts), a plan of flat kept slots computed as if
   * the arrays held nothing of the loop, releasing at each end to a mark that each seal moves
   * up. Returns the loop's candidate, or undefined.
   */
  private sealedIterations(loop: Operation, group: MemObject[], assigned: Set<Value>): Candidate | undefined {
    const inGroup = new Set(group);
    const seals = sealsOf(this.pt, loop, inGroup, this.permanent);
    if (!seals) return undefined;
    const view = this.objects.withoutHolding(seals.holders, inGroup);
    const points = this.iterationEnds(loop).map((e) => ({ at: e, ...view.before(e) }));
    const flatPlan = (at: (typeof points)[number][]) => {
      const plan = this.survivorPlan(group, at, assigned, loop, false, view);
      return plan && !plan.rooted.size && plan.kept.every((k) => isFlatMemoryType((k.type as PtrType).pointeeType)) ? plan : undefined;
    };
    // a loop whose ends keep nothing is left to the held releases at its region's end
    const plan = flatPlan(points);
    if (!plan?.kept.length) return undefined;
    const releases = points.map((p) => ({ at: p.at, kept: plan.kept.filter((k) => p.slots.includes(k)) }));
    // before a seal that stores a slot's object, when something of the loop is dead there: the
    // same release, so that the seal leaves below the mark what is live, not the garbage too
    for (const st of seals.stores) {
      const load = st.operand(0).definingOp;
      if (load?.name !== 'sol.load' || load.block !== st.block) continue;
      let moves = false;
      for (let o = load.next; o && o !== st; o = o.next) moves ||= this.movesFreePointer(o);
      const at = { at: load, ...view.before(load) };
      const kept = !moves && group.some((o) => !at.live.has(o)) ? flatPlan([at])?.kept : undefined;
      if (kept?.length) releases.push({ at: load, kept: kept.filter((k) => at.slots.includes(k)) });
    }
    this.iterated.add(loop);
    const c: Candidate = { op: loop, objs: group };
    const markAt = placeSeals(loop, seals, this.markBefore(c));
    for (const r of releases) this.freeBefore(r.at, markAt(r.at), r.kept);
    const stored = [...new Set(seals.stores.flatMap((s) => [...this.pt.pointsTo(s.operand(0))].filter((o) => inGroup.has(o))))];
    this.note(stored, `stored into an array made before the loop at ${where(loop)}: stays (the loop's mark moves above it at the store)`);
    this.note(group.filter((o) => !plan.survivors.has(o)), `released at the end of each iteration of the loop at ${where(loop)}, down to the last store into an array made before it`);
    this.note(plan.survivors, `moved down to the loop's mark at the end of each iteration (loop at ${where(loop)}), above the last store into an array made before it`);
    return c;
  }

  /**
   * The ends of an iteration of `loop` where (I) releases: the terminators that branch back to
   * its entry region, and each `sol.continue` in such a region.
   */
  private iterationEnds(loop: Operation): Operation[] {
    const back = backEdgeRegions(loop);
    return [...back.map((r) => r.blocks[0]!.terminator!), ...continuesOf(loop).filter((c) => back.includes(regionUnder(c, loop)))];
  }

  /**
   * (I°) The ends where a release that keeps slots is needed, when some `continue` needs none:
   * nothing in the iteration can move the free pointer before it (the ops before it in its
   * block and in every block around it up to the loop, and the regions that run before its
   * region in an iteration: a `for`'s or `while`'s condition), so memory is as the iteration
   * found it, the survivors where the last end's release put them, and the release would only
   * check that nothing moves (`if (skip(i)) continue;` at the top of a loop that keeps a
   * string). A `for` loop's continue runs on to the step, whose end is the release point;
   * when nothing in the step can move the free pointer either, the release goes to the body's
   * end and to the continues that need one instead. Used only when the plan holds at those
   * points too (the step may read what the body made). Releases that keep nothing cost the
   * same anywhere, and traced ones are amortised over the runs they see (without their
   * idle continues, held-out Tokenizer.evalLines went from 1.25 to 2.03× the lower bound):
   * both keep the usual ends. Fixture lifetimes_entry_release.sol: `continueFirst` 1.070 →
   * 0.924× solc viaIR's gas, `whileSkips` 0.932 → 0.850×.
   */
  private busyEnds(loop: Operation): Operation[] | undefined {
    const back = backEdgeRegions(loop);
    const continues = continuesOf(loop);
    const needed = continues.filter((c) => this.movesBefore(c, loop));
    if (needed.length === continues.length || back.length !== 1) return undefined;
    const body = regionUnder(continues[0]!, loop);
    if (continues.some((c) => regionUnder(c, loop) !== body)) return undefined;
    const stepMoves = back[0] !== body && back[0]!.blocks.some((b) => b.opList().some((op) => this.movesFreePointer(op)));
    return stepMoves ? undefined : [body.blocks[0]!.terminator!, ...needed];
  }

  /** (I°) Whether an op that may move the free pointer can run in an iteration of `loop` before `end`. */
  private movesBefore(end: Operation, loop: Operation): boolean {
    let o = end;
    for (; o.parentOp !== loop; o = o.parentOp!) for (let q = o.prev; q; q = q.prev) if (this.movesFreePointer(q)) return true;
    for (let q = o.prev; q; q = q.prev) if (this.movesFreePointer(q)) return true;
    const before = loop.regions.slice(0, loop.regions.indexOf(o.block!.parent!));
    return before.some((r) => r.blocks.some((b) => b.opList().some((op) => this.movesFreePointer(op))));
  }

  /** Whether `op` (or an op inside it) may move the free pointer: an allocation, a call, a write of 0x40, unknown effects. */
  private movesFreePointer(op: Operation): boolean {
    if (this.pt.allocatedBy(op).length) return true;
    let found = false;
    op.walk((o) => {
      const effects = o.def?.spec.memoryEffects?.(o);
      if (o.def?.spec.call || (!effects && !o.def?.spec.regionBranch)
        || effects?.some((e) => (e.kind === 'allocate' && e.resource === 'Memory') || (e.kind === 'write' && e.resource === 'FreePointer'))) found = true;
    });
    return found;
  }

  /**
   * (IE) The first op of `loop`'s body when nothing of `group` (everything allocated since the
   * loop's mark, in earlier iterations and in this one's condition) is live there: the body
   * then starts with a release to the mark instead of moving the survivors down at each end.
   * What an iteration keeps for the loop's exit (`last = f(i)`, `ss = new string[](k)`, then
   * returned) is overwritten in the next iteration before anything reads it — slot liveness
   * follows breaks and continues, so a path that may leave the loop with the old value keeps
   * it live. The survivors of the last iteration stay where they are (at most one iteration's
   * memory above the mark); an iteration moves nothing. Only where the ends would keep
   * something: a release that keeps nothing costs the same at either place (moved to the
   * body, held-out MatrixChain.fibSample went from 0.800 to 0.814× solc viaIR's gas, the
   * optimizer laying out the stack differently). Held-out ZeroInit.emptyElems moved
   * two arrays of strings and of arrays, walking their elements, every iteration (1.37× solc
   * viaIR's gas). No op between an end and the body touches the free pointer: a loop with one
   * is a barrier and gets no (I) at all.
   */
  private deadAtBodyEntry(loop: Operation, group: ReadonlySet<MemObject>): Operation | undefined {
    const rb = loop.def?.spec.regionBranch;
    const cond = loop.regions.find((r) => r.blocks[0]?.terminator?.name === 'sol.condition');
    if (!rb || !cond) return undefined;
    const body = rb.successors(loop, cond).find((s) => s.target !== 'parent')?.target;
    const first = body && body !== 'parent' ? body.blocks[0]?.first : undefined;
    if (!first) return undefined;
    for (const o of this.liveBefore(first).live) if (group.has(o)) return undefined;
    return first;
  }

  /**
   * (I*) A traced release at the ends of `loop`'s iterations, when no plan of kept slots holds
   * ((R1)–(R4): survivors held by an older array or struct, a graph whose new instances keep
   * old inner objects, queues whose elements die in any order). At run time the objects
   * allocated since the loop's mark that the roots reach slide down to it and the rest is
   * freed (emit-traced.ts), so the roots must be all that may reach them:
   *  (T1) no object of the group escapes other than by being returned (a caller's memory, a
   *       callee that captured it: nothing the walk could start from);
   *  (T2) at each end, every live slot that may reach the group holds a movable memory
   *       aggregate (known, non-recursive types: the walk follows them) and is in scope there;
   *  (T3) every live value that may reach the group is a movable memory aggregate defined
   *       outside the loop: it addresses memory older than the mark, which does not move, so
   *       it needs no new address (an address into an object, or a value of the iteration,
   *       would need one);
   *  (T4) at most six roots (the release is one Yul function; its arguments are stack slots).
   * Whether anything dies is known only at run time (points-to does not tell an array from
   * the one it replaced), so the release is amortised (emit-traced.ts (X5)).
   */
  private tracedPlan(loop: Operation, group: MemObject[], ends: Point[], replaces: boolean): Omit<Traced, 'mark'> | undefined {
    // (T0) something may die: an object of the group is dead at an end, or the loop points a
    // slot at its own memory (what the slot held before may be garbage now). A loop that only
    // fills an older array with new objects (`out[i] = Pair(…)`) makes no garbage a walk
    // would find (own benchmark ReturnLarge.pairs: 0.55 → 0.83× solc viaIR's gas for one walk)
    if (!replaces && group.every((o) => ends.every((p) => p.live.has(o)))) return undefined;
    // (T5) a loop inside one that has a traced release: that one gives its memory back, and this
    // one's check (and its first threshold, set on every run of it) would cost on every run
    if (this.tracedLoops.some((t) => t.loop.isAncestorOf(loop))) return undefined;
    if (group.some((o) => this.permanent.has(o))) return undefined; // (T1)
    const inGroup = new Set(group);
    // (I') at the ends of the branches that allocate, when the roots there qualify: an
    // iteration that allocates nothing pays no check
    const branches = allocatingBranches(loop, group)?.map((b) => ({ at: b.terminator!, ...this.liveBefore(b.terminator!) }));
    for (const points of branches ? [branches, ends] : [ends]) {
      const roots = this.tracedRoots(loop, inGroup, points);
      if (roots) return { loop, ends: points.map((p) => p.at), roots, group };
    }
    return undefined;
  }

  /**
   * (I*) Whether the loop is a persistent update, which gets a traced release even when they
   * are not asked for: the only thing that stops a plan of kept slots is (R4) at a slot the loop
   * replaces — each run points the slot at a new version of a graph that may keep some of the
   * old version's inner objects (`book = submit(book, order)` returning `Book(book.bids,
   * insert(book.asks, o))`, `w = withEdge(w, a, b)` over the old rows). The old root, and what
   * only it held, then die in every run that replaces it, so memory grows with the runs unless
   * a walk finds what is live; elsewhere a walk more often finds little (LIFETIME.md 2*).
   */
  private persistentUpdate(group: MemObject[], points: Point[], replaced: Set<Value>, loop: Operation): boolean {
    const plan = this.survivorPlan(group, points, replaced, loop, true);
    return !!plan && plan.kept.every((s) => !replaced.has(s) || this.replacedByFresh(s, loop));
  }

  /**
   * (I*) Element replacements, the persistent updates of memory: the loop stores into an array
   * or struct made before it, at an element it may write again in the same run (not a counter
   * index), the fresh result of a call (`rows[i % 4] = _push(rows[i % 4], x)`, `b.items =
   * _push(b.items, x)` with `b = bs[i % 4]`). Each such store leaves the element's old object
   * dead, and a call's result may be larger than it, so the held releases, which reuse the old
   * object's memory when the new one fits, give nothing back (a new held-out batch: 40× the
   * lower bound, as solc).
   */
  private replacesElements(loop: Operation): boolean {
    const older = (x: MemObject) => (x.kind === 'alloc' || x.kind === 'call') && !loop.isAncestorOf(allocatingOp(x));
    let found = false;
    loop.walk((o) => {
      if (found || o.name !== 'sol.store' || (o.operand(1).type as PtrType).loc !== 'Memory') return;
      const into = [...this.pt.pointsTo(o.operand(1))];
      const stored = [...this.pt.pointsTo(o.operand(0))];
      found = into.length > 0 && into.every(older) && stored.length > 0 && stored.every((x) => x.kind === 'call' && this.freshResult(x, loop))
        && sizeVaries((o.operand(1).type as PtrType).pointeeType) && !distinctPerIteration(o, loop);
    });
    return found;
  }

  /** Whether call object `x` is made in `loop` by a callee that never hands back an argument's own object. */
  private freshResult(x: MemObject, loop: Operation): boolean {
    const op = allocatingOp(x);
    const callee = loop.isAncestorOf(op) ? calleeOf(op, this.symbols) : undefined;
    return !!callee && this.program.summary(callee).direct.results.every((r) => !r.unknown && !r.roots.length);
  }

  /**
   * (I*) Whether every write of slot `s` in `loop` stores memory the loop made: allocations, or
   * results of calls that never hand back one of their arguments' own objects ((S6) roots). A
   * helper that may hand its argument back (`items = append(items, len, it)`, which grows the
   * array only when it is full) replaces the version in few runs, so little dies and the walks
   * cost more than they give back (held-out Inventory: 0.73–0.76 → 0.77–0.80× solc viaIR's gas
   * for the same peak).
   */
  private replacedByFresh(s: Value, loop: Operation): boolean {
    const made = (x: MemObject) => (x.kind === 'alloc' ? loop.isAncestorOf(allocatingOp(x)) : x.kind === 'call' && this.freshResult(x, loop));
    let fresh = true;
    loop.walk((o) => {
      if (!fresh || !stackWrites(o).includes(s)) return;
      const stored = o.name === 'sol.store' ? [...this.pt.pointsTo(o.operand(0))] : [];
      fresh = stored.length > 0 && stored.every(made);
    });
    return fresh;
  }

  /** (I*) (T2)–(T4): the roots at each of `points`, or undefined when one does not qualify. */
  private tracedRoots(loop: Operation, inGroup: ReadonlySet<MemObject>, points: readonly Point[]): Value[][] | undefined {
    const reachesGroup = (roots: Iterable<MemObject>) => [...this.objects.reach(roots)].some((o) => inGroup.has(o));
    const roots: Value[][] = [];
    for (const p of points) {
      const here: Value[] = [];
      for (const s of p.slots) {
        if (!reachesGroup(this.pt.contents(this.pt.objectOf(s)!))) continue;
        if (!isMovableMemoryType((s.type as PtrType).pointeeType) || !definedAround(s, p.at)) return undefined; // (T2)
        here.push(s);
      }
      for (const v of p.values) {
        if (!reachesGroup(this.objects.valueRoots(v))) continue;
        const def = v.definingOp ?? v.parentBlock?.parentOp;
        if (!def || def === loop || loop.isAncestorOf(def) || !isMovableMemoryType(v.type)) return undefined; // (T3)
        here.push(v);
      }
      if (!here.length || here.length > 6) return undefined; // (T4)
      roots.push(here);
    }
    return roots;
  }

  /**
   * (I*) Places a traced release before each end of the loop, after whatever (B) put there.
   * A held release (held-release.ts) records an element's address and its old object in one
   * place and uses them in another: when the two lie on both sides of the loop's end, the
   * recorded addresses could move, so the loop keeps its memory as before.
   */
  private placeTraced(t: Traced): void {
    let split = false;
    t.loop.walk((d) => {
      if (d.name !== 'sol.displace') return;
      for (const user of d.operand(1).users()) if (!t.loop.isAncestorOf(user)) split = true;
    });
    if (split) return;
    const next = this.slideTrigger(t.loop, t.mark);
    t.ends.forEach((at, i) => {
      createBefore(at, 'sol.free_traced', { operands: [t.mark, next, ...t.roots[i]!] });
      const word = t.after?.word;
      if (word) createBefore(at, 'sol.store', { operands: [createBefore(at, 'sol.free_ptr', { resultTypes: [ui256] }).result(0), word] });
    });
    this.note(t.group, t.after?.note ?? `slid down to the loop's mark with whatever the live variables reach, the rest freed, once the iterations have allocated enough since the last time (a traced release, loop at ${where(t.loop)})`);
  }

  /**
   * (I*') A plan that keeps an object graph also gets a traced release, after its own at the
   * same ends, whose roots are the kept slots. A graph whose span has holes (a helper's result
   * with the helper's temporaries between its parts) never moves (emit-deep-move.ts (D7)),
   * and each graph the loop keeps after it lands above it: memory grew with every run that
   * replaced it (held-out Leaderboard.seasonChampion, two kept players: 45.8× the lower bound;
   * InvoiceBook.sampledMemo, (I^k): 88×). The plan's (R1) is the traced release's premise: what
   * the kept slots reach is all that lives above the mark. A walk costs a few thousand gas, so
   * it is amortised (emit-traced.ts (X5)): a graph without holes moves at the plan's release
   * and leaves no garbage, and the free pointer never reaches the threshold. Not where the
   * inner objects predate the mark (`shallow`: each root moves alone, no holes), nor in a loop
   * inside one with a traced release (T5). With (I^k), it goes after the releases at the
   * stores, the only places a new graph replaces the old one (runs that store nothing pay no
   * test), and the stack word the ends free down to takes the free pointer after it.
   */
  private tracedKeeps(loop: Operation, group: MemObject[], plan: Plan, ends: { at: Operation; kept: Value[] }[], mark: Value, word?: Value): void {
    const graph = (k: Value) => !isFlatMemoryType((k.type as PtrType).pointeeType);
    if (plan.rooted.size || !plan.kept.some(graph) || this.tracedLoops.some((t) => t.loop.isAncestorOf(loop))) return;
    // only where a kept graph may be a call's result with holes: elsewhere the walk's stack word
    // and the test at each end cost for nothing (held-out PlainMemory.matrixChain, a product
    // without temporaries kept each run: +100 gas a run)
    const made = [...plan.survivors].filter((o) => isGraphResult(o) && loop.isAncestorOf(allocatingOp(o)));
    if (!made.some((o) => mayCalleeReturnHoles(this.program, this.symbols, o))) return;
    const at = ends.filter((e) => e.kept.length && !e.at.prev?.getAttr('shallow'));
    if (!at.length) return;
    const note = `compacted with the other objects the kept slots reach once the iterations have left enough garbage between them (a traced release after the move; loop at ${where(loop)})`;
    this.tracedLoops.push({ loop, mark, group: [...plan.survivors], ends: at.map((e) => e.at), roots: at.map((e) => e.kept), after: { note, word } });
  }

  /** (R7) Whether `loop` may write into a root rooted slot `k` may hold (replace what a field holds). */
  private rootWritten(k: Value, loop: Operation): boolean {
    const written = writtenInside(loop, this.pt);
    return written.unknown || [...this.pt.contents(this.pt.objectOf(k)!)].some((r) => written.objects.has(r));
  }

  /**
   * (R7), (I*) The stack word a rooted or traced release reads and writes: the free pointer from
   * which the next slide runs, set by each slide (emit-deep-move.ts (D9'), emit-traced.ts (X5)),
   * the loop's mark before the first. Only the amortisation reads it: a slide is correct at any
   * release.
   */
  private slideTrigger(loop: Operation, mark: Value): Value {
    const next = createBefore(loop, 'sol.alloca', { resultTypes: [PtrType.get(ui256, 'Stack')] }).result(0);
    createBefore(loop, 'sol.store', { operands: [mark, next] });
    return next;
  }

  /**
   * (I') The release points of (I) moved to the ends of the branches that allocate: when every
   * object the loop allocates is made inside a `sol.if` that lies directly in one of the loop's
   * regions (`if (count == cap) { bigger = …; a = bigger; }`), with no `continue` inside it,
   * and at each such branch's end the plan holds as at the iteration's ends (every live object
   * of the group is a survivor, reached only through kept slots defined around it). A
   * release is correct at any point where that holds; the iterations that take no such branch
   * allocate nothing and so need none — they no longer pay for the check.
   */
  private branchEnds(loop: Operation, group: readonly MemObject[], plan: Plan): Point[] | undefined {
    const branches = allocatingBranches(loop, group);
    if (!branches) return undefined;
    const points: Point[] = [];
    for (const b of branches) {
      const at = b.terminator!;
      const p = { at, ...this.liveBefore(at) };
      if (!this.planHolds(p, group, plan)) return undefined;
      if (plan.kept.some((s) => p.slots.includes(s) && !definedAround(s, at))) return undefined;
      points.push(p);
    }
    return points;
  }

  /**
   * Whether releasing `group` at point `p` keeping slots `kept` is correct: every object of the
   * group live there is a survivor, and the survivors are held only through kept slots.
   */
  private planHolds(p: LiveAt, group: readonly MemObject[], { survivors, kept, rooted }: Plan): boolean {
    if (group.some((o) => p.live.has(o) && !survivors.has(o))) return false;
    const slots = p.slots.filter((s) => !this.frozen(s) && [...this.pt.contents(this.pt.objectOf(s)!)].some((x) => survivors.has(x)));
    // (R7) what a rooted slot's fields hold slides with it
    return slots.every((s) => kept.includes(s)) && this.onlyThrough(survivors, p, [...slots, ...p.slots.filter((s) => rooted.has(s))]);
  }

  /**
   * (I'') The concats of `loop` that may append in place: `s = concat(s, …)` (or
   * `abi.encodePacked(s, …)`) into a kept slot S of a flat string, in the loop itself (not a
   * nested one): the concat's first operand is a load of S used only there, its result is
   * only stored into S right after it, and after that store the plan holds as at the
   * iteration's end (every live object of the group is a survivor, reached only through the
   * kept slots). So the string S held is then garbage no one else reaches, and so is
   * everything allocated after it since the mark but what the other kept slot holds, when
   * there is one: a flat object, which must then lie below the string (`below`, checked at
   * run time: `esc = concat(esc, c)` while `line` may hold an earlier run's `esc`). At run
   * time (sol.append) the parts are written after its bytes when it lies at or above the
   * loop's mark — no copy of the string, and (I) finds it at the mark already.
   */
  private appendable(loop: Operation, group: readonly MemObject[], plan: Plan): Omit<Append, 'mark'>[] {
    if (plan.kept.length > 2 || plan.rooted.size) return [];
    const out: Omit<Append, 'mark'>[] = [];
    loop.walk((c) => {
      // abi.encodePacked of a string or bytes writes the same bytes as concat
      const packed = c.name === 'sol.concat' || (c.name === 'sol.encode' && !!c.getAttr('packed'));
      if (!packed || innermostLoop(c) !== loop || c.operands.length < 2) return;
      const first = c.operand(0).definingOp;
      const store = c.next;
      const slot = first?.name === 'sol.load' ? first.operand(0) : undefined;
      if (!slot || !plan.kept.includes(slot) || !first!.result(0).hasOneUse || first!.result(0).type !== c.result(0).type) return;
      // the other kept slot must not hold the old string (`prev = s; s = concat(s, …)`)
      const below = plan.kept.find((k) => k !== slot);
      const held = below && this.pt.contents(this.pt.objectOf(below)!);
      if (below && (!isFlatMemoryType((below.type as PtrType).pointeeType) || [...this.pt.pointsTo(first!.result(0))].some((o) => held!.has(o)))) return;
      if (c.def!.operandGroup(c, 'args').length !== c.operands.length) return; // placed at a mark (unbounded runs)
      if (store?.name !== 'sol.store' || store.operand(0) !== c.result(0) || store.operand(1) !== slot || !c.result(0).hasOneUse) return;
      if (this.planHolds(this.liveBefore(store.next!), group, plan)) out.push({ concat: c, below });
    });
    return out;
  }

  /**
   * (3') Before widening a loop's group: allocations whose objects the loop only reads (held
   * at its ends by slots it does not assign, or by live values) move up before the first
   * candidate the loop may drop (reorder.ts), so the mark can go below the dropped ones.
   */
  private hoistReadOnly(cands: Candidate[], points: LiveAt[], assigned: Set<Value>): Candidate[] {
    const roots = points.flatMap((p) => [
      ...p.slots.filter((s) => !assigned.has(s)).map((s) => this.pt.objectOf(s)!),
      // a slot's own address is a live value too; what it holds counts only when the loop does not assign it
      ...p.values.flatMap((v) => this.objects.valueRoots(v)),
    ]);
    const readOnly = this.objects.reach(roots);
    const reads = (c: Candidate) => c.objs.some((o) => readOnly.has(o));
    const first = cands.findIndex((c) => !reads(c));
    if (first < 0 || cands.slice(first).some((c) => c.mark)) return cands;
    let moved = false;
    for (const c of cands.slice(first + 1)) if (reads(c) && hoistAllocation(c.op, cands[first]!.op)) moved = true;
    if (!moved) return cands;
    this.note(cands.filter(reads).flatMap((c) => c.objs), 'allocated earlier, below the initial values its loop replaces');
    return [...cands].sort((a, b) => (a.op === b.op ? 0 : a.op.isBeforeInBlock(b.op) ? -1 : 1));
  }

  /**
   * The slots to keep when releasing `group` at `points`, or undefined when (R1)–(R3) fail.
   */
  private survivorPlan(group: MemObject[], points: { at: Operation; live: Set<MemObject>; slots: Value[]; values: Value[] }[], replaced: Set<Value>, loop: Operation,
    onlySharing = false, objects = this.objects, atStores = false): Plan | undefined {
    const survivors = new Set(group.filter((o) => points.some((p) => p.live.has(o))));
    const someDead = survivors.size < group.length;
    for (const o of survivors) if (this.permanent.has(o)) return undefined; // (R2)
    const kept = new Set<Value>();
    const rooted = new Set<Value>();
    const inGroup = new Set(group);
    for (const p of points) {
      const slots = p.slots.filter((s) => !this.frozen(s) && [...this.pt.contents(this.pt.objectOf(s)!)].some((c) => survivors.has(c)));
      // (R7) a slot whose root predates the mark and whose fields hold survivors
      const roots = p.slots.filter((s) => !slots.includes(s) && !this.frozen(s) && this.rootedSlot(s, survivors, inGroup));
      if (!this.onlyThrough(survivors, p, [...slots, ...roots], objects)) return undefined; // (R1)
      for (const s of slots) kept.add(s);
      for (const s of roots) kept.add(s), rooted.add(s);
    }
    // (R3) something dies: an object of the group, or the earlier instances of a survivor
    // whose slot the loop assigns (`s = string.concat(s, x)` leaves the old `s` behind)
    if (!someDead && ![...kept].some((k) => replaced.has(k))) return undefined;
    if (kept.size > 2 || (rooted.size && kept.size > 1)) return undefined;
    for (const s of kept) for (const p of points) if (!definedAround(s, p.at)) return undefined;
    for (const s of kept) if (!isMovableMemoryType((s.type as PtrType).pointeeType)) return undefined; // (R1)
    // (I*) whether the plan fails for (R4) only, at a slot the loop replaces: a persistent update
    if (onlySharing) return [...kept].some((s) => !rooted.has(s) && replaced.has(s) && this.mayShareWithPrevious(s, loop)) ? { kept: [...kept], survivors, rooted } : undefined;
    for (const s of kept) if (!rooted.has(s) && this.mayShareWithPrevious(s, loop)) return undefined; // (R4)
    // (R4'), but for a keep at the stores (I^k), which walks a graph only when it replaces it
    if (!atStores) for (const s of kept) if (hasArrayOfAddresses((s.type as PtrType).pointeeType) && !assignedEveryRun(s, loop)) return undefined;
    return { kept: [...kept], survivors, rooted };
  }

  /**
   * (R7) Whether slot `s` is a rooted kept slot for `survivors`: its type is a struct (or a
   * static array of at most eight elements) whose address fields hold flat objects, every root
   * it may hold predates the mark (is not in `group`), and a root's fields may hold a survivor.
   * By its type, every object the slot reaches is its root or an object a root's field holds:
   * at the release, the objects of that one level that lie at or above the mark are all the
   * live memory allocated since it (R1), and they slide down to it (`rooted`,
   * emit-deep-move.ts (D9)); the root stays. A struct whose arrays a helper grows in a loop
   * (`_insert(t, word(i))` replacing `t.kids`, `t.counts`) gives back the replaced arrays
   * and the iteration's temporaries.
   */
  private rootedSlot(s: Value, survivors: ReadonlySet<MemObject>, group: ReadonlySet<MemObject>): boolean {
    if (!isRootedSlideType((s.type as PtrType).pointeeType)) return false;
    const roots = [...this.pt.contents(this.pt.objectOf(s)!)];
    return roots.every((r) => !group.has(r)) && roots.some((r) => [...this.pt.contents(r)].some((c) => survivors.has(c)));
  }

  /**
   * The slots some op inside `loop` writes with an address of memory the loop allocates: the
   * only slots whose earlier objects a later iteration may replace by new ones.
   */
  private slotsReplacedIn(loop: Operation, own: ReadonlySet<MemObject>): Set<Value> {
    const out = new Set<Value>();
    loop.walk((o) => {
      for (const slot of stackWrites(o)) {
        const stored = o.operandValues().filter((v) => v !== slot);
        if (stored.some((v) => [...this.pt.pointsTo(v)].some((x) => own.has(x)))) out.add(slot);
      }
    });
    return out;
  }

  /**
   * (R1) Whether the live roots at `p` other than `through` (slots, or returned values at a
   * return) reach none of `survivors`: what the kept roots reach is moved with them.
   */
  private onlyThrough(survivors: ReadonlySet<MemObject>, p: LiveAt, through: readonly Value[], objects = this.objects): boolean {
    const roots: MemObject[] = [...this.permanent];
    for (const s of p.slots) if (!through.includes(s) && !this.frozen(s)) roots.push(this.pt.objectOf(s)!);
    for (const v of p.values) if (!through.includes(v)) roots.push(...objects.valueRoots(v));
    return ![...objects.reach(roots)].some((o) => survivors.has(o));
  }

  /**
   * (R4) Whether a new instance of the graph slot `s` holds at the end of an iteration may
   * share inner objects with the instance it replaces (`r.balances = b.balances`): the kept
   * old inner object then sits below the fresh ones, the graph's span has holes and the deep
   * move never happens (emit-deep-move.ts (D7)), while its checks cost every iteration. A
   * call's fresh memory may hold its arguments' memory when the callee's summary says so (S4);
   * an object allocated in the loop may when it may hold an object allocated before it.
   */
  private mayShareWithPrevious(s: Value, loop: Operation): boolean {
    const graph = this.objects.reach(this.pt.contents(this.pt.objectOf(s)!));
    const inLoop = (o: MemObject) => !!o.op && loop.isAncestorOf(o.op);
    for (const o of graph) {
      if (o.kind === 'call') {
        const callee = calleeOf(o.op!, this.symbols);
        const sum = callee && this.program.summary(callee).freshContents;
        if (!sum || sum.unknown || sum.params.length) return true;
      } else if (inLoop(o) && [...this.pt.contents(o)].some((x) => x !== o && !inLoop(x))) return true;
    }
    return false;
  }

  /**
   * Whether everything `roots` (kept slots' objects when `slots`, else what kept values
   * address) may reach was allocated since the mark (is in `group`): the kept graphs then lie
   * at or above it (`since_mark`: emit-deep-move.ts (D6) moves them without a branch).
   */
  sinceMark(roots: MemObject[], group: ReadonlySet<MemObject>, slots: boolean): boolean {
    const inner = slots ? roots.flatMap((r) => [...this.pt.contents(r)]) : roots;
    return [...this.objects.reach(inner)].every((o) => group.has(o));
  }

  /**
   * (R6) Whether nothing the kept graphs' roots hold was allocated since the mark: every inner
   * object predates it (`out[k] = l[i]`, an array of the caller's structs). Then a root moves
   * alone, as if flat (`shallow`): its address fields point below the mark, where nothing
   * moves, and nothing above the root's end is kept — no walk of its elements to find a span.
   */
  innerPredatesMark(roots: MemObject[], group: ReadonlySet<MemObject>): boolean {
    const inner = roots.flatMap((r) => [...this.pt.contents(r)]);
    return [...this.objects.reach(inner)].every((o) => !group.has(o));
  }

  // ---- (F) -----------------------------------------------------------------------------

  private functionExit(): void {
    const group = this.pt.objects().filter((o) => o.kind === 'alloc' || o.kind === 'call');
    if (!group.length) return;
    const body = this.fn.regions[0]!.blocks[0]!;
    const returns: Operation[] = [];
    this.fn.walk((o) => {
      if (returnsFromFunction(o, this.fn)) returns.push(o);
    });
    let mark: Value | undefined;
    for (const ret of returns) {
      const at = this.liveBefore(ret);
      const live = at.live;
      const survivors = new Set(group.filter((o) => live.has(o)));
      // (R3) in the precise view: an array of structs whose elements the result took dies
      const liveHere = this.objects.precise().before(ret).live;
      if (!group.some((o) => !liveHere.has(o) && mayPrecede(allocatingOp(o), ret))) continue; // (R3)
      if ([...survivors].some((o) => this.permanent.has(o))) continue; // (R2)
      const kept = ret.operandValues().map((v, i) => ({ v, i })).filter(({ v }) => [...this.objects.reach(this.objects.pointsTo(v))].some((o) => survivors.has(o)));
      if (kept.length > 2 || kept.some(({ v }) => !isMovableMemoryType(v.type))) continue; // (R1)
      if (!this.onlyThrough(survivors, at, kept.map(({ v }) => v))) continue; // (R1): live through something else
      mark ??= createBefore(body.first!, 'sol.free_ptr', { resultTypes: [ui256] }).result(0);
      const spills = kept.map(({ v }) => {
        const slot = createBefore(body.first!, 'sol.alloca', { resultTypes: [PtrType.get(v.type, 'Stack')] }).result(0);
        createBefore(ret, 'sol.store', { operands: [v, slot] });
        return slot;
      });
      this.freeBefore(ret, mark, spills);
      // a one-time move pays only when it gives back at least what it copies (F)
      if (spills.length) ret.prev!.setAttr('gap_first', UnitAttr.instance);
      const roots = kept.flatMap(({ v }) => [...this.objects.pointsTo(v)]);
      if (spills.length && this.sinceMark(roots, new Set(group), false)) ret.prev!.setAttr('since_mark', UnitAttr.instance);
      const graphs = kept.some(({ v }) => !isFlatMemoryType(v.type));
      const shallow = graphs && this.innerPredatesMark(roots, new Set(group));
      if (shallow) ret.prev!.setAttr('shallow', UnitAttr.instance);
      kept.forEach(({ i }, k) => {
        const reloaded = createBefore(ret, 'sol.load', { operands: [spills[k]!], resultTypes: [kept[k]!.v.type] }).result(0);
        ret.setOperand(i, reloaded);
      });
      const dead = group.filter((o) => !liveHere.has(o));
      this.note(dead, `freed on return at ${where(ret)}`);
      const how = shallow ? 'moved alone (what it holds predates the move)' : graphs ? 'deep-moved (with its inner objects, addresses rebased)' : 'moved';
      this.note(group.filter((o) => liveHere.has(o)), `${how} down to the function's entry mark on return at ${where(ret)}`);
    }
  }
}

/** What (I) keeps: the kept slots (at most two), the objects they hold, and which of them are rooted (R7: then the only one). */
interface Plan {
  kept: Value[];
  survivors: Set<MemObject>;
  rooted: ReadonlySet<Value>;
}

/** (I'') A concat into a kept slot; `below`: the other kept slot, whose object must lie below the string. */
interface Append {
  concat: Operation;
  mark: Value;
  below: Value | undefined;
}

/**
 * Whether objects of memory type `t` may differ in size (a string or a dynamic array somewhere
 * in it): a new one may not fit the one it replaces, which the held releases need; a struct
 * of values always does (`ps[i % 4] = point(i, i + 1)` is theirs).
 */
function sizeVaries(t: Type): boolean {
  if (t instanceof ArrayType) return t.isDynamic || sizeVaries(t.eltType);
  if (t instanceof StructType) return t.memberTypes.some(sizeVaries);
  return isAggType(t);
}

/** (R4') Whether a graph of type `t` holds a dynamic array of addresses (walked element by element). */
function hasArrayOfAddresses(t: Type): boolean {
  if (t instanceof ArrayType && t.isDynamic && !isValueType(t.eltType)) return true;
  return (fixedSizeFields(t) ?? []).some((f) => !isValueType(f) && hasArrayOfAddresses(f));
}

/**
 * (R4') Whether `loop` stores into `slot` in its own blocks (not under a branch or an inner
 * loop) with no `continue` of the loop before the store: every run that completes does.
 * (`if (found) continue; … uniq = u2;` keeps `uniq` from run to run, and held-out
 * SortDedupe.dedupe walked it at every continue: 1.9× the gas of lifetime off.)
 */
function assignedEveryRun(slot: Value, loop: Operation): boolean {
  for (let u = slot.firstUse; u; u = u.nextUse) {
    const op = u.owner;
    if (op.name === 'sol.store' && op.operand(1) === slot && op.parentOp === loop && !continuesBefore(op, loop)) return true;
  }
  return false;
}

/** Whether an op before `op` in its block may `continue` `loop`, skipping `op`. */
function continuesBefore(op: Operation, loop: Operation): boolean {
  let found = false;
  for (let o = op.prev; o && !found; o = o.prev) {
    o.walk((x) => {
      if (x.name === 'sol.continue' && innermostLoop(x) === loop) found = true;
    });
  }
  return found;
}

/** Whether `op` is or holds a release (outside loops, whose own releases come later). */
function placedRelease(op: Operation): boolean {
  if (RELEASES.has(op.name)) return true;
  if (!op.regions.length || isLoop(op)) return false;
  let found = false;
  op.walk((x) => {
    if (found || isLoop(x)) return 'skip';
    found = RELEASES.has(x.name);
  });
  return found;
}

/** (B'') Whether each function may run a loop (FunctionReleases.mayRunLoop), asked once. */
const loopingCallees = new WeakMap<Operation, boolean>();

/** Releases whose bookkeeping spans a loop's runs (held records, slide thresholds). */
const RECORDING = new Set(['sol.free_held', 'sol.displace', 'sol.free_rooted', 'sol.free_traced']);

/** The release ops: operand 0 is the mark they release to. */
const RELEASES = new Set(['sol.free', 'sol.free_held', 'sol.free_rooted', 'sol.free_traced']);

/**
 * (I''') The releases later in `concat`'s iteration that go back to a mark taken in that
 * iteration before the concat. The releases were placed for a fresh concat, which lies above
 * such a mark; a string appended in place starts below it (it is the loop's own, older than
 * the iteration) but may now end above it, and releasing to the mark would hand its tail to
 * the next allocation: a compaction before `if (full) h = keccak256(abi.encodePacked(h,
 * page))` after `page = string.concat(page, …)` (held-out JsonWriter.pageHashes differed
 * from solc).
 */
function releasesBelowItsEnd(concat: Operation): Operation[] {
  const loop = innermostLoop(concat);
  if (!loop) return [];
  const before = new Set<Operation>();
  let after = false;
  const straddled: Operation[] = [];
  loop.walk((op) => {
    if (op === concat) after = true;
    else if (!after) before.add(op);
    else if (RELEASES.has(op.name)) {
      const mark = op.operand(0).definingOp;
      if (mark && before.has(mark)) straddled.push(op);
    }
  });
  return straddled;
}

/**
 * (I''') Whether release `r` may take `{straddle}`: a `sol.free` whose kept objects are flat
 * and each compared with the mark (not the `since_mark`, `ascending` or `shallow` forms, which
 * take what lies above the mark for granted). With it, a kept object that starts below the
 * mark stays and the free pointer ends after it when it reaches above the mark, so an
 * appended string keeps its tail (emit-lifetime.ts). Any other release keeps the concat a
 * fresh one.
 */
function keepsAcrossItsMark(r: Operation): boolean {
  return r.name === 'sol.free' && !r.getAttr('since_mark') && !r.getAttr('ascending') && !r.getAttr('shallow')
    && r.operands.slice(1).every((o) => isFlatMemoryType((o.value.type as PtrType).pointeeType));
}

/** (I'') `concat(s, a, b, …)` (or `encode packed`) becomes `sol.append s, mark [below o] (a, b, …)`. */
function appendInPlace({ concat, mark, below }: Append): void {
  const [old, ...parts] = concat.operandValues();
  const other = below && createBefore(concat, 'sol.load', { operands: [below], resultTypes: [(below.type as PtrType).pointeeType] }).result(0);
  const append = createBefore(concat, 'sol.append', {
    operands: [old!, mark, ...(other ? [other] : []), ...parts],
    resultTypes: [concat.result(0).type],
    attributes: [['operandSegmentSizes', segmentSizes([1, 1, other ? 1 : 0, parts.length])]],
  });
  concat.result(0).replaceAllUsesWith(append.result(0));
  concat.erase();
}
