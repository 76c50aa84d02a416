/**
 * The hlfir dialect subset (flang/include/flang/Optimizer/HLFIR/HLFIROps.td, LLVM 19) with
 * fir-opt-19's syntax (the declarative formats of HLFIROps.td, HLFIROps.cpp's custom
 * directives), memory effects as the .td declares them, and the memory-source steps flang
 * 19's AliasAnalysis::getSource takes through hlfir.declare and hlfir.designate.
 *
 * (The type `!hlfir.expr<…>` is in hlfir-types.ts.)
 *
 *   %v:2 = hlfir.declare %m(%shape) typeparams %l dummy_scope %ds {uniq_name = "…"} : (…) -> (T, T)
 *   %p = hlfir.designate %v#0{"comp"} <%cshape> (%i, %lb:%ub:%st) substr %a, %b imag shape %s typeparams %l : …
 *   hlfir.assign %rhs to %lhs realloc keep_lhs_len temporary_lhs : T, U
 *   %e = hlfir.elemental %shape mold %m typeparams %l unordered : (…) -> !hlfir.expr<…> { ^bb0(%i: index): … hlfir.yield_element %x : T }
 *   %e = hlfir.as_expr %v move %flag : (…) -> !hlfir.expr<…>     hlfir.destroy %e finalize : !hlfir.expr<…>
 *   %a:3 = hlfir.associate %e(%shape) typeparams %l {uniq_name = "…"} : (…) -> (T, U, i1)
 *   hlfir.end_associate %a#1, %a#2 : U, i1         %y = hlfir.no_reassoc %x : T
 */
import {
  DenseArrayAttr, IntegerAttr, IntegerType, Tok, UnitAttr, defineDialect, defineOp, registerCustomDirective,
  type Attribute, type AttrSyntax, type MemoryEffect, type Operation, type OpSpec,
  type UnresolvedOperand,
} from '@lifeline/ir';
import { declareLikeVerify, designateVerify, fortranElementType, hlfirVariableType } from './hlfir-verify.js';
import { HlfirExprType, parseHlfirType } from './hlfir-types.js';
import {
  DUMMY_SCOPE, EXPR, FORTRAN_ENTITY, FORTRAN_VALUE, FORTRAN_VARIABLE, I1 as I1_TYPE, INTEGERS, POLYMORPHIC, REF_OR_BOX,
  REF_OR_BOX_LIKE, SHAPE, SHAPE_OR_SHIFT,
} from './hlfir-constraints.js';

export { HlfirExprType, parseHlfirType };
import { fortranAttrNames } from './fir-attrs.js';
import { CharacterType, FirIntParamType, FirWrapperType, isBoxType, isRefLike } from './fir-types.js';

// ---- helpers --------------------------------------------------------------------------------


/**
 * A UnitAttr anchored by a keyword in an optional group: the keyword is all that is spelled
 * (MLIR's format generator elides such an anchor; here the formats write `` before it so
 * that the empty attribute gets no space either).
 */
const unitSyntax: AttrSyntax = { parse: () => UnitAttr.instance, print: () => {} };
const unitAttr = (name: string) => ({ name, optional: true, syntax: unitSyntax });

const effect = (kind: MemoryEffect['kind'], extra: Partial<MemoryEffect> = {}): MemoryEffect => ({ kind, ...extra });
const noEffects = (): MemoryEffect[] => [];

// ---- hlfir.declare --------------------------------------------------------------------------

const declareOp = defineOp({
  name: 'hlfir.declare',
  operands: [
    { name: 'memref', type: REF_OR_BOX }, { name: 'shape', arity: 'optional', type: SHAPE_OR_SHIFT },
    { name: 'typeparams', arity: 'variadic', type: INTEGERS }, { name: 'dummy_scope', arity: 'optional', type: DUMMY_SCOPE },
  ],
  results: [{ name: 'base', type: FORTRAN_VARIABLE }, { name: 'original_base', type: REF_OR_BOX_LIKE }],
  attributes: [{ name: 'uniq_name' }, { name: 'fortran_attrs', optional: true }, { name: 'data_attr', optional: true }],
  format: '$memref (`(` $shape^ `)`)? (`typeparams` $typeparams^)? (`dummy_scope` $dummy_scope^)? attr-dict `:` functional-type(operands, results)',
  // MemoryEffects<[MemWrite<DebuggingResource>]>: on the op, no value.
  memoryEffects: () => [effect('write', { resource: 'DebuggingResource' })],
  // AliasAnalysis.cpp (19): both results lead to the declared memref.
  memorySource: {
    step: (op) => {
      const def = op.def!;
      return {
        kind: 'declare',
        source: op.operand(0),
        dummyScope: def.operandGroup(op, 'dummy_scope')[0],
        attrs: fortranAttrNames(op.getAttr('fortran_attrs')),
      };
    },
  },
  verify(op) {
    const memref = op.operand(0).type;
    if (memref !== op.result(1).type) return 'second result type must match input memref type';
    const shape = op.def!.operandGroup(op, 'shape')[0];
    const lbs = shape?.type instanceof FirIntParamType && (shape.type.kind === 'shift' || shape.type.kind === 'shapeshift');
    const expected = hlfirVariableType(memref, lbs);
    if (expected !== op.result(0).type) return `first result type is inconsistent with variable properties: expected '${expected}'`;
    return declareLikeVerify(op, op.result(0).type);
  },
});

// ---- hlfir.designate ------------------------------------------------------------------------

const I1 = IntegerType.get(1);

/** `(%i, %lb:%ub:%st, …)` into `indices` and `is_triplet` (HLFIROps.cpp parseDesignatorIndices). */
registerCustomDirective('DesignatorIndices', {
  parse(p, ctx, args) {
    const [indicesName, tripletName] = args as [string, string];
    const refs: UnresolvedOperand[] = [];
    const triplet: number[] = [];
    if (p.consumeIf(Tok.LParen)) {
      do {
        refs.push(p.parseOperand());
        if (p.consumeIf(Tok.Colon)) {
          refs.push(p.parseOperand());
          p.expect(Tok.Colon, "expected ':'");
          refs.push(p.parseOperand());
          triplet.push(1);
        } else {
          triplet.push(0);
        }
      } while (p.consumeIf(Tok.Comma));
      p.expect(Tok.RParen, "expected ')'");
    }
    ctx.setOperands(indicesName, refs);
    ctx.state.addAttr(tripletName, new DenseArrayAttr(I1, triplet));
  },
  print(op, p, args) {
    const [indicesName, tripletName] = args as [string, string];
    const indices = op.def!.operandGroup(op, indicesName);
    if (!indices.length) return;
    const flags = op.getAttr(tripletName);
    const parts: string[] = [];
    let i = 0;
    for (const t of flags instanceof DenseArrayAttr ? flags.values : []) {
      const take = t ? 3 : 1;
      if (i + take > indices.length) break;
      parts.push(indices.slice(i, i + take).map((v) => p.valueName(v)).join(':'));
      i += take;
    }
    p.print(`(${parts.join(', ')})`);
  },
  present: (p) => p.tok === Tok.LParen,
});

/** `imag` / `real` into `complex_part` (true / false). */
registerCustomDirective('DesignatorComplexPart', {
  parse(p, ctx, args) {
    if (p.parseOptionalKeyword('imag')) ctx.state.addAttr(args[0]!, IntegerAttr.bool(true));
    else if (p.parseOptionalKeyword('real')) ctx.state.addAttr(args[0]!, IntegerAttr.bool(false));
  },
  print(op, p, args) {
    const part = op.getAttr(args[0]!);
    if (part instanceof IntegerAttr) p.print(part.value ? 'imag' : 'real');
  },
  present: (p) => p.isKeyword('imag') || p.isKeyword('real'),
});

const designateOp = defineOp({
  name: 'hlfir.designate',
  operands: [
    { name: 'memref', type: FORTRAN_VARIABLE }, { name: 'component_shape', arity: 'optional', type: SHAPE_OR_SHIFT },
    { name: 'indices', arity: 'variadic', type: INTEGERS }, { name: 'substring', arity: 'variadic', type: INTEGERS },
    { name: 'shape', arity: 'optional', type: SHAPE_OR_SHIFT }, { name: 'typeparams', arity: 'variadic', type: INTEGERS },
  ],
  results: [{ name: 'result', type: FORTRAN_VARIABLE }],
  attributes: [
    { name: 'component', optional: true }, { name: 'is_triplet' }, { name: 'complex_part', optional: true },
    { name: 'fortran_attrs', optional: true },
  ],
  format: '$memref (`{` $component^ `}`)? (`<` $component_shape^ `>`)? custom<DesignatorIndices>($indices, $is_triplet) '
    + '(`substr` $substring^)? custom<DesignatorComplexPart>($complex_part) (`shape` $shape^)? (`typeparams` $typeparams^)? '
    + 'attr-dict `:` functional-type(operands, results)',
  // NoMemoryEffect.
  memoryEffects: noEffects,
  // AliasAnalysis.cpp (19): continue from the memref; the result may be inside it.
  memorySource: { step: (op) => ({ kind: 'address', source: op.operand(0), offset: true }) },
  verify: (op) => designateVerify(op),
});

// ---- assignment and expressions -------------------------------------------------------------

const assignOp = defineOp({
  name: 'hlfir.assign',
  operands: [{ name: 'rhs', type: FORTRAN_ENTITY }, { name: 'lhs', type: FORTRAN_VARIABLE }],
  attributes: [unitAttr('realloc'), unitAttr('keep_lhs_length_if_realloc'), unitAttr('temporary_lhs')],
  format: '$rhs `to` $lhs (`realloc` `` $realloc^)? (`keep_lhs_len` `` $keep_lhs_length_if_realloc^)? '
    + '(`temporary_lhs` `` $temporary_lhs^)? attr-dict `:` type(operands)',
  // MemoryEffects<[MemWrite]> on the op, then Arg<…, [MemWrite]>:$lhs (the generated order).
  memoryEffects: (op) => [effect('write'), effect('write', { value: op.operand(1) })],
  verify(op) {
    const lhs = op.operand(1).type;
    const box = isRefLike(lhs) ? lhs.eleTy : undefined;
    const allocatable = !!box && isBoxType(box) && box.eleTy instanceof FirWrapperType && box.eleTy.kind === 'heap';
    const realloc = !!op.getAttr('realloc');
    if (realloc && !allocatable) return 'lhs must be an allocatable when `realloc` is set';
    if (op.getAttr('keep_lhs_length_if_realloc') && !(realloc && fortranElementType(lhs) instanceof CharacterType)) {
      return '`realloc` must be set and lhs must be a character allocatable when `keep_lhs_length_if_realloc` is set';
    }
    return undefined;
  },
});

const elementalOp = defineOp({
  name: 'hlfir.elemental',
  operands: [
    { name: 'shape', type: SHAPE }, { name: 'mold', arity: 'optional', type: POLYMORPHIC },
    { name: 'typeparams', arity: 'variadic', type: INTEGERS },
  ],
  results: [{ name: 'result', type: EXPR }],
  attributes: [unitAttr('unordered')],
  regions: [{ name: 'region' }],
  // RecursiveMemoryEffects plus MemoryEffects<[MemAlloc]> (the temporary), on the op.
  traits: ['RecursiveMemoryEffects'],
  format: '$shape (`mold` $mold^)? (`typeparams` $typeparams^)? (`unordered` `` $unordered^)? '
    + 'attr-dict `:` functional-type(operands, results) $region',
  memoryEffects: () => [effect('allocate')],
  verify(op) {
    const r = op.regions[0]!;
    if (r.blocks.length !== 1) return "region #0 ('region') failed to verify constraint: region with 1 blocks";
    const t = op.result(0).type;
    if (!(t instanceof HlfirExprType)) return undefined;
    const mold = op.def!.operandGroupSize(op, 'mold') > 0;
    if (mold !== t.polymorphic) return 'result must be polymorphic when mold is present and vice versa';
    return undefined;
  },
});

const yieldElementOp = defineOp({
  name: 'hlfir.yield_element',
  operands: [{ name: 'element_value' }],
  traits: ['Terminator', 'Pure'],
  parents: ['hlfir.elemental'],
  format: '$element_value attr-dict `:` type($element_value)',
});

/** getIntrinsicEffects (HLFIROps.cpp): allocate the expr result, read every address or descriptor operand. */
function intrinsicEffects(op: Operation): MemoryEffect[] {
  const out: MemoryEffect[] = [];
  if (op.result(0).type instanceof HlfirExprType) out.push(effect('allocate', { value: op.result(0) }));
  for (const o of op.operandValues()) {
    const t = o.type;
    // fir::isa_ref_type or fir::isa_box_type (box, class, boxchar, boxproc).
    const boxLike = isBoxType(t) || (t instanceof FirIntParamType && t.kind === 'boxchar')
      || (t instanceof FirWrapperType && t.kind === 'boxproc');
    if (isRefLike(t) || boxLike) out.push(effect('read', { value: o }));
  }
  return out;
}

const asExprOp = defineOp({
  name: 'hlfir.as_expr',
  operands: [{ name: 'var', type: FORTRAN_VARIABLE }, { name: 'must_free', arity: 'optional', type: I1_TYPE }],
  results: [{ name: 'result', type: EXPR }],
  format: '$var (`move` $must_free^)? attr-dict `:` functional-type(operands, results)',
  memoryEffects: intrinsicEffects,
});

const noReassocOp = defineOp({
  name: 'hlfir.no_reassoc',
  operands: [{ name: 'val', type: FORTRAN_ENTITY }],
  results: [{ name: 'result', type: FORTRAN_ENTITY }],
  traits: ['SameOperandsAndResultType'],
  format: '$val attr-dict `:` type($val)',
  memoryEffects: noEffects,
});

const destroyOp = defineOp({
  name: 'hlfir.destroy',
  operands: [{ name: 'expr', type: EXPR }],
  attributes: [unitAttr('finalize')],
  format: '$expr (`finalize` `` $finalize^)? attr-dict `:` qualified(type($expr))',
  // MemoryEffects<[MemFree]> on the op.
  memoryEffects: () => [effect('free')],
});

const associateOp = defineOp({
  name: 'hlfir.associate',
  operands: [
    { name: 'source', type: FORTRAN_VALUE }, { name: 'shape', arity: 'optional', type: SHAPE_OR_SHIFT },
    { name: 'typeparams', arity: 'variadic', type: INTEGERS },
  ],
  results: [{ name: 'base', type: FORTRAN_VARIABLE }, { name: 'fir_base', type: REF_OR_BOX_LIKE }, { name: 'must_free', type: I1_TYPE }],
  attributes: [{ name: 'uniq_name', optional: true }, { name: 'fortran_attrs', optional: true }],
  format: '$source (`(` $shape^ `)`)? (`typeparams` $typeparams^)? attr-dict `:` functional-type(operands, results)',
  // MemoryEffects<[MemAlloc]> on the op.
  memoryEffects: () => [effect('allocate')],
});

const endAssociateOp = defineOp({
  name: 'hlfir.end_associate',
  operands: [{ name: 'var', type: REF_OR_BOX_LIKE }, { name: 'must_free', type: I1_TYPE }],
  format: '$var `,` $must_free attr-dict `:` type(operands)',
  // MemoryEffects<[MemFree]> on the op.
  memoryEffects: () => [effect('free')],
});

export const hlfirOps: OpSpec[] = [
  declareOp, designateOp, assignOp, elementalOp, yieldElementOp, asExprOp, noReassocOp, destroyOp, associateOp,
  endAssociateOp,
];

export const hlfirDialect = defineDialect('hlfir', hlfirOps, { parseTypeWith: parseHlfirType });
