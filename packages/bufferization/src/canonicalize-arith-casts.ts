/**
 * arith cast-chain canonicalizations (MLIR 19 ArithOps.cpp folds and
 * ArithCanonicalization.td patterns). DRR patterns have MLIR's benefit: the
 * number of ops in the source pattern.
 *
 *  1. Folds MLIR makes in place, so before any pattern (arith-fold.ts (3) leaves
 *     them to the canonicalizer): extui(extui(x)) -> extui(x), extsi(extsi(x)) ->
 *     extsi(x), trunci(trunci(x)) -> trunci(x), and trunci(ext(x)) -> trunci(x)
 *     when x is wider than the result. A bitcast to its operand's own type is
 *     that operand (CastOpInterface fold).
 *  2. BitcastOfBitcast: bitcast(bitcast(x)) -> bitcast(x) (benefit 2).
 *  3. ExtSIOfExtUI: extsi(extui(x)) -> extui(x): the sign bit of a zero
 *     extension is 0 (benefit 2).
 *  4. TruncIExtSIToExtSI / TruncIExtUIToExtUI: trunci(ext(x)) -> ext(x) when x is
 *     narrower than the result, only extension bits being dropped (benefit 2).
 *  5. AndOfExtUI / AndOfExtSI / OrOfExtUI / OrOfExtSI: and/or of two like
 *     extensions of one type is the extension of the and/or (benefit 3).
 *  6. IndexCastOfIndexCast / IndexCastUIOfIndexCastUI: a round trip back to the
 *     start type is the value; IndexCastOfExtSI / IndexCastUIOfExtUI: the cast
 *     reads the extension's source (benefit 2 each).
 */
import { IntegerType, type Operation, type Rewriter, type Type, type Value } from '@lifeline/ir';
import { defOp } from './match.js';
import type { RewritePattern } from './pattern.js';

/** Bit width of an integer or of the integer elements of a vector/tensor. */
function intWidth(t: Type): number | undefined {
  const e = 'elementType' in t ? (t as { elementType: Type }).elementType : t;
  return e instanceof IntegerType ? e.width : undefined;
}

function castTo(rw: Rewriter, at: Operation, name: string, x: Value, type: Type): Value {
  rw.setInsertionPointBefore(at);
  return rw.create(name, { operands: [x], resultTypes: [type], loc: at.loc }).results[0]!;
}

/** Replaces the root cast by `name(x)` of the same result type. */
function recast(rw: Rewriter, op: Operation, name: string, x: Value): true {
  rw.replaceOp(op, [castTo(rw, op, name, x, op.results[0]!.type)]);
  return true;
}

/** (1) */
const inPlaceCastFolds: RewritePattern[] = [
  ...['arith.extui', 'arith.extsi'].map((ext): RewritePattern => ({
    name: `${ext}(${ext}) fold`, rootName: ext, benefit: Infinity,
    matchAndRewrite(op, rw) {
      const inner = defOp(op.operand(0), ext);
      if (!inner) return false;
      rw.modifyInPlace(op, () => op.setOperand(0, inner.operand(0)));
      return true;
    },
  })),
  {
    name: 'arith.trunci fold', rootName: 'arith.trunci', benefit: Infinity,
    matchAndRewrite(op, rw) {
      const inner = defOp(op.operand(0), 'arith.trunci');
      const ext = defOp(op.operand(0), 'arith.extui') ?? defOp(op.operand(0), 'arith.extsi');
      const src = inner?.operand(0) ?? ext?.operand(0);
      if (!src) return false;
      if (ext && !((intWidth(src.type) ?? 0) > (intWidth(op.results[0]!.type) ?? 0))) return false;
      rw.modifyInPlace(op, () => op.setOperand(0, src));
      return true;
    },
  },
  {
    name: 'arith.bitcast identity fold', rootName: 'arith.bitcast', benefit: Infinity,
    matchAndRewrite(op, rw) {
      if (op.operand(0).type !== op.results[0]!.type) return false;
      rw.replaceOp(op, [op.operand(0)]);
      return true;
    },
  },
];

/** A DRR pattern `outer(inner(x)) -> result(x)`; `when` constrains x and the root. */
function castOfCast(name: string, outer: string, inner: string, result: string,
  when: (x: Value, op: Operation) => boolean = () => true): RewritePattern {
  return {
    name, rootName: outer, benefit: 2,
    matchAndRewrite(op, rw) {
      const def = defOp(op.operand(0), inner);
      if (!def || !when(def.operand(0), op)) return false;
      return recast(rw, op, result, def.operand(0));
    },
  };
}

const narrowerThanResult = (x: Value, op: Operation): boolean =>
  (intWidth(x.type) ?? Infinity) < (intWidth(op.results[0]!.type) ?? 0);

/** (6) */
function roundTrip(name: string, cast: string): RewritePattern {
  return {
    name, rootName: cast, benefit: 2,
    matchAndRewrite(op, rw) {
      const def = defOp(op.operand(0), cast);
      if (!def || def.operand(0).type !== op.results[0]!.type) return false;
      rw.replaceOp(op, [def.operand(0)]);
      return true;
    },
  };
}

/** (5) */
export function logicOfExt(name: string, logic: string, ext: string): RewritePattern {
  return {
    name, rootName: logic, benefit: 3,
    matchAndRewrite(op, rw) {
      const a = defOp(op.operand(0), ext);
      const b = defOp(op.operand(1), ext);
      if (!a || !b || a.operand(0).type !== b.operand(0).type) return false;
      rw.setInsertionPointBefore(op);
      const inner = rw.create(logic, { operands: [a.operand(0), b.operand(0)], resultTypes: [a.operand(0).type], loc: op.loc });
      return recast(rw, op, ext, inner.results[0]!);
    },
  };
}

export const arithCastPatterns: RewritePattern[] = [
  ...inPlaceCastFolds,
  castOfCast('BitcastOfBitcast', 'arith.bitcast', 'arith.bitcast', 'arith.bitcast'),
  castOfCast('ExtSIOfExtUI', 'arith.extsi', 'arith.extui', 'arith.extui'),
  castOfCast('TruncIExtSIToExtSI', 'arith.trunci', 'arith.extsi', 'arith.extsi', narrowerThanResult),
  castOfCast('TruncIExtUIToExtUI', 'arith.trunci', 'arith.extui', 'arith.extui', narrowerThanResult),
  logicOfExt('AndOfExtUI', 'arith.andi', 'arith.extui'), logicOfExt('AndOfExtSI', 'arith.andi', 'arith.extsi'),
  logicOfExt('OrOfExtUI', 'arith.ori', 'arith.extui'), logicOfExt('OrOfExtSI', 'arith.ori', 'arith.extsi'),
  roundTrip('IndexCastOfIndexCast', 'arith.index_cast'), roundTrip('IndexCastUIOfIndexCastUI', 'arith.index_castui'),
  castOfCast('IndexCastOfExtSI', 'arith.index_cast', 'arith.extsi', 'arith.index_cast'),
  castOfCast('IndexCastUIOfExtUI', 'arith.index_castui', 'arith.extui', 'arith.index_castui'),
];
