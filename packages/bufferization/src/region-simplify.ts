/**
 * MLIR 19's region simplification (lib/Transforms/Utils/RegionUtils.cpp) as the
 * greedy driver runs it after each iteration.
 *
 *  1. eraseUnreachableBlocks: in every region with more than one block, blocks
 *     not reachable from the entry are erased (uses of their values dropped);
 *     nested regions of the remaining blocks (and of single-block regions) are
 *     visited too.
 *  2. runRegionDCE: liveness to a fixpoint — each region's blocks in
 *     post-order from the entry, ops in reverse: a terminator is live and makes
 *     all arguments of a successor of a non-branch terminator live (a branch
 *     produces no successor operands itself, so its forwarded ones are judged
 *     one by one below); an op that would not be trivially dead is live;
 *     an op (or a non-entry block argument) is live when a use is by a live op,
 *     except a forwarding use into a dead successor argument.
 *  3. Deletion, per region: in multi-block regions, forwarded operands of dead
 *     successor arguments are removed; dead ops are erased (ops in reverse,
 *     blocks in post-order), live ones are recursed into; then dead arguments
 *     of non-entry blocks are erased.
 *  4. 'aggressive' would also merge identical blocks and drop redundant
 *     arguments; this driver does not implement it and treats it as 'normal'.
 */
import { wouldOpBeTriviallyDead } from '@lifeline/analyses';
import { hasTrait, nextMark, type Block, type BlockArgument, type Operation, type Region, type Value } from '@lifeline/ir';
import { eraseOperandAt } from './op-util.js';
import { postOrderFromEntry, type TrackingRewriter } from './tracking-rewriter.js';

/**
 * `erased`: ops or blocks were erased, what MLIR reports as success (the driver
 * iterates again). `changed`: that, or (3) removed only arguments and the operands
 * forwarded into them, which MLIR does not report.
 */
export interface RegionSimplification {
  erased: boolean;
  changed: boolean;
}

/**
 * `opaque` ops are judged like any other, but their regions are left alone: the
 * greedy driver simplifies ops isolated from above on their own (their values
 * and liveness cannot cross their boundary), and only those that changed.
 */
export function simplifyRegions(rewriter: TrackingRewriter, regions: readonly Region[], _aggressive: boolean, opaque?: (op: Operation) => boolean): RegionSimplification {
  // (1) and the seeding of (2) share one walk: a region's unreachable blocks are
  // erased before its ops are seeded, and an op is judged after its regions.
  const live = new LiveMap(rewriter, opaque);
  for (const r of regions) seedRegion(r, live);
  live.drain();
  const erased = deleteDeadness(rewriter, regions, live) || live.erasedBlocks;
  return { erased, changed: erased || live.erasedArguments };
}

/** (1) Erases the blocks of `region` that its entry does not reach; returns its blocks in post-order. */
function eraseUnreachableBlocks(rewriter: TrackingRewriter, region: Region, order: readonly Block[]): boolean {
  if (order.length === region.blocks.length) return false;
  const reachable = new Set(order);
  for (const block of [...region.blocks]) {
    if (reachable.has(block)) continue;
    dropDefinedValueUses(block);
    rewriter.eraseBlock(block);
  }
  return true;
}

function dropDefinedValueUses(block: Block): void {
  for (const a of block.arguments) a.dropAllUses();
  for (let op = block.first; op; op = op.next) {
    op.walk((o) => {
      for (const r of o.results) r.dropAllUses();
      for (const reg of o.regions) for (const b of reg.blocks) for (const a of b.arguments) a.dropAllUses();
    });
  }
}

/**
 * (2) as a worklist: the rules are monotone, so MLIR's rounds over the regions
 * reach their least fixpoint, which this computes with one walk (seeding the
 * ops that are live outright) and then per newly live op or argument only the
 * values it makes live. A forwarding use into a successor argument not yet live
 * waits in `pending` until that argument becomes live.
 */
class LiveMap {
  /** Live ops carry this mark (a field, not a Set of every op: hashing dominated large inputs). */
  private readonly mark = nextMark();
  readonly args = new Set<Value>();
  private readonly queue: Operation[] = [];
  private readonly pending = new Map<Value, Value[]>();
  /** Post-orders of the multi-block regions, from the entry: only reachable blocks, which is all that stays (1). */
  readonly order = new Map<Region, readonly Block[]>();
  erasedBlocks = false;
  /** (3) removed a dead argument or an operand forwarded into one. */
  erasedArguments = false;
  constructor(private readonly rewriter: TrackingRewriter, private readonly opaque?: (op: Operation) => boolean) {}
  /** The regions of `op` this simplification looks into. */
  regionsOf(op: Operation): readonly Region[] {
    return op.regions.length && this.opaque?.(op) ? [] : op.regions;
  }
  /** A region's blocks in post-order, its unreachable blocks erased (1) on the first visit. */
  blocksOf(region: Region): readonly Block[] {
    if (region.blocks.length === 1) return region.blocks;
    let order = this.order.get(region);
    if (!order) {
      this.order.set(region, (order = postOrderFromEntry(region)));
      this.erasedBlocks = eraseUnreachableBlocks(this.rewriter, region, order) || this.erasedBlocks;
    }
    return order;
  }
  isLive(v: Value): boolean {
    const d = v.definingOp;
    return d ? d.mark === this.mark : this.args.has(v);
  }
  /** Only results and arguments of non-entry blocks ever become live (MLIR never judges entry arguments). */
  setLive(v: Value): void {
    const d = v.definingOp;
    if (d) {
      this.setOpLive(d);
      return;
    }
    if (this.args.has(v) || (v as BlockArgument).owner.isEntryBlock) return;
    this.args.add(v);
    const waiting = this.pending.get(v);
    if (waiting) {
      this.pending.delete(v);
      for (const w of waiting) this.setLive(w);
    }
  }
  isOpLive(op: Operation): boolean {
    return op.mark === this.mark;
  }
  setOpLive(op: Operation): void {
    if (op.mark === this.mark) return;
    op.mark = this.mark;
    this.queue.push(op);
  }
  /** A live op makes the values it uses live, except those it forwards into a successor argument not (yet) live. */
  drain(): void {
    for (let op = this.queue.pop(); op; op = this.queue.pop()) {
      const forwarded = hasTrait(op, 'Terminator') ? forwardedArguments(op) : undefined;
      const operands = op.operands;
      for (let i = 0; i < operands.length; i++) {
        const v = operands[i]!.value;
        if (forwarded) {
          const arg = forwarded[i];
          if (arg && !this.args.has(arg)) {
            let list = this.pending.get(arg);
            if (!list) this.pending.set(arg, (list = []));
            list.push(v);
            continue;
          }
        }
        this.setLive(v);
      }
    }
  }
}

/**
 * wouldOpBeTriviallyDead with a shortcut for the common region-free op whose
 * effects list is empty (pure) — same answer, no temporary sets.
 */
function quickTriviallyDead(op: Operation): boolean {
  const def = op.def;
  if (def && !op.regions.length && !def.has('Terminator') && !def.has('Symbol')) {
    const effectsOf = def.spec.memoryEffects;
    if (effectsOf && effectsOf(op).length === 0) return true;
  }
  return wouldOpBeTriviallyDead(op);
}

/**
 * The successor argument each operand of a branch forwards into (indexed by operand; none
 * for the others), or undefined for a terminator that is not a branch. One pass over the
 * successors: asking per operand would walk them (and slice the operand list) per operand.
 */
function forwardedArguments(op: Operation): (Value | undefined)[] | undefined {
  const branch = op.def?.spec.branch;
  if (!branch) return undefined;
  const out: (Value | undefined)[] = new Array(op.operands.length);
  for (let i = 0; i < op.successors.length; i++) {
    const start = branch.successorOperandStart(op, i);
    const n = branch.successorOperands(op, i).length;
    const args = op.successors[i]!.arguments;
    for (let k = 0; k < n; k++) out[start + k] = args[k];
  }
  return out;
}

/** (2) The ops live outright: terminators (with the successor arguments of a non-branch one) and ops that would not be trivially dead. */
function seedRegion(region: Region, live: LiveMap): void {
  if (!region.blocks.length) return;
  for (const block of live.blocksOf(region)) {
    for (let op = block.last; op; op = op.prev) {
      for (const r of live.regionsOf(op)) seedRegion(r, live);
      if (hasTrait(op, 'Terminator')) {
        live.setOpLive(op);
        if (!op.def?.spec.branch) for (const s of op.successors) for (const a of s.arguments) live.setLive(a);
      } else if (!quickTriviallyDead(op)) {
        live.setOpLive(op);
      }
    }
  }
}

/** (3) */
function deleteDeadness(rewriter: TrackingRewriter, regions: readonly Region[], live: LiveMap): boolean {
  let erased = false;
  for (const region of regions) {
    if (!region.blocks.length) continue;
    const single = region.blocks.length === 1;
    for (const block of live.blocksOf(region)) {
      if (!single) eraseDeadSuccessorOperands(block.last!, live);
      for (let op = block.last; op;) {
        const prev: Operation | null = op.prev;
        if (!live.isOpLive(op)) {
          erased = true;
          for (const r of op.results) r.dropAllUses();
          rewriter.eraseOp(op);
        } else {
          erased = deleteDeadness(rewriter, live.regionsOf(op), live) || erased;
        }
        op = prev;
      }
    }
    for (const block of region.blocks.slice(1)) {
      for (let i = block.arguments.length - 1; i >= 0; i--) {
        const a = block.arguments[i]!;
        if (live.isLive(a)) continue;
        a.dropAllUses();
        block.eraseArgument(i);
        live.erasedArguments = true;
      }
    }
  }
  return erased;
}

function eraseDeadSuccessorOperands(term: Operation, live: LiveMap): void {
  const branch = term.def?.spec.branch;
  if (!branch) return;
  for (let s = term.successors.length - 1; s >= 0; s--) {
    const succ = term.successors[s]!;
    const n = branch.successorOperands(term, s).length;
    for (let k = n - 1; k >= 0; k--) {
      if (live.isLive(succ.arguments[k]!)) continue;
      eraseOperandAt(term, branch.successorOperandStart(term, s) + k);
      live.erasedArguments = true;
    }
  }
}
