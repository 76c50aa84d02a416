/**
 * fir ops on descriptors (LLVM 19 FIROps.td): fir.box_addr, fir.embox (shape, slice,
 * typeparams, source_box, map), fir.rebox, fir.box_dims, fir.box_offset. All are
 * NoMemoryEffect. For alias analysis box_addr is the address a box describes (no offset),
 * and embox/rebox build a box around their first operand.
 */
import { FloatType, IntegerAttr, NoneType, defineOp, index, type OpSpec, type Operation, type Type } from '@lifeline/ir';
import { boxFieldCheck, boxFieldSyntax } from './fir-attrs.js';
import {
  anyBoxLike, anyCodeOrDataRefLike, anyIntegerType, anyReferenceLike, anyShapeOrShift, anyShapeType, boxOrClass,
  classType, indexType, isIntParam, isWrapper, noEffects, refOrLLVMPtr, sliceType, unknownSizeBox, variadic,
} from './fir-op-utils.js';
import { CharacterType, RecordType, SequenceType, isBoxType, isRefLike, ptrEleTy } from './fir-types.js';

const boxStep = { step: (op: Operation) => ({ kind: 'box' as const, source: op.operand(0) }) };

const boxAddr = defineOp({
  name: 'fir.box_addr',
  operands: [{ name: 'val', type: anyBoxLike }],
  results: [{ name: 'res', type: anyCodeOrDataRefLike }],
  format: 'operands attr-dict `:` functional-type(operands, results)',
  memoryEffects: noEffects,
  memorySource: { step: (op) => ({ kind: 'address', source: op.operand(0), offset: false }) },
});

/** EmboxOp::verify. */
function verifyEmbox(op: Operation): string | undefined {
  const def = op.def!;
  let ele = ptrEleTy(op.operand(0).type);
  let isArray = false;
  if (ele instanceof SequenceType) {
    ele = ele.eleTy;
    isArray = true;
  }
  const params = def.operandGroup(op, 'typeparams');
  if (params.length) {
    if (ele instanceof RecordType) {
      if (params.length !== ele.lenParams.length) return 'number of LEN params does not correspond to the !fir.type type';
    } else if (ele instanceof CharacterType) {
      if (ele.len !== CharacterType.UNKNOWN_LEN) return 'CHARACTER already has static LEN';
    } else {
      return 'LEN parameters require CHARACTER or derived type';
    }
  }
  if (def.operandGroupSize(op, 'shape') && !isArray) return 'shape must not be provided for a scalar';
  if (def.operandGroupSize(op, 'slice') && !isArray) return 'slice must not be provided for a scalar';
  if (def.operandGroupSize(op, 'sourceBox') && !isWrapper(op.result(0).type, 'class')) {
    return 'source_box must be used with fir.class result type';
  }
  return undefined;
}

const embox = defineOp({
  name: 'fir.embox',
  operands: [
    { name: 'memref', type: anyReferenceLike },
    { name: 'shape', arity: 'optional', type: anyShapeType },
    { name: 'slice', arity: 'optional', type: sliceType },
    { name: 'typeparams', arity: 'variadic', type: variadic(anyIntegerType) },
    { name: 'sourceBox', arity: 'optional', type: classType },
  ],
  results: [{ name: 'res', type: boxOrClass }],
  attributes: [{ name: 'accessMap', optional: true }],
  format: '$memref (`(` $shape^ `)`)? (`[` $slice^ `]`)? (`typeparams` $typeparams^)? (`source_box` $sourceBox^)? ' +
    '(`map` $accessMap^)? attr-dict `:` functional-type(operands, results)',
  memoryEffects: noEffects,
  memorySource: boxStep,
  verify: verifyEmbox,
});

/** The array element type and rank a box describes (getBoxScalarEleTy / getBoxRank). */
function boxArray(t: Type): { rank: number; ele: Type } {
  let e = isBoxType(t) ? t.eleTy : t;
  if (isRefLike(e)) e = e.eleTy;
  return e instanceof SequenceType ? { rank: e.shape?.length ?? 0, ele: e.eleTy } : { rank: 0, ele: e };
}

const isComplex = (t: Type): boolean => isIntParam(t, 'complex') || t.toString().startsWith('complex<');

/** ReboxOp::verify. */
function verifyRebox(op: Operation): string | undefined {
  const def = op.def!;
  const inTy = op.operand(0).type;
  if (unknownSizeBox(inTy)) return 'box operand must not have unknown rank or type';
  const outTy = op.result(0).type;
  if (unknownSizeBox(outTy)) return 'result type must not have unknown rank or type';
  const input = boxArray(inTy);
  const out = boxArray(outTy);
  const shape = def.operandGroup(op, 'shape')[0];
  const slice = def.operandGroup(op, 'slice')[0];
  const rankOf = (t: Type): number => (isIntParam(t, 'shape') || isIntParam(t, 'shift') || isIntParam(t, 'shapeshift') || isIntParam(t, 'slice') ? t.param : 0);
  if (slice) {
    if (rankOf(slice.type) !== input.rank) return 'slice operand rank must match box operand rank';
    if (shape) {
      if (!isIntParam(shape.type, 'shift')) return 'shape operand must absent or be a fir.shift when there is a slice';
      if (rankOf(shape.type) !== input.rank) return 'shape operand and input box ranks must match when there is a slice';
    }
    const sl = slice.definingOp;
    if (sl?.name === 'fir.slice') {
      // SliceOp::getOutputRank: triples whose upper bound is not a fir.undefined.
      const triples = sl.def!.operandGroup(sl, 'triples');
      let rank = 0;
      for (let i = 1; i < triples.length; i += 3) if (triples[i]!.definingOp?.name !== 'fir.undefined') rank++;
      if (rank !== out.rank) return 'result type rank and rank after applying slice operand must match';
    }
  } else {
    let rank = input.rank;
    if (shape) {
      rank = rankOf(shape.type);
      if (isIntParam(shape.type, 'shift') && rank !== input.rank) {
        return 'shape operand and input box ranks must match when the shape is a fir.shift';
      }
    }
    if (rank !== out.rank) return 'result type and shape operand ranks must match';
  }
  const [a, b] = [input.ele, out.ele];
  if (a !== b) {
    const chars = a instanceof CharacterType && b instanceof CharacterType && a.fkind === b.fkind &&
      (a.len === CharacterType.UNKNOWN_LEN || b.len === CharacterType.UNKNOWN_LEN || a.len === b.len);
    const ok = a instanceof RecordType || b instanceof NoneType || (a instanceof NoneType && b instanceof RecordType) ||
      (!!slice && a instanceof CharacterType) || (!!slice && isComplex(a) && b instanceof FloatType) || chars;
    if (!ok) return 'op input and output element types must match for intrinsic types';
  }
  return undefined;
}

const rebox = defineOp({
  name: 'fir.rebox',
  operands: [
    { name: 'box', type: boxOrClass },
    { name: 'shape', arity: 'optional', type: anyShapeOrShift },
    { name: 'slice', arity: 'optional', type: sliceType },
  ],
  results: [{ name: 'res', type: boxOrClass }],
  format: '$box (`(` $shape^ `)`)? (`[` $slice^ `]`)? attr-dict `:` functional-type(operands, results)',
  memoryEffects: noEffects,
  memorySource: boxStep,
  verify: verifyRebox,
});

const boxDims = defineOp({
  name: 'fir.box_dims',
  operands: [{ name: 'val', type: boxOrClass }, { name: 'dim', type: anyIntegerType }],
  results: [
    { name: 'lbound', type: indexType, infer: () => index },
    { name: 'extent', type: indexType, infer: () => index },
    { name: 'stride', type: indexType, infer: () => index },
  ],
  format: '$val `,` $dim attr-dict `:` functional-type(operands, results)',
  memoryEffects: noEffects,
});

/** fir::boxHasAddendum: derived types and unlimited polymorphic entities carry a type descriptor. */
function boxHasAddendum(t: Type): boolean {
  const e = boxArray(t).ele;
  return e instanceof RecordType || (isWrapper(t, 'class') && e instanceof NoneType);
}

const boxOffset = defineOp({
  name: 'fir.box_offset',
  operands: [{ name: 'box_ref', type: anyReferenceLike }],
  results: [{ name: 'res', type: refOrLLVMPtr }],
  attributes: [{ name: 'field', syntax: boxFieldSyntax, check: boxFieldCheck }],
  format: '$box_ref $field attr-dict `:` functional-type(operands, results)',
  memoryEffects: noEffects,
  verify(op) {
    const box = ptrEleTy(op.operand(0).type);
    if (!box || !isBoxType(box)) return 'box_ref operand must have !fir.ref<!fir.box<T>> type';
    const field = op.getAttr('field');
    if (field instanceof IntegerAttr && field.value === 1n && !boxHasAddendum(box)) {
      return 'can only address derived_type field of derived type or unlimited polymorphic fir.box';
    }
    return undefined;
  },
});

export const firBoxOps: OpSpec[] = [boxAddr, embox, rebox, boxDims, boxOffset];
