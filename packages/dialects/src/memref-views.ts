/**
 * memref view-like ops: subview, view, cast, memory_space_cast, reinterpret_cast,
 * reshape, expand_shape, collapse_shape, transpose. Each is Pure and, except transpose,
 * ViewLike on its first operand (the value the result aliases). As in LLVM 19, reshape
 * declares no read of its shape operand (Pure wins) and transpose is not view-like;
 * mlir-opt-19's --test-alias-analysis(-modref) shows both.
 *
 * Verifiers port MLIR's checks with its wording. Checks that need the strides of an
 * affine-map layout (kept as text here) are skipped, so we never reject valid IR.
 */
import {
  ArrayAttr, DYNAMIC, IntegerAttr, MemRefType, OpaqueAttr, StridedLayoutAttr, Tok, UnrankedMemRefType, defineOp, index,
  type Attribute, type OpParser, type Operation, type OpSpec, type Type,
} from '@lifeline/ir';
import { DYNAMIC_INDEX, staticList } from './memref-index-list.js';
import { foldCast, foldReshape, foldSubView } from './memref-fold.js';
import {
  anyMemRef, isAnyMemRef, isIdentityLayout, isMemRef, memorySpace, noEffects, numDynamicDims, rank1I8MemRef,
  rank1IntOrIndexMemRef, rankedOrUnranked, sameShape, satAdd, satMul, stridedMemRef, stridesAndOffset, variadicIndex,
  indexType, affineMapCheck, denseI64Check, type StridesAndOffset,
} from './memref-types.js';

const idx = { type: variadicIndex, infer: () => index };
const memref = (type = anyMemRef) => ({ type, typeKind: isMemRef });
const baseMemref = { type: rankedOrUnranked, typeKind: isAnyMemRef };
/** Pure, and a view of its first operand. */
const viewLike = {
  traits: ['Pure', 'ViewLike'] as OpSpec['traits'], viewLike: { source: (op: Operation) => op.operand(0) }, memoryEffects: noEffects,
};
const denseI64 = (name: string) => ({ name, check: denseI64Check });

const q = (t: Type): string => `'${t}'`;

// ---- OffsetSizeAndStrideOpInterface --------------------------------------------------

/** verifyOffsetSizeAndStrideOp: emitted without the op prefix, as MLIR does. */
function verifyOffsetsSizesStrides(op: Operation, maxRanks: readonly [number, number, number]) {
  const offs = staticList(op, 'static_offsets');
  const sizes = staticList(op, 'static_sizes');
  const strides = staticList(op, 'static_strides');
  const [, nOff, nSize, nStride] = op.def!.operandGroupSizes(op) as number[];
  if (!(offs.length === 1 && maxRanks[0] === 1) && offs.length !== sizes.length) {
    return { error: `expected mixed offsets rank to match mixed sizes rank (${offs.length} vs ${sizes.length}) so the rank of the result type is well-formed.` };
  }
  if (sizes.length !== strides.length) {
    return { error: `expected mixed sizes rank to match mixed strides rank (${sizes.length} vs ${strides.length}) so the rank of the result type is well-formed.` };
  }
  const lists: [string, number, readonly number[], number][] = [
    ['offset', maxRanks[0], offs, nOff!], ['size', maxRanks[1], sizes, nSize!], ['stride', maxRanks[2], strides, nStride!],
  ];
  for (const [name, max, list, values] of lists) {
    if (list.length !== max) return { error: `expected ${max} ${name} values, got ${list.length}` };
    const dynamic = list.filter((v) => v === DYNAMIC_INDEX).length;
    if (values !== dynamic) return { error: `expected ${dynamic} dynamic ${name} values` };
  }
  for (const v of offs) if (v < 0 && v !== DYNAMIC_INDEX) return { error: `expected offsets to be non-negative, but got ${v}` };
  for (const v of sizes) if (v < 0 && v !== DYNAMIC_INDEX) return { error: `expected sizes to be non-negative, but got ${v}` };
  return undefined;
}

const offsetSizeStrideAttrs = [denseI64('static_offsets'), denseI64('static_sizes'), denseI64('static_strides')];
const offsetSizeStrideOperands = [{ name: 'offsets', arity: 'variadic' as const, ...idx },
  { name: 'sizes', arity: 'variadic' as const, ...idx }, { name: 'strides', arity: 'variadic' as const, ...idx }];

// ---- subview ---------------------------------------------------------------------------

/** Greedy match of `reduced` into `original`, dropping only 1s (computeRankReductionMask). */
function rankReductionMask(original: readonly number[], reduced: readonly number[]): Set<number> | undefined {
  const unused = new Set<number>();
  let r = 0;
  for (let i = 0; i < original.length; i++) {
    if (r < reduced.length && original[i] === reduced[r]) { r++; continue; }
    unused.add(i);
    if (original[i] !== 1) return undefined;
  }
  return r === reduced.length ? unused : undefined;
}

function count(vals: readonly number[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const v of vals) m.set(v, (m.get(v) ?? 0) + 1);
  return m;
}

/** computeMemRefRankReductionMask: which size-1 dims were dropped, told apart by their strides. */
export function memrefRankReductionMask(original: MemRefType, reduced: MemRefType, sizes: readonly number[], so: StridesAndOffset, ro: StridesAndOffset) {
  const unused = new Set<number>();
  if (original.rank === reduced.rank) return unused;
  sizes.forEach((s, i) => { if (s === 1) unused.add(i); });
  if (unused.size + reduced.rank === original.rank) return unused;
  const pending = count(so.strides);
  const candidate = count(ro.strides);
  for (let dim = 0; dim < original.rank; dim++) {
    if (!unused.has(dim)) continue;
    const st = so.strides[dim]!;
    const a = pending.get(st) ?? 0;
    const b = candidate.get(st) ?? 0;
    if (a > b) pending.set(st, a - 1);
    else if (a === b) unused.delete(dim);
    else return undefined;
  }
  return unused.size + reduced.rank === original.rank ? unused : undefined;
}

/**
 * SubViewOp::inferResultType: shape = sizes, offset = the source's plus sum(offset_i *
 * stride_i), strides = the source's times the subview's (saturating at `?`); undefined when the
 * source layout is not strided.
 */
export function inferSubViewType(base: MemRefType, offs: readonly number[], sizes: readonly number[], strides: readonly number[]): MemRefType | undefined {
  const so = stridesAndOffset(base);
  if (!so) return undefined;
  let offset = so.offset;
  offs.forEach((o, i) => { offset = satAdd(offset, satMul(o, so.strides[i]!)); });
  return MemRefType.get(sizes, base.elementType,
    new StridedLayoutAttr(offset, so.strides.map((s, i) => satMul(s, strides[i]!))), base.memorySpace);
}

function verifySubView(op: Operation) {
  const iface = verifyOffsetsSizesStrides(op, Array(3).fill((op.operand(0).type as MemRefType).rank) as [number, number, number]);
  if (iface) return iface;
  const base = op.operand(0).type as MemRefType;
  const sub = op.result(0).type as MemRefType;
  if (memorySpace(base) !== memorySpace(sub)) {
    return { error: `different memory spaces specified for base memref type ${q(base)} and subview memref type ${q(sub)}` };
  }
  const sizes = staticList(op, 'static_sizes');
  const expected = inferSubViewType(base, staticList(op, 'static_offsets'), sizes, staticList(op, 'static_strides'));
  if (!expected) return undefined;
  if (expected === sub) return undefined;
  const layoutMismatch = { error: `expected result type to be ${q(expected)} or a rank-reduced version. (mismatch of result layout) ` };
  if (sub.rank > expected.rank) return { error: 'expected result rank to be smaller or equal to the source rank. ' };
  if (!rankReductionMask(expected.shape, sub.shape)) {
    return { error: `expected result type to be ${q(expected)} or a rank-reduced version. (mismatch of result sizes) ` };
  }
  if (expected.elementType !== sub.elementType) return { error: `expected result element type to be ${q(expected.elementType)}` };
  const eo = stridesAndOffset(expected)!;
  const ro = stridesAndOffset(sub);
  if (!ro) return undefined;
  if (eo.offset !== ro.offset) return layoutMismatch;
  const unused = memrefRankReductionMask(expected, sub, sizes, eo, ro);
  if (!unused) return layoutMismatch;
  let j = 0;
  for (let i = 0; i < expected.rank; i++) {
    if (unused.has(i)) continue;
    if (eo.strides[i] !== ro.strides[j++]) return layoutMismatch;
  }
  return undefined;
}

const subview = defineOp({
  name: 'memref.subview',
  operands: [{ name: 'source', ...memref() }, ...offsetSizeStrideOperands],
  results: [{ name: 'result', ...memref() }],
  attributes: offsetSizeStrideAttrs,
  format: '$source `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes)' +
    ' custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)',
  resultNames: () => ['subview'],
  ...viewLike,
  verify: verifySubView,
  fold: foldSubView,
});

// ---- reinterpret_cast -------------------------------------------------------------------

const reinterpretCast = defineOp({
  name: 'memref.reinterpret_cast',
  operands: [{ name: 'source', ...baseMemref }, ...offsetSizeStrideOperands],
  results: [{ name: 'result', ...memref(stridedMemRef) }],
  attributes: offsetSizeStrideAttrs,
  format: '$source `to` `offset` `` `:` custom<DynamicIndexList>($offsets, $static_offsets) `` `,` `sizes` `` `:`' +
    ' custom<DynamicIndexList>($sizes, $static_sizes) `` `,` `strides` `` `:` custom<DynamicIndexList>($strides, $static_strides)' +
    ' attr-dict `:` type($source) `to` type($result)',
  resultNames: () => ['reinterpret_cast'],
  ...viewLike,
  verify(op) {
    const res = op.result(0).type as MemRefType;
    const iface = verifyOffsetsSizesStrides(op, [1, res.rank, res.rank]);
    if (iface) return iface;
    const src = op.operand(0).type as MemRefType | UnrankedMemRefType;
    if (memorySpace(src) !== memorySpace(res)) {
      return { error: `different memory spaces specified for source type ${q(src)} and result memref type ${q(res)}` };
    }
    if (src.elementType !== res.elementType) {
      return { error: `different element types specified for source type ${q(src)} and result memref type ${q(res)}` };
    }
    const show = (v: number) => (v === DYNAMIC_INDEX ? 'dynamic' : String(v));
    const sizes = staticList(op, 'static_sizes');
    for (let i = 0; i < res.rank; i++) {
      const r = res.shape[i]!;
      if (r !== DYNAMIC && sizes[i] !== DYNAMIC_INDEX && r !== sizes[i]) return { error: `expected result type with size = ${show(sizes[i]!)} instead of ${r} in dim = ${i}` };
    }
    const ro = stridesAndOffset(res);
    if (!ro) return undefined;
    const offset = staticList(op, 'static_offsets')[0]!;
    // either side dynamic matches (mlir-opt-19 accepts `offset: [%o]` into an identity layout)
    if (ro.offset !== DYNAMIC && offset !== DYNAMIC_INDEX && ro.offset !== offset) return { error: `expected result type with offset = ${show(offset)} instead of ${ro.offset}` };
    const strides = staticList(op, 'static_strides');
    for (let i = 0; i < ro.strides.length; i++) {
      const r = ro.strides[i]!;
      if (r !== DYNAMIC && strides[i] !== DYNAMIC_INDEX && r !== strides[i]) return { error: `expected result type with stride = ${show(strides[i]!)} instead of ${r} in dim = ${i}` };
    }
    return undefined;
  },
});

// ---- view, casts, reshape -------------------------------------------------------------------

const view = defineOp({
  name: 'memref.view',
  operands: [{ name: 'source', ...memref(rank1I8MemRef) }, { name: 'byte_shift', type: indexType, infer: () => index },
    { name: 'sizes', arity: 'variadic', ...idx }],
  results: [{ name: 'result', type: anyMemRef }],
  format: '$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) `to` type(results)',
  resultNames: () => ['view'],
  ...viewLike,
  verify(op) {
    const base = op.operand(0).type as MemRefType;
    const res = op.result(0).type as MemRefType;
    if (!isIdentityLayout(base)) return { error: `unsupported map for base memref type ${q(base)}` };
    if (!isIdentityLayout(res)) return { error: `unsupported map for result memref type ${q(res)}` };
    if (memorySpace(base) !== memorySpace(res)) {
      return { error: `different memory spaces specified for base memref type ${q(base)} and view memref type ${q(res)}` };
    }
    if (op.operands.length - 2 !== numDynamicDims(res)) return { error: `incorrect number of size operands for type ${q(res)}` };
    return undefined;
  },
});

/** Offsets/strides agree unless both static and different. */
const compatible = (a: number, b: number) => a === DYNAMIC || b === DYNAMIC || a === b;

/** memref.cast's CastOpInterface::areCastCompatible. */
export function castCompatible(a: Type, b: Type): boolean {
  if (isMemRef(a) && isMemRef(b)) {
    if (a.elementType !== b.elementType) return false;
    if (String(a.layout ?? '') !== String(b.layout ?? '')) {
      const sa = stridesAndOffset(a);
      const sb = stridesAndOffset(b);
      // Affine-map layouts: their strides are unknown here, so do not reject.
      if (sa && sb) {
        if (sa.strides.length !== sb.strides.length || !compatible(sa.offset, sb.offset)) return false;
        if (sa.strides.some((s, i) => !compatible(s, sb.strides[i]!))) return false;
      }
    }
    if (memorySpace(a) !== memorySpace(b)) return false;
    return a.rank === b.rank && sameShape(a.shape, b.shape);
  }
  if (!isAnyMemRef(a) || !isAnyMemRef(b)) return false;
  if (a instanceof UnrankedMemRefType && b instanceof UnrankedMemRefType) return false;
  return a.elementType === b.elementType && memorySpace(a) === memorySpace(b);
}

function memorySpaceCastCompatible(a: Type, b: Type): boolean {
  if (isMemRef(a) && isMemRef(b)) {
    return a.elementType === b.elementType && String(a.layout ?? '') === String(b.layout ?? '') && a.shape.join() === b.shape.join();
  }
  return a instanceof UnrankedMemRefType && b instanceof UnrankedMemRefType && a.elementType === b.elementType;
}

function castOp(mnemonic: string, resultName: string, ok: (a: Type, b: Type) => boolean): OpSpec {
  return defineOp({
    name: `memref.${mnemonic}`,
    operands: [{ name: 'source', ...baseMemref }],
    results: [{ name: 'dest', ...baseMemref }],
    format: '$source attr-dict `:` type($source) `to` type($dest)',
    resultNames: () => [resultName],
    ...viewLike,
    verify(op) {
      const [a, b] = [op.operand(0).type, op.result(0).type];
      return ok(a, b) ? undefined : `operand type ${q(a)} and result type ${q(b)} are cast incompatible`;
    },
  });
}

const reshape = defineOp({
  name: 'memref.reshape',
  operands: [{ name: 'source', type: rankedOrUnranked }, { name: 'shape', type: rank1IntOrIndexMemRef }],
  results: [{ name: 'result', type: rankedOrUnranked }],
  format: '$source `(` $shape `)` attr-dict `:` functional-type(operands, results)',
  resultNames: () => ['reshape'],
  ...viewLike,
  verify(op) {
    const src = op.operand(0).type as MemRefType | UnrankedMemRefType;
    const res = op.result(0).type as MemRefType | UnrankedMemRefType;
    if (src.elementType !== res.elementType) return 'element types of source and destination memref types should be the same';
    if (isMemRef(src) && !isIdentityLayout(src)) return 'source memref type should have identity affine map';
    const shapeSize = (op.operand(1).type as MemRefType).shape[0]!;
    if (isMemRef(res)) {
      if (!isIdentityLayout(res)) return 'result memref type should have identity affine map';
      if (shapeSize === DYNAMIC) return 'cannot use shape operand with dynamic length to reshape to statically-ranked memref type';
      if (shapeSize !== res.rank) return "length of shape operand differs from the result's memref rank";
    }
    return undefined;
  },
});

// ---- expand_shape / collapse_shape --------------------------------------------------------

/** `[[0, 1], [2]]` as index groups (undefined when malformed). */
function reassociation(op: Operation): number[][] | undefined {
  const a = op.getAttr('reassociation');
  if (!(a instanceof ArrayAttr)) return undefined;
  const out: number[][] = [];
  for (const g of a.elements) {
    if (!(g instanceof ArrayAttr) || !g.elements.every((e) => e instanceof IntegerAttr)) return undefined;
    out.push(g.elements.map((e) => Number((e as IntegerAttr).value)));
  }
  return out;
}

const reassociationAttr = {
  name: 'reassociation',
  check: (a: Attribute) => (a instanceof ArrayAttr && a.elements.every((g) => g instanceof ArrayAttr &&
    g.elements.every((e) => e instanceof IntegerAttr)) ? undefined : 'Array of 64-bit integer array attributes'),
};

/** verifyCollapsedShape (dynamic dims may share a group). */
function verifyCollapsedShape(collapsed: readonly number[], expanded: readonly number[], groups: number[][]): string | undefined {
  if (collapsed.length !== groups.length) {
    return `invalid number of reassociation groups: found ${groups.length}, expected ${collapsed.length}`;
  }
  let next = 0;
  for (let c = 0; c < groups.length; c++) {
    let foundDynamic = false;
    for (const e of groups[c]!) {
      if (e !== next++) return 'reassociation indices must be contiguous';
      if (e >= expanded.length) return `reassociation index ${e} is out of bounds`;
      if (expanded[e] === DYNAMIC) foundDynamic = true;
    }
    if ((collapsed[c] === DYNAMIC) !== foundDynamic) {
      return `collapsed dim (${c}) must be dynamic if and only if reassociation group is dynamic`;
    }
    if (!foundDynamic) {
      const size = groups[c]!.reduce((n, e) => n * expanded[e]!, 1);
      if (size !== collapsed[c]) return `collapsed dim size (${collapsed[c]}) must equal reassociation group size (${size})`;
    }
  }
  if (!collapsed.length) {
    if (expanded.some((d) => d !== 1)) return 'rank 0 memrefs can only be extended/collapsed with/from ones';
  } else if (next !== expanded.length) {
    return `expanded rank (${expanded.length}) inconsistent with number of reassociation indices (${next})`;
  }
  return undefined;
}

/** computeExpandedType: the source strides spread over each group (undefined: affine-map source). */
function expandedType(src: MemRefType, shape: readonly number[], groups: number[][]): MemRefType | undefined {
  if (isIdentityLayout(src)) return MemRefType.get(shape, src.elementType, undefined, src.memorySpace);
  const so = stridesAndOffset(src);
  if (!so) return undefined;
  const reversed: number[] = [];
  let shapeIndex = shape.length - 1;
  for (let g = groups.length - 1; g >= 0; g--) {
    let stride = so.strides[g]!;
    for (let k = 0; k < groups[g]!.length; k++) {
      reversed.push(stride);
      stride = satMul(stride, shape[shapeIndex--]!);
    }
  }
  const strides = reversed.reverse();
  while (strides.length < shape.length) strides.push(1);
  return MemRefType.get(shape, src.elementType, new StridedLayoutAttr(so.offset, strides), src.memorySpace);
}

/** computeCollapsedLayoutMap (LLVM 19, non-strict): undefined when a group is provably non-contiguous. */
function collapsedLayout(src: MemRefType, so: StridesAndOffset, groups: number[][]): StridedLayoutAttr | undefined {
  const shape = src.shape;
  const result: number[] = groups.map((g) => {
    let ref = [...g];
    while (shape[ref[ref.length - 1]!] === 1 && ref.length > 1) ref = ref.slice(0, -1);
    const last = ref[ref.length - 1]!;
    return shape[last] !== DYNAMIC || ref.length === 1 ? so.strides[last]! : DYNAMIC;
  });
  for (let gi = groups.length - 1; gi >= 0; gi--) {
    const g = groups[gi]!;
    let stride = result[gi]!;
    for (let k = g.length - 1; k >= 1; k--) {
      const i = g[k]!;
      stride = satMul(stride, shape[i]!);
      // LLVM 19 does not skip unit dims here (later versions do).
      const srcStride = so.strides[i - 1]!;
      if (stride !== DYNAMIC && srcStride !== DYNAMIC && stride !== srcStride) return undefined;
    }
  }
  return new StridedLayoutAttr(so.offset, result);
}

const expandShape = defineOp({
  name: 'memref.expand_shape',
  operands: [{ name: 'src', ...memref(stridedMemRef) }, { name: 'output_shape', arity: 'variadic', ...idx }],
  results: [{ name: 'result', ...memref(stridedMemRef) }],
  attributes: [reassociationAttr, denseI64('static_output_shape')],
  format: '$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:`' +
    ' type($src) `into` type($result)',
  resultNames: () => ['expand_shape'],
  ...viewLike,
  fold: foldReshape('memref.collapse_shape'),
  verify(op) {
    const src = op.operand(0).type as MemRefType;
    const res = op.result(0).type as MemRefType;
    if (src.rank > res.rank) {
      return `has source rank ${src.rank} and result rank ${res.rank}. This is not an expansion (${src.rank} > ${res.rank}).`;
    }
    const groups = reassociation(op)!;
    const err = verifyCollapsedShape(src.shape, res.shape, groups);
    if (err) return err;
    const expected = expandedType(src, res.shape, groups);
    if (expected && expected !== res) return `expected expanded type to be ${q(expected)} but found ${q(res)}`;
    const statics = staticList(op, 'static_output_shape');
    if (statics.length !== res.rank) {
      return `expected number of static shape bounds to be equal to the output rank (${res.rank}) but found ${statics.length} inputs instead`;
    }
    const dynamic = statics.filter((v) => v === DYNAMIC_INDEX).length;
    if (op.operands.length - 1 !== dynamic) {
      return `mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has ${dynamic} dynamic dims while output_shape has ${op.operands.length - 1} values`;
    }
    for (let i = 0; i < res.rank; i++) {
      if (res.shape[i] !== DYNAMIC && res.shape[i] !== statics[i]) return `invalid output shape provided at pos ${i}`;
    }
    return undefined;
  },
});

const collapseShape = defineOp({
  name: 'memref.collapse_shape',
  operands: [{ name: 'src', ...memref(stridedMemRef) }],
  results: [{ name: 'result', ...memref(stridedMemRef) }],
  attributes: [reassociationAttr],
  format: '$src $reassociation attr-dict `:` type($src) `into` type($result)',
  resultNames: () => ['collapse_shape'],
  ...viewLike,
  fold: foldReshape('memref.expand_shape'),
  verify(op) {
    const src = op.operand(0).type as MemRefType;
    const res = op.result(0).type as MemRefType;
    if (src.rank < res.rank) {
      return `has source rank ${src.rank} and result rank ${res.rank}. This is not a collapse (${src.rank} < ${res.rank}).`;
    }
    const groups = reassociation(op)!;
    const err = verifyCollapsedShape(res.shape, src.shape, groups);
    if (err) return err;
    let expected: MemRefType;
    if (isIdentityLayout(src)) expected = MemRefType.get(res.shape, src.elementType, undefined, src.memorySpace);
    else {
      const so = stridesAndOffset(src);
      if (!so) return undefined;
      const layout = collapsedLayout(src, so, groups);
      if (!layout) return 'invalid source layout map or collapsing non-contiguous dims';
      expected = MemRefType.get(res.shape, src.elementType, layout, src.memorySpace);
    }
    return expected === res ? undefined : `expected collapsed type to be ${q(expected)} but found ${q(res)}`;
  },
});

// ---- transpose --------------------------------------------------------------------------------

interface Permutation { dims: number; symbols: number; results: (number | string)[] }

/** Reads `affine_map<(d0, d1) -> (d1, d0)>`: results are dim positions, or text when not a plain dim. */
function readPermutation(text: string): Permutation | undefined {
  const m = /^affine_map<\s*\(([^)]*)\)\s*(?:\[([^\]]*)\])?\s*->\s*\((.*)\)\s*>$/.exec(text);
  if (!m) return undefined;
  const list = (s: string | undefined) => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);
  const dims = list(m[1]);
  return {
    dims: dims.length, symbols: list(m[2]).length,
    results: list(m[3]).map((r) => (dims.includes(r) ? dims.indexOf(r) : r)),
  };
}

function isPermutation(p: Permutation): boolean {
  return p.symbols === 0 && p.results.length === p.dims && new Set(p.results).size === p.dims &&
    p.results.every((r) => typeof r === 'number');
}

/** Custom form of the map: `(d0, d1) -> (d1, d0)`. */
function printPermutation(p: Permutation): string {
  const syms = p.symbols ? `[${Array.from({ length: p.symbols }, (_, i) => `s${i}`).join(', ')}]` : '';
  const dims = Array.from({ length: p.dims }, (_, i) => `d${i}`).join(', ');
  return `(${dims})${syms} -> (${p.results.map((r) => (typeof r === 'number' ? `d${r}` : r)).join(', ')})`;
}

/** Parses `(i, j) -> (j, i)` (any dim names) into canonical affine_map text. */
function parsePermutationMap(p: OpParser): OpaqueAttr {
  const dims: string[] = [];
  const syms: string[] = [];
  p.parseCommaSeparated(Tok.LParen, Tok.RParen, () => dims.push(p.parseBareId('bare identifier')));
  if (p.tok === Tok.LSquare) p.parseCommaSeparated(Tok.LSquare, Tok.RSquare, () => syms.push(p.parseBareId('bare identifier')));
  p.expect(Tok.Arrow, "expected '->' or '['");
  const results: (number | string)[] = [];
  p.parseCommaSeparated(Tok.LParen, Tok.RParen, () => {
    const id = p.parseOptionalBareId();
    if (id !== undefined) {
      if (dims.includes(id)) results.push(dims.indexOf(id));
      else if (syms.includes(id)) results.push(`s${syms.indexOf(id)}`);
      else p.error(`use of undeclared identifier`);
    } else results.push(p.parseInteger().toString());
  });
  return new OpaqueAttr(`affine_map<${printPermutation({ dims: dims.length, symbols: syms.length, results })}>`);
}

/** canonicalizeStridedLayout, for the error message: identity when contiguous, else an affine map. */
function canonicalStrided(shape: readonly number[], t: MemRefType, strides: number[], offset: number): MemRefType {
  const contiguous = stridesAndOffset(MemRefType.get(shape, t.elementType))!;
  if (offset === 0 && contiguous.strides.every((s, i) => s === strides[i])) return MemRefType.get(shape, t.elementType, undefined, t.memorySpace);
  let sym = 0;
  const terms = strides.map((s, i) => (s === 1 ? `d${i}` : `d${i} * ${s === DYNAMIC ? `s${sym++}` : s}`));
  if (offset !== 0) terms.push(offset === DYNAMIC ? `s${sym++}` : String(offset));
  const dims = shape.map((_, i) => `d${i}`).join(', ');
  const symList = sym ? `[${Array.from({ length: sym }, (_, i) => `s${i}`).join(', ')}]` : '';
  return MemRefType.get(shape, t.elementType, new OpaqueAttr(`affine_map<(${dims})${symList} -> (${terms.join(' + ')})>`), t.memorySpace);
}

const transpose = defineOp({
  name: 'memref.transpose',
  operands: [{ name: 'in', type: stridedMemRef }],
  results: [{ name: 'result', type: stridedMemRef }],
  attributes: [{ name: 'permutation', check: affineMapCheck }],
  parse(p, st) {
    const u = p.parseOperand();
    st.addAttr('permutation', parsePermutationMap(p));
    p.parseOptionalAttrDict(st);
    p.expect(Tok.Colon, "expected ':'");
    const start = p.offset;
    const src = p.parseType();
    if (!isMemRef(src)) p.error(`custom op 'memref.transpose' invalid kind of type specified`, start);
    st.operands.push(p.resolveOperand(u, src));
    p.parseKeyword('to');
    const at = p.offset;
    const dst = p.parseType();
    if (!isMemRef(dst)) p.error(`custom op 'memref.transpose' invalid kind of type specified`, at);
    st.types.push(dst);
  },
  print(op, p) {
    const text = String(op.getAttr('permutation'));
    const perm = readPermutation(text);
    p.print(` ${p.valueName(op.operand(0))} ${perm ? printPermutation(perm) : text.replace(/^affine_map<(.*)>$/, '$1')}`);
    p.printOptionalAttrDict(p.allAttrs(op), ['permutation']);
    p.print(` : ${op.operand(0).type} to ${op.result(0).type}`);
  },
  resultNames: () => ['transpose'],
  // Pure but not a ViewLikeOpInterface op in LLVM 19 (alias analysis does not look through it).
  traits: ['Pure'],
  memoryEffects: noEffects,
  verify(op) {
    const perm = readPermutation(String(op.getAttr('permutation')));
    if (!perm || !isPermutation(perm)) return 'expected a permutation map';
    const src = op.operand(0).type as MemRefType;
    const res = op.result(0).type as MemRefType;
    if (perm.dims !== src.rank) return 'expected a permutation map of same rank as the input';
    const so = stridesAndOffset(src);
    const ro = stridesAndOffset(res);
    if (!so || !ro) return undefined;
    const order = perm.results as number[];
    const shape = order.map((i) => src.shape[i]!);
    const strides = order.map((i) => so.strides[i]!);
    const same = res.shape.join() === shape.join() && res.elementType === src.elementType &&
      memorySpace(res) === memorySpace(src) && ro.offset === so.offset && ro.strides.join() === strides.join();
    if (same) return undefined;
    const canonical = canonicalStrided(shape, src, strides, so.offset);
    return `result type ${q(res)} is not equivalent to the canonical transposed input type ${q(canonical)}`;
  },
});

export const viewOps: OpSpec[] = [
  subview, reinterpretCast, view, { ...castOp('cast', 'cast', castCompatible), fold: foldCast },
  castOp('memory_space_cast', 'memspacecast', memorySpaceCastCompatible), reshape, expandShape, collapseShape, transpose,
];
