/**
 * scf.while canonicalizations (MLIR 19 lib/Dialect/SCF/IR/SCF.cpp,
 * WhileOp::getCanonicalizationPatterns), in MLIR's registration order, all of
 * benefit 1. "before"/"after" are the two regions' single blocks; the
 * condition's forwarded values are its operands after the first.
 *
 *  1. RemoveLoopInvariantArgsFromBeforeBlock: before argument i is invariant
 *     when yield operand i is init i, or is after argument k whose condition
 *     operand k is before argument i or init i. Invariant arguments are dropped
 *     (their uses become init i) together with their init and yield operand.
 *  2. RemoveLoopInvariantValueYielded: a condition operand defined outside the
 *     before block is dropped; the after argument and the result it fed become
 *     that value.
 *  3. WhileConditionTruth: a used after argument fed the condition itself
 *     becomes an `arith.constant true` (made before the loop).
 *  4. WhileCmpCond: when the condition is an arith.cmpi one of whose operands
 *     is forwarded as after argument a, each cmpi user of a comparing with the
 *     same other operand becomes a constant (made before the loop): true for
 *     the same predicate, false for the inverse one.
 *  5. WhileUnusedResult: a forwarded value whose result and after argument are
 *     both unused is dropped.
 *  6. WhileRemoveDuplicatedResults: condition operands forwarded more than once
 *     are forwarded once; results and after arguments of the copies merge.
 *  7. WhileRemoveUnusedArgs: unused before arguments are dropped with their
 *     init and yield operand.
 *  8. WhileOpAlignBeforeArgs: when the condition forwards exactly the before
 *     arguments (no duplicates) in another order, it forwards them in argument
 *     order; results and after arguments are permuted to match.
 * Each rewrite builds a new scf.while (without the old one's attributes, as
 * MLIR's builders do) and moves the blocks over.
 */
import { Block, BlockArgument, IntegerAttr, IntegerType, type Operation, type Rewriter, type Type, type Value } from '@lifeline/ir';
import type { RewritePattern } from './pattern.js';

const beforeOf = (op: Operation): Block => op.regions[0]!.blocks[0]!;
const afterOf = (op: Operation): Block => op.regions[1]!.blocks[0]!;
const conditionOf = (op: Operation): Operation => beforeOf(op).last!;
const yieldOf = (op: Operation): Operation => afterOf(op).last!;
const forwarded = (cond: Operation): Value[] => cond.operandValues().slice(1);

/** A new scf.while before `op` with empty regions. */
function newWhile(rw: Rewriter, op: Operation, resultTypes: readonly Type[], inits: readonly Value[]): Operation {
  rw.setInsertionPointBefore(op);
  return rw.create('scf.while', { operands: inits, resultTypes, regions: 2, loc: op.loc });
}

/** Replaces the terminator `term` by a new op of the same name with `operands`. */
function replaceTerminator(rw: Rewriter, term: Operation, operands: readonly Value[]): void {
  rw.setInsertionPointBefore(term);
  rw.create(term.name, { operands, loc: term.loc });
  rw.eraseOp(term);
}

/** (1) */
const removeLoopInvariantArgsFromBeforeBlock: RewritePattern = {
  name: 'RemoveLoopInvariantArgsFromBeforeBlock', rootName: 'scf.while',
  matchAndRewrite(op, rw) {
    const before = beforeOf(op), after = afterOf(op);
    const condArgs = forwarded(conditionOf(op));
    const y = yieldOf(op);
    const yields = y.operandValues();
    const inits = op.operandValues();
    const invariant = inits.map((init, i) => {
      const yv = yields[i]!;
      if (yv === init) return true;
      if (!(yv instanceof BlockArgument) || yv.owner !== after) return false;
      const c = condArgs[yv.index];
      return c === before.arguments[i] || c === init;
    });
    if (!invariant.some((b) => b)) return false;
    const keep = (_: unknown, i: number) => !invariant[i];
    const newYields = yields.filter(keep);
    replaceTerminator(rw, y, newYields);
    const n = newWhile(rw, op, op.results.map((r) => r.type), inits.filter(keep));
    const nb = rw.createBlock(n.regions[0]!, newYields.map((v) => v.type));
    let j = 0;
    rw.mergeBlocks(before, nb, inits.map((init, i) => (invariant[i] ? init : nb.arguments[j++]!)));
    rw.inlineRegionBefore(op.regions[1]!, n.regions[1]!);
    rw.replaceOp(op, n.results);
    return true;
  },
};

/** (2) */
const removeLoopInvariantValueYielded: RewritePattern = {
  name: 'RemoveLoopInvariantValueYielded', rootName: 'scf.while',
  matchAndRewrite(op, rw) {
    const before = beforeOf(op), after = afterOf(op);
    const cond = conditionOf(op);
    const args = forwarded(cond);
    const outside = args.map((v) => v.parentBlock !== before);
    if (!outside.some((b) => b)) return false;
    const kept = args.filter((_, i) => !outside[i]);
    replaceTerminator(rw, cond, [cond.operand(0), ...kept]);
    const types = kept.map((v) => v.type);
    const n = newWhile(rw, op, types, op.operandValues());
    const na = rw.createBlock(n.regions[1]!, types);
    const argRepl: Value[] = [], results: Value[] = [];
    let j = 0;
    args.forEach((v, i) => {
      if (outside[i]) {
        argRepl.push(v);
        results.push(v);
      } else {
        argRepl.push(na.arguments[j]!);
        results.push(n.results[j++]!);
      }
    });
    rw.mergeBlocks(after, na, argRepl);
    rw.inlineRegionBefore(op.regions[0]!, n.regions[0]!);
    rw.replaceOp(op, results);
    return true;
  },
};

/** (3) */
const whileConditionTruth: RewritePattern = {
  name: 'WhileConditionTruth', rootName: 'scf.while',
  matchAndRewrite(op, rw) {
    const cond = conditionOf(op);
    const c = cond.operand(0);
    let t: Value | undefined;
    let replaced = false;
    forwarded(cond).forEach((v, i) => {
      const arg = afterOf(op).arguments[i]!;
      if (v !== c || !arg.hasUses) return;
      if (!t) {
        rw.setInsertionPointBefore(op);
        t = rw.create('arith.constant', { resultTypes: [c.type], attributes: [['value', IntegerAttr.bool(true)]], loc: op.loc }).results[0]!;
      }
      rw.replaceAllUsesWith(arg, t);
      replaced = true;
    });
    return replaced;
  },
};

/** arith.cmpi predicates in MLIR's enum order, and arith::invertPredicate. */
const PREDICATES = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'];
const INVERSE: Record<string, string> = {
  eq: 'ne', ne: 'eq', slt: 'sge', sle: 'sgt', sgt: 'sle', sge: 'slt', ult: 'uge', ule: 'ugt', ugt: 'ule', uge: 'ult',
};
function predicateOf(cmp: Operation): string | undefined {
  const p = cmp.getAttr('predicate');
  return p instanceof IntegerAttr ? PREDICATES[Number(p.value)] : undefined;
}

/** (4) */
const whileCmpCond: RewritePattern = {
  name: 'WhileCmpCond', rootName: 'scf.while',
  matchAndRewrite(op, rw) {
    const cond = conditionOf(op);
    const cmp = cond.operand(0).definingOp;
    if (!cmp || cmp.name !== 'arith.cmpi') return false;
    const pred = predicateOf(cmp);
    let changed = false;
    forwarded(cond).forEach((v, i) => {
      const arg = afterOf(op).arguments[i]!;
      for (let k = 0; k < 2; k++) {
        if (v !== cmp.operand(k)) continue;
        for (let u = arg.firstUse; u;) {
          const next = u.nextUse;
          const cmp2 = u.owner;
          u = next;
          if (cmp2.name !== 'arith.cmpi' || cmp2.operand(1 - k) !== cmp.operand(1 - k)) continue;
          const p2 = predicateOf(cmp2);
          if (p2 === undefined || pred === undefined) continue;
          let same: boolean;
          if (p2 === pred) same = true;
          else if (p2 === INVERSE[pred]) same = false;
          else continue;
          // Skip the other uses of arg by this same op: it is about to go.
          while (u && u.owner === cmp2) u = u.nextUse;
          // MLIR's replaceOpWithNewOp creates at the driver's insertion
          // point, before the scf.while, not before cmp2.
          rw.setInsertionPointBefore(op);
          const c = rw.create('arith.constant', {
            resultTypes: [IntegerType.get(1)], attributes: [['value', IntegerAttr.bool(same)]], loc: cmp2.loc,
          });
          rw.replaceOp(cmp2, c.results);
          changed = true;
        }
      }
    });
    return changed;
  },
};

/** (5) */
const whileUnusedResult: RewritePattern = {
  name: 'WhileUnusedResult', rootName: 'scf.while',
  matchAndRewrite(op, rw) {
    const cond = conditionOf(op);
    const args = forwarded(cond);
    const after = afterOf(op);
    const keep = op.results.map((r, i) => r.hasUses || after.arguments[i]!.hasUses);
    if (keep.every((k) => k)) return false;
    replaceTerminator(rw, cond, [cond.operand(0), ...args.filter((_, i) => keep[i])]);
    const types = op.results.filter((_, i) => keep[i]).map((r) => r.type);
    const n = newWhile(rw, op, types, op.operandValues());
    const na = rw.createBlock(n.regions[1]!, types);
    const results: Value[] = [], argRepl: Value[] = [];
    let j = 0;
    op.results.forEach((r, i) => {
      // Dropped entries have no uses: they stand for themselves.
      if (!keep[i]) {
        results.push(r);
        argRepl.push(after.arguments[i]!);
        return;
      }
      results.push(n.results[j]!);
      argRepl.push(na.arguments[j++]!);
    });
    rw.inlineRegionBefore(op.regions[0]!, n.regions[0]!, na);
    rw.mergeBlocks(after, na, argRepl);
    rw.replaceOp(op, results);
    return true;
  },
};

/** (6) */
const whileRemoveDuplicatedResults: RewritePattern = {
  name: 'WhileRemoveDuplicatedResults', rootName: 'scf.while',
  matchAndRewrite(op, rw) {
    const cond = conditionOf(op);
    const args = forwarded(cond);
    const pos = new Map<Value, number>();
    for (const v of args) if (!pos.has(v)) pos.set(v, pos.size);
    if (pos.size === args.length) return false;
    const unique = [...pos.keys()];
    const n = newWhile(rw, op, unique.map((v) => v.type), op.operandValues());
    const nb = rw.createBlock(n.regions[0]!, beforeOf(op).arguments.map((a) => a.type));
    const na = rw.createBlock(n.regions[1]!, unique.map((v) => v.type));
    replaceTerminator(rw, cond, [cond.operand(0), ...unique]);
    rw.mergeBlocks(beforeOf(op), nb, nb.arguments);
    rw.mergeBlocks(afterOf(op), na, args.map((v) => na.arguments[pos.get(v)!]!));
    rw.replaceOp(op, args.map((v) => n.results[pos.get(v)!]!));
    return true;
  },
};

/** (7) */
const whileRemoveUnusedArgs: RewritePattern = {
  name: 'WhileRemoveUnusedArgs', rootName: 'scf.while',
  matchAndRewrite(op, rw) {
    const before = beforeOf(op);
    const dead = before.arguments.map((a) => !a.hasUses);
    if (!dead.some((d) => d)) return false;
    const y = yieldOf(op);
    const newYields = y.operandValues().filter((_, i) => !dead[i]);
    const newInits = op.operandValues().filter((_, i) => !dead[i]);
    for (let i = dead.length - 1; i >= 0; i--) if (dead[i]) before.eraseArgument(i);
    const n = newWhile(rw, op, op.results.map((r) => r.type), newInits);
    const nb = rw.createBlock(n.regions[0]!, newInits.map((v) => v.type));
    const na = rw.createBlock(n.regions[1]!, afterOf(op).arguments.map((a) => a.type));
    replaceTerminator(rw, y, newYields);
    rw.mergeBlocks(before, nb, nb.arguments);
    rw.mergeBlocks(afterOf(op), na, na.arguments);
    rw.replaceOp(op, n.results);
    return true;
  },
};

/** (8) */
const whileOpAlignBeforeArgs: RewritePattern = {
  name: 'WhileOpAlignBeforeArgs', rootName: 'scf.while',
  matchAndRewrite(op, rw) {
    const before = beforeOf(op);
    const cond = conditionOf(op);
    const bargs = before.arguments;
    const targs = forwarded(cond);
    if (bargs.length === targs.length && bargs.every((a, i) => a === targs[i])) return false;
    if (new Set(targs).size !== targs.length) return false;
    if (bargs.length !== targs.length) return false;
    // mapping[t] = index in before args of condition operand t.
    const mapping: number[] = [];
    for (const t of targs) {
      const i = (bargs as readonly Value[]).indexOf(t);
      if (i < 0) return false;
      mapping.push(i);
    }
    replaceTerminator(rw, cond, [cond.operand(0), ...bargs]);
    const types: Type[] = new Array(bargs.length);
    mapping.forEach((j, i) => (types[j] = op.results[i]!.type));
    const n = newWhile(rw, op, types, op.operandValues());
    const nb = rw.createBlock(n.regions[0]!, bargs.map((a) => a.type));
    const na = rw.createBlock(n.regions[1]!, types);
    rw.mergeBlocks(before, nb, nb.arguments);
    rw.mergeBlocks(afterOf(op), na, mapping.map((j) => na.arguments[j]!));
    rw.replaceOp(op, mapping.map((j) => n.results[j]!));
    return true;
  },
};

export const scfWhilePatterns: RewritePattern[] = [
  removeLoopInvariantArgsFromBeforeBlock, removeLoopInvariantValueYielded, whileConditionTruth, whileCmpCond,
  whileUnusedResult, whileRemoveDuplicatedResults, whileRemoveUnusedArgs, whileOpAlignBeforeArgs,
];
