/**
 * Reordering allocations before a loop (LIFETIME.md "Release points" (3')), so the loop's
 * mark can be taken below the initial values of the slots the loop reassigns. A loop that
 * reassigns `acc = f(acc)` drops the initial `acc` after its first iteration; when an object
 * the loop only reads (`step`) was allocated after it, the mark has to stay above both and
 * the initial value's memory is never given back. Moving the read-only objects' allocations
 * up, before the reassigned ones, lets the mark go below the reassigned ones.
 *  (H1) Only an allocation whose every memory effect is on its own fresh object (allocate,
 *       write, and the memory-limit panic, which no program reaches within gas) moves; it
 *       moves within its block, before an earlier op (the anchor).
 *  (H2) Its operands must be defined before the anchor, or by `Pure` ops without regions
 *       (constants) that move up with it, or by allocations already moved.
 *  (H3) The ops it moves over must not read or write the free pointer or the memory above
 *       it (nor be calls or regions): then only the addresses the allocator hands out change,
 *       which no program can observe but through the free pointer.
 */
import type { Operation, Value } from '@lifeline/ir';

/** (H1) */
function isFreshOnly(op: Operation): boolean {
  if (op.regions.length || !op.def || op.def.spec.call || op.results.length !== 1) return false;
  const effects = op.def.spec.memoryEffects?.(op);
  if (!effects?.length) return false;
  return effects.every((e) => (e.resource === 'Memory' && e.value === op.result(0) && (e.kind === 'allocate' || e.kind === 'write'))
    || (e.resource === 'Revert' && e.kind === 'write'));
}

/** (H3) */
function mayBeJumped(op: Operation): boolean {
  if (op.regions.length || !op.def || op.def.spec.call) return false;
  if (op.def.has('Pure')) return true;
  const effects = op.def.spec.memoryEffects?.(op);
  return !!effects && effects.every((e) => e.resource !== 'FreePointer' && e.resource !== 'FreeMemory');
}

/**
 * Moves allocation `x` (with the constants it needs) just before `anchor` in the same block,
 * when (H1)–(H3) allow it; returns whether it moved.
 */
export function hoistAllocation(x: Operation, anchor: Operation): boolean {
  if (x.block !== anchor.block || !anchor.isBeforeInBlock(x) || !isFreshOnly(x)) return false;
  for (let o = anchor.next; o && o !== x; o = o.next) if (!mayBeJumped(o) && !isFreshOnly(o)) return false; // (H3)
  const chain: Operation[] = [];
  const ready = (v: Value): boolean => { // (H2)
    const d = v.definingOp;
    if (!d || d.block !== anchor.block || d.isBeforeInBlock(anchor) || chain.includes(d)) return true;
    if (d === anchor || !d.def?.has('Pure') || d.regions.length || !d.operandValues().every(ready)) return false;
    chain.push(d);
    return true;
  };
  if (!x.operandValues().every(ready)) return false;
  for (const c of chain) c.moveBefore(anchor);
  x.moveBefore(anchor);
  return true;
}
