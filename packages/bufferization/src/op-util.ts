/**
 * Small operand-list edits that keep an op's operandSegmentSizes (MLIR's
 * AttrSizedOperandSegments) in step with its operands.
 */
import { DenseArrayAttr, IntegerType, type Operation, type Value } from '@lifeline/ir';

function segments(op: Operation): number[] | undefined {
  const a = op.getAttr('operandSegmentSizes');
  return a instanceof DenseArrayAttr ? [...a.values] : undefined;
}

function setSegments(op: Operation, sizes: readonly number[]): void {
  op.setAttr('operandSegmentSizes', new DenseArrayAttr(IntegerType.get(32), sizes));
}

/** Erases operand `index`, shrinking the segment that holds it. */
export function eraseOperandAt(op: Operation, index: number): void {
  const sizes = segments(op);
  op.eraseOperands(index, 1);
  if (!sizes) return;
  let start = 0;
  for (let g = 0; g < sizes.length; g++) {
    if (index < start + sizes[g]!) {
      sizes[g]!--;
      break;
    }
    start += sizes[g]!;
  }
  setSegments(op, sizes);
}

/** Replaces the operands of `op` by the given groups (in declaration order). */
export function setOperandGroups(op: Operation, groups: readonly (readonly Value[])[]): void {
  op.setOperands(groups.flat());
  if (segments(op)) setSegments(op, groups.map((g) => g.length));
}
