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
 *  8. cf.switch, in MLIR's order. A rewritten switch is a new op (its
 *     discardable attributes go, as with MLIR's builder); case values compare as
 *     bit patterns of the flag's width.
 *     a. SimplifySwitchWithOnlyDefault: no cases: a cf.br to the default.
 *     b. DropSwitchCasesThatMatchDefault: cases going where the default goes,
 *        with the same operands, are dropped.
 *     c. SimplifyConstSwitchValue: a constant flag: a cf.br to the matching
 *        case, else to the default.
 *     d. SimplifyPassThroughSwitch: (1) on every case and on the default.
 *     e. SimplifySwitchFromSwitchOnSameCondition: when this block's single
 *        predecessor edge is a case (not the default) of a switch on the same
 *        flag, as (c) with that case's value; otherwise a cf.br to the default.
 *     f. SimplifySwitchFromDefaultSwitchOnSameCondition: when that edge is the
 *        default of a switch on the same flag, the cases of that switch's
 *        values are dropped.
 *  9. cf.assert (AssertOp::canonicalize): a constant-true condition can never
 *     fail, so the assertion is erased.
 */
import {
  BlockArgument, DenseArrayAttr, DenseElementsAttr, IntegerAttr, IntegerType, VectorType,
  type Block, type DenseLeaf, type Operation, type Rewriter, type Value,
} from '@lifeline/ir';
import { switchCaseValues } from '@lifeline/dialects';
import { constBool, constIntBits } from './match.js';
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
        rw.modifyInPlace(use.owner, () => use.owner.setOperand(use.index, to));
      }
    });
    return replaced;
  },
};

/** (8) A switch's cases: value leaf (as stored), bit pattern at the flag's width, target. */
interface Case { leaf: DenseLeaf; bits: bigint; target: Target }

function switchParts(op: Operation): { flag: Value; width: number; def: Target; cases: Case[] } {
  const branch = op.def!.spec.branch!;
  const flag = op.operand(0);
  const width = flag.type instanceof IntegerType ? flag.type.width : 64;
  const attr = op.getAttr('case_values');
  const leaves = attr instanceof DenseElementsAttr ? attr.leaves() : [];
  const target = (i: number): Target => ({ block: op.successors[i]!, operands: [...branch.successorOperands(op, i)] });
  const cases = switchCaseValues(op).map((v, i): Case => ({
    leaf: leaves.length === 1 ? leaves[0]! : leaves[i]!, bits: BigInt.asUintN(width, v), target: target(i + 1),
  }));
  return { flag, width, def: target(0), cases };
}

/** Replaces switch `at` by a new one. */
function replaceSwitch(rw: Rewriter, at: Operation, flag: Value, def: Target, cases: readonly Case[]): void {
  rw.setInsertionPointBefore(at);
  const caseOperands = cases.flatMap((c) => c.target.operands);
  const attributes: [string, DenseArrayAttr | DenseElementsAttr][] = [
    ['operandSegmentSizes', new DenseArrayAttr(IntegerType.get(32), [1, def.operands.length, caseOperands.length])],
    ['case_operand_segments', new DenseArrayAttr(IntegerType.get(32), cases.map((c) => c.target.operands.length))],
  ];
  if (cases.length) attributes.push(['case_values', new DenseElementsAttr(cases.map((c) => c.leaf), VectorType.get([cases.length], flag.type))]);
  rw.create('cf.switch', {
    operands: [flag, ...def.operands, ...caseOperands], successors: [def.block, ...cases.map((c) => c.target.block)], loc: at.loc, attributes,
  });
  rw.eraseOp(at);
}

const sameOperands = (a: Target, b: Target): boolean => a.operands.length === b.operands.length && a.operands.every((v, i) => v === b.operands[i]);

/** (8a, 8c, 8e) The cf.br a switch takes for flag `value` (undefined: no case, the default). */
function foldSwitch(rw: Rewriter, op: Operation, value?: bigint): void {
  const { width, def, cases } = switchParts(op);
  const bits = value === undefined ? undefined : BigInt.asUintN(width, value);
  newBr(rw, op, cases.find((c) => c.bits === bits)?.target ?? def);
  rw.eraseOp(op);
}

/** (8) Replaces `op` by a switch with the cases `keep` accepts, when it drops any. */
function dropCases(rw: Rewriter, op: Operation, keep: (c: Case, def: Target) => boolean): boolean {
  const { flag, def, cases } = switchParts(op);
  const kept = cases.filter((c) => keep(c, def));
  if (kept.length === cases.length) return false;
  replaceSwitch(rw, op, flag, def, kept);
  return true;
}

/** (8e, 8f) The switch on the same flag whose single edge enters this block. */
function predecessorSwitch(op: Operation): Operation | undefined {
  const pred = singlePredecessor(op.parent!)?.last;
  return pred?.name === 'cf.switch' && pred.operand(0) === op.operand(0) ? pred : undefined;
}

const switchPatterns: RewritePattern[] = [
  {
    name: 'SimplifySwitchWithOnlyDefault', rootName: 'cf.switch',
    matchAndRewrite(op, rw) {
      if (op.successors.length !== 1) return false;
      foldSwitch(rw, op);
      return true;
    },
  },
  {
    name: 'DropSwitchCasesThatMatchDefault', rootName: 'cf.switch',
    matchAndRewrite: (op, rw) => dropCases(rw, op, (c, def) => !(c.target.block === def.block && sameOperands(c.target, def))),
  },
  {
    name: 'SimplifyConstSwitchValue', rootName: 'cf.switch',
    matchAndRewrite(op, rw) {
      const c = constIntBits(op.operand(0));
      if (!c) return false;
      foldSwitch(rw, op, c.bits);
      return true;
    },
  },
  {
    name: 'SimplifyPassThroughSwitch', rootName: 'cf.switch',
    matchAndRewrite(op, rw) {
      const { flag, def, cases } = switchParts(op);
      let changed = false;
      const through = (t: Target): Target => {
        const c = collapse(t);
        if (c) changed = true;
        return c ?? t;
      };
      const newCases = cases.map((c) => ({ ...c, target: through(c.target) }));
      const newDef = through(def);
      if (!changed) return false;
      replaceSwitch(rw, op, flag, newDef, newCases);
      return true;
    },
  },
  {
    name: 'SimplifySwitchFromSwitchOnSameCondition', rootName: 'cf.switch',
    matchAndRewrite(op, rw) {
      const pred = predecessorSwitch(op);
      if (!pred || pred.successors[0] === op.parent) return false;
      foldSwitch(rw, op, switchParts(pred).cases.find((c) => c.target.block === op.parent)?.bits);
      return true;
    },
  },
  {
    name: 'SimplifySwitchFromDefaultSwitchOnSameCondition', rootName: 'cf.switch',
    matchAndRewrite(op, rw) {
      const pred = predecessorSwitch(op);
      if (!pred || pred.successors[0] !== op.parent) return false;
      const impossible = new Set(switchParts(pred).cases.filter((c) => c.target.block !== op.parent).map((c) => c.bits));
      return dropCases(rw, op, (c) => !impossible.has(c.bits));
    },
  },
];

/** (9) */
const eraseAssertTrue: RewritePattern = {
  name: 'AssertOp::canonicalize', rootName: 'cf.assert',
  matchAndRewrite(op, rw) {
    if (constBool(op.operand(0)) !== true) return false;
    rw.eraseOp(op);
    return true;
  },
};

export const cfPatterns: RewritePattern[] = [
  eraseAssertTrue,
  branchCanonicalize,
  simplifyConstCondBranchPred, simplifyPassThroughCondBranch, simplifyCondBranchIdenticalSuccessors,
  simplifyCondBranchFromCondBranchOnSameCondition, condBranchTruthPropagation,
  ...switchPatterns,
];
