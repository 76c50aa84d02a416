/** The call graph on an abstract program, and its bottom-up order against the definition. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CallGraph, type CallGraphSource } from '../src/callgraph.js';

interface Fn { name: string; external?: boolean; calls: (string | undefined)[] }

function source(fns: Fn[]): CallGraphSource<Fn> {
  const byName = new Map(fns.map((f) => [f.name, f]));
  return {
    callables: () => fns,
    key: (f) => f.name,
    isExternal: (f) => !!f.external,
    callSites: (f) => f.calls.map((c) => (c === undefined ? undefined : byName.get(c) ?? { name: c, calls: [] })),
  };
}

describe('CallGraph', () => {
  //   main → a ⇄ b → ext      main → ?(indirect)
  //          a → a
  const fns: Fn[] = [
    { name: 'main', calls: ['a', undefined, 'a'] },
    { name: 'a', calls: ['b', 'a'] },
    { name: 'b', calls: ['a', 'ext', 'missing'] },
    { name: 'ext', external: true, calls: [] },
  ];
  const cg = new CallGraph(source(fns));
  const names = (xs: Fn[]) => xs.map((f) => f.name);

  it('has nodes, edges, callers and unknown callees', () => {
    expect(cg.size).toBe(4);
    expect(names(cg.callees(fns[0]!))).toEqual(['a']);
    expect(cg.graph.getEdgeAttribute('main', 'a', 'sites')).toBe(2);
    expect(names(cg.callers(fns[1]!))).toEqual(['main', 'a', 'b']);
    expect(cg.hasUnknownCallees(fns[0]!)).toBe(true);
    expect(cg.hasUnknownCallees(fns[2]!)).toBe(true); // 'missing' is not a listed callable
    expect(cg.hasUnknownCallees(fns[1]!)).toBe(false);
    expect(cg.isExternal(fns[3]!)).toBe(true);
  });

  it('orders components bottom-up', () => {
    expect(cg.sccs().map(names)).toEqual([['ext'], ['a', 'b'], ['main']]);
    expect(cg.isRecursive(fns[1]!)).toBe(true);
    expect(cg.isRecursive(fns[0]!)).toBe(false);
  });

  it('puts every callee before its caller unless they share a component (random programs)', () => {
    const prog = fc.integer({ min: 1, max: 15 }).chain((n) =>
      fc.array(fc.array(fc.integer({ min: 0, max: n - 1 }), { maxLength: 4 }), { minLength: n, maxLength: n }));
    fc.assert(fc.property(prog, (calls) => {
      const fs: Fn[] = calls.map((cs, i) => ({ name: `f${i}`, calls: cs.map((c) => `f${c}`) }));
      const g = new CallGraph(source(fs));
      const comps = g.sccs();
      const compIndex = new Map<Fn, number>();
      comps.forEach((c, i) => c.forEach((f) => compIndex.set(f, i)));
      expect(compIndex.size).toBe(fs.length);
      // Reachability by definition, to check components are exactly mutual reachability.
      const reach = fs.map((_, i) => {
        const seen = new Set<number>([i]);
        const stack = [i];
        while (stack.length) for (const c of calls[stack.pop()!]!) if (!seen.has(c)) { seen.add(c); stack.push(c); }
        return seen;
      });
      fs.forEach((f, i) => fs.forEach((g2, j) => {
        const same = compIndex.get(f) === compIndex.get(g2);
        expect(same).toBe(reach[i]!.has(j) && reach[j]!.has(i));
      }));
      fs.forEach((f, i) => calls[i]!.forEach((c) => {
        expect(compIndex.get(fs[c]!)!).toBeLessThanOrEqual(compIndex.get(f)!);
      }));
    }), { numRuns: 300 });
  });
});
