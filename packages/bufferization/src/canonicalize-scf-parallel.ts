/**
 * scf.parallel canonicalizations (MLIR 19 SCF.cpp ParallelOp), in MLIR's order.
 *
 *  1. CollapseSingleIterationLoops: a dimension whose bounds and step are integer
 *     constants with 0 < ub - lb <= step runs once; its induction variable becomes
 *     lb. When some dimensions remain, a new parallel over them gets a clone of the
 *     body. When none does, the body is cloned before the loop and each reduction
 *     region is cloned once with (init, reduced operand) as its arguments; the
 *     values it returns replace the results.
 *  2. RemoveEmptyParallelLoops: a dimension whose lower and upper bound are the
 *     same value never runs: the results are the inits.
 *  3. MergeNestedParallelLoops: a body holding only another parallel (besides its
 *     terminator), neither with inits, and whose bounds and steps are not the outer
 *     induction variables, becomes one parallel over both sets of dimensions.
 */
import { IRMapping, cloneOp, segmentSizes, type Operation, type Rewriter, type Value } from '@lifeline/ir';
import { constantInt } from '@lifeline/dialects';
import type { RewritePattern } from './pattern.js';

type Dims = { lbs: Value[]; ubs: Value[]; steps: Value[] };

function dimsOf(op: Operation): Dims & { inits: Value[] } {
  const g = (name: string) => [...op.def!.operandGroup(op, name)];
  return { lbs: g('lowerBound'), ubs: g('upperBound'), steps: g('step'), inits: g('initVals') };
}

/** A new scf.parallel before `op` over `d`, with `inits` and an empty body region. */
function newParallel(rw: Rewriter, op: Operation, d: Dims, inits: readonly Value[]): Operation {
  rw.setInsertionPointBefore(op);
  return rw.create('scf.parallel', {
    operands: [...d.lbs, ...d.ubs, ...d.steps, ...inits],
    resultTypes: inits.map((v) => v.type),
    regions: 1,
    attributes: [['operandSegmentSizes', segmentSizes([d.lbs.length, d.ubs.length, d.steps.length, inits.length])]],
    loc: op.loc,
  });
}


/** Clones the ops of `block` before `at` (its terminator excluded). */
function cloneBodyBefore(rw: Rewriter, block: Operation['regions'][number]['blocks'][number], at: Operation, m: IRMapping): void {
  for (let o = block.first; o && o !== block.last; o = o.next) {
    rw.setInsertionPointBefore(at);
    rw.insert(cloneOp(o, m));
  }
}

/** (1) */
const collapseSingleIterationLoops: RewritePattern = {
  name: 'CollapseSingleIterationLoops', rootName: 'scf.parallel',
  matchAndRewrite(op, rw) {
    const d = dimsOf(op);
    const body = op.regions[0]!.blocks[0]!;
    const m = new IRMapping();
    const kept: Dims = { lbs: [], ubs: [], steps: [] };
    d.lbs.forEach((lb, i) => {
      const [l, u, s] = [constantInt(lb), constantInt(d.ubs[i]!), constantInt(d.steps[i]!)];
      if (l !== undefined && u !== undefined && s !== undefined && u - l > 0 && u - l <= s) {
        m.map(body.arguments[i]!, lb);
      } else {
        kept.lbs.push(lb);
        kept.ubs.push(d.ubs[i]!);
        kept.steps.push(d.steps[i]!);
      }
    });
    if (kept.lbs.length === d.lbs.length) return false;
    if (kept.lbs.length) {
      const n = newParallel(rw, op, kept, d.inits);
      // The collapsed induction variables are mapped: the new body has only the others.
      const rest = body.arguments.filter((a) => !m.contains(a));
      const nb = rw.createBlock(n.regions[0]!, rest.map((a) => a.type));
      rest.forEach((a, i) => m.map(a, nb.arguments[i]!));
      for (let o = body.first; o; o = o.next) {
        rw.setInsertionPointToEnd(nb);
        rw.insert(cloneOp(o, m));
      }
      rw.replaceOp(op, n.results);
      return true;
    }
    cloneBodyBefore(rw, body, op, m);
    const reduce = body.last!;
    const results = reduce.regions.map((r, i) => {
      const rb = r.blocks[0]!;
      m.map(rb.arguments[0]!, d.inits[i]!);
      m.map(rb.arguments[1]!, m.lookupOrDefault(reduce.operand(i)));
      cloneBodyBefore(rw, rb, op, m);
      return m.lookupOrDefault(rb.last!.operand(0));
    });
    rw.replaceOp(op, results);
    return true;
  },
};

/** (2) */
const removeEmptyParallelLoops: RewritePattern = {
  name: 'RemoveEmptyParallelLoops', rootName: 'scf.parallel',
  matchAndRewrite(op, rw) {
    const d = dimsOf(op);
    if (!d.lbs.some((lb, i) => lb === d.ubs[i])) return false;
    rw.replaceOp(op, d.inits);
    return true;
  },
};

/** (3) */
const mergeNestedParallelLoops: RewritePattern = {
  name: 'MergeNestedParallelLoops', rootName: 'scf.parallel',
  matchAndRewrite(op, rw) {
    const outer = op.regions[0]!.blocks[0]!;
    const inner = outer.first;
    if (!inner || inner.name !== 'scf.parallel' || inner.next !== outer.last) return false;
    const od = dimsOf(op);
    const id = dimsOf(inner);
    const ivs = new Set<Value>(outer.arguments);
    if ([...id.lbs, ...id.ubs, ...id.steps].some((v) => ivs.has(v))) return false;
    if (od.inits.length || id.inits.length) return false;
    const merged = newParallel(rw, op, {
      lbs: [...od.lbs, ...id.lbs], ubs: [...od.ubs, ...id.ubs], steps: [...od.steps, ...id.steps],
    }, []);
    const innerBody = inner.regions[0]!.blocks[0]!;
    const block = rw.createBlock(merged.regions[0]!, [...outer.arguments, ...innerBody.arguments].map((a) => a.type));
    const m = new IRMapping();
    outer.arguments.forEach((a, i) => m.map(a, block.arguments[i]!));
    innerBody.arguments.forEach((a, i) => m.map(a, block.arguments[outer.arguments.length + i]!));
    rw.setInsertionPointToEnd(block);
    rw.create('scf.reduce', { loc: op.loc });
    cloneBodyBefore(rw, innerBody, block.last!, m);
    rw.replaceOp(op, []);
    return true;
  },
};

export const scfParallelPatterns: RewritePattern[] = [
  collapseSingleIterationLoops, removeEmptyParallelLoops, mergeNestedParallelLoops,
];
