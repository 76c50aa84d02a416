/**
 * Liveness: the API on hand-written IR, and block live-in/live-out on random
 * programs (random CFGs, nested regions, valid SSA) against the path definition.
 * The printed form is checked against mlir-opt-19 by test-fixtures/analysis.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Block, IntegerType, Operation, Region, parseString, type Value } from '@lifeline/ir';
import { createRegistry } from '@lifeline/dialects';
import { Liveness, printLiveness, testPrintLivenessPass } from '@lifeline/analyses';

const registry = createRegistry();

/**
 * Same members, by identity. (Deep equality on IR objects would walk the whole
 * cyclic IR graph.)
 */
function same(a: Iterable<unknown>, b: Iterable<unknown>): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
}

const parse = (s: string) => parseString(s, registry, { allowUnregistered: true });

/** The func in `text` (first op of the module) and its ops by their `tag`. */
function load(text: string): { func: Operation; tagged: Map<string, Operation> } {
  const module = parse(text);
  const tagged = new Map<string, Operation>();
  module.walk((op) => {
    const t = op.getAttr('tag');
    if (t) tagged.set(String(t).replace(/"/g, ''), op);
  });
  return { func: module.region(0).blocks[0]!.first!, tagged };
}

const LOOP = `
func.func @f(%n: index, %c: i1) -> index {
  %zero = arith.constant {tag = "zero"} 0 : index
  %one = arith.constant {tag = "one"} 1 : index
  cf.br ^bb1(%zero : index)
^bb1(%i: index):
  %cmp = arith.cmpi slt, %i, %n {tag = "cmp"} : index
  cf.cond_br %cmp, ^bb2, ^bb3
^bb2:
  %next = arith.addi %i, %one {tag = "next"} : index
  %r = scf.if %c -> index {
    %t = arith.addi %next, %one {tag = "t"} : index
    scf.yield %t : index
  } else {
    scf.yield %next : index
  }
  cf.br ^bb1(%r : index)
^bb3:
  return %i : index
}`;

describe('Liveness API', () => {
  const { func, tagged } = load(LOOP);
  const lv = new Liveness(func);
  const blocks = func.region(0).blocks;
  const [entry, header, body, exit] = blocks as [Block, Block, Block, Block];
  const n = entry.argument(0);
  const c = entry.argument(1);
  const one = tagged.get('one')!.result(0);
  const next = tagged.get('next')!.result(0);
  const i = header.argument(0);

  it('covers the blocks of nested regions, in pre-order', () => {
    const ifOp = next.definingOp!.next!;
    const expected = [entry, header, body, ifOp.region(0).blocks[0], ifOp.region(1).blocks[0], exit];
    expect(lv.blocks.length).toBe(expected.length);
    lv.blocks.forEach((b, k) => expect(b === expected[k]).toBe(true));
  });

  it('computes live-in and live-out around the loop', () => {
    // %c is read by the scf.if in the body, so it lives around the loop too.
    expect(same(lv.getLiveIn(header), [n, c, one])).toBe(true);
    expect(lv.getLiveIn(header).has(i)).toBe(false);
    expect(lv.getLiveOut(header).has(i)).toBe(true);
    expect(lv.getLiveOut(body).has(one)).toBe(true);
    expect(lv.getLiveOut(body).has(next)).toBe(false);
    expect(same(lv.getLiveIn(exit), [i])).toBe(true);
    expect(lv.getLiveOut(exit).size).toBe(0);
  });

  it('treats a read inside a nested region as a read by the holding block', () => {
    const then = lv.blocks[3]!;
    expect(same(lv.getLiveIn(then), [next, one])).toBe(true);
    expect(lv.getLiveOut(then).size).toBe(0);
    // `next` is read only by the scf.if and its regions: it dies at the scf.if.
    const ifOp = next.definingOp!.next!;
    expect(lv.isDeadAfter(next, ifOp)).toBe(true);
    expect(lv.isDeadAfter(next, next.definingOp!)).toBe(false);
  });

  it('gives start and end operations and the live range', () => {
    const info = lv.getLiveness(body)!;
    expect(info.getStartOperation(one) === body.first).toBe(true);
    expect(info.getEndOperation(one, body.first!) === body.last).toBe(true);
    expect(info.getStartOperation(next) === next.definingOp).toBe(true);
    expect(info.getEndOperation(next, next.definingOp!) === next.definingOp!.next).toBe(true);
    const range = lv.resolveLiveness(next);
    const t = tagged.get('t')!;
    // Its def and the scf.if in the body, plus its readers in both regions.
    const elseYield = lv.blocks[4]!.first!;
    expect(range.length).toBe(4);
    expect(same(range, [next.definingOp, next.definingOp!.next, t, elseYield])).toBe(true);
  });

  it('lists the values live at an op', () => {
    const info = lv.getLiveness(header)!;
    const cmp = tagged.get('cmp')!;
    expect(same(info.currentlyLiveValues(header.first!), [n, c, one, i, cmp.result(0)])).toBe(true);
    expect(same(info.currentlyLiveValues(header.last!), [n, c, one, i, cmp.result(0)])).toBe(true);
    // In the body, `next` is live from its definition, not before.
    const bodyInfo = lv.getLiveness(body)!;
    expect(bodyInfo.currentlyLiveValues(body.first!).has(next)).toBe(true);
    expect(bodyInfo.currentlyLiveValues(body.last!).has(next)).toBe(false);
  });

  it('rejects blocks outside the analysed op', () => {
    expect(() => lv.getLiveIn(new Block())).toThrow(RangeError);
    expect(lv.getLiveness(new Block())).toBeUndefined();
  });
});

describe('test-print-liveness', () => {
  it('prints nothing for ops that are not symbols', () => {
    const errs: string[] = [];
    const op = new Operation({ name: 'test.op' });
    testPrintLivenessPass.run(op, { options: {}, stat() {}, emitError() {}, errs: (s) => errs.push(s), outs() {} });
    expect(errs).toEqual([]);
  });

  it('prints an unnamed module with an empty name instead of crashing (mlir-opt-19 crashes)', () => {
    const module = parse('func.func @f() {\n  return\n}');
    const errs: string[] = [];
    testPrintLivenessPass.run(module, { options: {}, stat() {}, emitError() {}, errs: (s) => errs.push(s), outs() {} });
    expect(errs.join('')).toMatch(/^Testing : \n\/\/ ---- Liveness -----\n\/\/ - Block: 0\n/);
  });

  it('prints an op with no regions as an empty analysis', () => {
    expect(printLiveness(new Operation({ name: 'test.op' }))).toBe('// ---- Liveness -----\n// -------------------\n');
  });
});

// ---- random programs against the path definition ----------------------------------

const i32 = IntegerType.get(32);

/** mulberry32: a small deterministic PRNG seeded by fast-check. */
function prng(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % n);
  };
}

/** Blocks of `succs` that `from` reaches (itself included), with `cut` removed. */
function reach(succs: number[][], from: number, cut = -1): Set<number> {
  const seen = new Set<number>(from === cut ? [] : [from]);
  const stack = [...seen];
  while (stack.length) {
    for (const s of succs[stack.pop()!]!) if (s !== cut && !seen.has(s)) { seen.add(s); stack.push(s); }
  }
  return seen;
}

/**
 * Fills `region` with a random CFG whose ops read only values that dominate them:
 * `outer` (visible from enclosing regions), earlier values of the block, values of
 * blocks that dominate it. Unreachable blocks read only their own values. Ops may
 * hold a nested region (depth < 2), which sees the values visible at the op.
 */
function fillRegion(region: Region, outer: readonly Value[], rnd: (n: number) => number, depth: number): void {
  const n = 1 + rnd(depth ? 3 : 6);
  const succs = Array.from({ length: n }, () => Array.from({ length: rnd(3) }, () => rnd(n)));
  const blocks = succs.map(() => region.pushBlock(new Block(Array.from({ length: rnd(3) }, () => i32))));
  const reachable = reach(succs, 0);
  // a dominates b (both reachable) iff b is not reachable from the entry without a.
  const dominates = (a: number, b: number) => a === b || (a === 0) || !reach(succs, 0, a).has(b);
  const defined: Value[][] = blocks.map(() => []);
  const order = [...Array(n).keys()].sort((a, b) => reach(succs, 0, a).size - reach(succs, 0, b).size);
  // Build dominators first (they have the smaller "reachable without me" sets): a
  // block's dominators are always built before it.
  for (const b of order) {
    const block = blocks[b]!;
    const visible: Value[] = [...block.arguments];
    if (reachable.has(b)) {
      visible.push(...outer);
      for (let a = 0; a < n; a++) if (a !== b && reachable.has(a) && dominates(a, b)) visible.push(...defined[a]!);
    }
    const pick = () => Array.from({ length: rnd(3) }, () => visible[rnd(visible.length)]!).filter(Boolean);
    for (let k = rnd(4); k > 0; k--) {
      const nested = depth < 2 && rnd(4) === 0;
      const op = new Operation({ name: 'test.op', operands: visible.length ? pick() : [], resultTypes: rnd(3) ? [i32] : [], regions: nested ? 1 : 0 });
      block.append(op);
      if (nested) fillRegion(op.region(0), visible, rnd, depth + 1);
      visible.push(...op.results);
      defined[b]!.push(...op.results);
    }
    defined[b]!.unshift(...block.arguments);
    const term = new Operation({ name: 'test.br', operands: visible.length ? pick() : [], successors: succs[b]!.map((s) => blocks[s]!) });
    block.append(term);
  }
}

/** Does some op nested (at any depth) in `block` read `v`? */
function readsIn(block: Block, v: Value): boolean {
  let found = false;
  for (let op = block.first; op && !found; op = op.next) {
    op.walk((o) => { if (o.operands.some((x) => x.value === v)) found = true; });
  }
  return found;
}

/** v's definition lies in `block` or in a region nested in it. */
function definedIn(block: Block, v: Value): boolean {
  for (let b: Block | null = v.parentBlock; b; b = b.parentOp?.parent ?? null) if (b === block) return true;
  return false;
}

/** Path definition: from B's start, some path reaches a read of v without passing its definition. */
function naiveLiveIn(block: Block, v: Value): boolean {
  const seen = new Set<Block>();
  const stack = [block];
  while (stack.length) {
    const b = stack.pop()!;
    if (seen.has(b)) continue;
    seen.add(b);
    if (definedIn(b, v)) continue;
    if (readsIn(b, v)) return true;
    stack.push(...b.successors());
  }
  return false;
}

function allValues(op: Operation): Value[] {
  const out: Value[] = [];
  op.walk((o) => {
    out.push(...o.results);
    for (const r of o.regions) for (const b of r.blocks) out.push(...b.arguments);
  });
  return out;
}

/** The arbitrary is the seed, so a counterexample prints as a number, not as IR. */
const seedArb = fc.integer({ min: 0, max: 0x7fffffff });
function program(seed: number): Operation {
  const root = new Operation({ name: 'test.root', regions: 1 });
  fillRegion(root.region(0), [], prng(seed), 0);
  return root;
}

describe('Liveness against the path definition', () => {
  it('live-in and live-out of every block of every region', () => {
    fc.assert(fc.property(seedArb, (seed) => {
      const root = program(seed);
      const lv = new Liveness(root);
      const values = allValues(root);
      const wrong: string[] = [];
      lv.blocks.forEach((b, bi) => values.forEach((v, vi) => {
        if (lv.getLiveIn(b).has(v) !== naiveLiveIn(b, v)) wrong.push(`live-in block ${bi} value ${vi}`);
        if (lv.getLiveOut(b).has(v) !== b.successors().some((s) => naiveLiveIn(s, v))) wrong.push(`live-out block ${bi} value ${vi}`);
      }));
      expect(wrong).toEqual([]);
    }), { numRuns: 400 });
  });

  it('isDeadAfter: not live-out and no later op of the block reads the value', () => {
    fc.assert(fc.property(seedArb, (seed) => {
      const root = program(seed);
      const lv = new Liveness(root);
      const values = allValues(root);
      const wrong: string[] = [];
      lv.blocks.forEach((b, bi) => {
        for (let op = b.first; op; op = op.next) {
          values.forEach((v, vi) => {
            let laterRead = false;
            for (let o = op.next; o; o = o.next) o.walk((x) => { if (x.operands.some((u) => u.value === v)) laterRead = true; });
            if (lv.isDeadAfter(v, op) !== (!lv.getLiveOut(b).has(v) && !laterRead)) wrong.push(`block ${bi} value ${vi}`);
          });
        }
      });
      expect(wrong).toEqual([]);
    }), { numRuns: 100 });
  });
});
