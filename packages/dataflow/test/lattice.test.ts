/** Lattice laws for every combinator, checked on random values (fast-check). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ChangeResult, LatticeCell, NotMonotoneError, dual, flat, isMonotoneUpdate, mapLattice, powerset, printDiff, product,
  type Lattice,
} from '../src/lattice.js';

const flatInt = flat<number>();
const flatArb: fc.Arbitrary<ReturnType<typeof flatInt.of>> = fc.oneof(
  fc.constant(flatInt.bottom), fc.constant(flatInt.top!), fc.integer({ min: 0, max: 3 }).map((v) => flatInt.of(v)));
const sets = powerset<string>();
const setArb = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 4 }).map((xs) => new Set(xs) as ReadonlySet<string>);
const maps = mapLattice<string, ReturnType<typeof flatInt.of>>(flatInt);
const mapArb = fc.array(fc.tuple(fc.constantFrom('x', 'y', 'z'), flatArb), { maxLength: 4 })
  .map((es) => maps.join(maps.bottom, new Map(es.filter(([, v]) => v.kind !== 'bottom'))));
const pairs = product(flatInt, sets);
const pairArb = fc.tuple(flatArb, setArb).map(([a, b]) => [a, b] as const);
const dualFlat = dual(flatInt);

/** (1) of lattice.ts: the laws every join (and meet) must satisfy. */
function laws<T>(name: string, l: Lattice<T>, arb: fc.Arbitrary<T>): void {
  describe(name, () => {
    it('join is commutative, associative, idempotent, with bottom as identity', () => {
      fc.assert(fc.property(arb, arb, arb, (a, b, c) => {
        expect(l.equals(l.join(a, b), l.join(b, a))).toBe(true);
        expect(l.equals(l.join(l.join(a, b), c), l.join(a, l.join(b, c)))).toBe(true);
        expect(l.equals(l.join(a, a), a)).toBe(true);
        expect(l.equals(l.join(l.bottom, a), a)).toBe(true);
        // STYLE.md habit 3: joining again changes nothing.
        expect(l.equals(l.join(l.join(a, b), a), l.join(a, b))).toBe(true);
      }), { numRuns: 300 });
    });
    if (l.meet) {
      it('meet is the dual: absorption laws hold', () => {
        fc.assert(fc.property(arb, arb, (a, b) => {
          expect(l.equals(l.join(a, l.meet!(a, b)), a)).toBe(true);
          expect(l.equals(l.meet!(a, l.join(a, b)), a)).toBe(true);
        }), { numRuns: 300 });
      });
    }
    it('an update is monotone iff it moves up', () => {
      fc.assert(fc.property(arb, arb, (a, b) => {
        expect(isMonotoneUpdate(l, a, l.join(a, b))).toBe(true);
      }), { numRuns: 200 });
    });
  });
}

laws('flat', flatInt, flatArb);
laws('powerset', sets, setArb);
laws('map of flat', maps, mapArb);
laws('product of flat and powerset', pairs, pairArb);
laws('dual of flat', dualFlat, flatArb);

describe('printing', () => {
  it('prints values and diffs in insertion order', () => {
    const s = sets.join(new Set(['b']), new Set(['a', 'c']));
    expect(sets.print(s)).toBe('{b, a, c}');
    expect(printDiff(sets, new Set(['b']), s)).toBe('+a +c');
    const m = maps.join(new Map([['x', flatInt.of(1)]]), new Map([['y', flatInt.of(2)]]));
    expect(maps.print(m)).toBe('{x: 1, y: 2}');
    expect(printDiff(maps, m, maps.join(m, new Map([['x', flatInt.of(3)]])))).toBe('x: 1 -> <top>');
    expect(flatInt.print(flatInt.bottom)).toBe('<bottom>');
  });
});

describe('LatticeCell', () => {
  it('reports changes and rejects updates that move down', () => {
    const cell = new LatticeCell(flatInt, flatInt.bottom, 'x');
    expect(cell.join(flatInt.of(1))).toBe(ChangeResult.Change);
    expect(cell.join(flatInt.of(1))).toBe(ChangeResult.NoChange);
    expect(cell.join(flatInt.of(2))).toBe(ChangeResult.Change);
    expect(cell.value.kind).toBe('top');
    expect(() => cell.set(flatInt.of(1))).toThrow(NotMonotoneError);
    expect(() => cell.set(flatInt.of(1))).toThrow(/x is not monotone: <top> -> 1/);
  });
});
