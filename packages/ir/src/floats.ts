/**
 * Floating-point formats of MLIR's builtin float types and MLIR's way of
 * printing a float (AsmPrinter's printFloatValue over APFloat):
 *
 *  1. `d.dddddde±XX` (6 decimals) when reading that back gives the same value
 *     in the type's format;
 *  2. else APFloat's natural-precision decimal (exact digits rounded to
 *     2 + precision*59/196 significant digits, trailing zeros dropped,
 *     scientific `E` form when more than 3 padding zeros would be needed);
 *  3. hexadecimal bits for NaN and infinity (or when 2. has no '.').
 *
 * Values of formats up to 64 bits are held exactly in a JS number; f80 and
 * f128 values are kept as their bits (see `formatWide`).
 */

export interface FloatFormat {
  /** Significand bits including the implicit one. */
  precision: number;
  bias: number;
  expBits: number;
  width: number;
  /** IEEE: infinities and NaNs at the top exponent; FN: no infinity, NaN = all ones;
   *  FNUZ: no infinity, no negative zero, NaN = sign bit only. */
  special: 'ieee' | 'fn' | 'fnuz';
}

const fmt = (precision: number, expBits: number, bias: number, width: number, special: FloatFormat['special'] = 'ieee'): FloatFormat =>
  ({ precision, expBits, bias, width, special });

export const FLOAT_FORMATS: Record<string, FloatFormat> = {
  f16: fmt(11, 5, 15, 16),
  bf16: fmt(8, 8, 127, 16),
  tf32: fmt(11, 8, 127, 19),
  f32: fmt(24, 8, 127, 32),
  f64: fmt(53, 11, 1023, 64),
  f80: fmt(64, 15, 16383, 80),
  f128: fmt(113, 15, 16383, 128),
  f8E5M2: fmt(3, 5, 15, 8),
  f8E4M3: fmt(4, 4, 7, 8),
  f8E4M3FN: fmt(4, 4, 7, 8, 'fn'),
  f8E5M2FNUZ: fmt(3, 5, 16, 8, 'fnuz'),
  f8E4M3FNUZ: fmt(4, 4, 8, 8, 'fnuz'),
  f8E4M3B11FNUZ: fmt(4, 4, 11, 8, 'fnuz'),
};

/** Formats whose values a JS number holds exactly. */
export function isNarrow(kind: string): boolean {
  return kind !== 'f80' && kind !== 'f128';
}

/** Rounds a double to the nearest value of the format (ties to even). */
export function roundToFormat(x: number, kind: string): number {
  if (kind === 'f64' || !Number.isFinite(x) || x === 0) return x;
  if (kind === 'f32') return Math.fround(x);
  const f = FLOAT_FORMATS[kind];
  if (!f || !isNarrow(kind)) return x;
  const mBits = f.precision - 1;
  const emin = 1 - f.bias;
  const a = Math.abs(x);
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  else if (2 ** (e + 1) <= a) e++;
  const quantum = 2 ** (Math.max(e, emin) - mBits);
  let q = a / quantum;
  const fl = Math.floor(q);
  const diff = q - fl;
  q = diff > 0.5 || (diff === 0.5 && fl % 2 === 1) ? fl + 1 : fl;
  const r = q * quantum;
  if (r > maxFinite(f)) return f.special === 'ieee' ? Math.sign(x) * Infinity : Number.NaN;
  return x < 0 ? -r : r;
}

function maxFinite(f: FloatFormat): number {
  const mBits = f.precision - 1;
  const topExp = (1 << f.expBits) - 1;
  // IEEE reserves the top exponent; FN reserves only the all-ones mantissa there.
  if (f.special === 'ieee') return (2 - 2 ** -mBits) * 2 ** (topExp - 1 - f.bias);
  if (f.special === 'fn') return (2 - 2 ** (1 - mBits)) * 2 ** (topExp - f.bias);
  return (2 - 2 ** -mBits) * 2 ** (topExp - f.bias);
}

/** The value of bit pattern `bits` in a format of at most 64 bits. */
export function fromBits(bits: bigint, kind: string): number {
  if (kind === 'f32' || kind === 'f64') {
    const d = new DataView(new ArrayBuffer(8));
    if (kind === 'f32') {
      d.setUint32(0, Number(BigInt.asUintN(32, bits)));
      return d.getFloat32(0);
    }
    d.setBigUint64(0, BigInt.asUintN(64, bits));
    return d.getFloat64(0);
  }
  const f = FLOAT_FORMATS[kind];
  if (!f || !isNarrow(kind)) return Number.NaN;
  const mBits = f.precision - 1;
  const b = Number(BigInt.asUintN(f.width, bits));
  const sign = Math.floor(b / 2 ** (f.width - 1)) ? -1 : 1;
  const exp = Math.floor(b / 2 ** mBits) % 2 ** f.expBits;
  const man = b % 2 ** mBits;
  const top = 2 ** f.expBits - 1;
  if (f.special === 'fnuz' && sign < 0 && exp === 0 && man === 0) return Number.NaN;
  if (f.special === 'ieee' && exp === top) return man ? Number.NaN : sign * Infinity;
  if (f.special === 'fn' && exp === top && man === 2 ** mBits - 1) return Number.NaN;
  if (exp === 0) return sign * man * 2 ** (1 - f.bias - mBits);
  return sign * (1 + man / 2 ** mBits) * 2 ** (exp - f.bias);
}

/** The bit pattern of a value (exact in the format) of a format of at most 64 bits. */
export function toBits(v: number, kind: string): bigint {
  if (kind === 'f32' || kind === 'f64') {
    const d = new DataView(new ArrayBuffer(8));
    if (kind === 'f32') {
      d.setFloat32(0, v);
      return BigInt(d.getUint32(0));
    }
    d.setFloat64(0, v);
    return d.getBigUint64(0);
  }
  const f = FLOAT_FORMATS[kind]!;
  const mBits = f.precision - 1;
  const top = 2 ** f.expBits - 1;
  const signBit = 2 ** (f.width - 1);
  if (Number.isNaN(v)) {
    if (f.special === 'fnuz') return BigInt(signBit);
    if (f.special === 'fn') return BigInt(top * 2 ** mBits + 2 ** mBits - 1);
    return BigInt(top * 2 ** mBits + 2 ** (mBits - 1)); // quiet NaN
  }
  const sign = v < 0 || Object.is(v, -0) ? signBit : 0;
  const a = Math.abs(v);
  if (a === Infinity) return BigInt(sign + top * 2 ** mBits);
  if (a === 0) return BigInt(f.special === 'fnuz' ? 0 : sign);
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  else if (2 ** (e + 1) <= a) e++;
  const emin = 1 - f.bias;
  if (e < emin) return BigInt(sign + Math.round(a / 2 ** (emin - mBits)));
  return BigInt(sign + (e + f.bias) * 2 ** mBits + Math.round((a / 2 ** e - 1) * 2 ** mBits));
}

/** `0x…` with the format's width in hex digits, upper case (MLIR's hex float form). */
export function hexOf(bits: bigint, width: number): string {
  return '0x' + BigInt.asUintN(width, bits).toString(16).toUpperCase().padStart(Math.ceil(width / 4), '0');
}

/**
 * APFloat::toString, digit for digit: the exact decimal value is first cut down
 * (by truncation) to about `precision` digits, then rounded half-up to exactly
 * `precision` digits; `padding` bounds the zeros written before switching to
 * scientific form (0: always scientific), `truncateZero` false pads the digits
 * to `precision` decimals and writes a lower-case, two-digit exponent.
 */
export function apfloatString(v: number | Exact, precision: number, padding: number, truncateZero: boolean): string {
  const x = typeof v === 'number' ? exactOf(v) : v;
  const sign = x.neg ? '-' : '';
  if (x.m === 0n) return sign + (padding ? '0' : truncateZero ? '0.0E+0' : '0.' + '0'.repeat(precision) + 'e+00');
  // The value as M * 2^e with M odd (trailing binary zeros dropped).
  let m = x.m;
  let e2 = x.e;
  while (!(m & 1n)) {
    m >>= 1n;
    e2++;
  }
  // To M * 10^exp.
  let exp = 0;
  if (e2 > 0) m <<= BigInt(e2);
  else if (e2 < 0) {
    m *= 5n ** BigInt(-e2);
    exp = e2;
  }
  // First cut: a conservative number of decimal digits, by truncation.
  const active = m.toString(2).length;
  const required = Math.floor((precision * 196 + 58) / 59);
  if (active > required) {
    const tens = Math.floor(((active - required) * 59) / 196);
    if (tens) {
      m /= 10n ** BigInt(tens);
      exp += tens;
    }
  }
  let digits = m.toString();
  const t = digits.replace(/0+$/, '');
  exp += digits.length - t.length;
  digits = t;
  // Then round half-up to `precision` digits (a carry through all nines leaves "1").
  if (digits.length > precision) {
    const total = digits.length;
    let keep = digits.slice(0, precision);
    if (digits.charCodeAt(precision) >= 53) keep = (BigInt(keep) + 1n).toString();
    if (keep.length > precision) {
      digits = '1';
      exp += total;
    } else {
      exp += total - precision;
      const k = keep.replace(/0+$/, '');
      exp += keep.length - k.length;
      digits = k;
    }
  }
  const n = digits.length;
  let scientific: boolean;
  if (!padding) scientific = true;
  else if (exp >= 0) scientific = exp > padding || n + exp > precision;
  else {
    const msd = exp + n - 1;
    scientific = msd < 0 && -msd > padding;
  }
  if (scientific) {
    const e10 = exp + n - 1;
    let s = digits[0] + '.' + (n === 1 && truncateZero ? '0' : digits.slice(1));
    if (!truncateZero && precision > n - 1) s += '0'.repeat(precision - n + 1);
    const ee = String(Math.abs(e10));
    return sign + s + (truncateZero ? 'E' : 'e') + (e10 >= 0 ? '+' : '-') + (!truncateZero && ee.length < 2 ? '0' + ee : ee);
  }
  if (exp >= 0) return sign + digits + '0'.repeat(exp);
  const whole = exp + n;
  return sign + (whole > 0 ? digits.slice(0, whole) + '.' + digits.slice(whole) : '0.' + '0'.repeat(-whole) + digits);
}

/** A finite float exactly: (-1)^neg * m * 2^e. */
export interface Exact {
  neg: boolean;
  m: bigint;
  e: number;
}

/** The exact value of a finite double. */
export function exactOf(v: number): Exact {
  const d = new DataView(new ArrayBuffer(8));
  d.setFloat64(0, v);
  const bits = d.getBigUint64(0);
  const be = Number((bits >> 52n) & 0x7ffn);
  let m = bits & ((1n << 52n) - 1n);
  if (be !== 0) m |= 1n << 52n;
  return { neg: bits >> 63n === 1n, m, e: be === 0 ? -1074 : be - 1075 };
}

const bitLength = (m: bigint): number => m.toString(2).length;

/**
 * f80 (x87, explicit integer bit) and f128 (IEEE quad) bits, which a JS number
 * cannot hold: decoded exactly, or 'inf'/'nan'.
 */
function decodeWide(bits: bigint, kind: string): Exact | 'inf' | 'nan' | 'unnormal' {
  const f = FLOAT_FORMATS[kind]!;
  bits = BigInt.asUintN(f.width, bits);
  const neg = bits >> BigInt(f.width - 1) === 1n;
  const fracBits = kind === 'f80' ? 64 : 112;
  const exp = Number((bits >> BigInt(fracBits)) & 0x7fffn);
  const frac = bits & ((1n << BigInt(fracBits)) - 1n);
  if (exp === 0x7fff) {
    const payload = kind === 'f80' ? frac & ((1n << 63n) - 1n) : frac;
    return payload ? 'nan' : 'inf';
  }
  // An x87 "unnormal" (no integer bit with a non-zero exponent) is a NaN to APFloat.
  if (kind === 'f80' && exp !== 0 && !(frac >> 63n)) return 'unnormal';
  if (kind === 'f80') return { neg, m: frac, e: (exp || 1) - 16383 - 63 };
  return { neg, m: exp ? frac | (1n << 112n) : frac, e: (exp || 1) - 16383 - 112 };
}

/** The f80/f128 bits of a double (MLIR reads decimal literals of these types as doubles). */
export function wideBitsOfDouble(v: number, kind: string): bigint {
  const f = FLOAT_FORMATS[kind]!;
  const signBit = (v < 0 || Object.is(v, -0) ? 1n : 0n) << BigInt(f.width - 1);
  const fracBits = kind === 'f80' ? 64 : 112;
  if (Number.isNaN(v)) return (0x7fffn << BigInt(fracBits)) | (kind === 'f80' ? 0xc000000000000000n : 1n << 111n);
  if (!Number.isFinite(v)) return signBit | (0x7fffn << BigInt(fracBits)) | (kind === 'f80' ? 1n << 63n : 0n);
  const x = exactOf(v);
  if (x.m === 0n) return signBit;
  const sigBits = kind === 'f80' ? 64 : 113;
  const shift = sigBits - bitLength(x.m);
  const sig = x.m << BigInt(shift);
  const exp = BigInt(x.e - shift + 16383 + sigBits - 1);
  return signBit | (exp << BigInt(fracBits)) | (kind === 'f80' ? sig : sig - (1n << 112n));
}

/** Whether the decimal `text` reads back (rounded to nearest) as `x` in a format of `precision` bits. */
function readsBackAs(text: string, x: Exact, precision: number, minExp: number): boolean {
  const m = /^(-?)(\d+)\.(\d*)e([+-]\d+)$/.exec(text);
  if (!m) return false;
  if ((m[1] === '-') !== x.neg) return false;
  const digits = BigInt(m[2]! + m[3]!);
  const k = Number(m[4]) - m[3]!.length; // decimal = digits * 10^k
  // Half an ulp of x: 2^(E - precision) with E the exponent of x's leading bit.
  const top = bitLength(x.m) - 1 + x.e;
  const halfUlpExp = Math.max(top, minExp) - precision;
  // Compare |digits*10^k - m*2^e| <= 2^halfUlpExp, all scaled by 5^K * 2^L to integers.
  const K = BigInt(Math.max(0, -k));
  const L = -Math.min(0, k, x.e, halfUlpExp);
  const pow5 = 5n ** K;
  const dec = k >= 0 ? digits * 10n ** BigInt(k) * (1n << BigInt(L)) : digits << BigInt(k + L);
  const val = x.m * pow5 << BigInt(x.e + L);
  const diff = dec > val ? dec - val : val - dec;
  return diff <= pow5 << BigInt(halfUlpExp + L);
}

/** How MLIR prints f80/f128 bits. */
export function formatWide(bits: bigint, kind: string): string {
  const f = FLOAT_FORMATS[kind]!;
  const x = decodeWide(bits, kind);
  if (x === 'inf' || x === 'nan') return hexOf(bits, f.width);
  // Printed as the NaN APFloat makes of it: all-ones exponent, sign and significand kept.
  if (x === 'unnormal') return hexOf(bits | (0x7fffn << 64n), f.width);
  const short = apfloatString(x, 6, 0, false);
  if (readsBackAs(short, x, f.precision, 1 - f.bias)) return short;
  const natural = apfloatString(x, 2 + Math.floor((f.precision * 59) / 196), 3, true);
  return natural.includes('.') ? natural : hexOf(bits, f.width);
}

/** MLIR's 6-decimal scientific form: `1.500000e+00`, `-0.000000e+00`. */
export function shortForm(v: number): string {
  return apfloatString(v, 6, 0, false);
}

/** APFloat::toString(Str) with the default arguments (natural precision, padding 3, zeros truncated). */
export function naturalForm(v: number, precision: number): string {
  return apfloatString(v, 2 + Math.floor((precision * 59) / 196), 3, true);
}

/** How MLIR prints a float value of format `kind` (the value already exact in that format). */
export function formatFloatValue(v: number, kind: string): string {
  const f = FLOAT_FORMATS[kind];
  if (!f) return shortForm(v);
  if (Number.isFinite(v)) {
    const short = shortForm(v);
    if (Object.is(roundToFormat(Number(short), kind), v)) return short;
    const natural = naturalForm(v, f.precision);
    if (natural.includes('.')) return natural;
  }
  return hexOf(toBits(v, kind), f.width);
}
