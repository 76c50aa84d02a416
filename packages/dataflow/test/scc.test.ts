import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cfgFromEdges, stronglyConnectedComponents } from '../src/index.js';
import { arbCfg, reachSet, RUNS, toCfg } from './cfg-oracle.js';

describe('property: SCCs are the classes of mutual reachability', () => {
  it('partition, order, and cyclicity', () => {
    fc.assert(
      fc.property(arbCfg, (r) => {
        const sccs = stronglyConnectedComponents(toCfg(r));
        const reach = r.succs.map((_, b) => reachSet(r.succs, b));
        const ids = r.succs.map((_, b) => b);
        // Same component iff each reaches the other.
        expect(ids.map((a) => ids.map((b) => sccs.componentOf(a) === sccs.componentOf(b)))).toEqual(
          ids.map((a) => ids.map((b) => reach[a]![b]! && reach[b]![a]!)),
        );
        // The components list agrees with componentOf and ascends inside.
        expect(sccs.components.flat().sort((a, b) => a - b)).toEqual(ids);
        sccs.components.forEach((c, i) => {
          expect(c).toEqual([...c].sort((a, b) => a - b));
          for (const b of c) expect(sccs.componentOf(b)).toBe(i);
          // Cyclic iff several blocks or a self loop.
          expect(sccs.isCyclic(i)).toBe(c.length > 1 || r.succs[c[0]!]!.includes(c[0]!));
        });
        // Reverse topological: edges never point to a later component.
        const bad = r.succs.flatMap((ss, u) => ss.filter((v) => sccs.componentOf(v) > sccs.componentOf(u)));
        expect(bad).toEqual([]);
      }),
      RUNS,
    );
  });
});

describe('SCCs on small CFGs', () => {
  //   0 → 1 ⇄ 2 → 3 ⟲     4 (unreachable) → 0
  it('sinks first, unreachable blocks included', () => {
    const sccs = stronglyConnectedComponents(cfgFromEdges(5, [[0, 1], [1, 2], [2, 1], [2, 3], [3, 3], [4, 0]]));
    expect(sccs.components).toEqual([[3], [1, 2], [0], [4]]);
    expect([0, 1, 2, 3].map((c) => sccs.isCyclic(c))).toEqual([true, true, false, false]);
  });

  //       0
  //      / \
  //     1 ⇄ 2     an irreducible cycle is one component like any other
  //      \ /
  //       3
  it('irreducible cycle', () => {
    const sccs = stronglyConnectedComponents(cfgFromEdges(4, [[0, 1], [0, 2], [1, 2], [2, 1], [1, 3], [2, 3]]));
    expect(sccs.components).toEqual([[3], [1, 2], [0]]);
  });
});
