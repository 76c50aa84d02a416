/**
 * Folds of memref ops that constant propagation (and later canonicalization)
 * uses, with MLIR 19's semantics.
 *
 * (1) foldMemRefCast: an operand produced by memref.cast of a ranked memref is
 *     replaced by the cast's source, in place (not the operand `inner`, e.g. the
 *     value a store writes).
 * (2) memref.cast folds (1) in place; then, as every CastOpInterface op, a cast
 *     whose operand and result types are equal folds to its operand — the IR
 *     keeps the in-place change. When it does not fold to its operand, the
 *     in-place change is undone and the cast does not fold (what MLIR's constant
 *     propagation does with a fold that only worked in place).
 * (3) memref.dim with a constant in-range index folds to the static size, or
 *     to the dynamic size operand of the alloc / alloca / view that made it, or
 *     of the subview / reinterpret_cast that made it (their dynamic sizes are the
 *     result's dynamic dimensions in order: a rank-reducing subview drops only
 *     static unit sizes).
 * (4) memref.subview (SubViewOp::fold) folds to its source when the result type
 *     has a static shape and equals the source type; or when its source is a
 *     subview, its offsets are all constant 0, its strides all constant 1, its
 *     sizes are the source subview's sizes (same constants or same values) and
 *     the result type equals the source type.
 * (5) memref.expand_shape / collapse_shape (foldReshapeOp): a reshape to its
 *     source's own type is the source; a reshape of the inverse reshape whose
 *     source has the result's type, with at most one dynamic dimension, is that
 *     source.
 */
import { IntegerAttr, MemRefType, index, DYNAMIC, hasTrait, type FoldHook, type Operation, type Value } from '@lifeline/ir';
import { DYNAMIC_INDEX, staticList } from './memref-index-list.js';

/** (1) Returns whether any operand was replaced. */
export function foldMemRefCast(op: Operation, inner?: Value): boolean {
  let folded = false;
  op.operands.forEach((operand, i) => {
    const cast = operand.value.definingOp;
    if (cast?.name !== 'memref.cast' || operand.value === inner) return;
    const source = cast.operand(0);
    if (!(source.type instanceof MemRefType)) return;
    op.setOperand(i, source);
    folded = true;
  });
  return folded;
}

/** (2) */
export const foldCast: FoldHook = (op) => {
  const original = op.operand(0);
  const inPlace = foldMemRefCast(op);
  if (op.operand(0).type === op.result(0).type) return [op.operand(0)];
  if (inPlace) op.setOperand(0, original);
  return undefined;
};

/** The ops whose dynamic-size operands give the dynamic dimensions of their result, in order. */
const SIZED_BY_OPERANDS: Record<string, (op: Operation) => readonly Value[]> = {
  'memref.alloc': (op) => op.def!.operandGroup(op, 'dynamicSizes'),
  'memref.alloca': (op) => op.def!.operandGroup(op, 'dynamicSizes'),
  'memref.view': (op) => op.def!.operandGroup(op, 'sizes'),
  'memref.subview': (op) => op.def!.operandGroup(op, 'sizes'),
  'memref.reinterpret_cast': (op) => op.def!.operandGroup(op, 'sizes'),
};

/** (3) */
export const foldDim: FoldHook = (op, [, indexAttr]) => {
  if (!(indexAttr instanceof IntegerAttr)) return undefined;
  const type = op.operand(0).type;
  if (!(type instanceof MemRefType)) return undefined;
  const i = Number(indexAttr.value);
  if (i < 0 || i >= type.rank) return undefined;
  if (type.shape[i] !== DYNAMIC) return [new IntegerAttr(BigInt(type.shape[i]!), index)];
  const producer = op.operand(0).definingOp;
  const sizes = producer && SIZED_BY_OPERANDS[producer.name]?.(producer);
  if (!sizes) return undefined;
  // Only when the sizes match the dynamic dimensions one to one.
  if (sizes.length !== type.shape.filter((d) => d === DYNAMIC).length) return undefined;
  const dynamicIndex = type.shape.slice(0, i).filter((d) => d === DYNAMIC).length;
  const size = sizes[dynamicIndex];
  return size ? [size] : undefined;
};

/** An offset, size or stride of an OffsetSizeAndStride op: a static integer or an SSA value. */
export type Mixed = number | Value;

/** getMixedOffsets / getMixedSizes / getMixedStrides (`kind`: offsets, sizes, strides). */
export function mixedList(op: Operation, kind: 'offsets' | 'sizes' | 'strides'): Mixed[] {
  const values = op.def!.operandGroup(op, kind);
  let k = 0;
  return staticList(op, `static_${kind}`).map((v) => (v === DYNAMIC_INDEX ? values[k++]! : v));
}

/** getConstantIntValue: a static entry, or a value made by a ConstantLike op with an integer value. */
export function constantInt(m: Mixed): number | undefined {
  if (typeof m === 'number') return m;
  const d = m.definingOp;
  const a = d && hasTrait(d, 'ConstantLike') ? d.getAttr('value') : undefined;
  return a instanceof IntegerAttr ? Number(a.value) : undefined;
}

/** (4) */
export const foldSubView: FoldHook = (op) => {
  const source = op.operand(0);
  const result = op.result(0).type;
  if (result instanceof MemRefType && !result.shape.includes(DYNAMIC) && result === source.type) return [source];
  const inner = source.definingOp;
  if (inner?.name !== op.name || result !== source.type) return undefined;
  const sizes = mixedList(op, 'sizes');
  const innerSizes = mixedList(inner, 'sizes');
  const sameSizes = sizes.length === innerSizes.length && sizes.every((s, i) => s === innerSizes[i]);
  if (sameSizes && mixedList(op, 'offsets').every((o) => constantInt(o) === 0) &&
    mixedList(op, 'strides').every((s) => constantInt(s) === 1)) return [source];
  return undefined;
};

/** (5) `inverse` is the reshape that this one undoes. */
export function foldReshape(inverse: string): FoldHook {
  return (op) => {
    const source = op.operand(0);
    const result = op.result(0).type;
    if (source.type === result) return [source];
    const producer = source.definingOp;
    if (producer?.name !== inverse) return undefined;
    const original = producer.operand(0);
    if (original.type !== result || !(result instanceof MemRefType)) return undefined;
    return result.shape.filter((d) => d === DYNAMIC).length < 2 ? [original] : undefined;
  };
}
