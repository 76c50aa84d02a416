/**
 * Unbounded runs: static allocations at offsets from the free pointer (issue 7: "`offset`
 * attributes relative to the free pointer where sizes are static", "local allocations become
 * unbounded allocations"). Runs after the release placement (releases.ts), in functions that
 * keep the free pointer (not in static frames, not reachable from assembly that observes it).
 *
 *  (R1) A run starts in a block at an allocating op with a static footprint (static-sizes.ts):
 *       the op writes its object at a mark `%m` (the free pointer, `sol.free_ptr`; an existing
 *       mark is reused when nothing moved the free pointer since) — `at %m {offset = 0}` —
 *       and does not move the free pointer: an unbounded allocation.
 *  (R2) The run goes on through the block while ops leave the free pointer and the memory above
 *       it alone (`leavesFreeMemory`): no regions, no calls, not a terminator, declared memory
 *       effects with no allocation outside the stack, nothing on FreePointer (marks,
 *       releases, assembly that touches 0x40) or FreeMemory (revert / event data, hashing
 *       input), and no whole-memory write (memory-safe assembly may use memory above the free
 *       pointer). Each later static allocation gets the next offset: `at %m {offset = k}`, k
 *       the sum of the sizes before it in the run.
 *  (R3) The run ends at the first other op T. When a run object is live just before T (T or
 *       what follows reads it: ObjectLiveness), `sol.reserve %m {size = e}` before T moves the
 *       free pointer to the end e of the highest live one, so whatever T allocates or writes at
 *       the free pointer (a callee, an encoder, the next allocation, the caller after a
 *       return) lands above it. Otherwise every run object is dead and the free pointer is
 *       still %m: T reuses their memory, as a release to %m would have let it.
 *  (R4) T = `sol.free %m` that keeps nothing needs no reserve: it sets the free pointer to a
 *       mark below every live object (releases.ts); nor does `sol.free_held`, which sets it
 *       from its mark and the one object it keeps. Every other release gets one for the whole
 *       run: where it cannot move its survivors (object graphs whose spans overlap, a root that
 *       cannot move) or does not run yet (a rooted or traced release waiting for its
 *       threshold) it keeps everything up to the free pointer, which must then lie above the
 *       run's live objects (a struct at offset 0 from the free pointer, returned with the
 *       string one of its fields holds, was overwritten by the return's encoding: the
 *       fixture's `structWithItsBytes` differs from solc without it).
 * Zero-initialised run objects are zeroed at their address like any allocation (the memory may
 * have been used before); the others write every byte before it is read.
 */
import { IntegerAttr, IntegerType, isTerminator, segmentSizes, type Block, type Operation, type Value } from '@lifeline/ir';
import type { FunctionPointsTo, MemObject } from '@lifeline/analyses';
import { ui256 } from '../sol-types.js';
import { ObjectLiveness } from './object-liveness.js';
import { createBefore } from './program-points.js';
import type { ReleaseNotes } from './releases.js';
import { staticFootprint } from './static-sizes.js';

const i64 = IntegerType.get(64);

/** (R2) Whether `op` leaves the free pointer and the memory above it alone. */
function leavesFreeMemory(op: Operation): boolean {
  if (op.regions.length || isTerminator(op) || op.def?.spec.call) return false;
  const effects = op.def?.spec.memoryEffects?.(op);
  if (!effects) return false;
  return !effects.some(
    (e) =>
      (e.kind === 'allocate' && e.resource !== 'Stack') ||
      e.resource === 'FreePointer' ||
      e.resource === 'FreeMemory' ||
      (e.kind === 'write' && !e.value && (e.resource === 'Memory' || e.resource === undefined)),
  );
}

interface Member {
  object: MemObject | undefined;
  end: number;
}

/** One run: its mark and what was placed at offsets from it. */
interface Run {
  mark: Value;
  size: number;
  members: Member[];
}

export class UnboundedRuns {
  private readonly liveness: ObjectLiveness;
  /** Allocations placed in runs. */
  placed = 0;
  /** Reserves inserted. */
  reserves = 0;

  constructor(
    private readonly fn: Operation,
    private readonly pt: FunctionPointsTo,
    private readonly notes: ReleaseNotes,
  ) {
    this.liveness = new ObjectLiveness(fn, pt);
  }

  run(): void {
    const blocks: Block[] = [];
    this.fn.walk((op) => {
      for (const r of op.regions) for (const b of r.blocks) blocks.push(b);
    });
    for (const b of blocks) this.block(b);
  }

  private block(b: Block): void {
    /** A mark equal to the free pointer now (nothing moved it since it was taken). */
    let mark: Value | undefined;
    let run: Run | undefined;
    for (const op of b.opList()) {
      const fp = this.eligible(op) ? staticFootprint(op) : undefined;
      if (fp) {
        // (R1) / (R2)
        if (!run) run = { mark: mark ?? createBefore(op, 'sol.free_ptr', { resultTypes: [ui256] }).result(0), size: 0, members: [] };
        this.place(op, run, fp.size);
        continue;
      }
      if (leavesFreeMemory(op)) continue;
      // (R3) / (R4)
      if (run) this.end(run, op);
      run = undefined;
      mark = op.name === 'sol.free_ptr' ? op.result(0) : undefined;
    }
  }

  /** An allocating op not placed yet (static frames, shared zero elements) with one result. */
  private eligible(op: Operation): boolean {
    return op.results.length === 1 && !op.getAttr('offset') && !op.getAttr('shared_zero') && !!this.pt.objectOf(op.result(0));
  }

  private place(op: Operation, run: Run, size: number): void {
    const start = op.def!.operandGroupSizes(op);
    op.insertOperands(op.operands.length, [run.mark]);
    if (op.getAttr('operandSegmentSizes') || start.length > 1) op.setAttr('operandSegmentSizes', segmentSizes([...start.slice(0, -1), 1]));
    op.setAttr('offset', new IntegerAttr(BigInt(run.size), i64));
    const object = this.pt.objectOf(op.result(0));
    run.members.push({ object, end: run.size + size });
    if (object) this.note(object, `unbounded: offset ${run.size} from the free pointer, which it does not move`);
    run.size += size;
    this.placed++;
  }

  /** (R3) The reserve before `t` for the run objects live there. */
  private end(run: Run, t: Operation): void {
    if ((t.name === 'sol.free' && t.operands.length === 1) || t.name === 'sol.free_held') return; // (R4)
    const { live } = this.liveness.before(t);
    // a release that keeps survivors, or may leave everything where it is: every run object
    // (its kept slots may be spills the release placement made, which points-to has not seen)
    const keeps = t.name === 'sol.free' || t.name === 'sol.free_rooted' || t.name === 'sol.free_traced';
    const top = Math.max(0, ...run.members.filter((m) => keeps || !m.object || live.has(m.object)).map((m) => m.end));
    if (top === 0) return;
    createBefore(t, 'sol.reserve', { operands: [run.mark], attributes: [['size', new IntegerAttr(BigInt(top), i64)]] });
    this.reserves++;
    for (const m of run.members) if (m.object && (keeps || live.has(m.object))) this.note(m.object, `reserved before ${t.name} (${keeps ? 'it keeps survivors' : 'live there'})`);
  }

  private note(o: MemObject, text: string): void {
    const list = this.notes.get(o) ?? [];
    if (!list.includes(text)) list.push(text);
    this.notes.set(o, list);
  }
}
