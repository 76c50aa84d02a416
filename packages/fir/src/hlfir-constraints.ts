/**
 * The ODS type constraints of the hlfir ops (HLFIROpBase.td, FIRTypes.td, LLVM 19), with the
 * descriptions the generated verifiers print ("operand #0 must be any HLFIR variable type").
 */
import { ComplexType, FloatType, FunctionType, IndexType, IntegerType, type Type, type TypeConstraint } from '@lifeline/ir';
import {
  CharacterType, FirIntParamType, FirVectorType, FirWrapperType, RecordType, SequenceType, isBoxType, isRefLike,
  unwrapRefType,
} from './fir-types.js';
import { HlfirExprType } from './hlfir-types.js';

const kind = (t: Type, ...kinds: string[]): boolean =>
  (t instanceof FirWrapperType || t instanceof FirIntParamType) && kinds.includes(t.kind);

/** fir::hasDynamicSize */
function dynamicSize(t: Type): boolean {
  if (t instanceof SequenceType) {
    if (!t.shape || t.shape.some((d) => d < 0)) return true;
    t = t.eleTy;
  }
  if (t instanceof CharacterType) return t.len === CharacterType.UNKNOWN_LEN;
  if (t instanceof RecordType) return recordDynamicSize(t);
  return false;
}
function recordDynamicSize(r: RecordType): boolean {
  for (const [, f] of r.fields ?? []) {
    if (f instanceof SequenceType ? !f.shape || f.shape.some((d) => d < 0) : dynamicSize(f)) return true;
  }
  return false;
}

/** hlfir::isFortranVariableType */
export function isFortranVariableType(t: Type): boolean {
  if (kind(t, 'ref', 'ptr', 'heap')) {
    const ele = (t as FirWrapperType).eleTy;
    return isBoxType(ele) || !dynamicSize(ele);
  }
  return isBoxType(t) || kind(t, 'boxchar') || t instanceof FirVectorType;
}

const isInteger = (t: Type): boolean =>
  (t instanceof IntegerType && t.signedness !== 'unsigned') || t instanceof IndexType || kind(t, 'int');

/** AnyFortranValue: logical, integer, real or complex like, or an hlfir.expr. */
function isFortranValue(t: Type): boolean {
  return t === IntegerType.get(1) || kind(t, 'logical', 'real', 'complex') || isInteger(t) || t instanceof FloatType
    || t instanceof ComplexType || t instanceof HlfirExprType;
}

const c = (description: string, accepts: (t: Type) => boolean): TypeConstraint => ({ description, accepts });

export const FORTRAN_VARIABLE = c('any HLFIR variable type', isFortranVariableType);
export const FORTRAN_VALUE = c('any Fortran value type', isFortranValue);
export const FORTRAN_ENTITY = c('any Fortran value or variable type', (t) => isFortranVariableType(t) || isFortranValue(t));
export const REF_OR_BOX = c('any reference or box', (t) => kind(t, 'ref', 'heap', 'ptr') || isBoxType(t));
export const REF_OR_BOX_LIKE = c('any reference or box like',
  (t) => isRefLike(t) || isBoxType(t) || kind(t, 'boxchar', 'boxproc') || t instanceof FunctionType);
export const SHAPE_OR_SHIFT = c('any legal shape or shift type', (t) => kind(t, 'shape', 'shapeshift', 'shift'));
export const SHAPE = c('any legal shape type', (t) => kind(t, 'shape', 'shapeshift'));
export const INTEGERS = c('variadic of any integer', isInteger);
export const DUMMY_SCOPE = c('Dummy scope type', (t) => String(t) === '!fir.dscope');
export const I1 = c('1-bit signless integer', (t) => t === IntegerType.get(1));
export const EXPR = c('The type of an array, character, or derived type Fortran expression', (t) => t instanceof HlfirExprType);
/** fir::isPolymorphicType: CLASS(T), CLASS(*) (also behind an address), or an assumed type. */
export const POLYMORPHIC = c('any polymorphic object', (t) => kind(unwrapRefType(t), 'class')
  || (isBoxType(unwrapRefType(t)) && String((unwrapRefType(t) as FirWrapperType).eleTy) === 'none'));
