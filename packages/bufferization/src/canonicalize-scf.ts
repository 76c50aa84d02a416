/**
 * scf canonicalizations (MLIR 19 lib/Dialect/SCF/IR/SCF.cpp), in the order
 * MLIR registers them; all have benefit 1 unless said.
 *
 *  1. scf.if's in-place fold (tried first): if (xori c, true) with an else
 *     region swaps the regions and branches on c.
 *  2. ConditionPropagation: uses of a non-constant condition inside the then
 *     (else) region become `true` (`false`) constants made before the if.
 *  3. ConvertTrivialIfToSelect: results whose yielded values are both defined
 *     outside the if become the common value or an arith.select; the if keeps
 *     the other results (fails when none can be hoisted).
 *  4. RemoveEmptyElseBranch: an if without results whose else holds only its
 *     yield loses the else region.
 *  5. RemoveStaticCondition: a constant condition inlines the taken region (or
 *     erases the if when that is an absent else).
 *  6. RemoveUnusedResults: unused results are dropped (regions moved into a
 *     new if, yields filtered).
 *  7. ReplaceIfYieldWithConditionOrValue: a used result yielded as the same
 *     value on both sides becomes that value; yielded `true`/`false` constants
 *     become the condition or its negation.
 *  8. scf.for ForOpIterArgsFolder: an iter_arg is dropped when the body yields
 *     it unchanged, or when it is unused in the body and either its init is
 *     yielded or the result is unused; its uses become the init value.
 *  9. scf.for SimplifyTrivialLoops: lb == ub or a constant trip count <= 0 gives
 *     the inits; one iteration (step >= ub - lb) inlines the body with lb; a
 *     body of only a yield of values defined outside gives those values.
 * 10. scf.execute_region SingleBlockExecuteInliner: a single-block region is
 *     inlined. MultiBlockExecuteInliner: in a function (or another
 *     execute_region), the block is split before the op, a cf.br enters the
 *     region's entry, each scf.yield becomes a cf.br to the split-off block,
 *     the region's blocks move before it, and the results become its new
 *     arguments.
 * 11. scf.index_switch FoldConstantCase: a constant index inlines its case (or
 *     the default region).
 * 12. CombineNestedIfs (tried after (1), before (2)): an if whose then block holds
 *     only another if, and whose else block (if any) and the inner one's only
 *     yield, becomes one if on `andi(outer, inner)` holding the inner then block.
 *     An outer-then yield of an inner result passes the inner then value, only
 *     when the inner else yields what the outer else yields; any other outer-then
 *     yield must come from outside and becomes `select(outer, then, else)` made
 *     before the new if (whose own result for it is left unused).
 * 13. CombineIfs (tried first after (1)): an if right after another if joins it
 *     when its condition is the same (then goes with then) or one condition is
 *     `xori(other, 1)` (then goes with else). Uses of the first if's results inside
 *     the second's branches become what the matching first branch yields; the
 *     joined if, on the first condition, holds the first if's regions with the
 *     matching branch of the second appended (yields concatenated), and its
 *     results replace both ifs' results.
 * The scf.while patterns are in canonicalize-scf-while.ts.
 */
import { hasTrait, Block, DenseArrayAttr, IntegerAttr, IntegerType, type OpResult, type Operation, type Region, type Rewriter, type Value } from '@lifeline/ir';
import { constBool, constIntBits, constOf, defOp, isOne } from './match.js';
import type { RewritePattern } from './pattern.js';

const i1 = IntegerType.get(1);
const yieldOf = (r: Region): Operation => r.blocks[0]!.last!;

/** MLIR's replaceOpWithRegion: inline the single block before `op`, replace `op` by its terminator's operands. */
export function replaceOpWithRegion(rw: Rewriter, op: Operation, region: Region, args: readonly Value[] = []): void {
  const block = region.blocks[0]!;
  const term = block.last!;
  rw.inlineBlockBefore(block, op, args);
  // Read after inlining: yielded block arguments are now the values passed in.
  rw.replaceOp(op, term.operandValues());
  rw.eraseOp(term);
}

function boolConst(rw: Rewriter, at: Operation, v: boolean): Value {
  rw.setInsertionPointBefore(at);
  return rw.create('arith.constant', { resultTypes: [i1], attributes: [['value', IntegerAttr.bool(v)]], loc: at.loc }).results[0]!;
}

/**
 * A new scf.if before `op` with empty regions (blocks added by the caller). MLIR's
 * builder gives it no discardable attributes; `keepAttributes` copies `op`'s for
 * the one pattern that keeps them (4).
 */
function newIf(rw: Rewriter, op: Operation, cond: Value, types: readonly Operation['results'][number]['type'][], keepAttributes = false): Operation {
  rw.setInsertionPointBefore(op);
  const n = rw.create('scf.if', { operands: [cond], resultTypes: types, regions: 2, loc: op.loc });
  if (keepAttributes) for (const [k, v] of op.attributesIfAny ?? []) n.attributes.set(k, v);
  return n;
}

function moveRegion(rw: Rewriter, from: Region, to: Region): void {
  rw.inlineRegionBefore(from, to);
}

/** (1) */
const ifNotCondition: RewritePattern = {
  name: 'IfOpFoldNotCondition', rootName: 'scf.if', benefit: Infinity,
  matchAndRewrite(op, rw) {
    if (op.regions[1]!.empty) return false;
    const not = defOp(op.operand(0), 'arith.xori');
    if (!not || !isOne(not.operand(1))) return false;
    rw.modifyInPlace(op, () => {
      op.setOperand(0, not.operand(0));
      const [t, e] = [op.regions[0]!.blocks, op.regions[1]!.blocks];
      op.regions[0]!.blocks = [];
      op.regions[1]!.blocks = [];
      for (const b of e) op.regions[0]!.pushBlock(b);
      for (const b of t) op.regions[1]!.pushBlock(b);
    });
    return true;
  },
};

/** (2) */
const conditionPropagation: RewritePattern = {
  name: 'ConditionPropagation', rootName: 'scf.if',
  matchAndRewrite(op, rw) {
    const cond = op.operand(0);
    if (constOf(cond)) return false;
    let t: Value | undefined, f: Value | undefined;
    let changed = false;
    for (let u = cond.firstUse; u;) {
      const next = u.nextUse;
      const r = u.owner.parentRegion;
      if (r && op.regions[0]!.isAncestorOf(r)) {
        t ??= boolConst(rw, op, true);
        const use = u;
        rw.modifyInPlace(use.owner, () => use.owner.setOperand(use.index, t!));
        changed = true;
      } else if (r && op.regions[1]!.isAncestorOf(r)) {
        f ??= boolConst(rw, op, false);
        const use = u;
        rw.modifyInPlace(use.owner, () => use.owner.setOperand(use.index, f!));
        changed = true;
      }
      u = next;
    }
    return changed;
  },
};

/** (3) */
const convertTrivialIfToSelect: RewritePattern = {
  name: 'ConvertTrivialIfToSelect', rootName: 'scf.if',
  matchAndRewrite(op, rw) {
    if (!op.results.length) return false;
    const cond = op.operand(0);
    const [thenR, elseR] = op.regions as [Region, Region];
    const ty = yieldOf(thenR).operandValues();
    const ey = yieldOf(elseR).operandValues();
    const kept = ty.map((tv, i) => tv.parentRegion === thenR || ey[i]!.parentRegion === elseR);
    const keptTypes = op.results.filter((_, i) => kept[i]).map((r) => r.type);
    if (keptTypes.length === op.results.length) return false;
    const repl = newIf(rw, op, cond, keptTypes);
    moveRegion(rw, thenR, repl.regions[0]!);
    moveRegion(rw, elseR, repl.regions[1]!);
    rw.setInsertionPointBefore(repl);
    const results: Value[] = [];
    const trueYields: Value[] = [], falseYields: Value[] = [];
    ty.forEach((tv, i) => {
      const fv = ey[i]!;
      if (kept[i]) {
        results.push(repl.results[trueYields.length]!);
        trueYields.push(tv);
        falseYields.push(fv);
      } else if (tv === fv) results.push(tv);
      else results.push(rw.create('arith.select', { operands: [cond, tv, fv], resultTypes: [tv.type], loc: op.loc }).results[0]!);
    });
    replaceYield(rw, yieldOf(repl.regions[0]!), trueYields);
    replaceYield(rw, yieldOf(repl.regions[1]!), falseYields);
    rw.replaceOp(op, results);
    return true;
  },
};

function replaceYield(rw: Rewriter, y: Operation, values: readonly Value[]): void {
  rw.setInsertionPointBefore(y);
  rw.create('scf.yield', { operands: values, loc: y.loc });
  rw.eraseOp(y);
}

/** (4) */
const removeEmptyElseBranch: RewritePattern = {
  name: 'RemoveEmptyElseBranch', rootName: 'scf.if',
  matchAndRewrite(op, rw) {
    if (op.results.length) return false;
    const els = op.regions[1]!.blocks[0];
    if (!els || els.first !== els.last) return false;
    const n = newIf(rw, op, op.operand(0), [], true);
    moveRegion(rw, op.regions[0]!, n.regions[0]!);
    rw.eraseOp(op);
    return true;
  },
};

/** (5) */
const removeStaticCondition: RewritePattern = {
  name: 'RemoveStaticCondition', rootName: 'scf.if',
  matchAndRewrite(op, rw) {
    const c = constBool(op.operand(0));
    if (c === undefined) return false;
    if (c) replaceOpWithRegion(rw, op, op.regions[0]!);
    else if (!op.regions[1]!.empty) replaceOpWithRegion(rw, op, op.regions[1]!);
    else rw.eraseOp(op);
    return true;
  },
};

/** (6) */
const removeUnusedResults: RewritePattern = {
  name: 'RemoveUnusedResults', rootName: 'scf.if',
  matchAndRewrite(op, rw) {
    const used = op.results.filter((r) => r.hasUses);
    if (used.length === op.results.length) return false;
    const n = newIf(rw, op, op.operand(0), used.map((r) => r.type));
    for (let i = 0; i < 2; i++) {
      const dest = new Block();
      n.regions[i]!.pushBlock(dest);
      rw.mergeBlocks(op.regions[i]!.blocks[0]!, dest);
      const y = dest.last!;
      const operands = used.map((r) => y.operand(r.index));
      rw.modifyInPlace(y, () => y.setOperands(operands));
    }
    // Unused results keep themselves as replacement: they have no uses to rewrite.
    const repl: Value[] = [...op.results];
    used.forEach((r, i) => (repl[r.index] = n.results[i]!));
    rw.replaceOp(op, repl);
    return true;
  },
};

/** (7) */
const replaceIfYieldWithConditionOrValue: RewritePattern = {
  name: 'ReplaceIfYieldWithConditionOrValue', rootName: 'scf.if',
  matchAndRewrite(op, rw) {
    if (!op.results.length) return false;
    const ty = yieldOf(op.regions[0]!).operandValues();
    const ey = yieldOf(op.regions[1]!).operandValues();
    let changed = false;
    op.results.forEach((r, i) => {
      const tv = ty[i]!, fv = ey[i]!;
      if (tv === fv) {
        if (r.hasUses) {
          // MLIR replaces these uses directly, without telling the driver.
          r.replaceAllUsesWith(tv);
          changed = true;
        }
        return;
      }
      const tb = constBool(tv), fb = constBool(fv);
      if (tb === undefined || fb === undefined) return;
      if (!tb && fb && r.hasUses) {
        const one = boolConst(rw, op, true);
        rw.setInsertionPointBefore(op);
        const not = rw.create('arith.xori', { operands: [op.operand(0), one], resultTypes: [i1], loc: op.loc }).results[0]!;
        r.replaceAllUsesWith(not);
        changed = true;
      }
      if (tb && !fb && r.hasUses) {
        r.replaceAllUsesWith(op.operand(0));
        changed = true;
      }
    });
    return changed;
  },
};

/** A new scf.for before `op` with a body block (iv + iter args), and a yield when there are no iter args. */
function newFor(rw: Rewriter, op: Operation, inits: readonly Value[]): Operation {
  rw.setInsertionPointBefore(op);
  const lb = op.operand(0);
  const n = rw.create('scf.for', {
    operands: [lb, op.operand(1), op.operand(2), ...inits], resultTypes: inits.map((v) => v.type), regions: 1, loc: op.loc,
  });
  for (const [k, v] of op.attributesIfAny ?? []) n.attributes.set(k, v);
  const body = new Block([lb.type, ...inits.map((v) => v.type)]);
  n.regions[0]!.pushBlock(body);
  if (!inits.length) {
    rw.setInsertionPointToEnd(body);
    rw.create('scf.yield', { loc: op.loc });
  }
  return n;
}

/** (8) */
const forOpIterArgsFolder: RewritePattern = {
  name: 'ForOpIterArgsFolder', rootName: 'scf.for',
  matchAndRewrite(op, rw) {
    const inits = op.operandValues().slice(3);
    const body = op.regions[0]!.blocks[0]!;
    const iterArgs = body.arguments.slice(1);
    const yielded = body.last!.operandValues();
    const keep = inits.map((init, i) => {
      const arg = iterArgs[i]!;
      const forwarded = arg === yielded[i] || (!arg.hasUses && (init === yielded[i] || !op.results[i]!.hasUses));
      return !forwarded;
    });
    if (keep.every((k) => k)) return false;
    const newInits = inits.filter((_, i) => keep[i]);
    const n = newFor(rw, op, newInits);
    const newBody = n.regions[0]!.blocks[0]!;
    const transfer: Value[] = [newBody.arguments[0]!];
    const results: Value[] = [];
    let k = 0;
    inits.forEach((init, i) => {
      if (keep[i]) {
        transfer.push(newBody.arguments[1 + k]!);
        results.push(n.results[k++]!);
      } else {
        transfer.push(init);
        results.push(init);
      }
    });
    if (!newInits.length) {
      const y = newBody.last!;
      rw.inlineBlockBefore(body, y, transfer);
      rw.eraseOp(y.prev!);
      rw.replaceOp(op, results);
      return true;
    }
    rw.mergeBlocks(body, newBody, transfer);
    const merged = newBody.last!;
    rw.setInsertionPointBefore(merged);
    rw.create('scf.yield', { operands: merged.operandValues().filter((_, i) => keep[i]), loc: merged.loc });
    rw.eraseOp(merged);
    rw.replaceOp(op, results);
    return true;
  },
};

/** (9) ub - lb when both are constants, or ub = addi(lb, c). */
function constDiff(l: Value, u: Value): bigint | undefined {
  const cl = constIntBits(l), cu = constIntBits(u);
  if (cl && cu) return BigInt.asIntN(64, BigInt.asIntN(cl.width, cu.bits - cl.bits));
  const add = defOp(u, 'arith.addi');
  if (!add) return undefined;
  const signed = (v: Value) => {
    const c = constIntBits(v);
    return c ? BigInt.asIntN(c.width, c.bits) : undefined;
  };
  if (add.operand(0) === l && signed(add.operand(1)) !== undefined) return signed(add.operand(1));
  if (add.operand(1) === l && signed(add.operand(0)) !== undefined) return signed(add.operand(0));
  return undefined;
}

const simplifyTrivialLoops: RewritePattern = {
  name: 'SimplifyTrivialLoops', rootName: 'scf.for',
  matchAndRewrite(op, rw) {
    const [lb, ub, step] = [op.operand(0), op.operand(1), op.operand(2)];
    const inits = op.operandValues().slice(3);
    if (lb === ub) {
      rw.replaceOp(op, inits);
      return true;
    }
    const diff = constDiff(lb, ub);
    if (diff === undefined) return false;
    if (diff <= 0n) {
      rw.replaceOp(op, inits);
      return true;
    }
    const s = constIntBits(step);
    if (!s) return false;
    if (BigInt.asIntN(s.width, s.bits) >= diff) {
      replaceOpWithRegion(rw, op, op.regions[0]!, [lb, ...inits]);
      return true;
    }
    const body = op.regions[0]!.blocks[0]!;
    if (body.first !== body.last) return false;
    const yielded = body.last!.operandValues();
    if (yielded.some((v) => v.parentRegion && op.regions[0]!.isAncestorOf(v.parentRegion))) return false;
    rw.replaceOp(op, yielded);
    return true;
  },
};

/** (10) */
const singleBlockExecuteInliner: RewritePattern = {
  name: 'SingleBlockExecuteInliner', rootName: 'scf.execute_region',
  matchAndRewrite(op, rw) {
    if (op.regions[0]!.blocks.length !== 1) return false;
    replaceOpWithRegion(rw, op, op.regions[0]!);
    return true;
  },
};

/** (10) */
const multiBlockExecuteInliner: RewritePattern = {
  name: 'MultiBlockExecuteInliner', rootName: 'scf.execute_region',
  matchAndRewrite(op, rw) {
    const parent = op.parentOp;
    if (!parent || !(hasTrait(parent, 'FunctionLike') || parent.name === 'scf.execute_region')) return false;
    const region = op.regions[0]!;
    const before = op.parent!;
    const post = rw.splitBlock(before, op);
    rw.setInsertionPointToEnd(before);
    rw.create('cf.br', { successors: [region.blocks[0]!], loc: op.loc });
    for (const block of region.blocks) {
      const y = block.last;
      if (y?.name !== 'scf.yield') continue;
      rw.setInsertionPointBefore(y);
      rw.create('cf.br', { operands: y.operandValues(), successors: [post], loc: y.loc });
      rw.eraseOp(y);
    }
    rw.inlineRegionBefore(region, post.parent!, post);
    rw.replaceOp(op, op.results.map((r) => post.addArgument(r.type, op.loc)));
    return true;
  },
};

/** (11) */
const foldConstantCase: RewritePattern = {
  name: 'FoldConstantCase', rootName: 'scf.index_switch',
  matchAndRewrite(op, rw) {
    const c = constOf(op.operand(0));
    if (!(c instanceof IntegerAttr)) return false;
    const cases = op.getAttr('cases');
    const values = cases instanceof DenseArrayAttr ? cases.values.map((v) => BigInt(v)) : [];
    const i = values.indexOf(BigInt(c.value));
    replaceOpWithRegion(rw, op, op.regions[i < 0 ? 0 : i + 1]!);
    return true;
  },
};

/** `xori(v, 1)`'s v, else undefined. */
function negationOf(c: Value): Value | undefined {
  const not = defOp(c, 'arith.xori');
  return not && isOne(not.operand(1)) ? not.operand(0) : undefined;
}

/** (13) Appends block `from` (ending in a yield) to `into` (ending in a yield), joining the yields. */
function appendBranch(rw: Rewriter, from: Block, into: Block): void {
  const first = into.last!;
  const second = from.last!;
  rw.mergeBlocks(from, into);
  rw.setInsertionPointToEnd(into);
  rw.create('scf.yield', { operands: [...first.operandValues(), ...second.operandValues()], loc: second.loc });
  rw.eraseOp(first);
  rw.eraseOp(second);
}

/** (13) */
const combineIfs: RewritePattern = {
  name: 'CombineIfs', rootName: 'scf.if',
  matchAndRewrite(next, rw) {
    const prev = next.prev;
    if (prev?.name !== 'scf.if') return false;
    const [nThen, nElse] = next.regions as [Region, Region];
    let thenPart: Block | undefined, elsePart: Block | undefined;
    if (next.operand(0) === prev.operand(0)) [thenPart, elsePart] = [nThen.blocks[0], nElse.blocks[0]];
    if (negationOf(next.operand(0)) === prev.operand(0) || negationOf(prev.operand(0)) === next.operand(0)) {
      [thenPart, elsePart] = [nElse.blocks[0], nThen.blocks[0]];
    }
    if (!thenPart && !elsePart) return false;
    const [pThen, pElse] = prev.regions as [Region, Region];
    const prevThenYield = yieldOf(pThen).operandValues();
    const prevElseYield = pElse.empty ? [] : yieldOf(pElse).operandValues();
    prev.results.forEach((r, i) => {
      if (i >= prevElseYield.length) return;
      for (let u = r.firstUse; u;) {
        const use = u;
        u = u.nextUse;
        const at = use.owner.parentRegion;
        const inThen = thenPart && at && thenPart.parent!.isAncestorOf(at);
        const inElse = !inThen && elsePart && at && elsePart.parent!.isAncestorOf(at);
        if (inThen || inElse) {
          const v = inThen ? prevThenYield[i]! : prevElseYield[i]!;
          rw.modifyInPlace(use.owner, () => use.owner.setOperand(use.index, v));
        }
      }
    });
    const joined = newIf(rw, next, prev.operand(0), [...prev.results, ...next.results].map((r) => r.type));
    moveRegion(rw, pThen, joined.regions[0]!);
    if (thenPart) appendBranch(rw, thenPart, joined.regions[0]!.blocks[0]!);
    moveRegion(rw, pElse, joined.regions[1]!);
    if (elsePart) {
      if (joined.regions[1]!.empty) moveRegion(rw, elsePart.parent!, joined.regions[1]!);
      else appendBranch(rw, elsePart, joined.regions[1]!.blocks[0]!);
    }
    const n = prev.results.length;
    rw.replaceOp(prev, joined.results.slice(0, n));
    rw.replaceOp(next, joined.results.slice(n));
    return true;
  },
};

/** (12) */
const combineNestedIfs: RewritePattern = {
  name: 'CombineNestedIfs', rootName: 'scf.if',
  matchAndRewrite(op, rw) {
    const [thenR, elseR] = op.regions as [Region, Region];
    const thenBlock = thenR.blocks[0]!;
    const inner = thenBlock.first;
    if (!inner || inner.name !== 'scf.if' || inner.next !== thenBlock.last) return false;
    const onlyYields = (r: Region) => r.empty || r.blocks[0]!.first === r.blocks[0]!.last;
    if (!onlyYields(elseR) || !onlyYields(inner.regions[1]!)) return false;
    const thenYield = yieldOf(thenR).operandValues();
    const elseYield = elseR.empty ? [] : yieldOf(elseR).operandValues();
    const toSelect: number[] = [];
    for (let i = 0; i < thenYield.length; i++) {
      const v = thenYield[i]!;
      if (v.definingOp === inner) {
        const k = (v as OpResult).index;
        if (yieldOf(inner.regions[1]!).operand(k) !== elseYield[i]) return false;
        thenYield[i] = yieldOf(inner.regions[0]!).operand(k);
      } else if (v.parentRegion === thenR) {
        return false;
      } else {
        toSelect.push(i);
      }
    }
    rw.setInsertionPointBefore(op);
    const cond = rw.create('arith.andi', { operands: [op.operand(0), inner.operand(0)], resultTypes: [i1], loc: op.loc }).results[0]!;
    const merged = newIf(rw, op, cond, op.results.map((r) => r.type));
    const block = rw.createBlock(merged.regions[0]!);
    const results = [...merged.results];
    rw.setInsertionPointBefore(merged);
    for (const i of toSelect) {
      results[i] = rw.create('arith.select', { operands: [op.operand(0), thenYield[i]!, elseYield[i]!], resultTypes: [thenYield[i]!.type], loc: op.loc }).results[0]!;
    }
    rw.mergeBlocks(inner.regions[0]!.blocks[0]!, block);
    replaceYield(rw, block.last!, thenYield);
    if (elseYield.length) {
      const elseBlock = rw.createBlock(merged.regions[1]!);
      rw.setInsertionPointToEnd(elseBlock);
      rw.create('scf.yield', { operands: elseYield, loc: op.loc });
    }
    rw.replaceOp(op, results);
    return true;
  },
};

export const scfPatterns: RewritePattern[] = [
  ifNotCondition, combineIfs, combineNestedIfs, conditionPropagation, convertTrivialIfToSelect, removeEmptyElseBranch, removeStaticCondition,
  removeUnusedResults, replaceIfYieldWithConditionOrValue,
  forOpIterArgsFolder, simplifyTrivialLoops,
  singleBlockExecuteInliner, multiBlockExecuteInliner,
  foldConstantCase,
];
