/**
 * cf.br and cf.cond_br canonicalizations (MLIR 19 lib/Dialect/ControlFlow/IR/
 * ControlFlowOps.cpp), in MLIR's registration order, benefit 1. New branches
 * are built before the op they replace.
 *
 *  1. collapse(succ, operands): a successor whose only op is a cf.br to another
 *     block, and whose arguments are used only by that branch, is replaced by
 *     the branch's destination; the operands are the branch's, its uses of the
 *     successor's arguments remapped to the operands passed in.
 *  2. cf.br (BranchOp::canonicalize): a destination other than the own block
 *     with exactly one predecessor edge is merged into this block; otherwise a
 *     destination other than the own block that (1) collapses is replaced.
 *  3. SimplifyConstCondBranchPred: a constant condition becomes a cf.br to the
 *     taken successor.
 *  4. SimplifyPassThroughCondBranch: (1) on both successors; succeeds when
 *     either collapses.
 *  5. SimplifyCondBranchIdenticalSuccessors: both successors the same block:
 *     equal operand lists give a cf.br; otherwise, when this block is the
 *     destination's unique predecessor, differing operands become arith.select
 *     on the condition.
 *  6. SimplifyCondBranchFromCondBranchOnSameCondition: when this block's single
 *     predecessor edge comes from a cf.cond_br on the same condition, this
 *     branch goes the way that edge went.
 *  7. CondBranchTruthPropagation: uses of the condition in a successor with a
 *     single predecessor edge become true (false) constants.
 * Not implemented: the cf.switch patterns.
 */
import { BlockArgument, DenseArrayAttr, IntegerAttr, IntegerType, type Block, type Operation, type Rewriter, type Value } from '@lifeline/ir';
import { constBool } from './match.js';
import type { RewritePattern } from './pattern.js';

const i1 = IntegerType.get(1);

function singlePredecessor(b: Block): Block | undefined {
  const preds = b.predecessors();
  return preds.length === 1 ? preds[0] : undefined;
}

function uniquePredecessor(b: Block): Block | undefined {
  const preds = b.predecessors();
  return preds.length && preds.every((p) => p === preds[0]) ? preds[0] : undefined;
}

interface Target { block: Block; operands: Value[] }

/** (1) */
function collapse(t: Target): Target | undefined {
  const succ = t.block;
  const br = succ.first;
  if (!br || br !== succ.last || br.name !== 'cf.br') return undefined;
  for (const a of succ.arguments) for (let u = a.firstUse; u; u = u.nextUse) if (u.owner !== br) return undefined;
  const dest = br.successors[0]!;
  if (dest === succ) return undefined;
  const operands = br.operandValues().map((v) => (v instanceof BlockArgument && v.owner === succ ? t.operands[v.index]! : v));
  return { block: dest, operands };
}

function newBr(rw: Rewriter, at: Operation, t: Target): void {
  rw.setInsertionPointBefore(at);
  rw.create('cf.br', { operands: t.operands, successors: [t.block], loc: at.loc });
}

function newCondBr(rw: Rewriter, at: Operation, cond: Value, t: Target, f: Target): void {
  rw.setInsertionPointBefore(at);
  rw.create('cf.cond_br', {
    operands: [cond, ...t.operands, ...f.operands], successors: [t.block, f.block], loc: at.loc,
    attributes: [['operandSegmentSizes', new DenseArrayAttr(IntegerType.get(32), [1, t.operands.length, f.operands.length])]],
  });
}

function targets(op: Operation): [Target, Target] {
  const branch = op.def!.spec.branch!;
  return [0, 1].map((i) => ({ block: op.successors[i]!, operands: [...branch.successorOperands(op, i)] })) as [Target, Target];
}

/** (2) */
const branchCanonicalize: RewritePattern = {
  name: 'BranchOp::canonicalize', rootName: 'cf.br',
  matchAndRewrite(op, rw) {
    const dest = op.successors[0]!;
    const block = op.parent!;
    if (dest !== block && singlePredecessor(dest)) {
      const args = op.operandValues();
      rw.eraseOp(op);
      rw.mergeBlocks(dest, block, args);
      return true;
    }
    if (dest === block) return false;
    const c = collapse({ block: dest, operands: op.operandValues() });
    if (!c) return false;
    newBr(rw, op, c);
    rw.eraseOp(op);
    return true;
  },
};

/** (3) */
const simplifyConstCondBranchPred: RewritePattern = {
  name: 'SimplifyConstCondBranchPred', rootName: 'cf.cond_br',
  matchAndRewrite(op, rw) {
    const c = constBool(op.operand(0));
    if (c === undefined) return false;
    newBr(rw, op, targets(op)[c ? 0 : 1]);
    rw.eraseOp(op);
    return true;
  },
};

/** (4) */
const simplifyPassThroughCondBranch: RewritePattern = {
  name: 'SimplifyPassThroughCondBranch', rootName: 'cf.cond_br',
  matchAndRewrite(op, rw) {
    const [t, f] = targets(op);
    const ct = collapse(t), cf = collapse(f);
    if (!ct && !cf) return false;
    newCondBr(rw, op, op.operand(0), ct ?? t, cf ?? f);
    rw.eraseOp(op);
    return true;
  },
};

/** (5) */
const simplifyCondBranchIdenticalSuccessors: RewritePattern = {
  name: 'SimplifyCondBranchIdenticalSuccessors', rootName: 'cf.cond_br',
  matchAndRewrite(op, rw) {
    const [t, f] = targets(op);
    if (t.block !== f.block) return false;
    if (t.operands.every((v, i) => v === f.operands[i])) {
      newBr(rw, op, t);
      rw.eraseOp(op);
      return true;
    }
    if (uniquePredecessor(t.block) !== op.parent) return false;
    const cond = op.operand(0);
    rw.setInsertionPointBefore(op);
    const merged = t.operands.map((v, i) => (v === f.operands[i]
      ? v
      : rw.create('arith.select', { operands: [cond, v, f.operands[i]!], resultTypes: [v.type], loc: op.loc }).results[0]!));
    newBr(rw, op, { block: t.block, operands: merged });
    rw.eraseOp(op);
    return true;
  },
};

/** (6) */
const simplifyCondBranchFromCondBranchOnSameCondition: RewritePattern = {
  name: 'SimplifyCondBranchFromCondBranchOnSameCondition', rootName: 'cf.cond_br',
  matchAndRewrite(op, rw) {
    const block = op.parent!;
    const pred = singlePredecessor(block);
    const pb = pred?.last;
    if (!pb || pb.name !== 'cf.cond_br' || pb.operand(0) !== op.operand(0)) return false;
    newBr(rw, op, targets(op)[block === pb.successors[0] ? 0 : 1]);
    rw.eraseOp(op);
    return true;
  },
};

/** (7) */
const condBranchTruthPropagation: RewritePattern = {
  name: 'CondBranchTruthPropagation', rootName: 'cf.cond_br',
  matchAndRewrite(op, rw) {
    const cond = op.operand(0);
    let replaced = false;
    [true, false].forEach((side, i) => {
      const dest = op.successors[i]!;
      if (!singlePredecessor(dest)) return;
      let k: Value | undefined;
      for (let u = cond.firstUse; u;) {
        const use = u;
        u = u.nextUse;
        if (use.owner.parent !== dest) continue;
        replaced = true;
        if (!k) {
          rw.setInsertionPointBefore(op);
          k = rw.create('arith.constant', { resultTypes: [i1], attributes: [['value', IntegerAttr.bool(side)]], loc: op.loc }).results[0]!;
        }
        const to = k;
        rw.modifyInPlace(use.owner, () => use.set(to));
      }
    });
    return replaced;
  },
};

export const cfPatterns: RewritePattern[] = [
  branchCanonicalize,
  simplifyConstCondBranchPred, simplifyPassThroughCondBranch, simplifyCondBranchIdenticalSuccessors,
  simplifyCondBranchFromCondBranchOnSameCondition, condBranchTruthPropagation,
];
