/**
 * ValueLiveness (value-liveness.ts) is liveness.ts restricted to the filtered
 * values: on generated programs with memrefs, nested regions and CFGs, every
 * block's live-in and live-out memrefs are the same sets as full Liveness's.
 */
import { describe, expect, it } from 'vitest';
import { hasTrait, parseString, type Operation, type Value } from '@lifeline/ir';
import { createRegistry } from '@lifeline/dialects';
import { Liveness, ValueLiveness, isMemref } from '@lifeline/analyses';
import { genAnalysisProgram } from '../../../bench/gen-analysis-program.mjs';

const registry = createRegistry();

function names(vs: Iterable<Value>, ids: Map<Value, number>): number[] {
  return [...vs].map((v) => ids.get(v)!).sort((a, b) => a - b);
}

describe('ValueLiveness', () => {
  it('equals Liveness restricted to memrefs on 60 generated programs', () => {
    let blocks = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const { text } = genAnalysisProgram(7000 + seed, { size: 150 });
      const module = parseString(text, registry, { allowUnregistered: true });
      const funcs: Operation[] = [];
      module.walk((op) => { if (hasTrait(op, 'FunctionLike') && op.regions[0]?.blocks.length) funcs.push(op); });
      for (const f of funcs) {
        const full = new Liveness(f);
        const fast = new ValueLiveness(f, isMemref);
        const ids = new Map<Value, number>();
        f.walk((op) => {
          for (const r of op.results) ids.set(r, ids.size);
          for (const reg of op.regions) for (const b of reg.blocks) for (const a of b.arguments) ids.set(a, ids.size);
        });
        for (const b of full.blocks) {
          blocks++;
          expect(names(fast.getLiveIn(b), ids)).toEqual(names([...full.getLiveIn(b)].filter(isMemref), ids));
          expect(names(fast.getLiveOut(b), ids)).toEqual(names([...full.getLiveOut(b)].filter(isMemref), ids));
        }
      }
    }
    expect(blocks).toBeGreaterThan(1000);
  });
});
