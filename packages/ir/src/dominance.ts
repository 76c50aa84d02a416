/**
 * Dominance between ops and blocks, across nested regions — what the verifier
 * asks ("does this definition dominate this use?") and what transformations ask.
 *
 * (1) Within one region, block a dominates block b by the region's dominator tree
 *     (Cooper–Harvey–Kennedy, from `@lifeline/dataflow/cfg`), computed once per
 *     region on demand; a region of one block needs none. Unreachable blocks are
 *     dominated by every block.
 * (2) Op a properly dominates op b when b's ancestor in a's region (b itself, or
 *     the op enclosing it there) is in a block a's block properly dominates, or in
 *     the same block after a. An op does not properly dominate the ops nested in it.
 * (3) A value dominates a use when its definition (a block argument: its block's
 *     start) dominates the user, climbing out of nested regions; ops in graph
 *     regions, and in regions of unregistered ops, see every value of the region.
 */
import { dominatorTree, type DominatorTree } from '@lifeline/dataflow/cfg';
import { BlockArgument, type Block, type Operation, type Region, type Value } from './ir.js';

interface RegionTree {
  index: Map<Block, number>;
  tree: DominatorTree;
}

export class DominanceInfo {
  private readonly trees = new Map<Region, RegionTree>();

  private regionTree(region: Region): RegionTree {
    let t = this.trees.get(region);
    if (!t) {
      const index = new Map<Block, number>();
      region.blocks.forEach((b, i) => index.set(b, i));
      const succs = region.blocks.map((b) => (b.last?.successors ?? []).map((s) => index.get(s)!));
      t = { index, tree: dominatorTree({ numBlocks: succs.length, entry: 0, succs: (b) => succs[b]! }) };
      this.trees.set(region, t);
    }
    return t;
  }

  /** (1) Blocks of one region. */
  dominates(a: Block, b: Block): boolean {
    if (a === b) return true;
    const region = a.parent!;
    if (region.blocks.length < 2) return true;
    const { index, tree } = this.regionTree(region);
    return tree.dominates(index.get(a)!, index.get(b)!);
  }

  /** The op enclosing `op` (or `op` itself) that sits directly in `region`. */
  private ancestorIn(region: Region, op: Operation): Operation | null {
    let o: Operation | null = op;
    while (o && o.parentRegion !== region) o = o.parentOp;
    return o;
  }

  /** (2) */
  properlyDominates(a: Operation, b: Operation): boolean {
    const block = a.parent;
    if (!block || a === b) return false;
    const ancestor = this.ancestorIn(block.parent!, b);
    if (!ancestor || ancestor === a) return false;
    const useBlock = ancestor.parent!;
    if (useBlock === block) return a.isBeforeInBlock(ancestor);
    return this.dominates(block, useBlock);
  }

  /**
   * (3) Undefined when `v` may be used by `user`; otherwise why not: it is
   * defined outside an isolated-from-above op enclosing the user, or it does
   * not dominate the use.
   */
  checkUse(v: Value, user: Operation): 'dominance' | 'isolated' | undefined {
    const defBlock = v.parentBlock;
    if (!defBlock) return 'dominance';
    const defRegion = defBlock.parent;
    let ancestor: Operation | null = user;
    while (ancestor && ancestor.parentRegion !== defRegion) {
      const parent: Operation | null = ancestor.parentOp;
      // Crossing an isolated op is an isolation error only for a value from outside it; a
      // value defined inside the user's own regions (a name the op used before its region
      // defined it) is a dominance error, as MLIR's verifier reports it.
      if (parent?.def?.has('IsolatedFromAbove')) return defRegion?.parentOp && parent.isAncestorOf(defRegion.parentOp) ? 'dominance' : 'isolated';
      ancestor = parent;
    }
    if (!ancestor) return 'dominance';
    // Graph regions, and regions of unregistered ops (which may be graph regions, so
    // MLIR assumes they are), impose no order between ops.
    const owner = defRegion?.parentOp;
    if (owner && (!owner.def || owner.def.spec.graphRegion)) return undefined;
    const useBlock = ancestor.parent!;
    if (v instanceof BlockArgument) return this.dominates(defBlock, useBlock) ? undefined : 'dominance';
    const defOp = v.definingOp!;
    if (useBlock === defBlock) return defOp !== ancestor && defOp.isBeforeInBlock(ancestor) ? undefined : 'dominance';
    return this.dominates(defBlock, useBlock) ? undefined : 'dominance';
  }
}
