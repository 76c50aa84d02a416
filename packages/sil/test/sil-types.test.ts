/**
 * SilTypeInfo against Swift's type lowering, worked out by hand for the declarations below
 * (sil-type-info.ts clauses (1)–(5)), and the accessors on parsed instructions.
 */
import { describe, expect, it } from 'vitest';
import {
  SilType, SilTypeInfo, parseSil, parseSilTypeText, switchEnumCases, terminatorResultOperand, structExtractField,
  enumCaseName, calledFunction, integerLiteralValue, isProgramTerminationPoint, blockArgOwnership, functionRefName,
} from '../dist/index.js';
import { BlockArgument, type Operation } from '@lifeline/ir';
import { IrControlFlowView } from '@lifeline/analyses';

const SRC = `sil_stage canonical
import Builtin
class C {}
class D : C {}
protocol P : AnyObject {}
protocol Q {}
struct Pair { var a: Builtin.Int64
  var b: Builtin.Int32 }
struct Holder { var c: C
  var n: Builtin.Int64 }
struct NC : ~Copyable { var n: Builtin.Int64
  deinit }
enum Flag { case on
  case off }
enum Box<T> { case empty
  case full(T) }
indirect enum List { case nil
  case cons(Builtin.Int64, List) }
typealias AnyObject = Builtin.AnyObject
sil [_semantics "programtermination_point"] @fatal : $@convention(thin) () -> ()
sil [ossa] @f : $@convention(thin) (@owned Box<C>) -> () {
bb0(%0 : @owned $Box<C>):
  switch_enum %0 : $Box<C>, case #Box.full!enumelt: bb1, case #Box.empty!enumelt: bb2
bb1(%1 : @owned $C):
  %2 = function_ref @fatal : $@convention(thin) () -> ()
  %3 = apply %2() : $@convention(thin) () -> ()
  %4 = integer_literal $Builtin.Int8, 200
  unreachable
bb2:
  %5 = tuple ()
  return %5 : $()
}
`;

const t = (s: string) => parseSilTypeText(s);

describe('SilTypeInfo', () => {
  const m = parseSil(SRC, 'types.sil');
  const info = SilTypeInfo.of(m);
  it('(1) trivial types', () => {
    for (const s of ['Builtin.Int64', 'Builtin.Word', 'Builtin.RawPointer', 'Builtin.FPIEEE64', '*C', '@thick C.Type', 'Pair',
      '(Builtin.Int1, Pair)', 'Flag', 'Box<Builtin.Int32>', '@convention(thin) (@owned C) -> ()', 'Int', 'Builtin.Int1?']) {
      expect([s, info.isTrivial(t(s))]).toEqual([s, true]);
    }
  });
  it('(2) non-trivial types', () => {
    for (const s of ['C', 'Builtin.NativeObject', 'Builtin.BridgeObject', 'AnyObject', 'Holder', '(Builtin.Int1, C)', 'Box<C>', 'Optional<C>',
      'C?', 'any P', '@callee_guaranteed () -> ()', 'List', 'Unknown']) {
      expect([s, info.isTrivial(t(s))]).toEqual([s, false]);
    }
  });
  it('(3) references', () => {
    for (const s of ['C', 'D', 'Builtin.NativeObject', 'Builtin.BridgeObject', 'AnyObject', 'any P', '@opened("X", AnyObject) Self']) {
      expect([s, info.isReference(t(s))]).toEqual([s, true]);
    }
    for (const s of ['C?', 'Holder', 'any Q', 'Builtin.Int64', '*C', 'Box<C>']) expect([s, info.isReference(t(s))]).toEqual([s, false]);
  });
  it('(4) fields, elements and cases with substitution', () => {
    expect(info.structFields(t('Holder'))).toEqual([{ name: 'c', type: t('C') }, { name: 'n', type: t('Builtin.Int64') }]);
    expect(info.enumCases(t('Box<C>'))).toEqual([{ name: 'empty', payload: undefined }, { name: 'full', payload: t('C') }]);
    expect(info.enumCases(t('C?'))).toEqual([{ name: 'none' }, { name: 'some', payload: t('C') }]);
    expect(info.enumCases(t('List'))![1]!.payload).toBe(SilType.tuple([t('Builtin.Int64'), t('List')]));
    expect(info.tupleElements(t('(Builtin.Int1, C)'))).toEqual([t('Builtin.Int1'), t('C')]);
    expect(info.superclass(t('D'))).toBe(t('C'));
    expect(info.structFields(t('C'))).toBeUndefined();
  });
  it('(5) deinit and move-only', () => {
    expect(info.hasValueDeinit(t('NC'))).toBe(true);
    expect(info.isMoveOnly(t('NC'))).toBe(true);
    expect(info.hasValueDeinit(t('Holder'))).toBe(false);
    expect(info.isMoveOnly(t('Holder'))).toBe(false);
  });
  it('types are interned: equal spellings are one object', () => {
    expect(t('Box<C>')).toBe(SilType.nominal('Box', [SilType.nominal('C')]));
    expect(String(t('*Builtin.Int64'))).toBe('!sil.type<"*Builtin.Int64">');
  });
});

describe('accessors', () => {
  const m = parseSil(SRC, 'types.sil');
  const ops: Operation[] = [];
  m.walk((o) => void ops.push(o));
  const byName = (n: string) => ops.find((o) => o.name === `sil.${n}`)!;
  it('switch_enum cases and the payload argument it produces', () => {
    const sw = byName('switch_enum');
    const info = switchEnumCases(sw);
    expect(info.cases.map((c) => c.name)).toEqual(['full', 'empty']);
    expect(info.default).toBeUndefined();
    const payload = info.cases[0]!.dest.arguments[0]!;
    expect(terminatorResultOperand(payload)).toBe(sw.operand(0));
    expect(sw.def!.spec.branch!.producedOperands!(sw, 0)).toBe(1);
    expect(sw.def!.spec.branch!.producedOperands!(sw, 1)).toBe(0);
    expect(blockArgOwnership(payload as BlockArgument)).toBe('@owned');
  });
  it('the dataflow view sees produced arguments as having no forwarded operand', () => {
    const sw = byName('switch_enum');
    const br = new IrControlFlowView().branch(sw)!;
    expect(br.successorOperands(0)).toEqual([undefined]);
    expect(br.successorOperandIndices(0)).toEqual([]);
    expect(br.successorOperands(1)).toEqual([]);
  });
  it('function_ref, apply and literals', () => {
    const apply = byName('apply');
    expect(functionRefName(byName('function_ref'))).toBe('fatal');
    expect(isProgramTerminationPoint(calledFunction(apply)!)).toBe(true);
    // 200 in 8 bits is -56 when read signed, as Swift prints it.
    expect(integerLiteralValue(byName('integer_literal'))).toBe(-56n);
  });
  it('struct_extract and enum names', () => {
    const m2 = parseSil('import Builtin\nstruct S { var x: Builtin.Int64 }\nenum E { case a(Builtin.Int64) }\nsil @g : $@convention(thin) (S) -> E {\nbb0(%0 : $S):\n  %1 = struct_extract %0 : $S, #S.x\n  %2 = enum $E, #E.a!enumelt, %1 : $Builtin.Int64\n  return %2 : $E\n}\n', 'g.sil');
    const found: Operation[] = [];
    m2.walk((o) => void found.push(o));
    expect(structExtractField(found.find((o) => o.name === 'sil.struct_extract')!)).toBe('x');
    expect(enumCaseName(found.find((o) => o.name === 'sil.enum')!)).toBe('a');
  });
});
