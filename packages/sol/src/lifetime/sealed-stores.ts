/**
 * (I^s) Sealed stores (LIFETIME.md 2^s): a loop that keeps an accumulator in a slot and now and
 * then stores it into an array made before the loop — `lines[count++] = line; line = w;`,
 * `chunks[c++] = chunk; chunk = "";` — has no plan of kept slots: the array may hold the
 * accumulator, so at every end the accumulator seems held by memory, and every old instance
 * stays (held-out TextWrap.wrap, StringFormatter.table). Here the loop's mark is a stack word
 * instead of a value, and each such store *seals* what was allocated before it: right after
 * the store the mark moves up to the free pointer, so the stored object — and everything
 * below it — stays for good. The releases at the iteration's ends go to the current mark and
 * keep the plan's slots, where the plan is computed as if the array held none of the loop's
 * objects: every object it does hold lies below the current mark.
 *
 * Correct when, with G the objects the loop allocates and H the other objects whose contents
 * may hold one of G (the holders):
 *  (S1) every holder is allocated outside the loop (an allocation or a call's fresh memory)
 *       and does not escape other than by being returned;
 *  (S2) the only ops in the loop that may write into a holder an address of G are `sol.store`s
 *       (the seals) of a flat type — the stored object holds no address, so nothing the loop
 *       allocates later can become reachable from a holder through it — in the loop itself
 *       (not a nested loop) and under `sol.if`s only, so the mark moves in the same run;
 *  (S3) no call in the loop is given anything that reaches a holder (it could store there),
 *       and every other memory write in the loop names what it writes;
 *  (S4) each seal writes an element no other run of it writes in the same run of the loop
 *       (a counter index): what a seal leaves below the mark is never displaced for nothing.
 * Then at any end, every object a holder holds from this loop was allocated before the last
 * seal that ran, so it lies below the mark (an object written at the free pointer without
 * moving it is reserved before the mark is read: unbounded-runs.ts ends a run at a mark), and
 * the objects at or above the mark are held only by the roots the plan sees.
 */
import type { Operation, Value } from '@lifeline/ir';
import type { FunctionPointsTo, MemObject } from '@lifeline/analyses';
import { PtrType, isFlatMemoryType, ui256 } from '../sol-types.js';
import { createBefore } from './program-points.js';
import { memoryWrites } from './structure.js';
import { distinctPerIteration } from './held-release.js';

export interface Seals {
  holders: Set<MemObject>;
  stores: Operation[];
}

/** The holders and seals of `loop` when (S1)–(S3) hold and there is a seal; undefined otherwise. */
export function sealsOf(pt: FunctionPointsTo, loop: Operation, group: ReadonlySet<MemObject>, permanent: ReadonlySet<MemObject>): Seals | undefined {
  const holders = new Set(pt.objects().filter((h) => h.kind !== 'slot' && !group.has(h) && [...pt.contents(h)].some((c) => group.has(c))));
  if (!holders.size) return undefined;
  // (S1)
  for (const h of holders) if ((h.kind !== 'alloc' && h.kind !== 'call') || !h.op || loop.isAncestorOf(h.op) || permanent.has(h)) return undefined;
  const stores: Operation[] = [];
  let fails = false;
  loop.walk((op) => {
    if (fails || op === loop) return;
    const w = memoryWrites(op, pt);
    if (w.unknown) fails = true; // (S3)
    if (fails || !w.objects.some((o) => holders.has(o))) return;
    // (S2) a store into a holder of memory the loop made is a seal; one of values or of older
    // memory changes nothing; any other write into a holder (a call given one: (S3)) may be one
    const stored = op.name === 'sol.store' ? [...pt.pointsTo(op.operand(0))] : undefined;
    if (stored && !stored.some((o) => group.has(o))) return;
    if (!stored || !sealable(op, loop)) fails = true;
    else stores.push(op);
  });
  return fails || !stores.length ? undefined : { holders, stores };
}

/**
 * (S2) A store of a flat object, in `loop` itself under `sol.if`s only; (S4) into an element
 * no other run of it writes in the same run of the loop (`parts[k++] = w`): a sealed object
 * is never displaced by a later one, which would leave it below the mark for nothing (a ring
 * `slots[i % 4] = t` is the held releases' case).
 */
function sealable(store: Operation, loop: Operation): boolean {
  // only `sol.if`s up to the loop: no nested loop either
  for (let p = store.parentOp; p && p !== loop; p = p.parentOp) if (p.name !== 'sol.if') return false;
  return isFlatMemoryType((store.operand(1).type as PtrType).pointeeType) && distinctPerIteration(store, loop);
}

/**
 * The mark as a stack word: set to `mark` before the loop and to the free pointer after each
 * seal; returns a way to read it before an end.
 */
export function placeSeals(loop: Operation, seals: Seals, mark: Value): (end: Operation) => Value {
  const word = createBefore(loop, 'sol.alloca', { resultTypes: [PtrType.get(ui256, 'Stack')] }).result(0);
  createBefore(loop, 'sol.store', { operands: [mark, word] });
  for (const s of seals.stores) {
    const after = s.next!;
    const fp = createBefore(after, 'sol.free_ptr', { resultTypes: [ui256] }).result(0);
    createBefore(after, 'sol.store', { operands: [fp, word] });
  }
  return (end) => createBefore(end, 'sol.load', { operands: [word], resultTypes: [ui256] }).result(0);
}
