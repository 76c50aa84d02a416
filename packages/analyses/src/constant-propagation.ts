/**
 * Sparse constant propagation (MLIR's SparseConstantPropagation): with the
 * dead-code analysis it is SCCP.
 *
 *   ⊤ (not constant)
 *   c1   c2   …        a constant attribute
 *   ⊥ (not yet known)
 *
 * (1) An op with regions gives ⊤ results.
 * (2) Otherwise, once no operand is ⊥, the op is folded with its constant
 *     operands: a ConstantLike op yields its value; an op with a fold hook
 *     yields attributes (constants) or existing values (their state flows in);
 *     an op that does not fold gives ⊤ results.
 * (3) Values nothing is known about (arguments of public functions, …) are ⊤.
 */
import { SparseForwardAnalysis, type DataFlowKeys, type ConstantValue } from '@lifeline/dataflow';
import { Attribute, type Block, type Operation, type Region, type Value } from '@lifeline/ir';

type Keys = DataFlowKeys<Operation, Block, Region, Value>;

const TOP: ConstantValue = { kind: 'top' };

/** The constant an op folds to, as the constant lattice holds it. */
export function constantOf(value: Attribute): ConstantValue {
  return { kind: 'value', value };
}

export class SparseConstantPropagation extends SparseForwardAnalysis<ConstantValue, Operation, Block, Region, Value> {
  readonly name = 'sparse-constant-propagation';

  constructor(keys: Keys) {
    super(keys, 'constant', keys.constants.lattice);
  }

  protected entryState(): ConstantValue {
    return TOP; // (3)
  }

  protected visitOperation(op: Operation, operands: readonly ConstantValue[], results: readonly Value[]): void {
    if (op.regions.length) return this.setToEntryState(results); // (1)
    if (operands.some((c) => c.kind === 'bottom')) return;
    const constants = operands.map((c) => (c.kind === 'value' ? (c.value as Attribute) : undefined));
    const spec = op.def?.spec;
    const folded = spec?.constant ? [spec.constant.value(op)] : spec?.fold?.(op, constants); // (2)
    if (!folded || folded.length !== results.length) return this.setToEntryState(results);
    folded.forEach((f, i) => {
      if (f instanceof Attribute) this.join(results[i]!, constantOf(f));
      else this.join(results[i]!, this.get(f));
    });
  }
}
