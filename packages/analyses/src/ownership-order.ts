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

/**
 * (1)(2) Depth-first pre-order of the blocks of `region` reachable from its
 * entry, or null when a successor edge closes a cycle among them.
 */
export function dfsPreorder(region: Region): Block[] | null {
  const out: Block[] = [];
  const entry = region.blocks[0];
  if (!entry) return out;
  out.push(entry);
  // Single-block regions (most of them) without a self edge need no search.
  if (region.blocks.length === 1 && !entry.successors().length) return out;
  const colour = new Map<Block, 1 | 2>([[entry, 1]]); // 1 grey (on the stack), 2 black (done)
  const stack: { b: Block; i: number }[] = [{ b: entry, i: 0 }];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const succ = top.b.successors();
    if (top.i >= succ.length) { colour.set(top.b, 2); stack.pop(); continue; }
    const s = succ[top.i++]!;
    const c = colour.get(s);
    if (c === 1) return null;
    if (c === 2) continue;
    colour.set(s, 1);
    out.push(s);
    stack.push({ b: s, i: 0 });
  }
  return out;
}

/**
 * (1) The blocks of `op`'s regions in MLIR's walk order; null when (2) some
 * region nested in `op` has a reachable cycle. One walk does both.
 */
export function deallocationBlockOrder(op: Operation): Block[] | null {
  const out: Block[] = [];
  const walkOp = (o: Operation): boolean => {
    for (const r of o.regions) {
      const blocks = dfsPreorder(r);
      if (!blocks) return false;
      for (const b of blocks) {
        for (let n = b.first; n; n = n.next) if (n.regions.length && !walkOp(n)) return false;
        out.push(b);
      }
      // Unreachable blocks are not handled, but their nested loops count too (2).
      if (blocks.length !== r.blocks.length) {
        const reached = new Set(blocks);
        for (const b of r.blocks) {
          if (reached.has(b)) continue;
          for (let n = b.first; n; n = n.next) if (n.regions.length && hasUnstructuredLoop(n)) return false;
        }
      }
    }
    return true;
  };
  return walkOp(op) ? out : null;
}

/** (2) Whether some region nested in `op` (or of `op`) has a reachable cycle. */
export function hasUnstructuredLoop(op: Operation): boolean {
  let found = false;
  op.walk((o) => {
    if (found) return 'skip';
    for (const r of o.regions) if (!dfsPreorder(r)) { found = true; return 'skip'; }
    return undefined;
  });
  return found;
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
