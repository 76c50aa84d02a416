/**
 * The element model the arith folders compute on, and MLIR's CommonFolders
 * (constFoldBinaryOp / constFoldUnaryOp / constFoldCastOp) over it.
 *
 *  1. An integer element is its APInt bits as an unsigned bigint below 2^w;
 *     `index` is 64 bits wide (IndexType::kInternalStorageBitWidth).
 *  2. A float element is its bit pattern (a bigint), so NaN payloads and -0.0
 *     survive; only f16, bf16, f32 and f64 are folded — their values are exact
 *     in a JS number and double-then-round is correctly rounded for + - * / %
 *     (53 >= 2p + 2). Other float types (f80, f128, tf32, f8*) are not folded.
 *  3. A constant is an IntegerAttr/FloatAttr (a scalar) or a DenseElementsAttr of
 *     a static shape; a dense literal whose elements are all equal is a splat
 *     (as DenseElementsAttr::get makes it). Hex literals we cannot decode and
 *     other ElementsAttr kinds (sparse, resources) do not fold.
 *  4. Binary folds need both operands of the same type; the result is a scalar
 *     attribute, one splat element, or the elements one by one (CommonFolders).
 *  5. `calc` returns undefined to veto the fold (MLIR's conditional folders);
 *     folders with MLIR's stateful overflow flags keep that state themselves.
 */
import {
  DenseElementsAttr, FLOAT_FORMATS, FloatAttr, FloatType, IndexType, IntegerAttr, IntegerType, RankedTensorType,
  VectorType, fromBits, hexOf, roundToFormat, toBits, type Attribute, type DenseLeaf, type DenseTree, type Type,
} from '@lifeline/ir';

/** Float kinds we fold exactly (2). */
const FOLDABLE_FLOATS = new Set(['f16', 'bf16', 'f32', 'f64']);

export type ElemKind = 'int' | 'float';

/** A decoded constant: its type, element type and elements (one when splat). */
export interface Elems {
  type: Type;
  elt: Type;
  kind: ElemKind;
  width: number;
  shaped: boolean;
  count: number;
  vals: bigint[];
}

export const isSplat = (e: Elems): boolean => e.vals.length === 1;
export const at = (e: Elems, i: number): bigint => (e.vals.length === 1 ? e.vals[0]! : e.vals[i]!);

/** Width and kind of a foldable element type (1, 2), else undefined. */
export function eltInfo(t: Type): { kind: ElemKind; width: number } | undefined {
  if (t instanceof IntegerType) return t.width > 0 ? { kind: 'int', width: t.width } : undefined;
  if (t instanceof IndexType) return { kind: 'int', width: 64 };
  if (t instanceof FloatType && FOLDABLE_FLOATS.has(t.kind)) return { kind: 'float', width: t.width };
  return undefined;
}

const staticShape = (t: Type): readonly number[] | undefined =>
  (t instanceof VectorType || t instanceof RankedTensorType) && t.shape.every((d) => d >= 0) ? t.shape : undefined;

export function floatBitsOf(value: number, raw: string | undefined, kind: string): bigint {
  return raw !== undefined ? BigInt(raw) : toBits(roundToFormat(value, kind), kind);
}

function leafBits(l: DenseLeaf, elt: Type, width: number): bigint | undefined {
  if (elt instanceof FloatType) {
    if (l.kind === 'float') return floatBitsOf(l.value, l.raw, elt.kind);
    if (l.kind === 'int') return toBits(roundToFormat(Number(l.value), elt.kind), elt.kind);
    return undefined;
  }
  if (l.kind === 'int') return BigInt.asUintN(width, l.value);
  if (l.kind === 'bool') return l.value ? 1n : 0n;
  return undefined;
}

/** Decodes a constant attribute (3); undefined when it is not one we fold. */
export function decode(a: Attribute | undefined): Elems | undefined {
  if (a instanceof IntegerAttr) {
    const info = eltInfo(a.type);
    if (!info || info.kind !== 'int') return undefined;
    return { type: a.type, elt: a.type, ...info, shaped: false, count: 1, vals: [BigInt.asUintN(info.width, a.value)] };
  }
  if (a instanceof FloatAttr) {
    const info = eltInfo(a.type);
    if (!info || !(a.type instanceof FloatType)) return undefined;
    return { type: a.type, elt: a.type, ...info, shaped: false, count: 1, vals: [floatBitsOf(a.value, a.raw, a.type.kind)] };
  }
  if (a instanceof DenseElementsAttr) {
    const shape = staticShape(a.type);
    const b = a.body;
    if (!shape || b === null || (!Array.isArray(b) && 'hex' in b)) return undefined;
    const elt = (a.type as VectorType).elementType;
    const info = eltInfo(elt);
    if (!info) return undefined;
    const count = shape.reduce((x, y) => x * y, 1);
    const vals: bigint[] = [];
    for (const l of a.leaves()) {
      const v = leafBits(l, elt, info.width);
      if (v === undefined) return undefined;
      vals.push(v);
    }
    if (!vals.length || (vals.length !== 1 && vals.length !== count)) return undefined;
    const splat = vals.every((v) => v === vals[0]);
    return { type: a.type, elt, ...info, shaped: true, count, vals: splat ? [vals[0]!] : vals };
  }
  return undefined;
}

function leafOf(bits: bigint, elt: Type): DenseLeaf {
  if (elt instanceof FloatType) {
    const v = fromBits(bits, elt.kind);
    return Number.isNaN(v) ? { kind: 'float', value: v, raw: hexOf(bits, FLOAT_FORMATS[elt.kind]!.width) } : { kind: 'float', value: v };
  }
  if (elt instanceof IntegerType && elt.width === 1) return { kind: 'bool', value: bits !== 0n };
  const w = elt instanceof IntegerType ? elt.width : 64;
  return { kind: 'int', value: BigInt.asIntN(w, bits) };
}

function nest(flat: readonly DenseLeaf[], shape: readonly number[]): DenseTree {
  if (!shape.length) return flat[0]!;
  const [n, ...rest] = shape;
  const size = rest.reduce((x, y) => x * y, 1);
  return Array.from({ length: n! }, (_, i) => nest(flat.slice(i * size, (i + 1) * size), rest));
}

/** A scalar attribute of element type `t`. */
export function scalarAttr(bits: bigint, t: Type): Attribute {
  if (t instanceof FloatType) {
    const v = fromBits(bits, t.kind);
    return Number.isNaN(v) ? new FloatAttr(v, t, hexOf(bits, FLOAT_FORMATS[t.kind]!.width)) : new FloatAttr(v, t);
  }
  const w = t instanceof IntegerType ? t.width : 64;
  return new IntegerAttr(BigInt.asIntN(w, bits), t);
}

/** The attribute of `type` holding `vals` (a scalar, a splat, or all elements). */
export function encode(type: Type, vals: readonly bigint[]): Attribute | undefined {
  const shape = staticShape(type);
  if (!shape) {
    if (type instanceof VectorType || type instanceof RankedTensorType) return undefined;
    return scalarAttr(vals[0]!, type);
  }
  const elt = (type as VectorType).elementType;
  if (vals.length > 1 && vals.every((v) => v === vals[0])) vals = [vals[0]!];
  if (vals.length === 1) return new DenseElementsAttr(leafOf(vals[0]!, elt), type);
  return new DenseElementsAttr(nest(vals.map((v) => leafOf(v, elt)), shape), type);
}

/** Element type of a (shaped) type. */
export const elementOf = (t: Type): Type => (t instanceof VectorType || t instanceof RankedTensorType ? t.elementType : t);

/** constFoldBinaryOp (4, 5): `resultType` defaults to the operands' type. */
export function foldBinary(
  kind: ElemKind, lhs: Attribute | undefined, rhs: Attribute | undefined,
  calc: (a: bigint, b: bigint, e: Elems) => bigint | undefined, resultType?: Type,
): Attribute | undefined {
  const a = decode(lhs);
  const b = decode(rhs);
  if (!a || !b || a.kind !== kind || b.kind !== kind || a.type !== b.type || a.shaped !== b.shaped) return undefined;
  const rt = resultType ?? a.type;
  if (isSplat(a) && isSplat(b)) {
    const r = calc(a.vals[0]!, b.vals[0]!, a);
    return r === undefined ? undefined : encode(rt, [r]);
  }
  const out: bigint[] = [];
  for (let i = 0; i < a.count; i++) {
    const r = calc(at(a, i), at(b, i), a);
    if (r === undefined) return undefined;
    out.push(r);
  }
  return encode(rt, out);
}

/** constFoldUnaryOp / constFoldCastOp: `calc` undefined vetoes (a failed cast status). */
export function foldUnary(
  kind: ElemKind, operand: Attribute | undefined, resultType: Type, calc: (a: bigint, e: Elems) => bigint | undefined,
): Attribute | undefined {
  const a = decode(operand);
  if (!a || a.kind !== kind) return undefined;
  if (!eltInfo(elementOf(resultType))) return undefined;
  const out: bigint[] = [];
  for (let i = 0; i < a.vals.length; i++) {
    const r = calc(a.vals[i]!, a);
    if (r === undefined) return undefined;
    out.push(r);
  }
  return encode(resultType, out);
}

// ---- matchers on constant attributes (mlir/IR/Matchers.h) ----------------------

/** m_ConstantInt: an integer (or index) attribute or an integer splat; its bits and width. */
export function constInt(a: Attribute | undefined): { bits: bigint; width: number } | undefined {
  const e = decode(a);
  if (!e || e.kind !== 'int' || !isSplat(e)) return undefined;
  return { bits: e.vals[0]!, width: e.width };
}

export const isZero = (a: Attribute | undefined): boolean => constInt(a)?.bits === 0n;
export const isOne = (a: Attribute | undefined): boolean => constInt(a)?.bits === 1n;
export const isAllOnes = (a: Attribute | undefined): boolean => {
  const c = constInt(a);
  return !!c && c.bits === (1n << BigInt(c.width)) - 1n;
};

/** A float attribute or float splat, as a number (NaN for NaNs). */
export function constFloat(a: Attribute | undefined): number | undefined {
  const e = decode(a);
  if (!e || e.kind !== 'float' || !isSplat(e)) return undefined;
  return fromBits(e.vals[0]!, (e.elt as FloatType).kind);
}
