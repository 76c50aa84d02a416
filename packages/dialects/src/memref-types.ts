/**
 * memref type constraints (with MLIR's descriptions, which verifier messages quote)
 * and layout helpers: strides and offset of identity and `strided<…>` layouts.
 * Affine-map layouts are kept as text, so their strides are "unknown" and the
 * checks that need them are skipped (MLIR accepts more than we reject, never less).
 */
import {
  DYNAMIC, DenseArrayAttr, FloatType, IndexType, IntegerAttr, IntegerType, MemRefType, OpaqueAttr, StridedLayoutAttr,
  StringAttr, SymbolRefAttr, TypeAttr, UnitAttr, UnrankedMemRefType,
  type Attribute, type InferContext, type MemoryEffect, type Operation, type Type, type TypeConstraint, type Value,
} from '@lifeline/ir';

export const effect = (kind: MemoryEffect['kind'], value?: Value, resource?: string): MemoryEffect =>
  resource ? { kind, value, resource } : { kind, value };
/** NoMemoryEffect / Pure. */
export const noEffects = (): MemoryEffect[] => [];

/** Shapes that agree where both are static (SameOperandsShape's compatibility). */
export function sameShape(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((d, i) => d === DYNAMIC || b[i] === DYNAMIC || d === b[i]);
}

export const isMemRef = (t: Type): t is MemRefType => t instanceof MemRefType;
export const isAnyMemRef = (t: Type): t is MemRefType | UnrankedMemRefType =>
  t instanceof MemRefType || t instanceof UnrankedMemRefType;

function constraint(description: string, accepts: (t: Type) => boolean): TypeConstraint {
  return { description, accepts };
}

export const indexType = constraint('index', (t) => t instanceof IndexType);
export const variadicIndex = constraint('variadic of index', (t) => t instanceof IndexType);
export const anyMemRef = constraint('memref of any type values', isMemRef);
export const rankedOrUnranked = constraint('ranked or unranked memref of any type values', isAnyMemRef);
/** Identity and `strided<…>` layouts are strided; affine maps are assumed so (we cannot analyse them). */
export const stridedMemRef = constraint('strided memref of any type values', isMemRef);
export const non0RankedOrUnranked = constraint('non-0-ranked or unranked memref of any type values',
  (t) => t instanceof UnrankedMemRefType || (isMemRef(t) && t.rank > 0));
export const staticShapeMemRef = constraint('statically shaped memref of any type values',
  (t) => isMemRef(t) && t.shape.every((d) => d !== DYNAMIC));
export const rank1MemRef = constraint('1D memref of any type values', (t) => isMemRef(t) && t.rank === 1);
export const rank1I8MemRef = constraint('1D memref of 8-bit signless integer values',
  (t) => isMemRef(t) && t.rank === 1 && isSignlessInt(t.elementType, 8));
export const rank1IntOrIndexMemRef = constraint('1D memref of signless integer or index values',
  (t) => isMemRef(t) && t.rank === 1 && (isSignlessInt(t.elementType) || t.elementType instanceof IndexType));
export const rank0StridedMemRef = constraint('strided memref of any type values of rank 0',
  (t) => isMemRef(t) && t.rank === 0);
export const intOrFloat = constraint('signless integer or floating-point', (t) => isSignlessInt(t) || t instanceof FloatType);
export const intOrFloatMemRef = constraint('memref of signless integer or floating-point values',
  (t) => isMemRef(t) && (isSignlessInt(t.elementType) || t.elementType instanceof FloatType));

export function isSignlessInt(t: Type, width?: number): boolean {
  return t instanceof IntegerType && t.signedness === 'signless' && (width === undefined || t.width === width);
}

export function numDynamicDims(t: MemRefType): number {
  return t.shape.filter((d) => d === DYNAMIC).length;
}

/** An affine-map layout as text, or undefined for identity and strided layouts. */
function affineMapText(t: MemRefType): string | undefined {
  return t.layout instanceof OpaqueAttr ? t.layout.text : undefined;
}

/**
 * Number of symbols (`[s0, s1]`) of the layout's affine map: an affine-map layout's own; a
 * strided layout's map has one per dynamic offset or stride (makeStridedLinearLayoutMap); 0
 * for the identity.
 */
export function layoutSymbolCount(t: MemRefType): number {
  if (t.layout instanceof StridedLayoutAttr) return [t.layout.offset, ...t.layout.strides].filter((x) => x === DYNAMIC).length;
  const text = affineMapText(t);
  const m = text && /^affine_map<\s*\([^)]*\)\s*\[([^\]]*)\]/.exec(text);
  return m ? m[1]!.split(',').filter((s) => s.trim()).length : 0;
}

/**
 * MemRefLayoutAttrInterface::isIdentity: no layout, or a strided layout whose affine map is
 * the identity — only `strided<[1]>` (rank 1, offset 0): any other strided map multiplies or
 * adds (`(d0, d1) -> (d0 * 8 + d1)` is not the identity map).
 */
export function isIdentityLayout(t: MemRefType): boolean {
  if (t.layout instanceof StridedLayoutAttr) return t.layout.offset === 0 && t.layout.strides.length === 1 && t.layout.strides[0] === 1;
  return t.layout === undefined;
}

export interface StridesAndOffset {
  strides: number[];
  /** DYNAMIC for `?`. */
  offset: number;
}

/** Strides and offset of identity and `strided<…>` layouts (undefined for affine maps). */
export function stridesAndOffset(t: MemRefType): StridesAndOffset | undefined {
  if (t.layout instanceof StridedLayoutAttr) return { strides: [...t.layout.strides], offset: t.layout.offset };
  if (t.layout !== undefined) return undefined;
  const strides: number[] = new Array(t.rank);
  let running = 1;
  for (let i = t.rank - 1; i >= 0; i--) {
    strides[i] = running;
    const d = t.shape[i]!;
    // As makeCanonicalStridedLayoutExpr: a dynamic or zero size makes every outer stride dynamic.
    running = running === DYNAMIC || d <= 0 ? DYNAMIC : running * d;
  }
  return { strides, offset: 0 };
}

/** Multiplication and addition where `?` absorbs everything but a 0 factor (MLIR's SaturatedInteger). */
export const satMul = (a: number, b: number): number => (a === 0 || b === 0 ? 0 : a === DYNAMIC || b === DYNAMIC ? DYNAMIC : a * b);
export const satAdd = (a: number, b: number): number => (a === DYNAMIC || b === DYNAMIC ? DYNAMIC : a + b);

/** Element type of a memref operand for type inference (`load`, `store`, `generic_atomic_rmw`). */
export function inferElementType(c: InferContext, group: string): Type {
  const t = c.type(group);
  if (!isAnyMemRef(t)) return c.error(`'${group}' must be memref of any type values, but got ${t}`);
  return t.elementType;
}

/** The memory space as text (for comparisons; undefined and the default space are the same). */
export function memorySpace(t: Type): string {
  return isAnyMemRef(t) ? (t.memorySpace?.toString() ?? '') : '';
}

export function operandTypes(op: Operation): Type[] {
  return op.operands.map((o) => o.value.type);
}

// ---- attribute constraints (MLIR's descriptions) ------------------------------------------

type Check = (a: Attribute) => string | undefined;
const is = (ok: (a: Attribute) => boolean, description: string): Check => (a) => (ok(a) ? undefined : description);

export const stringAttrCheck = is((a) => a instanceof StringAttr, 'string attribute');
export const memrefTypeAttrCheck = is((a) => a instanceof TypeAttr && isMemRef(a.value), 'memref type attribute');
export const flatSymbolRefCheck = is((a) => a instanceof SymbolRefAttr && a.nested.length === 0, 'flat symbol reference attribute');
export const denseI64Check = is((a) => a instanceof DenseArrayAttr && a.elementType === IntegerType.get(64), 'i64 dense array attribute');
export const affineMapCheck = is((a) => a instanceof OpaqueAttr && a.text.startsWith('affine_map<'), 'AffineMap attribute');
export const boolAttrCheck = is((a) => a instanceof IntegerAttr && a.isBool, 'bool attribute');
export const i64AttrCheck = is((a) => a instanceof IntegerAttr && a.type === IntegerType.get(64), '64-bit signless integer attribute');
export const unitAttrCheck = is((a) => a instanceof UnitAttr, 'unit attribute');
