import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RootMap } from '../src/arc/root-map.js';

// Oracle: a plain Map with the same operations written the obvious way.
type Op = { kind: 'set'; k: number; v: number } | { kind: 'del'; k: number };
const keys = Array.from({ length: 40 }, (_, i) => ({ name: `k${i}` })); // object keys, as the dataflow uses
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), k: fc.nat(39), v: fc.nat(5) }),
  fc.record({ kind: fc.constant('del' as const), k: fc.nat(39) }),
);

function build(ops: Op[], start: RootMap<object, number> = RootMap.empty(), oracle = new Map<object, number>()) {
  let m = start;
  for (const op of ops) {
    if (op.kind === 'set') {
      m = m.set(keys[op.k]!, op.v);
      oracle.set(keys[op.k]!, op.v);
    } else {
      m = m.delete(keys[op.k]!);
      oracle.delete(keys[op.k]!);
    }
  }
  return { m, oracle };
}

const sorted = (entries: Iterable<[object, number]>) => [...entries].map(([k, v]) => `${(k as { name: string }).name}=${v}`).sort();

describe('RootMap (persistent Patricia trie) against a Map oracle', () => {
  it('get / has / size / entries agree after any sequence of sets and deletes', () => {
    fc.assert(fc.property(fc.array(opArb, { maxLength: 80 }), (ops) => {
      const { m, oracle } = build(ops);
      expect(m.size).toBe(oracle.size);
      for (const k of keys) expect(m.get(k)).toBe(oracle.get(k));
      expect(sorted(m)).toEqual(sorted(oracle));
      const seen: string[] = [];
      m.forEach((v, k) => seen.push(`${(k as { name: string }).name}=${v}`));
      expect(seen.sort()).toEqual(sorted(oracle));
    }));
  });

  it('updates never change the map they start from', () => {
    fc.assert(fc.property(fc.array(opArb, { maxLength: 40 }), fc.array(opArb, { maxLength: 40 }), (first, second) => {
      const a = build(first);
      const before = sorted(a.m);
      build(second, a.m, new Map(a.oracle));
      expect(sorted(a.m)).toEqual(before);
    }));
  });

  it('intersectWith keeps the keys of both with f(mine, theirs); equals is set equality', () => {
    const f = (x: number, y: number) => (x === 0 && y !== 0 ? undefined : Math.max(x, y)); // idempotent, may drop
    fc.assert(fc.property(fc.array(opArb, { maxLength: 60 }), fc.array(opArb, { maxLength: 20 }), (common, diff) => {
      const a = build(common);
      const b = build(diff, a.m, new Map(a.oracle)); // b derived from a: they share nodes
      const want = new Map<object, number>();
      for (const [k, x] of a.oracle) {
        const y = b.oracle.get(k);
        if (y === undefined) continue;
        const v = f(x, y);
        if (v !== undefined) want.set(k, v);
      }
      const got = a.m.intersectWith(b.m, f);
      expect(sorted(got)).toEqual(sorted(want));
      expect(got.equals(RootMap.of(want), (x, y) => x === y)).toBe(true);
      expect(a.m.equals(b.m, (x, y) => x === y)).toBe(sorted(a.oracle).join() === sorted(b.oracle).join());
    }));
  });

  it('returns the same map when nothing changes (what the dataflow relies on to skip work)', () => {
    const { m } = build([{ kind: 'set', k: 1, v: 1 }, { kind: 'set', k: 2, v: 2 }, { kind: 'set', k: 30, v: 3 }]);
    expect(m.set(keys[1]!, 1)).toBe(m);
    expect(m.delete(keys[5]!)).toBe(m);
    expect(m.intersectWith(m, (x) => x)).toBe(m);
    expect(m.intersectWith(m.set(keys[7]!, 9), (x, y) => (x === y ? x : Math.max(x, y)))).toBe(m);
  });
});
