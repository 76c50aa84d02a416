/**
 * Type constraints and shape rules of the arith dialect, with MLIR's wording:
 * the ODS constraints (`signless-integer-like`, `floating-point-like`, …) and the
 * trait verifiers arith ops carry (SameOperandsAndResultType, Elementwise,
 * SameOperandsAndResultShape, cast compatibility).
 */
import {
  DYNAMIC, FloatType, IndexType, IntegerType, MemRefType, RankedTensorType, UnrankedMemRefType, UnrankedTensorType,
  VectorType, type Type, type TypeConstraint,
} from '@lifeline/ir';

export const isSignlessInt = (t: Type): boolean => t instanceof IntegerType && t.signedness === 'signless';
export const isSignlessIntOrIndex = (t: Type): boolean => isSignlessInt(t) || t instanceof IndexType;
export const isFloat = (t: Type): boolean => t instanceof FloatType;
export const isI1 = (t: Type): boolean => t instanceof IntegerType && t.width === 1 && t.signedness === 'signless';

const isTensor = (t: Type): t is RankedTensorType | UnrankedTensorType =>
  t instanceof RankedTensorType || t instanceof UnrankedTensorType;
const isMemRef = (t: Type): t is MemRefType | UnrankedMemRefType => t instanceof MemRefType || t instanceof UnrankedMemRefType;

/** The element type of a vector/tensor/memref, else the type itself. */
export function elementOrSelf(t: Type): Type {
  return t instanceof VectorType || isTensor(t) || isMemRef(t) ? t.elementType : t;
}

/** `T`, a vector of `T` (any rank) or a tensor of `T` (ODS TypeOrContainer). */
function orContainer(description: string, scalar: (t: Type) => boolean, memref = false): TypeConstraint {
  return {
    description,
    accepts: (t) => scalar(t) || ((t instanceof VectorType || isTensor(t)) && scalar(t.elementType)) ||
      (memref && isMemRef(t) && scalar(t.elementType)),
  };
}

export const signlessIntegerLike = orContainer('signless-integer-like', isSignlessIntOrIndex);
export const floatLike = orContainer('floating-point-like', isFloat);
export const boolLike = orContainer('bool-like', isI1);
export const signlessFixedWidthIntegerLike = orContainer('signless-fixed-width-integer-like', isSignlessInt);
export const indexCastType: TypeConstraint = {
  description: 'signless-integer-like or memref of signless-integer',
  accepts: (t) => signlessIntegerLike.accepts(t) || (isMemRef(t) && isSignlessIntOrIndex(t.elementType)),
};
export const bitcastType: TypeConstraint = {
  description: 'signless-integer-or-float-like or memref of signless-integer or float',
  accepts: (t) => orContainer('', (e) => isSignlessIntOrIndex(e) || isFloat(e), true).accepts(t),
};
export const anyType: TypeConstraint = { description: 'any type', accepts: () => true };

// ---- shapes -----------------------------------------------------------------------

const isShapedType = (t: Type): boolean => t instanceof VectorType || isTensor(t) || isMemRef(t);

/** Shape of a ranked shaped type; undefined for unranked (and non-shaped) types. */
function shapeOf(t: Type): readonly number[] | undefined {
  if (t instanceof VectorType || t instanceof RankedTensorType || t instanceof MemRefType) return t.shape;
  return undefined;
}

/** MLIR's verifyCompatibleShapes: all shaped or none; equal ranks; static sizes agree per dimension. */
export function compatibleShapes(types: readonly Type[]): boolean {
  const shaped = types.filter(isShapedType);
  if (!shaped.length) return true;
  if (shaped.length !== types.length) return false;
  const vecs = types.filter((t) => t instanceof VectorType) as VectorType[];
  const scalable = vecs.filter((v) => v.scalableDims.some(Boolean));
  if (scalable.length && scalable.length !== types.length) return false;
  const shapes = types.map(shapeOf).filter((s): s is readonly number[] => !!s);
  if (!shapes.length) return true;
  const rank = shapes[0]!.length;
  if (shapes.some((s) => s.length !== rank)) return false;
  for (let d = 0; d < rank; d++) {
    const fixed = new Set(shapes.map((s) => s[d]!).filter((n) => n !== DYNAMIC));
    if (fixed.size > 1) return false;
  }
  return true;
}

/** OpTrait::SameOperandsAndResultType: same element type, compatible shapes. */
export function verifySameOperandsAndResultType(types: readonly Type[]): string | undefined {
  const first = types[0];
  if (!first) return undefined;
  const elt = elementOrSelf(first);
  for (const t of types) {
    if (elementOrSelf(t) !== elt || !compatibleShapes([t, first])) return 'requires the same type for all operands and results';
  }
  return undefined;
}

/** The type kind MLIR compares by TypeID (ranked and unranked tensors differ). */
function typeKind(t: Type): string {
  return t.constructor.name;
}

/** OpTrait::Elementwise, MLIR's wording. */
export function verifyElementwise(operands: readonly Type[], results: readonly Type[]): string | undefined {
  const mappable = (t: Type) => t instanceof VectorType || isTensor(t);
  const ops = operands.filter(mappable);
  const res = results.filter(mappable);
  if (!ops.length && !res.length) return undefined;
  if (res.length && !ops.length) return 'if a result is non-scalar, then at least one operand must be non-scalar';
  if (res.length !== results.length) return 'if an operand is non-scalar, then all results must be non-scalar';
  const all = [...ops, ...res];
  const kind = typeKind(all[0]!);
  if (!all.every((t) => typeKind(t) === kind) || !compatibleShapes(all)) {
    return 'all non-scalar operands/results must have the same shape and base type';
  }
  return undefined;
}

/** `i1` of the same shape (and container) as `t` (MLIR's getI1SameShape). */
export function i1SameShape(t: Type): Type {
  const i1 = IntegerType.get(1);
  if (t instanceof VectorType) return VectorType.get(t.shape, i1, t.scalableDims);
  if (t instanceof RankedTensorType) return RankedTensorType.get(t.shape, i1, t.encoding);
  if (t instanceof UnrankedTensorType) return UnrankedTensorType.get(i1);
  if (t instanceof MemRefType) return MemRefType.get(t.shape, i1, t.layout, t.memorySpace);
  return i1;
}

/** Bit width of an integer or float element (index has none). */
export function bitWidth(t: Type): number | undefined {
  if (t instanceof IntegerType) return t.width;
  if (t instanceof FloatType) return t.width;
  return undefined;
}

/** The element type when `t` is a scalar, vector or tensor (plus memref when allowed) of an accepted element. */
export function underlying(t: Type, accepts: (e: Type) => boolean, memref = false): Type | undefined {
  if (isShapedType(t) && !(t instanceof VectorType || isTensor(t) || (memref && isMemRef(t)))) return undefined;
  const e = elementOrSelf(t);
  return accepts(e) ? e : undefined;
}

/** The tensor shape for SameInputOutputTensorDims (non-tensors count as no dimensions). */
export function tensorDims(t: Type): string {
  if (t instanceof RankedTensorType) return t.shape.join('x');
  return '';
}
