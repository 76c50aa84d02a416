import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cfgFromEdges, DepthFirst, postorder, predecessorLists, reachable, reversePostorder } from '../src/index.js';
import { arbCfg, recursiveDfs, reachSet, RUNS, toCfg } from './cfg-oracle.js';

describe('property: depth-first orders equal the recursive DFS', () => {
  it('preorder, postorder, numbers and reachability', () => {
    fc.assert(
      fc.property(arbCfg, (r) => {
        const cfg = toCfg(r);
        const dfs = DepthFirst.of(cfg);
        const want = recursiveDfs(r.succs, r.entry);
        expect(dfs.preorder).toEqual(want.preorder);
        expect(dfs.postorder).toEqual(want.postorder);
        expect(postorder(cfg)).toEqual(want.postorder);
        expect(reversePostorder(cfg)).toEqual(want.postorder.slice().reverse());
        const reach = reachSet(r.succs, r.entry);
        expect(reachable(cfg)).toEqual(reach);
        for (let b = 0; b < r.n; b++) {
          expect(dfs.isReachable(b)).toBe(reach[b]);
          expect(dfs.preNumber[b]).toBe(want.preorder.indexOf(b));
          expect(dfs.postNumber[b]).toBe(want.postorder.indexOf(b));
        }
      }),
      RUNS,
    );
  });

  it('ancestors and retreating edges follow the DFS tree', () => {
    fc.assert(
      fc.property(arbCfg, (r) => {
        const dfs = DepthFirst.of(toCfg(r));
        const want = recursiveDfs(r.succs, r.entry);
        const reach = reachSet(r.succs, r.entry);
        const isAncestor = (a: number, b: number): boolean => {
          if (!reach[a] || !reach[b]) return false;
          for (let x = b; x !== -1; x = want.parent[x]!) if (x === a) return true;
          return false;
        };
        const ids = r.succs.map((_, b) => b);
        expect(ids.map((a) => ids.map((b) => dfs.isAncestor(a, b)))).toEqual(
          ids.map((a) => ids.map((b) => isAncestor(a, b))),
        );
        const retreating = new Set(want.retreating.map(([u, v]) => `${u}->${v}`));
        const edges = r.succs.flatMap((ss, u) => (reach[u] ? ss.map((v) => [u, v] as const) : []));
        expect(edges.map(([u, v]) => dfs.isRetreating(u, v))).toEqual(
          edges.map(([u, v]) => retreating.has(`${u}->${v}`)),
        );
      }),
      RUNS,
    );
  });
});

describe('orders on small CFGs', () => {
  //      0
  //     / \
  //    1   2      3 (unreachable) → 1
  //     \ /
  //      4
  it('diamond with an unreachable block: RPO visits the first successor last', () => {
    const cfg = cfgFromEdges(5, [[0, 1], [0, 2], [1, 4], [2, 4], [3, 1]]);
    expect(postorder(cfg)).toEqual([4, 1, 2, 0]);
    expect(reversePostorder(cfg)).toEqual([0, 2, 1, 4]);
    expect(reachable(cfg)).toEqual([true, true, true, false, true]);
    expect(DepthFirst.of(cfg).preNumber[3]).toBe(-1);
    expect(predecessorLists(cfg)).toEqual([[], [0, 3], [0], [], [1, 2]]);
  });

  //   0 ⇄ 1 (edge 0→1 listed twice), entry 1
  it('repeated edges and a non-zero entry', () => {
    const cfg = cfgFromEdges(2, [[0, 1], [0, 1], [1, 0]], 1);
    expect(reversePostorder(cfg)).toEqual([1, 0]);
    expect(cfg.preds(1)).toEqual([0, 0]);
  });

  it('rejects ids outside the CFG', () => {
    expect(() => cfgFromEdges(2, [[0, 2]])).toThrow(RangeError);
    expect(() => cfgFromEdges(2, [], 5)).toThrow(RangeError);
    expect(() => cfgFromEdges(0, [])).toThrow(RangeError);
  });
});
