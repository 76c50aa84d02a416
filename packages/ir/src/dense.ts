/**
 * The raw-data (hex) form of dense elements: `dense<"0x0100…"> : tensor<2xi16>`.
 * MLIR reads it as little-endian element storage (i1 packed 8 per byte, other
 * integers padded to whole bytes, complex numbers as two elements) and prints
 * elements back as values, except that a non-splat literal with more than 100
 * elements is printed in hex.
 */
import type { DenseLeaf, DenseTree } from './attributes.js';
import { FLOAT_FORMATS, fromBits, hexOf, isNarrow, roundToFormat, toBits } from './floats.js';
import { ComplexType, FloatType, IndexType, IntegerType, isShaped, type Type } from './types.js';

/** Storage of one scalar element kind, or undefined when MLIR's raw form does not apply to us. */
interface Scalar {
  bits: number;
  decode(raw: bigint): DenseLeaf;
  encode(l: DenseLeaf): bigint | undefined;
}

function scalarOf(t: Type): Scalar | undefined {
  if (t instanceof IntegerType) {
    if (t.width === 1) {
      return { bits: 1, decode: (r) => ({ kind: 'bool', value: r !== 0n }), encode: (l) => (leafTruthy(l) ? 1n : 0n) };
    }
    const bits = Math.ceil(t.width / 8) * 8;
    return {
      bits,
      decode: (r) => ({ kind: 'int', value: r }),
      encode: (l) => (l.kind === 'int' ? BigInt.asUintN(bits, l.value) : l.kind === 'bool' ? (l.value ? 1n : 0n) : undefined),
    };
  }
  if (t instanceof IndexType) {
    return { bits: 64, decode: (r) => ({ kind: 'int', value: r }), encode: (l) => (l.kind === 'int' ? BigInt.asUintN(64, l.value) : undefined) };
  }
  if (t instanceof FloatType && isNarrow(t.kind)) {
    const f = FLOAT_FORMATS[t.kind]!;
    const bits = Math.ceil(f.width / 8) * 8;
    return {
      bits,
      decode: (r) => {
        const v = fromBits(r, t.kind);
        return Number.isNaN(v) ? { kind: 'float', value: v, raw: hexOf(r, f.width) } : { kind: 'float', value: v };
      },
      encode: (l) => {
        if (l.kind === 'float' && l.raw !== undefined) return BigInt(l.raw);
        if (l.kind === 'float' || l.kind === 'int') return toBits(roundToFormat(Number(l.value), t.kind), t.kind);
        return undefined;
      },
    };
  }
  if (t instanceof FloatType) {
    // f80/f128: elements keep their bits.
    const width = FLOAT_FORMATS[t.kind]!.width;
    return {
      bits: Math.ceil(width / 8) * 8,
      decode: (r) => ({ kind: 'float', value: Number.NaN, raw: hexOf(r, width) }),
      encode: (l) => (l.kind === 'float' && l.raw !== undefined ? BigInt(l.raw) : undefined),
    };
  }
  if (t instanceof ComplexType) {
    const e = scalarOf(t.elementType);
    if (!e || e.bits === 1) return undefined;
    const mask = (1n << BigInt(e.bits)) - 1n;
    return {
      bits: e.bits * 2,
      decode: (r) => ({ kind: 'complex', re: e.decode(r & mask), im: e.decode(r >> BigInt(e.bits)) }),
      encode: (l) => {
        if (l.kind !== 'complex') return undefined;
        const re = e.encode(l.re);
        const im = e.encode(l.im);
        return re === undefined || im === undefined ? undefined : re | (im << BigInt(e.bits));
      },
    };
  }
  return undefined;
}

function leafTruthy(l: DenseLeaf): boolean {
  return l.kind === 'bool' ? l.value : l.kind === 'int' ? l.value !== 0n : false;
}

function shapeAndElement(type: Type): { shape: readonly number[]; elt: Type } | undefined {
  if (!isShaped(type) || !type.shape) return undefined;
  return { shape: type.shape, elt: type.elementType };
}

function bytesOf(hex: string): Uint8Array {
  const body = hex.slice(2);
  const out = new Uint8Array(body.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(body.substr(i * 2, 2), 16);
  return out;
}

function readLE(bytes: Uint8Array, at: number, n: number): bigint {
  let v = 0n;
  for (let i = n - 1; i >= 0; i--) v = (v << 8n) | BigInt(bytes[at + i]!);
  return v;
}

/** Nests a flat element list by a shape (row-major), as MLIR prints it. */
export function nestByShape(flat: readonly DenseLeaf[], shape: readonly number[]): DenseTree {
  if (!shape.length) return flat[0]!;
  const build = (dim: number, start: number): { tree: DenseTree[]; next: number } => {
    const out: DenseTree[] = [];
    let at = start;
    for (let i = 0; i < shape[dim]!; i++) {
      if (dim === shape.length - 1) out.push(flat[at++]!);
      else {
        const r = build(dim + 1, at);
        out.push(r.tree);
        at = r.next;
      }
    }
    return { tree: out, next: at };
  };
  return build(0, 0).tree;
}

/**
 * Decodes `"0x…"` for `type`: a single leaf for a splat, else the nested list.
 * Returns undefined when the element type has no raw form we model (strings,
 * f80/f128), and the string 'invalid' when the data size does not fit.
 */
export function decodeDenseHex(hex: string, type: Type): DenseTree | undefined | 'invalid' {
  const se = shapeAndElement(type);
  if (!se || !/^0x[0-9a-fA-F]*$/.test(hex) || hex.length % 2) return undefined;
  const s = scalarOf(se.elt);
  if (!s) return undefined;
  const n = se.shape.reduce((a, b) => a * b, 1);
  const bytes = bytesOf(hex);
  if (s.bits === 1) {
    if (bytes.length === 1 && (bytes[0] === 0 || bytes[0] === 0xff) && n !== 1) return s.decode(BigInt(bytes[0]! & 1));
    if (bytes.length !== Math.ceil(n / 8)) return 'invalid';
    const flat = Array.from({ length: n }, (_, i) => s.decode(BigInt((bytes[i >> 3]! >> (i & 7)) & 1)));
    return nestByShape(flat, se.shape);
  }
  const size = s.bits / 8;
  if (bytes.length === size && n !== 1) return s.decode(readLE(bytes, 0, size));
  if (bytes.length !== size * n) return 'invalid';
  const flat = Array.from({ length: n }, (_, i) => s.decode(readLE(bytes, i * size, size)));
  return nestByShape(flat, se.shape);
}

/** The hex form of a full element list, or undefined when the element type has none. */
export function encodeDenseHex(leaves: readonly DenseLeaf[], elt: Type): string | undefined {
  const s = scalarOf(elt);
  if (!s) return undefined;
  if (s.bits === 1) {
    const bytes = new Uint8Array(Math.ceil(leaves.length / 8));
    leaves.forEach((l, i) => {
      if (leafTruthy(l)) bytes[i >> 3]! |= 1 << (i & 7);
    });
    return '0x' + [...bytes].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join('');
  }
  const size = s.bits / 8;
  let out = '0x';
  for (const l of leaves) {
    let v = s.encode(l);
    if (v === undefined) return undefined;
    for (let i = 0; i < size; i++) {
      out += Number(v & 0xffn).toString(16).toUpperCase().padStart(2, '0');
      v >>= 8n;
    }
  }
  return out;
}

/** One element of a dense or sparse literal as MLIR's TensorLiteralParser keeps it: a sign and a token. */
export interface ElementToken {
  neg: boolean;
  kind: 'int' | 'float' | 'bool' | 'string';
  spelling: string;
  /** Offset of the token (after any `-`). */
  at: number;
}

/**
 * MLIR's buildAttributeAPInt: the value of an integer literal of `type`, or
 * undefined when it does not fit. Signless types take both signed and
 * unsigned spellings; `-0` does not fit anything (MLIR checks the negated
 * value's sign bit).
 */
export function attrInt(t: IntegerType | IndexType, neg: boolean, spelling: string): bigint | undefined {
  let v: bigint;
  if (!/^(0x[0-9a-fA-F]+|\d+)$/.test(spelling)) return undefined;
  try {
    v = BigInt(spelling);
  } catch {
    return undefined;
  }
  const width = t instanceof IndexType ? 64 : t.width;
  if (v >= 1n << BigInt(width)) return undefined;
  if (width === 0) return neg ? undefined : v;
  const half = 1n << BigInt(width - 1);
  if (neg) return v >= 1n && v <= half ? -v : undefined;
  if ((t instanceof IndexType || (t instanceof IntegerType && t.signedness === 'signed')) && v >= half) return undefined;
  return v;
}

/**
 * MLIR's hexadecimal float check (parseFloatFromIntegerLiteral): the error for
 * `0x…` spelling a float of `width` bits, if any.
 */
export function hexFloatError(neg: boolean, spelling: string, width: number): string | undefined {
  if (neg) return 'hexadecimal float literal should not have a leading minus';
  if (BigInt(spelling).toString(2).length > width) return 'hexadecimal float constant out of range for type';
  return undefined;
}

/**
 * The first element MLIR's TensorLiteralParser rejects for element type
 * `elt` (complex element types check their parts), in its order and wording;
 * `at` is -1 where MLIR reports at the current token (after the type).
 */
export function checkElements(tokens: readonly ElementToken[], elt: Type): { message: string; at: number } | undefined {
  const scalar = elt instanceof ComplexType ? elt.elementType : elt;
  if (scalar instanceof IntegerType || scalar instanceof IndexType) {
    const unsigned = scalar instanceof IntegerType && scalar.signedness === 'unsigned';
    for (const e of tokens) {
      if (e.neg && unsigned) return { message: 'expected unsigned integer elements, but parsed negative value', at: e.at };
      if (e.kind === 'float') return { message: 'expected integer elements, but parsed floating-point', at: e.at };
      if (e.kind === 'bool') {
        if (!(scalar instanceof IntegerType && scalar.width === 1)) return { message: "expected i1 type for 'true' or 'false' values", at: e.at };
        continue;
      }
      if (attrInt(scalar, e.neg, e.spelling) === undefined) return { message: 'integer constant out of range for type', at: e.at };
    }
  } else if (scalar instanceof FloatType) {
    for (const e of tokens) {
      if (e.kind === 'int' && e.spelling.startsWith('0x')) {
        const message = hexFloatError(e.neg, e.spelling, scalar.width);
        if (message) return { message, at: e.at };
      } else if (e.kind !== 'float') return { message: 'expected floating-point elements, but parsed integer', at: -1 };
    }
  }
  return undefined;
}
