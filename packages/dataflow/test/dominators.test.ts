import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cfgFromEdges, dominatorTree, postDominatorTree, type DominatorTree } from '../src/index.js';
import {
  arbCfg,
  augmentedReverseOracle,
  naiveDominance,
  naiveIdom,
  reachSet,
  RUNS,
  toCfg,
} from './cfg-oracle.js';

/** Every answer of `tree` over ids 0..n-1, in one comparable object. */
function dump(tree: DominatorTree, n: number) {
  const ids = Array.from({ length: n }, (_, b) => b);
  return {
    dominates: ids.map((a) => ids.map((b) => tree.dominates(a, b))),
    properly: ids.map((a) => ids.map((b) => tree.properlyDominates(a, b))),
    idom: ids.map((b) => tree.idom(b)),
    children: ids.map((b) => tree.children(b)),
    reachable: ids.map((b) => tree.isReachable(b)),
  };
}

/** What `dump` must say, from the dominance matrix alone. */
function expected(dom: boolean[][], reachable: boolean[], root: number) {
  const idom = naiveIdom(dom, reachable, root);
  return {
    dominates: dom,
    properly: dom.map((row, a) => row.map((d, b) => d && a !== b)),
    idom,
    children: idom.map((_, a) => idom.map((d, b) => (d === a ? b : -1)).filter((b) => b >= 0)),
    reachable,
  };
}

describe('property: dominators equal the definition', () => {
  it('a dominates b iff b is unreachable from the entry once a is removed', () => {
    fc.assert(
      fc.property(arbCfg, (r) => {
        const reach = reachSet(r.succs, r.entry);
        const want = expected(naiveDominance(r.succs, r.entry), reach, r.entry);
        expect(dump(dominatorTree(toCfg(r)), r.n)).toEqual(want);
      }),
      RUNS,
    );
  });

  it('a post-dominates b iff b is unreachable from the virtual exit in the augmented reverse CFG once a is removed', () => {
    fc.assert(
      fc.property(arbCfg, (r) => {
        const { rev, joined } = augmentedReverseOracle(r);
        const pdt = postDominatorTree(toCfg(r));
        expect(pdt.virtualExit).toBe(r.n);
        expect(pdt.root).toBe(r.n);
        expect(pdt.joinedToExit).toEqual(joined);
        const all = rev.map(() => true); // every block reaches the exit in the augmented CFG
        expect(dump(pdt, r.n + 1)).toEqual(expected(naiveDominance(rev, r.n), all, r.n));
      }),
      RUNS,
    );
  });
});

describe('dominators on small CFGs', () => {
  //      0
  //     / \
  //    1   2
  //     \ /
  //      3
  it('diamond: the join is dominated by the fork and post-dominates everything', () => {
    const cfg = cfgFromEdges(4, [[0, 1], [0, 2], [1, 3], [2, 3]]);
    const dt = dominatorTree(cfg);
    expect([0, 1, 2, 3].map((b) => dt.idom(b))).toEqual([-1, 0, 0, 0]);
    expect(dt.children(0)).toEqual([1, 2, 3]);
    expect(dt.dominates(1, 3)).toBe(false);
    const pdt = postDominatorTree(cfg);
    expect([0, 1, 2, 3, 4].map((b) => pdt.idom(b))).toEqual([3, 3, 3, 4, -1]);
    expect(pdt.joinedToExit).toEqual([3]);
  });

  //   0 → 1 → 2        3 (unreachable) → 2
  it('unreachable block: dominated by everything, dominates only unreachable blocks', () => {
    const dt = dominatorTree(cfgFromEdges(4, [[0, 1], [1, 2], [3, 2]]));
    expect(dt.isReachable(3)).toBe(false);
    expect(dt.idom(3)).toBe(-1);
    expect([0, 1, 2].every((a) => dt.properlyDominates(a, 3))).toBe(true);
    expect(dt.dominates(3, 2)).toBe(false);
    expect(dt.dominates(3, 3)).toBe(true);
    expect(dt.properlyDominates(3, 3)).toBe(false);
    expect(dt.idom(2)).toBe(1);
  });

  //      0
  //      ↓
  //      1 ←─┐      the loop 1 → 2 → 3 → 1 leaves for the exit 4 (from 2)
  //      ↓   │      and for 5 (from 3), an infinite self loop that never
  //      2 ──│─→ 4  exits: 5 is joined to the virtual exit 6, and so
  //      ↓   │      neither 4 nor 5 post-dominates 2 or 3.
  //      3 ──┘
  //      ↓
  //      5 ⟲
  it('post-dominators: infinite loops are joined to the virtual exit block by block', () => {
    const cfg = cfgFromEdges(6, [[0, 1], [1, 2], [2, 3], [2, 4], [3, 1], [3, 5], [5, 5]]);
    const pdt = postDominatorTree(cfg);
    expect(pdt.joinedToExit).toEqual([4, 5]);
    expect([0, 1, 2, 3, 4, 5].map((b) => pdt.idom(b))).toEqual([1, 2, 6, 6, 6, 6]);
    expect(pdt.dominates(2, 0)).toBe(true);
    expect(pdt.dominates(5, 3)).toBe(false);
    //   0 → 1 ⇄ 2    no exit at all: every block is joined, none post-dominates another
    const spin = postDominatorTree(cfgFromEdges(3, [[0, 1], [1, 2], [2, 1]]));
    expect(spin.joinedToExit).toEqual([0, 1, 2]);
    expect([0, 1, 2].map((b) => spin.idom(b))).toEqual([3, 3, 3]);
  });

  //   0 → 1 → 2 → 3   entry 2: blocks before the entry are unreachable
  it('a non-zero entry', () => {
    const dt = dominatorTree(cfgFromEdges(4, [[0, 1], [1, 2], [2, 3]], 2));
    expect(dt.root).toBe(2);
    expect([0, 1, 2, 3].map((b) => dt.idom(b))).toEqual([-1, -1, -1, 2]);
    expect(dt.dominates(2, 0)).toBe(true);
  });
});
