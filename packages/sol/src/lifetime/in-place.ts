/**
 * Elements built in place. `new S[](n)` (and `S memory s;` for struct fields of struct type,
 * `T[k] memory` for static arrays of aggregates) gives every slot a zero element of its own
 * (rt-memory.ts zeroValue). A program that then stores a new literal into a slot,
 * `ps[i] = Point(x, y)`, allocates the literal and leaves the zero element behind, dead:
 * solc pays for both. When nothing else can reach the displaced element, its memory may take
 * the literal: the literal's field writes go into the element the slot holds, and neither the
 * allocation nor the slot write remains.
 *
 * A store S of value N into location L is rewritten when
 *  (P1) L addresses a slot of aggregate type T of fixed size (a struct or a static array, held
 *       by address) and L may address one object only: A, a `sol.malloc` with zero_init
 *       whose zero elements are not shared (shared-zero.ts) — so every T slot of A first
 *       holds a zero element of its own;
 *  (P2) N is a `sol.malloc` of T in S's block whose only uses are S and constant-index
 *       addresses of its fields that are only written (sol.store), all before S; every field
 *       is written, or N is zero-initialised and the field is a value (written 0 here) —
 *       so N is invisible until S, and writing its fields at S gives the same memory;
 *  (P3) A does not escape to assembly or unknown code, and nothing that may run before S
 *       (mayPrecede: earlier in the block, or anywhere in a loop around both) writes a T slot
 *       of A other than such rewritten stores (so a slot holds its zero element or what an
 *       earlier rewrite wrote into it, never another object), writes a T address that may
 *       point into A into memory other than a stack slot, keeps one in memory it allocates
 *       (an array literal), or hands A to a callee that may copy one (one that captures it,
 *       stores addresses into it, S1/S3, or hands back memory holding one, S4) — so the
 *       element a slot holds at S is held by that slot alone; a swap after a fill loop does
 *       not keep the fill from being rewritten;
 *  (P4) after S, no live SSA value or stack slot of type T may address into A — so nothing
 *       reads the displaced element afterwards except through the slot, where it now is N.
 * The element is read from the slot at S, after the index is checked, as the store did.
 */
import { IntegerAttr, IntegerType, type Operation, type SymbolTableCollection, type Type, type Value } from '@lifeline/ir';
import { isSlot, type SlotLiveness, type FunctionPointsTo, type MemObject, type ProgramPointsTo } from '@lifeline/analyses';
import { PtrType, StructType, fixedSizeFields, isValueType, ui256 } from '../sol-types.js';
import { calleeOf, createBefore, liveValuesAt } from './program-points.js';
import { mayShareZero, zeroSharedByType, type WrittenInPlace } from './shared-zero.js';
import { mayHoldSlot, mayPrecede, slotLiveness } from './structure.js';
import { constantOf } from './static-sizes.js';

/** The slot type T a location of type `!sol.ptr<T, Memory>` writes, when T is fixed-size. */
function slotAggregate(loc: Value): Type | undefined {
  const t = loc.type;
  return t instanceof PtrType && t.loc === 'Memory' && fixedSizeFields(t.pointeeType) ? t.pointeeType : undefined;
}

/** How a literal N is written at S: its field stores in program order, and the fields left zero. */
interface Plan {
  store: Operation;
  literal: Operation;
  /** N's field addresses and their stores, in block order. */
  moved: Operation[];
  zeroFields: number[];
}

/** (P2) */
function literalPlan(store: Operation, t: Type): Plan | undefined {
  const n = store.operand(0);
  const lit = n.definingOp;
  if (lit?.name !== 'sol.malloc' || lit.operands.length || n.type !== t || lit.block !== store.block) return undefined;
  const fields = fixedSizeFields(t)!;
  const written = new Set<number>();
  const moved: Operation[] = [];
  for (const use of n.uses()) {
    const user = use.owner;
    if (user === store) { if (use.index !== 0) return undefined; continue; }
    if (user.name !== 'sol.gep' || use.index !== 0 || user.block !== store.block || !user.isBeforeInBlock(store)) return undefined;
    const k = constantOf(user.operand(1));
    if (k === undefined || k >= BigInt(fields.length)) return undefined;
    moved.push(user);
    for (const u of user.result(0).uses()) {
      const w = u.owner;
      if (w.name !== 'sol.store' || u.index !== 1 || w.operand(0) === n || w.block !== store.block || !w.isBeforeInBlock(store)) return undefined;
      moved.push(w);
    }
    written.add(Number(k));
  }
  const zeroFields = fields.map((_, k) => k).filter((k) => !written.has(k));
  if (zeroFields.length && (!lit.getAttr('zero_init') || zeroFields.some((k) => !isValueType(fields[k]!)))) return undefined;
  moved.sort((a, b) => (a === b ? 0 : a.isBeforeInBlock(b) ? -1 : 1));
  return { store, literal: lit, moved, zeroFields };
}

/** The object a zero-initialised `sol.malloc` with its own zero elements stands for (P1). */
function ownZeroElements(o: MemObject): boolean {
  const op = o.kind === 'alloc' ? o.value?.definingOp : undefined;
  return op?.name === 'sol.malloc' && !!op.getAttr('zero_init') && !op.getAttr('shared_zero');
}

class InPlace {
  private readonly slots: SlotLiveness;
  constructor(
    private readonly fn: Operation,
    private readonly pt: FunctionPointsTo,
    private readonly program: ProgramPointsTo,
    private readonly symbols: SymbolTableCollection,
    private readonly written: WrittenInPlace,
  ) {
    this.slots = slotLiveness(fn);
  }

  private mayAddress(v: Value, a: MemObject): boolean {
    return this.pt.pointsTo(v).has(a);
  }

  /**
   * (P3) The ops that may put a T address into A somewhere other than A's slots (or into a
   * callee that might), apart from the slot writes themselves; undefined when A escapes to
   * code that might at any time.
   */
  private copiesOfElements(a: MemObject, t: Type): Operation[] | undefined {
    if (this.pt.escape(a).some((r) => r.kind !== 'returned' && r.kind !== 'stored')) return undefined;
    const hazards: Operation[] = [];
    this.fn.walk((op) => {
      if (op.name === 'sol.store') {
        const [v, loc] = [op.operand(0), op.operand(1)];
        if (v.type === t && this.mayAddress(v, a) && !isSlot(loc)) hazards.push(op);
        return;
      }
      const call = op.def?.spec.call;
      if (!call) {
        if (op.operandValues().some((v) => v.type === t && this.mayAddress(v, a)) && !this.keepsNoCopy(op, a)) hazards.push(op);
        return;
      }
      const callee = calleeOf(op, this.symbols);
      const sum = callee ? this.program.summary(callee) : undefined;
      const reaches = (v: Value) => this.pt.reach(this.pt.pointsTo(v)).has(a);
      // an indirect or opaque callee given A may do anything with it
      const copies = op.operandValues().some(reaches) && (!sum || sum.opaque || call.args(op).some((v, k) => {
        if (!reaches(v)) return false;
        const pc = sum.paramContents[k];
        if (!pc || sum.params[k]!.captured || pc.fresh || pc.params.length || pc.unknown) return true;
        return sum.freshContents.params.includes(k) || sum.freshContents.unknown;
      }));
      if (copies) hazards.push(op);
    });
    return hazards;
  }

  /**
   * Whether an op given a T address into A keeps no copy of it in memory: it only reads, or
   * writes only memory it allocates whose contents cannot hold A (an encoding, a hash input).
   */
  private keepsNoCopy(op: Operation, a: MemObject): boolean {
    const spec = op.def?.spec;
    if (op.def?.has('Pure') || spec?.branch || spec?.regionBranchTerminator || op.def?.has('ReturnLike')) return true;
    const effects = spec?.memoryEffects?.(op);
    if (!effects) return false;
    return effects.every((e) => {
      if (e.kind === 'read') return true;
      if (!e.value || !(op.results as readonly Value[]).includes(e.value)) return false;
      const o = this.pt.objectOf(e.value);
      return !!o && !this.pt.contents(o).has(a);
    });
  }

  /** (P4) */
  private noReferenceAfter(store: Operation, a: MemObject, t: Type): boolean {
    const next = store.next!;
    const values = liveValuesAt(this.fn, store.block!, next, (v) => v.type === t);
    if (values.some((v) => this.mayAddress(v, a))) return false;
    for (const s of this.slots.liveAfter(store)) {
      if ((s.type as PtrType).pointeeType !== t) continue;
      const o = this.pt.objectOf(s);
      if (!o || this.pt.contents(o).has(a)) return false;
    }
    return true;
  }

  /** The rewrites: per array or struct A and slot type T, the literal stores (P1), (P2), (P4) admit that no hazard of (P3) may precede. */
  plans(): Plan[] {
    const groups = new Map<MemObject, Map<Type, Operation[]>>();
    const stored = new Set<Value>(); // every value stored into a fixed-size slot
    this.fn.walk((op) => {
      if (op.name !== 'sol.store') return;
      const t = slotAggregate(op.operand(1));
      if (!t) return;
      stored.add(op.operand(0));
      for (const o of this.pt.pointsTo(op.operand(1))) {
        if (!mayHoldSlot(o, t)) continue;
        const byType = groups.get(o) ?? new Map<Type, Operation[]>();
        groups.set(o, byType);
        byType.set(t, [...(byType.get(t) ?? []), op]);
      }
    });
    const out: Plan[] = [];
    for (const [a, byType] of groups) {
      // one zero element shared by every slot (shared-zero.ts) costs less than one per slot
      // filled in place, for the same memory
      if (!ownZeroElements(a) || stored.has(a.value!) || mayShareZero(this.fn, this.pt, a, this.written)) continue;
      for (const [t, stores] of byType) {
        if (zeroSharedByType(t, this.written)) continue;
        const hazards = this.copiesOfElements(a, t);
        if (!hazards) continue;
        const only = (s: Operation) => [...this.pt.pointsTo(s.operand(1))].every((o) => o === a || !mayHoldSlot(o, t));
        let built: Plan[] = [];
        for (const s of stores) {
          const p = only(s) ? literalPlan(s, t) : undefined;
          if (p && this.noReferenceAfter(s, a, t)) built.push(p);
        }
        // (P3) flow-sensitively: a store is rewritten when no hazard — nor a slot write left as
        // it is — may run before it (swapping elements after a fill loop leaves the fill alone)
        for (let changed = true; changed; ) {
          const kept = new Set(built.map((p) => p.store));
          const before = [...hazards, ...stores.filter((s) => !kept.has(s))];
          const next = built.filter((p) => !before.some((h) => mayPrecede(h, p.store)));
          changed = next.length !== built.length;
          built = next;
        }
        out.push(...built);
      }
    }
    return out;
  }
}

/** Writes the literal's fields into the element its store displaces, and erases the literal and the store. */
function rewrite(p: Plan): void {
  const { store, literal } = p;
  const loc = store.operand(1);
  const t = (loc.type as PtrType).pointeeType;
  const element = createBefore(store, 'sol.load', { operands: [loc], resultTypes: [t] }).result(0);
  for (const op of p.moved) {
    op.moveBefore(store);
    if (op.name === 'sol.gep') op.setOperand(0, element);
  }
  const fields = fixedSizeFields(t)!;
  const index = t instanceof StructType ? IntegerType.get(64, 'unsigned') : ui256;
  for (const k of p.zeroFields) {
    const ft = fields[k]!;
    const c = (v: number, ty: Type) => createBefore(store, 'sol.constant', {
      resultTypes: [ty], attributes: [['value', new IntegerAttr(BigInt(v), ty instanceof IntegerType ? ty : ui256)]],
    }).result(0);
    const addr = createBefore(store, 'sol.gep', { operands: [element, c(k, index)], resultTypes: [PtrType.get(ft, 'Memory')] }).result(0);
    createBefore(store, 'sol.store', { operands: [c(0, ft), addr] });
  }
  store.erase();
  literal.erase();
}

/** Builds the literals of `fn` in the elements they replace where (P1)–(P4) hold; returns their allocating ops (erased). */
export function buildInPlace(fn: Operation, pt: FunctionPointsTo, program: ProgramPointsTo, symbols: SymbolTableCollection, written: WrittenInPlace): Operation[] {
  const plans = new InPlace(fn, pt, program, symbols, written).plans();
  for (const p of plans) rewrite(p);
  return plans.map((p) => p.literal);
}
