/**
 * `--arc-sequence-opts`: delete retain/release sets that the bottom-up and
 * top-down dataflow (arc/dataflow.ts) pair up (Swift's ARCSequenceOpts without
 * code motion, notes §4.10–4.11).
 *
 * (1) Runs on every `sil.function` with a body that is not `[ossa]` (Swift's ARC
 *     optimizer runs on lowered SIL; OSSA's copies and destroys are not paired).
 * (2) Solve both directions, match (arc/matching.ts), delete every deletable set.
 * (3) Repeat while something was deleted: a deleted inner pair can make an outer
 *     pair code-motion safe. At most `max-iterations` rounds (default 8). The
 *     executable blocks and edges are solved once per function: deleting
 *     retains/releases changes no constant and no branch.
 * (4) Statistics: `num-retains-deleted`, `num-releases-deleted`.
 */
import type { Operation, PassDef } from '@lifeline/ir';
import { hasFunctionAttribute } from '../sil-access.js';
import { RCIdentity } from '../rc-identity.js';
import { SilTypeInfo } from '../sil-type-info.js';
import { ArcDataflow, solveExecutable, type ArcDataflowOptions } from './dataflow.js';
import { deletableSets, type MatchedSet } from './matching.js';
import { SilArcModel } from './sil-model.js';

export interface SequenceOptsResult {
  retainsDeleted: number;
  releasesDeleted: number;
  rounds: number;
}

export function isOssa(fn: Operation): boolean {
  return hasFunctionAttribute(fn, 'ossa');
}

/** The sil.function ops of a module that have bodies. */
export function functionsWithBodies(module: Operation): Operation[] {
  const out: Operation[] = [];
  module.walk((op) => {
    if (op.name === 'sil.function') {
      if (op.regions[0]?.blocks.length) out.push(op);
      return 'skip';
    }
    return undefined;
  });
  return out;
}

/** (2) One round on one function: the sets deleted. */
export function sequenceOptsRound(fn: Operation, model: SilArcModel, options: ArcDataflowOptions = {}): MatchedSet<Operation>[] {
  const df = new ArcDataflow(fn, model, options);
  const increments: Operation[] = [];
  fn.walk((op) => {
    if (model.rcInst(op)?.kind === 'increment') increments.push(op);
  });
  const sets = deletableSets({
    increments,
    bottomUpAt: (i) => df.bottomUpAt(i),
    topDownAt: (d) => df.topDownAt(d),
  });
  for (const s of sets) for (const op of [...s.increments, ...s.decrements]) op.erase();
  return sets;
}

/** (1)–(3) on one function. */
export function runSequenceOpts(fn: Operation, info: SilTypeInfo, module?: Operation, maxRounds = 8, options: ArcDataflowOptions = {}): SequenceOptsResult {
  const res: SequenceOptsResult = { retainsDeleted: 0, releasesDeleted: 0, rounds: 0 };
  if (isOssa(fn)) return res;
  const model = new SilArcModel(fn, new RCIdentity(fn, info), module);
  const roundOptions = { ...options, executable: options.executable ?? solveExecutable(fn) };
  while (res.rounds < maxRounds) {
    res.rounds++;
    const sets = sequenceOptsRound(fn, model, roundOptions);
    if (!sets.length) break;
    for (const s of sets) {
      res.retainsDeleted += s.increments.length;
      res.releasesDeleted += s.decrements.length;
    }
  }
  return res;
}

export const arcSequenceOptsPass: PassDef = {
  argument: 'arc-sequence-opts',
  name: 'ARCSequenceOpts',
  description: 'Delete retain/release pairs matched by the bottom-up and top-down reference-count dataflow',
  options: [
    { name: 'max-iterations', description: 'Rounds of pairing per function', type: 'int', default: 8 },
    { name: 'strict', description: 'Keep every object freed where it was (no pair across a may-decrement)', type: 'bool', default: true },
  ],
  run(module, ctx) {
    const info = SilTypeInfo.of(module);
    for (const fn of functionsWithBodies(module)) {
      const r = runSequenceOpts(fn, info, module, Number(ctx.options['max-iterations'] ?? 8), { strict: ctx.options.strict !== false });
      ctx.stat('num-retains-deleted', r.retainsDeleted);
      ctx.stat('num-releases-deleted', r.releasesDeleted);
    }
  },
};
