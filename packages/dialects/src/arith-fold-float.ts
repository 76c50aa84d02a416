/**
 * APFloat semantics on float bit patterns (arith-fold-elems (2)), as LLVM 19's
 * APFloat computes what the arith folders ask of it.
 *
 *  1. Arithmetic (+ - * / mod) with a NaN operand returns that NaN quieted, the
 *     left one first, keeping its sign and payload; an invalid operation
 *     (inf - inf, 0 * inf, 0 / 0, x mod 0, inf mod x) gives the default quiet NaN.
 *  2. Otherwise the double result is rounded to the type, ties to even.
 *  3. negf flips the sign bit, NaNs included; maximum/minimum/minnum return an
 *     operand unchanged (no quieting).
 *  4. Integer to float rounds the exact integer once, ties to even, overflowing
 *     to infinity (convertFromAPInt).
 *  5. Float to integer truncates toward zero and fails (opInvalidOp) on NaN,
 *     infinity or a value out of the integer's range (convertToInteger).
 *  6. Float to float conversions fold only when exact and opOK
 *     (convertFloatValue): a signalling NaN or a payload that loses bits fails.
 */
import { FLOAT_FORMATS, fromBits, roundToFormat, toBits } from '@lifeline/ir';

const fmt = (kind: string) => FLOAT_FORMATS[kind]!;
const mantBits = (kind: string) => BigInt(fmt(kind).precision - 1);
const signBit = (kind: string) => 1n << BigInt(fmt(kind).width - 1);

export function isNaNBits(bits: bigint, kind: string): boolean {
  return Number.isNaN(fromBits(bits, kind));
}

const quietBit = (kind: string) => 1n << (mantBits(kind) - 1n);
export const isSignaling = (bits: bigint, kind: string): boolean => isNaNBits(bits, kind) && !(bits & quietBit(kind));

/** (2) a double rounded to `kind`, NaN as the default quiet NaN. */
export function bitsOf(v: number, kind: string): bigint {
  // APFloat's default NaN is positive and quiet; the JS NaN's bits are not specified.
  if (Number.isNaN(v)) return (((1n << BigInt(fmt(kind).expBits)) - 1n) << mantBits(kind)) | quietBit(kind);
  return toBits(roundToFormat(v, kind), kind);
}

/** (1)(2) a binary APFloat operation. */
export function arith(a: bigint, b: bigint, kind: string, op: (x: number, y: number) => number): bigint {
  if (isNaNBits(a, kind)) return a | quietBit(kind);
  if (isNaNBits(b, kind)) return b | quietBit(kind);
  return bitsOf(op(fromBits(a, kind), fromBits(b, kind)), kind);
}

export const negate = (a: bigint, kind: string): bigint => a ^ signBit(kind);

const isNeg = (bits: bigint, kind: string) => (bits & signBit(kind)) !== 0n;
const isZeroBits = (bits: bigint, kind: string) => (bits & (signBit(kind) - 1n)) === 0n;

/** (3) llvm::maximum: NaN wins, +0 > -0. */
export function maximum(a: bigint, b: bigint, kind: string): bigint {
  if (isNaNBits(a, kind)) return a;
  if (isNaNBits(b, kind)) return b;
  if (isZeroBits(a, kind) && isZeroBits(b, kind) && isNeg(a, kind) !== isNeg(b, kind)) return isNeg(a, kind) ? b : a;
  return fromBits(a, kind) < fromBits(b, kind) ? b : a;
}

/** (3) llvm::minimum: NaN wins, -0 < +0. */
export function minimum(a: bigint, b: bigint, kind: string): bigint {
  if (isNaNBits(a, kind)) return a;
  if (isNaNBits(b, kind)) return b;
  if (isZeroBits(a, kind) && isZeroBits(b, kind) && isNeg(a, kind) !== isNeg(b, kind)) return isNeg(a, kind) ? a : b;
  return fromBits(b, kind) < fromBits(a, kind) ? b : a;
}

/** (3) llvm::minnum: the number wins over a NaN, -0 < +0. */
export function minnum(a: bigint, b: bigint, kind: string): bigint {
  if (isNaNBits(a, kind)) return b;
  if (isNaNBits(b, kind)) return a;
  if (isZeroBits(a, kind) && isZeroBits(b, kind) && isNeg(a, kind) !== isNeg(b, kind)) return isNeg(a, kind) ? a : b;
  return fromBits(b, kind) < fromBits(a, kind) ? b : a;
}

/** (4) convertFromAPInt with round-to-nearest-even. */
export function intToFloat(n: bigint, kind: string): bigint {
  if (n === 0n) return 0n;
  const neg = n < 0n;
  let m = neg ? -n : n;
  const p = fmt(kind).precision;
  const len = m.toString(2).length;
  let shift = 0;
  if (len > p) {
    shift = len - p;
    const q = m >> BigInt(shift);
    const rem = m - (q << BigInt(shift));
    const half = 1n << BigInt(shift - 1);
    m = rem > half || (rem === half && (q & 1n)) ? q + 1n : q;
  }
  const v = Number(m) * 2 ** shift;
  // v has at most p significant bits: rounding only turns an overflow into infinity.
  return bitsOf(neg ? -v : v, kind);
}

/** (5) convertToInteger toward zero into `width` bits; undefined on opInvalidOp. */
export function floatToInt(a: bigint, kind: string, width: number, signed: boolean): bigint | undefined {
  const v = fromBits(a, kind);
  if (!Number.isFinite(v)) return undefined;
  const t = BigInt(Math.trunc(v));
  const w = BigInt(width);
  const [lo, hi] = signed ? [-(1n << (w - 1n)), (1n << (w - 1n)) - 1n] : [0n, (1n << w) - 1n];
  if (t < lo || t > hi) return undefined;
  return BigInt.asUintN(width, t);
}

/** (6) an exact float-to-float conversion, or undefined. */
export function convertFloat(a: bigint, from: string, to: string): bigint | undefined {
  const v = fromBits(a, from);
  if (Number.isNaN(v)) {
    if (isSignaling(a, from)) return undefined;
    // The payload moves with the top of the significand; lost bits fail (losesInfo).
    const shift = fmt(to).precision - fmt(from).precision;
    const payload = a & ((1n << mantBits(from)) - 1n);
    if (shift < 0 && payload & ((1n << BigInt(-shift)) - 1n)) return undefined;
    const moved = shift >= 0 ? payload << BigInt(shift) : payload >> BigInt(-shift);
    const exp = ((1n << BigInt(fmt(to).expBits)) - 1n) << mantBits(to);
    return (isNeg(a, from) ? signBit(to) : 0n) | exp | moved;
  }
  const r = roundToFormat(v, to);
  if (!Object.is(r, v)) return undefined;
  return toBits(r, to);
}
