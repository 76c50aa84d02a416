/**
 * The order and the preconditions of MLIR 19's ownership-based buffer
 * deallocation that do not depend on ownership (OwnershipBasedBufferDeallocation.cpp).
 *
 * (1) Blocks are handled as MLIR's post-order walk with ForwardDominanceIterator:
 *     the blocks of a region in depth-first pre-order from the entry (successors
 *     in order, unreachable blocks skipped); before a block, the blocks of the
 *     regions of its ops, recursively. So nested blocks come before their parent block.
 * (2) Unstructured loops: any cycle of successor edges reachable from a region's
 *     entry is a back edge and rejects the function. MLIR 19 enumerates paths
 *     (exponential); a white/grey/black depth-first search finds the same edges
 *     in time linear in the blocks and edges.
 * (3) ValueComparator: block arguments before op results; arguments by number,
 *     then by region; results of one op by number; results in one region by op
 *     position; otherwise by the regions' ancestor chains.
 */
import { BlockArgument, OpResult, type Block, type Operation, type Region, type Value } from '@lifeline/ir';

/** (1) Depth-first pre-order of the blocks of `region` reachable from its entry. */
export function dfsPreorder(region: Region): Block[] {
  const out: Block[] = [];
  const entry = region.blocks[0];
  if (!entry) return out;
  const seen = new Set<Block>([entry]);
  const stack: { b: Block; i: number }[] = [{ b: entry, i: 0 }];
  out.push(entry);
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const succ = top.b.successors();
    if (top.i >= succ.length) { stack.pop(); continue; }
    const s = succ[top.i++]!;
    if (seen.has(s)) continue;
    seen.add(s);
    out.push(s);
    stack.push({ b: s, i: 0 });
  }
  return out;
}

/** (1) The blocks of `op`'s regions in MLIR's walk order. */
export function deallocationBlockOrder(op: Operation): Block[] {
  const out: Block[] = [];
  const walkOp = (o: Operation): void => {
    for (const r of o.regions) {
      for (const b of dfsPreorder(r)) {
        for (let n = b.first; n; n = n.next) if (n.regions.length) walkOp(n);
        out.push(b);
      }
    }
  };
  walkOp(op);
  return out;
}

/** (2) Whether some region nested in `op` has a reachable cycle. */
export function hasUnstructuredLoop(op: Operation): boolean {
  let found = false;
  op.walk((o) => {
    if (found) return 'skip';
    for (const r of o.regions) if (regionHasCycle(r)) { found = true; return 'skip'; }
    return undefined;
  });
  return found;
}

function regionHasCycle(region: Region): boolean {
  const entry = region.blocks[0];
  if (!entry || region.blocks.length < 2 && !entry.successors().includes(entry)) return false;
  const colour = new Map<Block, 1 | 2>(); // 1 grey (on the stack), 2 black (done)
  const stack: { b: Block; i: number }[] = [{ b: entry, i: 0 }];
  colour.set(entry, 1);
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const succ = top.b.successors();
    if (top.i >= succ.length) { colour.set(top.b, 2); stack.pop(); continue; }
    const s = succ[top.i++]!;
    const c = colour.get(s);
    if (c === 1) return true;
    if (c === 2) continue;
    colour.set(s, 1);
    stack.push({ b: s, i: 0 });
  }
  return false;
}

function regionNumber(r: Region): number {
  return r.parentOp ? r.parentOp.regions.indexOf(r) : 0;
}

/** (3) Negative when `a` sorts before `b`. */
export function compareValues(a: Value, b: Value): number {
  if (a === b) return 0;
  const aArg = a instanceof BlockArgument;
  if (aArg !== (b instanceof BlockArgument)) return aArg ? -1 : 1;
  let ra: Region | null;
  let rb: Region | null;
  if (a instanceof BlockArgument) {
    const bArg = b as BlockArgument;
    if (a.index !== bArg.index) return a.index - bArg.index;
    ra = a.owner.parent;
    rb = bArg.owner.parent;
  } else {
    const oa = (a as OpResult).owner;
    const ob = (b as OpResult).owner;
    if (oa === ob) return (a as OpResult).index - (b as OpResult).index;
    ra = oa.parentRegion;
    rb = ob.parentRegion;
    // MLIR compares order indices even for ops of different blocks of one region.
    if (ra === rb) return oa.parent!.order(oa) - ob.parent!.order(ob);
  }
  while (ra && rb) {
    if (regionNumber(ra) !== regionNumber(rb)) return regionNumber(ra) - regionNumber(rb);
    const pa = ra.parentOp?.parentRegion ?? null;
    const pb = rb.parentOp?.parentRegion ?? null;
    if (pa === pb) {
      const x = ra.parentOp!;
      const y = rb.parentOp!;
      if (x === y || x.parent !== y.parent) return 0;
      return x.parent!.order(x) - y.parent!.order(y);
    }
    ra = pa;
    rb = pb;
  }
  return rb ? -1 : ra ? 1 : 0;
}
