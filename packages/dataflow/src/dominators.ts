/**
 * Dominator and post-dominator trees.
 *
 * Immediate dominators follow K. D. Cooper, T. J. Harvey and K. Kennedy,
 * "A Simple, Fast Dominance Algorithm", Software Practice & Experience 4 (2001):
 * iterate `idom(b) = ⋂ { idom-chains of processed preds of b }` over reverse
 * postorder until nothing changes, intersecting two chains with two fingers
 * that climb by postorder number. Worst case O(n²) per pass (deep dominator
 * trees crossed by many long back edges, e.g. 50k nested loops whose latches
 * sit at the far end); on CFGs from structured code it is near-linear.
 *
 * (1) a dominates b iff every path from the entry to b passes through a. Every
 *     block dominates itself; a properly (strictly) dominates b iff a dominates
 *     b and a ≠ b.
 * (2) Unreachable blocks follow the definition and LLVM/MLIR: an unreachable b
 *     is dominated by every block (no path reaches it), and an unreachable a
 *     dominates only itself and the other unreachable blocks. `idom` of an
 *     unreachable block, and of the root, is -1; they have no tree children.
 * (3) idom(b) is the unique proper dominator of b that every other proper
 *     dominator of b dominates; idom edges form the tree, whose children of a
 *     block are listed by ascending id.
 * (4) `dominates` is O(1): a dominates reachable b iff a's interval of DFS
 *     in/out numbers on the tree contains b's (numbered without recursion).
 * (5) Post-dominance is dominance on the reverse CFG augmented with a virtual
 *     exit X = numBlocks, whose reverse edges go to every block without
 *     successors and to every block that cannot reach such a block (infinite
 *     loops, including those in unreachable code). So every block
 *     post-dominance knows about reaches X, and (2) never applies. Joining
 *     every block of an infinite loop (not one chosen representative, as LLVM
 *     does) makes the answer independent of block numbering and DFS order, at a
 *     cost: inside an infinite loop no block post-dominates another, and each
 *     such block's immediate post-dominator is X.
 */
import { withPreds, type Cfg, type CfgWithPreds } from './cfg.js';
import { DepthFirst, reachableFrom } from './order.js';

/** CHK: immediate dominators over `dfs`, with idom(root) = root internally. */
function chkImmediateDominators(cfg: CfgWithPreds, dfs: DepthFirst): Int32Array {
  const idom = new Int32Array(cfg.numBlocks).fill(-1);
  const po = dfs.postNumber;
  const order = dfs.postorder;
  idom[cfg.entry] = cfg.entry;
  const intersect = (a: number, b: number): number => {
    while (a !== b) {
      while (po[a]! < po[b]!) a = idom[a]!;
      while (po[b]! < po[a]!) b = idom[b]!;
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    // The entry finishes last, so order[order.length - 1] is the root: skip it.
    for (let i = order.length - 2; i >= 0; i--) {
      const b = order[i]!;
      let next = -1;
      for (const p of cfg.preds(b)) {
        // Unprocessed (or unreachable, (2)) preds do not constrain idom(b) yet;
        // b's DFS parent precedes b in RPO, so some pred always counts.
        if (idom[p] === -1) continue;
        next = next === -1 ? p : intersect(p, next);
      }
      if (idom[b] !== next) {
        idom[b] = next;
        changed = true;
      }
    }
  }
  idom[cfg.entry] = -1;
  return idom;
}

export class DominatorTree {
  /** The graph the tree was computed on (for post-dominators, the augmented reverse CFG). */
  readonly cfg: CfgWithPreds;
  /** The DFS of `cfg` from its entry that the algorithm ran over. */
  readonly dfs: DepthFirst;
  readonly root: number;
  private readonly idoms: Int32Array;
  private readonly childLists: number[][];
  private readonly tin: Int32Array;
  private readonly tout: Int32Array;

  constructor(cfg: Cfg) {
    this.cfg = withPreds(cfg);
    this.root = cfg.entry;
    this.dfs = DepthFirst.of(this.cfg);
    this.idoms = chkImmediateDominators(this.cfg, this.dfs);
    const n = cfg.numBlocks;
    this.childLists = Array.from({ length: n }, () => []);
    for (let b = 0; b < n; b++) if (this.idoms[b]! !== -1) this.childLists[this.idoms[b]!]!.push(b); // (3)
    this.tin = new Int32Array(n).fill(-1);
    this.tout = new Int32Array(n).fill(-1);
    this.numberTree();
  }

  /** (4) In/out numbers by an explicit-stack walk of the tree. */
  private numberTree(): void {
    const stack = [this.root];
    const next = [0];
    let clock = 0;
    this.tin[this.root] = clock++;
    while (stack.length > 0) {
      const top = stack.length - 1;
      const kids = this.childLists[stack[top]!]!;
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

  /** (3) The immediate dominator of b; -1 for the root and unreachable blocks (2). */
  idom(b: number): number {
    return this.idoms[b]!;
  }

  /** (3) b's children in the tree, by ascending id. */
  children(b: number): readonly number[] {
    return this.childLists[b]!;
  }

  isReachable(b: number): boolean {
    return this.tin[b]! !== -1;
  }

  /** (1)(2)(4) a dominates b. */
  dominates(a: number, b: number): boolean {
    if (a === b || !this.isReachable(b)) return true;
    if (!this.isReachable(a)) return false;
    return this.tin[a]! <= this.tin[b]! && this.tout[b]! <= this.tout[a]!;
  }

  /** (1) a dominates b and a ≠ b. */
  properlyDominates(a: number, b: number): boolean {
    return a !== b && this.dominates(a, b);
  }
}

/** The dominator tree of `cfg` from its entry. */
export function dominatorTree(cfg: Cfg): DominatorTree {
  return new DominatorTree(cfg);
}

/**
 * (5) Post-dominators: a DominatorTree over the augmented reverse CFG, whose
 * root is `virtualExit`. `idom(b)` is b's immediate post-dominator (possibly
 * `virtualExit`); `dominates(a, b)` reads "a post-dominates b".
 */
export class PostDominatorTree extends DominatorTree {
  readonly virtualExit: number;
  /** (5) The blocks with an edge to the virtual exit, ascending. */
  readonly joinedToExit: readonly number[];

  constructor(cfg: Cfg) {
    const reverse = augmentedReverse(cfg);
    super(reverse.graph);
    this.virtualExit = cfg.numBlocks;
    this.joinedToExit = reverse.joined;
  }
}

export function postDominatorTree(cfg: Cfg): PostDominatorTree {
  return new PostDominatorTree(cfg);
}

/** (5) The reverse CFG of `cfg` plus the virtual exit X = numBlocks as its entry. */
export function augmentedReverse(cfg: Cfg): { graph: CfgWithPreds; joined: number[] } {
  const n = cfg.numBlocks;
  const forward = withPreds(cfg);
  const exits: number[] = [];
  for (let b = 0; b < n; b++) if (forward.succs(b).length === 0) exits.push(b);
  const reverseNoExit = { numBlocks: n, succs: (b: number) => forward.preds(b) };
  const reachesExit = reachableFrom(reverseNoExit, exits);
  const joined: number[] = [];
  for (let b = 0; b < n; b++) if (forward.succs(b).length === 0 || !reachesExit[b]) joined.push(b);
  const isJoined = new Uint8Array(n);
  for (const b of joined) isJoined[b] = 1;
  // Reverse preds of b are its forward succs, plus X when b is joined.
  const reversePreds: (readonly number[])[] = [];
  for (let b = 0; b < n; b++) {
    const s = forward.succs(b);
    reversePreds.push(isJoined[b] ? [...s, n] : s);
  }
  reversePreds.push([]);
  const graph: CfgWithPreds = {
    numBlocks: n + 1,
    entry: n,
    succs: (b) => (b === n ? joined : forward.preds(b)),
    preds: (b) => reversePreds[b]!,
  };
  return { graph, joined };
}
