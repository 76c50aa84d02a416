/**
 * Integer fold hooks of the arith dialect (see arith-fold.ts for the clauses).
 *
 *  1. Elements are unsigned bits below 2^w (arith-fold-elems (1)); `s`/`u`
 *     reinterpret them as APInt's signed/unsigned views.
 *  2. MLIR's folders carry a flag across the elements of a non-splat constant;
 *     each folder here keeps that flag the way its C++ lambda does: "sticky"
 *     for divui, divsi, the ceildivs and the rems, "last assignment wins" for floordivsi,
 *     "last element decides" for the shifts' bound check.
 *  3. Matchers on SSA values (m_ConstantInt on an operand, m_Op<XOrIOp>) look at
 *     the defining op in the IR, never at the lattice, as MLIR's do.
 */
import { IntegerAttr, IntegerType, VectorType, type Attribute, type Operation, type Value } from '@lifeline/ir';
import { constInt, decode, encode, foldBinary, foldUnary, isAllOnes, isOne, isZero, elementOf } from './arith-fold-elems.js';
import { i1SameShape } from './arith-types.js';

type Consts = readonly (Attribute | undefined)[];
type Fold = (op: Operation, c: Consts) => Attribute | Value | undefined;
type Multi = (op: Operation, c: Consts) => (Attribute | Value)[] | undefined;

const s = (a: bigint, w: number) => BigInt.asIntN(w, a);
const u = (a: bigint, w: number) => BigInt.asUintN(w, a);
const minS = (w: number) => 1n << BigInt(w - 1);
const allOnes = (w: number) => (1n << BigInt(w)) - 1n;

const L = (op: Operation): Value => op.operand(0);
const R = (op: Operation): Value => op.operand(1);
const def = (v: Value, name: string): Operation | undefined => (v.definingOp?.name === name ? v.definingOp : undefined);
const resultType = (op: Operation) => op.results[0]!.type;
const zero = (op: Operation) => encode(resultType(op), [0n]);

/** (3) m_ConstantInt on a value: the attribute of its ConstantLike defining op. */
function constOf(v: Value): Attribute | undefined {
  const d = v.definingOp;
  return d?.def?.spec.constant?.value(d);
}

/** Plain elementwise integer fold (2): `calc(a, b, width)`. */
const bin = (c: Consts, calc: (a: bigint, b: bigint, w: number) => bigint | undefined, rt?: Operation['results'][number]['type']) =>
  foldBinary('int', c[0], c[1], (a, b, e) => calc(a, b, e.width), rt);

/** A fold whose flag vetoes the result after all elements ran (2). */
function flagged(c: Consts, calc: (a: bigint, b: bigint, w: number, st: { fail: boolean }) => bigint): Attribute | undefined {
  const st = { fail: false };
  const r = bin(c, (a, b, w) => calc(a, b, w, st));
  return st.fail ? undefined : r;
}

function shift(op: Operation, c: Consts, f: (a: bigint, b: bigint, w: number) => bigint): Attribute | Value | undefined {
  if (isZero(c[1])) return L(op);
  let bounded = false;
  const r = bin(c, (a, b, w) => {
    bounded = b < BigInt(w);
    return f(a, b, w);
  });
  return bounded ? r : undefined;
}

/** ceildivsi as MLIR's lambda computes it, with its overflow cases. */
function ceilDivS(a: bigint, b: bigint, w: number, st: { fail: boolean }): bigint {
  if (st.fail || b === 0n) {
    st.fail = true;
    return a;
  }
  if (a === 0n) return a;
  const [sa, sb] = [s(a, w), s(b, w)];
  const min = -minS(w);
  if (sa > 0n && sb > 0n) return u((sa - 1n) / sb + 1n, w);
  if (sa <= 0n && sb <= 0n) {
    st.fail = sa === min || sb === min;
    return u((-sa - 1n) / -sb + 1n, w);
  }
  if (sa <= 0n) {
    st.fail = sa === min;
    return u(-(-sa / sb), w);
  }
  st.fail = sb === min;
  return u(-(sa / -sb), w);
}

function minMax(op: Operation, c: Consts, rhsWins: (b: bigint, w: number) => boolean, lhsWins: (b: bigint, w: number) => boolean,
  pick: (a: bigint, b: bigint, w: number) => bigint): Attribute | Value | undefined {
  if (L(op) === R(op)) return R(op);
  const k = constInt(c[1]);
  if (k && rhsWins(k.bits, k.width)) return R(op);
  if (k && lhsWins(k.bits, k.width)) return L(op);
  return bin(c, pick);
}

/** m_Op<XOrIOp>(m_Val(x), m_ConstantInt(all ones)): `v` is `x ^ -1`. */
function isNotOf(v: Value, x: Value): Operation | undefined {
  const x1 = def(v, 'arith.xori');
  return x1 && x1.operand(0) === x && isAllOnes(constOf(x1.operand(1))) ? x1 : undefined;
}

const intWidthOf = (t: Operation['results'][number]['type']): number | undefined =>
  t instanceof IntegerType ? t.width : t instanceof VectorType && t.elementType instanceof IntegerType ? t.elementType.width : undefined;

// eq ne slt sle sgt sge ult ule ugt uge, applied to equal operands.
const PRED_ON_EQUAL = [true, false, false, true, false, true, false, true, false, true];
function cmpPred(p: number, a: bigint, b: bigint, w: number): boolean {
  const [sa, sb] = [s(a, w), s(b, w)];
  return [a === b, a !== b, sa < sb, sa <= sb, sa > sb, sa >= sb, a < b, a <= b, a > b, a >= b][p]!;
}

function castInt(op: Operation, c: Consts, f: (a: bigint, from: number, to: number) => bigint): Attribute | undefined {
  const e = elementOf(resultType(op));
  const to = e instanceof IntegerType ? e.width : 64;
  return foldUnary('int', c[0], resultType(op), (a, x) => f(a, x.width, to));
}

const single: Record<string, Fold> = {
  'arith.addi': (op, c) => {
    if (isZero(c[1])) return L(op);
    const sl = def(L(op), 'arith.subi');
    if (sl && R(op) === sl.operand(1)) return sl.operand(0);
    const sr = def(R(op), 'arith.subi');
    if (sr && L(op) === sr.operand(1)) return sr.operand(0);
    return bin(c, (a, b, w) => u(a + b, w));
  },
  'arith.subi': (op, c) => {
    if (L(op) === R(op)) return zero(op);
    if (isZero(c[1])) return L(op);
    const add = def(L(op), 'arith.addi');
    if (add && R(op) === add.operand(1)) return add.operand(0);
    if (add && R(op) === add.operand(0)) return add.operand(1);
    return bin(c, (a, b, w) => u(a - b, w));
  },
  'arith.muli': (op, c) => {
    if (isZero(c[1])) return R(op);
    if (isOne(c[1])) return L(op);
    return bin(c, (a, b, w) => u(a * b, w));
  },
  'arith.divui': (op, c) => (isOne(c[1]) ? L(op) : flagged(c, (a, b, _w, st) => {
    if (st.fail || b === 0n) return (st.fail = true), a;
    return a / b;
  })),
  'arith.divsi': (op, c) => (isOne(c[1]) ? L(op) : flagged(c, (a, b, w, st) => {
    if (st.fail || b === 0n) return (st.fail = true), a;
    st.fail = a === minS(w) && b === allOnes(w);
    return u(s(a, w) / s(b, w), w);
  })),
  'arith.ceildivui': (op, c) => (isOne(c[1]) ? L(op) : flagged(c, (a, b, _w, st) => {
    if (st.fail || b === 0n) return (st.fail = true), a;
    return a % b === 0n ? a / b : a / b + 1n;
  })),
  'arith.ceildivsi': (op, c) => (isOne(c[1]) ? L(op) : flagged(c, ceilDivS)),
  'arith.floordivsi': (op, c) => (isOne(c[1]) ? L(op) : flagged(c, (a, b, w, st) => {
    if (b === 0n) return (st.fail = true), a;
    const [sa, sb] = [s(a, w), s(b, w)];
    st.fail = a === minS(w) && b === allOnes(w); // sdiv_ov assigns the flag (2)
    const q = s(sa / sb, w);
    return u(s(q * sb, w) !== sa && (sa < 0n) !== (sb < 0n) ? q - 1n : q, w);
  })),
  'arith.remui': (op, c) => (isOne(c[1]) ? zero(op) : flagged(c, (a, b, _w, st) => {
    if (st.fail || b === 0n) return (st.fail = true), a;
    return a % b;
  })),
  'arith.remsi': (op, c) => (isOne(c[1]) ? zero(op) : flagged(c, (a, b, w, st) => {
    if (st.fail || b === 0n) return (st.fail = true), a;
    return u(s(a, w) % s(b, w), w);
  })),
  'arith.andi': (op, c) => {
    if (isZero(c[1])) return R(op);
    if (isAllOnes(c[1])) return L(op);
    if (isNotOf(R(op), L(op)) || isNotOf(L(op), R(op))) return zero(op);
    for (const [prevV, other] of [[L(op), R(op)], [R(op), L(op)]] as const) {
      const prev = def(prevV, 'arith.andi');
      if (prev && (other === prev.operand(0) || other === prev.operand(1))) return prev.results[0]!;
    }
    return bin(c, (a, b) => a & b);
  },
  'arith.ori': (op, c) => {
    if (isZero(c[1])) return L(op);
    if (isAllOnes(c[1])) return c[1];
    const nr = isNotOf(R(op), L(op));
    if (nr) return nr.operand(1);
    const nl = isNotOf(L(op), R(op));
    if (nl) return nl.operand(1);
    return bin(c, (a, b) => a | b);
  },
  'arith.xori': (op, c) => {
    if (isZero(c[1])) return L(op);
    if (L(op) === R(op)) return zero(op);
    const pl = def(L(op), 'arith.xori');
    if (pl && pl.operand(1) === R(op)) return pl.operand(0);
    if (pl && pl.operand(0) === R(op)) return pl.operand(1);
    const pr = def(R(op), 'arith.xori');
    if (pr && pr.operand(1) === L(op)) return pr.operand(0);
    if (pr && pr.operand(0) === L(op)) return pr.operand(1);
    return bin(c, (a, b) => a ^ b);
  },
  'arith.shli': (op, c) => shift(op, c, (a, b, w) => (b < BigInt(w) ? u(a << b, w) : 0n)),
  'arith.shrui': (op, c) => shift(op, c, (a, b, w) => (b < BigInt(w) ? a >> b : 0n)),
  'arith.shrsi': (op, c) => shift(op, c, (a, b, w) => u(s(a, w) >> (b < BigInt(w) ? b : BigInt(w)), w)),
  'arith.maxsi': (op, c) => minMax(op, c, (b, w) => b === minS(w) - 1n, (b, w) => b === minS(w),
    (a, b, w) => (s(a, w) >= s(b, w) ? a : b)),
  'arith.maxui': (op, c) => minMax(op, c, (b, w) => b === allOnes(w), (b) => b === 0n, (a, b) => (a >= b ? a : b)),
  'arith.minsi': (op, c) => minMax(op, c, (b, w) => b === minS(w), (b, w) => b === minS(w) - 1n,
    (a, b, w) => (s(a, w) <= s(b, w) ? a : b)),
  'arith.minui': (op, c) => minMax(op, c, (b) => b === 0n, (b, w) => b === allOnes(w), (a, b) => (a <= b ? a : b)),
  'arith.cmpi': (op, c) => {
    const pred = Number((op.getAttr('predicate') as IntegerAttr).value);
    if (L(op) === R(op)) return encode(resultType(op), [PRED_ON_EQUAL[pred] ? 1n : 0n]);
    if (isZero(c[1]) && pred === 1) {
      for (const ext of ['arith.extsi', 'arith.extui']) {
        const e = def(L(op), ext);
        if (e && intWidthOf(e.operand(0).type) === 1) return e.operand(0);
      }
    }
    if (c[0] && !c[1]) return undefined; // MLIR swaps the operands in place (arith-fold.ts (3))
    const lt = decode(c[0])?.type;
    if (!lt) return undefined;
    return bin(c, (a, b, w) => (cmpPred(pred, a, b, w) ? 1n : 0n), i1SameShape(lt));
  },
  // (3) ext of ext and trunc of ext/trunc fold in place in MLIR: not a constant.
  'arith.extui': (op, c) => (def(L(op), 'arith.extui') ? undefined : castInt(op, c, (a) => a)),
  'arith.extsi': (op, c) => (def(L(op), 'arith.extsi') ? undefined : castInt(op, c, (a, from, to) => u(s(a, from), to))),
  'arith.trunci': (op, c) => {
    const ext = def(L(op), 'arith.extui') ?? def(L(op), 'arith.extsi');
    if (ext) {
      const src = ext.operand(0);
      const [sw, dw] = [intWidthOfElt(src.type), intWidthOfElt(resultType(op))];
      if (sw !== undefined && dw !== undefined && sw > dw) return undefined;
      if (elementOf(src.type) === elementOf(resultType(op))) return src;
    }
    if (def(L(op), 'arith.trunci')) return undefined;
    return castInt(op, c, (a, _from, to) => u(a, to));
  },
  'arith.index_cast': (op, c) => castInt(op, c, (a, from, to) => u(s(a, from), to)),
  'arith.index_castui': (op, c) => castInt(op, c, (a, _from, to) => u(a, to)),
};

function intWidthOfElt(t: Operation['results'][number]['type']): number | undefined {
  const e = elementOf(t);
  return e instanceof IntegerType ? e.width : undefined;
}

const multi: Record<string, Multi> = {
  'arith.addui_extended': (op, c) => {
    if (isZero(constOf(R(op)))) {
      const f = encode(op.results[1]!.type, [0n]);
      return f ? [L(op), f] : undefined;
    }
    const sum = bin(c, (a, b, w) => u(a + b, w));
    if (!sum) return undefined;
    const ovf = foldBinary('int', sum, c[0], (x, a) => (x < a ? 1n : 0n), i1SameShape(decode(sum)!.type));
    return ovf ? [sum, ovf] : undefined;
  },
  'arith.mulsi_extended': (_op, c) => {
    if (isZero(c[1])) return [c[1]!, c[1]!];
    const low = bin(c, (a, b, w) => u(a * b, w));
    const high = bin(c, (a, b, w) => u((s(a, w) * s(b, w)) >> BigInt(w), w));
    return low && high ? [low, high] : undefined;
  },
  'arith.mului_extended': (op, c) => {
    if (isZero(c[1])) return [c[1]!, c[1]!];
    if (isOne(c[1])) {
      const z = encode(L(op).type, [0n]);
      return z ? [L(op), z] : undefined;
    }
    const low = bin(c, (a, b, w) => u(a * b, w));
    const high = bin(c, (a, b, w) => (a * b) >> BigInt(w));
    return low && high ? [low, high] : undefined;
  },
};

export const INT_FOLDS = { single, multi };
