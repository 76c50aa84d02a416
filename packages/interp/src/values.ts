/**
 * Runtime values and how they print.
 *
 *  1. Integers (iN, index) are bigints in canonical form: i1 holds 0n/1n, every
 *     other width holds the two's-complement signed value (`BigInt.asIntN`); index is
 *     64 bits wide, as in MLIR's LLVM lowering on 64-bit targets.
 *  2. Floats are JS numbers already rounded to their type (f32 through Math.fround,
 *     narrower kinds through the IR's roundToFormat).
 *  3. Memrefs are view descriptors (memory.ts); function references are CompiledFuncs.
 *  4. Printing: integers signed decimal (i1 as 0/1), floats as the shortest decimal that
 *     reads back to the same value of their type, memrefs as nested `[…]` per dimension
 *     in row-major order of the view (a cell outside the allocation prints `?`).
 */
import { FloatType, IndexType, IntegerType, roundToFormat, type Type } from '@lifeline/ir';

/** Bit width of an integer-like type (index is 64). */
export function intWidth(t: Type): number | undefined {
  if (t instanceof IntegerType) return t.width;
  if (t instanceof IndexType) return 64;
  return undefined;
}

/** (1) the canonicalizer for width `w`. */
export function normalizer(w: number): (x: bigint) => bigint {
  if (w === 1) return (x) => x & 1n;
  if (w === 64) return (x) => BigInt.asIntN(64, x);
  return (x) => BigInt.asIntN(w, x);
}

/** (2) the rounding of a float type. */
export function floatRounder(t: Type): (x: number) => number {
  if (!(t instanceof FloatType)) return (x) => x;
  if (t.kind === 'f64') return (x) => x;
  if (t.kind === 'f32') return Math.fround;
  const k = t.kind;
  return (x) => roundToFormat(x, k);
}

/** The value a fresh memory cell holds (MLIR leaves it undefined; we read zero). */
export function zeroOf(t: Type): unknown {
  return t instanceof FloatType ? 0 : t instanceof IntegerType || t instanceof IndexType ? 0n : undefined;
}

/** (4) shortest decimal of a float that rounds back to the same value of type `t`. */
export function formatFloat(x: number, t: Type): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (Object.is(x, -0)) return '-0';
  const round = floatRounder(t);
  if (t instanceof FloatType && t.kind !== 'f64') {
    for (let p = 1; p < 17; p++) {
      const s = x.toPrecision(p);
      if (round(Number(s)) === x) return String(Number(s));
    }
  }
  return String(x);
}

export function formatScalar(v: unknown, t: Type): string {
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') return formatFloat(v, t);
  return String(v);
}
