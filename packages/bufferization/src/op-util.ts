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
      if (g === sizes.length - 1) shrinkCaseSegment(op, index - start);
      break;
    }
    start += sizes[g]!;
  }
  setSegments(op, sizes);
}

/**
 * cf.switch splits its last operand group (caseOperands) further by its
 * `case_operand_segments` property, as MLIR's SwitchOp does through the
 * MutableOperandRange it returns as successor operands: shrink the case that
 * held operand `offset` of that group.
 */
function shrinkCaseSegment(op: Operation, offset: number): void {
  const a = op.getAttr('case_operand_segments');
  if (!(a instanceof DenseArrayAttr)) return;
  const cases = [...a.values];
  let start = 0;
  for (let c = 0; c < cases.length; c++) {
    if (offset < start + cases[c]!) {
      cases[c]!--;
      op.setAttr('case_operand_segments', new DenseArrayAttr(IntegerType.get(32), cases));
      return;
    }
    start += cases[c]!;
  }
}

/** Replaces the operands of `op` by the given groups (in declaration order). */
export function setOperandGroups(op: Operation, groups: readonly (readonly Value[])[]): void {
  op.setOperands(groups.flat());
  if (segments(op)) setSegments(op, groups.map((g) => g.length));
}
