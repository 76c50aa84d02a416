import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cfgFromEdges, dominanceFrontiers, dominatorTree, iteratedFrontier, postDominatorTree } from '../src/index.js';
import {
  arbCfg,
  augmentedReverseOracle,
  naiveDominance,
  naiveFrontiers,
  reachSet,
  RUNS,
  sortedUnique,
  toCfg,
} from './cfg-oracle.js';

/** DF⁺(S) as a plain fixpoint: S₁ = DF(S), Sₖ₊₁ = DF(S ∪ Sₖ). */
function naiveIterated(df: number[][], s: number[]): number[] {
  let cur: number[] = [];
  for (;;) {
    const next = sortedUnique([...s, ...cur].flatMap((x) => df[x]!));
    if (next.join() === cur.join()) return cur;
    cur = next;
  }
}

describe('property: dominance frontiers equal the definition', () => {
  it('b ∈ DF(a) iff a dominates a pred of b and does not properly dominate b', () => {
    fc.assert(
      fc.property(arbCfg, (r) => {
        const want = naiveFrontiers(r.succs, naiveDominance(r.succs, r.entry), reachSet(r.succs, r.entry));
        expect(dominanceFrontiers(dominatorTree(toCfg(r)))).toEqual(want);
      }),
      RUNS,
    );
  });

  it('post-dominance frontiers: the same definition on the augmented reverse CFG', () => {
    fc.assert(
      fc.property(arbCfg, (r) => {
        const { rev } = augmentedReverseOracle(r);
        const want = naiveFrontiers(rev, naiveDominance(rev, r.n), rev.map(() => true));
        expect(dominanceFrontiers(postDominatorTree(toCfg(r)))).toEqual(want);
      }),
      RUNS,
    );
  });

  it('the iterated frontier is the fixpoint of DF', () => {
    fc.assert(
      fc.property(
        arbCfg.chain((r) => fc.tuple(fc.constant(r), fc.uniqueArray(fc.nat(r.n - 1), { maxLength: 5 }))),
        ([r, s]) => {
          const df = dominanceFrontiers(dominatorTree(toCfg(r)));
          expect(iteratedFrontier(df, s)).toEqual(naiveIterated(df, s));
        },
      ),
      RUNS,
    );
  });
});

describe('dominance frontiers on small CFGs', () => {
  //      0
  //     / \
  //    1   2
  //     \ /
  //      3
  it('diamond: both arms have the join in their frontier', () => {
    const df = dominanceFrontiers(dominatorTree(cfgFromEdges(4, [[0, 1], [0, 2], [1, 3], [2, 3]])));
    expect(df).toEqual([[], [3], [3], []]);
  });

  //   0 → 1 → 2 → 3
  //       ↑   │
  //       └───┘     loop 1..2, exit 3
  it('loop: the header is in its own frontier and its latch’s', () => {
    const cfg = cfgFromEdges(4, [[0, 1], [1, 2], [2, 1], [2, 3]]);
    expect(dominanceFrontiers(dominatorTree(cfg))).toEqual([[], [1], [1], []]);
    expect(iteratedFrontier(dominanceFrontiers(dominatorTree(cfg)), [2])).toEqual([1]);
  });

  //   0 ⟲   the entry with a self loop: 0 ∈ DF(0) although 0 has no idom
  it('entry in its own frontier', () => {
    expect(dominanceFrontiers(dominatorTree(cfgFromEdges(2, [[0, 0], [0, 1]])))).toEqual([[0], []]);
  });

  //      0
  //     / \
  //    1   2     control dependence: 1 and 2 depend on 0's branch;
  //     \ /      3 and 0 depend on nothing (virtual exit 4)
  //      3
  it('post-dominance frontiers are control dependences', () => {
    const pdf = dominanceFrontiers(postDominatorTree(cfgFromEdges(4, [[0, 1], [0, 2], [1, 3], [2, 3]])));
    expect(pdf).toEqual([[], [0], [0], [], []]);
  });
});
