/**
 * Shared zero elements. `new S[](n)` of memory aggregates allocates, as solc does, one zero
 * element per slot — memory that is usually dead as soon as the program puts its own
 * elements in. When no element of the array is ever written in place (elements are only
 * replaced: `a[i] = S(…)`), every slot may address ONE zero element instead
 * (`shared_zero`, rt-memory.ts allocateAndZeroShared): nothing can tell the elements apart.
 *
 * An allocation M (zero_init, array of memory aggregates) gets `shared_zero` iff
 *  (Z1) M does not escape the function (it is only read: ABI-encoded, hashed, copied), and
 *  (Z2) every op with a write effect on a location that may address M (its inner elements
 *       are part of M, points-to (C1')) is a plain store of an element address into one of
 *       M's slots (location type `!sol.ptr<S, Memory>`), and
 *  (Z3) no value that may address M is passed to a call, inline assembly, or an op without
 *       memory-effect information (the callee might write an element).
 */
import { UnitAttr, type Operation, type Value } from '@lifeline/ir';
import type { FunctionPointsTo, MemObject } from '@lifeline/analyses';
import { ArrayType, PtrType, isAggType, withLocation } from '../sol-types.js';

/** The element slot type of an array of memory aggregates, if `t` is one. */
function elementSlotType(t: Value['type']): PtrType | undefined {
  if (!(t instanceof ArrayType) || t.loc !== 'Memory' || !isAggType(t.eltType)) return undefined;
  return PtrType.get(withLocation(t.eltType, 'Memory'), 'Memory');
}

const mayAddress = (pt: FunctionPointsTo, v: Value, m: MemObject) => pt.pointsTo(v).has(m);

function onlyReplaced(fn: Operation, pt: FunctionPointsTo, m: MemObject, slotType: PtrType): boolean {
  let ok = true;
  fn.walk((op) => {
    if (!ok) return 'skip';
    const spec = op.def?.spec;
    const touches = op.operandValues().some((v) => mayAddress(pt, v, m));
    if (!touches) return undefined;
    if (spec?.call) { ok = false; return 'skip'; } // (Z3)
    const effects = spec?.memoryEffects?.(op);
    if (!effects) {
      if (op.def?.has('RecursiveMemoryEffects') || spec?.regionBranchTerminator || spec?.branch) return undefined;
      if (op.def?.has('Pure')) return undefined;
      ok = false; // (Z3)
      return 'skip';
    }
    for (const e of effects) {
      if (e.kind !== 'write' && e.kind !== 'free') continue;
      if (!e.value) { if (e.resource === 'Memory' || e.resource === undefined) ok = false; continue; }
      if (!mayAddress(pt, e.value, m)) continue;
      const plainStore = effects.length === 1 && e.value.type === slotType && !op.results.length; // (Z2)
      if (!plainStore) ok = false;
    }
    return undefined;
  });
  return ok;
}

/** Whether allocation object `m` of `fn` may have its elements share one zero element ((Z1)–(Z3)). */
export function mayShareZero(fn: Operation, pt: FunctionPointsTo, m: MemObject): boolean {
  if (m.kind !== 'alloc' || !m.value) return false;
  const op = m.value.definingOp;
  const slotType = elementSlotType(m.value.type);
  if (!op || !slotType || !op.getAttr('zero_init') || op.getAttr('shared_zero')) return false;
  if (op.name !== 'sol.malloc') return false; // the one op whose zero elements the emitter makes
  if (pt.escape(m).length) return false; // (Z1)
  return onlyReplaced(fn, pt, m, slotType);
}

/** Marks the allocations of `fn` that may share one zero element; returns them. */
export function shareZeroElements(fn: Operation, pt: FunctionPointsTo): Operation[] {
  const marked: Operation[] = [];
  for (const m of pt.objects()) {
    if (!mayShareZero(fn, pt, m)) continue;
    const op = m.value!.definingOp!;
    op.setAttr('shared_zero', UnitAttr.instance);
    marked.push(op);
  }
  return marked;
}
