/**
 * Natural loops and the loop nesting forest.
 *
 * (1) A back edge is an edge t→h, t reachable, whose target dominates its
 *     source. h is a loop header and t one of its latches (t = h for a self loop).
 * (2) The loop of header h is h plus every block that reaches one of h's
 *     latches without passing through h: the natural loops of all back edges
 *     into h are merged. Its blocks are reachable and dominated by h.
 * (3) Loops with different headers are disjoint or nested. A loop's parent is
 *     the innermost loop that strictly contains it; `loopOf(b)` is the innermost
 *     loop containing b (-1 if none), and `depth(b)` the number of loops
 *     containing b (0 outside loops, 1 in an outermost loop).
 * (4) Loop ids follow the headers' reverse postorder, so a parent's id is
 *     smaller than its children's. Latches, children and `blocks` ascend.
 * (5) Irreducible CFGs are tolerated, not modelled: a retreating edge u→v
 *     (order.ts (4)) whose target does not dominate its source enters a cycle
 *     with several entries, is not a back edge and makes no loop; the cycle's
 *     blocks belong only to the natural loops that contain them anyway. Such
 *     edges are listed in `irreducibleEdges` (relative to the DFS of order.ts),
 *     and the CFG is reducible iff the list is empty. A client that needs every
 *     cycle (a solver choosing widening points, say) should use scc.ts, or treat
 *     these edges' targets as extra headers.
 * (6) Construction: headers are taken in CFG postorder, so if h dominates h'
 *     the loop of h' is built first. Its body is found by walking preds back
 *     from the latches; a block already claimed by a loop stands for that
 *     loop's outermost ancestor so far (a path-compressed union-find), which
 *     becomes a child, and the walk continues from the preds of that ancestor's
 *     header — the preds of its other blocks lie inside it. Near-linear.
 * (7) `contains` is O(1) by in/out numbers on the loop tree. `blocks(loop)` is
 *     built on each call: materialising every body would be quadratic in the
 *     nesting depth.
 */
import type { Cfg } from './cfg.js';
import { DominatorTree } from './dominators.js';

export interface Loop {
  readonly id: number;
  readonly header: number;
  readonly latches: readonly number[];
  /** (3) The enclosing loop's id, -1 for an outermost loop. */
  readonly parent: number;
  readonly children: readonly number[];
  /** (3) 1 for an outermost loop. */
  readonly depth: number;
}

export class LoopForest {
  /** (4) All loops, parents before children. */
  readonly loops: readonly Loop[];
  /** (4) Ids of the outermost loops, ascending. */
  readonly topLevel: readonly number[];
  /** (5) Retreating edges that are not back edges, by source then successor order. */
  readonly irreducibleEdges: readonly (readonly [number, number])[];
  private readonly innermost: Int32Array;
  private readonly ownBlocks: number[][];
  private readonly tin: Int32Array;
  private readonly tout: Int32Array;

  constructor(cfgOrTree: Cfg | DominatorTree) {
    const tree = cfgOrTree instanceof DominatorTree ? cfgOrTree : new DominatorTree(cfgOrTree);
    const g = tree.cfg;
    const dfs = tree.dfs;
    const n = g.numBlocks;
    const tmp = buildLoops(tree);
    // (4) Renumber by the headers' RPO position (descending postorder number).
    const post = (t: number) => dfs.postNumber[tmp.header[t]!]!;
    const order = tmp.header.map((_, t) => t).sort((a, b) => post(b) - post(a));
    const newId = new Int32Array(order.length);
    order.forEach((t, i) => (newId[t] = i));
    const loops: Loop[] = [];
    const topLevel: number[] = [];
    for (const t of order) {
      const id = loops.length;
      const parent = tmp.parent[t] === -1 ? -1 : newId[tmp.parent[t]!]!;
      const depth = parent === -1 ? 1 : loops[parent]!.depth + 1;
      loops.push({ id, header: tmp.header[t]!, latches: tmp.latches[t]!, parent, children: [], depth });
      if (parent === -1) topLevel.push(id);
      else (loops[parent]!.children as number[]).push(id);
    }
    this.loops = loops;
    this.topLevel = topLevel;
    this.innermost = new Int32Array(n).fill(-1);
    this.ownBlocks = loops.map(() => []);
    for (let b = 0; b < n; b++) {
      const t = tmp.loopOf[b]!;
      if (t === -1) continue;
      this.innermost[b] = newId[t]!;
      this.ownBlocks[newId[t]!]!.push(b);
    }
    this.tin = new Int32Array(loops.length);
    this.tout = new Int32Array(loops.length);
    this.numberTree();
    const irreducible: [number, number][] = [];
    const seenFrom = new Int32Array(n).fill(-1);
    for (let u = 0; u < n; u++) {
      if (!dfs.isReachable(u)) continue;
      for (const v of g.succs(u)) {
        if (seenFrom[v] === u) continue; // a repeated edge counts once
        seenFrom[v] = u;
        if (dfs.isRetreating(u, v) && !tree.dominates(v, u)) irreducible.push([u, v]);
      }
    }
    this.irreducibleEdges = irreducible;
  }

  /** (7) In/out numbers over the loop forest, with an explicit stack. */
  private numberTree(): void {
    let clock = 0;
    for (const root of this.topLevel) {
      const stack = [root];
      const next = [0];
      this.tin[root] = clock++;
      while (stack.length > 0) {
        const top = stack.length - 1;
        const kids = this.loops[stack[top]!]!.children;
        if (next[top]! < kids.length) {
          const c = kids[next[top]!++]!;
          this.tin[c] = clock++;
          stack.push(c);
          next.push(0);
        } else {
          this.tout[stack.pop()!] = clock++;
          next.pop();
        }
      }
    }
  }

  get isReducible(): boolean {
    return this.irreducibleEdges.length === 0;
  }

  /** (3) The innermost loop containing b, or -1. */
  loopOf(b: number): number {
    return this.innermost[b]!;
  }

  /** (3) How many loops contain b. */
  depth(b: number): number {
    const l = this.innermost[b]!;
    return l === -1 ? 0 : this.loops[l]!.depth;
  }

  /** The loop whose header is b, or -1. */
  loopWithHeader(b: number): number {
    const l = this.innermost[b]!;
    return l !== -1 && this.loops[l]!.header === b ? l : -1;
  }

  /** (7) Loop `loop` contains block b. */
  contains(loop: number, b: number): boolean {
    const l = this.innermost[b]!;
    return l !== -1 && this.tin[loop]! <= this.tin[l]! && this.tout[l]! <= this.tout[loop]!;
  }

  /** (2)(7) The blocks of `loop`, ascending (built on each call). */
  blocks(loop: number): number[] {
    const out: number[] = [];
    const work = [loop];
    while (work.length > 0) {
      const l = work.pop()!;
      out.push(...this.ownBlocks[l]!);
      work.push(...this.loops[l]!.children);
    }
    return out.sort((a, b) => a - b);
  }
}

export function findLoops(cfgOrTree: Cfg | DominatorTree): LoopForest {
  return new LoopForest(cfgOrTree);
}

interface TmpLoops {
  header: number[];
  latches: number[][];
  parent: number[];
  /** Innermost loop per block, in construction ids. */
  loopOf: Int32Array;
}

/** (6) Loops in construction order (inner before outer), with their nesting. */
function buildLoops(tree: DominatorTree): TmpLoops {
  const g = tree.cfg;
  const header: number[] = [];
  const latches: number[][] = [];
  const parent: number[] = [];
  const uf: number[] = [];
  const loopOf = new Int32Array(g.numBlocks).fill(-1);
  const find = (x: number): number => {
    let r = x;
    while (uf[r] !== r) r = uf[r]!;
    while (x !== r) {
      const up = uf[x]!;
      uf[x] = r;
      x = up;
    }
    return r;
  };
  for (const h of tree.dfs.postorder) {
    const ls: number[] = [];
    for (const p of g.preds(h)) {
      // (1) preds ascend, so a repeated edge is adjacent.
      if (tree.isReachable(p) && tree.dominates(h, p) && ls[ls.length - 1] !== p) ls.push(p);
    }
    if (ls.length === 0) continue;
    const L = header.length;
    header.push(h);
    latches.push(ls);
    parent.push(-1);
    uf.push(L);
    loopOf[h] = L;
    const work = ls.filter((t) => t !== h);
    while (work.length > 0) {
      const b = work.pop()!;
      let from = b;
      if (loopOf[b] === -1) {
        loopOf[b] = L; // (2) b reaches a latch without passing h
      } else {
        const inner = find(loopOf[b]!);
        if (inner === L) continue;
        parent[inner] = L; // (3) nested: inner's header is dominated by h
        uf[inner] = L;
        from = header[inner]!;
      }
      for (const p of g.preds(from)) if (tree.isReachable(p)) work.push(p);
    }
  }
  return { header, latches, parent, loopOf };
}
