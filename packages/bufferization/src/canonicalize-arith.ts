/**
 * arith canonicalizations the deallocation pipeline meets (MLIR 19
 * ArithCanonicalization.td and ArithOps.cpp). DRR patterns have the benefit
 * MLIR gives them: the number of ops in the source pattern.
 *
 *  1. cmpi with a constant lhs and a non-constant rhs swaps its operands and
 *     predicate (MLIR does this in place in CmpIOp::fold; here a pattern tried
 *     before every other).
 *  2. XOrINotCmpI: xori(cmpi(p, a, b), true) -> cmpi(!p, a, b) (benefit 2).
 *  3. XOrIOfExtUI / XOrIOfExtSI: xori(ext(x), ext(y)) -> ext(xori(x, y)) when x
 *     and y have one type (benefit 3).
 *  4. CmpIExtSI / CmpIExtUI: cmpi eq/ne of two same-kind extensions of one
 *     type compares the sources (benefit 2).
 *  5. select, in MLIR's order: RedundantSelectFalse select(p, a, select(p, b, c))
 *     -> select(p, a, c); RedundantSelectTrue select(p, select(p, a, b), c) ->
 *     select(p, a, c); SelectNotCond select(xori(p, -1), a, b) -> select(p, b, a)
 *     (benefit 2 each); SelectI1ToNot select(p, false, true) -> xori(p, true);
 *     SelectToExtUI on non-i1 integers: select(p, 1, 0) -> extui(p),
 *     select(p, 0, 1) -> extui(xori(p, 1)) (benefit 1).
 */
import { IntegerAttr, IntegerType, type Operation, type Rewriter, type Type, type Value } from '@lifeline/ir';
import { constBool, constOf, defOp, isAllOnes, isOne, isZero } from './match.js';
import type { RewritePattern } from './pattern.js';
import { logicOfExt } from './canonicalize-arith-casts.js';

const EQ = 0, NE = 1;
/** Predicate after swapping the operands (1). */
const SWAPPED = [0, 1, 4, 5, 2, 3, 8, 9, 6, 7];
/** Negated predicate (2). */
const INVERTED = [1, 0, 5, 4, 3, 2, 9, 8, 7, 6];

const predOf = (op: Operation): number => Number((op.getAttr('predicate') as IntegerAttr).value);
const predAttr = (p: number): IntegerAttr => new IntegerAttr(BigInt(p), IntegerType.get(64));
const i1 = IntegerType.get(1);

function create(rw: Rewriter, at: Operation, name: string, operands: Value[], type: Type, attrs: [string, IntegerAttr][] = []): Value {
  rw.setInsertionPointBefore(at);
  return rw.create(name, { operands, resultTypes: [type], attributes: attrs, loc: at.loc }).results[0]!;
}
function constant(rw: Rewriter, at: Operation, value: bigint, type: Type): Value {
  return create(rw, at, 'arith.constant', [], type, [['value', new IntegerAttr(value, type)]]);
}

/** (1) */
const cmpiConstantToRight: RewritePattern = {
  name: 'CmpIConstantLhsToRhs', rootName: 'arith.cmpi', benefit: Infinity,
  matchAndRewrite(op, rw) {
    if (!constOf(op.operand(0)) || constOf(op.operand(1))) return false;
    rw.modifyInPlace(op, () => {
      op.setAttr('predicate', predAttr(SWAPPED[predOf(op)]!));
      const [l, r] = [op.operand(0), op.operand(1)];
      op.setOperand(0, r);
      op.setOperand(1, l);
    });
    return true;
  },
};

/** (2) */
const xoriNotCmpi: RewritePattern = {
  name: 'XOrINotCmpI', rootName: 'arith.xori', benefit: 2,
  matchAndRewrite(op, rw) {
    const cmp = defOp(op.operand(0), 'arith.cmpi');
    if (!cmp || constBool(op.operand(1)) !== true) return false;
    const v = create(rw, op, 'arith.cmpi', [cmp.operand(0), cmp.operand(1)], op.results[0]!.type, [['predicate', predAttr(INVERTED[predOf(cmp)]!)]]);
    rw.replaceOp(op, [v]);
    return true;
  },
};

/** (4) */
function cmpiOfExt(ext: string): RewritePattern {
  return {
    name: ext === 'arith.extui' ? 'CmpIExtUI' : 'CmpIExtSI', rootName: 'arith.cmpi', benefit: 2,
    matchAndRewrite(op, rw) {
      const a = defOp(op.operand(0), ext);
      const b = defOp(op.operand(1), ext);
      const p = predOf(op);
      if (!a || !b || a.operand(0).type !== b.operand(0).type || (p !== EQ && p !== NE)) return false;
      rw.replaceOp(op, [create(rw, op, 'arith.cmpi', [a.operand(0), b.operand(0)], op.results[0]!.type, [['predicate', predAttr(p)]])]);
      return true;
    },
  };
}

/** (5) */
function select(rw: Rewriter, at: Operation, c: Value, a: Value, b: Value): Value {
  return create(rw, at, 'arith.select', [c, a, b], at.results[0]!.type);
}
const redundantSelectFalse: RewritePattern = {
  name: 'RedundantSelectFalse', rootName: 'arith.select', benefit: 2,
  matchAndRewrite(op, rw) {
    const inner = defOp(op.operand(2), 'arith.select');
    if (!inner || inner.operand(0) !== op.operand(0)) return false;
    rw.replaceOp(op, [select(rw, op, op.operand(0), op.operand(1), inner.operand(2))]);
    return true;
  },
};
const redundantSelectTrue: RewritePattern = {
  name: 'RedundantSelectTrue', rootName: 'arith.select', benefit: 2,
  matchAndRewrite(op, rw) {
    const inner = defOp(op.operand(1), 'arith.select');
    if (!inner || inner.operand(0) !== op.operand(0)) return false;
    rw.replaceOp(op, [select(rw, op, op.operand(0), inner.operand(1), op.operand(2))]);
    return true;
  },
};
const selectNotCond: RewritePattern = {
  name: 'SelectNotCond', rootName: 'arith.select', benefit: 2,
  matchAndRewrite(op, rw) {
    const not = defOp(op.operand(0), 'arith.xori');
    if (!not || !isAllOnes(not.operand(1))) return false;
    rw.replaceOp(op, [select(rw, op, not.operand(0), op.operand(2), op.operand(1))]);
    return true;
  },
};
const selectI1ToNot: RewritePattern = {
  name: 'SelectI1ToNot', rootName: 'arith.select',
  matchAndRewrite(op, rw) {
    if (constBool(op.operand(1)) !== false || constBool(op.operand(2)) !== true) return false;
    const t = constant(rw, op, 1n, i1);
    rw.replaceOp(op, [create(rw, op, 'arith.xori', [op.operand(0), t], op.results[0]!.type)]);
    return true;
  },
};
const selectToExtUI: RewritePattern = {
  name: 'SelectToExtUI', rootName: 'arith.select',
  matchAndRewrite(op, rw) {
    const t = op.results[0]!.type;
    if (!(t instanceof IntegerType) || t.width === 1) return false;
    if (isOne(op.operand(1)) && isZero(op.operand(2))) {
      rw.replaceOp(op, [create(rw, op, 'arith.extui', [op.operand(0)], t)]);
      return true;
    }
    if (isZero(op.operand(1)) && isOne(op.operand(2))) {
      const cond = op.operand(0);
      const one = constant(rw, op, 1n, cond.type);
      const not = create(rw, op, 'arith.xori', [cond, one], cond.type);
      rw.replaceOp(op, [create(rw, op, 'arith.extui', [not], t)]);
      return true;
    }
    return false;
  },
};

export const arithPatterns: RewritePattern[] = [
  cmpiConstantToRight,
  // (3) as arith-casts.ts (5) makes and/or of two like extensions
  xoriNotCmpi, logicOfExt('XOrIOfExtUI', 'arith.xori', 'arith.extui'), logicOfExt('XOrIOfExtSI', 'arith.xori', 'arith.extsi'),
  cmpiOfExt('arith.extsi'), cmpiOfExt('arith.extui'),
  redundantSelectFalse, redundantSelectTrue, selectNotCond, selectI1ToNot, selectToExtUI,
];
