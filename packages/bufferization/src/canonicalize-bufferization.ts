/**
 * bufferization canonicalizations (MLIR 19 lib/Dialect/Bufferization/IR/
 * BufferizationOps.cpp).
 *
 *  1. SimplifyClones: an unused clone is erased. Otherwise, with the source
 *     traced through view-like ops, the clone and the source each have at most
 *     one freeing user (MLIR's findDealloc; more than one: no match); when the
 *     two frees are not in one block and one of them (the clone's first) is in
 *     the clone's block after it, with no op freeing memory in between, the
 *     clone is replaced by its source and that free is erased. A clone whose
 *     type differs from the source's matches only when the types are
 *     memref.cast-compatible (CastOp::areCastCompatible; differing layouts
 *     must both be strided), and is replaced by a memref.cast of the source.
 *     A free with used results (memref.realloc) is never the one erased.
 *  2. The bufferization.dealloc patterns, in MLIR's order; each changes the
 *     op in place when its (memrefs, conditions) lists change:
 *     a. DeallocRemoveDuplicateDeallocMemrefs: a memref listed again is dropped
 *        and its condition or-ed (arith.ori, unless it is the same value) into
 *        the first one's.
 *     b. DeallocRemoveDuplicateRetainedMemrefs: duplicate retained values are
 *        dropped (a new op); their updated conditions are the first one's.
 *     c. EraseEmptyDealloc: no memrefs: every updated condition is `false`.
 *     d. EraseAlwaysFalseDealloc: memrefs with a constant-false condition go.
 *     e. SkipExtractMetadataOfAlloc: a memref that is the base buffer of
 *        memref.extract_strided_metadata of an allocation result is replaced
 *        by that allocation.
 *     f. RemoveAllocDeallocPairWhenNoOtherUsers: a memref whose only use is
 *        this dealloc and whose defining op's only effect on it is Allocate is
 *        dropped, and its allocation erased.
 */
import { DenseArrayAttr, IntegerAttr, IntegerType, MemRefType, type Operation, type Rewriter, type Type, type Value } from '@lifeline/ir';
import { memrefCastCompatible, stridesAndOffset } from '@lifeline/dialects';
import { constBool } from './match.js';
import { setOperandGroups } from './op-util.js';
import type { RewritePattern } from './pattern.js';

const effectsOf = (op: Operation) => op.def?.spec.memoryEffects?.(op);
const frees = (op: Operation, v: Value): boolean => !!effectsOf(op)?.some((e) => e.kind === 'free' && e.value === v);

/** MLIR's memref::findDealloc: the one user freeing `v`, null for none, undefined for several. */
function findDealloc(v: Value): Operation | null | undefined {
  let found: Operation | null = null;
  for (let u = v.firstUse; u; u = u.nextUse) {
    if (!frees(u.owner, v)) continue;
    if (found) return undefined;
    found = u.owner;
  }
  return found;
}

/** (1) Cast-compatible clone types; layouts we cannot read as strides are not. */
function castableClone(a: Type, b: Type): boolean {
  if (!memrefCastCompatible(a, b)) return false;
  if (!(a instanceof MemRefType) || !(b instanceof MemRefType) || String(a.layout ?? '') === String(b.layout ?? '')) return true;
  return stridesAndOffset(a) !== undefined && stridesAndOffset(b) !== undefined;
}

/** (1) */
const simplifyClones: RewritePattern = {
  name: 'SimplifyClones', rootName: 'bufferization.clone',
  matchAndRewrite(clone, rw) {
    const out = clone.results[0]!;
    if (!out.hasUses) {
      rw.eraseOp(clone);
      return true;
    }
    const source = clone.operand(0);
    if (source.type !== out.type && !castableClone(source.type, out.type)) return false;
    let canonical = source;
    for (let d = canonical.definingOp; d?.def?.spec.viewLike; d = canonical.definingOp) canonical = d.def.spec.viewLike.source(d);
    const cloneDealloc = findDealloc(out);
    if (cloneDealloc === undefined) return false;
    const sourceDealloc = findDealloc(canonical);
    if (sourceDealloc === undefined) return false;
    if (cloneDealloc && sourceDealloc && cloneDealloc.parent === sourceDealloc.parent) return false;
    const block = clone.parent;
    const redundant = cloneDealloc?.parent === block ? cloneDealloc : sourceDealloc?.parent === block ? sourceDealloc : null;
    // A free whose results are used (memref.realloc) cannot be erased: MLIR would
    // erase it anyway and crash; we leave the clone.
    if (!redundant || redundant.results.some((r) => r.hasUses)) return false;
    for (let pos = clone.next; pos !== redundant; pos = pos.next) {
      if (!pos) return false;
      if (effectsOf(pos)?.some((e) => e.kind === 'free')) return false;
    }
    let replacement = source;
    if (source.type !== out.type) {
      rw.setInsertionPointBefore(clone);
      replacement = rw.create('memref.cast', { operands: [source], resultTypes: [out.type], loc: clone.loc }).result(0);
    }
    rw.replaceOp(clone, [replacement]);
    rw.eraseOp(redundant);
    return true;
  },
};

interface Dealloc { memrefs: Value[]; conditions: Value[]; retained: Value[] }
/** The dealloc's operand groups; its segment sizes read once (the patterns ask for every dealloc they see). */
function groups(op: Operation): Dealloc {
  const seg = op.getAttr('operandSegmentSizes');
  if (seg instanceof DenseArrayAttr && seg.values.length === 3) {
    const m = seg.values[0]!, c = seg.values[1]!, r = seg.values[2]!;
    const operands = op.operands;
    if (m + c + r === operands.length) {
      const memrefs: Value[] = new Array(m), conditions: Value[] = new Array(c), retained: Value[] = new Array(r);
      for (let i = 0; i < m; i++) memrefs[i] = operands[i]!.value;
      for (let i = 0; i < c; i++) conditions[i] = operands[m + i]!.value;
      for (let i = 0; i < r; i++) retained[i] = operands[m + c + i]!.value;
      return { memrefs, conditions, retained };
    }
  }
  const d = op.def!;
  return { memrefs: d.operandGroup(op, 'memrefs'), conditions: d.operandGroup(op, 'conditions'), retained: d.operandGroup(op, 'retained') };
}
const same = (a: readonly Value[], b: readonly Value[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The sizes of the dealloc's memrefs and conditions groups, from its segment sizes. Each
 * pattern first asks, without building the groups, whether it applies at all: every
 * dealloc meets all six patterns on every greedy iteration and almost none of them
 * changes it, so building three arrays per pattern per visit was most of what the
 * canonicalizer allocated on large modules.
 */
function memrefAndConditionCounts(op: Operation): [number, number] {
  const seg = op.getAttr('operandSegmentSizes');
  if (seg instanceof DenseArrayAttr && seg.values.length === 3) return [seg.values[0]!, seg.values[1]!];
  const d = op.def!;
  return [d.operandGroupSize(op, 'memrefs'), d.operandGroupSize(op, 'conditions')];
}

/** Whether operands [from, from + n) of `op` list a value twice. */
function hasDuplicateOperand(op: Operation, from: number, n: number): boolean {
  const operands = op.operands;
  if (n > 16) return new Set(operands.slice(from, from + n).map((o) => o.value)).size < n;
  for (let i = from + 1; i < from + n; i++) {
    const v = operands[i]!.value;
    for (let j = from; j < i; j++) if (operands[j]!.value === v) return true;
  }
  return false;
}

/** Whether some memref operand of the dealloc satisfies `test`, without building the groups. */
function someMemref(op: Operation, test: (m: Value) => boolean): boolean {
  const [m] = memrefAndConditionCounts(op);
  const operands = op.operands;
  for (let i = 0; i < m; i++) if (test(operands[i]!.value)) return true;
  return false;
}

/** MLIR's updateDeallocIfChanged. */
function update(op: Operation, rw: Rewriter, memrefs: Value[], conditions: Value[]): boolean {
  const g = groups(op);
  if (same(g.memrefs, memrefs) && same(g.conditions, conditions)) return false;
  rw.modifyInPlace(op, () => setOperandGroups(op, [memrefs, conditions, g.retained]));
  return true;
}

/** (2a) */
const removeDuplicateDeallocMemrefs: RewritePattern = {
  name: 'DeallocRemoveDuplicateDeallocMemrefs', rootName: 'bufferization.dealloc',
  matchAndRewrite(op, rw) {
    if (!hasDuplicateOperand(op, 0, memrefAndConditionCounts(op)[0])) return false;
    const g = groups(op);
    const index = new Map<Value, number>();
    const memrefs: Value[] = [], conditions: Value[] = [];
    g.memrefs.forEach((m, i) => {
      const cond = g.conditions[i]!;
      const at = index.get(m);
      if (at === undefined) {
        index.set(m, memrefs.length);
        memrefs.push(m);
        conditions.push(cond);
      } else if (conditions[at] !== cond) {
        rw.setInsertionPointBefore(op);
        conditions[at] = rw.create('arith.ori', { operands: [conditions[at]!, cond], resultTypes: [cond.type], loc: op.loc }).results[0]!;
      }
    });
    return update(op, rw, memrefs, conditions);
  },
};

/** (2b) */
const removeDuplicateRetainedMemrefs: RewritePattern = {
  name: 'DeallocRemoveDuplicateRetainedMemrefs', rootName: 'bufferization.dealloc',
  matchAndRewrite(op, rw) {
    const [m, c] = memrefAndConditionCounts(op);
    if (!hasDuplicateOperand(op, m + c, op.operands.length - m - c)) return false;
    const g = groups(op);
    const seen = new Map<Value, number>();
    const retained: Value[] = [];
    const idx = g.retained.map((r) => {
      const at = seen.get(r);
      if (at !== undefined) return at;
      seen.set(r, retained.length);
      retained.push(r);
      return retained.length - 1;
    });
    if (retained.length === g.retained.length) return false;
    rw.setInsertionPointBefore(op);
    const n = rw.create('bufferization.dealloc', {
      operands: [...g.memrefs, ...g.conditions, ...retained], resultTypes: retained.map((r) => op.results[0]!.type), loc: op.loc,
    });
    n.setAttr('operandSegmentSizes', segmentSizes(g.memrefs.length, g.conditions.length, retained.length));
    for (const [k, v] of op.attributesIfAny ?? []) n.attributes.set(k, v);
    rw.replaceOp(op, idx.map((i) => n.results[i]!));
    return true;
  },
};

/** (2c) */
const eraseEmptyDealloc: RewritePattern = {
  name: 'EraseEmptyDealloc', rootName: 'bufferization.dealloc',
  matchAndRewrite(op, rw) {
    if (memrefAndConditionCounts(op)[0]) return false;
    rw.setInsertionPointBefore(op);
    const f = rw.create('arith.constant', { resultTypes: [IntegerAttr.bool(false).type], attributes: [['value', IntegerAttr.bool(false)]], loc: op.loc });
    rw.replaceOp(op, op.results.map(() => f.results[0]!));
    return true;
  },
};

/** (2d) */
const eraseAlwaysFalseDealloc: RewritePattern = {
  name: 'EraseAlwaysFalseDealloc', rootName: 'bufferization.dealloc',
  matchAndRewrite(op, rw) {
    const [m, c] = memrefAndConditionCounts(op);
    if (!op.operands.slice(m, m + c).some((o) => constBool(o.value) === false)) return false;
    const g = groups(op);
    const keep = g.conditions.map((c) => constBool(c) !== false);
    return update(op, rw, g.memrefs.filter((_, i) => keep[i]), g.conditions.filter((_, i) => keep[i]));
  },
};

const allocates = (op: Operation, v: Value): boolean => !!effectsOf(op)?.some((e) => e.kind === 'allocate' && e.value === v);

/** (2e) The allocation whose base buffer `m` is, through memref.extract_strided_metadata. */
function allocationBehindMetadata(m: Value): Value | undefined {
  const extract = m.definingOp;
  if (extract?.name !== 'memref.extract_strided_metadata') return undefined;
  const base = extract.operand(0);
  const alloc = base.definingOp;
  return alloc && allocates(alloc, base) ? base : undefined;
}

/** (2f) The allocation defining `m` when this dealloc is its only use and allocating its only effect on it. */
function allocationOnlyFreedHere(m: Value): Operation | undefined {
  const alloc = m.definingOp;
  const effects = alloc && effectsOf(alloc);
  if (!effects || !m.hasOneUse || !allocates(alloc, m)) return undefined;
  return effects.every((e) => e.value !== m || e.kind === 'allocate') ? alloc : undefined;
}

/** (2e) */
const skipExtractMetadataOfAlloc: RewritePattern = {
  name: 'SkipExtractMetadataOfAlloc', rootName: 'bufferization.dealloc',
  matchAndRewrite(op, rw) {
    if (!someMemref(op, (m) => allocationBehindMetadata(m) !== undefined)) return false;
    const g = groups(op);
    return update(op, rw, g.memrefs.map((m) => allocationBehindMetadata(m) ?? m), g.conditions);
  },
};

/** (2f) */
const removeAllocDeallocPair: RewritePattern = {
  name: 'RemoveAllocDeallocPairWhenNoOtherUsers', rootName: 'bufferization.dealloc',
  matchAndRewrite(op, rw) {
    if (!someMemref(op, (m) => allocationOnlyFreedHere(m) !== undefined)) return false;
    const g = groups(op);
    const memrefs: Value[] = [], conditions: Value[] = [];
    const dead: Operation[] = [];
    g.memrefs.forEach((m, i) => {
      const alloc = allocationOnlyFreedHere(m);
      if (alloc) {
        dead.push(alloc);
        return;
      }
      memrefs.push(m);
      conditions.push(g.conditions[i]!);
    });
    if (!update(op, rw, memrefs, conditions)) return false;
    for (const d of dead) rw.eraseOp(d);
    return true;
  },
};

function segmentSizes(...sizes: number[]): DenseArrayAttr {
  return new DenseArrayAttr(IntegerType.get(32), sizes);
}

/** (2) Also run by buffer-deallocation-simplification. */
export const deallocCanonicalizationPatterns: readonly RewritePattern[] = [
  removeDuplicateDeallocMemrefs, removeDuplicateRetainedMemrefs, eraseEmptyDealloc, eraseAlwaysFalseDealloc,
  skipExtractMetadataOfAlloc, removeAllocDeallocPair,
];

export const bufferizationPatterns: readonly RewritePattern[] = [simplifyClones, ...deallocCanonicalizationPatterns];
