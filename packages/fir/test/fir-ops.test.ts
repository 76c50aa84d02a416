/**
 * The memory effects and memory-source steps of the fir memory/address/descriptor ops, on
 * parsed IR. Expected values are written out from flang 19's sources, cited per op:
 * FIROps.td (LLVM 19.1.7, flang/include/flang/Optimizer/Dialect/FIROps.td, line of the def)
 * for effects, AliasAnalysis.cpp getSource for the steps.
 */
import { BlockArgument, StringAttr, SymbolRefAttr, parseString, type Operation, type Value } from '@lifeline/ir';
import { allDialects, createRegistry } from '@lifeline/dialects';
import { describe, expect, it } from 'vitest';
import { firDialects, fortranAttrNames } from '../dist/index.js';

const registry = createRegistry([...allDialects, ...firDialects]);

const PROGRAM = `
fir.global internal @g target : f32 {
  %c = arith.constant 2.0 : f32
  fir.has_value %c : f32
}
func.func @f(%a0: !fir.ref<i32>, %a1: !fir.box<!fir.array<?xf32>>, %n: index, %a3: !fir.ref<!fir.box<!fir.ptr<f32>>>) {
  %alloca = fir.alloca !fir.array<?xf32>, %n {t = "alloca"}
  %allocmem = fir.allocmem f32 {t = "allocmem"}
  fir.freemem %allocmem {t = "freemem"} : !fir.heap<f32>
  %load = fir.load %a0 {t = "load"} : !fir.ref<i32>
  fir.store %load to %a0 {t = "store"} : !fir.ref<i32>
  %addr = fir.address_of(@g) {t = "address_of"} : !fir.ref<f32>
  %conv = fir.convert %addr {t = "convert"} : (!fir.ref<f32>) -> !fir.ref<i32>
  %scope = fir.dummy_scope {t = "dummy_scope"} : !fir.dscope
  %decl = fir.declare %a0 dummy_scope %scope {t = "declare", uniq_name = "x", fortran_attrs = #fir.var_attrs<target, intent_in>} : (!fir.ref<i32>, !fir.dscope) -> !fir.ref<i32>
  %decl2 = fir.declare %a3 {t = "declare_host", uniq_name = "p", fortran_attrs = #fir.var_attrs<host_assoc, pointer>} : (!fir.ref<!fir.box<!fir.ptr<f32>>>) -> !fir.ref<!fir.box<!fir.ptr<f32>>>
  %decl3 = fir.declare %a0 {t = "declare_plain", uniq_name = "y"} : (!fir.ref<i32>) -> !fir.ref<i32>
  %undef = fir.undefined index {t = "undefined"}
  %zero = fir.zero_bits !fir.ptr<f32> {t = "zero_bits"}
  %absent = fir.absent !fir.ref<f32> {t = "absent"}
  %present = fir.is_present %a0 {t = "is_present"} : (!fir.ref<i32>) -> i1
  %shape = fir.shape %n {t = "shape"} : (index) -> !fir.shape<1>
  %shift = fir.shift %n {t = "shift"} : (index) -> !fir.shift<1>
  %ss = fir.shape_shift %n, %n {t = "shape_shift"} : (index, index) -> !fir.shapeshift<1>
  %slice = fir.slice %n, %n, %n {t = "slice"} : (index, index, index) -> !fir.slice<1>
  %field = fir.field_index a, !fir.type<r{a:i32}>
  %coor = fir.coordinate_of %alloca, %n {t = "coordinate_of"} : (!fir.ref<!fir.array<?xf32>>, index) -> !fir.ref<f32>
  %ac = fir.array_coor %alloca(%shape) %n {t = "array_coor"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, index) -> !fir.ref<f32>
  %baddr = fir.box_addr %a1 {t = "box_addr"} : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
  %embox = fir.embox %alloca(%shape) {t = "embox"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> !fir.box<!fir.array<?xf32>>
  %rebox = fir.rebox %a1 {t = "rebox"} : (!fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>>
  %dims:3 = fir.box_dims %a1, %n {t = "box_dims"} : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
  %boff = fir.box_offset %a3 base_addr {t = "box_offset"} : (!fir.ref<!fir.box<!fir.ptr<f32>>>) -> !fir.llvm_ptr<!fir.ref<f32>>
  return
}
`;

const module = parseString(PROGRAM, registry);
const byTag = new Map<string, Operation>();
const names = new Map<Value, string>();
module.walk((op) => {
  const t = op.getAttr('t');
  if (t instanceof StringAttr) {
    byTag.set(t.value, op);
    op.results.forEach((r, i) => names.set(r, i ? `${t.value}#${i}` : t.value));
  }
  // Ops whose custom form has no attribute dictionary (fir.field_index) or that are not in the function.
  if (['fir.global', 'fir.has_value', 'fir.field_index'].includes(op.name)) byTag.set(op.name.slice(4), op);
});
const func = [...module.regions[0]!.blocks[0]!.ops()].find((o) => o.name === 'func.func')!;
func.regions[0]!.blocks[0]!.arguments.forEach((a: BlockArgument, i: number) => names.set(a, `arg${i}`));

const label = (v: Value | undefined): string | undefined => (v ? names.get(v) ?? '?' : undefined);

function effects(tag: string): unknown {
  const op = byTag.get(tag)!;
  const hook = op.def!.spec.memoryEffects;
  if (!hook) return 'unknown';
  return hook(op).map((e) => ({ kind: e.kind, value: label(e.value), resource: e.resource }));
}

function step(tag: string): unknown {
  const op = byTag.get(tag)!;
  const s = op.def!.spec.memorySource?.step(op, op.result(0));
  if (!s) return undefined;
  switch (s.kind) {
    case 'allocate': return s;
    case 'global': return { kind: s.kind, symbol: (s.symbol as SymbolRefAttr).toString() };
    case 'convert': case 'box': return { kind: s.kind, source: label(s.source) };
    case 'address': return { kind: s.kind, source: label(s.source), offset: s.offset };
    case 'load': return { kind: s.kind, memref: label(s.memref) };
    case 'declare': return { kind: s.kind, source: label(s.source), dummyScope: label(s.dummyScope), attrs: s.attrs };
  }
}


describe('fir memory effects (FIROps.td, LLVM 19.1.7)', () => {
  const cases: [tag: string, expected: unknown, why: string][] = [
    // FIROps.td:75-76 MemoryEffects<[MemAlloc<AutomaticAllocationScopeResource>]>: on the op, no value.
    ['alloca', [{ kind: 'allocate', value: undefined, resource: 'AutomaticAllocationScope' }], 'td:75'],
    // FIROps.td:207-208 MemoryEffects<[MemAlloc<DefaultResource>]>.
    ['allocmem', [{ kind: 'allocate', value: undefined, resource: undefined }], 'td:207'],
    // FIROps.td:261 MemoryEffects<[MemFree]> and :278 Arg<fir_HeapType, "", [MemFree]>:$heapref.
    ['freemem', [{ kind: 'free', value: undefined, resource: undefined }, { kind: 'free', value: 'allocmem', resource: undefined }], 'td:261,278'],
    // FIROps.td:299 Arg<AnyReferenceLike, "", [MemRead]>:$memref.
    ['load', [{ kind: 'read', value: 'arg0', resource: undefined }], 'td:299'],
    // FIROps.td:332 Arg<AnyReferenceLike, "", [MemWrite]>:$memref.
    ['store', [{ kind: 'write', value: 'arg0', resource: undefined }], 'td:332'],
    // FIROps.td:3092 and :3194 MemoryEffects<[MemWrite<DebuggingResource>]>.
    ['declare', [{ kind: 'write', value: undefined, resource: 'DebuggingResource' }], 'td:3092'],
    ['dummy_scope', [{ kind: 'write', value: undefined, resource: 'DebuggingResource' }], 'td:3194'],
    // No MemoryEffects trait and not Pure: no interface (MLIR: unknown effects).
    ['global', 'unknown', 'td:2806'],
    ['has_value', 'unknown', 'td:734'],
    // NoMemoryEffect.
    ...(['address_of', 'convert', 'undefined', 'zero_bits', 'absent', 'is_present', 'shape', 'shift', 'shape_shift', 'slice',
      'field_index', 'coordinate_of', 'array_coor', 'box_addr', 'embox', 'rebox', 'box_dims', 'box_offset']
      .map((t): [string, unknown, string] => [t, [], 'NoMemoryEffect'])),
  ];
  for (const [tag, expected, why] of cases) {
    it(`${tag} (${why})`, () => expect(effects(tag)).toEqual(expected));
  }
});

describe('fir memory-source steps (AliasAnalysis.cpp getSource, LLVM 19)', () => {
  const cases: [tag: string, expected: unknown][] = [
    ['alloca', { kind: 'allocate' }],
    ['allocmem', { kind: 'allocate' }],
    ['address_of', { kind: 'global', symbol: '@g' }],
    ['convert', { kind: 'convert', source: 'address_of' }],
    ['box_addr', { kind: 'address', source: 'arg1', offset: false }],
    ['coordinate_of', { kind: 'address', source: 'alloca', offset: true }],
    ['array_coor', { kind: 'address', source: 'alloca', offset: true }],
    ['embox', { kind: 'box', source: 'alloca' }],
    ['rebox', { kind: 'box', source: 'arg1' }],
    ['load', { kind: 'load', memref: 'arg0' }],
    // Attribute names come in fir-opt-19's (bit) order, whatever order they were written in.
    ['declare', { kind: 'declare', source: 'arg0', dummyScope: 'dummy_scope', attrs: ['intent_in', 'target'] }],
    ['declare_host', { kind: 'declare', source: 'arg3', dummyScope: undefined, attrs: ['pointer', 'host_assoc'] }],
    ['declare_plain', { kind: 'declare', source: 'arg0', dummyScope: undefined, attrs: [] }],
    // getSource stops at everything else (fir.absent, fir.zero_bits, fir.undefined, box_dims…).
    ...(['absent', 'zero_bits', 'undefined', 'is_present', 'shape', 'slice', 'field_index', 'box_dims', 'box_offset', 'dummy_scope']
      .map((t): [string, unknown] => [t, undefined])),
  ];
  for (const [tag, expected] of cases) {
    it(tag, () => expect(step(tag)).toEqual(expected));
  }
});

describe('#fir.var_attrs', () => {
  it('fortranAttrNames lists the flags in bit order; none for an absent attribute', () => {
    expect(fortranAttrNames(byTag.get('declare_host')!.getAttr('fortran_attrs'))).toEqual(['pointer', 'host_assoc']);
    expect(fortranAttrNames(undefined)).toEqual([]);
  });
});
