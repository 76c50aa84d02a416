/**
 * OriginIndex (near-linear bucketing) against its naive definition: pairwise
 * isSameAllocation and distinctAllocAndBlockArgument over every member, on random
 * straight-line and region programs mixing allocations, arguments, views, selects,
 * scf.if merges, calls (fresh and dynamic-ownership) and globals, with and without
 * the ABI facts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseString, type Operation, type Value } from '@lifeline/ir';
import { createRegistry } from '@lifeline/dialects';
import { BufferOriginAnalysis, OriginIndex, isBufferType } from '@lifeline/analyses';

const registry = createRegistry();
const T = 'memref<4xf32>';

type Step = { kind: number; a: number; b: number };

/** A function whose memref values are made by `steps`, each reading earlier values. */
function program(steps: readonly Step[]): string {
  const vals = ['%x0', '%x1', '%x2'];
  const body: string[] = [];
  steps.forEach((s, i) => {
    const a = vals[s.a % vals.length]!;
    const b = vals[s.b % vals.length]!;
    const v = `%v${i}`;
    switch (s.kind % 7) {
      case 0: body.push(`${v} = memref.alloc() : ${T}`); break;
      case 1: body.push(`${v} = memref.subview ${a}[0] [4] [1] : ${T} to memref<4xf32, strided<[1]>>`,
        `${v}c = memref.cast ${v} : memref<4xf32, strided<[1]>> to ${T}`); vals.push(`${v}c`); return;
      case 2: body.push(`${v} = arith.select %p, ${a}, ${b} : ${T}`); break;
      case 3: body.push(`${v} = func.call @fresh(${a}) : (${T}) -> ${T}`); break;
      case 4: body.push(`${v}:2 = func.call @dyn(${a}) : (${T}) -> (${T}, i1)`); vals.push(`${v}#0`); return;
      case 5: body.push(`${v} = memref.get_global @g : ${T}`); break;
      default: body.push(`${v} = scf.if %p -> (${T}) {`, `  scf.yield ${a} : ${T}`, '} else {',
        `  %n${i} = memref.alloc() : ${T}`, `  scf.yield %n${i} : ${T}`, '}');
    }
    vals.push(v);
  });
  return `memref.global "private" @g : ${T} = dense<0.0>
func.func private @fresh(${T}) -> ${T}
func.func private @dyn(%m: ${T}) -> (${T}, i1) {
  %f = arith.constant false
  return %m, %f : ${T}, i1
}
func.func @f(%x0: ${T}, %x1: ${T}, %x2: ${T}, %p: i1) {
${body.map((l) => `  ${l}`).join('\n')}
  return
}
`;
}

function buffersOf(module: Operation): Value[] {
  const out: Value[] = [];
  module.walk((op) => {
    if (op.name === 'func.func' && op.regions[0]!.blocks.length) {
      for (const a of op.regions[0]!.blocks[0]!.arguments) if (isBufferType(a)) out.push(a);
    }
    for (const r of op.results) if (isBufferType(r)) out.push(r);
  });
  return out;
}

const abi = { freshResults: (op: Operation) => op.name === 'func.call' && op.results.length === 1, staticDistinct: true };

describe('OriginIndex', () => {
  it('agrees with pairwise queries', () => {
    fc.assert(fc.property(
      fc.array(fc.record({ kind: fc.nat(20), a: fc.nat(40), b: fc.nat(40) }), { minLength: 1, maxLength: 14 }),
      fc.array(fc.nat(60), { minLength: 1, maxLength: 10 }),
      fc.boolean(),
      (steps, picks, useAbi) => {
        const module = parseString(program(steps), registry);
        const analysis = new BufferOriginAnalysis(module, useAbi ? abi : {});
        const all = buffersOf(module);
        const list = picks.map((i) => all[i % all.length]!);
        const index = new OriginIndex(analysis, list);
        for (const q of all) {
          for (const skip of [-1, 0]) {
            const naive = list.some((m, j) => j !== skip && !analysis.distinctAllocAndBlockArgument(m, q) &&
              analysis.isSameAllocation(m, q) !== false);
            expect(index.mayAlias(q, skip)).toBe(naive);
          }
          const answers = list.map((m) => analysis.isSameAllocation(m, q));
          const { same, unknown } = index.sameAllocations(q);
          expect(unknown).toBe(answers.includes(undefined));
          if (!unknown) expect(same).toEqual(answers.flatMap((r, j) => (r === true ? [j] : [])));
        }
      },
    ), { numRuns: 300 });
  });

  it('is symmetric and treats ABI facts as extra knowledge only', () => {
    const module = parseString(program([
      { kind: 0, a: 0, b: 0 }, { kind: 3, a: 3, b: 0 }, { kind: 4, a: 3, b: 0 }, { kind: 5, a: 0, b: 0 }, { kind: 2, a: 4, b: 0 },
    ]), registry);
    const plain = new BufferOriginAnalysis(module);
    const withAbi = new BufferOriginAnalysis(module, abi);
    const all = buffersOf(module);
    for (const a of all) {
      for (const b of all) {
        expect(plain.isSameAllocation(a, b)).toBe(plain.isSameAllocation(b, a));
        const p = plain.isSameAllocation(a, b);
        if (p !== undefined) expect(withAbi.isSameAllocation(a, b)).toBe(p);
      }
    }
    // The fresh call result and the allocation passed to it: unknown in MLIR 19, distinct with ABI facts.
    const alloc = all.find((v) => v.definingOp?.name === 'memref.alloc')!;
    const fresh = all.find((v) => v.definingOp?.name === 'func.call' && v.definingOp.results.length === 1)!;
    expect(plain.isSameAllocation(alloc, fresh)).toBeUndefined();
    expect(withAbi.isSameAllocation(alloc, fresh)).toBe(false);
  });
});
