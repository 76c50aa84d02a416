/**
 * memref dialect (LLVM 19): allocation, access, globals, atomics and metadata ops.
 * The view-like ops (subview, view, casts, reshapes, transpose) are in memref-views.ts,
 * the hand-written syntaxes (global, alloca_scope, prefetch, dma, …) in memref-custom.ts.
 *
 * Memory effects follow MLIR's declarations exactly, because analyses rely on them:
 * alloc/alloca allocate their result (alloca in the AutomaticAllocationScope resource),
 * dealloc frees its operand, realloc frees its source and allocates its result, load
 * reads, store writes, copy reads its source and writes its target, the atomics read
 * and write; Pure ops have none. Ops MLIR gives no effect interface (prefetch,
 * assume_alignment, global, dma_wait) leave `memoryEffects` undefined: unknown effects.
 */
import {
  FloatType, IntegerAttr, IntegerType, MemRefType, SymbolRefAttr, TypeAttr, defineDialect, defineOp,
  enumKeywordSyntax, index, intSyntax, symbolRefSyntax,
  type AttrSpec, type OpSpec,
} from '@lifeline/ir';
// Registers custom<DynamicIndexList> for every dialect's formats.
import './memref-index-list.js';
import {
  allocaScopeOp, allocaScopeReturnOp, atomicYieldOp, dmaStartOp, dmaWaitOp, genericAtomicRmwOp, globalOp, prefetchOp,
} from './memref-custom.js';
import {
  anyMemRef, boolAttrCheck, effect, flatSymbolRefCheck, indexType, inferElementType, intOrFloat, intOrFloatMemRef,
  isAnyMemRef, isIdentityLayout, isMemRef, layoutSymbolCount, memorySpace, noEffects, non0RankedOrUnranked,
  numDynamicDims, rank0StridedMemRef, rank1MemRef, rankedOrUnranked, sameShape, staticShapeMemRef, stridedMemRef,
  variadicIndex,
} from './memref-types.js';
import { foldDim } from './memref-fold.js';
import { viewOps } from './memref-views.js';

export { DYNAMIC_INDEX, parseDynamicIndexList, printDynamicIndexList } from './memref-index-list.js';

const i32 = IntegerType.get(32);
const i64 = IntegerType.get(64);

const idx = { type: variadicIndex, infer: () => index };

/** ConfinedAttr<OptionalAttr<I64Attr>, [IntMinValue<0>]>. */
const alignmentAttr: AttrSpec = {
  name: 'alignment', optional: true,
  check: (a) => (a instanceof IntegerAttr && a.type === i64 && a.value >= 0n ? undefined
    : '64-bit signless integer attribute whose minimum value is 0'),
};

/** DefaultValuedOptionalAttr<BoolAttr, "false">: hidden when false, stored only when spelled. */
const nontemporalAttr: AttrSpec = { name: 'nontemporal', optional: true, elidedDefault: IntegerAttr.bool(false), check: boolAttrCheck };

function allocLike(mnemonic: 'alloc' | 'alloca'): OpSpec {
  return defineOp({
    name: `memref.${mnemonic}`,
    operands: [{ name: 'dynamicSizes', arity: 'variadic', ...idx }, { name: 'symbolOperands', arity: 'variadic', ...idx }],
    results: [{ name: 'memref', type: anyMemRef, typeKind: isMemRef }],
    attributes: [alignmentAttr],
    format: '`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)',
    resultNames: () => [mnemonic],
    memoryEffects: (op) => [effect('allocate', op.result(0), mnemonic === 'alloca' ? 'AutomaticAllocationScope' : undefined)],
    verify(op) {
      if (mnemonic === 'alloca') {
        let p = op.parentOp;
        while (p && !p.def?.has('AutomaticAllocationScope')) p = p.parentOp;
        if (!p) return 'requires an ancestor op with AutomaticAllocationScope trait';
      }
      const t = op.result(0).type as MemRefType;
      const [dyn, sym] = op.def!.operandGroupSizes(op) as [number, number];
      if (dyn !== numDynamicDims(t)) return 'dimension operand count does not equal memref dynamic dimension count';
      const symbols = isIdentityLayout(t) ? 0 : layoutSymbolCount(t);
      if (sym !== symbols) return `symbol operand count does not equal memref symbol count: expected ${symbols}, got ${sym}`;
      return undefined;
    },
  });
}

const realloc = defineOp({
  name: 'memref.realloc',
  operands: [{ name: 'source', type: rank1MemRef, typeKind: isMemRef }, { name: 'dynamicResultSize', arity: 'optional', type: indexType, infer: () => index }],
  results: [{ name: 'result', type: rank1MemRef }],
  attributes: [alignmentAttr],
  format: '$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` type(results)',
  // MemFreeAt<0> on the source, MemAlloc<DefaultResource, 1> on the result.
  memoryEffects: (op) => [effect('free', op.operand(0)), effect('allocate', op.result(0))],
  // BufferViewFlowOpInterface: the result may be the source, or a new buffer.
  bufferViewFlow: { dependencies: (op) => [[op.operand(0), op.result(0)]], mayBeTerminalBuffer: () => true },
  verify(op) {
    const src = op.operand(0).type as MemRefType;
    const res = op.result(0).type as MemRefType;
    if (!isIdentityLayout(src)) return { error: `unsupported layout for source memref type '${src}'` };
    if (!isIdentityLayout(res)) return { error: `unsupported layout for result memref type '${res}'` };
    if (memorySpace(src) !== memorySpace(res)) {
      return { error: `different memory spaces specified for source memref type '${src}' and result memref type '${res}'` };
    }
    if (src.elementType !== res.elementType) {
      return { error: `different element types specified for source memref type '${src}' and result memref type '${res}'` };
    }
    const hasSize = op.operands.length > 1;
    if (numDynamicDims(res) && !hasSize) return { error: `missing dimension operand for result type '${res}'` };
    if (!numDynamicDims(res) && hasSize) return { error: `unnecessary dimension operand for result type '${res}'` };
    return undefined;
  },
});

const dealloc = defineOp({
  name: 'memref.dealloc',
  operands: [{ name: 'memref', type: rankedOrUnranked, typeKind: isAnyMemRef }],
  format: '$memref attr-dict `:` type($memref)',
  memoryEffects: (op) => [effect('free', op.operand(0))],
});

const load = defineOp({
  name: 'memref.load',
  operands: [{ name: 'memref', type: anyMemRef, typeKind: isMemRef }, { name: 'indices', arity: 'variadic', ...idx }],
  results: [{ name: 'result', infer: (c) => inferElementType(c, 'memref') }],
  attributes: [nontemporalAttr],
  format: '$memref `[` $indices `]` attr-dict `:` type($memref)',
  memoryEffects: (op) => [effect('read', op.operand(0))],
  verify(op) {
    const t = op.operand(0).type as MemRefType;
    if (op.result(0).type !== t.elementType) return "failed to verify that result type matches element type of 'memref'";
    const n = op.operands.length - 1;
    if (n !== t.rank) return `incorrect number of indices for load, expected ${t.rank} but got ${n}`;
    return undefined;
  },
});

const store = defineOp({
  name: 'memref.store',
  operands: [
    { name: 'value', infer: (c) => inferElementType(c, 'memref') },
    { name: 'memref', type: anyMemRef, typeKind: isMemRef },
    { name: 'indices', arity: 'variadic', ...idx },
  ],
  attributes: [nontemporalAttr],
  format: '$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)',
  memoryEffects: (op) => [effect('write', op.operand(1))],
  verify(op) {
    const t = op.operand(1).type as MemRefType;
    if (op.operand(0).type !== t.elementType) return "failed to verify that type of 'value' matches element type of 'memref'";
    if (op.operands.length !== 2 + t.rank) return 'store index operand count not equal to memref rank';
    return undefined;
  },
});

const copy = defineOp({
  name: 'memref.copy',
  operands: [{ name: 'source', type: rankedOrUnranked, typeKind: isAnyMemRef }, { name: 'target', type: rankedOrUnranked, typeKind: isAnyMemRef }],
  format: '$source `,` $target attr-dict `:` type($source) `to` type($target)',
  memoryEffects: (op) => [effect('read', op.operand(0)), effect('write', op.operand(1))],
  verify(op) {
    const [a, b] = [op.operand(0).type, op.operand(1).type] as (MemRefType)[];
    if (a!.elementType !== b!.elementType) return 'requires the same element type for all operands';
    if (isMemRef(a!) && isMemRef(b!) && !sameShape(a.shape, b.shape)) return 'requires the same shape for all operands';
    return undefined;
  },
});

const dim = defineOp({
  name: 'memref.dim',
  operands: [{ name: 'source', type: non0RankedOrUnranked, typeKind: isAnyMemRef }, { name: 'index', type: indexType, infer: () => index }],
  results: [{ name: 'result', type: indexType, infer: () => index }],
  format: 'attr-dict $source `,` $index `:` type($source)',
  resultNames: () => ['dim'],
  memoryEffects: noEffects,
  fold: foldDim,
});

const rank = defineOp({
  name: 'memref.rank',
  operands: [{ name: 'memref', type: rankedOrUnranked, typeKind: isAnyMemRef }],
  results: [{ name: 'result', type: indexType, infer: () => index }],
  traits: ['Pure'],
  format: '$memref attr-dict `:` type($memref)',
  memoryEffects: noEffects,
});

const getGlobal = defineOp({
  name: 'memref.get_global',
  results: [{ name: 'result', type: staticShapeMemRef, typeKind: isMemRef }],
  attributes: [{ name: 'name', syntax: symbolRefSyntax, check: flatSymbolRefCheck }],
  traits: ['Pure'],
  format: '$name `:` type($result) attr-dict',
  memoryEffects: noEffects,
  verify(op, ctx) {
    const ref = op.getAttr('name') as SymbolRefAttr;
    const global = ctx.symbols.lookupNearest(op, ref);
    if (!global || global.name !== 'memref.global') return `'${ref.leaf}' does not reference a valid global memref`;
    const type = (global.getAttr('type') as TypeAttr).value;
    if (type !== op.result(0).type) {
      return `result type '${op.result(0).type}' does not match type '${type}' of the global memref @${ref.leaf}`;
    }
    return undefined;
  },
});

/** arith::AtomicRMWKind in LLVM 19 order (stored as its i64 value). */
const ATOMIC_KINDS = ['addf', 'addi', 'assign', 'maximumf', 'maxs', 'maxu', 'minimumf', 'mins', 'minu', 'mulf', 'muli',
  'ori', 'andi', 'maxnumf', 'minnumf'] as const;
const FLOAT_KINDS = new Set(['addf', 'maximumf', 'minimumf', 'mulf']);
const INT_KINDS = new Set(['addi', 'maxs', 'maxu', 'mins', 'minu', 'muli', 'ori', 'andi']);

const atomicRmw = defineOp({
  name: 'memref.atomic_rmw',
  operands: [
    { name: 'value', type: intOrFloat },
    { name: 'memref', type: intOrFloatMemRef, typeKind: isMemRef },
    { name: 'indices', arity: 'variadic', ...idx },
  ],
  results: [{ name: 'result', type: intOrFloat }],
  attributes: [{
    name: 'kind', syntax: enumKeywordSyntax(ATOMIC_KINDS, { kind: 'int', type: i64 }),
    check: (a) => (a instanceof IntegerAttr && a.value >= 0n && a.value < BigInt(ATOMIC_KINDS.length) ? undefined
      : 'allowed 64-bit signless integer cases: ' + ATOMIC_KINDS.map((_, i) => i).join(', ')),
  }],
  format: '$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` type($memref) `)` `->` type($result)',
  memoryEffects: (op) => [effect('read', op.operand(1)), effect('write', op.operand(1))],
  verify(op) {
    const t = op.operand(1).type as MemRefType;
    const v = op.operand(0).type;
    if (v !== op.result(0).type) return 'failed to verify that all of {value, result} have same type';
    if (v !== t.elementType) return 'failed to verify that value type matches element type of memref';
    if (t.rank !== op.operands.length - 2) return 'expects the number of subscripts to be equal to memref rank';
    const kind = ATOMIC_KINDS[Number((op.getAttr('kind') as IntegerAttr).value)]!;
    if (FLOAT_KINDS.has(kind) && !(v instanceof FloatType)) return `with kind '${kind}' expects a floating-point type`;
    if (INT_KINDS.has(kind) && !(v instanceof IntegerType)) return `with kind '${kind}' expects an integer type`;
    return undefined;
  },
});

const assumeAlignment = defineOp({
  name: 'memref.assume_alignment',
  operands: [{ name: 'memref', type: anyMemRef, typeKind: isMemRef }],
  attributes: [{
    name: 'alignment', syntax: intSyntax(i32),
    check: (a) => (a instanceof IntegerAttr && a.type === i32 && a.value > 0n ? undefined
      : '32-bit signless integer attribute whose value is positive'),
  }],
  format: '$memref `,` $alignment attr-dict `:` type($memref)',
  verify(op) {
    const v = (op.getAttr('alignment') as IntegerAttr).value;
    return (v & (v - 1n)) === 0n ? undefined : 'alignment must be power of 2';
  },
});

const extractAlignedPointer = defineOp({
  name: 'memref.extract_aligned_pointer_as_index',
  operands: [{ name: 'source', type: rankedOrUnranked, typeKind: isAnyMemRef }],
  results: [{ name: 'aligned_pointer', type: indexType }],
  traits: ['Pure'],
  format: '$source `:` type($source) `->` type(results) attr-dict',
  resultNames: () => ['intptr'],
  memoryEffects: noEffects,
});

/**
 * Results are base_buffer, offset, then sizes and strides (rank each). MLIR declares
 * sizes and strides as two groups with SameVariadicResultSize (no segment attribute),
 * so here they are one group `sizes_and_strides` to keep the generic form identical.
 */
const extractStridedMetadata = defineOp({
  name: 'memref.extract_strided_metadata',
  operands: [{ name: 'source', type: stridedMemRef, typeKind: isMemRef }],
  results: [
    { name: 'base_buffer', type: rank0StridedMemRef },
    { name: 'offset', type: indexType },
    { name: 'sizes_and_strides', arity: 'variadic', type: variadicIndex },
  ],
  traits: ['Pure', 'ViewLike'],
  format: '$source `:` type($source) `->` type(results) attr-dict',
  viewLike: { source: (op) => op.operand(0) },
  memoryEffects: noEffects,
  // Only the first value of each pack gets a name (the packed `%sizes:2` syntax).
  resultNames: (op) => {
    const rank = (op.results.length - 2) / 2;
    const names: (string | undefined)[] = ['base_buffer', 'offset'];
    if (rank > 0) {
      names[2] = 'sizes';
      names[2 + rank] = 'strides';
    }
    return names;
  },
  verify(op) {
    const src = op.operand(0).type as MemRefType;
    // The common case answered without building the expected list (a MemRefType.get
    // renders and interns a probe type, per op and per verification).
    const results = op.results;
    let ok = results.length === 2 + 2 * src.rank && results[0]!.type === baseBufferType(src);
    for (let i = 1; ok && i < results.length; i++) ok = results[i]!.type === index;
    if (ok) return undefined;
    const expected = [MemRefType.get([], src.elementType, undefined, src.memorySpace), index,
      ...Array.from({ length: 2 * src.rank }, () => index)];
    const actual = op.results.map((r) => r.type);
    if (expected.length !== actual.length || expected.some((t, i) => t !== actual[i])) {
      return `inferred type(s) ${expected.map((t) => `'${t}'`).join(', ')} are incompatible with return type(s) of operation ${actual.map((t) => `'${t}'`).join(', ')}`;
    }
    return undefined;
  },
});

/** memref.extract_strided_metadata's base buffer type (rank 0, same element type and memory space), per source type. */
const baseBuffers = new WeakMap<MemRefType, MemRefType>();
function baseBufferType(src: MemRefType): MemRefType {
  let t = baseBuffers.get(src);
  if (!t) baseBuffers.set(src, (t = MemRefType.get([], src.elementType, undefined, src.memorySpace)));
  return t;
}

export const memrefDialect = defineDialect('memref', [
  allocLike('alloc'), allocLike('alloca'), allocaScopeOp, allocaScopeReturnOp, assumeAlignment, atomicRmw, atomicYieldOp,
  copy, dealloc, dim, dmaStartOp, dmaWaitOp, extractAlignedPointer, extractStridedMetadata, genericAtomicRmwOp,
  getGlobal, globalOp, load, prefetchOp, rank, realloc, store, ...viewOps,
]);
