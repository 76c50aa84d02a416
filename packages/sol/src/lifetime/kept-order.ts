/**
 * The address order of two kept objects at the end of a loop iteration, known without
 * looking at the addresses (LIFETIME.md, "Compaction"). A release keeping two slots must
 * move the lower object first; when the order is unknown the emitted code compares the
 * addresses and checks whether both slots hold one object — branches that cost more than
 * the moves (`prev = last; last = f(last)` paid ≈ 350 gas per iteration, ≈ 110 without).
 *
 * One kept slot holds the object another slot held when the iteration began (`carried`),
 * the other an object allocated in this iteration (`fresh`). Then:
 *  (K1) the carried object existed when the iteration began, so it lies below the free
 *       pointer of that moment; the fresh one was allocated at or above it (releases and
 *       compaction inside the iteration go no lower than marks taken in it) — so they are
 *       distinct and the carried one is lower;
 *  (K2) with `since_mark`, the carried object lies at or above the loop's mark, unless it is
 *       the zero slot 0x60 (an empty dynamic value, not an object), which stays;
 *  (K3) the fresh one moves last, so even when it is the zero slot (a callee may return an
 *       empty value) copying it to the next free address overwrites nothing live.
 * What each slot holds is tracked along the iteration's regions in order (a loop's regions
 * run in region order, entry region first): a store of a load's result copies what the
 * loaded slot held at the load; a store of a value an allocating op (or a call whose
 * result is only its own fresh memory) defined is fresh; `sol.if`-like regions join both
 * paths; anything else, and every slot a nested loop writes, is unknown. A loop with a
 * `sol.continue` of its own is left alone (its paths to the end skip part of the body).
 */
import type { Block, Operation, Value } from '@lifeline/ir';
import type { FunctionPointsTo } from '@lifeline/analyses';
import { isLoop } from './program-points.js';
import { continuesOf, stackWrites } from './structure.js';

/** What a slot may hold: the value slot `carried` held at the iteration start, fresh memory, or anything. */
type Held = { kind: 'carried'; slot: Value } | { kind: 'fresh' } | { kind: 'unknown' };
type Facts = Map<Value, Held>;

const UNKNOWN: Held = { kind: 'unknown' };
const FRESH: Held = { kind: 'fresh' };

const join = (a: Held, b: Held): Held =>
  a.kind === b.kind && (a.kind !== 'carried' || a.slot === (b as { slot: Value }).slot) ? a : UNKNOWN;

class IterationWalk {
  /** What each load result held when it was loaded. */
  private readonly loaded = new Map<Value, Held>();

  constructor(private readonly pt: FunctionPointsTo, private readonly loop: Operation) {}

  held(facts: Facts, slot: Value): Held {
    return facts.get(slot) ?? { kind: 'carried', slot };
  }

  private valueHeld(v: Value): Held {
    const known = this.loaded.get(v);
    if (known) return known;
    const def = v.definingOp;
    if (!def || !this.loop.isAncestorOf(def)) return UNKNOWN;
    const own = this.pt.allocatedBy(def);
    const targets = [...this.pt.pointsTo(v)];
    return targets.length && targets.every((o) => own.includes(o)) ? FRESH : UNKNOWN;
  }

  /** Runs `block` up to (not including) `stop`; false when `stop` is not reached on the walk. */
  block(block: Block, facts: Facts, stop: Operation | undefined): boolean {
    for (const op of block.ops()) {
      if (op === stop) return true;
      this.op(op, facts);
    }
    return !stop;
  }

  private op(op: Operation, facts: Facts): void {
    if (!op.regions.length) {
      const reads = (op.def?.spec.memoryEffects?.(op) ?? []).filter((e) => e.kind === 'read' && e.resource === 'Stack' && e.value);
      if (reads.length === 1 && op.results.length === 1) this.loaded.set(op.result(0), this.held(facts, reads[0]!.value!));
      for (const slot of stackWrites(op)) {
        const stored = op.operandValues().filter((v) => v !== slot);
        facts.set(slot, stored.length === 1 ? this.valueHeld(stored[0]!) : UNKNOWN);
      }
      return;
    }
    if (isLoop(op)) {
      op.walk((o) => { for (const slot of stackWrites(o)) facts.set(slot, UNKNOWN); });
      return;
    }
    // a branch op: each region from the state before it (one of them, or none, runs)
    const outs: Facts[] = op.regions.map((r) => {
      const f = new Map(facts);
      for (const b of r.blocks) this.block(b, f, undefined);
      return f;
    });
    if (op.regions.length === 1 || op.regions.some((r) => !r.blocks.length)) outs.push(new Map(facts));
    const slots = new Set(outs.flatMap((f) => [...f.keys()]));
    for (const s of slots) facts.set(s, outs.map((f) => this.held(f, s)).reduce(join));
  }
}

/**
 * `kept` (two slots live at the iteration end `at` of `loop`) in ascending address order —
 * the carried object first — when (K1) proves the order; undefined otherwise.
 */
export function keptInAddressOrder(pt: FunctionPointsTo, loop: Operation, at: Operation, kept: readonly Value[]): Value[] | undefined {
  if (kept.length !== 2) return undefined;
  if (continuesOf(loop).length) return undefined;
  const walk = new IterationWalk(pt, loop);
  const facts: Facts = new Map();
  let reached = false;
  for (const region of loop.regions) {
    if (region.blocks.length !== 1) return undefined;
    if (walk.block(region.blocks[0]!, facts, at.block === region.blocks[0] ? at : undefined) && at.block === region.blocks[0]) {
      reached = true;
      break;
    }
  }
  if (!reached) return undefined;
  const [a, b] = kept.map((s) => walk.held(facts, s)) as [Held, Held];
  if (a.kind === 'carried' && b.kind === 'fresh') return [...kept];
  if (a.kind === 'fresh' && b.kind === 'carried') return [kept[1]!, kept[0]!];
  return undefined;
}
