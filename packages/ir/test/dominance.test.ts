/** Dominators (Cooper–Harvey–Kennedy) against the definition, on random CFGs. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Block, Operation, Region, computeDominators } from '@lifeline/ir';

/** Builds a region whose block i branches to succs[i]. */
function cfg(succs: number[][]): Block[] {
  const region = new Region();
  const blocks = succs.map(() => region.pushBlock(new Block()));
  succs.forEach((ss, i) => {
    blocks[i]!.append(new Operation({ name: 'test.br', successors: ss.map((s) => blocks[s]!) }));
  });
  return blocks;
}

/** a dominates b iff b is unreachable from the entry once a is removed (a ≠ entry). */
function naiveDominates(succs: number[][], a: number, b: number): boolean {
  if (a === b) return true;
  const seen = new Set<number>([0]);
  const stack = [0];
  if (a === 0) return true;
  while (stack.length) {
    const x = stack.pop()!;
    for (const s of succs[x]!) {
      if (s === a || seen.has(s)) continue;
      seen.add(s);
      stack.push(s);
    }
  }
  return !seen.has(b);
}

const cfgArb = fc.integer({ min: 1, max: 12 }).chain((n) =>
  fc.array(fc.array(fc.integer({ min: 0, max: n - 1 }), { maxLength: 3 }), { minLength: n, maxLength: n }));

describe('computeDominators', () => {
  it('agrees with the path definition on random CFGs', () => {
    fc.assert(fc.property(cfgArb, (succs) => {
      const blocks = cfg(succs);
      const idom = computeDominators(blocks);
      const dominates = (a: number, b: number) => {
        for (let x: Block | null | undefined = blocks[b]; x; x = idom.get(x)) if (x === blocks[a]) return true;
        return false;
      };
      for (let b = 0; b < blocks.length; b++) {
        if (!idom.has(blocks[b]!)) continue; // unreachable
        for (let a = 0; a < blocks.length; a++) {
          if (!idom.has(blocks[a]!)) continue;
          expect(dominates(a, b)).toBe(naiveDominates(succs, a, b));
        }
      }
    }), { numRuns: 300 });
  });
});
