/**
 * Which memory objects (points-to.ts) are live at a program point of one function: those
 * reachable, through contents, from
 *  (O1) the slots live there (SlotLiveness: may be read before being overwritten),
 *  (O2) the SSA values live there (program-points.ts) — not the slots they address: (O1)
 *       decides whether a slot's contents are read —, and
 *  (O3) every object that escapes the function other than by being returned (its memory is
 *       visible to callers, callees that captured it, or assembly, for good).
 *  (O4) A value the release placement made after the analysis (the reload of a value it
 *       spilled around a move) addresses what the value it stands for addressed.
 *  (O5) Objects are points-to's folded ones (one per allocating op) unless asked for precise().
 */
import type { Operation, Value } from '@lifeline/ir';
import type { FunctionPointsTo, MemObject, SlotLiveness } from '@lifeline/analyses';
import { PtrType, holdsAddress } from '../sol-types.js';
import { liveValuesAt } from './program-points.js';
import { slotLiveness } from './structure.js';

const holds = (v: Value) => holdsAddress(v.type);

export interface LiveAt {
  live: Set<MemObject>;
  /** The live slots that hold addresses (O1). */
  slots: Value[];
  /** The live SSA values that hold addresses (O2). */
  values: Value[];
}

export class ObjectLiveness {
  private readonly slots: SlotLiveness;
  /** (O3), closed under contents. */
  readonly permanent = new Set<MemObject>();

  constructor(
    private readonly fn: Operation,
    private readonly pt: FunctionPointsTo,
    slots?: SlotLiveness,
    /** (O4) Values made by the placement, and the analysed values they stand for. */
    private readonly aliases = new Map<Value, Value>(),
  ) {
    this.slots = slots ?? slotLiveness(fn);
    for (const o of pt.objects()) if (pt.escape(o).some((r) => r.kind !== 'returned')) this.permanent.add(o);
    for (const o of this.reach(this.permanent)) this.permanent.add(o);
  }

  /**
   * (O5) The same liveness over points-to's precise view (an allocation's inner memory apart
   * from it): an array of structs may be dead while the structs it held live on. For whether
   * something dies at a release, not for what a release must keep (the folded view's job).
   */
  precise(): ObjectLiveness {
    return (this.preciseView ??= this.pt.precise === this.pt ? this : new ObjectLiveness(this.fn, this.pt.precise, this.slots, this.aliases));
  }
  private preciseView?: ObjectLiveness;

  /**
   * The same liveness as if `holders` held none of `held` (sealed-stores.ts: what they hold
   * lies below the mark, where no release reaches).
   */
  withoutHolding(holders: ReadonlySet<MemObject>, held: ReadonlySet<MemObject>): ObjectLiveness {
    const pt = this.pt;
    const cut = new Map([...holders].map((h) => [h, new Set([...pt.contents(h)].filter((c) => !held.has(c)))]));
    const contents = (o: MemObject) => cut.get(o) ?? pt.contents(o);
    const view: FunctionPointsTo = {
      fn: pt.fn, unknown: pt.unknown, opaqueWhy: pt.opaqueWhy, opaqueAt: pt.opaqueAt, isEntry: pt.isEntry, precise: pt.precise,
      objects: () => pt.objects(), objectOf: (x) => pt.objectOf(x), pointsTo: (v) => pt.pointsTo(v), escape: (o) => pt.escape(o),
      allocatedBy: (op) => pt.allocatedBy(op), contents,
      reach: (from) => out.reach(from),
    };
    const out: ObjectLiveness = new ObjectLiveness(this.fn, view, this.slots, this.aliases);
    return out;
  }

  /** (O4) */
  alias(made: Value, original: Value): void {
    this.aliases.set(made, this.aliases.get(original) ?? original);
  }

  pointsTo(v: Value): ReadonlySet<MemObject> {
    return this.pt.pointsTo(this.aliases.get(v) ?? v);
  }

  /**
   * (O2) What a live value keeps alive: the objects it addresses, except slots — a live slot
   * address says the slot may be used later, not that what it holds now is read: (O1) decides
   * that (a slot overwritten before its next read holds nothing live).
   */
  valueRoots(v: Value): MemObject[] {
    return [...this.pointsTo(v)].filter((o) => o.kind !== 'slot');
  }

  /** `roots` and everything reachable from them through contents (not looking into the objects `opaque` names). */
  reach(roots: Iterable<MemObject>, opaque?: (o: MemObject) => boolean): Set<MemObject> {
    const seen = new Set<MemObject>();
    const work = [...roots];
    while (work.length) {
      const o = work.pop()!;
      if (seen.has(o)) continue;
      seen.add(o);
      if (opaque?.(o)) continue;
      for (const c of this.pt.contents(o)) if (!seen.has(c)) work.push(c);
    }
    return seen;
  }

  /** Everything live just before `op`, and the live roots it came from. */
  before(op: Operation): LiveAt {
    const slots = [...this.slots.liveBefore(op)].filter((s) => holdsAddress((s.type as PtrType).pointeeType ?? s.type));
    const values = liveValuesAt(this.fn, op.block!, op, holds);
    const roots: MemObject[] = [...this.permanent];
    for (const s of slots) {
      const o = this.pt.objectOf(s);
      if (o) roots.push(o);
    }
    for (const v of values) roots.push(...this.valueRoots(v));
    return { live: this.reach(roots), slots, values };
  }
}
