/**
 * Matching retains with releases (Swift's ARCMatchingSetBuilder, notes §4.10).
 *
 * (1) Start from one retain; follow retain → the releases its bottom-up state
 *     tracks → the retains their top-down states track → …, to a fixpoint. Every
 *     link must be mutual (the release's top-down state tracks the retain and the
 *     retain's bottom-up state tracks the release); a retain without a bottom-up
 *     state or a release without a top-down state fails the set.
 * (2) Along the way, known safety and code-motion safety are and-ed per direction
 *     (top-down over the releases' states, bottom-up over the retains').
 * (3) The set is deleted when (known safe top-down and bottom-up) or (code-motion
 *     safe in both directions).
 * (4) Sets are disjoint: an instruction already placed in a set starts no other.
 */
import { isCodeMotionSafe, type RcState } from './lattice.js';

export interface MatchingStates<I> {
  /** Retains and releases of the function, in program order. */
  increments: readonly I[];
  bottomUpAt(increment: I): RcState<I> | undefined;
  topDownAt(decrement: I): RcState<I> | undefined;
}

export interface MatchedSet<I> {
  readonly increments: readonly I[];
  readonly decrements: readonly I[];
  readonly knownSafe: boolean;
  readonly codeMotionSafe: boolean;
}

/** (1)+(2) The set grown from `start`, or undefined when a link fails. */
export function matchFrom<I>(start: I, m: MatchingStates<I>): MatchedSet<I> | undefined {
  const incs = new Set<I>([start]);
  const decs = new Set<I>();
  let knownTD = true, knownBU = true, motionTD = true, motionBU = true;
  let newIncs: I[] = [start];
  while (newIncs.length) {
    const newDecs: I[] = [];
    for (const inc of newIncs) {
      const bu = m.bottomUpAt(inc);
      if (!bu || bu.entrance) return undefined;
      knownBU &&= bu.knownSafe;
      motionBU &&= isCodeMotionSafe(bu);
      for (const dec of bu.insts) {
        const td = m.topDownAt(dec);
        if (!td || !td.insts.includes(inc)) return undefined;
        if (!decs.has(dec)) {
          decs.add(dec);
          newDecs.push(dec);
        }
      }
    }
    newIncs = [];
    for (const dec of newDecs) {
      const td = m.topDownAt(dec)!;
      knownTD &&= td.knownSafe;
      motionTD &&= isCodeMotionSafe(td);
      for (const inc of td.insts) {
        const bu = m.bottomUpAt(inc);
        if (!bu || !bu.insts.includes(dec)) return undefined;
        if (!incs.has(inc)) {
          incs.add(inc);
          newIncs.push(inc);
        }
      }
    }
  }
  if (!decs.size) return undefined;
  return { increments: [...incs], decrements: [...decs], knownSafe: knownTD && knownBU, codeMotionSafe: motionTD && motionBU };
}

/** (3)+(4) Every deletable set, in the order of their first retains. */
export function deletableSets<I>(m: MatchingStates<I>): MatchedSet<I>[] {
  const used = new Set<I>();
  const out: MatchedSet<I>[] = [];
  for (const inc of m.increments) {
    if (used.has(inc)) continue;
    const set = matchFrom(inc, m);
    if (!set || !(set.knownSafe || set.codeMotionSafe)) continue;
    if (set.increments.some((i) => used.has(i)) || set.decrements.some((d) => used.has(d))) continue;
    for (const i of set.increments) used.add(i);
    for (const d of set.decrements) used.add(d);
    out.push(set);
  }
  return out;
}
