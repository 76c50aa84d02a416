/**
 * The fold hooks of the arith ops: what MLIR 19's `fold` methods
 * (lib/Dialect/Arith/IR/ArithOps.cpp) return, in their order.
 *
 *  1. Identities come first, as MLIR checks them: on constant operands
 *     (`addi x, 0 -> x`, `muli x, 0 -> 0`), on the same SSA value twice
 *     (`subi x, x -> 0`, `cmpi eq, x, x -> true`), or on defining ops
 *     (`addi (subi a, b), b -> a`). They return an existing value or a constant.
 *  2. Then constant operands fold elementwise (arith-fold-elems (4)) with APInt
 *     semantics: wrap-around at the width; division by zero and signed overflow
 *     (MIN / -1) do not fold; shifts by >= width do not fold.
 *  3. Folds MLIR does in place (extui of extui, trunci of ext/trunc, cmpi with
 *     only a constant lhs) give no result here: a constant-propagating caller
 *     must treat them as not folding, which is what SCCP does.
 *  4. Float folds follow arith-fold-float; unsupported float types never fold.
 */
import { IndexType, IntegerAttr, IntegerType, FloatType, fromBits, type Attribute, type FoldHook, type Operation, type Value } from '@lifeline/ir';
import { ArithFlagsAttr } from './arith-attrs.js';
import {
  at, constFloat, decode, elementOf, eltInfo, encode, foldBinary, foldUnary, isOne, isZero, type Elems,
} from './arith-fold-elems.js';
import * as F from './arith-fold-float.js';
import { INT_FOLDS } from './arith-fold-int.js';

type Consts = readonly (Attribute | undefined)[];
type Fold = (op: Operation, c: Consts) => Attribute | Value | undefined;

const lhsOf = (op: Operation): Value => op.operand(0);
const rhsOf = (op: Operation): Value => op.operand(1);
const kindOf = (e: Elems): string => (e.elt as FloatType).kind;


// ---- floats (4) -------------------------------------------------------------------

function floatBinary(op: (a: bigint, b: bigint, kind: string) => bigint): (c: Consts) => Attribute | undefined {
  return (c) => foldBinary('float', c[0], c[1], (a, b, e) => op(a, b, kindOf(e)));
}
const arithF = (fn: (x: number, y: number) => number) => floatBinary((a, b, k) => F.arith(a, b, k, fn));
const sameValue = (op: Operation) => lhsOf(op) === rhsOf(op);

const FLOAT_FOLDS: Record<string, Fold> = {
  'arith.negf': (op, c) => {
    const prev = op.operand(0).definingOp;
    if (prev?.name === 'arith.negf') return prev.operand(0);
    return foldUnary('float', c[0], op.results[0]!.type, (a, e) => F.negate(a, kindOf(e)));
  },
  'arith.addf': (op, c) => (Object.is(constFloat(c[1]), -0) ? lhsOf(op) : arithF((x, y) => x + y)(c)),
  'arith.subf': (op, c) => (Object.is(constFloat(c[1]), 0) ? lhsOf(op) : arithF((x, y) => x - y)(c)),
  'arith.mulf': (op, c) => (constFloat(c[1]) === 1 ? lhsOf(op) : arithF((x, y) => x * y)(c)),
  'arith.divf': (op, c) => (constFloat(c[1]) === 1 ? lhsOf(op) : arithF((x, y) => x / y)(c)),
  'arith.remf': (_op, c) => arithF((x, y) => x % y)(c),
  'arith.maximumf': (op, c) => {
    if (sameValue(op)) return rhsOf(op);
    if (constFloat(c[1]) === -Infinity) return lhsOf(op);
    return floatBinary(F.maximum)(c);
  },
  // MLIR 19 folds maxnumf with llvm::maximum (NaN wins), not maxnum.
  'arith.maxnumf': (op, c) => {
    if (sameValue(op)) return rhsOf(op);
    if (constFloat(c[1]) === -Infinity) return lhsOf(op);
    return floatBinary(F.maximum)(c);
  },
  'arith.minimumf': (op, c) => {
    if (sameValue(op)) return rhsOf(op);
    if (constFloat(c[1]) === Infinity) return lhsOf(op);
    return floatBinary(F.minimum)(c);
  },
  'arith.minnumf': (op, c) => {
    if (sameValue(op)) return rhsOf(op);
    if (constFloat(c[1]) === Infinity) return lhsOf(op);
    return floatBinary(F.minnum)(c);
  },
  'arith.cmpf': (op, c) => {
    // Scalars only: MLIR's fold reads FloatAttr operands (a NaN decides either side).
    let l = decode(c[0]);
    let r = decode(c[1]);
    if (l?.shaped || l?.kind !== 'float') l = undefined;
    if (r?.shaped || r?.kind !== 'float') r = undefined;
    if (l && F.isNaNBits(l.vals[0]!, kindOf(l))) r = l;
    if (r && F.isNaNBits(r.vals[0]!, kindOf(r))) l = r;
    if (!l || !r) return undefined;
    const x = fromBits(l.vals[0]!, kindOf(l));
    const y = fromBits(r.vals[0]!, kindOf(r));
    const pred = Number((op.getAttr('predicate') as { value?: bigint } | undefined)?.value ?? -1n);
    const res = cmpf(pred, x, y);
    // A plain BoolAttr even for vectors (MLIR's fold does the same; it then does not materialize).
    return res === undefined ? undefined : encode(IntegerType.get(1), [res ? 1n : 0n]);
  },
  'arith.extf': (op, c) => {
    const trunc = op.operand(0).definingOp;
    if (trunc?.name === 'arith.truncf' && trunc.operand(0).type === op.results[0]!.type &&
      hasContract(trunc) && hasContract(op)) return trunc.operand(0);
    return castFloat(op, c);
  },
  'arith.truncf': (op, c) => castFloat(op, c),
  'arith.sitofp': (op, c) => intToFloat(op, c, true),
  'arith.uitofp': (op, c) => intToFloat(op, c, false),
  'arith.fptosi': (op, c) => floatToInt(op, c, true),
  'arith.fptoui': (op, c) => floatToInt(op, c, false),
};

function hasContract(op: Operation): boolean {
  const fm = op.getAttr('fastmath');
  return fm instanceof ArithFlagsAttr && fm.has('contract');
}

/** APFloat::compare then the predicate (applyCmpPredicate); x/y NaN means unordered. */
function cmpf(pred: number, x: number, y: number): boolean | undefined {
  const un = Number.isNaN(x) || Number.isNaN(y);
  const lt = !un && x < y;
  const gt = !un && x > y;
  const eq = !un && x === y;
  const table: boolean[] = [false, eq, gt, gt || eq, lt, lt || eq, !un && !eq, !un,
    un || eq, un || gt, un || gt || eq, un || lt, un || lt || eq, !eq, un, true];
  return table[pred];
}

function castFloat(op: Operation, c: Consts): Attribute | undefined {
  const to = elementOf(op.results[0]!.type);
  if (!(to instanceof FloatType)) return undefined;
  return foldUnary('float', c[0], op.results[0]!.type, (a, e) => F.convertFloat(a, kindOf(e), to.kind));
}

function intToFloat(op: Operation, c: Consts, signed: boolean): Attribute | undefined {
  const to = elementOf(op.results[0]!.type);
  if (!(to instanceof FloatType)) return undefined;
  return foldUnary('int', c[0], op.results[0]!.type,
    (a, e) => F.intToFloat(signed ? BigInt.asIntN(e.width, a) : a, to.kind));
}

function floatToInt(op: Operation, c: Consts, signed: boolean): Attribute | undefined {
  const to = elementOf(op.results[0]!.type);
  if (!(to instanceof IntegerType)) return undefined;
  return foldUnary('float', c[0], op.results[0]!.type, (a, e) => F.floatToInt(a, kindOf(e), to.width, signed));
}

// ---- casts between integers and bits ------------------------------------------------

const widthOf = (t: Operation['results'][number]['type']): number | undefined => {
  const e = elementOf(t);
  return e instanceof IntegerType ? e.width : e instanceof IndexType ? 64 : e instanceof FloatType ? e.width : undefined;
};

const CAST_FOLDS: Record<string, Fold> = {
  'arith.bitcast': (op, c) => {
    const a = decode(c[0]);
    const rt = op.results[0]!.type;
    const to = elementOf(rt);
    if (!a || to instanceof IndexType || a.elt instanceof IndexType || widthOf(rt) !== a.width) return undefined;
    if (!eltInfo(to)) return undefined;
    return encode(rt, a.vals);
  },
};

// ---- select -------------------------------------------------------------------------

function selectFold(op: Operation, c: Consts): Attribute | Value | undefined {
  const [cond, tv, fv] = op.operandValues();
  if (tv === fv) return tv;
  if (isOne(c[0])) return tv;
  if (isZero(c[0])) return fv;
  const t = op.results[0]!.type;
  if (t instanceof IntegerType && t.width === 1 && isOne(c[1]) && isZero(c[2])) return cond;
  const cmp = cond!.definingOp;
  if (cmp?.name === 'arith.cmpi') {
    const pred = Number((cmp.getAttr('predicate') as IntegerAttr).value);
    const [l, r] = cmp.operandValues();
    if ((pred === 0 || pred === 1) && ((l === tv && r === fv) || (r === tv && l === fv))) return pred === 1 ? tv : fv;
  }
  // A non-splat constant condition picks element by element.
  const ce = decode(c[0]);
  const te = decode(c[1]);
  const fe = decode(c[2]);
  if (ce?.shaped && te?.shaped && fe?.shaped && ce.count === te.count && te.count === fe.count) {
    const vals = Array.from({ length: te.count }, (_, i) => (at(ce, i) ? at(te, i) : at(fe, i)));
    return encode(te.type, vals);
  }
  return undefined;
}

/** Every arith fold hook by op name. */
export const ARITH_FOLDS: Record<string, FoldHook> = {};
const one = (f: Fold): FoldHook => (op, c) => {
  const r = f(op, c);
  return r === undefined ? undefined : [r];
};
for (const [name, f] of Object.entries({ ...INT_FOLDS.single, ...FLOAT_FOLDS, ...CAST_FOLDS, 'arith.select': selectFold })) {
  ARITH_FOLDS[name] = one(f);
}
Object.assign(ARITH_FOLDS, INT_FOLDS.multi);

/** Attaches the fold hooks to the arith op specs (arith.constant folds through its ConstantLike value). */
export function withFolds<T extends { name: string; fold?: FoldHook }>(specs: T[]): T[] {
  return specs.map((s) => (ARITH_FOLDS[s.name] ? { ...s, fold: ARITH_FOLDS[s.name] } : s));
}
