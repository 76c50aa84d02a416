/**
 * Dead allocations go away before the release placement runs:
 *  (D1) a store into a stack slot that is dead after it (overwritten or never read again)
 *       is removed — e.g. solc's zero-filled allocation for an unnamed memory return
 *       variable, stored into the return slot and never read because every `return` names
 *       its value;
 *  (D2) an allocation whose only uses are stores into it (through constant-index struct
 *       addresses, or the allocation itself as the location) is removed with those stores,
 *       when neither the allocation nor the address computations can revert (static size).
 * Nothing that reads memory, reverts, or is seen by another function is removed.
 */
import type { Operation, Value } from '@lifeline/ir';
import { isSlot } from '@lifeline/analyses';
import { slotLiveness } from './structure.js';

const effectsOf = (op: Operation) => op.def?.spec.memoryEffects?.(op);

/** The location `op` stores into when all it does is write one value-named location. */
function pureStoreLocation(op: Operation): Value | undefined {
  if (op.results.length || op.regions.length) return undefined;
  const effects = effectsOf(op);
  if (effects?.length !== 1 || effects[0]!.kind !== 'write' || !effects[0]!.value) return undefined;
  return effects[0]!.value;
}

/** (D1) */
function removeDeadSlotStores(fn: Operation): number {
  const live = slotLiveness(fn);
  const dead: Operation[] = [];
  fn.walk((op) => {
    const loc = pureStoreLocation(op);
    if (loc && isSlot(loc) && !live.liveAfter(op).has(loc)) dead.push(op);
  });
  for (const op of dead) op.erase();
  return dead.length;
}

/** An op that neither reverts nor touches anything but its result (a struct member address). */
const isQuietAddress = (op: Operation) => op.results.length === 1 && !op.regions.length && effectsOf(op)?.length === 0;

/** Whether the allocating op can never revert: it declares no revert, or it has a static size. */
const cannotFail = (op: Operation) => op.operands.length === 0;

/** (D2) The ops to remove with allocation `a`, or undefined when it is used otherwise. */
function deadAllocationOps(a: Value): Operation[] | undefined {
  const op = a.definingOp!;
  if (op.results.length !== 1 || !cannotFail(op)) return undefined;
  const doomed: Operation[] = [];
  const onlyStoredInto = (v: Value): boolean => {
    for (const use of v.uses()) {
      const user = use.owner;
      if (pureStoreLocation(user) === v && user.operands.findIndex((o) => o.value === v) === user.operands.length - 1) doomed.push(user);
      else if (isQuietAddress(user) && user.operand(0) === v && user.operands.slice(1).every((o) => o.value !== v)) {
        doomed.push(user);
        if (!onlyStoredInto(user.result(0))) return false;
      } else return false;
    }
    return true;
  };
  if (!onlyStoredInto(a)) return undefined;
  return [...doomed, op];
}

/** Runs (D1) and (D2) on `fn`: the allocating ops removed, and whether anything changed. */
export function removeDeadAllocations(fn: Operation, isAllocation: (v: Value) => boolean): { removed: Operation[]; changed: boolean } {
  const stores = removeDeadSlotStores(fn);
  const removed: Operation[] = [];
  for (let changed = true; changed; ) {
    changed = false;
    const allocs: Value[] = [];
    fn.walk((op) => {
      for (const r of op.results) if (isAllocation(r) && !isSlot(r)) allocs.push(r);
    });
    for (const a of allocs) {
      const ops = deadAllocationOps(a);
      if (!ops) continue;
      removed.push(a.definingOp!);
      // users first: the stores, then the addresses (last made first), then the allocation
      const stores = ops.filter((o) => !o.results.length);
      const addresses = ops.filter((o) => o.results.length && o !== a.definingOp).reverse();
      for (const o of [...stores, ...addresses, a.definingOp!]) if (o.block) o.erase();
      changed = true;
    }
  }
  return { removed, changed: stores > 0 || removed.length > 0 };
}
