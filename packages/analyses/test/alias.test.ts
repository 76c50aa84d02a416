/**
 * The alias-analysis aggregator's rules with fake implementations, the result
 * algebra, and LocalAliasAnalysis on small parsed programs. (What the test passes
 * print is checked against mlir-opt-19 by the lit fixtures test-fixtures/analysis/
 * alias-*.mlir and by alias-differential.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { BlockArgument, StringAttr, parseString, type Operation, type Value } from '@lifeline/ir';
import { createRegistry } from '@lifeline/dialects';
import { AliasAnalysis, type AliasAnalysisImpl } from '../src/alias-analysis.js';
import { ModRefResult, mergeAliasResults, type AliasResult } from '../src/alias-result.js';
import {
  LocalAliasAnalysis, MAX_UNDERLYING_VALUE_SEARCH_DEPTH, allocationScopeOf, collectUnderlyingAddressValues,
} from '../src/local-alias-analysis.js';
import { testAliasAnalysisModRefPass, testAliasAnalysisPass } from '../src/alias-test-passes.js';

const ALIAS: AliasResult[] = ['NoAlias', 'MayAlias', 'PartialAlias', 'MustAlias'];
const MODREF = [ModRefResult.NoModRef, ModRefResult.Ref, ModRefResult.Mod, ModRefResult.ModRef];

/** A fake analysis with fixed answers that records how often it is asked. */
class Fake implements AliasAnalysisImpl {
  aliasCalls = 0;
  modRefCalls = 0;
  constructor(private readonly a: AliasResult, private readonly m: ModRefResult = ModRefResult.ModRef) {}
  alias(): AliasResult { this.aliasCalls++; return this.a; }
  getModRef(): ModRefResult { this.modRefCalls++; return this.m; }
}

const registry = createRegistry();
function parse(text: string): Operation {
  return parseString(text, registry, { allowUnregistered: true });
}
/** Values by `test.ptr` tag: results as `tag`, entry-block arguments of tagged ops as `tag#i`. */
function tagged(module: Operation): Map<string, Value> {
  const m = new Map<string, Value>();
  module.walk((op) => {
    const t = op.getAttr('test.ptr');
    if (!(t instanceof StringAttr)) return;
    if (op.results[0]) m.set(t.value, op.results[0]);
    op.regions[0]?.blocks[0]?.arguments.forEach((a, i) => m.set(`${t.value}#${i}`, a));
  });
  return m;
}
const dummy = new BlockArgument(undefined as never, undefined as never, 0);

describe('result algebra', () => {
  it('merges alias results as MLIR does', () => {
    for (const a of ALIAS) expect(mergeAliasResults(a, a)).toBe(a);
    expect(mergeAliasResults('PartialAlias', 'MustAlias')).toBe('PartialAlias');
    expect(mergeAliasResults('MustAlias', 'PartialAlias')).toBe('PartialAlias');
    expect(mergeAliasResults('NoAlias', 'MustAlias')).toBe('MayAlias');
    expect(mergeAliasResults('NoAlias', 'PartialAlias')).toBe('MayAlias');
    for (const a of ALIAS) for (const b of ALIAS) {
      expect(mergeAliasResults(a, b)).toBe(mergeAliasResults(b, a));
      // Merging again with either side changes nothing.
      expect(mergeAliasResults(mergeAliasResults(a, b), a)).toBe(mergeAliasResults(a, b));
    }
  });
  it('treats ModRef as a two-bit set', () => {
    expect(ModRefResult.Ref.merge(ModRefResult.Mod)).toBe(ModRefResult.ModRef);
    expect(ModRefResult.Ref.intersect(ModRefResult.Mod)).toBe(ModRefResult.NoModRef);
    expect(ModRefResult.ModRef.intersect(ModRefResult.Ref)).toBe(ModRefResult.Ref);
    expect(MODREF.map(String)).toEqual(['NoModRef', 'Ref', 'Mod', 'ModRef']);
    for (const a of MODREF) for (const b of MODREF) {
      expect(a.merge(b).merge(a)).toBe(a.merge(b));
      expect(a.intersect(b).intersect(a)).toBe(a.intersect(b));
      expect(a.intersect(b).merge(a)).toBe(a);
    }
  });
});

describe('AliasAnalysis aggregator', () => {
  it('answers with the first implementation that does not say MayAlias', () => {
    const [may, no, must] = [new Fake('MayAlias'), new Fake('NoAlias'), new Fake('MustAlias')];
    expect(new AliasAnalysis([may, no, must]).alias(dummy, dummy)).toBe('NoAlias');
    expect(must.aliasCalls).toBe(0);
    expect(new AliasAnalysis([must, no]).alias(dummy, dummy)).toBe('MustAlias');
    expect(new AliasAnalysis([new Fake('MayAlias'), new Fake('PartialAlias')]).alias(dummy, dummy)).toBe('PartialAlias');
  });
  it('says MayAlias when every implementation does, or when there is none', () => {
    expect(new AliasAnalysis([new Fake('MayAlias'), new Fake('MayAlias')]).alias(dummy, dummy)).toBe('MayAlias');
    expect(new AliasAnalysis([]).alias(dummy, dummy)).toBe('MayAlias');
  });
  it('intersects mod/ref answers and stops at NoModRef', () => {
    const op = {} as Operation;
    const third = new Fake('MayAlias', ModRefResult.ModRef);
    const chain = new AliasAnalysis([new Fake('MayAlias', ModRefResult.Ref), new Fake('MayAlias', ModRefResult.Mod), third]);
    expect(chain.getModRef(op, dummy)).toBe(ModRefResult.NoModRef);
    expect(third.modRefCalls).toBe(0);
    const refine = new AliasAnalysis([new Fake('MayAlias', ModRefResult.ModRef), new Fake('MayAlias', ModRefResult.Ref)]);
    expect(refine.getModRef(op, dummy)).toBe(ModRefResult.Ref);
    expect(new AliasAnalysis([]).getModRef(op, dummy)).toBe(ModRefResult.ModRef);
  });
  it('starts with LocalAliasAnalysis and asks chained analyses after it', () => {
    const aa = new AliasAnalysis();
    expect(aa.implementations[0]).toBeInstanceOf(LocalAliasAnalysis);
    const later = new Fake('NoAlias', ModRefResult.NoModRef);
    aa.addAnalysisImplementation(later);
    const v = tagged(parse(`func.func @f(%a: memref<4xf32>, %b: memref<4xf32>) attributes {test.ptr = "f"} {
      %x = memref.alloc() {test.ptr = "x"} : memref<4xf32>
      return
    }`));
    // Local decides (MustAlias for a value with itself, NoAlias alloc vs argument): later is not asked.
    expect(aa.alias(v.get('x')!, v.get('x')!)).toBe('MustAlias');
    expect(aa.alias(v.get('x')!, v.get('f#0')!)).toBe('NoAlias');
    expect(later.aliasCalls).toBe(0);
    // Two arguments: Local says MayAlias, the chained analysis decides (as FIR's does in fir-opt).
    expect(aa.alias(v.get('f#0')!, v.get('f#1')!)).toBe('NoAlias');
    expect(later.aliasCalls).toBe(1);
  });
});

describe('LocalAliasAnalysis', () => {
  const program = parse(`
    func.func @f(%arg: memref<8xf32>, %cond: i1, %i: index, %x: f32) attributes {test.ptr = "f"} {
      %a = memref.alloc() {test.ptr = "a"} : memref<8xf32>
      %b = memref.alloca() {test.ptr = "b"} : memref<8xf32>
      %c = arith.constant {test.ptr = "c"} 0 : index
      %sv = memref.subview %a[2] [4] [1] {test.ptr = "sv"} : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
      %m = scf.if %cond -> (memref<8xf32>) {
        scf.yield %a : memref<8xf32>
      } else {
        scf.yield %b : memref<8xf32>
      } {test.ptr = "m"}
      memref.store %x, %a[%i] {test.ptr = "store"} : memref<8xf32>
      %l = memref.load %sv[%i] {test.ptr = "load"} : memref<4xf32, strided<[1], offset: 2>>
      "test.unknown"() {test.ptr = "unknown"} : () -> ()
      return
    }`);
  const v = tagged(program);
  const ops = new Map<string, Operation>();
  program.walk((op) => { const t = op.getAttr('test.ptr'); if (t instanceof StringAttr) ops.set(t.value, op); });
  const la = new LocalAliasAnalysis();

  it('separates allocations, arguments and constants', () => {
    expect(la.alias(v.get('a')!, v.get('b')!)).toBe('NoAlias');
    expect(la.alias(v.get('a')!, v.get('f#0')!)).toBe('NoAlias');
    expect(la.alias(v.get('c')!, v.get('a')!)).toBe('NoAlias');
    expect(la.alias(v.get('c')!, v.get('f#0')!)).toBe('MayAlias');
    expect(allocationScopeOf(v.get('b')!)?.scope?.name).toBe('func.func');
    expect(allocationScopeOf(v.get('f#0')!)).toBeUndefined();
  });
  it('looks through views and merges region-branch results', () => {
    expect(la.alias(v.get('sv')!, v.get('a')!)).toBe('MustAlias');
    expect(collectUnderlyingAddressValues(v.get('m')!)).toEqual([v.get('a'), v.get('b')]);
    expect(la.alias(v.get('m')!, v.get('a')!)).toBe('MayAlias');
    expect(la.alias(v.get('m')!, v.get('f#0')!)).toBe('NoAlias');
  });
  it('reads mod/ref from memory effects', () => {
    expect(la.getModRef(ops.get('store')!, v.get('a')!)).toBe(ModRefResult.Mod);
    expect(la.getModRef(ops.get('store')!, v.get('b')!)).toBe(ModRefResult.NoModRef);
    expect(la.getModRef(ops.get('load')!, v.get('a')!)).toBe(ModRefResult.Ref);
    expect(la.getModRef(ops.get('unknown')!, v.get('a')!)).toBe(ModRefResult.ModRef);
    expect(la.getModRef(ops.get('m')!, v.get('b')!)).toBe(ModRefResult.ModRef);
    expect(la.getModRef(ops.get('sv')!, v.get('a')!)).toBe(ModRefResult.NoModRef);
  });
  it('stops the underlying-value search after the depth budget', () => {
    const n = MAX_UNDERLYING_VALUE_SEARCH_DEPTH;
    const casts = Array.from({ length: n + 1 }, (_, k) =>
      `%v${k + 1} = memref.cast %v${k} {test.ptr = "v${k + 1}"} : memref<4xf32> to memref<4xf32>`).join('\n');
    const t = tagged(parse(`func.func @g() {
      %v0 = memref.alloc() {test.ptr = "v0"} : memref<4xf32>
      ${casts}
      return
    }`));
    // n casts away the allocation is still reached; one more and the search ends at v1.
    expect(collectUnderlyingAddressValues(t.get(`v${n}`)!)).toEqual([t.get('v0')]);
    expect(collectUnderlyingAddressValues(t.get(`v${n + 1}`)!)).toEqual([t.get('v1')]);
    expect(la.alias(t.get(`v${n + 1}`)!, t.get('v0')!)).toBe('MayAlias');
  });
  it('lets a subclass refine aliasImpl (MLIR\'s "restrict" extension)', () => {
    class Restrict extends LocalAliasAnalysis {
      protected override aliasImpl(l: Value, r: Value): AliasResult {
        if (l !== r && l instanceof BlockArgument && r instanceof BlockArgument) return 'NoAlias';
        return super.aliasImpl(l, r);
      }
    }
    const sv = v.get('f#0')!;
    expect(la.alias(sv, v.get('f#2')!)).toBe('MayAlias');
    expect(new Restrict().alias(sv, v.get('f#2')!)).toBe('NoAlias');
  });
});

describe('robustness', () => {
  it('never throws on malformed region-branch and branch ops', () => {
    const m = parse(`func.func @h(%c: i1, %n: index) attributes {test.ptr = "h"} {
      %c0 = arith.constant 0 : index
      %a = memref.alloc() {test.ptr = "a"} : memref<4xf32>
      %r = scf.for %i = %c0 to %n step %c0 iter_args(%x = %a) -> (memref<4xf32>) {
        scf.yield %x : memref<4xf32>
      } {test.ptr = "for"}
      cf.br ^bb1(%a : memref<4xf32>)
    ^bb1(%p: memref<4xf32>):
      %q = "test.id"(%p) {test.ptr = "q", other = 3} : (memref<4xf32>) -> memref<4xf32>
      "test.weird"() {test.ptr = 42} : () -> ()
      return
    }`);
    // Break the IR the verifier would reject: drop the loop's init and yield operands.
    m.walk((op) => {
      if (op.name === 'scf.for') op.eraseOperands(3);
      if (op.name === 'scf.yield' || op.name === 'cf.br') op.eraseOperands(0);
    });
    const out: string[] = [];
    const ctx = { options: {}, stat() {}, emitError() {}, errs: (s: string) => out.push(s), outs() {} };
    m.walk((op) => {
      if (op.name !== 'func.func') return;
      testAliasAnalysisPass.run(op, ctx);
      testAliasAnalysisModRefPass.run(op, ctx);
    });
    expect(out.join('')).toContain('Testing : "h"');
    // A non-string tag names the op by its name.
    expect(out.join('')).toContain('test.weird -> a#0: ModRef');
  });
});
