/**
 * Builtin attributes. Attributes are immutable; `equals` compares printed forms,
 * which is exact because printing is canonical.
 *
 * Attributes we do not interpret (affine maps and sets, sparse elements, dialect
 * attributes) keep their source text so they round-trip exactly.
 */
import { FloatType, IndexType, IntegerType, type Type, DYNAMIC, NoneType, isShaped } from './types.js';
import { encodeDenseHex } from './dense.js';
import { FLOAT_FORMATS, formatFloatValue, formatWide, hexOf, isNarrow, roundToFormat, toBits } from './floats.js';

export abstract class Attribute {
  private cached?: string;
  protected abstract render(): string;
  toString(): string {
    return (this.cached ??= this.render());
  }
  equals(other: Attribute): boolean {
    return this === other || this.toString() === other.toString();
  }
}

/** Attributes that carry a type and print it after a colon unless it is implied. */
export interface TypedAttribute {
  readonly type: Type;
}

export class UnitAttr extends Attribute {
  static readonly instance = new UnitAttr();
  protected render(): string { return 'unit'; }
}

/** Wraps `value` into the range of an integer type, as two's complement. */
export function normalizeInt(value: bigint, type: Type): bigint {
  if (!(type instanceof IntegerType)) return value;
  const w = BigInt(type.width);
  if (type.width === 0) return 0n;
  // Signless i1 holds 0/1 (false/true); si1 holds -1/0.
  return type.signedness === 'unsigned' || (type.width === 1 && type.signedness === 'signless')
    ? BigInt.asUintN(type.width, value) : BigInt.asIntN(Number(w), value);
}

export class IntegerAttr extends Attribute implements TypedAttribute {
  readonly value: bigint;
  constructor(value: bigint | number, readonly type: Type) {
    super();
    this.value = normalizeInt(BigInt(value), type);
  }
  /** Prints without the `: type` suffix (used where the type is implied). */
  printValue(): string {
    if (this.type instanceof IntegerType && this.type.width === 1 && this.type.signedness === 'signless') {
      return this.value ? 'true' : 'false';
    }
    return this.value.toString();
  }
  get isBool(): boolean {
    return this.type instanceof IntegerType && this.type.width === 1 && this.type.signedness === 'signless';
  }
  protected render(): string {
    // MLIR always spells the type (`42 : i64`); only array elements elide i64 (see elideDefaultType).
    if (this.isBool) return this.printValue();
    return `${this.value} : ${this.type}`;
  }
  static bool(b: boolean): IntegerAttr { return new IntegerAttr(b ? 1 : 0, IntegerType.get(1)); }
  static index(v: number | bigint): IntegerAttr { return new IntegerAttr(v, IndexType.instance); }
}

/** Formats a float the way MLIR does: short scientific form when exact, else full precision, else hex. */
export function formatFloat(value: number, type: Type): string {
  const kind = type instanceof FloatType ? type.kind : 'f64';
  // A literal such as 0.1 : f32 holds the nearest f32, which prints as 1.000000e-01.
  return formatFloatValue(roundToFormat(value, kind), kind);
}

export function floatToHex(value: number, type: Type): string {
  const kind = type instanceof FloatType ? type.kind : 'f64';
  return hexOf(toBits(value, kind), FLOAT_FORMATS[kind]?.width ?? 64);
}

export class FloatAttr extends Attribute implements TypedAttribute {
  /** `raw`: the bits in hex, for f80/f128 (a JS number cannot hold them) and for NaNs (payloads). */
  constructor(readonly value: number, readonly type: Type, readonly raw?: string) { super(); }
  printValue(): string {
    if (this.raw === undefined) return formatFloat(this.value, this.type);
    // f80/f128 keep their literal; narrower types keep only NaN bits (payloads).
    return this.type instanceof FloatType && !isNarrow(this.type.kind) ? formatWide(BigInt(this.raw), this.type.kind) : this.raw;
  }
  protected render(): string {
    // MLIR always spells the type; only array elements elide f64 (see elideDefaultType).
    return `${this.printValue()} : ${this.type}`;
  }
}

/** Prints a byte string (one char per byte, see decodeString) with MLIR's escapes. */
export function escapeString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const b = s.charCodeAt(i) & 0xff;
    if (b === 0x22) out += '\\22';
    else if (b === 0x5c) out += '\\\\';
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else out += '\\' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return `"${out}"`;
}

export class StringAttr extends Attribute {
  constructor(readonly value: string, readonly type?: Type) { super(); }
  protected render(): string {
    const t = this.type && !(this.type instanceof NoneType) ? ` : ${this.type}` : '';
    return escapeString(this.value) + t;
  }
}

/**
 * An attribute as MLIR prints it where its type may be elided (AttrTypeElision::May,
 * used for array elements): i64 integers and f64 floats drop the default type.
 */
export function elideDefaultType(a: Attribute): string {
  if (a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.width === 64 && a.type.signedness === 'signless') return a.printValue();
  if (a instanceof FloatAttr && a.type instanceof FloatType && a.type.kind === 'f64') return a.printValue();
  return a.toString();
}

export class ArrayAttr extends Attribute {
  constructor(readonly elements: readonly Attribute[]) { super(); }
  protected render(): string { return `[${this.elements.map(elideDefaultType).join(', ')}]`; }
}

const BARE_ID = /^[A-Za-z_][\w$.]*$/;

/** Prints a dictionary key: bare when it is an identifier, quoted otherwise. */
export function printKey(name: string): string {
  return BARE_ID.test(name) ? name : escapeString(name);
}

export function printNamedAttr(name: string, value: Attribute): string {
  return value instanceof UnitAttr ? printKey(name) : `${printKey(name)} = ${value}`;
}

/** Dictionaries are kept sorted by key, as MLIR does. */
export class DictionaryAttr extends Attribute {
  readonly entries: ReadonlyArray<readonly [string, Attribute]>;
  constructor(entries: Iterable<readonly [string, Attribute]>) {
    super();
    this.entries = [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }
  get(name: string): Attribute | undefined {
    return this.entries.find((e) => e[0] === name)?.[1];
  }
  protected render(): string {
    return `{${this.entries.map(([k, v]) => printNamedAttr(k, v)).join(', ')}}`;
  }
}

export class TypeAttr extends Attribute {
  constructor(readonly value: Type) { super(); }
  protected render(): string { return this.value.toString(); }
}

const BARE_SYMBOL = /^[A-Za-z_][\w$.-]*$/;

export function printSymbolName(name: string): string {
  return '@' + (BARE_SYMBOL.test(name) ? name : escapeString(name));
}

/** `@root::@nested::@leaf` */
export class SymbolRefAttr extends Attribute {
  constructor(readonly root: string, readonly nested: readonly string[] = []) { super(); }
  get leaf(): string { return this.nested.length ? this.nested[this.nested.length - 1]! : this.root; }
  protected render(): string {
    return [this.root, ...this.nested].map(printSymbolName).join('::');
  }
}

/** `array<i64: 1, 2>` */
export class DenseArrayAttr extends Attribute {
  constructor(readonly elementType: Type, readonly values: readonly number[]) { super(); }
  protected render(): string {
    const t = this.elementType;
    if (!this.values.length) return `array<${t}>`;
    const vals = this.values.map((v) => {
      if (t instanceof FloatType) return formatFloat(v, t);
      if (t instanceof IntegerType && t.width === 1) return v ? 'true' : 'false';
      // Exact digits beyond 2^53 (e.g. i64 min, MLIR's kDynamic sentinel), not JS's rounded form.
      return Number.isSafeInteger(v) || !Number.isInteger(v) ? String(v) : BigInt(v).toString();
    });
    return `array<${t}: ${vals.join(', ')}>`;
  }
}

/** One leaf of a dense literal: an integer or float token, a bool, a string, or a complex pair. */
export type DenseLeaf = { kind: 'int'; value: bigint; fromHex?: boolean } | { kind: 'float'; value: number; raw?: string } |
  { kind: 'bool'; value: boolean } | { kind: 'string'; value: string } | { kind: 'complex'; re: DenseLeaf; im: DenseLeaf };
export type DenseTree = DenseLeaf | DenseTree[];

/**
 * `dense<...> : type`. The body is either a nested list of leaves or a hex string.
 * Splats print as a single element, like MLIR.
 */
export class DenseElementsAttr extends Attribute implements TypedAttribute {
  constructor(readonly body: DenseTree | { hex: string } | null, readonly type: Type) { super(); }
  protected render(): string {
    return `dense<${this.printBody()}> : ${this.type}`;
  }
  /** The literal between `dense<` and `>`; `allowHex` false for sparse indices (never hex in MLIR). */
  printBody(allowHex = true): string {
    const b = this.body;
    if (b === null) return '';
    if (!Array.isArray(b) && 'hex' in b) return `"${b.hex}"`;
    const elt = isShaped(this.type) ? this.type.elementType : this.type;
    const leaves: DenseLeaf[] = [];
    collectLeaves(b, leaves);
    const strs = leaves.map((l) => printLeaf(l, elt));
    if (strs.length === 0) return '';
    if (strs.every((x) => x === strs[0])) return strs[0]!;
    // MLIR prints non-splat literals of more than 100 elements as raw hex data.
    const hex = allowHex && leaves.length > 100 ? encodeDenseHex(leaves, elt) : undefined;
    if (hex) return `"${hex}"`;
    return printTree(b, elt);
  }
  /** Flattened leaves (a splat has one). */
  leaves(): DenseLeaf[] {
    const out: DenseLeaf[] = [];
    if (this.body && (Array.isArray(this.body) || !('hex' in this.body))) collectLeaves(this.body as DenseTree, out);
    return out;
  }
}

function collectLeaves(t: DenseTree, out: DenseLeaf[]): void {
  if (Array.isArray(t)) for (const c of t) collectLeaves(c, out);
  else out.push(t);
}

function printTree(t: DenseTree, elt: Type): string {
  if (Array.isArray(t)) return `[${t.map((c) => printTree(c, elt)).join(', ')}]`;
  return printLeaf(t, elt);
}

function printLeaf(l: DenseLeaf, elt: Type): string {
  switch (l.kind) {
    case 'int':
      if (elt instanceof FloatType) return formatFloat(Number(l.value), elt);
      if (elt instanceof IntegerType && elt.width === 1) return l.value ? 'true' : 'false';
      return normalizeInt(l.value, elt).toString();
    case 'float': return l.raw !== undefined && elt instanceof FloatType && !isNarrow(elt.kind) ? formatWide(BigInt(l.raw), elt.kind) : l.raw ?? formatFloat(l.value, elt);
    case 'bool': return elt instanceof IntegerType && elt.width !== 1 ? (l.value ? '1' : '0') : String(l.value);
    case 'string': return escapeString(l.value);
    case 'complex': {
      const inner = (elt as { elementType?: Type }).elementType ?? elt;
      return `(${printLeaf(l.re, inner)},${printLeaf(l.im, inner)})`;
    }
  }
}

/** Attributes kept as text: affine maps/sets, sparse and resource elements, dialect attributes. */
export class OpaqueAttr extends Attribute {
  /** `text` is the complete source form, e.g. `affine_map<(d0) -> (d0)>` or `#foo.bar<1>`. */
  constructor(readonly text: string, readonly type?: Type) { super(); }
  get dialect(): string | undefined {
    return /^#([A-Za-z_][\w$]*)/.exec(this.text)?.[1];
  }
  protected render(): string { return this.type ? `${this.text} : ${this.type}` : this.text; }
}

/** An affine map or integer set: its text (as OpaqueAttr) plus the shape the affine parser found. */
export class AffineAttr extends OpaqueAttr {
  constructor(text: string, readonly shape: AffineShape) { super(text); }
}

/** Dims, symbols and results (map results or set constraints) of an affine map or set. */
export interface AffineShape {
  kind: 'map' | 'set';
  numDims: number;
  numSymbols: number;
  numResults: number;
}

/** `strided<[s0, s1], offset: o>` with DYNAMIC for `?`. */
export class StridedLayoutAttr extends Attribute {
  constructor(readonly offset: number, readonly strides: readonly number[]) { super(); }
  protected render(): string {
    const p = (n: number) => (n === DYNAMIC ? '?' : String(n));
    const off = this.offset === 0 ? '' : `, offset: ${p(this.offset)}`;
    return `strided<[${this.strides.map(p).join(', ')}]${off}>`;
  }
}

export function isAffineMap(a: Attribute | undefined): boolean {
  return a instanceof OpaqueAttr && a.text.startsWith('affine_map<');
}

/** An identity affine map prints as nothing inside a memref type; callers drop it. */
export function isIdentityAffineMap(a: Attribute): boolean {
  if (!(a instanceof OpaqueAttr)) return false;
  const m = /^affine_map<\s*\(([^)]*)\)\s*->\s*\(([^)]*)\)\s*>$/.exec(a.text);
  if (!m) return false;
  const dims = m[1]!.split(',').map((s) => s.trim()).filter(Boolean);
  const res = m[2]!.split(',').map((s) => s.trim()).filter(Boolean);
  return dims.length === res.length && dims.every((d, i) => d === res[i]);
}
