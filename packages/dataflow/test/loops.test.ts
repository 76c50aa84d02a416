import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cfgFromEdges, findLoops, type LoopForest } from '../src/index.js';
import {
  arbCfg,
  naiveDominance,
  predsOf,
  reachSet,
  recursiveDfs,
  RUNS,
  sortedUnique,
  toCfg,
  type RawCfg,
} from './cfg-oracle.js';

interface NaiveLoop {
  header: number;
  latches: number[];
  body: number[];
}

/**
 * Loops by definition: a back edge is t→h with t reachable and h dominating t;
 * the loop of h is h plus every reachable block that reaches one of h's latches
 * without passing through h.
 */
function naiveLoops(r: RawCfg): { loops: NaiveLoop[]; backEdges: Set<string> } {
  const reach = reachSet(r.succs, r.entry);
  const dom = naiveDominance(r.succs, r.entry);
  const latches = new Map<number, number[]>();
  const backEdges = new Set<string>();
  r.succs.forEach((ss, t) => {
    for (const h of ss) {
      if (!reach[t] || !dom[h]![t]) continue;
      latches.set(h, [...(latches.get(h) ?? []), t]);
      backEdges.add(`${t}->${h}`);
    }
  });
  const loops = [...latches.keys()].map((h) => {
    const ls = sortedUnique(latches.get(h)!);
    const body = r.succs
      .map((_, x) => x)
      .filter((x) => x === h || (reach[x] && ls.some((t) => reachSet(r.succs, x, h)[t])));
    return { header: h, latches: ls, body };
  });
  return { loops, backEdges };
}

/** Reducible iff the reachable CFG without its back edges is acyclic (Kahn's algorithm). */
function naiveReducible(r: RawCfg, backEdges: Set<string>): boolean {
  const reach = reachSet(r.succs, r.entry);
  const fwd = r.succs.map((ss, u) => (reach[u] ? ss.filter((v) => !backEdges.has(`${u}->${v}`)) : []));
  const indeg = predsOf(fwd).map((ps) => ps.length);
  const work = r.succs.map((_, b) => b).filter((b) => reach[b] && indeg[b] === 0);
  let removed = 0;
  while (work.length > 0) {
    removed++;
    for (const v of fwd[work.pop()!]!) if (--indeg[v]! === 0) work.push(v);
  }
  return removed === reach.filter(Boolean).length;
}

function isSubset(a: number[], b: number[]): boolean {
  return a.every((x) => b.includes(x));
}

/** Everything the forest answers, in terms of headers and block lists. */
function dump(f: LoopForest, n: number) {
  const headerOf = (id: number) => (id === -1 ? -1 : f.loops[id]!.header);
  const ids = Array.from({ length: n }, (_, b) => b);
  return {
    loops: f.loops.map((l) => ({ header: l.header, latches: l.latches, body: f.blocks(l.id) })),
    parent: f.loops.map((l) => headerOf(l.parent)),
    depthOfLoop: f.loops.map((l) => l.depth),
    loopOf: ids.map((b) => headerOf(f.loopOf(b))),
    depth: ids.map((b) => f.depth(b)),
    contains: f.loops.map((l) => ids.filter((b) => f.contains(l.id, b))),
    withHeader: ids.map((b) => headerOf(f.loopWithHeader(b))),
  };
}

describe('property: natural loops equal the definition', () => {
  it('bodies, latches, nesting, depths and the RPO numbering of loops', () => {
    fc.assert(
      fc.property(arbCfg, (r) => {
        const f = findLoops(toCfg(r));
        const { loops } = naiveLoops(r);
        // (4) ids follow the headers' reverse postorder.
        const rpo = recursiveDfs(r.succs, r.entry).postorder.reverse();
        loops.sort((a, b) => rpo.indexOf(a.header) - rpo.indexOf(b.header));
        // The oracle's own sanity: two loops are disjoint or nested.
        for (const a of loops) for (const b of loops) {
          const meet = a.body.some((x) => b.body.includes(x));
          if (meet) expect(isSubset(a.body, b.body) || isSubset(b.body, a.body)).toBe(true);
        }
        const containing = (pred: (l: NaiveLoop) => boolean) =>
          loops.filter(pred).sort((a, b) => a.body.length - b.body.length);
        const ids = r.succs.map((_, b) => b);
        expect(dump(f, r.n)).toEqual({
          loops,
          parent: loops.map(
            (l) => containing((o) => o !== l && isSubset(l.body, o.body))[0]?.header ?? -1,
          ),
          depthOfLoop: loops.map((l) => containing((o) => o.body.includes(l.header)).length),
          loopOf: ids.map((b) => containing((o) => o.body.includes(b))[0]?.header ?? -1),
          depth: ids.map((b) => containing((o) => o.body.includes(b)).length),
          contains: loops.map((l) => l.body),
          withHeader: ids.map((b) => (loops.some((l) => l.header === b) ? b : -1)),
        });
        for (const l of f.loops) {
          expect(l.children).toEqual(f.loops.filter((c) => c.parent === l.id).map((c) => c.id));
          if (l.parent !== -1) expect(l.parent).toBeLessThan(l.id);
        }
        expect(f.topLevel).toEqual(f.loops.filter((l) => l.parent === -1).map((l) => l.id));
      }),
      RUNS,
    );
  });

  it('irreducible edges are the retreating edges that are not back edges', () => {
    fc.assert(
      fc.property(arbCfg, (r) => {
        const f = findLoops(toCfg(r));
        const { backEdges } = naiveLoops(r);
        const dfs = recursiveDfs(r.succs, r.entry);
        const seen = new Set<string>();
        const want = dfs.retreating
          .filter(([u, v]) => !backEdges.has(`${u}->${v}`) && !seen.has(`${u}->${v}`) && seen.add(`${u}->${v}`))
          .sort((a, b) => a[0] - b[0]);
        expect(f.irreducibleEdges).toEqual(want);
        expect(f.isReducible).toBe(naiveReducible(r, backEdges));
      }),
      RUNS,
    );
  });
});

describe('loops on small CFGs', () => {
  //   0 → 1 → 2 → 3 → 4 → 5
  //       ↑   ↑   │   │
  //       │   └───┘   │      inner loop {2,3}, latch 3
  //       └───────────┘      outer loop {1,2,3,4}, latch 4
  //   6 ⇄ 7                  an unreachable cycle is no loop
  it('nested loops', () => {
    const f = findLoops(
      cfgFromEdges(8, [[0, 1], [1, 2], [2, 3], [3, 2], [3, 4], [4, 1], [4, 5], [6, 7], [7, 6]]),
    );
    expect(f.loops).toEqual([
      { id: 0, header: 1, latches: [4], parent: -1, children: [1], depth: 1 },
      { id: 1, header: 2, latches: [3], parent: 0, children: [], depth: 2 },
    ]);
    expect(f.blocks(0)).toEqual([1, 2, 3, 4]);
    expect(f.blocks(1)).toEqual([2, 3]);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((b) => f.depth(b))).toEqual([0, 1, 2, 2, 1, 0, 0, 0]);
    expect(f.isReducible).toBe(true);
  });

  //   0 → 1 ⟲ → 2     a self loop, and a second latch 3 → 1 merged into the same loop
  //       ↑       ↘
  //       └─────── 3
  it('self loop and several latches merge per header', () => {
    const f = findLoops(cfgFromEdges(4, [[0, 1], [1, 1], [1, 2], [2, 3], [3, 1]]));
    expect(f.loops.map((l) => [l.header, l.latches])).toEqual([[1, [1, 3]]]);
    expect(f.blocks(0)).toEqual([1, 2, 3]);
  });

  //       0
  //      / \
  //     1 ⇄ 2      the cycle {1,2} has two entries: no header dominates the
  //      \ /       other, so there is no natural loop — only an irreducible edge
  //       3
  it('irreducible cycle', () => {
    const f = findLoops(cfgFromEdges(4, [[0, 1], [0, 2], [1, 2], [2, 1], [1, 3], [2, 3]]));
    expect(f.loops).toEqual([]);
    expect(f.irreducibleEdges).toEqual([[2, 1]]);
    expect(f.isReducible).toBe(false);
    expect(f.depth(1)).toBe(0);
  });

  //   0 → 1 → 2 ⇄ 3 → 4 → 5     an irreducible cycle {2,3} (entered at 2 and,
  //       ↑ ↘_____↗   │         via 1 → 3, at 3) inside the natural loop of 1:
  //       └───────────┘         its blocks belong to that loop only
  it('irreducible cycle inside a natural loop', () => {
    const f = findLoops(cfgFromEdges(6, [[0, 1], [1, 2], [1, 3], [2, 3], [3, 2], [3, 4], [4, 1], [4, 5]]));
    expect(f.loops.map((l) => [l.header, l.latches])).toEqual([[1, [4]]]);
    expect(f.blocks(0)).toEqual([1, 2, 3, 4]);
    expect(f.irreducibleEdges).toEqual([[3, 2]]);
  });
});
