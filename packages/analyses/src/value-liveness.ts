/**
 * Block liveness (liveness.ts, MLIR's `Liveness`) restricted to the values that
 * satisfy a filter, computed value by value. The ownership-based deallocation
 * only asks which *memrefs* are live into or out of a block; a value's liveness
 * does not depend on any other value, so restricting the value set gives exactly
 * liveness.ts's sets restricted to those values, at a cost proportional to the
 * filtered values' live ranges instead of def/use sets of every value of every
 * block (on a 100k-op function the full sets cost more than the whole pass).
 *
 * (1) Scope and edges as liveness.ts (1)(2): the blocks nested in the op; edges
 *     are terminator successors between blocks of one region.
 * (2) v ∈ def(B) exactly when B is v's defining block or a block holding it in a
 *     nested region (liveness.ts (3)): the "definition chain" of v.
 * (3) A user in block U makes v ∈ use(X), so v live-in at X, for U and each
 *     block holding U, up to (excluding) the first block of v's definition chain
 *     (liveness.ts (4)).
 * (4) v live-in at X makes v live-out at every predecessor P of X, and live-in
 *     at P unless P is on v's definition chain (liveness.ts (6)).
 * (5) Escapes as liveness.ts (5): v is live-out of its defining block when a user
 *     lies, within that block's region, in another block, or outside the region.
 * (6) Values are considered in pre-order of their definition (each block's
 *     arguments, then the results of its ops, then nested blocks); each set lists
 *     its values in that order.
 */
import type { Block, Operation, Value } from '@lifeline/ir';
import { nestedBlocksPreorder } from './liveness.js';

const EMPTY: Set<Value> = new Set();
const NO_PREDS: Block[] = [];

export class ValueLiveness {
  readonly blocks: readonly Block[];
  private readonly index = new Map<Block, number>();
  private readonly liveIn: Set<Value>[];
  private readonly liveOut: Set<Value>[];
  private readonly preds: Block[][];
  /** Per block: the id of the last value that reached it (visited marks without clearing). */
  private readonly seenIn: Int32Array;
  private readonly onChain: Int32Array;

  constructor(readonly op: Operation, filter: (v: Value) => boolean) {
    this.blocks = nestedBlocksPreorder(op);
    const n = this.blocks.length;
    this.blocks.forEach((b, i) => this.index.set(b, i));
    // Most blocks have no live memrefs: their sets are made on first use.
    this.liveIn = new Array<Set<Value>>(n).fill(EMPTY);
    this.liveOut = new Array<Set<Value>>(n).fill(EMPTY);
    this.preds = new Array<Block[]>(n).fill(NO_PREDS);
    this.seenIn = new Int32Array(n).fill(-1);
    this.onChain = new Int32Array(n).fill(-1);
    // (1) predecessors, in block order then successor order.
    for (const b of this.blocks) {
      for (const s of b.successors()) {
        const si = this.index.get(s);
        if (si === undefined || s.parent !== b.parent) continue;
        if (this.preds[si] === NO_PREDS) this.preds[si] = [];
        this.preds[si]!.push(b);
      }
    }
    // (6)
    let id = 0;
    for (const b of this.blocks) {
      for (const a of b.arguments) if (filter(a)) this.compute(a, b, id++);
      for (let o = b.first; o; o = o.next) for (const r of o.results) if (filter(r)) this.compute(r, b, id++);
    }
  }

  private compute(v: Value, home: Block, id: number): void {
    // (2) mark the definition chain.
    for (let b: Block | null = home; b; b = b.parentOp?.parent ?? null) {
      const i = this.index.get(b);
      if (i === undefined) break;
      this.onChain[i] = id;
    }
    const region = home.parent;
    const homeIndex = this.index.get(home)!;
    const work: number[] = [];
    const markIn = (i: number): void => {
      if (this.seenIn[i] === id) return;
      this.seenIn[i] = id;
      this.add(this.liveIn, i, v);
      work.push(i);
    };
    for (let u = v.firstUse; u; u = u.nextUse) {
      let escapes = true;
      // (3) the user's block and the blocks holding it, up to the definition chain.
      for (let b: Block | null = u.owner.parent; b; b = b.parentOp?.parent ?? null) {
        if (b.parent === region) escapes = b !== home;
        const i = this.index.get(b);
        if (i === undefined || this.onChain[i] === id) break;
        markIn(i);
      }
      // (5)
      if (escapes) this.add(this.liveOut, homeIndex, v);
    }
    // (4)
    while (work.length) {
      const x = work.pop()!;
      for (const p of this.preds[x]!) {
        const pi = this.index.get(p)!;
        this.add(this.liveOut, pi, v);
        if (this.onChain[pi] !== id) markIn(pi);
      }
    }
  }

  private add(sets: Set<Value>[], i: number, v: Value): void {
    let set = sets[i]!;
    if (set === EMPTY) sets[i] = set = new Set();
    set.add(v);
  }

  getLiveIn(block: Block): ReadonlySet<Value> { return this.liveIn[this.at(block)]!; }
  getLiveOut(block: Block): ReadonlySet<Value> { return this.liveOut[this.at(block)]!; }

  private at(block: Block): number {
    const i = this.index.get(block);
    if (i === undefined) throw new RangeError('liveness: the block is not nested in the analysed op');
    return i;
  }
}
