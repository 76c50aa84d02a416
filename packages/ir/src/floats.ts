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
 * Values of formats up to 64 bits are held exactly in a JS number. f80 and
 * f128 literals keep their source text (see `wideLiteral`).
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

/** MLIR's 6-decimal scientific form: `1.500000e+00`, `-0.000000e+00`. */
export function shortForm(v: number): string {
  let s = v.toExponential(6);
  if (Object.is(v, -0)) s = '-' + s;
  return s.replace(/e([+-])(\d)$/, 'e$10$2');
}

/** Exact decimal digits of a finite double: value = digits * 10^exp (digits without sign). */
function exactDecimal(v: number): { digits: string; exp: number } {
  const d = new DataView(new ArrayBuffer(8));
  d.setFloat64(0, Math.abs(v));
  const bits = d.getBigUint64(0);
  const be = Number((bits >> 52n) & 0x7ffn);
  let m = bits & ((1n << 52n) - 1n);
  let e: number;
  if (be === 0) e = -1074;
  else {
    m |= 1n << 52n;
    e = be - 1075;
  }
  if (m === 0n) return { digits: '0', exp: 0 };
  if (e >= 0) return { digits: (m << BigInt(e)).toString(), exp: 0 };
  return { digits: (m * 5n ** BigInt(-e)).toString(), exp: e };
}

/** APFloat::toString(Str) with the default arguments (natural precision, padding 3, zeros truncated). */
export function naturalForm(v: number, precision: number): string {
  const neg = v < 0 || Object.is(v, -0);
  let { digits, exp } = exactDecimal(v);
  const maxDigits = 2 + Math.floor((precision * 59) / 196);
  if (digits.length > maxDigits) {
    const drop = digits.length - maxDigits;
    let keep = digits.slice(0, maxDigits);
    if (digits.charCodeAt(maxDigits) >= 53) keep = (BigInt(keep) + 1n).toString();
    exp += drop;
    if (keep.length > maxDigits) {
      keep = keep.slice(0, maxDigits);
      exp++;
    }
    digits = keep;
  }
  const trimmed = digits.replace(/0+$/, '');
  exp += digits.length - trimmed.length;
  digits = trimmed || '0';
  const n = digits.length;
  let scientific: boolean;
  if (exp >= 0) scientific = exp > 3 || n + exp > maxDigits;
  else {
    const msd = exp + n - 1;
    scientific = msd < 0 && -msd > 3;
  }
  let s: string;
  if (scientific) {
    const e = exp + n - 1;
    s = digits[0] + '.' + (n === 1 ? '0' : digits.slice(1)) + 'E' + (e >= 0 ? '+' : '-') + Math.abs(e);
  } else if (exp >= 0) {
    s = digits + '0'.repeat(exp);
  } else {
    const whole = exp + n;
    s = whole > 0 ? digits.slice(0, whole) + '.' + digits.slice(whole) : '0.' + '0'.repeat(-whole) + digits;
  }
  return (neg ? '-' : '') + s;
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

/**
 * Prints an f80/f128 literal kept as source text: hex stays hex; a decimal with
 * at most 7 significant digits takes the short form (its value in these formats
 * reads back the same); longer decimals are kept as written.
 */
export function wideLiteral(raw: string): string {
  if (/^-?0x/i.test(raw)) return raw.replace(/^(-?)0x(.*)$/i, (_m, s: string, h: string) => `${s}0x${h.toUpperCase()}`);
  const m = /^(-?)(\d*)\.?(\d*)(?:[eE]([+-]?\d+))?$/.exec(raw);
  if (!m) return raw;
  const [, sign, int, frac, e] = m as unknown as [string, string, string, string, string | undefined];
  let digits = (int + frac).replace(/^0+/, '');
  let exp = Number(e ?? 0) - frac.length;
  if (!digits) return `${sign}0.000000e+00`;
  const t = digits.replace(/0+$/, '');
  exp += digits.length - t.length;
  digits = t;
  if (digits.length > 7) return raw;
  const e10 = exp + digits.length - 1;
  const mant = digits[0] + '.' + digits.slice(1).padEnd(6, '0');
  return `${sign}${mant}e${e10 < 0 ? '-' : '+'}${String(Math.abs(e10)).padStart(2, '0')}`;
}
