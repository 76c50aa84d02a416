/**
 * What the fir op definitions share: FIRTypes.td's type constraints (their descriptions are
 * what verifier messages quote), memory-effect helpers, and small type queries from
 * FIRType.h that the verifiers need.
 */
import {
  ComplexType, FloatType, FunctionType, IndexType, IntegerType, StringAttr, TupleType, TypeAttr, UnitAttr, VectorType,
  type Attribute, type MemoryEffect, type Type, type TypeConstraint, type Value,
} from '@lifeline/ir';
import {
  CharacterType, FirIntParamType, FirSimpleType, FirVectorType, FirWrapperType, RecordType, SequenceType, isBoxType,
  isRefLike, unwrapRefType, type IntParamKind, type WrapperKind,
} from './fir-types.js';

function constraint(description: string, accepts: (t: Type) => boolean): TypeConstraint {
  return { description, accepts };
}

/** The same constraint for the values of a variadic group (MLIR: "variadic of …"). */
export function variadic(c: TypeConstraint): TypeConstraint {
  return constraint(`variadic of ${c.description}`, c.accepts);
}

export const isWrapper = (t: Type, ...kinds: WrapperKind[]): t is FirWrapperType =>
  t instanceof FirWrapperType && kinds.includes(t.kind);
export const isIntParam = (t: Type, kind: IntParamKind): t is FirIntParamType =>
  t instanceof FirIntParamType && t.kind === kind;

/** AnyIntegerLike: signless/signed integers, index, `!fir.int<k>`. */
export const isIntegerLike = (t: Type): boolean =>
  (t instanceof IntegerType && t.signedness !== 'unsigned') || t instanceof IndexType || isIntParam(t, 'int');

export const refType = constraint('Reference to an entity type', (t) => isWrapper(t, 'ref'));
export const heapType = constraint('Reference to an ALLOCATABLE attribute type', (t) => isWrapper(t, 'heap'));
export const anyReferenceLike = constraint('any reference', isRefLike);
export const anyRefOrBox = constraint('any reference or box', (t) => isWrapper(t, 'ref', 'heap', 'ptr') || isBoxType(t));
export const anyBoxLike = constraint('any box', (t) => isBoxType(t) || isWrapper(t, 'boxproc') || isIntParam(t, 'boxchar'));
export const anyRefOrBoxLike = constraint('any reference or box like',
  (t) => isRefLike(t) || anyBoxLike.accepts(t) || t instanceof FunctionType);
export const boxOrClass = constraint('box or class', isBoxType);
export const classType = constraint('Class type', (t) => isWrapper(t, 'class'));
export const anyCodeOrDataRefLike = constraint('any code or data reference', (t) => isRefLike(t) || t instanceof FunctionType);
export const refOrLLVMPtr = constraint('fir.ref or fir.llvm_ptr', (t) => isWrapper(t, 'ref', 'llvm_ptr'));
export const anyAddressable = constraint('any addressable', (t) => isWrapper(t, 'ref') || t instanceof FunctionType);
export const anyShapeType = constraint('any legal shape type', (t) => isIntParam(t, 'shape') || isIntParam(t, 'shapeshift'));
export const anyShapeOrShift = constraint('any legal shape or shift type',
  (t) => isIntParam(t, 'shape') || isIntParam(t, 'shapeshift') || isIntParam(t, 'shift'));
export const shapeType = constraint('shape of a multidimensional array object', (t) => isIntParam(t, 'shape'));
export const shiftType = constraint('lower bounds of a multidimensional array object', (t) => isIntParam(t, 'shift'));
export const shapeShiftType = constraint('shape and origin of a multidimensional array object', (t) => isIntParam(t, 'shapeshift'));
export const sliceType = constraint('FIR slice', (t) => isIntParam(t, 'slice'));
export const dscopeType = constraint('Dummy scope type', (t) => t instanceof FirSimpleType && t.kind === 'dscope');
export const anyIntegerType = constraint('any integer', isIntegerLike);
export const coordinateType = constraint('coordinate type',
  (t) => (t instanceof IntegerType && t.signedness === 'signless') || t instanceof IndexType || isIntParam(t, 'int') ||
    (t instanceof FirSimpleType && (t.kind === 'field' || t.kind === 'len')));
export const componentType = constraint('coordinate type',
  (t) => (t instanceof FirSimpleType && (t.kind === 'field' || t.kind === 'len')) || t instanceof IntegerType || t instanceof IndexType);
export const boolLike = constraint('bool-like', (t) => t instanceof IntegerType && t.width === 1 && t.signedness === 'signless');
export const indexType = constraint('index', (t) => t instanceof IndexType);

// ---- memory effects ------------------------------------------------------------------------

export function effect(kind: MemoryEffect['kind'], value?: Value, resource?: string): MemoryEffect {
  const e: MemoryEffect = { kind };
  if (value) e.value = value;
  if (resource) e.resource = resource;
  return e;
}

/** NoMemoryEffect: the interface, with no effects. */
export const noEffects = (): MemoryEffect[] => [];

// ---- attribute checks ----------------------------------------------------------------------

export const strCheck = (a: Attribute): string | undefined => (a instanceof StringAttr ? undefined : 'string attribute');
export const unitCheck = (a: Attribute): string | undefined => (a instanceof UnitAttr ? undefined : 'unit attribute');
export const typeAttrCheck = (a: Attribute): string | undefined =>
  (a instanceof TypeAttr ? undefined : 'any type attribute');

// ---- type queries (FIRType.h) --------------------------------------------------------------

/** fir::dyn_cast_ptrOrBoxEleTy: the element type of an address or a box. */
export function ptrOrBoxEleTy(t: Type): Type | undefined {
  if (isRefLike(t)) return t.eleTy;
  // A descriptor's element is seen through its pointer/heap wrapper (fir::unwrapRefType).
  return isBoxType(t) ? unwrapRefType(t.eleTy) : undefined;
}

/** fir::unwrapAllRefAndSeqType-like: through references, boxes and arrays. */
export function unwrapSeqOrBox(t: Type): Type {
  for (;;) {
    if (t instanceof FirWrapperType && (isRefLike(t) || isBoxType(t))) t = t.eleTy;
    else if (t instanceof SequenceType) t = t.eleTy;
    else return t;
  }
}

/** The rank an array type has (0 for scalars, undefined for assumed rank `*`). */
export function seqRank(t: Type): number | undefined {
  return t instanceof SequenceType ? t.shape?.length : 0;
}

/** fir::isa_aggregate / complex / char string: what fir.coordinate_of may address into. */
export function isCoordinateBase(t: Type): boolean {
  return t instanceof SequenceType || t instanceof RecordType || t instanceof TupleType || t instanceof FirVectorType ||
    t instanceof ComplexType || isIntParam(t, 'complex') || t instanceof CharacterType || t instanceof VectorType;
}

export const isFloat = (t: Type): boolean => t instanceof FloatType || isIntParam(t, 'real');

/** fir::isa_unknown_size_box: a box of an assumed-rank array (through a pointer or heap address). */
export function unknownSizeBox(t: Type): boolean {
  if (!isBoxType(t)) return false;
  let e = t.eleTy;
  if (isRefLike(e)) e = e.eleTy;
  return e instanceof SequenceType && !e.shape;
}
