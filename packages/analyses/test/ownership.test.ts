/**
 * The ownership lattice (ownership.ts): MLIR's join table and lattice laws,
 * checked on random values with fast-check.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Block, BlockArgument, IntegerType } from '@lifeline/ir';
import {
  UNINITIALIZED, UNKNOWN, constIndicator, equalOwnership, joinOwnership, unique, type Indicator, type Ownership,
} from '@lifeline/analyses';

const block = new Block([IntegerType.get(1), IntegerType.get(1)]);
const [x, y] = block.arguments as [BlockArgument, BlockArgument];
const sites = [{}, {}, {}];

const indicator: fc.Arbitrary<Indicator> = fc.oneof(
  fc.record({ v: fc.boolean(), s: fc.constantFrom(...sites) }).map(({ v, s }) => constIndicator(v, s, block)),
  fc.constantFrom<Indicator>({ kind: 'arg', of: x }, { kind: 'arg', of: y }, { kind: 'result', of: x }),
);
const ownership: fc.Arbitrary<Ownership> = fc.oneof(
  fc.constant(UNINITIALIZED), fc.constant(UNKNOWN), indicator.map(unique),
);

describe('ownership lattice', () => {
  it('follows MLIR\'s join table', () => {
    const t1 = unique(constIndicator(true, sites[0]!, block));
    const t2 = unique(constIndicator(true, sites[1]!, block));
    const f = unique(constIndicator(false, sites[0]!, block));
    const a = unique({ kind: 'arg', of: x });
    const b = unique({ kind: 'arg', of: y });
    expect(joinOwnership(UNINITIALIZED, a)).toBe(a);
    expect(joinOwnership(a, UNINITIALIZED)).toBe(a);
    expect(joinOwnership(t1, t2)).toBe(t1); // equal constants: the left one is kept
    expect(joinOwnership(t1, f)).toBe(UNKNOWN);
    expect(joinOwnership(a, a)).toBe(a);
    expect(joinOwnership(a, b)).toBe(UNKNOWN);
    expect(joinOwnership(a, t1)).toBe(UNKNOWN);
    expect(joinOwnership(UNKNOWN, a)).toBe(UNKNOWN);
  });

  it('is commutative, associative, idempotent (up to equals) and monotone', () => {
    fc.assert(fc.property(ownership, ownership, ownership, (a, b, c) => {
      const ab = joinOwnership(a, b);
      expect(equalOwnership(ab, joinOwnership(b, a))).toBe(true);
      expect(equalOwnership(joinOwnership(ab, c), joinOwnership(a, joinOwnership(b, c)))).toBe(true);
      expect(equalOwnership(joinOwnership(a, a), a)).toBe(true);
      // monotone: join(join(a, b), a) == join(a, b), and a ⊑ join(a, b)
      expect(equalOwnership(joinOwnership(ab, a), ab)).toBe(true);
      expect(equalOwnership(joinOwnership(a, ab), ab)).toBe(true);
    }));
  });
});
