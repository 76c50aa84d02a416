import { describe, expect, it } from 'vitest';
import { RootStates, Seq, factsEqual, mergeFacts, mergeStates, isCodeMotionSafe, type RcFacts, type RcState } from '../src/arc/lattice.js';
import { deletableSets, matchFrom } from '../src/arc/matching.js';

const st = (seq: Seq, insts: string[] = ['i'], knownSafe = false, entrance = false): RcState<string> => ({ seq, knownSafe, insts, entrance });
const seqOf = (s: RcState<string> | undefined) => s?.seq ?? 0;

describe('RC state merge (Swift MergeBottomUp/TopDownLatticeStates)', () => {
  // Rows/columns: None(0), First, Second, Last. Expected from Swift's rule: equal stays,
  // None absorbs, otherwise the state further along the sequence.
  const table: number[][] = [
    [0, 0, 0, 0],
    [0, 1, 2, 3],
    [0, 2, 2, 3],
    [0, 3, 3, 3],
  ];
  for (let a = 0; a < 4; a++) for (let b = 0; b < 4; b++) {
    it(`merge(${a}, ${b}) = ${table[a]![b]}`, () => {
      const sa = a ? st(a as Seq) : undefined;
      const sb = b ? st(b as Seq) : undefined;
      expect(seqOf(mergeStates(sa, sb))).toBe(table[a]![b]);
    });
  }

  it('ands known safety and unites the tracked instructions', () => {
    const m = mergeStates(st(Seq.First, ['r1'], true), st(Seq.Second, ['r2'], false))!;
    expect(m.knownSafe).toBe(false);
    expect(m.insts).toEqual(['r1', 'r2']);
    expect(mergeStates(st(Seq.First, ['r1'], true), st(Seq.First, ['r1'], true))!.knownSafe).toBe(true);
  });

  it('does not merge an entrance with an increment', () => {
    expect(mergeStates(st(Seq.First, [], false, true), st(Seq.First, ['r']))).toBeUndefined();
  });

  it('code-motion safety is lost only in the last sequence state', () => {
    expect(isCodeMotionSafe(st(Seq.First))).toBe(true);
    expect(isCodeMotionSafe(st(Seq.Second))).toBe(true);
    expect(isCodeMotionSafe(st(Seq.Last))).toBe(false);
  });
});

describe('RC facts (framework join)', () => {
  const a: RcFacts<string, string> = RootStates.of([['x', st(Seq.First, ['r1'])], ['y', st(Seq.Second, ['r2'])]]);
  const b: RcFacts<string, string> = RootStates.of([['x', st(Seq.Second, ['r3'])]]);
  it('unreached is the identity', () => {
    expect(mergeFacts(null, a)).toBe(a);
    expect(mergeFacts(a, null)).toBe(a);
  });
  it('a root tracked on one side only is dropped (no partial merges)', () => {
    const m = mergeFacts(a, b)!;
    expect([...m.keys()]).toEqual(['x']);
    expect(m.get('x')!.seq).toBe(Seq.Second);
    expect(m.get('x')!.insts).toEqual(['r1', 'r3']);
  });
  it('is commutative, idempotent and monotone on samples', () => {
    const c: RcFacts<string, string> = RootStates.of([['x', st(Seq.Last, ['r1'], true)], ['y', st(Seq.First, ['r2'])]]);
    const samples = [null, a, b, c, RootStates.empty()] as RcFacts<string, string>[];
    for (const p of samples) for (const q of samples) {
      const pq = mergeFacts(p, q);
      expect(factsEqual(pq, mergeFacts(q, p))).toBe(true);
      expect(factsEqual(mergeFacts(pq, p), pq)).toBe(true); // join(join(a,b),a) == join(a,b)
      for (const r of samples) expect(factsEqual(mergeFacts(pq, r), mergeFacts(p, mergeFacts(q, r)))).toBe(true);
    }
    expect(factsEqual(mergeFacts(a, a), a)).toBe(true);
  });
});

describe('matching sets', () => {
  // Diamond: retain r in the entry, releases d1 / d2 in the two arms.
  const bu = new Map<string, RcState<string>>([['r', st(Seq.First, ['d1', 'd2'])]]);
  const td = new Map<string, RcState<string>>([['d1', st(Seq.First, ['r'])], ['d2', st(Seq.First, ['r'])]]);
  const m = { increments: ['r'], bottomUpAt: (i: string) => bu.get(i), topDownAt: (d: string) => td.get(d) };
  it('grows a set to a fixpoint over mutual links', () => {
    const s = matchFrom('r', m)!;
    expect(s.increments).toEqual(['r']);
    expect(s.decrements).toEqual(['d1', 'd2']);
    expect(s.codeMotionSafe).toBe(true);
    expect(deletableSets(m)).toHaveLength(1);
  });
  it('fails when a link is not mutual', () => {
    const td2 = new Map(td);
    td2.set('d2', st(Seq.First, ['other']));
    expect(matchFrom('r', { ...m, topDownAt: (d: string) => td2.get(d) })).toBeUndefined();
  });
  it('keeps a set that is neither code-motion safe nor known safe', () => {
    const bu2 = new Map([['r', st(Seq.Last, ['d1', 'd2'], false)]]);
    expect(deletableSets({ ...m, bottomUpAt: (i: string) => bu2.get(i) })).toHaveLength(0);
    const bu3 = new Map([['r', st(Seq.Last, ['d1', 'd2'], true)]]);
    const td3 = new Map([['d1', st(Seq.First, ['r'], true)], ['d2', st(Seq.First, ['r'], true)]]);
    expect(deletableSets({ increments: ['r'], bottomUpAt: (i: string) => bu3.get(i), topDownAt: (d: string) => td3.get(d) })).toHaveLength(1);
  });
});
