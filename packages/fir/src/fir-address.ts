/**
 * fir ops that compute addresses and their shape operands (LLVM 19 FIROps.td):
 * fir.field_index, fir.coordinate_of (the LLVM 19 form `%base, %c0, %f : (types) -> type`),
 * fir.array_coor, fir.shape, fir.shift, fir.shape_shift, fir.slice. All are NoMemoryEffect;
 * coordinate_of and array_coor are memory-source steps into their base (with an offset).
 */
import {
  FunctionType, StringAttr, Tok, TupleType, TypeAttr, ComplexType, defineOp,
  type OpSpec, type Operation, type Type, type TypeConstraint,
} from '@lifeline/ir';
import {
  anyIntegerType, anyRefOrBox, anyShapeOrShift, componentType, coordinateType, isCoordinateBase, isIntParam, noEffects,
  ptrOrBoxEleTy, refOrLLVMPtr, refType, shapeShiftType, shapeType, shiftType, sliceType, strCheck, typeAttrCheck, variadic,
  unwrapSeqOrBox,
} from './fir-op-utils.js';
import { CharacterType, FirSimpleType, RecordType, SequenceType, isBoxType, isRefLike, unwrapRefType } from './fir-types.js';

const offsetStep = { step: (op: Operation) => ({ kind: 'address' as const, source: op.operand(0), offset: true }) };

// ---- fir.field_index ----------------------------------------------------------------------

const fieldIndex = defineOp({
  name: 'fir.field_index',
  operands: [{ name: 'typeparams', arity: 'variadic', type: variadic(anyIntegerType) }],
  results: [{ name: 'res' }],
  attributes: [{ name: 'field_id', check: strCheck }, { name: 'on_type', check: typeAttrCheck }],
  // parseFieldLikeOp: `name, !fir.type<…>` then `(%params : types)`; the result is !fir.field.
  parse(p, st) {
    const name = p.parseOptionalBareId();
    if (name === undefined) return p.error("custom op 'fir.field_index' expected valid keyword");
    st.addAttr('field_id', new StringAttr(name));
    p.expect(Tok.Comma, "expected ','");
    const at = p.offset;
    const rec = p.parseType();
    // fir-opt-19 fails here without a message; we say why.
    if (!(rec instanceof RecordType)) return p.error(`custom op 'fir.field_index' expected a !fir.type, got '${rec}'`, at);
    st.addAttr('on_type', new TypeAttr(rec));
    if (p.consumeIf(Tok.LParen)) {
      const us = p.parseOperandList();
      const types = p.parseColonTypeList();
      p.expect(Tok.RParen, "expected ')'");
      st.operands.push(...p.resolveOperands(us, types, st.nameOffset));
    }
    st.types.push(FirSimpleType.get('field'));
  },
  print(op, p) {
    p.print(` ${(op.getAttr('field_id') as StringAttr).value}, ${(op.getAttr('on_type') as TypeAttr).value}`);
    if (op.operands.length) {
      p.print('(');
      p.printOperands(op.operands.map((o) => o.value));
      p.print(`) : ${op.operands.map((o) => o.value.type).join(', ')}`);
    }
  },
  memoryEffects: noEffects,
});

// ---- fir.coordinate_of --------------------------------------------------------------------

/** CoordinateOp::verify. */
function verifyCoordinate(op: Operation): string | undefined {
  const refTy = op.operand(0).type;
  if (isRefLike(refTy)) {
    const ele = refTy.eleTy;
    if (ele instanceof SequenceType) {
      if (!ele.shape) return 'cannot find coordinate in unknown shape';
      let rows = 0;
      while (rows < ele.shape.length && ele.shape[rows]! >= 0) rows++;
      if (rows < ele.shape.length - 1) return 'cannot find coordinate with unknown extents';
    }
    if (!isCoordinateBase(ele)) return 'cannot apply to this element type';
  }
  let ele = ptrOrBoxEleTy(refTy);
  let dimension = 0;
  for (const co of op.operands.slice(1).map((o) => o.value)) {
    if (dimension === 0 && ele instanceof SequenceType) {
      dimension = ele.shape?.length ?? 0;
      if (dimension === 0) return 'cannot apply to array of unknown rank';
    }
    const def = co.definingOp;
    if (def?.name === 'fir.field_index') {
      const on = (def.getAttr('on_type') as TypeAttr).value;
      if (ele !== on) return 'field_index type not compatible with reference type';
      if (ele instanceof RecordType) {
        ele = ele.fieldType((def.getAttr('field_id') as StringAttr).value);
        continue;
      }
      return 'field_index not applied to !fir.type';
    }
    if (dimension) {
      if (--dimension === 0) ele = (ele as SequenceType).eleTy;
    } else if (ele instanceof TupleType || ele instanceof RecordType) {
      // Which component is meant is unknown unless the index is a constant: MLIR stops here.
      return undefined;
    } else if (ele instanceof ComplexType) {
      ele = ele.elementType;
    } else if (ele && isIntParam(ele, 'complex')) {
      return undefined;
    } else if (ele instanceof CharacterType) {
      if (ele.len === 1) return 'cannot apply to character singleton';
      ele = CharacterType.get(ele.fkind);
      if (unwrapRefType(op.result(0).type) !== ele) return 'character type mismatch';
    } else {
      return 'invalid parameters (too many)';
    }
  }
  return undefined;
}

const coordinateOf = defineOp({
  name: 'fir.coordinate_of',
  operands: [{ name: 'ref', type: anyRefOrBox }, { name: 'coor', arity: 'variadic', type: variadic(coordinateType) }],
  results: [{ name: 'res', type: refOrLLVMPtr }],
  attributes: [{ name: 'baseType', check: typeAttrCheck }],
  parse(p, st) {
    const base = p.parseOperand();
    p.expect(Tok.Comma, "expected ','");
    const all = [base, ...p.parseOperandList()];
    p.parseOptionalAttrDict(st);
    const at = p.offset;
    p.expect(Tok.Colon, "expected ':'");
    const fnAt = p.offset;
    const fn = p.parseType();
    if (!(fn instanceof FunctionType)) return p.error('invalid kind of type specified', fnAt);
    st.operands.push(...p.resolveOperands(all, fn.inputs, at));
    st.types.push(...fn.results);
    // baseType: the type of the base operand as parsed (getInput(0)).
    st.addAttr('baseType', new TypeAttr(fn.inputs[0]!));
  },
  print(op, p) {
    p.print(' ');
    p.printValue(op.operand(0));
    p.print(', ');
    p.printOperands(op.operands.slice(1).map((o) => o.value));
    p.printOptionalAttrDict(p.allAttrs(op), ['baseType']);
    p.print(' : ');
    p.printFunctionalType(op.operands.map((o) => o.value.type), op.results.map((r) => r.type));
  },
  memoryEffects: noEffects,
  memorySource: offsetStep,
  verify: verifyCoordinate,
});

// ---- fir.array_coor -----------------------------------------------------------------------

function shapeRank(t: Type): number {
  return isIntParam(t, 'shape') || isIntParam(t, 'shapeshift') || isIntParam(t, 'shift') ? t.param : 0;
}

/** validTypeParams: LEN parameters only for records with LEN parameters and `!fir.char<k,?>`. */
function validTypeParams(t: Type, n: number): boolean {
  const ty = unwrapSeqOrBox(t);
  if (isBoxType(ty)) return n === 0;
  if (ty instanceof RecordType) return n === ty.lenParams.length;
  if (ty instanceof CharacterType && ty.len === CharacterType.UNKNOWN_LEN) return n === 1;
  return n === 0;
}

/** ArrayCoorOp::verify. */
function verifyArrayCoor(op: Operation): string | undefined {
  const def = op.def!;
  const memTy = op.operand(0).type;
  const arr = ptrOrBoxEleTy(memTy);
  if (!(arr instanceof SequenceType)) return 'must be a reference to an array';
  const arrDim = arr.shape?.length ?? 0;
  const shape = def.operandGroup(op, 'shape')[0];
  if (shape) {
    const rank = shapeRank(shape.type);
    if (isIntParam(shape.type, 'shift') && !isBoxType(memTy)) return 'shift can only be provided with fir.box memref';
    if (arrDim && arrDim !== rank) return 'rank of dimension mismatched';
    if (rank !== def.operandGroupSize(op, 'indices')) return 'number of indices do not match dim rank';
  }
  const slice = def.operandGroup(op, 'slice')[0];
  if (slice) {
    const sl = slice.definingOp;
    if (sl?.name === 'fir.slice' && sl.def!.operandGroupSize(sl, 'substr')) return 'array_coor cannot take a slice with substring';
    if (isIntParam(slice.type, 'slice') && slice.type.param !== arrDim) return 'rank of dimension in slice mismatched';
  }
  if (!validTypeParams(memTy, def.operandGroupSize(op, 'typeparams'))) return 'invalid type parameters';
  return undefined;
}

const arrayCoor = defineOp({
  name: 'fir.array_coor',
  operands: [
    { name: 'memref', type: anyRefOrBox },
    { name: 'shape', arity: 'optional', type: anyShapeOrShift },
    { name: 'slice', arity: 'optional', type: sliceType },
    { name: 'indices', arity: 'variadic', type: variadic(coordinateType) },
    { name: 'typeparams', arity: 'variadic', type: variadic(anyIntegerType) },
  ],
  results: [{ name: 'res', type: refType }],
  format: '$memref (`(`$shape^`)`)? (`[`$slice^`]`)? $indices (`typeparams` $typeparams^)? ' +
    'attr-dict `:` functional-type(operands, results)',
  memoryEffects: noEffects,
  memorySource: offsetStep,
  verify: verifyArrayCoor,
});

// ---- shapes and slices --------------------------------------------------------------------

/** fir.shape / fir.shift / fir.shape_shift: `operands attr-dict : functional-type(operands, results)`. */
function shapeLike(mnemonic: 'shape' | 'shift' | 'shape_shift', group: string, result: TypeConstraint, per: number): OpSpec {
  const what = mnemonic === 'shift' ? 'shift' : 'shape';
  return defineOp({
    name: `fir.${mnemonic}`,
    operands: [{ name: group, arity: 'variadic', type: variadic(anyIntegerType) }],
    results: [{ name: 'res', type: result }],
    format: 'operands attr-dict `:` functional-type(operands, results)',
    memoryEffects: noEffects,
    verify(op) {
      const n = op.operands.length;
      if (per === 2) {
        if (n < 2 || n > 32) return 'incorrect number of args';
        if (n % 2) return 'requires a multiple of 2 args';
      }
      const t = op.result(0).type;
      if (isIntParam(t, 'shape') || isIntParam(t, 'shift') || isIntParam(t, 'shapeshift')) {
        if (t.param * per !== n) return `${what} type rank mismatch`;
      }
      return undefined;
    },
  });
}

const slice = defineOp({
  name: 'fir.slice',
  operands: [
    { name: 'triples', arity: 'variadic', type: variadic(anyIntegerType) },
    { name: 'fields', arity: 'variadic', type: variadic(componentType) },
    { name: 'substr', arity: 'variadic', type: variadic(anyIntegerType) },
  ],
  results: [{ name: 'res', type: sliceType }],
  format: '$triples (`path` $fields^)? (`substr` $substr^)? attr-dict `:` functional-type(operands, results)',
  memoryEffects: noEffects,
  verify(op) {
    const n = op.def!.operandGroupSize(op, 'triples');
    if (n < 3 || n > 48) return 'incorrect number of args for triple';
    if (n % 3) return 'requires a multiple of 3 args';
    const t = op.result(0).type;
    if (isIntParam(t, 'slice') && t.param * 3 !== n) return 'slice type rank mismatch';
    return undefined;
  },
});

export const firAddressOps: OpSpec[] = [
  fieldIndex, coordinateOf, arrayCoor,
  shapeLike('shape', 'extents', shapeType, 1), shapeLike('shift', 'origins', shiftType, 1),
  shapeLike('shape_shift', 'pairs', shapeShiftType, 2), slice,
];
