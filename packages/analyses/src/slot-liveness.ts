/**
 * Slot liveness: which function-local slots (allocations in the `Stack` resource, e.g.
 * sol.alloca) may be read before they are overwritten — a dense backward analysis on the
 * dataflow framework, through memory effects only.
 *
 * (S1) A slot is a result with a value-scoped `allocate` effect in the `Stack` resource.
 * (S2) An op with a `read` effect on a slot makes it live before the op (gen).
 * (S3) An op whose only effects on a slot are `write`s overwrites it (kill): dead before the
 *      op unless (S2) also holds.
 * (S4) An op with effects that name no value (a whole-resource read of `Stack`) or without
 *      memory-effect information reads every slot.
 * (S5) A callee cannot name the caller's slots: a call reads only the slots passed to it,
 *      and liveness stays intraprocedural.
 * (S6) Nothing is live at the end of the function: slots die with it — nor after an early
 *      return nested in a region op, which the RegionBranch interface (over-approximating sol's
 *      early return like its break and continue) lets fall through to the parent: a path that
 *      does not exist can only add liveness to a point where none is.
 * (S7) A jump out of a loop (sol's break and continue) is not such a point: what is live where
 *      it really goes (after the loop, at its step) must stay live before it. The RegionBranch
 *      view sends it through the ops after it in the loop instead, where a write would end that
 *      liveness (`a = f(a); if (c) break; a = b;` lost its first store). The caller names such
 *      jumps (`HiddenJump`: the writes the view runs after the jump that it skips, and where it
 *      goes); a skipped write does not kill a slot live at the jump's target. Solved again
 *      until those slots stop growing (each solve only adds liveness).
 * Region control flow follows the RegionBranch interface, so it is as precise as the ops'
 * declared successors.
 */
import { DataFlowSolver, DenseBackwardAnalysis, dataFlowKeys, powerset, type DataFlowKeys } from '@lifeline/dataflow';
import type { Block, Operation, Region, Registry, Value } from '@lifeline/ir';
import { IrControlFlowView } from './ir-view.js';
import { SparseConstantPropagation } from './constant-propagation.js';
import { returnsFromFunction } from './points-to-model.js';

type Slots = ReadonlySet<Value>;
const NONE: Slots = new Set();
const slotsLattice = powerset<Value>((v) => v.toString());

/** (S1) */
export function isSlot(v: Value): boolean {
  const op = v.definingOp;
  return !!op?.def?.spec.memoryEffects?.(op).some((e) => e.kind === 'allocate' && e.value === v && e.resource === 'Stack');
}

/** (S5) A view that does not follow calls into callees. */
class IntraproceduralView extends IrControlFlowView {
  override call(): undefined {
    return undefined;
  }
}

class SlotLivenessAnalysis extends DenseBackwardAnalysis<Slots, Operation, Block, Region, Value> {
  readonly name = 'slot-liveness';
  constructor(
    keys: DataFlowKeys<Operation, Block, Region, Value>,
    private readonly fn: Operation,
    private readonly allSlots: Slots,
    private readonly keepAlive: ReadonlyMap<Operation, Slots>,
  ) {
    super(keys, 'live-slots', slotsLattice);
  }
  protected exitState(): Slots {
    return NONE; // (S6)
  }
  protected transfer(op: Operation, after: Slots): Slots {
    if (after.size && returnsFromFunction(op, this.fn)) after = NONE; // (S6)
    if (op.def?.spec.call) { // (S5)
      const passed = op.operandValues().filter((v) => this.allSlots.has(v) && !after.has(v));
      return passed.length ? new Set([...after, ...passed]) : after;
    }
    const effects = op.def?.spec.memoryEffects?.(op);
    if (!effects) return this.allSlots.size ? new Set([...after, ...this.allSlots]) : after; // (S4)
    let out: Set<Value> | undefined;
    const gen: Value[] = [];
    for (const e of effects) {
      if (e.resource !== 'Stack') continue;
      if (!e.value) return new Set([...after, ...this.allSlots]); // (S4)
      if (e.kind === 'read') gen.push(e.value);
      else if (e.kind === 'write' && after.has(e.value) && !effects.some((r) => r.kind === 'read' && r.value === e.value) && !this.keepAlive.get(op)?.has(e.value)) {
        (out ??= new Set(after)).delete(e.value); // (S3)
      }
    }
    for (const g of gen) if (!(out ?? after).has(g)) (out ??= new Set(after)).add(g); // (S2)
    return out ?? after;
  }
}

/**
 * (S7) A jump the control-flow view does not show: `skipped` are the ops that write slots which
 * the view runs after the jump but the jump skips; it really goes to just before
 * `target.before`, or just after `target.after` (the loop a break leaves).
 */
export interface HiddenJump {
  skipped: ReadonlySet<Operation>;
  target: { before: Operation } | { after: Operation };
}

/** The live slots of one function: before each op, and at the end of each block. */
export class SlotLiveness {
  private analysis!: SlotLivenessAnalysis;
  private readonly all: Slots;

  constructor(fn: Operation, registry?: Registry, jumps: readonly HiddenJump[] = []) {
    const slots = new Set<Value>();
    fn.walk((op) => {
      for (const r of op.results) if (isSlot(r)) slots.add(r);
    });
    this.all = slots;
    const keepAlive = new Map<Operation, Set<Value>>();
    for (;;) {
      this.solve(fn, registry, keepAlive);
      let grew = false;
      for (const j of jumps) {
        const live = 'before' in j.target ? this.liveBefore(j.target.before) : this.liveAfter(j.target.after);
        if (!live.size) continue;
        for (const w of j.skipped) {
          let kept = keepAlive.get(w);
          for (const slot of live) {
            if (kept?.has(slot)) continue;
            if (!kept) keepAlive.set(w, (kept = new Set()));
            kept.add(slot);
            grew = true;
          }
        }
      }
      if (!grew) return;
    }
  }

  private solve(fn: Operation, registry: Registry | undefined, keepAlive: ReadonlyMap<Operation, Slots>): void {
    const view = new IntraproceduralView(registry ? (d) => registry.hasDialect(d) : undefined);
    const keys = dataFlowKeys(view, { constantEquals: (a, b) => a === b });
    const solver = new DataFlowSolver();
    // dead-code analysis decides which regions run from the constants it is told about
    solver.load(new SparseConstantPropagation(keys));
    this.analysis = solver.load(new SlotLivenessAnalysis(keys, fn, this.all, keepAlive));
    solver.run(fn);
  }

  /** Slots that may be read at or after the start of `op` (before it runs). */
  liveBefore(op: Operation): Slots {
    return this.safe(op);
  }

  /** Slots that may be read after `op` (what is live before the next op / at the block's end). */
  liveAfter(op: Operation): Slots {
    return op.next ? this.safe(op.next) : this.safe(op.block!);
  }

  private safe(point: Operation | Block): Slots {
    try {
      return this.analysis.stateAt(point);
    } catch {
      return this.all; // no state: assume every slot may be read (never unsound)
    }
  }
}
