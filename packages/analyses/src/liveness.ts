/**
 * Block liveness over every region nested in an op — MLIR's `Liveness`
 * (mlir/lib/Analysis/Liveness.cpp, LLVM 19), written against the generic IR:
 * values, uses, blocks, terminator successors and regions. No op is special.
 *
 * Specification:
 *
 * (1) Scope. The analysis covers every block of every region nested, at any
 *     depth, in the op. Blocks are listed in pre-order: a block, then the
 *     blocks of the regions of its ops, before the next block of its region.
 * (2) Edges are terminator successors only. Region control flow (a loop body
 *     running again, a region returning to its parent) adds no edge, and a
 *     region's blocks are not linked to the block that holds the region.
 * (3) def(B): B's arguments, the results of every op nested in B at any depth,
 *     and the arguments of every block nested in B.
 * (4) use(B): the operands of every op nested in B at any depth, minus def(B).
 *     A value read inside a nested region is thereby read by the block that
 *     holds the region's op.
 * (5) Escapes. A value defined directly in B (argument, or result of an op of
 *     B) is live-out of B when one of its users lies, in B's region, in another
 *     block than B (the user itself or the op of that region holding it). A
 *     user in a region nested in B does not escape. A user that is not in B's
 *     region at all counts as escaping (MLIR asserts; its release build does this).
 * (6) in(B) = use(B) ∪ out(B) − def(B); out(B) = escapes(B) ∪ ⋃ in(S) over the
 *     successors S of B. The least fixpoint; sets only grow, so the iteration
 *     order does not change the answer.
 * (7) Start of v in B: B's first op when v is live-in or a block argument,
 *     else v's defining op.
 * (8) End of v in B from a start op: B's last op when v is live-out, else the
 *     latest op of B that is, or holds in its regions, a user of v — never
 *     before the start op.
 * (9) resolveLiveness(v): the blocks are v's defining block, the blocks that
 *     directly hold its users, and, transitively, each visited block's
 *     successors where v is live-in; each contributes its ops from (7) to (8).
 * (10) isDeadAfter(v, op): v is not live-out of op's block, and its end (8),
 *     searched from op, is op itself or an op before it.
 * (11) currentlyLiveValues(op): among B's arguments, B's live-ins and the
 *     results of B's ops up to and including op, those whose range in B, from
 *     (7) to (8), contains op.
 */
import type { Block, Operation, Region, Value } from '@lifeline/ir';
import { predecessorLists, type Digraph } from '@lifeline/dataflow';

/** (1) The blocks nested in `op`, in pre-order. */
export function nestedBlocksPreorder(op: Operation): Block[] {
  const out: Block[] = [];
  const visit = (o: Operation): void => {
    for (const r of o.regions) {
      for (const b of r.blocks) {
        out.push(b);
        for (let c = b.first; c; c = c.next) if (c.regions.length) visit(c);
      }
    }
  };
  visit(op);
  return out;
}

/** The op of `block` that is `op` or holds it in a region; null when there is none. */
export function ancestorOpInBlock(block: Block, op: Operation): Operation | null {
  for (let o: Operation | null = op; o; o = o.parentOp) if (o.parent === block) return o;
  return null;
}

/** The block of `region` that is `block` or holds it in a nested region; null when there is none. */
function ancestorBlockInRegion(region: Region, block: Block | null): Block | null {
  for (let b = block; b; b = b.parentOp?.parent ?? null) if (b.parent === region) return b;
  return null;
}

/** Liveness facts of one block. */
export class LivenessBlockInfo {
  constructor(
    readonly block: Block,
    readonly liveIn: ReadonlySet<Value>,
    readonly liveOut: ReadonlySet<Value>,
  ) {}

  isLiveIn(v: Value): boolean { return this.liveIn.has(v); }
  isLiveOut(v: Value): boolean { return this.liveOut.has(v); }

  /** (7) Null only for an empty block. */
  getStartOperation(v: Value): Operation | null {
    const def = v.definingOp;
    if (this.isLiveIn(v) || !def) return this.block.first;
    return def;
  }

  /** (8) `start` must be an op of this block. */
  getEndOperation(v: Value, start: Operation): Operation {
    if (this.isLiveOut(v)) return this.block.last!;
    let end = start;
    for (let u = v.firstUse; u; u = u.nextUse) {
      const user = ancestorOpInBlock(this.block, u.owner);
      if (user && end.isBeforeInBlock(user)) end = user;
    }
    return end;
  }

  /** (11) In insertion order: arguments, live-ins, results. */
  currentlyLiveValues(op: Operation): Set<Value> {
    const live = new Set<Value>();
    const consider = (v: Value): void => {
      const def = v.definingOp;
      const start = this.isLiveIn(v) || !def ? this.block.first : ancestorOpInBlock(this.block, def);
      if (!start) return;
      const end = this.getEndOperation(v, start);
      if (!op.isBeforeInBlock(start) && !end.isBeforeInBlock(op)) live.add(v);
    };
    for (const a of this.block.arguments) consider(a);
    for (const v of this.liveIn) consider(v);
    for (let o = this.block.first; o; o = o.next) {
      for (const r of o.results) consider(r);
      if (o === op) break;
    }
    return live;
  }
}

/** Per-block sets while the fixpoint runs. */
interface Builder {
  def: Set<Value>;
  use: Set<Value>;
  liveIn: Set<Value>;
  liveOut: Set<Value>;
}

function initialBuilder(block: Block): Builder {
  const def = new Set<Value>();
  const use = new Set<Value>();
  const liveOut = new Set<Value>();
  const region = block.parent!;
  const escapes = (v: Value): void => {
    for (let u = v.firstUse; u; u = u.nextUse) {
      // (5) a user in another block of the region, or outside it.
      if (ancestorBlockInRegion(region, u.owner.parent) !== block) {
        liveOut.add(v);
        return;
      }
    }
  };
  for (const a of block.arguments) {
    def.add(a);
    escapes(a);
  }
  for (let o = block.first; o; o = o.next) for (const r of o.results) escapes(r);
  // (3)(4) everything nested in the block, at any depth.
  for (let o = block.first; o; o = o.next) {
    o.walk((n) => {
      for (const r of n.results) def.add(r);
      for (const x of n.operands) use.add(x.value);
      for (const r of n.regions) for (const b of r.blocks) for (const a of b.arguments) def.add(a);
    });
  }
  for (const d of def) use.delete(d);
  return { def, use, liveIn: new Set(), liveOut };
}

/** (6) Recomputes in(B); true when it grew (it never shrinks, so comparing sizes is enough). */
function updateLiveIn(b: Builder): boolean {
  const next = new Set(b.use);
  for (const v of b.liveOut) if (!b.def.has(v)) next.add(v);
  if (next.size === b.liveIn.size) return false;
  b.liveIn = next;
  return true;
}

export class Liveness {
  /** (1) The analysed blocks in pre-order. */
  readonly blocks: readonly Block[];
  private readonly infos = new Map<Block, LivenessBlockInfo>();

  constructor(readonly op: Operation) {
    this.blocks = nestedBlocksPreorder(op);
    const ids = new Map<Block, number>();
    this.blocks.forEach((b, i) => ids.set(b, i));
    // (2) terminator successors are the only edges; they stay inside a region.
    const succs = this.blocks.map((b) => b.successors().flatMap((s) => (ids.has(s) ? [ids.get(s)!] : [])));
    const graph: Digraph = { numBlocks: this.blocks.length, succs: (b) => succs[b]! };
    const preds = predecessorLists(graph);
    const builders = this.blocks.map(initialBuilder);

    const queued = new Uint8Array(this.blocks.length);
    const work: number[] = [];
    const enqueuePreds = (b: number): void => {
      for (const p of preds[b]!) if (!queued[p]) { queued[p] = 1; work.push(p); }
    };
    builders.forEach((bb, i) => { if (updateLiveIn(bb)) enqueuePreds(i); });
    while (work.length) {
      const b = work.pop()!;
      queued[b] = 0;
      const bb = builders[b]!;
      for (const s of succs[b]!) for (const v of builders[s]!.liveIn) bb.liveOut.add(v);
      if (updateLiveIn(bb)) enqueuePreds(b);
    }
    this.blocks.forEach((b, i) => this.infos.set(b, new LivenessBlockInfo(b, builders[i]!.liveIn, builders[i]!.liveOut)));
  }

  /** The block's facts; undefined for a block outside the analysed op. */
  getLiveness(block: Block): LivenessBlockInfo | undefined {
    return this.infos.get(block);
  }

  getLiveIn(block: Block): ReadonlySet<Value> { return this.info(block).liveIn; }
  getLiveOut(block: Block): ReadonlySet<Value> { return this.info(block).liveOut; }

  /** (9) The ops of `v`'s live range, block by block (unsorted, as MLIR). */
  resolveLiveness(v: Value): Operation[] {
    const out: Operation[] = [];
    const home = v.parentBlock;
    if (!home) return out;
    const visited = new Set<Block>([home]);
    const work: Block[] = [home];
    for (let u = v.firstUse; u; u = u.nextUse) {
      const b = u.owner.parent;
      if (b && !visited.has(b)) { visited.add(b); work.push(b); }
    }
    while (work.length) {
      const block = work.pop()!;
      const info = this.infos.get(block);
      if (!info) continue;
      let op = info.getStartOperation(v);
      if (!op) continue;
      const end = info.getEndOperation(v, op);
      out.push(op);
      while (op !== end && op.next) { op = op.next; out.push(op); }
      for (const s of block.successors()) {
        if (!visited.has(s) && this.infos.get(s)?.isLiveIn(v)) { visited.add(s); work.push(s); }
      }
    }
    return out;
  }

  /** (10) */
  isDeadAfter(v: Value, op: Operation): boolean {
    const info = this.info(op.parent);
    if (info.isLiveOut(v)) return false;
    const end = info.getEndOperation(v, op);
    return end === op || end.isBeforeInBlock(op);
  }

  private info(block: Block | null): LivenessBlockInfo {
    const info = block ? this.infos.get(block) : undefined;
    if (!info) throw new RangeError('liveness: the block is not nested in the analysed op');
    return info;
  }
}
