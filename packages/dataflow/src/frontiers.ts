/**
 * Dominance frontiers (R. Cytron, J. Ferrante, B. K. Rosen, M. N. Wegman and
 * F. K. Zadeck, "Efficiently Computing Static Single Assignment Form and the
 * Control Dependence Graph", TOPLAS 13(4), 1991), computed with the "runner"
 * algorithm of Cooper, Harvey and Kennedy, "A Simple, Fast Dominance
 * Algorithm" (2001), figure 5.
 *
 * (1) b ∈ DF(a) iff a dominates some predecessor p of b and a does not properly
 *     dominate b.
 * (2) Only predecessors reachable from the tree's root count: an unreachable p
 *     is dominated by every block (dominators.ts (2)) and would otherwise put b
 *     in every frontier. Hence DF(a) is empty for an unreachable a.
 * (3) For each block b and each reachable predecessor p, a runner climbs the
 *     tree from p and stops at idom(b), adding b to the frontier of each block
 *     it passes. idom(b) dominates every reachable predecessor, so the runner
 *     passes exactly the dominators of p that do not properly dominate b; for
 *     the root, idom is -1 and the runner climbs to the top.
 * (4) Each frontier is listed by ascending block id, without repeats.
 * (5) The tree may be a PostDominatorTree: on the augmented reverse CFG the
 *     result is the post-dominance frontier, i.e. control dependence —
 *     b ∈ PDF(a) iff a is control dependent on b (ids include the virtual exit).
 * (6) The iterated frontier DF⁺(S) is the least set containing DF(S) and
 *     DF(DF⁺(S)) — where SSA construction places block arguments (φ).
 */
import type { DominatorTree } from './dominators.js';

/** (1)–(4) `result[a]` is DF(a), ascending. */
export function dominanceFrontiers(tree: DominatorTree): number[][] {
  const g = tree.cfg;
  const n = g.numBlocks;
  const df: number[][] = Array.from({ length: n }, () => []);
  // lastAdded[a] === b means b is already in DF(a): b only grows, so this is (4).
  const lastAdded = new Int32Array(n).fill(-1);
  for (let b = 0; b < n; b++) {
    if (!tree.isReachable(b)) continue; // (2) all of b's preds are unreachable too
    const stop = tree.idom(b);
    for (const p of g.preds(b)) {
      if (!tree.isReachable(p)) continue; // (2)
      for (let runner = p; runner !== stop; runner = tree.idom(runner)) {
        // (3) runner dominates p and, being below idom(b), not properly b. A
        // runner already holding b was climbed from before, up to the same stop.
        if (lastAdded[runner] === b) break;
        lastAdded[runner] = b;
        df[runner]!.push(b);
      }
    }
  }
  return df;
}

/** (6) DF⁺ of `blocks`, ascending. */
export function iteratedFrontier(df: readonly (readonly number[])[], blocks: Iterable<number>): number[] {
  const inResult = new Uint8Array(df.length);
  const work = [...blocks];
  const result: number[] = [];
  while (work.length > 0) {
    for (const y of df[work.pop()!]!) {
      if (inResult[y]) continue;
      inResult[y] = 1;
      result.push(y);
      work.push(y);
    }
  }
  return result.sort((a, b) => a - b);
}
