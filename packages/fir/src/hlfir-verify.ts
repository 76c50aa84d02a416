/**
 * Type rules of hlfir.declare and hlfir.designate (HLFIROps.cpp and HLFIRDialect.h, LLVM 19),
 * with their diagnostics' wording.
 */
import { ComplexType, DYNAMIC, FloatType, type Operation, type Type } from '@lifeline/ir';
import {
  CharacterType, FirIntParamType, FirWrapperType, RecordType, SequenceType, isBoxType, unwrapRefType,
} from './fir-types.js';
import { HlfirExprType } from './hlfir-types.js';

const isChar = (t: Type): t is CharacterType => t instanceof CharacterType;
const dynamicLenChar = (t: Type): boolean => isChar(t) && t.len === CharacterType.UNKNOWN_LEN;
const recordWithLenParams = (t: Type): boolean => t instanceof RecordType && t.lenParams.length > 0;
const isShapeKind = (t: Type | undefined, rank: number): boolean =>
  t instanceof FirIntParamType && (t.kind === 'shape' || t.kind === 'shapeshift') && t.param === rank;
const rankOf = (t: Type): number => (t instanceof SequenceType ? t.shape?.length ?? 0 : 0);
const unwrapSeq = (t: Type): Type => (t instanceof SequenceType ? t.eleTy : t);

/** fir::sequenceWithNonConstantShape: unknown rank or a `?` extent. */
function nonConstantShape(t: SequenceType): boolean {
  return !t.shape || t.shape.some((d) => d === DYNAMIC);
}

/** hlfir::DeclareOp::getHLFIRVariableType: the first result's type for a memref type. */
export function hlfirVariableType(input: Type, explicitLowerBounds: boolean): Type {
  const type = unwrapRefType(input);
  if (isBoxType(type)) return input;
  if (dynamicLenChar(type)) return FirIntParamType.get('boxchar', (type as CharacterType).fkind);
  const seq = type instanceof SequenceType ? type : undefined;
  const ele = seq ? seq.eleTy : type;
  if (explicitLowerBounds || (seq && nonConstantShape(seq)) || dynamicLenChar(ele) || recordWithLenParams(ele)) {
    return FirWrapperType.get('box', type);
  }
  return input;
}

/** hlfir::getFortranElementOrSequenceType */
function elementOrSequence(t: Type): Type {
  let type = unwrapRefType(t);
  // fir::unwrapPassByRefType: the element of an address, or of a descriptor (itself unwrapped).
  if (type instanceof FirWrapperType && (type.kind === 'ref' || type.kind === 'ptr' || type.kind === 'heap' || type.kind === 'llvm_ptr')) {
    type = type.eleTy;
  } else if (isBoxType(type)) {
    type = unwrapRefType(type.eleTy);
  }
  if (type instanceof HlfirExprType) return type.isScalar ? type.eleTy : SequenceType.get(type.shape, type.eleTy);
  if (type instanceof FirIntParamType && type.kind === 'boxchar') return CharacterType.get(type.param, CharacterType.UNKNOWN_LEN);
  return type;
}

/** hlfir::getFortranElementType */
export function fortranElementType(t: Type): Type {
  return unwrapSeq(elementOrSequence(t));
}

/** hlfir::isBoxAddressType */
const isBoxAddress = (t: Type): boolean => t instanceof FirWrapperType && unwrapRefType(t) !== t && isBoxType(unwrapRefType(t));

const complexElement = (t: Type): Type | undefined => {
  if (t instanceof ComplexType) return t.elementType;
  if (t instanceof FirIntParamType && t.kind === 'complex') return FirIntParamType.get('real', t.param);
  return undefined;
};

/** hlfir::DesignateOp::verify */
export function designateVerify(op: Operation): string | undefined {
  const def = op.def!;
  const baseType = elementOrSequence(op.operand(0).type);
  const baseElement = unwrapSeq(baseType);
  const tripletAttr = op.getAttr('is_triplet') as { values?: readonly number[] } | undefined;
  const triplets = tripletAttr?.values ?? [];
  const numSubscripts = triplets.length;
  const subscriptsRank = triplets.filter((t) => t).length;
  const component = op.getAttr('component') as { value?: string } | undefined;
  let outputRank = 0;
  let outputElement: Type;
  let hasBoxComponent = false;
  if (component?.value !== undefined) {
    if (!(baseElement instanceof RecordType)) return 'component must be provided only when the memref is a derived type';
    const fieldType = baseElement.fieldType(component.value);
    if (!fieldType) return `component "${component.value}" is not a component of memref element type '${baseElement}'`;
    const componentBase = elementOrSequence(fieldType);
    hasBoxComponent = isBoxType(fieldType);
    if (componentBase instanceof SequenceType && baseType instanceof SequenceType && (numSubscripts === 0 || subscriptsRank > 0)) {
      return 'indices must be provided and must not contain triplets when both memref and component are arrays';
    }
    if (numSubscripts !== 0) {
      if (!(componentBase instanceof SequenceType)) return 'indices must not be provided if component appears and is not an array component';
      const cshape = def.operandGroup(op, 'component_shape')[0];
      if (!cshape) return 'component_shape must be provided when indexing a component';
      const componentRank = rankOf(componentBase);
      if (!isShapeKind(cshape.type, componentRank)) return 'component_shape must be a fir.shape or fir.shapeshift with the rank of the component';
      if (numSubscripts > componentRank) return 'indices number must match array component rank';
    }
    if (baseType instanceof SequenceType) outputRank = rankOf(baseType);
    else if (numSubscripts !== 0) outputRank = subscriptsRank;
    else if (componentBase instanceof SequenceType) outputRank = rankOf(componentBase);
    outputElement = unwrapSeq(componentBase);
  } else {
    outputElement = baseElement;
    const baseRank = rankOf(baseType);
    if (numSubscripts !== 0) {
      if (baseRank !== numSubscripts) return 'indices number must match memref rank';
      outputRank = subscriptsRank;
    } else {
      outputRank = baseRank;
    }
  }
  const substring = def.operandGroupSize(op, 'substring');
  if (substring) {
    if (!isChar(outputElement)) return 'memref or component must have character type if substring indices are provided';
    if (substring !== 2) return 'substring must contain 2 indices when provided';
  }
  if (op.getAttr('complex_part')) {
    const e = complexElement(outputElement);
    if (!e) return 'memref or component must have complex type if complex_part is provided';
    outputElement = e;
  }
  const resultType = op.result(0).type;
  const resultBase = elementOrSequence(resultType);
  const resultRank = rankOf(resultBase);
  if (resultRank !== outputRank) return `result type rank is not consistent with operands, expected rank ${outputRank}`;
  const resultElement = unwrapSeq(resultBase);
  if (resultElement !== outputElement && !(isChar(resultElement) && isChar(outputElement))
    && !(resultElement instanceof FloatType && outputElement instanceof FirIntParamType && outputElement.kind === 'real')) {
    return `result element type is not consistent with operands, expected '${outputElement}'`;
  }
  if (isBoxAddress(resultType)) {
    if (!hasBoxComponent || numSubscripts !== 0 || substring || op.getAttr('complex_part')) {
      return 'result type must only be a box address type if it designates a component that is a fir.box or fir.class and if there are no indices, substrings, and complex part';
    }
    return undefined;
  }
  const shape = def.operandGroup(op, 'shape')[0];
  if ((resultRank === 0) !== !shape) return 'shape must be provided if and only if the result is an array that is not a box address';
  if (resultRank !== 0 && !isShapeKind(shape!.type, resultRank)) return 'shape must be a fir.shape or fir.shapeshift with the rank of the result';
  const lens = def.operandGroupSize(op, 'typeparams');
  if (isChar(outputElement)) {
    if (lens !== 1) return 'must be provided one length parameter when the result is a character';
  } else if (recordWithLenParams(outputElement)) {
    if (lens !== (outputElement as RecordType).lenParams.length) {
      return 'must be provided the same number of length parameters as in the result derived type';
    }
  } else if (lens !== 0) {
    return 'must not be provided length parameters if the result type does not have length parameters';
  }
  return undefined;
}

/**
 * fir::FortranVariableOpInterface::verifyDeclareLikeOpImpl (FortranVariableInterface.cpp):
 * type parameters and shape against the declared entity (`base`, the first result).
 */
export function declareLikeVerify(op: Operation, base: Type): string | undefined {
  const def = op.def!;
  const memType = op.operand(0).type;
  const numTypeParams = def.operandGroupSize(op, 'typeparams');
  const boxValue = isBoxType(memType);
  const boxAddress = isBoxAddress(memType);
  const sourceIsBox = boxValue || boxAddress;
  const eleOrSeq = elementOrSequence(base);
  const ele = unwrapSeq(eleOrSeq);
  if (isChar(ele)) {
    if (numTypeParams > 1) return 'of character entity must have at most one length parameter';
    if (numTypeParams === 0 && !sourceIsBox) return 'must be provided exactly one type parameter when its base is a character that is not a box';
  } else if (ele instanceof RecordType) {
    if (numTypeParams < ele.lenParams.length && !sourceIsBox) return 'must be provided all the derived type length parameters when the base is not a box';
    if (numTypeParams > ele.lenParams.length) return 'has too many length parameters';
  } else if (numTypeParams !== 0) {
    return 'of numeric, logical, or assumed type entity must not have length parameters';
  }
  if (!(eleOrSeq instanceof SequenceType)) return undefined;
  const rawAddress = 'of array entity with a raw address base must have a shape operand that is a shape or shapeshift';
  const shape = def.operandGroup(op, 'shape')[0];
  if (!shape) return sourceIsBox ? undefined : rawAddress;
  if (boxAddress) return 'for box address must not have a shape operand';
  const st = shape.type;
  // A fir.shift on a raw address is reported (flang emits the error and goes on).
  if (!(st instanceof FirIntParamType && (st.kind === 'shape' || st.kind === 'shapeshift')) && !boxValue) return rawAddress;
  const shapeRank = st instanceof FirIntParamType ? st.param : -1;
  if (!eleOrSeq.shape || eleOrSeq.shape.length !== shapeRank) return 'has conflicting shape and base operand ranks';
  return undefined;
}
