/**
 * The reference-count state lattices of ARC sequence optimization (Swift's
 * RefCountState, notes §4.3–4.7), as immutable values for the dataflow framework.
 *
 * (1) One state per RC root and direction. Bottom-up (seeded at a release):
 *     None → Decremented → MightBeUsed → MightBeDecremented. Top-down (seeded at a
 *     retain or an entrance: an @owned argument, an alloc_ref):
 *     None → Incremented → MightBeDecremented → MightBeUsed. `Seq` numbers the three
 *     tracking states 1..3 in sequence order for both directions.
 * (2) A tracking state also holds the retains/releases it was seeded by (`insts`,
 *     in first-seen order), whether it is known safe (an enclosing pair keeps the
 *     object alive), and whether it tracks an entrance rather than increments.
 * (3) Merge (Swift's meet, §4.7): equal sequence states stay; None with anything is
 *     None; otherwise the state further along the sequence. `knownSafe` is and-ed,
 *     `insts` united. Entrance and increment states do not merge (None). A root
 *     tracked on one side only is None (no partial merges).
 * (4) In the framework's order (join moves up) None is the top of each root's chain
 *     and "not reached yet" (`null`) is the bottom of the whole value, so the
 *     framework's join is Swift's merge and blocks that are never reached (or end in
 *     program termination) are skipped in merges:
 *
 *              None (root absent)            per root:  seq 3 ─┐ knownSafe false ⊒ true,
 *               │                                       seq 2  │ insts ⊆
 *              seq 3  ⊒  seq 2  ⊒  seq 1                seq 1 ─┘
 *               ...
 *              null  (unreached: bottom of the map lattice)
 * (5) A state is code-motion safe unless it reached the last sequence state
 *     (bottom-up MightBeDecremented, top-down MightBeUsed).
 * (6) A value (`RootStates`) keeps its roots in two persistent maps
 *     (arc/root-map.ts): `local` roots, whose state only ops naming them can
 *     change, and `shared` roots, which any op may affect; whoever stores a root
 *     always puts it in the same part, so the merge (3) and equality are taken
 *     part by part. An op thus visits the shared part and the roots it names, and
 *     a merge or comparison of two values derived from one another costs only the
 *     roots in which they differ (persistent maps share everything else).
 */
import type { Lattice } from '@lifeline/dataflow';
import { RootMap } from './root-map.js';

export const enum Seq {
  /** Bottom-up Decremented / top-down Incremented. */
  First = 1,
  /** Bottom-up MightBeUsed / top-down MightBeDecremented. */
  Second = 2,
  /** Bottom-up MightBeDecremented / top-down MightBeUsed: not code-motion safe (5). */
  Last = 3,
}

export interface RcState<I> {
  readonly seq: Seq;
  readonly knownSafe: boolean;
  readonly insts: readonly I[];
  readonly entrance: boolean;
}

/** (6) The tracked roots of one program point, in two parts; an absent root is None. */
export class RootStates<K, I> implements Iterable<[K, RcState<I>]> {
  private static readonly EMPTY = new RootStates<never, never>(RootMap.empty(), RootMap.empty());

  constructor(readonly local: RootMap<K, RcState<I>>, readonly shared: RootMap<K, RcState<I>>) {}

  static empty<K, I>(): RootStates<K, I> {
    return RootStates.EMPTY as RootStates<K, I>;
  }

  /** A value from entries; `local` says which part a root belongs to (6). */
  static of<K, I>(entries: Iterable<readonly [K, RcState<I>]>, local: (k: K) => boolean = () => false): RootStates<K, I> {
    let v = RootStates.empty<K, I>();
    for (const [k, s] of entries) v = v.set(k, s, local(k));
    return v;
  }

  get size(): number {
    return this.local.size + this.shared.size;
  }

  get(k: K): RcState<I> | undefined {
    return this.local.get(k) ?? this.shared.get(k);
  }

  has(k: K): boolean {
    return this.get(k) !== undefined;
  }

  /** These parts, or this value itself when both are unchanged. */
  with(local: RootMap<K, RcState<I>>, shared: RootMap<K, RcState<I>>): RootStates<K, I> {
    return local === this.local && shared === this.shared ? this : new RootStates(local, shared);
  }

  set(k: K, s: RcState<I>, local: boolean): RootStates<K, I> {
    return local ? this.with(this.local.set(k, s), this.shared) : this.with(this.local, this.shared.set(k, s));
  }

  delete(k: K): RootStates<K, I> {
    return this.with(this.local.delete(k), this.shared.delete(k));
  }

  keys(): K[] {
    return [...this.local.keys(), ...this.shared.keys()];
  }

  *[Symbol.iterator](): Iterator<[K, RcState<I>]> {
    yield* this.local;
    yield* this.shared;
  }
}

/** (4) `null` = not reached; otherwise the tracked roots (6). */
export type RcFacts<K, I> = RootStates<K, I> | null;

export const BOTTOM_UP_NAMES = ['None', 'Decremented', 'MightBeUsed', 'MightBeDecremented'] as const;
export const TOP_DOWN_NAMES = ['None', 'Incremented', 'MightBeDecremented', 'MightBeUsed'] as const;

/** (5) */
export function isCodeMotionSafe<I>(s: RcState<I>): boolean {
  return s.seq !== Seq.Last;
}

function sameInsts<I>(a: readonly I[], b: readonly I[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((x) => set.has(x));
}

export function stateEquals<I>(a: RcState<I>, b: RcState<I>): boolean {
  return a === b || (a.seq === b.seq && a.knownSafe === b.knownSafe && a.entrance === b.entrance && sameInsts(a.insts, b.insts));
}

/** (3) The merge of two tracking states of one root; `undefined` is None. */
export function mergeStates<I>(a: RcState<I> | undefined, b: RcState<I> | undefined): RcState<I> | undefined {
  if (!a || !b) return undefined;
  if (a.entrance !== b.entrance) return undefined;
  const seq = a.seq >= b.seq ? a.seq : b.seq;
  const knownSafe = a.knownSafe && b.knownSafe;
  let insts = a.insts;
  if (!sameInsts(a.insts, b.insts)) {
    const seen = new Set(a.insts);
    insts = [...a.insts, ...b.insts.filter((x) => !seen.has(x))];
  }
  if (seq === a.seq && knownSafe === a.knownSafe && insts === a.insts) return a;
  return { seq, knownSafe, insts, entrance: a.entrance };
}

/** (3)+(4)+(6) The merge of two whole values (mergeStates is idempotent, as root-map (4) needs). */
export function mergeFacts<K, I>(a: RcFacts<K, I>, b: RcFacts<K, I>): RcFacts<K, I> {
  if (a === null) return b;
  if (b === null || a === b) return a;
  return a.with(a.local.intersectWith(b.local, mergeStates), a.shared.intersectWith(b.shared, mergeStates));
}

/** (6) */
export function factsEqual<K, I>(a: RcFacts<K, I>, b: RcFacts<K, I>): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  return a.local.equals(b.local, stateEquals) && a.shared.equals(b.shared, stateEquals);
}

export function printState<I>(s: RcState<I> | undefined, names: readonly string[], showInst: (i: I) => string = String): string {
  if (!s) return names[0]!;
  const flags = [s.knownSafe ? 'known-safe' : '', s.entrance ? 'entrance' : ''].filter(Boolean).join(',');
  return `${names[s.seq]}${flags ? `(${flags})` : ''}[${s.insts.map(showInst).join(', ')}]`;
}

/** The framework lattice (4) of one direction. */
export function rcFactsLattice<K, I>(
  direction: 'bottom-up' | 'top-down', showKey: (k: K) => string = String, showInst: (i: I) => string = String,
): Lattice<RcFacts<K, I>> {
  const names = direction === 'bottom-up' ? BOTTOM_UP_NAMES : TOP_DOWN_NAMES;
  return {
    bottom: null,
    join: mergeFacts,
    equals: factsEqual,
    print: (a) => (a === null ? '<unreached>' : `{${[...a].map(([k, s]) => `${showKey(k)}: ${printState(s, names, showInst)}`).join(', ')}}`),
  };
}
