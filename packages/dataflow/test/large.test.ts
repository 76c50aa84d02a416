/**
 * 100k-block CFGs: every algorithm must run without recursion (a recursive DFS
 * overflows Node's stack near 10k frames) and in near-linear time. These tests
 * assert results, never time (STYLE.md habit 11); the suite's timeout catches
 * a quadratic regression.
 */
import { describe, expect, it } from 'vitest';
import {
  cfgFromEdges,
  DepthFirst,
  dominanceFrontiers,
  dominatorTree,
  findLoops,
  postDominatorTree,
  stronglyConnectedComponents,
} from '../src/index.js';

const N = 100_000;

/** The first i in 0..n-1 where `actual(i)` differs from `expected(i)` (as JSON), or -1. */
function firstMismatch(n: number, actual: (i: number) => unknown, expected: (i: number) => unknown): number {
  for (let i = 0; i < n; i++) if (JSON.stringify(actual(i)) !== JSON.stringify(expected(i))) return i;
  return -1;
}

function chain(n: number, closed: boolean) {
  const edges: [number, number][] = [];
  for (let i = 0; i + 1 < n; i++) edges.push([i, i + 1]);
  if (closed) edges.push([n - 1, 0]);
  return cfgFromEdges(n, edges);
}

describe('100k-block CFGs', () => {
  //   0 → 1 → 2 → … → 99999
  it('chain: orders, dominators, post-dominators, frontiers, loops, SCCs', () => {
    const cfg = chain(N, false);
    const rpo = DepthFirst.of(cfg).reversePostorder();
    expect(firstMismatch(N, (i) => rpo[i], (i) => i)).toBe(-1);
    const dt = dominatorTree(cfg);
    expect(firstMismatch(N, (i) => dt.idom(i), (i) => i - 1)).toBe(-1);
    expect(dt.dominates(0, N - 1)).toBe(true);
    expect(dt.dominates(N - 1, 0)).toBe(false);
    const pdt = postDominatorTree(cfg);
    expect(firstMismatch(N, (i) => pdt.idom(i), (i) => i + 1)).toBe(-1);
    expect(dominanceFrontiers(dt).every((f) => f.length === 0)).toBe(true);
    expect(findLoops(cfg).loops).toEqual([]);
    const sccs = stronglyConnectedComponents(cfg);
    expect(sccs.components.length).toBe(N);
    expect(sccs.components[0]).toEqual([N - 1]);
  });

  //   0 → 1 → 2 → … → 99999
  //   ↑                  │
  //   └──────────────────┘
  it('one 100k-block cycle: a single loop and a single SCC', () => {
    const cfg = chain(N, true);
    const loops = findLoops(cfg);
    expect(loops.loops.map((l) => [l.header, l.latches])).toEqual([[0, [N - 1]]]);
    expect(loops.blocks(0).length).toBe(N);
    const sccs = stronglyConnectedComponents(cfg);
    expect(sccs.components.length).toBe(1);
    expect(sccs.isCyclic(0)).toBe(true);
    // No exit: every block is joined to the virtual exit (dominators.ts (5)).
    expect(postDominatorTree(cfg).joinedToExit.length).toBe(N);
  });

  //   0 → 1 → 2 → 3 → …      every i → i+1 and i → i+2
  //    ↘___↗ ↘___↗
  it('ladder: everything hangs off the entry; each frontier is the next two rungs', () => {
    const edges: [number, number][] = [];
    for (let i = 0; i + 1 < N; i++) edges.push([i, i + 1]);
    for (let i = 0; i + 2 < N; i++) edges.push([i, i + 2]);
    const cfg = cfgFromEdges(N, edges);
    const dt = dominatorTree(cfg);
    expect(firstMismatch(N, (i) => dt.idom(i), (i) => (i === 0 ? -1 : 0))).toBe(-1);
    const df = dominanceFrontiers(dt);
    expect(firstMismatch(N, (i) => df[i], (i) => (i === 0 ? [] : [i + 1, i + 2].filter((b) => b < N)))).toBe(-1);
    const pdt = postDominatorTree(cfg);
    expect(firstMismatch(N - 1, (i) => pdt.idom(i), () => N - 1)).toBe(-1);
  });

  // 50k nested while loops: header h_i = i, exit e_i = D + i, innermost body
  // B = 2D. h_i → h_{i+1} (enter the inner loop) and h_i → e_i (leave loop i);
  // the inner loop's exit is the outer latch: e_{i+1} → h_i. e_0 exits.
  //
  //   h0 → h1 → … → h(D-1) → B
  //   ↓ ↖  ↓ ↖       ↓  ↖___/
  //   e0  e1  e2 …  e(D-1)
  it('50k nested loops: nesting depth, dominators, frontiers and post-dominators', () => {
    const D = 50_000;
    const B = 2 * D;
    const edges: [number, number][] = [];
    for (let i = 0; i < D; i++) {
      edges.push([i, i + 1 < D ? i + 1 : B], [i, D + i]);
      if (i > 0) edges.push([D + i, i - 1]);
    }
    edges.push([B, D - 1]);
    const cfg = cfgFromEdges(2 * D + 1, edges);
    const dt = dominatorTree(cfg);
    const f = findLoops(dt);
    expect(f.loops.length).toBe(D);
    expect(firstMismatch(D, (i) => [f.loops[i]!.header, f.loops[i]!.parent], (i) => [i, i - 1])).toBe(-1);
    expect(f.depth(B)).toBe(D);
    expect(firstMismatch(D, (i) => [f.depth(i), f.depth(D + i)], (i) => [i + 1, i])).toBe(-1);
    expect(f.contains(0, B) && !f.contains(1, D + 1) && f.contains(0, D + 1)).toBe(true);
    expect(f.isReducible).toBe(true);
    const df = dominanceFrontiers(dt);
    expect(firstMismatch(D, (i) => df[i], (i) => (i === 0 ? [0] : [i - 1, i]))).toBe(-1);
    expect(df[B]).toEqual([D - 1]);
    const pdt = postDominatorTree(cfg);
    // ipdom(h_i) = e_i; ipdom(e_i) = h_{i-1}, and the virtual exit for e_0.
    const ipdoms = (i: number) => [pdt.idom(i), pdt.idom(D + i)];
    expect(firstMismatch(D, ipdoms, (i) => [D + i, i === 0 ? pdt.virtualExit : i - 1])).toBe(-1);
    const sccs = stronglyConnectedComponents(cfg);
    expect(sccs.components.map((c) => c.length)).toEqual([1, 2 * D]);
  });
});
