/**
 * Sparse backward liveness (MLIR's dataflow LivenessAnalysis): is a value needed?
 *
 *   live
 *    │
 *   not live
 *
 * (1) Every operand of an op with memory effects is live.
 * (2) When one result of an op is live, every operand is live.
 * (3) An operand consumed by control flow (a branch condition, a loop bound) is
 *     live when a block the op may transfer control to has an op with memory
 *     effects, or when the results of the op (or of the parent of a region
 *     terminator) are live.
 * (4) A call operand that is not passed to an argument of the callee is live.
 * (5) Values returned to unknown callers are live — set as MLIR 19 sets them,
 *     without revisiting ops that already read them, so that outputs match
 *     mlir-opt-19's even where that misses a live value.
 * The propagation through branches, region control flow and calls is the sparse
 * backward base's (sparse.ts (B1)).
 */
import { SparseBackwardAnalysis, twoPoint, type DataFlowKeys, type Lattice } from '@lifeline/dataflow';
import type { Block, Operation, Region, Value } from '@lifeline/ir';
import type { IrControlFlowView } from './ir-view.js';

type Keys = DataFlowKeys<Operation, Block, Region, Value>;

export const livenessLattice: Lattice<boolean> = twoPoint('not live', 'live');

export class LivenessAnalysis extends SparseBackwardAnalysis<boolean, Operation, Block, Region, Value> {
  readonly name = 'liveness';

  /** mlir-opt-19 parity: returned values become live without revisiting their readers (sparse.ts (B2)). */
  protected override readonly quietExitStates = true;

  constructor(keys: Keys) {
    super(keys, 'liveness', livenessLattice);
  }

  protected exitState(): boolean {
    return true; // (5)
  }

  protected visitOperation(op: Operation, operands: readonly Value[], results: readonly boolean[]): void {
    if (!this.view.isMemoryEffectFree(op)) for (const x of operands) this.join(x, true); // (1)
    if (results.some((r) => r)) for (const x of operands) this.join(x, true); // (2)
  }

  /** (3) */
  protected visitBranchOperand(op: Operation, operandIndex: number): void {
    const v = this.view as IrControlFlowView;
    const operand = op.operand(operandIndex);
    let blocks: readonly Block[];
    if (v.regionBranch(op)) blocks = op.regions.flatMap((r) => r.blocks);
    else if (v.branch(op)) blocks = op.successors;
    else blocks = op.parentOp!.regions.flatMap((r) => r.blocks);
    if (blocks.some((b) => [...v.ops(b)].some((o) => !v.isMemoryEffectFree(o)))) this.join(operand, true);
    this.visitOperation(op, [operand], op.results.map((r) => this.getFor(op, r)));
    if (!v.regionTerminator(op)) return;
    const parent = op.parentOp!;
    this.visitOperation(parent, [operand], parent.results.map((r) => this.getFor(parent, r)));
  }

  /** (4) */
  protected visitCallOperand(op: Operation, operandIndex: number): void {
    this.join(op.operand(operandIndex), true);
  }
}
