/**
 * Seeded random integer-arith programs for the differential test against LLVM.
 *
 *  1. Values live in pools per width (i8, i16, i32, i64); constants include the edge
 *     values (0, ±1, MIN, MAX) and pass through a call so no folder sees them.
 *  2. Every generated op is defined for all operand values, so LLVM and the
 *     interpreter must agree exactly: divisors are made odd (never 0) and -1 is
 *     replaced by 3 for signed division (no MIN / -1); shift amounts are masked below
 *     the width.
 *  3. @main folds every pool value into one i64 checksum h = h * 31 + extsi(v).
 */
const WIDTHS = [8, 16, 32, 64] as const;
type W = (typeof WIDTHS)[number];

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BIN = ['addi', 'subi', 'muli', 'andi', 'ori', 'xori', 'maxsi', 'minsi', 'maxui', 'minui'];
const DIV = ['divsi', 'divui', 'remsi', 'remui', 'ceildivsi', 'ceildivui', 'floordivsi'];
const SHIFT = ['shli', 'shrsi', 'shrui'];
const PRED = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'];

export function genArithProgram(seed: number, nOps: number): string {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const lines: string[] = [];
  const pools = new Map<W, string[]>(WIDTHS.map((w) => [w, []]));
  let n = 0;
  const fresh = () => `%v${n++}`;
  const emit = (w: W, rhs: string): string => {
    const v = fresh();
    lines.push(`  ${v} = ${rhs}`);
    pools.get(w)!.push(v);
    return v;
  };
  const t = (w: number) => `i${w}`;
  const konst = (w: W, value: bigint): string => {
    const c = fresh();
    lines.push(`  ${c} = arith.constant ${value} : ${t(w)}`);
    return c;
  };
  // (1) edge and random constants behind the opaque call.
  for (const w of WIDTHS) {
    const min = -(1n << BigInt(w - 1));
    const vals = [0n, 1n, -1n, min, -min - 1n, BigInt(Math.floor(rnd() * 2 ** 31)) - (1n << 30n), BigInt(Math.floor(rnd() * 200)) - 100n];
    for (const val of vals) {
      const c = konst(w, BigInt.asIntN(w, val));
      emit(w, `func.call @id_${t(w)}(${c}) : (${t(w)}) -> ${t(w)}`);
    }
  }
  for (let i = 0; i < nOps; i++) {
    const w = pick(WIDTHS);
    const pool = pools.get(w)!;
    const [a, b] = [pick(pool), pick(pool)];
    const kind = rnd();
    if (kind < 0.4) {
      emit(w, `arith.${pick(BIN)} ${a}, ${b} : ${t(w)}`);
    } else if (kind < 0.6) {
      // (2) an odd divisor is never 0; 3 replaces -1 for the signed ops.
      const op = pick(DIV);
      const one = konst(w, 1n);
      const odd = fresh();
      lines.push(`  ${odd} = arith.ori ${b}, ${one} : ${t(w)}`);
      let d = odd;
      if (op.endsWith('si')) {
        const [m1, three, isM1] = [konst(w, -1n), konst(w, 3n), fresh()];
        lines.push(`  ${isM1} = arith.cmpi eq, ${odd}, ${m1} : ${t(w)}`);
        d = fresh();
        lines.push(`  ${d} = arith.select ${isM1}, ${three}, ${odd} : ${t(w)}`);
      }
      emit(w, `arith.${op} ${a}, ${d} : ${t(w)}`);
    } else if (kind < 0.72) {
      const mask = konst(w, BigInt(w - 1));
      const amt = fresh();
      lines.push(`  ${amt} = arith.andi ${b}, ${mask} : ${t(w)}`);
      emit(w, `arith.${pick(SHIFT)} ${a}, ${amt} : ${t(w)}`);
    } else if (kind < 0.84) {
      const c = fresh();
      lines.push(`  ${c} = arith.cmpi ${pick(PRED)}, ${a}, ${b} : ${t(w)}`);
      emit(w, `arith.select ${c}, ${pick(pool)}, ${pick(pool)} : ${t(w)}`);
    } else {
      const to = pick(WIDTHS.filter((x) => x !== w));
      const op = to > w ? pick(['extsi', 'extui']) : 'trunci';
      emit(to, `arith.${op} ${a} : ${t(w)} to ${t(to)}`);
    }
  }
  // (3) the checksum.
  let h = konst(64, 17n);
  const k31 = konst(64, 31n);
  for (const w of WIDTHS) {
    for (const v of pools.get(w)!) {
      let x = v;
      if (w !== 64) {
        x = fresh();
        lines.push(`  ${x} = arith.extsi ${v} : ${t(w)} to i64`);
      }
      const [m, s] = [fresh(), fresh()];
      lines.push(`  ${m} = arith.muli ${h}, ${k31} : i64`, `  ${s} = arith.addi ${m}, ${x} : i64`);
      h = s;
    }
  }
  const ids = WIDTHS.map((w) => `func.func private @id_${t(w)}(%x: ${t(w)}) -> ${t(w)} {\n  return %x : ${t(w)}\n}\n`).join('');
  return `${ids}func.func @main() -> i64 {\n${lines.join('\n')}\n  return ${h} : i64\n}\n`;
}
