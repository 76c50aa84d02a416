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
 *      view sends it through the ops after it in the loop instead, and a write there would end
 *      that liveness: so a write the caller says a jump may skip (`mayBeSkipped`) kills
 *      nothing. (Without this, `a = f(a); if (c) break; a = b;` lost the first store.)
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
    private readonly mayBeSkipped: (op: Operation) => boolean,
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
      else if (e.kind === 'write' && after.has(e.value) && !effects.some((r) => r.kind === 'read' && r.value === e.value) && !this.mayBeSkipped(op)) {
        (out ??= new Set(after)).delete(e.value); // (S3)
      }
    }
    for (const g of gen) if (!(out ?? after).has(g)) (out ??= new Set(after)).add(g); // (S2)
    return out ?? after;
  }
}

/** The live slots of one function: before each op, and at the end of each block. */
export class SlotLiveness {
  private readonly analysis: SlotLivenessAnalysis;
  private readonly solver = new DataFlowSolver();
  private readonly all: Slots;

  /** `mayBeSkipped`: (S7) writes that a jump the control-flow view does not show may skip. */
  constructor(fn: Operation, registry?: Registry, mayBeSkipped: (op: Operation) => boolean = () => false) {
    const slots = new Set<Value>();
    fn.walk((op) => {
      for (const r of op.results) if (isSlot(r)) slots.add(r);
    });
    this.all = slots;
    const view = new IntraproceduralView(registry ? (d) => registry.hasDialect(d) : undefined);
    const keys = dataFlowKeys(view, { constantEquals: (a, b) => a === b });
    // dead-code analysis decides which regions run from the constants it is told about
    this.solver.load(new SparseConstantPropagation(keys));
    this.analysis = this.solver.load(new SlotLivenessAnalysis(keys, fn, slots, mayBeSkipped));
    this.solver.run(fn);
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
