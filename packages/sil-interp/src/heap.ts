/**
 * The object heap of the SIL interpreter: reference-counted class instances, the
 * observable trace, and the counters the differential test compares.
 *
 *  1. An object is created by `alloc_ref` with count 1; it is numbered by allocation
 *     order (`#0`, `#1`, …), which the original and an ARC-optimized program share
 *     because optimization never adds or removes an `alloc_ref` execution.
 *  2. A retain (strong_retain, retain_value, copy_value) adds 1 to every object the
 *     operand value holds (a reference, or the references inside a struct, tuple or
 *     enum payload; none for trivial values and payload-less cases). A retain of a
 *     freed object is a use after release and changes nothing.
 *  3. A release (strong_release, release_value, destroy_value) subtracts 1 from every
 *     object the value holds. Releasing a freed object, or one whose count is 0, is an
 *     over-release and changes nothing. When the count reaches 0 the object is freed
 *     right there (Swift frees at the final release): its free is recorded with the
 *     current length of the trace, so two runs can compare where frees fall between
 *     observable events, and the references its stored fields hold are released (a
 *     recursive release, which can free more).
 *  4. A *use* is an instruction that needs the object alive: it reads its header
 *     (is_unique, a checked cast), hands it to a callee (apply), or pins it
 *     (fix_lifetime, the base of mark_dependence). Moving pointer bits (casts that only
 *     reinterpret, aggregates, block arguments, load/store) is not a use. A use of a
 *     freed object counts one use-after-free.
 *  5. At the end of the run every object still alive is a leak (the entry function's
 *     results are handed to the runner and are not leaks).
 *  6. Counters: retains and releases executed (instructions, not objects: a
 *     retain_value of a two-reference struct counts once), objects allocated, freed,
 *     leaked, over-releases, uses after free.
 */

import type { Operation } from '@lifeline/ir';
import type { SilType } from '@lifeline/sil';

/** A class instance (1). `fields` holds stored references by field name, when the program uses ref_element_addr. */
export class HeapObject {
  count = 1;
  /** The allocated class type and the alloc_ref that made it (for checked casts and leak reports). */
  type: SilType | undefined;
  site: Operation | undefined;
  freed = false;
  /** Trace length when freed (3). */
  freedAt = -1;
  readonly fields = new Map<string, SilValue>();
  constructor(readonly id: number, readonly className: string) {}
}

/** A stack slot (alloc_stack) or a field address (ref_element_addr): a mutable cell. */
export class Cell {
  value: SilValue | undefined;
  live = true;
  constructor(readonly kind: 'stack' | 'field', readonly owner?: HeapObject, readonly field?: string) {}
}

/**
 * Runtime values: integers (bigint, wrapped to their width by the instructions),
 * references, aggregates (struct/tuple: the fields in order), enums (case name and
 * optional payload), addresses, function references, and `()`.
 */
export type SilValue =
  | bigint
  | HeapObject
  | { readonly kind: 'agg'; readonly fields: readonly SilValue[] }
  | { readonly kind: 'enum'; readonly tag: string; readonly payload?: SilValue }
  | { readonly kind: 'addr'; readonly cell: Cell }
  | { readonly kind: 'fn'; readonly name: string }
  | { readonly kind: 'unit' };

export const UNIT: SilValue = { kind: 'unit' };

export interface RcCounters {
  retains: number;
  releases: number;
}

export interface MemoryCounters {
  objects: number;
  freed: number;
  leaked: number;
  overReleases: number;
  useAfterFree: number;
}

/** One free (3): object number and the trace length at the time. */
export interface FreeEvent {
  object: number;
  at: number;
}

/** Calls `fn` on every object a value holds (2)(3). */
export function forEachObject(v: SilValue | undefined, fn: (o: HeapObject) => void): void {
  if (v === undefined || typeof v === 'bigint') return;
  if (v instanceof HeapObject) return fn(v);
  if (v.kind === 'agg') for (const f of v.fields) forEachObject(f, fn);
  else if (v.kind === 'enum') forEachObject(v.payload, fn);
}

export class Heap {
  readonly objects: HeapObject[] = [];
  readonly trace: string[] = [];
  readonly frees: FreeEvent[] = [];
  readonly rc: RcCounters = { retains: 0, releases: 0 };
  overReleases = 0;
  useAfterFree = 0;
  /** The first memory errors with the instruction that made them, for the diagnostics (capped). */
  readonly problems: { at: Operation | undefined; text: string }[] = [];
  /** The instruction being executed (set by the machine). */
  at: Operation | undefined;

  alloc(className: string): HeapObject {
    const o = new HeapObject(this.objects.length, className);
    this.objects.push(o);
    return o;
  }

  private problem(text: string): void {
    if (this.problems.length < 20) this.problems.push({ at: this.at, text });
  }

  /** (2) */
  retain(v: SilValue | undefined, what: string): void {
    this.rc.retains++;
    forEachObject(v, (o) => {
      if (o.freed) {
        this.useAfterFree++;
        this.problem(`${what} of object #${o.id} after it was freed`);
      } else o.count++;
    });
  }

  /** (3) */
  release(v: SilValue | undefined, what: string): void {
    this.rc.releases++;
    forEachObject(v, (o) => this.decrement(o, what));
  }

  private decrement(o: HeapObject, what: string): void {
    if (o.freed || o.count === 0) {
      this.overReleases++;
      this.problem(`${what} of object #${o.id} ${o.freed ? 'after it was freed' : 'at count 0'}`);
      return;
    }
    if (--o.count > 0) return;
    o.freed = true;
    o.freedAt = this.trace.length;
    this.frees.push({ object: o.id, at: o.freedAt });
    // (3) the object's stored references die with it.
    for (const f of o.fields.values()) forEachObject(f, (x) => this.decrement(x, `release of a field of object #${o.id}`));
  }

  /** (4) */
  use(v: SilValue | undefined, what: string): void {
    forEachObject(v, (o) => {
      if (!o.freed) return;
      this.useAfterFree++;
      this.problem(`${what} uses object #${o.id} after it was freed`);
    });
  }

  /** is_unique: true iff the object's count is 1 (a freed object is a use after free). */
  isUnique(v: SilValue | undefined, what: string): boolean {
    this.use(v, what);
    let unique = false;
    forEachObject(v, (o) => (unique = !o.freed && o.count === 1));
    return unique;
  }

  /** The apply that made each trace event (for reports that point at the divergence). */
  readonly traceSites: (Operation | undefined)[] = [];

  observe(text: string): void {
    this.trace.push(text);
    this.traceSites.push(this.at);
  }

  /** (5)(6) the counters at the end of a run; `owned` are the objects the entry's results hold. */
  counters(owned: ReadonlySet<HeapObject> = new Set()): MemoryCounters {
    const leaked = this.objects.filter((o) => !o.freed && !owned.has(o)).length;
    return {
      objects: this.objects.length,
      freed: this.frees.length,
      leaked,
      overReleases: this.overReleases,
      useAfterFree: this.useAfterFree,
    };
  }
}
