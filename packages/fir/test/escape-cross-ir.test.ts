/**
 * The generic escape analysis (packages/analyses) reads FIR through the ops' memory-source
 * hooks, with no FIR-specific code: a FIR local whose address is stored into a global escapes,
 * one whose address is only read and written through stays local. The same program written
 * with memref ops gets the same verdicts, allocation by allocation.
 */
import { describe, expect, it } from 'vitest';
import { ProgramPointsTo, analyzeEscapes, aliasOperandText } from '@lifeline/analyses';
import { allDialects, createRegistry } from '@lifeline/dialects';
import { parseString, type Operation } from '@lifeline/ir';
import { firDialects } from '@lifeline/fir';

const registry = createRegistry([...allDialects, ...firDialects]);

function verdicts(text: string, fnName: string): Record<string, string> {
  const module = parseString(text, registry);
  let fn: Operation | undefined;
  module.walk((op) => {
    if (op.getAttr('sym_name')?.toString() === `"${fnName}"`) fn = op;
  });
  const out: Record<string, string> = {};
  for (const e of analyzeEscapes(fn!, registry)) {
    out[aliasOperandText(e.allocation)] = e.reasons.length ? e.reasons.map((r) => r.split(' (')[0]!.replace(/ by .*/, '')).join('; ') : 'local';
  }
  return out;
}

// t: a TARGET local, pointer-assigned to the global POINTER p (p => t): escapes.
// l: a local only stored to and loaded from: local.
// c: a local passed (converted) to an external procedure: escapes through the call.
// h: a heap temporary allocated and freed: local.
const FIR = `
fir.global @_QMmEp : !fir.box<!fir.ptr<f32>> {
  %0 = fir.zero_bits !fir.ptr<f32>
  %1 = fir.embox %0 : (!fir.ptr<f32>) -> !fir.box<!fir.ptr<f32>>
  fir.has_value %1 : !fir.box<!fir.ptr<f32>>
}
func.func private @_QPext(!fir.ref<f32>)
func.func @_QPf(%arg0: !fir.ref<f32>) {
  %t = fir.alloca f32 {bindc_name = "t", test.ptr = "t", uniq_name = "_QFfEt"}
  %tx = fir.declare %t {fortran_attrs = #fir.var_attrs<target>, uniq_name = "_QFfEt"} : (!fir.ref<f32>) -> !fir.ref<f32>
  %l = fir.alloca f32 {bindc_name = "l", test.ptr = "l", uniq_name = "_QFfEl"}
  %lx = fir.declare %l {uniq_name = "_QFfEl"} : (!fir.ref<f32>) -> !fir.ref<f32>
  %c = fir.alloca f32 {bindc_name = "c", test.ptr = "c", uniq_name = "_QFfEc"}
  %h = fir.allocmem f32 {test.ptr = "h", uniq_name = "_QFfEh"}
  %v = fir.load %arg0 : !fir.ref<f32>
  fir.store %v to %lx : !fir.ref<f32>
  %w = fir.load %lx : !fir.ref<f32>
  fir.store %w to %tx : !fir.ref<f32>
  %p = fir.address_of(@_QMmEp) : !fir.ref<!fir.box<!fir.ptr<f32>>>
  %b = fir.embox %tx : (!fir.ref<f32>) -> !fir.box<!fir.ptr<f32>>
  fir.store %b to %p : !fir.ref<!fir.box<!fir.ptr<f32>>>
  %cc = fir.convert %c : (!fir.ref<f32>) -> !fir.ref<f32>
  func.call @_QPext(%cc) : (!fir.ref<f32>) -> ()
  fir.freemem %h : !fir.heap<f32>
  return
}`;

const MEMREF = `
memref.global "private" @p : memref<memref<f32>> = uninitialized
func.func private @ext(memref<f32>)
func.func @f(%arg0: memref<f32>) {
  %t = memref.alloca() {test.ptr = "t"} : memref<f32>
  %l = memref.alloca() {test.ptr = "l"} : memref<f32>
  %c = memref.alloca() {test.ptr = "c"} : memref<f32>
  %h = memref.alloc() {test.ptr = "h"} : memref<f32>
  %v = memref.load %arg0[] : memref<f32>
  memref.store %v, %l[] : memref<f32>
  %w = memref.load %l[] : memref<f32>
  memref.store %w, %t[] : memref<f32>
  %p = memref.get_global @p : memref<memref<f32>>
  memref.store %t, %p[] : memref<memref<f32>>
  %cc = memref.cast %c : memref<f32> to memref<f32>
  func.call @ext(%cc) : (memref<f32>) -> ()
  memref.dealloc %h : memref<f32>
  return
}`;

const EXPECTED = { 't#0': 'stored into memory', 'l#0': 'local', 'c#0': 'passed to a call', 'h#0': 'local' };

describe('escape analysis across IRs', () => {
  it('FIR: a local pointer-assigned to a global escapes; locals only read and written do not', () => {
    expect(verdicts(FIR, '_QPf')).toEqual(EXPECTED);
  });
  it('memref: the same program gets the same verdicts', () => {
    expect(verdicts(MEMREF, 'f')).toEqual(EXPECTED);
  });
});

/**
 * The interprocedural points-to analysis (ProgramPointsTo) on the same programs: the same
 * verdicts, by reason kind — the global's address is `unknown` memory (stored), the call to a
 * body-less declaration is an unknown use — and the function is opaque (it calls code the
 * analysis cannot see).
 */
function pointsToVerdicts(text: string, fnName: string): Record<string, string> {
  const module = parseString(text, registry);
  const program = new ProgramPointsTo(module, { registry });
  const fn = program.functions.find((f) => f.getAttr('sym_name')?.toString() === `"${fnName}"`)!;
  const f = program.function(fn);
  const out: Record<string, string> = {};
  for (const o of f.objects()) {
    if (o.kind !== 'alloc' && o.kind !== 'slot') continue;
    const tag = o.op!.getAttr('test.ptr')?.toString().replace(/"/g, '') ?? '';
    const kinds = [...new Set(f.escape(o).map((r) => r.kind))];
    out[`${tag}#0`] = kinds.length ? kinds.join('; ') : 'local';
  }
  expect(program.summary(fn).opaque).toBe(true);
  return out;
}

const POINTS_TO_EXPECTED = { 't#0': 'stored', 'l#0': 'local', 'c#0': 'unknown-use', 'h#0': 'local' };

describe('points-to analysis across IRs', () => {
  it('FIR', () => {
    expect(pointsToVerdicts(FIR, '_QPf')).toEqual(POINTS_TO_EXPECTED);
  });
  it('memref: the same verdicts', () => {
    expect(pointsToVerdicts(MEMREF, 'f')).toEqual(POINTS_TO_EXPECTED);
  });
});
