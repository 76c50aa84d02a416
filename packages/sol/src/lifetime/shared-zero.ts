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
 *  (Z3) no value that may reach M (address it, or a container holding it: `Bk(new S[](2))`
 *       handed to `w(b)` which writes `b.bids[0].q`) is passed to a call, inline assembly, or
 *       an op without memory-effect information (the callee might write an element);
 * or iff
 *  (Z5) a loop replaces every element before anything reads one (filled-arrays.ts), or iff
 *  (Z4) no op anywhere in the module writes in place into an object of the element type (or
 *       of a struct or static array inside it) that may be some array's zero element
 *       (`typesWrittenInPlace`): then M may escape and be passed anywhere — whoever gets it
 *       can only read or replace its elements. A field write into an object allocated as
 *       exactly that type (a struct literal being built, `S memory s; s.x = 1;`) is not in
 *       place in this sense: such an object is never an array's zero element.
 */
import { UnitAttr, type Operation, type Type, type Value } from '@lifeline/ir';
import type { FunctionPointsTo, MemObject, ProgramPointsTo } from '@lifeline/analyses';
import { ArrayType, PtrType, fixedSizeFields, isAggType, withLocation } from '../sol-types.js';
import { filledBeforeRead, moduleHasAsm } from './filled-arrays.js';

/**
 * (Z4) The memory aggregate types written in place somewhere (`all` when some write's target
 * is unknown), and the element types of the zero-initialised arrays the program allocates.
 */
export interface WrittenInPlace {
  written: ReadonlySet<Type> | 'all';
  inArrays: ReadonlySet<Type>;
}

/** (Z4) The memory aggregate types some op of the program may write into in place. */
export function typesWrittenInPlace(program: ProgramPointsTo): WrittenInPlace {
  const written = new Set<Type>();
  const inArrays = new Set<Type>();
  for (const fn of program.functions) {
    const pt = program.function(fn);
    let unknown = false;
    fn.walk((op) => {
      if (op.name === 'sol.malloc' && op.getAttr('zero_init')) {
        const slot = elementSlotType(op.result(0).type);
        if (slot) inArrays.add(slot.pointeeType);
      }
      if (unknown || op === fn || op.def?.spec.call) return; // a callee's writes are its own body's
      const effects = op.def?.spec.memoryEffects?.(op);
      if (!effects) {
        const known = op.def && (op.regions.length || op.def.has('Pure') || op.def.spec.regionBranchTerminator || op.def.spec.branch);
        if (!known) unknown = true;
        return;
      }
      for (const e of effects) {
        if (e.kind !== 'write' || (e.resource !== undefined && e.resource !== 'Memory')) continue;
        const target = e.value;
        if (!target) {
          unknown = true;
          return;
        }
        const t = target.type;
        if (t instanceof PtrType && t.loc !== 'Memory') continue;
        // the object written into: a member or element's base, or the aggregate itself
        const def = target.definingOp;
        const base = !(t instanceof PtrType) ? target : def?.name === 'sol.gep' ? def.operand(0) : undefined;
        if (!base) {
          unknown = true;
          return;
        }
        // only structs and static arrays may be zero elements (a dynamic one is the empty 0x60)
        if (!fixedSizeFields(base.type)) continue;
        const objs = [...pt.pointsTo(base)];
        const fresh = objs.length > 0 && objs.every((o) => o.kind === 'alloc' && o.value?.type === base.type);
        if (!fresh) written.add(base.type);
      }
    });
    if (unknown) return { written: 'all', inArrays };
  }
  return { written, inArrays };
}

/**
 * Whether arrays of `t` get one zero element by (Z4): elements written into in place (in-place
 * literals, in-place.ts) would make `t` written in place for every array of it, so in-place
 * building leaves such slots alone.
 */
export function zeroSharedByType(t: Type, facts: WrittenInPlace): boolean {
  return facts.inArrays.has(t) && neverWrittenInPlace(t, facts.written);
}

/** Whether no object of `t`'s zero shape (t and the structs and static arrays in it) is written in place. */
function neverWrittenInPlace(t: Type, written: WrittenInPlace['written']): boolean {
  if (written === 'all') return false;
  const fields = fixedSizeFields(t);
  if (!fields) return true;
  if (written.has(t)) return false;
  return [...new Set(fields)].every((m) => !isAggType(m) || neverWrittenInPlace(withLocation(m, 'Memory'), written));
}

/** The element slot type of an array of memory aggregates, if `t` is one. */
function elementSlotType(t: Value['type']): PtrType | undefined {
  if (!(t instanceof ArrayType) || t.loc !== 'Memory' || !isAggType(t.eltType)) return undefined;
  return PtrType.get(withLocation(t.eltType, 'Memory'), 'Memory');
}

const mayAddress = (pt: FunctionPointsTo, v: Value, m: MemObject) => pt.pointsTo(v).has(m);

/** A write (or free) of memory that names no location: it may go anywhere. */
const unnamedWrite = (e: { kind: string; value?: Value; resource?: string }) =>
  (e.kind === 'write' || e.kind === 'free') && !e.value && (e.resource === 'Memory' || e.resource === undefined);

/** Whether `v` may address `m` or an object whose contents lead to it. */
const mayReach = (pt: FunctionPointsTo, v: Value, m: MemObject) => pt.reach([...pt.pointsTo(v)]).has(m);

function onlyReplaced(fn: Operation, pt: FunctionPointsTo, m: MemObject, slotType: PtrType): boolean {
  let ok = true;
  fn.walk((op) => {
    if (!ok) return 'skip';
    const spec = op.def?.spec;
    const effects = spec?.memoryEffects?.(op);
    // a callee, an op we know nothing of, or a write that names no location, given a container,
    // may load M from it and write an element (Z3); any other write goes where its operands
    // point, so only an op with an operand addressing M is looked at (the walk to what a
    // value reaches is paid only where it matters)
    const known = !!effects || !!op.def?.has('RecursiveMemoryEffects') || !!spec?.regionBranchTerminator || !!spec?.branch || !!op.def?.has('Pure');
    if (spec?.call || !known || effects?.some(unnamedWrite)) {
      if (op.operandValues().some((v) => mayReach(pt, v, m))) ok = false;
      return ok ? undefined : 'skip';
    }
    if (!effects || !op.operandValues().some((v) => mayAddress(pt, v, m))) return undefined;
    for (const e of effects) {
      if ((e.kind !== 'write' && e.kind !== 'free') || !e.value || !mayAddress(pt, e.value, m)) continue;
      const plainStore = effects.length === 1 && e.value.type === slotType && !op.results.length; // (Z2)
      if (!plainStore) ok = false;
    }
    return undefined;
  });
  return ok;
}

/** Whether allocation object `m` of `fn` may have its elements share one zero element ((Z1)–(Z4)). */
export function mayShareZero(fn: Operation, pt: FunctionPointsTo, m: MemObject, written: WrittenInPlace): boolean {
  if (m.kind !== 'alloc' || !m.value) return false;
  const op = m.value.definingOp;
  const slotType = elementSlotType(m.value.type);
  if (!op || !slotType || !op.getAttr('zero_init') || op.getAttr('shared_zero')) return false;
  if (op.name !== 'sol.malloc') return false; // the one op whose zero elements the emitter makes
  if (neverWrittenInPlace(slotType.pointeeType, written.written)) return true; // (Z4)
  if (filledBeforeRead(op, moduleHasAsm(fn))) return true; // (Z5)
  if (pt.escape(m).length) return false; // (Z1)
  return onlyReplaced(fn, pt, m, slotType);
}

/** Marks the allocations of `fn` that may share one zero element; returns them. */
export function shareZeroElements(fn: Operation, pt: FunctionPointsTo, written: WrittenInPlace): Operation[] {
  const marked: Operation[] = [];
  for (const m of pt.objects()) {
    if (!mayShareZero(fn, pt, m, written)) continue;
    const op = m.value!.definingOp!;
    op.setAttr('shared_zero', UnitAttr.instance);
    marked.push(op);
  }
  return marked;
}
