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
 * Not implemented: SimplifyAllocConst (constant dynamic sizes made static),
 * the copy patterns FoldCopyOfCast/FoldEmptyCopy/FoldSelfCopy, and the view /
 * subview / reshape patterns.
 */
import { DYNAMIC, MemRefType, type Operation, type Type, type Value } from '@lifeline/ir';
import type { RewritePattern } from './pattern.js';

/** (1) MLIR's foldMemRefCast; `inner` is an operand never folded. */
export function foldMemRefCastInPlace(op: Operation, inner?: Value): boolean {
  const changes: [number, Value][] = [];
  op.operands.forEach((o, i) => {
    const cast = o.value.definingOp;
    if (cast?.name !== 'memref.cast' || o.value === inner) return;
    if (!(cast.operand(0).type instanceof MemRefType)) return;
    changes.push([i, cast.operand(0)]);
  });
  for (const [i, v] of changes) op.setOperand(i, v);
  return changes.length > 0;
}

function castFolder(rootName: string, inner?: (op: Operation) => Value): RewritePattern {
  return {
    name: `FoldMemRefCast(${rootName})`, rootName, benefit: Infinity,
    matchAndRewrite(op, rw) {
      let changed = false;
      rw.modifyInPlace(op, () => (changed = foldMemRefCastInPlace(op, inner?.(op))));
      return changed;
    },
  };
}

/** Is `source` at least as static as `target` everywhere (CastOp::canFoldIntoConsumerOp)? */
function onlyLosesStaticInfo(source: Type, target: Type): boolean {
  if (!(source instanceof MemRefType) || !(target instanceof MemRefType)) return false;
  if (source.rank !== target.rank) return false;
  for (let i = 0; i < source.rank; i++) {
    if (source.shape[i] === DYNAMIC && target.shape[i] !== DYNAMIC) return false;
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
    if (!changes.length) return false;
    rw.modifyInPlace(op, () => changes.forEach(([i, v]) => op.setOperand(i, v)));
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

export const memrefPatterns: RewritePattern[] = [
  castFolder('memref.load'), castFolder('memref.store', (op) => op.operand(0)), castFolder('memref.dealloc'),
  castFolder('memref.dim'), castFolder('memref.prefetch'), castFolder('memref.atomic_rmw', (op) => op.operand(0)),
  castFolder('memref.cast'), castFolder('bufferization.clone'),
  copyCastFolder,
  simplifyDeadAlloc('memref.alloc'), simplifyDeadAlloc('memref.alloca'), simplifyDeadAlloc('memref.realloc'),
];
