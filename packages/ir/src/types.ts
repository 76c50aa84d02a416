/**
 * Builtin types. Types are immutable and uniqued by their printed form, so two
 * types are equal iff they are the same object (`a === b`).
 *
 * Shapes, strides and offsets use `DYNAMIC` for `?`. Layouts and memory spaces are attributes.
 */
import type { Attribute } from './attributes.js';

/**
 * MLIR's ShapedType::kDynamic (INT64_MIN, exact as a double): `?` in shapes and in strided
 * layouts, where a static stride or offset may be negative (`strided<[-1], offset: 7>`).
 */
export const DYNAMIC = -(2 ** 63);

const interned = new Map<string, Type>();

/** Returns the canonical instance of a type with the given printed form (also for dialect types). */
export function internType<T extends Type>(t: T): T {
  return intern(t);
}

function intern<T extends Type>(t: T): T {
  const key = t.toString();
  const found = interned.get(key);
  if (found) return found as T;
  interned.set(key, t);
  return t;
}

export abstract class Type {
  private cached?: string;
  protected abstract render(): string;
  toString(): string {
    return (this.cached ??= this.render());
  }
}

export type Signedness = 'signless' | 'signed' | 'unsigned';

const SIGNLESS_CACHED = 129;
const signless: (IntegerType | undefined)[] = [];

export class IntegerType extends Type {
  private constructor(readonly width: number, readonly signedness: Signedness) { super(); }
  static get(width: number, signedness: Signedness = 'signless'): IntegerType {
    // Signless types of common widths are asked for per op (i1 results, i64
    // defaults): answer from an array instead of building and printing a probe.
    if (signedness === 'signless' && width < SIGNLESS_CACHED) return (signless[width] ??= intern(new IntegerType(width, signedness)));
    return intern(new IntegerType(width, signedness));
  }
  protected render(): string {
    const p = this.signedness === 'signless' ? 'i' : this.signedness === 'signed' ? 'si' : 'ui';
    return `${p}${this.width}`;
  }
}

export class IndexType extends Type {
  private constructor() { super(); }
  static readonly instance = intern(new IndexType());
  protected render(): string { return 'index'; }
}

export const FLOAT_KINDS = ['f16', 'bf16', 'f32', 'f64', 'f80', 'f128', 'tf32',
  'f8E5M2', 'f8E4M3', 'f8E4M3FN', 'f8E5M2FNUZ', 'f8E4M3FNUZ', 'f8E4M3B11FNUZ'] as const;
export type FloatKind = (typeof FLOAT_KINDS)[number];

export class FloatType extends Type {
  private constructor(readonly kind: FloatKind) { super(); }
  static get(kind: FloatKind): FloatType { return intern(new FloatType(kind)); }
  get width(): number {
    switch (this.kind) {
      case 'f16': case 'bf16': return 16;
      case 'f32': return 32;
      case 'f64': return 64;
      case 'f80': return 80;
      case 'f128': return 128;
      case 'tf32': return 19;
      default: return 8;
    }
  }
  protected render(): string { return this.kind; }
}

export class NoneType extends Type {
  private constructor() { super(); }
  static readonly instance = intern(new NoneType());
  protected render(): string { return 'none'; }
}

export function printTypeList(types: readonly Type[]): string {
  return types.map((t) => t.toString()).join(', ');
}

/** Result types print bare when there is exactly one that is not a function type. */
export function printResultTypes(types: readonly Type[]): string {
  if (types.length === 1 && !(types[0] instanceof FunctionType)) return types[0]!.toString();
  return `(${printTypeList(types)})`;
}

export class FunctionType extends Type {
  private constructor(readonly inputs: readonly Type[], readonly results: readonly Type[]) { super(); }
  static get(inputs: readonly Type[], results: readonly Type[]): FunctionType {
    return intern(new FunctionType(inputs, results));
  }
  protected render(): string {
    return `(${printTypeList(this.inputs)}) -> ${printResultTypes(this.results)}`;
  }
}

export class TupleType extends Type {
  private constructor(readonly types: readonly Type[]) { super(); }
  static get(types: readonly Type[]): TupleType { return intern(new TupleType(types)); }
  protected render(): string { return `tuple<${printTypeList(this.types)}>`; }
}

export class ComplexType extends Type {
  private constructor(readonly elementType: Type) { super(); }
  static get(elementType: Type): ComplexType { return intern(new ComplexType(elementType)); }
  protected render(): string { return `complex<${this.elementType}>`; }
}

/**
 * Dimensions above 2^53 are not exact as numbers: the parser records how each was spelled
 * (by its rounded value), so that it prints back as written and stays an int64 (2^63 - 1
 * would round to 2^63, which mlir-opt-19 rejects). Two such dimensions that round alike print
 * alike.
 */
export const LARGE_DIMS = new Map<number, string>();

function dimText(d: number): string {
  return d > Number.MAX_SAFE_INTEGER ? (LARGE_DIMS.get(d) ?? '9223372036854775807') : String(d);
}

function printDims(shape: readonly number[], scalable?: readonly boolean[]): string {
  let s = '';
  shape.forEach((d, i) => {
    const dim = d === DYNAMIC ? '?' : dimText(d);
    s += (scalable?.[i] ? `[${dim}]` : dim) + 'x';
  });
  return s;
}

/** Common view of vector, tensor and memref types. */
export interface ShapedType {
  readonly shape: readonly number[] | undefined;
  readonly elementType: Type;
}

export function isShaped(t: Type): t is Type & ShapedType {
  return t instanceof VectorType || t instanceof RankedTensorType || t instanceof UnrankedTensorType ||
    t instanceof MemRefType || t instanceof UnrankedMemRefType;
}

export class VectorType extends Type implements ShapedType {
  private constructor(readonly shape: readonly number[], readonly elementType: Type,
    readonly scalableDims: readonly boolean[]) { super(); }
  static get(shape: readonly number[], elementType: Type, scalableDims: readonly boolean[] = shape.map(() => false)): VectorType {
    return intern(new VectorType(shape, elementType, scalableDims));
  }
  protected render(): string { return `vector<${printDims(this.shape, this.scalableDims)}${this.elementType}>`; }
}

export class RankedTensorType extends Type implements ShapedType {
  private constructor(readonly shape: readonly number[], readonly elementType: Type,
    readonly encoding: Attribute | undefined) { super(); }
  static get(shape: readonly number[], elementType: Type, encoding?: Attribute): RankedTensorType {
    return intern(new RankedTensorType(shape, elementType, encoding));
  }
  protected render(): string {
    const enc = this.encoding ? `, ${this.encoding}` : '';
    return `tensor<${printDims(this.shape)}${this.elementType}${enc}>`;
  }
}

export class UnrankedTensorType extends Type implements ShapedType {
  readonly shape = undefined;
  private constructor(readonly elementType: Type) { super(); }
  static get(elementType: Type): UnrankedTensorType { return intern(new UnrankedTensorType(elementType)); }
  protected render(): string { return `tensor<*x${this.elementType}>`; }
}

/** Memref layouts and memory spaces print with MLIR's AttrTypeElision::May: `1`, not `1 : i64`. */
function elideI64(a: Attribute): string {
  const s = a.toString();
  const m = /^(-?\d+) : i64$/.exec(s);
  return m ? m[1]! : s;
}

export class MemRefType extends Type implements ShapedType {
  private constructor(readonly shape: readonly number[], readonly elementType: Type,
    readonly layout: Attribute | undefined, readonly memorySpace: Attribute | undefined) { super(); }
  /** `layout` undefined means the identity layout. */
  static get(shape: readonly number[], elementType: Type, layout?: Attribute, memorySpace?: Attribute): MemRefType {
    return intern(new MemRefType(shape, elementType, layout, memorySpace));
  }
  get rank(): number { return this.shape.length; }
  protected render(): string {
    let s = `memref<${printDims(this.shape)}${this.elementType}`;
    if (this.layout) s += `, ${elideI64(this.layout)}`;
    if (this.memorySpace) s += `, ${elideI64(this.memorySpace)}`;
    return s + '>';
  }
}

export class UnrankedMemRefType extends Type implements ShapedType {
  readonly shape = undefined;
  private constructor(readonly elementType: Type, readonly memorySpace: Attribute | undefined) { super(); }
  static get(elementType: Type, memorySpace?: Attribute): UnrankedMemRefType {
    return intern(new UnrankedMemRefType(elementType, memorySpace));
  }
  protected render(): string {
    return `memref<*x${this.elementType}${this.memorySpace ? `, ${elideI64(this.memorySpace)}` : ''}>`;
  }
}

/**
 * A dialect type we keep as text: `!dialect.name<body>` or `!dialect<"body">`.
 * Dialects that understand their types register a parser; everything else
 * round-trips verbatim.
 */
export class OpaqueType extends Type {
  private constructor(readonly dialect: string, readonly text: string) { super(); }
  /** `text` is everything after the `!`. */
  static get(text: string): OpaqueType {
    const m = /^[A-Za-z_][\w$]*/.exec(text);
    return intern(new OpaqueType(m ? m[0] : '', text));
  }
  protected render(): string { return `!${this.text}`; }
}

export const i1 = IntegerType.get(1);
export const i8 = IntegerType.get(8);
export const i32 = IntegerType.get(32);
export const i64 = IntegerType.get(64);
export const index = IndexType.instance;
export const f32 = FloatType.get('f32');
export const f64 = FloatType.get('f64');

export function isIntOrIndex(t: Type): boolean {
  return t instanceof IntegerType || t instanceof IndexType;
}

/** The scalar type of a scalar, vector or tensor type. */
export function elementTypeOrSelf(t: Type): Type {
  return t instanceof VectorType || t instanceof RankedTensorType || t instanceof UnrankedTensorType ? t.elementType : t;
}
