/**
 * Depth-first orders of a CFG from its entry.
 *
 * (1) The search is the recursive DFS from `entry` that visits the successors
 *     of a block in the order `succs` lists them and skips visited blocks — run
 *     with an explicit stack, because CFGs can have 100k blocks and recursion
 *     would overflow Node's stack. Its orders are exactly the recursive ones.
 * (2) Only blocks reachable from the entry are numbered; every unreachable
 *     block has number -1 and appears in no order.
 * (3) Preorder: the order blocks are first visited. Postorder: the order their
 *     visits finish. Reverse postorder (RPO) is postorder reversed, so it starts
 *     at the entry and, apart from retreating edges, every edge points forward.
 * (4) With pre/post numbers, `a` is an ancestor-or-self of `b` in the DFS tree
 *     iff pre(a) <= pre(b) and post(b) <= post(a). An edge u→v is retreating
 *     iff v is an ancestor-or-self of u; every back edge is retreating, and a
 *     CFG is reducible iff every retreating edge is a back edge.
 */
import type { Cfg, Digraph } from './cfg.js';

export class DepthFirst {
  /** (3) Blocks in the order they were first visited. */
  readonly preorder: readonly number[];
  /** (3) Blocks in the order their visits finished. */
  readonly postorder: readonly number[];
  /** (2) Preorder number per block, -1 when unreachable. */
  readonly preNumber: Int32Array;
  /** (2) Postorder number per block, -1 when unreachable. */
  readonly postNumber: Int32Array;

  constructor(g: Digraph, roots: Iterable<number>) {
    const n = g.numBlocks;
    const pre = new Int32Array(n).fill(-1);
    const post = new Int32Array(n).fill(-1);
    const preorder: number[] = [];
    const postorder: number[] = [];
    // (1) One frame per block on the current DFS path: the block and the index
    // of the next successor to look at.
    const stackBlock = new Int32Array(n);
    const stackNext = new Int32Array(n);
    for (const root of roots) {
      if (pre[root] !== -1) continue;
      let top = 0;
      stackBlock[0] = root;
      stackNext[0] = 0;
      pre[root] = preorder.length;
      preorder.push(root);
      while (top >= 0) {
        const b = stackBlock[top]!;
        const succs = g.succs(b);
        const i = stackNext[top]!;
        if (i < succs.length) {
          stackNext[top] = i + 1;
          const s = succs[i]!;
          if (pre[s] === -1) {
            pre[s] = preorder.length;
            preorder.push(s);
            top++;
            stackBlock[top] = s;
            stackNext[top] = 0;
          }
        } else {
          post[b] = postorder.length;
          postorder.push(b);
          top--;
        }
      }
    }
    this.preorder = preorder;
    this.postorder = postorder;
    this.preNumber = pre;
    this.postNumber = post;
  }

  /** (1) The DFS of `cfg` from its entry. */
  static of(cfg: Cfg): DepthFirst {
    return new DepthFirst(cfg, [cfg.entry]);
  }

  isReachable(b: number): boolean {
    return this.preNumber[b]! !== -1;
  }

  /** (3) Reverse postorder, computed on each call. */
  reversePostorder(): number[] {
    return this.postorder.slice().reverse();
  }

  /** (4) `a` is `b` or a DFS-tree ancestor of `b` (both reachable). */
  isAncestor(a: number, b: number): boolean {
    const pa = this.preNumber[a]!;
    const pb = this.preNumber[b]!;
    return pa !== -1 && pb !== -1 && pa <= pb && this.postNumber[b]! <= this.postNumber[a]!;
  }

  /** (4) The edge u→v is retreating in this DFS. */
  isRetreating(u: number, v: number): boolean {
    return this.isAncestor(v, u);
  }
}

/** (3) Postorder of the blocks reachable from the entry. */
export function postorder(cfg: Cfg): number[] {
  return DepthFirst.of(cfg).postorder.slice();
}

/** (3) Reverse postorder of the blocks reachable from the entry. */
export function reversePostorder(cfg: Cfg): number[] {
  return DepthFirst.of(cfg).reversePostorder();
}

/** (2) `result[b]` is true iff b is reachable from the entry. */
export function reachable(cfg: Cfg): boolean[] {
  return reachableFrom(cfg, [cfg.entry]);
}

/** Blocks reachable from any of `roots` (a worklist, not a DFS: no order is promised). */
export function reachableFrom(g: Digraph, roots: Iterable<number>): boolean[] {
  const seen: boolean[] = new Array<boolean>(g.numBlocks).fill(false);
  const work: number[] = [];
  for (const r of roots) {
    if (!seen[r]) {
      seen[r] = true;
      work.push(r);
    }
  }
  while (work.length > 0) {
    for (const s of g.succs(work.pop()!)) {
      if (!seen[s]) {
        seen[s] = true;
        work.push(s);
      }
    }
  }
  return seen;
}
