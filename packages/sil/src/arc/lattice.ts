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
 */
import type { Lattice } from '@lifeline/dataflow';

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

/** (4) `null` = not reached; a map from RC root to its tracking state; absent = None. */
export type RcFacts<K, I> = ReadonlyMap<K, RcState<I>> | null;

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

/** (3)+(4) The merge of two whole values. */
export function mergeFacts<K, I>(a: RcFacts<K, I>, b: RcFacts<K, I>): RcFacts<K, I> {
  if (a === null) return b;
  if (b === null || a === b) return a;
  let out: Map<K, RcState<I>> | undefined;
  for (const [k, sa] of a) {
    const m = mergeStates(sa, b.get(k));
    if (m === sa) continue;
    out ??= new Map(a);
    if (m) out.set(k, m);
    else out.delete(k);
  }
  return out ?? a;
}

export function factsEqual<K, I>(a: RcFacts<K, I>, b: RcFacts<K, I>): boolean {
  if (a === b) return true;
  if (a === null || b === null || a.size !== b.size) return false;
  for (const [k, s] of a) {
    const t = b.get(k);
    if (!t || !stateEquals(s, t)) return false;
  }
  return true;
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
