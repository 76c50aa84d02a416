/** Region-aware dominance against the definition, on random CFGs and nested regions. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Block, DominanceInfo, Operation, Region } from '@lifeline/ir';

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

describe('DominanceInfo', () => {
  it('agrees with the path definition on random CFGs, unreachable blocks included', () => {
    fc.assert(fc.property(cfgArb, (succs) => {
      const blocks = cfg(succs);
      const dom = new DominanceInfo();
      for (let b = 0; b < blocks.length; b++) {
        for (let a = 0; a < blocks.length; a++) {
          expect(dom.dominates(blocks[a]!, blocks[b]!), `${a} dom ${b}`).toBe(naiveDominates(succs, a, b));
        }
      }
    }), { numRuns: 300 });
  });

  it('answers properly-dominates across nested regions', () => {
    //   ^bb0: a; outer { inner }; b; br ^bb1      ^bb1: c
    const region = new Region();
    const [bb0, bb1] = [region.pushBlock(new Block()), region.pushBlock(new Block())];
    const a = bb0.append(new Operation({ name: 'test.a' }));
    const outer = bb0.append(new Operation({ name: 'test.outer', regions: 1 }));
    const inner = outer.regions[0]!.pushBlock(new Block()).append(new Operation({ name: 'test.inner' }));
    const b = bb0.append(new Operation({ name: 'test.br', successors: [bb1] }));
    const c = bb1.append(new Operation({ name: 'test.c' }));
    const dom = new DominanceInfo();
    expect(dom.properlyDominates(a, inner)).toBe(true); // a precedes the op enclosing inner
    expect(dom.properlyDominates(outer, inner)).toBe(false); // an op does not dominate what it encloses
    expect(dom.properlyDominates(inner, b)).toBe(false); // inner's region is not b's
    expect(dom.properlyDominates(a, c)).toBe(true); // ^bb0 dominates ^bb1
    expect(dom.properlyDominates(c, a)).toBe(false);
    expect(dom.properlyDominates(a, a)).toBe(false);
  });
});
