/**
 * buffer-deallocation-simplification (MLIR 19 BufferDeallocationSimplification.cpp
 * patterns), with option `abi-facts` (default true).
 *
 * Specification (patterns on bufferization.dealloc, tried in this order):
 *  (P1) RemoveDeallocMemrefsContainedInRetained: when the retained list has no
 *       duplicates, a memref m (or the source of the extract_strided_metadata that
 *       made it) that is the same allocation as at least one retained value and
 *       known-distinct from all others is dropped; for each same-allocation retained
 *       value r_i, `ori(updated_i, cond_m)` (inserted right after the dealloc) replaces
 *       the other uses of updated_i.
 *  (P2) RemoveRetainedMemrefsGuaranteedToNotAlias: a retained value no memref may alias
 *       (mayAlias, X2 in buffer-origin.ts) is dropped; its updated condition becomes a
 *       `false` constant; a new dealloc replaces the op.
 *  (P3) SplitDeallocWhenNotAliasingAnyOther: with more than one memref, each memref no
 *       other memref may alias gets its own dealloc (same retained list); the rest stay
 *       in one dealloc; updated conditions are or-ed together in creation order.
 *  (P4) RetainedMemrefAliasingAlwaysDeallocatedMemref: for memrefs whose condition is
 *       the constant true, each retained value that is the same allocation (or the same
 *       as the extract_strided_metadata source) gets the condition as its updated
 *       condition (uses replaced at once, as MLIR does even when the pattern then
 *       fails); the memref is dropped; applies only when every retained value was so
 *       matched.
 *  (P5) bufferization.dealloc's own canonicalization patterns run with P1-P4.
 *  (D1) Driver: MLIR's greedy pattern driver (packages/bufferization/src/greedy.ts)
 *       with region simplification at 'normal', as the MLIR pass configures it.
 *  (D2) Alias facts come from BufferOriginAnalysis (MLIR's exact rules) and, with
 *       abi-facts=true, also the ABI facts of abi.ts (A1)(A2)(A4). Every query goes
 *       through OriginIndex, so a dealloc of N memrefs costs near-linear time, not N².
 */
import {
  IntegerAttr, Rewriter, segmentSizes, type Operation, type PassDef, type Value,
} from '@lifeline/ir';
import { BufferOriginAnalysis, OriginIndex } from '@lifeline/analyses';
import type { RewritePattern } from './pattern.js';
import { applyPatternsGreedily } from './greedy.js';
import { deallocCanonicalizationPatterns } from './canonicalize-bufferization.js';
import { binary, bufferizationDealloc, constBool, deallocParts } from './build.js';
import { abiFreshCallResults } from './abi.js';
import { registryOf } from './pass-registry.js';

/** (P5) The hook for bufferization.dealloc's canonicalization patterns. */

function sameList(a: readonly Value[], b: readonly Value[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** MLIR's updateDeallocIfChanged. */
function updateIfChanged(op: Operation, memrefs: Value[], conds: Value[], rw: Rewriter): boolean {
  const p = deallocParts(op);
  if (sameList(p.memrefs, memrefs) && sameList(p.conditions, conds)) return false;
  rw.modifyInPlace(op, () => {
    op.setOperands([...memrefs, ...conds, ...p.retained]);
    op.setAttr('operandSegmentSizes', segmentSizes([memrefs.length, conds.length, p.retained.length]));
  });
  return true;
}

/** The source buffer of a memref.extract_strided_metadata result (the op MLIR's patterns look through). */
function extractSource(v: Value): Value | undefined {
  const op = v.definingOp;
  return op?.name === 'memref.extract_strided_metadata' ? op.operand(0) : undefined;
}

function isConstantTrue(v: Value): boolean {
  const op = v.definingOp;
  const attr = op?.def?.spec.constant?.value(op);
  return attr instanceof IntegerAttr && attr.value !== 0n && (attr.type as { width?: number }).width === 1;
}

/** The four simplification patterns over one analysis. */
export function deallocSimplificationPatterns(analysis: BufferOriginAnalysis): RewritePattern[] {
  // (D2) An index depends only on the analysis (a snapshot taken before rewriting)
  // and its list, so P2 and P3, tried one after the other on the memrefs of the same
  // dealloc, share the last one built.
  let last: { values: Value[]; index: OriginIndex } | undefined;
  const indexOf = (values: Value[]): OriginIndex => {
    if (!last || !sameList(last.values, values)) last = { values, index: new OriginIndex(analysis, values) };
    return last.index;
  };
  const p1: RewritePattern = {
    name: 'RemoveDeallocMemrefsContainedInRetained',
    rootName: 'bufferization.dealloc',
    matchAndRewrite(op, rw) {
      if (op.results.length === 0) return false; // nothing retained: nothing to match
      const { memrefs, conditions, retained } = deallocParts(op);
      if (new Set(retained).size !== retained.length) return false;
      const index = new OriginIndex(analysis, retained);
      const handle = (m: Value, cond: Value): boolean => {
        const { same, unknown } = index.sameAllocations(m);
        if (unknown || !same.length) return false;
        rw.setInsertionPointAfter(op);
        rw.loc = op.loc;
        for (const i of same) {
          const updated = op.result(i);
          const or = binary(rw, 'arith.ori', updated, cond);
          for (const use of [...updated.uses()]) if (use.owner !== or.definingOp) rw.modifyInPlace(use.owner, () => use.owner.setOperand(use.index, or));
        }
        return true;
      };
      const keptM: Value[] = [];
      const keptC: Value[] = [];
      memrefs.forEach((m, i) => {
        const c = conditions[i]!;
        if (handle(m, c)) return;
        const src = extractSource(m);
        if (src && handle(src, c)) return;
        keptM.push(m);
        keptC.push(c);
      });
      return updateIfChanged(op, keptM, keptC, rw);
    },
  };

  const p2: RewritePattern = {
    name: 'RemoveRetainedMemrefsGuaranteedToNotAlias',
    rootName: 'bufferization.dealloc',
    matchAndRewrite(op, rw) {
      if (op.results.length === 0) return false;
      const { memrefs, conditions, retained } = deallocParts(op);
      const index = indexOf(memrefs);
      rw.setInsertionPointBefore(op);
      rw.loc = op.loc;
      const kept: Value[] = [];
      const repl: (Value | undefined)[] = retained.map((r) => {
        if (index.mayAlias(r)) {
          kept.push(r);
          return undefined;
        }
        return constBool(rw, false);
      });
      if (kept.length === retained.length) return false;
      const fresh = bufferizationDealloc(rw, memrefs, conditions, kept);
      let k = 0;
      rw.replaceOp(op, repl.map((v) => v ?? fresh.result(k++)));
      return true;
    },
  };

  const p3: RewritePattern = {
    name: 'SplitDeallocWhenNotAliasingAnyOther',
    rootName: 'bufferization.dealloc',
    matchAndRewrite(op, rw) {
      if (op.operands.length - op.results.length <= 2) return false; // at most one memref
      const { memrefs, conditions, retained } = deallocParts(op);
      if (memrefs.length <= 1) return false;
      const index = indexOf(memrefs);
      const lonely = memrefs.map((m, i) => !index.mayAlias(m, i));
      if (!lonely.includes(true)) return false;
      rw.setInsertionPointBefore(op);
      rw.loc = op.loc;
      const restM: Value[] = [];
      const restC: Value[] = [];
      const extra: Operation[] = [];
      memrefs.forEach((m, i) => {
        if (lonely[i]) extra.push(bufferizationDealloc(rw, [m], [conditions[i]!], retained));
        else {
          restM.push(m);
          restC.push(conditions[i]!);
        }
      });
      const rest = bufferizationDealloc(rw, restM, restC, retained);
      const repl: Value[] = [...rest.results];
      for (const e of extra) for (let i = 0; i < repl.length; i++) repl[i] = binary(rw, 'arith.ori', repl[i]!, e.result(i));
      rw.replaceOp(op, repl);
      return true;
    },
  };

  const p4: RewritePattern = {
    name: 'RetainedMemrefAliasingAlwaysDeallocatedMemref',
    rootName: 'bufferization.dealloc',
    matchAndRewrite(op, rw) {
      if (op.results.length === 0) return false;
      const { memrefs, conditions, retained } = deallocParts(op);
      const matched = retained.map(() => false);
      const keptM: Value[] = [];
      const keptC: Value[] = [];
      memrefs.forEach((m, mi) => {
        const cond = conditions[mi]!;
        let drop = false;
        if (isConstantTrue(cond)) {
          const src = extractSource(m);
          retained.forEach((r, i) => {
            if (analysis.isSameAllocation(r, m) === true || (src && analysis.isSameAllocation(r, src) === true)) {
              rw.replaceAllUsesWith(op.result(i), cond);
              matched[i] = true;
              drop = true;
            }
          });
        }
        if (!drop) {
          keptM.push(m);
          keptC.push(cond);
        }
      });
      if (!matched.every((x) => x)) return false;
      return updateIfChanged(op, keptM, keptC, rw);
    },
  };
  return [p1, p2, p3, p4];
}

export const bufferDeallocationSimplificationPass: PassDef = {
  argument: 'buffer-deallocation-simplification',
  name: 'BufferDeallocationSimplification',
  description: 'Optimizes `bufferization.dealloc` operation for more efficient codegen',
  options: [{
    name: 'abi-facts', type: 'bool', default: true,
    description: 'Also use the ownership-based deallocation function-boundary ABI (fresh call results, globals) in alias reasoning',
  }],
  run(root, ctx) {
    const abi = ctx.options['abi-facts'] !== false;
    const analysis = new BufferOriginAnalysis(root, abi ? { freshResults: abiFreshCallResults(), staticDistinct: true } : {});
    // (D1) As MLIR: the greedy driver (folding, dead-op removal, normal region
    // simplification) with the four patterns and bufferization.dealloc's canonicalizations.
    const patterns = [...deallocSimplificationPatterns(analysis), ...deallocCanonicalizationPatterns];
    applyPatternsGreedily(root, patterns, registryOf(ctx), { regionSimplify: 'normal' });
  },
};
