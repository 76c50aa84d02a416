/**
 * arith ops that are not plain same-type arithmetic: constant, cmpi/cmpf, select
 * and the casts. Verifiers follow MLIR's order: ODS predicates (type matching),
 * then traits (shapes, cast compatibility, Elementwise), then the op's own checks.
 */
import {
  DenseElementsAttr, FloatAttr, IndexType, IntegerAttr, IntegerType, MemRefType, NoneType, OpaqueAttr, RankedTensorType,
  StringAttr, Tok, UnrankedMemRefType, UnrankedTensorType, VectorType, defineOp,
  type Attribute, type Operation, type OpSpec, type Type, type TypeConstraint,
} from '@lifeline/ir';
import {
  CMPF_PREDICATES, CMPI_PREDICATES, ROUNDING_MODES, fastmathAttr, intEnumCheck, intEnumSyntax, noMemoryEffects,
} from './arith-attrs.js';
import {
  anyType, bitWidth, bitcastType, boolLike, compatibleShapes, elementOrSelf, floatLike, i1SameShape, indexCastType,
  isFloat, isI1, isSignlessInt, signlessFixedWidthIntegerLike, signlessIntegerLike, tensorDims, underlying,
  verifyElementwise,
} from './arith-types.js';

const operandTypes = (op: Operation): Type[] => op.operands.map((o) => o.value.type);
const resultTypes = (op: Operation): Type[] => op.results.map((r) => r.type);

// ---- constant -------------------------------------------------------------------------

/** The type of a TypedAttr; undefined for attributes without one. */
function typedAttrType(a: Attribute | undefined): Type | undefined {
  if (a instanceof IntegerAttr || a instanceof FloatAttr || a instanceof DenseElementsAttr) return a.type;
  if (a instanceof StringAttr) return a.type ?? NoneType.instance;
  if (a instanceof OpaqueAttr) return a.type;
  return undefined;
}

/** ElementsAttr: dense, dense_resource and sparse literals. */
function isElementsAttr(a: Attribute): boolean {
  return a instanceof DenseElementsAttr || (a instanceof OpaqueAttr && /^(dense_resource|sparse)</.test(a.text));
}

function isSplat(a: Attribute): boolean {
  if (!(a instanceof DenseElementsAttr)) return false;
  const body = a.printBody();
  return !body.startsWith('[') || a.leaves().length <= 1;
}

/** `%c42_i32`, `%c0` (index), `%true`/`%false`, `%cst` for everything else (ConstantOp::getAsmResultNames). */
function constantName(op: Operation): string {
  const v = op.getAttr('value');
  const t = op.results[0]?.type;
  if (!(v instanceof IntegerAttr)) return 'cst';
  if (t instanceof IntegerType && t.width === 1) return v.value ? 'true' : 'false';
  return `c${v.value}` + (t instanceof IntegerType ? `_${t}` : '');
}

export const constantOp = defineOp({
  name: 'arith.constant',
  summary: 'integer or floating point constant',
  results: [{
    name: 'result',
    infer: (c) => typedAttrType(c.attr('value')) ?? c.error("custom op 'arith.constant' invalid kind of attribute specified"),
  }],
  attributes: [{ name: 'value', check: (a) => (typedAttrType(a) ? undefined : 'TypedAttr instance') }],
  traits: ['ConstantLike', 'Pure'],
  format: 'attr-dict $value',
  memoryEffects: noMemoryEffects,
  constant: { value: (op) => op.getAttr('value')! },
  resultNames: (op) => [constantName(op)],
  verify(op) {
    const value = op.getAttr('value')!;
    const type = op.results[0]!.type;
    if (typedAttrType(value) !== type) return 'failed to verify that all of {value, result} have same type';
    if (type instanceof IntegerType && type.signedness !== 'signless') return 'integer return type must be signless';
    if (!(value instanceof IntegerAttr || value instanceof FloatAttr || isElementsAttr(value))) {
      return 'value must be an integer, float, or elements attribute';
    }
    if (type instanceof VectorType && type.scalableDims.some(Boolean) && !isSplat(value)) {
      // (sic) MLIR 19 misspells "initializing".
      return "intializing scalable vectors with elements attribute is not supported unless it's a vector splat";
    }
    return undefined;
  },
});

/**
 * muli of an index constant and `vector.vscale` is named `%c4_vscale`
 * (MulIOp::getAsmResultNames; vscale is matched by name, as MLIR does).
 */
export function mulIResultNames(op: Operation): (string | undefined)[] {
  if (!(op.results[0]?.type instanceof IndexType) || op.operands.length !== 2) return [];
  const constInt = (v: Operation['operands'][number]['value']): bigint | undefined => {
    const d = v.definingOp;
    const a = d?.def?.spec.constant?.value(d);
    return a instanceof IntegerAttr ? BigInt.asIntN(64, a.value) : undefined;
  };
  const isVscale = (v: Operation['operands'][number]['value']) => v.definingOp?.name === 'vector.vscale';
  const [l, r] = [op.operand(0), op.operand(1)];
  const base = constInt(l) !== undefined && isVscale(r) ? constInt(l) : constInt(r) !== undefined && isVscale(l) ? constInt(r) : undefined;
  return base === undefined ? [] : [`c${base}_vscale`];
}

// ---- comparisons --------------------------------------------------------------------

function compare(mnemonic: 'cmpi' | 'cmpf', type: TypeConstraint, cases: readonly string[]): OpSpec {
  const name = `arith.${mnemonic}`;
  const isF = mnemonic === 'cmpf';
  return defineOp({
    name,
    operands: [{ name: 'lhs', type }, { name: 'rhs', type, infer: (c) => c.type('lhs') }],
    // ODS's parser checks the type the result is derived from (TypesMatchWith) before deriving
    results: [{
      name: 'result', type: boolLike,
      infer: (c) => {
        const lhs = c.type('lhs');
        if (!type.accepts(lhs)) c.errorAtName(`custom op '${name}' 'lhs' must be ${type.description}, but got '${lhs}'`);
        return i1SameShape(lhs);
      },
    }],
    attributes: [
      { name: 'predicate', syntax: intEnumSyntax(cases, 64, { op: name, attr: 'predicate' }), check: intEnumCheck(cases, 64) },
      ...(isF ? [fastmathAttr(name)] : []),
    ],
    traits: ['Pure'],
    format: isF
      ? '$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)'
      : '$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)',
    memoryEffects: noMemoryEffects,
    verify(op) {
      const [lhs, rhs] = operandTypes(op);
      if (op.results[0]!.type !== i1SameShape(lhs!)) {
        return 'failed to verify that result type has i1 element type and same shape as operands';
      }
      if (lhs !== rhs) return 'requires all operands to have the same type';
      return verifyElementwise(operandTypes(op), resultTypes(op));
    },
  });
}

export const compareOps = [compare('cmpi', signlessIntegerLike, CMPI_PREDICATES), compare('cmpf', floatLike, CMPF_PREDICATES)];

// ---- select -----------------------------------------------------------------------

const isShaped = (t: Type): boolean => t instanceof VectorType || t instanceof RankedTensorType ||
  t instanceof UnrankedTensorType || t instanceof MemRefType || t instanceof UnrankedMemRefType;
const sameShape = (a: Type, b: Type): boolean => {
  const sa = (a as { shape?: readonly number[] }).shape;
  const sb = (b as { shape?: readonly number[] }).shape;
  return isShaped(a) && isShaped(b) && !!sa && !!sb && sa.join('x') === sb.join('x');
};

export const selectOp = defineOp({
  name: 'arith.select',
  operands: [{ name: 'condition', type: boolLike }, { name: 'true_value', type: anyType }, { name: 'false_value', type: anyType }],
  results: [{ name: 'result', type: anyType }],
  traits: ['Pure'],
  memoryEffects: noMemoryEffects,
  // Either value may be selected at runtime (BufferViewFlowOpInterface).
  bufferViewFlow: { dependencies: (op) => [[op.operand(1), op.result(0)], [op.operand(2), op.result(0)]] },
  // `%c, %a, %b : T` (i1 condition) or `%c, %a, %b : C, T` (a mask of the result's shape).
  parse(p, st) {
    const start = p.offset;
    const ops = p.parseOperandList();
    if (ops.length !== 3) p.error("custom op 'arith.select' expected 3 operands", start);
    p.parseOptionalAttrDict(st);
    let resultType = p.parseColonType();
    let condType: Type = IntegerType.get(1);
    if (p.consumeIf(Tok.Comma)) {
      condType = resultType;
      resultType = p.parseType();
    }
    st.types.push(resultType);
    st.operands = p.resolveOperands(ops, [condType, resultType, resultType], start);
  },
  print(op, p) {
    p.print(' ');
    p.printOperands(op.operandValues());
    p.printOptionalAttrDict(p.allAttrs(op));
    p.print(' : ');
    const cond = op.operand(0).type;
    if (isShaped(cond)) p.print(`${cond}, `);
    p.printType(op.results[0]!.type);
  },
  verify(op) {
    const [cond, tv, fv] = operandTypes(op);
    const res = op.results[0]!.type;
    if (tv !== fv || tv !== res) return 'failed to verify that all of {true_value, false_value, result} have same type';
    if (!isI1(cond!) && !sameShape(cond!, res)) return 'failed to verify that condition is signless i1 or has matching shape';
    const e = verifyElementwise(operandTypes(op), resultTypes(op));
    if (e) return e;
    if (isI1(cond!)) return undefined;
    if (!(res instanceof VectorType || res instanceof RankedTensorType || res instanceof UnrankedTensorType)) {
      return `expected condition to be a signless i1, but got ${cond}`;
    }
    const want = i1SameShape(res);
    if (cond !== want) return `expected condition type to have the same shape as the result type, expected ${want}, but got ${cond}`;
    return undefined;
  },
});

// ---- casts ----------------------------------------------------------------------------

const isInt = (t: Type) => t instanceof IntegerType;
const isIntOrIndex = (t: Type) => t instanceof IntegerType || t instanceof IndexType;

/** Width-changing casts (checkWidthChangeCast): both sides of `elt`, destination wider or narrower. */
function widthChange(elt: (t: Type) => boolean, wider: boolean) {
  return (src: Type, dst: Type): boolean => {
    const s = underlying(src, elt);
    const d = underlying(dst, elt);
    if (!s || !d) return false;
    return wider ? bitWidth(d)! > bitWidth(s)! : bitWidth(d)! < bitWidth(s)!;
  };
}

/** Int<->float casts (checkIntFloatCast). */
function intFloat(from: (t: Type) => boolean, to: (t: Type) => boolean) {
  return (src: Type, dst: Type): boolean => !!underlying(src, from) && !!underlying(dst, to);
}

/** index_cast(ui): index to signless integer or back, also between memrefs. */
function indexCompatible(src: Type, dst: Type): boolean {
  const s = underlying(src, isIntOrIndex, true);
  const d = underlying(dst, isIntOrIndex, true);
  if (!s || !d) return false;
  return (s instanceof IndexType && isSignlessInt(d)) || (isSignlessInt(s) && d instanceof IndexType);
}

/** bitcast: equal bit widths of integers or floats (index has no width). */
function bitcastCompatible(src: Type, dst: Type): boolean {
  const elt = (t: Type) => isIntOrIndex(t) || isFloat(t);
  const s = underlying(src, elt, true);
  const d = underlying(dst, elt, true);
  if (!s || !d) return false;
  const ws = bitWidth(s);
  return ws !== undefined && ws === bitWidth(d);
}

/** Tensors cast only to tensors of the same encoding (mlir-opt-19 rejects `"a"` to `"b"`, or to none). */
function sameEncoding(src: Type, dst: Type): boolean {
  const enc = (t: Type) => (t instanceof RankedTensorType ? t.encoding?.toString() : undefined);
  return enc(src) === enc(dst);
}

interface CastOptions {
  compatible: (src: Type, dst: Type) => boolean;
  /** verifyExtOp / verifyTruncateOp (reported as plain errors, like MLIR's emitError). */
  width?: 'wider' | 'shorter';
  attributes?: OpSpec['attributes'];
  format?: string;
}

function cast(mnemonic: string, from: TypeConstraint, to: TypeConstraint, o: CastOptions): OpSpec {
  return defineOp({
    name: `arith.${mnemonic}`,
    operands: [{ name: 'in', type: from }],
    results: [{ name: 'out', type: to }],
    attributes: o.attributes ?? [],
    traits: ['Pure'],
    format: o.format ?? '$in attr-dict `:` type($in) `to` type($out)',
    memoryEffects: noMemoryEffects,
    verify(op) {
      const src = op.operand(0).type;
      const dst = op.results[0]!.type;
      if (tensorDims(src) !== tensorDims(dst)) return 'failed to verify that input and output have the same tensor dimensions';
      if (!compatibleShapes([src, dst])) return 'requires the same shape for all operands and results';
      if (!o.compatible(src, dst) || !sameEncoding(src, dst)) {
        return `operand type '${src}' and result type '${dst}' are cast incompatible`;
      }
      const e = verifyElementwise([src], [dst]);
      if (e) return e;
      if (o.width) {
        const ws = bitWidth(elementOrSelf(src))!;
        const wd = bitWidth(elementOrSelf(dst))!;
        const bad = o.width === 'wider' ? ws >= wd : ws <= wd;
        if (bad) {
          return { error: `result type ${elementOrSelf(dst)} must be ${o.width} than operand type ${elementOrSelf(src)}` };
        }
      }
      return undefined;
    },
  });
}

const intLike = signlessFixedWidthIntegerLike;

export const castOps: OpSpec[] = [
  cast('extui', intLike, intLike, { compatible: widthChange(isInt, true), width: 'wider' }),
  cast('extsi', intLike, intLike, { compatible: widthChange(isInt, true), width: 'wider' }),
  cast('trunci', intLike, intLike, { compatible: widthChange(isInt, false), width: 'shorter' }),
  cast('extf', floatLike, floatLike, {
    compatible: widthChange(isFloat, true), width: 'wider',
    attributes: [fastmathAttr('arith.extf', true)],
    format: '$in (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)',
  }),
  cast('truncf', floatLike, floatLike, {
    compatible: widthChange(isFloat, false), width: 'shorter',
    attributes: [
      {
        name: 'roundingmode', optional: true, syntax: intEnumSyntax(ROUNDING_MODES, 32),
        check: intEnumCheck(ROUNDING_MODES, 32, 'Floating point rounding mode'),
      },
      fastmathAttr('arith.truncf', true),
    ],
    format: '$in ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)',
  }),
  cast('uitofp', intLike, floatLike, { compatible: intFloat(isInt, isFloat) }),
  cast('sitofp', intLike, floatLike, { compatible: intFloat(isInt, isFloat) }),
  cast('fptoui', floatLike, intLike, { compatible: intFloat(isFloat, isInt) }),
  cast('fptosi', floatLike, intLike, { compatible: intFloat(isFloat, isInt) }),
  cast('index_cast', indexCastType, indexCastType, { compatible: indexCompatible }),
  cast('index_castui', indexCastType, indexCastType, { compatible: indexCompatible }),
  cast('bitcast', bitcastType, bitcastType, { compatible: bitcastCompatible }),
];
