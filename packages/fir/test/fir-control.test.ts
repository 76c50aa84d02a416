/**
 * The interfaces of the fir control ops and the hlfir ops on parsed IR: memory effects,
 * region-branch successors, call callees and memory-source steps. Each expectation cites
 * the LLVM 19 declaration it comes from (FIROps.td / HLFIROps.td / their .cpp files, and
 * flang/lib/Optimizer/Analysis/AliasAnalysis.cpp for the memory-source steps).
 */
import { describe, expect, it } from 'vitest';
import {
  IntegerAttr, IntegerType, SymbolRefAttr, parseString, type MemoryEffect, type Operation, type Region,
  type RegionSuccessor, type Value,
} from '@lifeline/ir';
import { allDialects, createRegistry } from '@lifeline/dialects';
// Through the build (as the driver loads it): the sources use @lifeline/ir's const enum Tok.
import { firDialects } from '../dist/index.js';

const registry = createRegistry([...allDialects, ...firDialects]);

function parse(text: string): Operation {
  return parseString(text, registry);
}

/** The ops of `module` named `name`, in walk order. */
function opsNamed(module: Operation, name: string): Operation[] {
  const out: Operation[] = [];
  module.walk((op) => {
    if (op.name === name) out.push(op);
  });
  return out;
}
const only = (module: Operation, name: string): Operation => {
  const all = opsNamed(module, name);
  expect(all).toHaveLength(1);
  return all[0]!;
};

/** An effect list in a comparable form: kind, the value's position (`arg N` / `op result N`), resource. */
function describeEffects(op: Operation): string[] | undefined {
  const effects = op.def!.spec.memoryEffects?.(op);
  return effects?.map((e: MemoryEffect) => {
    let on = '';
    if (e.value) {
      const i = op.operands.findIndex((o) => o.value === e.value);
      on = i >= 0 ? ` operand ${i}` : ` result ${op.results.indexOf(e.value as never)}`;
    }
    return `${e.kind}${on}${e.resource ? ` <${e.resource}>` : ''}`;
  });
}

function describeSuccessors(op: Operation, succ: readonly RegionSuccessor[]): string[] {
  return succ.map((s) => {
    const target = s.target === 'parent' ? 'parent' : `region ${op.regions.indexOf(s.target as Region)}`;
    const inputs = s.inputs.map((v: Value) => (op.results.includes(v as never) ? `#${op.results.indexOf(v as never)}` : '?'));
    return `${target}(${inputs.join(',')})`;
  });
}

const i1 = IntegerType.get(1);

const CONTROL = `
func.func private @g(i32) -> f32
func.func @f(%a: i32, %fp: (i32) -> f32, %c: i1, %lb: index, %x: f32) {
  %0 = fir.call @g(%a) fastmath<contract> : (i32) -> f32
  %1 = fir.call %fp(%a) : (i32) -> f32
  %2 = fir.if %c -> (f32) {
    fir.result %0 : f32
  } else {
    fir.result %1 : f32
  }
  fir.if %c {
    %u = arith.constant 0 : i32
  }
  %3 = fir.do_loop %i = %lb to %lb step %lb iter_args(%v = %x) -> (f32) {
    fir.result %v : f32
  }
  %4 = fir.no_reassoc %3 : f32
  return
}`;

describe('fir control ops', () => {
  const m = parse(CONTROL);
  const [direct, indirect] = opsNamed(m, 'fir.call');
  const [withResults, thenOnly] = opsNamed(m, 'fir.if');

  it('fir.call is a CallOpInterface without a MemoryEffects interface', () => {
    // FIROps.td fir_CallOp: [CallOpInterface, ArithFastMathInterface]; no MemoryEffectOpInterface.
    expect(direct!.def!.has('CallOp')).toBe(true);
    expect(describeEffects(direct!)).toBeUndefined();
    // getCallableForCallee: the callee symbol when present, else operand 0; getArgOperands drops it.
    const call = direct!.def!.spec.call!;
    const callee = call.callee(direct!);
    expect(callee instanceof SymbolRefAttr && callee.root).toBe('g');
    expect(call.args(direct!)).toEqual([direct!.operand(0)]);
    expect(call.callee(indirect!)).toBe(indirect!.operand(0));
    expect(call.args(indirect!)).toEqual([indirect!.operand(1)]);
  });

  it('fir.if has the successors of fir::IfOp::getSuccessorRegions', () => {
    // FIROps.td fir_IfOp: RegionBranchOpInterface, RecursiveMemoryEffects; no effects of its own.
    const rb = withResults!.def!.spec.regionBranch!;
    expect(withResults!.def!.has('RecursiveMemoryEffects')).toBe(true);
    expect(describeEffects(withResults!)).toBeUndefined();
    // From the op: then and else regions (FIROps.cpp getSuccessorRegions, point.isParent()).
    expect(describeSuccessors(withResults!, rb.successors(withResults!, 'parent'))).toEqual(['region 0()', 'region 1()']);
    // From either region: back to the op, with its results as inputs.
    expect(describeSuccessors(withResults!, rb.successors(withResults!, withResults!.regions[0]!))).toEqual(['parent(#0)']);
    expect(describeSuccessors(withResults!, rb.successors(withResults!, withResults!.regions[1]!))).toEqual(['parent(#0)']);
    // Empty else region: RegionSuccessor() (the parent, no inputs).
    expect(describeSuccessors(thenOnly!, rb.successors(thenOnly!, 'parent'))).toEqual(['region 0()', 'parent()']);
    expect(rb.entryOperands(withResults!, withResults!.regions[0]!)).toEqual([]);
  });

  it('fir.if picks one region for a constant condition (getEntrySuccessorRegions)', () => {
    const rb = thenOnly!.def!.spec.regionBranch!;
    const t = new IntegerAttr(1, i1);
    const f = new IntegerAttr(0, i1);
    expect(describeSuccessors(withResults!, rb.entrySuccessorsForConstants!(withResults!, [t]))).toEqual(['region 0()']);
    expect(describeSuccessors(withResults!, rb.entrySuccessorsForConstants!(withResults!, [f]))).toEqual(['region 1()']);
    // An empty else region: execution continues after the op (regions.emplace_back(getResults())).
    expect(describeSuccessors(thenOnly!, rb.entrySuccessorsForConstants!(thenOnly!, [f]))).toEqual(['parent()']);
    expect(describeSuccessors(thenOnly!, rb.entrySuccessorsForConstants!(thenOnly!, [undefined]))).toEqual(['region 0()', 'parent()']);
  });

  it('fir.result is a ReturnLike terminator forwarding all its operands, with no effects', () => {
    // fir_ResultOp: [NoMemoryEffect, ReturnLike, Terminator, ParentOneOf<…>].
    const results = opsNamed(m, 'fir.result');
    const r = results.find((op) => op.operands.length === 1 && op.parentOp === withResults)!;
    expect(r.def!.has('Terminator') && r.def!.has('ReturnLike')).toBe(true);
    expect(r.def!.spec.regionBranchTerminator!.forwardedOperands(r, 'parent')).toEqual([r.operand(0)]);
    expect(describeEffects(r)).toEqual([]);
    // The implicit terminator the parser adds to the then-only fir.if is a fir.result too.
    expect(thenOnly!.regions[0]!.blocks[0]!.last!.name).toBe('fir.result');
  });

  it('fir.do_loop is a loop without RegionBranchOpInterface in 19', () => {
    // fir_DoLoopOp: region_Op (RecursiveMemoryEffects) + LoopLikeOpInterface only.
    const loop = only(m, 'fir.do_loop');
    expect(loop.def!.spec.regionBranch).toBeUndefined();
    expect(loop.def!.has('RecursiveMemoryEffects')).toBe(true);
    expect(describeEffects(loop)).toBeUndefined();
    expect(loop.def!.operandGroupSize(loop, 'reduceOperands')).toBe(0);
    expect(loop.def!.operandGroup(loop, 'initArgs')).toEqual([loop.operand(3)]);
    // fir_NoReassocOp: [NoMemoryEffect, SameOperandsAndResultType].
    expect(describeEffects(only(m, 'fir.no_reassoc'))).toEqual([]);
  });
});

const HLFIR = `
func.func @h(%x: !fir.ref<!fir.array<10xf32>>, %s: !fir.shape<1>, %ds: !fir.dscope, %i: index, %b: i1, %y: !fir.ref<f32>) {
  %0:2 = hlfir.declare %x(%s) dummy_scope %ds {fortran_attrs = #fir.var_attrs<intent_in, target>, uniq_name = "x"} : (!fir.ref<!fir.array<10xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.ref<!fir.array<10xf32>>, !fir.ref<!fir.array<10xf32>>)
  %1:2 = hlfir.declare %y {uniq_name = "y"} : (!fir.ref<f32>) -> (!fir.ref<f32>, !fir.ref<f32>)
  %2 = hlfir.designate %0#0 (%i) : (!fir.ref<!fir.array<10xf32>>, index) -> !fir.ref<f32>
  hlfir.assign %2 to %1#0 : !fir.ref<f32>, !fir.ref<f32>
  %3 = hlfir.elemental %s : (!fir.shape<1>) -> !hlfir.expr<?xf32> {
  ^bb0(%k: index):
    %c = arith.constant 1.0 : f32
    hlfir.yield_element %c : f32
  }
  %4 = hlfir.as_expr %0#0 move %b : (!fir.ref<!fir.array<10xf32>>, i1) -> !hlfir.expr<10xf32>
  %5 = hlfir.no_reassoc %3 : !hlfir.expr<?xf32>
  %6:3 = hlfir.associate %4(%s) {uniq_name = "t"} : (!hlfir.expr<10xf32>, !fir.shape<1>) -> (!fir.ref<!fir.array<10xf32>>, !fir.ref<!fir.array<10xf32>>, i1)
  hlfir.end_associate %6#1, %6#2 : !fir.ref<!fir.array<10xf32>>, i1
  hlfir.destroy %3 : !hlfir.expr<?xf32>
  return
}`;

describe('hlfir ops', () => {
  const m = parse(HLFIR);
  const [dx, dy] = opsNamed(m, 'hlfir.declare');

  it('declare the memory effects of HLFIROps.td', () => {
    // hlfir_DeclareOp: MemoryEffects<[MemWrite<DebuggingResource>]> (on the op, no value).
    expect(describeEffects(dx!)).toEqual(['write <DebuggingResource>']);
    // fir_AssignOp: MemoryEffects<[MemWrite]>, then Arg<AnyFortranVariable, "", [MemWrite]>:$lhs.
    expect(describeEffects(only(m, 'hlfir.assign'))).toEqual(['write', 'write operand 1']);
    // hlfir_DesignateOp: NoMemoryEffect.
    expect(describeEffects(only(m, 'hlfir.designate'))).toEqual([]);
    // hlfir_ElementalOp: RecursiveMemoryEffects + MemoryEffects<[MemAlloc]>.
    const elemental = only(m, 'hlfir.elemental');
    expect(describeEffects(elemental)).toEqual(['allocate']);
    expect(elemental.def!.has('RecursiveMemoryEffects')).toBe(true);
    // hlfir_YieldElementOp: Pure.
    expect(describeEffects(only(m, 'hlfir.yield_element'))).toEqual([]);
    // hlfir.as_expr: getIntrinsicEffects (HLFIROps.cpp): Allocate on the expr result, Read on
    // each ref/box operand (the i1 must_free is neither).
    expect(describeEffects(only(m, 'hlfir.as_expr'))).toEqual(['allocate result 0', 'read operand 0']);
    // hlfir_NoReassocOp: NoMemoryEffect; destroy / end_associate: MemFree; associate: MemAlloc.
    expect(describeEffects(only(m, 'hlfir.no_reassoc'))).toEqual([]);
    expect(describeEffects(only(m, 'hlfir.destroy'))).toEqual(['free']);
    expect(describeEffects(only(m, 'hlfir.end_associate'))).toEqual(['free']);
    expect(describeEffects(only(m, 'hlfir.associate'))).toEqual(['allocate']);
  });

  it('hlfir.declare: both results step to the memref with the dummy scope and Fortran attributes', () => {
    // AliasAnalysis.cpp getSource, Case<hlfir::DeclareOp, fir::DeclareOp>: attributes from
    // fortran_attrs, stop at a dummy_scope operand, else continue with getMemref().
    const step = dx!.def!.spec.memorySource!;
    for (const r of dx!.results) {
      expect(step.step(dx!, r)).toEqual({
        kind: 'declare', source: dx!.operand(0), dummyScope: dx!.operand(2), attrs: ['intent_in', 'target'],
      });
    }
    expect(step.step(dy!, dy!.result(1))).toEqual({ kind: 'declare', source: dy!.operand(0), dummyScope: undefined, attrs: [] });
  });

  it('hlfir.designate steps to its memref at an offset', () => {
    // AliasAnalysis.cpp getSource, Case<hlfir::DesignateOp>: v = getMemref(); approximateSource = true.
    const d = only(m, 'hlfir.designate');
    expect(d.def!.spec.memorySource!.step(d, d.result(0))).toEqual({ kind: 'address', source: d.operand(0), offset: true });
    // Ops getSource stops at have no step.
    expect(only(m, 'hlfir.as_expr').def!.spec.memorySource).toBeUndefined();
  });

  it('hlfir.elemental region has one index argument per shape dimension and ends in yield_element', () => {
    const e = only(m, 'hlfir.elemental');
    expect(e.regions[0]!.blocks[0]!.arguments.map((a) => String(a.type))).toEqual(['index']);
    expect(String(e.result(0).type)).toBe('!hlfir.expr<?xf32>');
  });
});
