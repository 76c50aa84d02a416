/**
 * memref canonicalizations (MLIR 19 lib/Dialect/MemRef/IR/MemRefOps.cpp).
 *
 *  1. foldMemRefCast, which MLIR runs in place inside the folds of load,
 *     store (not the stored value), dealloc, dim, prefetch, atomic_rmw (not the
 *     value), memref.cast and bufferization.clone: an operand made by
 *     memref.cast from a ranked memref becomes the cast's source. Here it is a
 *     pattern tried before every other one on those ops.
 *  2. memref.copy's fold: an operand made by a memref.cast that only loses
 *     static information (CastOp::canFoldIntoConsumerOp) becomes its source.
 *  3. SimplifyDeadAlloc (alloc, alloca, realloc): when every user is a dealloc
 *     or a store *into* the buffer, the users and the allocation are erased.
 *  4. SimplifyAllocConst (alloc, alloca; before (3)): non-negative constant
 *     dynamic sizes become static dimensions of a new allocation (symbol
 *     operands and alignment kept, other attributes dropped, as MLIR's
 *     builder does), cast back to the old type.
 *  5. memref.copy's patterns, in MLIR's order: FoldCopyOfCast — a source or target
 *     made by memref.cast from a ranked memref becomes the cast's source (MLIR 19
 *     compares the cast's source type with itself, so every such cast folds, towards
 *     static sizes too, unlike (2); mlir-opt-19 does exactly that); FoldEmptyCopy — a
 *     copy from or to a ranked memref with a 0 dimension is erased; FoldSelfCopy — a
 *     copy of a buffer onto itself is erased.
 *  6. The memref.subview patterns of canonicalize-memref-subview.ts.
 *  7. memref.reinterpret_cast's fold, as a pattern tried first (MLIR changes the
 *     source in place, which constant propagation must not see): a source made by
 *     reinterpret_cast, cast, or a subview whose offsets are all constant 0
 *     becomes that op's source; otherwise a cast with a static shape, the
 *     source's type and static offset 0 is replaced by its source.
 *  8. DimOfMemRefReshape: dim(reshape(src, shape), i) becomes a load of shape[i]
 *     placed right after the reshape (so no later store to the shape memref is
 *     read), index_cast to index when the shape's elements are not index. Only
 *     when i is known to be defined before the reshape: in the reshape's block
 *     before it (or an argument of that block), or in a region enclosing the
 *     reshape's region (MLIR's cheap stand-in for dominance).
 * Not implemented: the view patterns.
 */
import { DYNAMIC, DenseArrayAttr, IntegerAttr, IntegerType, MemRefType, type Operation, type Region, type Rewriter, type Type, type Value } from '@lifeline/ir';
import { constantInt, mixedList } from '@lifeline/dialects';
import { constOf } from './match.js';
import { subviewPatterns } from './canonicalize-memref-subview.js';
import type { RewritePattern } from './pattern.js';

/** (1) The operand changes MLIR's foldMemRefCast makes; `inner` is an operand never folded. */
export function memRefCastFolds(op: Operation, inner?: Value): [number, Value][] {
  const changes: [number, Value][] = [];
  op.operands.forEach((o, i) => {
    const cast = o.value.definingOp;
    if (cast?.name !== 'memref.cast' || o.value === inner) return;
    if (!(cast.operand(0).type instanceof MemRefType)) return;
    changes.push([i, cast.operand(0)]);
  });
  return changes;
}

/** Sets the operands `changes` lists, in place; whether there were any. */
function setOperands(rw: Rewriter, op: Operation, changes: readonly [number, Value][]): boolean {
  if (!changes.length) return false;
  rw.modifyInPlace(op, () => changes.forEach(([i, v]) => op.setOperand(i, v)));
  return true;
}

function castFolder(rootName: string, inner?: (op: Operation) => Value): RewritePattern {
  return {
    name: `FoldMemRefCast(${rootName})`, rootName, benefit: Infinity,
    matchAndRewrite(op, rw) {
      let changes = memRefCastFolds(op, inner?.(op));
      // A cast of a cast keeps a valid cast only (static sizes that agree).
      if (op.name === 'memref.cast') changes = changes.filter(([, v]) => castCompatible(v.type, op.results[0]!.type));
      return setOperands(rw, op, changes);
    },
  };
}

/** memref.cast's areCastCompatible for ranked memrefs: same rank, static sizes agree. */
function castCompatible(a: Type, b: Type): boolean {
  if (!(a instanceof MemRefType) || !(b instanceof MemRefType) || a.rank !== b.rank) return false;
  return a.shape.every((d, i) => d === DYNAMIC || b.shape[i] === DYNAMIC || d === b.shape[i]);
}

/** Is `source` at least as static as `target` everywhere (CastOp::canFoldIntoConsumerOp)? */
function onlyLosesStaticInfo(source: Type, target: Type): boolean {
  if (!(source instanceof MemRefType) || !(target instanceof MemRefType)) return false;
  if (source.rank !== target.rank) return false;
  for (let i = 0; i < source.rank; i++) {
    if (source.shape[i] === DYNAMIC && target.shape[i] !== DYNAMIC) return false;
    if (target.shape[i] !== DYNAMIC && source.shape[i] !== target.shape[i]) return false;
  }
  // Layouts: MLIR compares offsets and strides the same way; we only accept equal layouts.
  return String(source.layout ?? '') === String(target.layout ?? '') && String(source.memorySpace ?? '') === String(target.memorySpace ?? '');
}

/** (2) */
const copyCastFolder: RewritePattern = {
  name: 'CopyOpFold', rootName: 'memref.copy', benefit: Infinity,
  matchAndRewrite(op, rw) {
    const changes: [number, Value][] = [];
    op.operands.forEach((o, i) => {
      const cast = o.value.definingOp;
      if (cast?.name === 'memref.cast' && onlyLosesStaticInfo(cast.operand(0).type, cast.result(0).type)) changes.push([i, cast.operand(0)]);
    });
    return setOperands(rw, op, changes);
  },
};

/** (4) */
function simplifyAllocConst(rootName: string): RewritePattern {
  return {
    name: `SimplifyAllocConst(${rootName})`, rootName,
    matchAndRewrite(op, rw) {
      const type = op.results[0]!.type;
      if (!(type instanceof MemRefType)) return false;
      const sizes = op.def!.operandGroup(op, 'dynamicSizes');
      const consts = sizes.map((v) => constOf(v));
      if (!consts.some((c) => c instanceof IntegerAttr && BigInt(c.value) >= 0n)) return false;
      const shape: number[] = [];
      const dynamic: Value[] = [];
      let k = 0;
      for (const d of type.shape) {
        if (d !== DYNAMIC) {
          shape.push(d);
          continue;
        }
        const c = consts[k];
        if (c instanceof IntegerAttr && BigInt(c.value) >= 0n) shape.push(Number(c.value));
        else {
          shape.push(DYNAMIC);
          dynamic.push(sizes[k]!);
        }
        k++;
      }
      const newType = MemRefType.get(shape, type.elementType, type.layout, type.memorySpace);
      const symbols = op.def!.operandGroup(op, 'symbolOperands');
      rw.setInsertionPointBefore(op);
      const alloc = rw.create(op.name, { operands: [...dynamic, ...symbols], resultTypes: [newType], loc: op.loc });
      alloc.setAttr('operandSegmentSizes', new DenseArrayAttr(IntegerType.get(32), [dynamic.length, symbols.length]));
      const align = op.getAttr('alignment');
      if (align) alloc.setAttr('alignment', align);
      const cast = rw.create('memref.cast', { operands: [alloc.results[0]!], resultTypes: [type], loc: op.loc });
      rw.replaceOp(op, [cast.results[0]!]);
      return true;
    },
  };
}

/** (5) */
const foldCopyOfCast: RewritePattern = {
  name: 'FoldCopyOfCast', rootName: 'memref.copy',
  matchAndRewrite: (op, rw) => setOperands(rw, op, memRefCastFolds(op)), // (1)'s rule, on both operands
};

/** (5) */
const foldEmptyCopy: RewritePattern = {
  name: 'FoldEmptyCopy', rootName: 'memref.copy',
  matchAndRewrite(op, rw) {
    const empty = (t: Type): boolean => t instanceof MemRefType && t.shape.includes(0);
    if (!empty(op.operand(0).type) && !empty(op.operand(1).type)) return false;
    rw.eraseOp(op);
    return true;
  },
};

/** (5) */
const foldSelfCopy: RewritePattern = {
  name: 'FoldSelfCopy', rootName: 'memref.copy',
  matchAndRewrite(op, rw) {
    if (op.operand(0) !== op.operand(1)) return false;
    rw.eraseOp(op);
    return true;
  },
};

/** (3) */
function simplifyDeadAlloc(rootName: string): RewritePattern {
  return {
    name: `SimplifyDeadAlloc(${rootName})`, rootName,
    matchAndRewrite(op, rw) {
      const v = op.results[0]!;
      for (let u = v.firstUse; u; u = u.nextUse) {
        const user = u.owner;
        if (user.name === 'memref.store' ? user.operand(0) === v : user.name !== 'memref.dealloc') return false;
      }
      for (const user of v.users()) if (user.parent) rw.eraseOp(user);
      rw.eraseOp(op);
      return true;
    },
  };
}

/** (7) */
const reinterpretCastFold: RewritePattern = {
  name: 'ReinterpretCastOp::fold', rootName: 'memref.reinterpret_cast', benefit: Infinity,
  matchAndRewrite(op, rw) {
    const src = op.operand(0);
    const prev = src.definingOp;
    const through = prev?.name === 'memref.reinterpret_cast' || prev?.name === 'memref.cast' ||
      (prev?.name === 'memref.subview' && mixedList(prev, 'offsets').every((m) => constantInt(m) === 0));
    if (prev && through) {
      rw.modifyInPlace(op, () => op.setOperand(0, prev.operand(0)));
      return true;
    }
    const type = op.result(0).type;
    if (!(type instanceof MemRefType) || type.shape.includes(DYNAMIC) || src.type !== type || mixedList(op, 'offsets')[0] !== 0) return false;
    rw.replaceOp(op, [src]);
    return true;
  },
};

/** Whether region `outer` strictly encloses region `inner`. */
function enclosesStrictly(outer: Region, inner: Region): boolean {
  for (let r = inner.parentOp?.parentRegion ?? null; r; r = r.parentOp?.parentRegion ?? null) if (r === outer) return true;
  return false;
}

/** (8) */
const dimOfMemRefReshape: RewritePattern = {
  name: 'DimOfMemRefReshape', rootName: 'memref.dim',
  matchAndRewrite(dim, rw) {
    const reshape = dim.operand(0).definingOp;
    if (reshape?.name !== 'memref.reshape') return false;
    const i = dim.operand(1);
    const def = i.definingOp;
    if (i.parentBlock === reshape.parent) {
      if (def && reshape.isBeforeInBlock(def)) return false;
    } else if (dim.parent !== reshape.parent &&
      !(i.parentRegion && reshape.parentRegion && enclosesStrictly(i.parentRegion, reshape.parentRegion))) {
      return false;
    }
    rw.setInsertionPointAfter(reshape);
    const shape = reshape.operand(1);
    let size: Value = rw.create('memref.load', { operands: [shape, i], resultTypes: [(shape.type as MemRefType).elementType], loc: dim.loc }).results[0]!;
    if (size.type !== dim.result(0).type) {
      size = rw.create('arith.index_cast', { operands: [size], resultTypes: [dim.result(0).type], loc: dim.loc }).results[0]!;
    }
    rw.replaceOp(dim, [size]);
    return true;
  },
};

export const memrefPatterns: RewritePattern[] = [
  reinterpretCastFold,
  castFolder('memref.load'), castFolder('memref.store', (op) => op.operand(0)), castFolder('memref.dealloc'),
  castFolder('memref.dim'), dimOfMemRefReshape, castFolder('memref.prefetch'), castFolder('memref.atomic_rmw', (op) => op.operand(0)),
  castFolder('memref.cast'), castFolder('bufferization.clone'),
  copyCastFolder, foldCopyOfCast, foldEmptyCopy, foldSelfCopy,
  simplifyAllocConst('memref.alloc'), simplifyDeadAlloc('memref.alloc'),
  simplifyAllocConst('memref.alloca'), simplifyDeadAlloc('memref.alloca'), simplifyDeadAlloc('memref.realloc'),
  ...subviewPatterns,
];
