/**
 * Calls that replace a member of a struct they are given with memory they allocate: a helper
 * that grows `h.data` (`if (h.size == h.data.length) h.data = bigger;` in `_push(h, v)`).
 * Held releases (held-release.ts) treat such a call as the store of its object into that
 * member, so a loop that calls it gives back the arrays it displaces.
 */
import { IntegerAttr, IntegerType, type Operation, type SymbolTableCollection, type Type, type Value } from '@lifeline/ir';
import type { ProgramPointsTo } from '@lifeline/analyses';
import { PtrType, StructType, isFlatMemoryType } from '../sol-types.js';
import { calleeOf, createBefore } from './program-points.js';
import { constantOf } from './static-sizes.js';

const ui64 = IntegerType.get(64, 'unsigned');

/** Member `field` (of type `type`, flat) of the struct that argument `arg` addresses. */
export interface FieldStore {
  arg: number;
  field: number;
  type: Type;
}

/**
 * The one member `call` may store fresh memory into, when the callee's only fresh memory that
 * outlives it is stored there: its results are not fresh, it stores fresh memory into one
 * argument's structure only (S3), and nothing it stores where the caller sees it reaches that
 * struct; every store of fresh memory it makes writes member `field` of the struct its
 * parameter `arg` addresses (and nothing else), with a flat type — so after the call the
 * member holds either what it held before or one object the call allocated; and no call it
 * makes stores fresh memory into what it is given, but a call to such a helper given the same
 * parameter for the same member.
 */
export function fieldStoreOf(call: Operation, program: ProgramPointsTo, symbols: SymbolTableCollection): FieldStore | undefined {
  const callee = calleeOf(call, symbols);
  if (!callee) return undefined;
  // per callee, once: held releases ask for every call object they meet
  const known = cache.get(program) ?? new Map<Operation, FieldStore | undefined>();
  cache.set(program, known);
  if (!known.has(callee)) {
    // a recursive helper asks for itself: not a field store until shown to be one
    known.set(callee, undefined);
    known.set(callee, memberStoredInto(callee, program, symbols));
  }
  return known.get(callee);
}

const cache = new WeakMap<ProgramPointsTo, Map<Operation, FieldStore | undefined>>();

function memberStoredInto(callee: Operation, program: ProgramPointsTo, symbols: SymbolTableCollection): FieldStore | undefined {
  const sum = program.summary(callee);
  const into = sum.paramContents.flatMap((p, i) => (p.fresh ? [i] : []));
  // (what fresh memory it hands back may contain does not matter: the walk below shows that it
  // hands back only objects of the member's flat type, which hold no addresses)
  if (sum.opaque || sum.results.some((r) => r.fresh) || into.length !== 1) return undefined;
  // nothing older is stored where the caller sees it (`w.prev = w.buf`, `log.last = w.buf`):
  // the object the member displaces is then held by nothing else
  if (sum.paramContents.some((p) => p.unknown || p.params.includes(into[0]!))) return undefined;
  const pt = program.function(callee);
  const params = callee.regions[0]?.blocks[0]?.arguments ?? [];
  const paramIndex = (v: Value): number => {
    const base = [...pt.pointsTo(v)];
    return base.length === 1 && base[0]!.kind === 'param' && !base[0]!.inner ? params.indexOf(base[0]!.value as never) : -1;
  };
  let found: FieldStore | undefined;
  let other = false;
  callee.walk((op) => {
    if (other) return;
    if (op.def?.spec.call) {
      const g = calleeOf(op, symbols);
      if (!g) other = true;
      else if (program.summary(g).paramContents.some((p) => p.fresh)) {
        // a helper that stores into a member of what it is given (`writeByte(w, c)` calling
        // `reserve(w, 1)`) stores into ours when it is given our parameter: the same member
        const inner = fieldStoreOf(op, program, symbols);
        const arg = inner ? paramIndex(op.def.spec.call.args(op)[inner.arg]!) : -1;
        if (!inner || arg !== into[0] || (found && (found.field !== inner.field || found.type !== inner.type))) other = true;
        else found = { arg, field: inner.field, type: inner.type };
      }
      return;
    }
    if (op.name !== 'sol.store' || (op.operand(1).type as PtrType).loc !== 'Memory') return;
    if (![...pt.pointsTo(op.operand(0))].some((o) => o.kind === 'alloc' || o.kind === 'call')) return;
    const gep = op.operand(1).definingOp;
    const field = gep?.name === 'sol.gep' && gep.operand(0).type instanceof StructType ? constantOf(gep.operand(1)) : undefined;
    const arg = gep ? paramIndex(gep.operand(0)) : -1;
    const type = (op.operand(1).type as PtrType).pointeeType;
    if (field === undefined || arg !== into[0] || !isFlatMemoryType(type) || (found && found.field !== Number(field))) other = true;
    else found = { arg, field: Number(field), type };
  });
  return other ? undefined : found;
}

/** The address of the member `fs` names, computed before `call` from the argument it passes. */
export function memberAddressBefore(call: Operation, fs: FieldStore): Value {
  return memberAddress(call.def!.spec.call!.args(call)[fs.arg]!, fs, call);
}

/** The address of the member `fs` names in `struct`, computed before `at`. */
export function memberAddress(struct: Value, fs: FieldStore, at: Operation): Value {
  const index = createBefore(at, 'sol.constant', { resultTypes: [ui64], attributes: [['value', new IntegerAttr(BigInt(fs.field), ui64)]] }).result(0);
  return createBefore(at, 'sol.gep', { operands: [struct, index], resultTypes: [PtrType.get(fs.type, 'Memory')] }).result(0);
}
