/**
 * fir ops for memory (LLVM 19 FIROps.td): allocation, load/store, globals, conversions,
 * variable declarations and the value-less constants, with fir-opt-19's custom syntax.
 * Addresses (coordinate_of, array_coor, shapes, slices) are in fir-address.ts, descriptors
 * (embox, rebox, box_*) in fir-box.ts; `firMemoryOps` collects all three.
 *
 * Memory effects are exactly FIROps.td's:
 *   fir.alloca    MemoryEffects<[MemAlloc<AutomaticAllocationScopeResource>]>  (no value)
 *   fir.allocmem  MemoryEffects<[MemAlloc<DefaultResource>]>                    (no value)
 *   fir.freemem   MemoryEffects<[MemFree]> + Arg<…, [MemFree]>:$heapref         (op, then operand)
 *   fir.load      Arg<…, [MemRead]>:$memref;  fir.store  Arg<…, [MemWrite]>:$memref
 *   fir.declare, fir.dummy_scope  MemoryEffects<[MemWrite<DebuggingResource>]> (no value)
 *   NoMemoryEffect: address_of, convert, undefined, zero_bits, absent, is_present
 *   none declared (unknown effects): fir.global, fir.has_value
 * The `memorySource` steps mirror flang 19's AliasAnalysis::getSource (see opdef.ts).
 */
import {
  FunctionType, IndexType, IntegerType, MemRefType, NoneType, Operation, StringAttr, SymbolRefAttr, Tok, TypeAttr, UnitAttr,
  defineOp, index, symbolRefSyntax,
  type Attribute, type OpParser, type OpPrinter, type OpSpec, type OperationState, type Type, type UnresolvedOperand,
} from '@lifeline/ir';
import { fortranAttrNames, varAttrsCheck } from './fir-attrs.js';
import { firAddressOps } from './fir-address.js';
import { firBoxOps } from './fir-box.js';
import {
  anyAddressable, anyIntegerType, anyRefOrBox, anyRefOrBoxLike, anyReferenceLike, anyShapeOrShift, boolLike, dscopeType,
  effect, heapType, isFloat, unknownSizeBox, isIntParam, isWrapper, noEffects, refType, strCheck, typeAttrCheck, unitCheck, variadic,
} from './fir-op-utils.js';
import {
  CharacterType, FirVectorType, FirWrapperType, RecordType, SequenceType, isBoxType, isRefLike, ptrEleTy, unwrapRefType,
} from './fir-types.js';

// ---- fir.alloca / fir.allocmem -------------------------------------------------------------

/** FIR forbids references to references (alloca) and heap references to addresses or code (allocmem). */
function wrapAllocated(kind: 'ref' | 'heap', t: Type): Type | undefined {
  if (kind === 'ref') return isWrapper(t, 'ref') ? undefined : FirWrapperType.get('ref', t);
  if (isWrapper(t, 'ref', 'heap', 'ptr') || t instanceof FunctionType) return undefined;
  return FirWrapperType.get('heap', t);
}

/** verifyInType: arrays need one shape operand per `?` extent; unknown rank is incomplete. */
function incompleteType(t: Type, visited: string[], dynamicExtents: number): boolean {
  if (t instanceof SequenceType) {
    if (!t.shape) return true;
    for (const d of t.shape) {
      if (d >= 0) continue;
      if (dynamicExtents-- === 0) return true;
    }
  } else if (t instanceof RecordType) {
    if (visited.includes(t.name)) return false;
    visited.push(t.name);
    for (const [, f] of t.fields ?? []) if (incompleteType(f, visited, 0)) return true;
    visited.pop();
  }
  return false;
}

/** verifyTypeParamCount: LEN parameters must match the record's, or one for `!fir.char<k,?>`. */
function badTypeParamCount(t: Type, n: number): boolean {
  const ty = t instanceof SequenceType ? t.eleTy : t;
  if (n > 0) {
    if (ty instanceof RecordType) return n !== ty.lenParams.length;
    if (ty instanceof CharacterType) return !(n === 1 && ty.len === CharacterType.UNKNOWN_LEN);
    return true;
  }
  return ty instanceof CharacterType && ty.len === CharacterType.UNKNOWN_LEN;
}

/** `T (typeparams : types)? (, shape)* attr-dict` (parseAllocatableOp). */
function parseAllocatable(kind: 'ref' | 'heap', p: OpParser, st: OperationState): void {
  const inType = p.parseType();
  st.addAttr('in_type', new TypeAttr(inType));
  let params: UnresolvedOperand[] = [];
  let paramTypes: Type[] = [];
  if (p.consumeIf(Tok.LParen)) {
    params = p.parseOperandList();
    paramTypes = p.parseColonTypeList();
    p.expect(Tok.RParen, "expected ')'");
  }
  const shape = p.consumeIf(Tok.Comma) ? p.parseOperandList() : [];
  const all = [...params, ...shape];
  if (all.length) st.operands.push(...p.resolveOperands(all, [...paramTypes, ...shape.map(() => index)], st.nameOffset));
  const result = wrapAllocated(kind, inType);
  if (!result) return p.error(`custom op '${st.name}' invalid allocate type: '${inType}'`, st.nameOffset);
  p.setSegmentSizes(st, [params.length, shape.length]);
  p.parseOptionalAttrDict(st);
  st.types.push(result);
}

function printAllocatable(op: Operation, p: OpPrinter): void {
  const [nParams] = op.def!.operandGroupSizes(op) as [number, number];
  p.print(` ${(op.getAttr('in_type') as TypeAttr).value}`);
  const params = op.operands.slice(0, nParams).map((o) => o.value);
  if (params.length) {
    p.print('(');
    p.printOperands(params);
    p.print(` : ${params.map((v) => v.type).join(', ')})`);
  }
  for (const o of op.operands.slice(nParams)) {
    p.print(', ');
    p.printValue(o.value);
  }
  p.printOptionalAttrDict(p.allAttrs(op), ['in_type', 'operandSegmentSizes']);
}

function allocatable(kind: 'ref' | 'heap'): OpSpec {
  const alloca = kind === 'ref';
  return defineOp({
    name: alloca ? 'fir.alloca' : 'fir.allocmem',
    operands: [
      { name: 'typeparams', arity: 'variadic', type: variadic(anyIntegerType) },
      { name: 'shape', arity: 'variadic', type: variadic(anyIntegerType) },
    ],
    results: [{ name: 'res', type: alloca ? refType : heapType }],
    attributes: [
      { name: 'in_type', check: typeAttrCheck },
      { name: 'uniq_name', optional: true, check: strCheck },
      { name: 'bindc_name', optional: true, check: strCheck },
      ...(alloca ? [{ name: 'pinned', optional: true, check: unitCheck }] : []),
    ],
    parse: (p, st) => parseAllocatable(kind, p, st),
    print: printAllocatable,
    // No value: the effect is on the op (MemoryEffects<[MemAlloc<…>]>), not on the result.
    memoryEffects: () => [alloca ? effect('allocate', undefined, 'AutomaticAllocationScope') : effect('allocate')],
    memorySource: { step: () => ({ kind: 'allocate' }) },
    verify(op) {
      const inType = (op.getAttr('in_type') as TypeAttr).value;
      const [nParams, nShape] = op.def!.operandGroupSizes(op) as [number, number];
      if (incompleteType(inType, [], nShape)) return 'invalid type for allocation';
      if (badTypeParamCount(inType, nParams)) return 'LEN params do not correspond to type';
      const out = op.result(0).type;
      if (!alloca && isBoxType(ptrEleTy(out)!) && unknownSizeBox(ptrEleTy(out)!)) {
        return 'cannot allocate !fir.box of unknown rank or type';
      }
      return undefined;
    },
  });
}

// ---- fir.freemem / fir.load / fir.store ----------------------------------------------------

const freemem = defineOp({
  name: 'fir.freemem',
  operands: [{ name: 'heapref', type: heapType }],
  format: '$heapref attr-dict `:` qualified(type($heapref))',
  // The op-wide MemFree, then the operand's (FreeMemOp::getEffects order).
  memoryEffects: (op) => [effect('free'), effect('free', op.operand(0))],
});

const load = defineOp({
  name: 'fir.load',
  operands: [{ name: 'memref', type: anyReferenceLike }],
  results: [{ name: 'res' }],
  attributes: [{ name: 'tbaa', optional: true }],
  parse(p, st) {
    const u = p.parseOperand();
    p.parseOptionalAttrDict(st);
    const at = p.offset;
    const t = p.parseColonType();
    st.operands.push(p.resolveOperand(u, t));
    const ele = ptrEleTy(t);
    // fir-opt-19 fails here without a message (LoadOp::getElementOf); we say why.
    if (!ele) return p.error(`custom op 'fir.load' expected a reference type, got '${t}'`, at);
    st.types.push(ele);
  },
  print(op, p) {
    p.print(' ');
    p.printValue(op.operand(0));
    p.printOptionalAttrDict(p.allAttrs(op));
    p.print(` : ${op.operand(0).type}`);
  },
  memoryEffects: (op) => [effect('read', op.operand(0))],
  memorySource: { step: (op) => ({ kind: 'load', memref: op.operand(0) }) },
});

const store = defineOp({
  name: 'fir.store',
  operands: [{ name: 'value' }, { name: 'memref', type: anyReferenceLike }],
  attributes: [{ name: 'tbaa', optional: true }],
  parse(p, st) {
    const v = p.parseOperand();
    p.parseKeyword('to', "custom op 'fir.store' ");
    const m = p.parseOperand();
    p.parseOptionalAttrDict(st);
    const at = p.offset;
    const t = p.parseColonType();
    const ele = ptrEleTy(t);
    if (!ele) return p.error(`custom op 'fir.store' expected a reference type, got '${t}'`, at);
    st.operands.push(p.resolveOperand(v, ele), p.resolveOperand(m, t));
  },
  print(op, p) {
    p.print(' ');
    p.printValue(op.operand(0));
    p.print(' to ');
    p.printValue(op.operand(1));
    p.printOptionalAttrDict(p.allAttrs(op));
    p.print(` : ${op.operand(1).type}`);
  },
  memoryEffects: (op) => [effect('write', op.operand(1))],
  verify: (op) => (op.operand(0).type !== ptrEleTy(op.operand(1).type) ? 'store value type must match memory reference type' : undefined),
});

// ---- globals -------------------------------------------------------------------------------

const LINKAGES = ['common', 'internal', 'linkonce', 'linkonce_odr', 'weak'];
const GLOBAL_SYNTAX_ATTRS = ['sym_name', 'symref', 'type', 'constant', 'target', 'linkName', 'initVal'];

const global = defineOp({
  name: 'fir.global',
  attributes: [
    { name: 'sym_name', check: strCheck },
    { name: 'symref', check: (a) => (a instanceof SymbolRefAttr ? undefined : 'symbol reference attribute') },
    { name: 'type', check: typeAttrCheck },
    { name: 'initVal', optional: true },
    { name: 'constant', optional: true, check: unitCheck },
    { name: 'target', optional: true, check: unitCheck },
    { name: 'linkName', optional: true, check: strCheck },
    { name: 'data_attr', optional: true },
    { name: 'alignment', optional: true },
  ],
  regions: [{ name: 'region' }],
  traits: ['IsolatedFromAbove', 'Symbol'],
  parse(p, st) {
    if (p.tok === Tok.BareId) {
      const at = p.offset;
      const linkage = p.spelling;
      p.consume();
      if (!LINKAGES.includes(linkage)) p.error(`custom op 'fir.global' invalid linkage '${linkage}'`, at);
      st.addAttr('linkName', new StringAttr(linkage));
    }
    if (p.tok !== Tok.AtId) p.error("expected attribute value");
    const ref = p.parseSymbolRef();
    st.addAttr('symref', ref);
    st.addAttr('sym_name', new StringAttr(ref.root));
    let simple = false;
    if (p.consumeIf(Tok.LParen)) {
      st.addAttr('initVal', p.parseAttribute());
      p.expect(Tok.RParen, "expected ')'");
      simple = true;
    }
    p.parseOptionalAttrDict(st);
    if (p.parseOptionalKeyword('constant')) st.addAttr('constant', UnitAttr.instance);
    if (p.parseOptionalKeyword('target')) st.addAttr('target', UnitAttr.instance);
    st.addAttr('type', new TypeAttr(p.parseColonType()));
    if (simple || !p.atRegion()) st.addRegion();
    else st.addRegion(p.parseOpRegion(st));
  },
  print(op, p) {
    const link = op.getAttr('linkName');
    if (link instanceof StringAttr) p.print(` ${link.value}`);
    p.print(' ');
    p.printAttribute(op.getAttr('symref')!);
    const init = op.getAttr('initVal');
    if (init) p.print(`(${init})`);
    p.printOptionalAttrDict(p.allAttrs(op), GLOBAL_SYNTAX_ATTRS);
    if (op.getAttr('constant')) p.print(' constant');
    if (op.getAttr('target')) p.print(' target');
    p.print(` : ${(op.getAttr('type') as TypeAttr).value}`);
    const body = op.regions[0];
    if (body && body.blocks.length && body.blocks[0]!.first?.name !== 'fir.end') {
      p.print(' ');
      p.printRegion(body, { printEntryBlockArgs: false, printBlockTerminators: true });
    }
  },
  verify(op) {
    if ((op.regions[0]?.blocks.length ?? 0) > 1) return "region #0 ('region') failed to verify constraint: region with 1 blocks";
    return undefined;
  },
});

const hasValue = defineOp({
  name: 'fir.has_value',
  operands: [{ name: 'resval' }],
  traits: ['Terminator', 'HasParent'],
  parents: ['fir.global'],
  format: '$resval attr-dict `:` type($resval)',
});

const addressOf = defineOp({
  name: 'fir.address_of',
  results: [{ name: 'resTy', type: anyAddressable }],
  attributes: [{ name: 'symbol', syntax: symbolRefSyntax, check: (a) => (a instanceof SymbolRefAttr ? undefined : 'symbol reference attribute') }],
  format: '`(` $symbol `)` attr-dict `:` type($resTy)',
  memoryEffects: noEffects,
  memorySource: { step: (op) => ({ kind: 'global', symbol: op.getAttr('symbol')! }) },
});

// ---- fir.convert -----------------------------------------------------------------------------

const isInteger = (t: Type): boolean => t instanceof IntegerType || t instanceof IndexType || isIntParam(t, 'int');
const isIntegerCompatible = (t: Type): boolean => isInteger(t) || isIntParam(t, 'logical');
const isPointerCompatible = (t: Type): boolean =>
  isRefLike(t) || t instanceof MemRefType || t instanceof FunctionType || isWrapper(t, 'tdesc');
const isComplex = (t: Type): boolean => isIntParam(t, 'complex') || t.toString().startsWith('complex<');
const isPolymorphic = (t: Type): boolean => {
  const u = unwrapRefType(t);
  if (isWrapper(u, 'class')) return true;
  // Assumed type TYPE(*): a box (or ref) of none, possibly an array of none.
  const inner = isBoxType(u) || isRefLike(u) ? u.eleTy : undefined;
  return !!inner && (inner instanceof NoneType || (inner instanceof SequenceType && inner.eleTy instanceof NoneType));
};
const isBoxedRecord = (t: Type): boolean => {
  const u = ptrEleTy(t) ?? t;
  if (!isWrapper(u, 'box')) return false;
  let e = u.eleTy;
  if (isWrapper(e, 'ptr', 'heap')) e = e.eleTy;
  if (e instanceof SequenceType) e = e.eleTy;
  return e instanceof RecordType;
};

/** ConvertOp::canBeConverted (vectors: fir.vector <-> vector of the same length). */
function canBeConverted(a: Type, b: Type): boolean {
  if (a === b) return true;
  return (isPointerCompatible(a) && isPointerCompatible(b)) || (isIntegerCompatible(a) && isIntegerCompatible(b)) ||
    (isInteger(a) && isFloat(b)) || (isFloat(a) && isInteger(b)) || (isFloat(a) && isFloat(b)) ||
    (isIntegerCompatible(a) && isPointerCompatible(b)) || (isPointerCompatible(a) && isIntegerCompatible(b)) ||
    (isWrapper(a, 'box') && isWrapper(b, 'box')) || (isWrapper(a, 'boxproc') && isWrapper(b, 'boxproc')) ||
    (isComplex(a) && isComplex(b)) || (isBoxedRecord(a) && isPolymorphic(b)) || (isPolymorphic(a) && isPolymorphic(b)) ||
    (isPolymorphic(a) && isWrapper(b, 'box')) || (a instanceof FirVectorType && vectorLike(b, a)) ||
    (b instanceof FirVectorType && vectorLike(a, b));
}

function vectorLike(t: Type, v: FirVectorType): boolean {
  const m = /^vector<(\d+)x(.+)>$/.exec(t.toString());
  return !!m && Number(m[1]) === v.len && m[2] === v.eleTy.toString().replace(/^ui/, 'i');
}

const convert = defineOp({
  name: 'fir.convert',
  operands: [{ name: 'value' }],
  results: [{ name: 'res' }],
  format: '$value attr-dict `:` functional-type($value, results)',
  memoryEffects: noEffects,
  memorySource: { step: (op) => ({ kind: 'convert', source: op.operand(0) }) },
  verify(op) {
    const [a, b] = [op.operand(0).type, op.result(0).type];
    return canBeConverted(a, b) ? undefined : `invalid type conversion'${a}' / '${b}'`;
  },
});

// ---- fir.declare / fir.dummy_scope ------------------------------------------------------------

const debugWrite = (): ReturnType<typeof effect>[] => [effect('write', undefined, 'DebuggingResource')];

/** FortranVariableOpInterface::verifyDeclareLikeOpImpl. */
function verifyDeclare(op: Operation): string | undefined {
  const def = op.def!;
  const memType = op.operand(0).type;
  const nParams = def.operandGroupSize(op, 'typeparams');
  const boxValue = isBoxType(memType);
  const boxAddress = isRefLike(memType) && isBoxType(memType.eleTy);
  const isBox = boxValue || boxAddress;
  // The variable's type: through the address, the box and a pointer/allocatable.
  let ele = unwrapRefType(op.result(0).type);
  if (isBoxType(ele)) ele = ele.eleTy;
  if (isWrapper(ele, 'ptr', 'heap')) ele = ele.eleTy;
  const scalar = ele instanceof SequenceType ? ele.eleTy : ele;
  if (scalar instanceof CharacterType) {
    if (nParams > 1) return 'of character entity must have at most one length parameter';
    if (nParams === 0 && !isBox) return 'must be provided exactly one type parameter when its base is a character that is not a box';
  } else if (scalar instanceof RecordType) {
    if (nParams < scalar.lenParams.length && !isBox) return 'must be provided all the derived type length parameters when the base is not a box';
    if (nParams > scalar.lenParams.length) return 'has too many length parameters';
  } else if (nParams) {
    return 'of numeric, logical, or assumed type entity must not have length parameters';
  }
  if (ele instanceof SequenceType && def.operandGroupSize(op, 'shape')) {
    if (boxAddress) return 'for box address must not have a shape operand';
    const shape = def.operandGroup(op, 'shape')[0]!.type;
    const rank = isIntParam(shape, 'shape') || isIntParam(shape, 'shapeshift') || isIntParam(shape, 'shift') ? shape.param : -1;
    if (!ele.shape || ele.shape.length !== rank) return 'has conflicting shape and base operand ranks';
  }
  return undefined;
}

const declare = defineOp({
  name: 'fir.declare',
  operands: [
    { name: 'memref', type: anyRefOrBox },
    { name: 'shape', arity: 'optional', type: anyShapeOrShift },
    { name: 'typeparams', arity: 'variadic', type: variadic(anyIntegerType) },
    { name: 'dummy_scope', arity: 'optional', type: dscopeType },
  ],
  results: [{ name: 'res', type: anyRefOrBox }],
  attributes: [
    { name: 'uniq_name', check: strCheck },
    { name: 'fortran_attrs', optional: true, check: varAttrsCheck },
    { name: 'data_attr', optional: true },
  ],
  format: '$memref (`(` $shape^ `)`)? (`typeparams` $typeparams^)? (`dummy_scope` $dummy_scope^)? ' +
    'attr-dict `:` functional-type(operands, results)',
  memoryEffects: debugWrite,
  memorySource: {
    step: (op) => ({
      kind: 'declare', source: op.operand(0),
      dummyScope: op.def!.operandGroup(op, 'dummy_scope')[0],
      attrs: fortranAttrNames(op.getAttr('fortran_attrs')),
    }),
  },
  verify: verifyDeclare,
});

const dummyScope = defineOp({
  name: 'fir.dummy_scope',
  results: [{ name: 'res', type: dscopeType }],
  format: 'attr-dict `:` type(results)',
  memoryEffects: debugWrite,
});

// ---- values without operands ------------------------------------------------------------------

function typedValue(mnemonic: string, type?: { description: string; accepts: (t: Type) => boolean }): OpSpec {
  return defineOp({
    name: `fir.${mnemonic}`,
    results: [{ name: 'intype', type }],
    format: 'type($intype) attr-dict',
    memoryEffects: noEffects,
  });
}

const isPresent = defineOp({
  name: 'fir.is_present',
  operands: [{ name: 'val', type: anyRefOrBoxLike }],
  results: [{ name: 'res', type: boolLike }],
  format: 'operands attr-dict `:` functional-type(operands, results)',
  memoryEffects: noEffects,
});

export const firMemoryOps: OpSpec[] = [
  allocatable('ref'), allocatable('heap'), freemem, load, store, global, hasValue, addressOf, convert, declare, dummyScope,
  typedValue('undefined'), typedValue('zero_bits'), typedValue('absent', anyRefOrBoxLike), isPresent,
  ...firAddressOps, ...firBoxOps,
];
