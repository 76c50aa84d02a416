/**
 * memref.subview canonicalization patterns (MLIR 19 MemRefOps.cpp,
 * SubViewOp::getCanonicalizationPatterns; the fold is foldSubView in
 * packages/dialects/src/memref-fold.ts).
 *
 *  (S1) Constant arguments (OpWithOffsetSizesAndStridesConstantArgumentFolder):
 *       a dynamic offset or size made by an integer constant >= 0, or a dynamic
 *       stride made by a non-zero integer constant, becomes static (a static
 *       stride of 0 is not a valid layout; MLIR's foldDynamicStrideList). The new subview gets
 *       the canonical result type (S4) computed from its source, and a memref.cast
 *       back to the old type replaces the old subview (it folds away when the
 *       types agree).
 *  (S2) SubViewOpMemRefCastFolder: when no operand is a constant index (S1 goes
 *       first) and the source is a memref.cast that only loses static information
 *       (S5), the subview reads the cast's source instead; its result type is
 *       (S4) over the cast's source type, cast back to the old type.
 *  (S3) TrivialSubViewOpFolder: same rank as the source, offsets constant 0,
 *       strides constant 1, sizes constants equal to the source's static sizes:
 *       the subview becomes its source (or a memref.cast of it when the types
 *       differ).
 *  (S4) getCanonicalSubViewResultType: the inferred non-rank-reduced type (shape =
 *       static sizes, offset = source offset + sum(offset_i * stride_i), strides =
 *       source stride_i * stride_i, saturating at `?`) with the dimensions the
 *       current subview drops (computeMemRefRankReductionMask over the current
 *       source and result types) removed; none when that mask does not exist or
 *       the source layout is not strided.
 *  (S5) CastOp::canFoldIntoConsumerOp: ranked memrefs of the same element type and
 *       rank, both strided, and no size, offset or stride that is dynamic in the
 *       source but static in the result.
 */
import {
  DYNAMIC, DenseArrayAttr, IntegerType, MemRefType, StridedLayoutAttr, segmentSizes,
  type Operation, type Rewriter, type Value,
} from '@lifeline/ir';
import {
  DYNAMIC_INDEX, constantInt, inferSubViewType, memrefRankReductionMask, mixedList, stridesAndOffset, type Mixed,
} from '@lifeline/dialects';
import type { RewritePattern } from './pattern.js';

const i64 = IntegerType.get(64);
type Lists = { offsets: Mixed[]; sizes: Mixed[]; strides: Mixed[] };

const lists = (op: Operation): Lists =>
  ({ offsets: mixedList(op, 'offsets'), sizes: mixedList(op, 'sizes'), strides: mixedList(op, 'strides') });

/** (S4) */
function canonicalResultType(op: Operation, source: MemRefType, l: Lists): MemRefType | undefined {
  const stat = (m: Mixed) => (typeof m === 'number' ? m : DYNAMIC);
  const shape = l.sizes.map(stat);
  const inferred = inferSubViewType(source, l.offsets.map(stat), shape, l.strides.map(stat));
  if (!inferred) return undefined;
  const { offset, strides } = inferred.layout as StridedLayoutAttr;
  const curSource = op.operand(0).type as MemRefType;
  const curResult = op.result(0).type as MemRefType;
  const cso = stridesAndOffset(curSource);
  const cro = stridesAndOffset(curResult);
  let unused: Set<number> | undefined = new Set();
  if (curSource.rank !== curResult.rank) {
    unused = cso && cro ? memrefRankReductionMask(curSource, curResult, shape, cso, cro) : undefined;
  }
  if (!unused) return undefined;
  const keep = (_: number, i: number) => !unused.has(i);
  return MemRefType.get(shape.filter(keep), source.elementType,
    new StridedLayoutAttr(offset, strides.filter(keep)), source.memorySpace);
}

/** A new subview of `source` with `l`, cast back to `op`'s type, replacing `op`. */
function rebuild(op: Operation, rw: Rewriter, source: Value, type: MemRefType, l: Lists): void {
  const dyn = (ms: Mixed[]) => ms.filter((m): m is Value => typeof m !== 'number');
  const stat = (ms: Mixed[]) => new DenseArrayAttr(i64, ms.map((m) => (typeof m === 'number' ? m : DYNAMIC_INDEX)));
  rw.setInsertionPointBefore(op);
  const sub = rw.create(op.name, {
    operands: [source, ...dyn(l.offsets), ...dyn(l.sizes), ...dyn(l.strides)],
    resultTypes: [type],
    attributes: [
      ['operandSegmentSizes', segmentSizes([1, dyn(l.offsets).length, dyn(l.sizes).length, dyn(l.strides).length])],
      ['static_offsets', stat(l.offsets)], ['static_sizes', stat(l.sizes)], ['static_strides', stat(l.strides)],
    ],
    loc: op.loc,
  });
  const cast = rw.create('memref.cast', { operands: [sub.result(0)], resultTypes: [op.result(0).type], loc: op.loc });
  rw.replaceOp(op, [cast.result(0)]);
}

/** foldDynamicIndexList: constants that pass `ok` become static; whether any did. */
function foldConstants(ms: Mixed[], ok: (n: number) => boolean): boolean {
  let changed = false;
  ms.forEach((m, i) => {
    if (typeof m === 'number') return;
    const c = constantInt(m);
    if (c === undefined || !ok(c)) return;
    ms[i] = c;
    changed = true;
  });
  return changed;
}

/** (S1) */
const constantArgumentFolder: RewritePattern = {
  name: 'OpWithOffsetSizesAndStridesConstantArgumentFolder(memref.subview)', rootName: 'memref.subview',
  matchAndRewrite(op, rw) {
    const l = lists(op);
    const a = foldConstants(l.offsets, (n) => n >= 0);
    const b = foldConstants(l.sizes, (n) => n >= 0);
    const c = foldConstants(l.strides, (n) => n !== 0);
    if (!a && !b && !c) return false;
    const type = canonicalResultType(op, op.operand(0).type as MemRefType, l);
    if (!type) return false;
    rebuild(op, rw, op.operand(0), type, l);
    return true;
  },
};

/** (S5) */
function castFoldsIntoConsumer(cast: Operation): boolean {
  const s = cast.operand(0).type;
  const r = cast.result(0).type;
  if (!(s instanceof MemRefType) || !(r instanceof MemRefType)) return false;
  if (s.elementType !== r.elementType || s.rank !== r.rank) return false;
  const so = stridesAndOffset(s);
  const ro = stridesAndOffset(r);
  if (!so || !ro) return false;
  const loses = (a: number, b: number) => a === DYNAMIC && b !== DYNAMIC;
  if (s.shape.some((d, i) => loses(d, r.shape[i]!))) return false;
  if (loses(so.offset, ro.offset)) return false;
  return !so.strides.some((st, i) => loses(st, ro.strides[i]!));
}

/** (S2) */
const castFolder: RewritePattern = {
  name: 'SubViewOpMemRefCastFolder', rootName: 'memref.subview',
  matchAndRewrite(op, rw) {
    if (op.operands.some((o) => o.value.definingOp && constantInt(o.value) !== undefined)) return false;
    const cast = op.operand(0).definingOp;
    if (cast?.name !== 'memref.cast' || !castFoldsIntoConsumer(cast)) return false;
    const l = lists(op);
    const type = canonicalResultType(op, cast.operand(0).type as MemRefType, l);
    if (!type) return false;
    rebuild(op, rw, cast.operand(0), type, l);
    return true;
  },
};

/** (S3) */
const trivialFolder: RewritePattern = {
  name: 'TrivialSubViewOpFolder', rootName: 'memref.subview',
  matchAndRewrite(op, rw) {
    const source = op.operand(0).type as MemRefType;
    const result = op.result(0).type as MemRefType;
    if (source.rank !== result.rank) return false;
    const l = lists(op);
    if (!l.offsets.every((o) => constantInt(o) === 0) || !l.strides.every((s) => constantInt(s) === 1)) return false;
    if (!l.sizes.every((s, i) => { const c = constantInt(s); return c !== undefined && c === source.shape[i]; })) return false;
    if (source === result) {
      rw.replaceOp(op, [op.operand(0)]);
      return true;
    }
    rw.setInsertionPointBefore(op);
    const cast = rw.create('memref.cast', { operands: [op.operand(0)], resultTypes: [result], loc: op.loc });
    rw.replaceOp(op, [cast.result(0)]);
    return true;
  },
};

export const subviewPatterns: RewritePattern[] = [constantArgumentFolder, castFolder, trivialFolder];
