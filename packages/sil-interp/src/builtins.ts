/**
 * Integer semantics of `integer_literal` and `builtin "…"`.
 *
 *  1. A `Builtin.IntN` value is a bigint in two's complement, kept signed
 *     (BigInt.asIntN), except `Builtin.Int1`, kept as 0 or 1 (Swift prints the literal
 *     true as -1; both spellings mean the bit 1).
 *  2. Arithmetic wraps (LLVM `add`/`sub`/`mul` without flags); divisions by zero and
 *     signed overflow of `sdiv`/`srem` are runtime errors.
 *  3. Names are Swift's: `<op>_Int<N>` (add sub mul sdiv srem udiv urem and or xor shl
 *     ashr lshr), `cmp_<pred>_Int<N>` (eq ne slt sle sgt sge ult ule ugt uge) giving
 *     Int1, and the conversions `zext_`, `sext_`, `trunc_`, `zextOrBitCast_`,
 *     `truncOrBitCast_` `Int<M>_Int<N>`.
 */

export class BuiltinError extends Error {}

/** (1) */
export function normalize(x: bigint, width: number): bigint {
  return width === 1 ? BigInt.asUintN(1, x) : BigInt.asIntN(width, x);
}

const unsigned = (x: bigint, w: number) => BigInt.asUintN(w, x);
const signed = (x: bigint, w: number) => BigInt.asIntN(w, x);

type Bin = (a: bigint, b: bigint, w: number) => bigint;
const BINARY: Record<string, Bin> = {
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  and: (a, b, w) => unsigned(a, w) & unsigned(b, w),
  or: (a, b, w) => unsigned(a, w) | unsigned(b, w),
  xor: (a, b, w) => unsigned(a, w) ^ unsigned(b, w),
  shl: (a, b, w) => (unsigned(b, w) >= BigInt(w) ? 0n : a << unsigned(b, w)),
  lshr: (a, b, w) => (unsigned(b, w) >= BigInt(w) ? 0n : unsigned(a, w) >> unsigned(b, w)),
  ashr: (a, b, w) => signed(a, w) >> (unsigned(b, w) >= BigInt(w) ? BigInt(w - 1) : unsigned(b, w)),
  sdiv: (a, b, w) => div(signed(a, w), signed(b, w), w, true, false),
  srem: (a, b, w) => div(signed(a, w), signed(b, w), w, true, true),
  udiv: (a, b, w) => div(unsigned(a, w), unsigned(b, w), w, false, false),
  urem: (a, b, w) => div(unsigned(a, w), unsigned(b, w), w, false, true),
};

function div(a: bigint, b: bigint, w: number, isSigned: boolean, rem: boolean): bigint {
  if (b === 0n) throw new BuiltinError('division by zero');
  if (isSigned && b === -1n && a === -(1n << BigInt(w - 1))) throw new BuiltinError('signed division overflow');
  return rem ? a % b : a / b;
}

const CMP: Record<string, (a: bigint, b: bigint, w: number) => boolean> = {
  eq: (a, b, w) => unsigned(a, w) === unsigned(b, w),
  ne: (a, b, w) => unsigned(a, w) !== unsigned(b, w),
  slt: (a, b, w) => signed(a, w) < signed(b, w),
  sle: (a, b, w) => signed(a, w) <= signed(b, w),
  sgt: (a, b, w) => signed(a, w) > signed(b, w),
  sge: (a, b, w) => signed(a, w) >= signed(b, w),
  ult: (a, b, w) => unsigned(a, w) < unsigned(b, w),
  ule: (a, b, w) => unsigned(a, w) <= unsigned(b, w),
  ugt: (a, b, w) => unsigned(a, w) > unsigned(b, w),
  uge: (a, b, w) => unsigned(a, w) >= unsigned(b, w),
};

const widthOf = (s: string): number | undefined => {
  const m = /^Int(\d+)$/.exec(s);
  return m ? Number(m[1]) : s === 'Word' ? 64 : undefined;
};

/** A compiled builtin: integer arguments to an integer result; undefined for a name outside (3). */
export function compileBuiltin(name: string): ((args: readonly bigint[]) => bigint) | undefined {
  let m = /^cmp_([a-z]+)_(\w+)$/.exec(name);
  if (m && CMP[m[1]!] && widthOf(m[2]!)) {
    const [f, w] = [CMP[m[1]!]!, widthOf(m[2]!)!];
    return (a) => (f(a[0]!, a[1]!, w) ? 1n : 0n);
  }
  m = /^(zext|sext|trunc|zextOrBitCast|truncOrBitCast|sextOrBitCast)_(\w+)_(\w+)$/.exec(name);
  if (m && widthOf(m[2]!) && widthOf(m[3]!)) {
    const [from, to] = [widthOf(m[2]!)!, widthOf(m[3]!)!];
    const ext = m[1]!.startsWith('s') ? signed : unsigned;
    return (a) => normalize(ext(a[0]!, from), to);
  }
  m = /^([a-z]+)_(\w+)$/.exec(name);
  if (m && BINARY[m[1]!] && widthOf(m[2]!)) {
    const [f, w] = [BINARY[m[1]!]!, widthOf(m[2]!)!];
    return (a) => normalize(f(a[0]!, a[1]!, w), w);
  }
  return undefined;
}
