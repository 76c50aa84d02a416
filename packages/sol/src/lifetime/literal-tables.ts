/**
 * Tables of string literals read an entry at a time (`string[12] memory names = ["January",
 * …]; return names[m - 1];`). solc copies every entry into memory when it makes the table; here
 * each read copies only the entry it reads (`sol.string_table %i [...]`), and the table, no
 * longer read, goes away with its entries (dead-allocations.ts). When
 *  (T1) the table is a `sol.malloc` of a static array of strings, not zeroed, each element k
 *       of which is stored once with its own `sol.string_lit` (the lowering of an array
 *       literal of string literals);
 *  (T2) its only other use stores it into a stack slot nothing else writes, and every load of
 *       that slot is used only by `sol.gep`s each used only by one `sol.load` (a read);
 *  (T3) no op of the function may write into an entry, and no call is given anything that
 *       reaches one: a read is a copy, so a write through one read would not reach another
 *       (a caller writing into a returned entry writes after the table died);
 *  (T4) every read lies in the innermost loop of the table (or both in none): each read runs at
 *       most once per table made, and copies one entry where solc copied them all.
 * An entry read on each path is then the same bytes at another address; Solidity code cannot
 * tell the two apart (inline assembly that reads addresses is on its own, as with every move).
 */
import { ArrayAttr, type Operation, type Value } from '@lifeline/ir';
import type { FunctionPointsTo } from '@lifeline/analyses';
import { ArrayType, PtrType, StringType } from '../sol-types.js';
import { createBefore } from './program-points.js';
import { constantOf } from './static-sizes.js';
import { innermostLoop, isStackSlot, stackWrites, writtenInside } from './structure.js';

/** Rewrites the reads of every qualifying table of `fn`; returns the tables whose reads it rewrote. */
export function copyTableEntriesOnRead(fn: Operation, pt: FunctionPointsTo): Operation[] {
  const tables: Operation[] = [];
  fn.walk((op) => {
    if (op.name === 'sol.malloc' && !op.getAttr('zero_init')) tables.push(op);
  });
  return tables.filter((t) => rewrite(fn, t, pt));
}

function rewrite(fn: Operation, table: Operation, pt: FunctionPointsTo): boolean {
  const t = table.result(0).type;
  if (!(t instanceof ArrayType) || t.isDynamic || !(t.eltType instanceof StringType)) return false;
  const entries = entriesOf(table, t.size);
  const slot = entries && slotOf(table);
  if (!entries || !slot) return false;
  const reads = readsOf(fn, slot);
  if (!reads?.length) return false;
  const loop = innermostLoop(table);
  if (reads.some((r) => innermostLoop(r.load) !== loop)) return false; // (T4)
  const objects = new Set(entries.flatMap((e) => [...pt.pointsTo(e.result(0))]));
  const written = writtenInside(fn, pt);
  if (written.unknown || [...objects].some((o) => written.objects.has(o))) return false; // (T3)
  const values = new ArrayAttr(entries.map((e) => e.getAttr('value')!));
  for (const { gep, load } of reads) {
    const copy = createBefore(load, 'sol.string_table', { operands: [gep.operand(1)], resultTypes: [load.result(0).type], attributes: [['values', values]] });
    load.result(0).replaceAllUsesWith(copy.result(0));
    const slotLoad = gep.operand(0).definingOp!;
    load.erase();
    gep.erase();
    if (!slotLoad.result(0).hasUses) slotLoad.erase(); // then the slot is never read (dead-allocations.ts)
  }
  return true;
}

/** (T1) The `sol.string_lit` stored into each element of `table`, in order. */
function entriesOf(table: Operation, size: number): Operation[] | undefined {
  const entries: (Operation | undefined)[] = Array(size).fill(undefined);
  for (const use of table.result(0).uses()) {
    const gep = use.owner;
    if (gep.name !== 'sol.gep') continue;
    const k = constantOf(gep.operand(1));
    const [store, ...rest] = [...gep.result(0).uses()].map((u) => u.owner);
    if (k === undefined || k >= BigInt(size) || rest.length || store?.name !== 'sol.store' || store.operand(1) !== gep.result(0)) return undefined;
    const lit = store.operand(0).definingOp;
    if (lit?.name !== 'sol.string_lit' || !store.operand(0).hasOneUse || entries[Number(k)]) return undefined;
    entries[Number(k)] = lit;
  }
  return entries.every((e) => e) ? (entries as Operation[]) : undefined;
}

/** (T2) The stack slot `table` is stored into, when that is its one use besides its elements. */
function slotOf(table: Operation): Value | undefined {
  const others = [...table.result(0).uses()].map((u) => u.owner).filter((o) => o.name !== 'sol.gep');
  const store = others[0];
  if (others.length !== 1 || store!.name !== 'sol.store' || store!.operand(0) !== table.result(0)) return undefined;
  const slot = store!.operand(1);
  return isStackSlot(slot) ? slot : undefined;
}

/** (T2) The reads of the table through `slot`: each load of it feeds only geps, each gep one load. */
function readsOf(fn: Operation, slot: Value): { gep: Operation; load: Operation }[] | undefined {
  let writes = 0;
  fn.walk((op) => {
    if (stackWrites(op).includes(slot)) writes++;
  });
  if (writes !== 1) return undefined;
  const reads: { gep: Operation; load: Operation }[] = [];
  for (const use of slot.uses()) {
    const user = use.owner;
    if (user.name === 'sol.store' && user.operand(1) === slot) continue;
    if (user.name !== 'sol.load') return undefined;
    for (const u of user.result(0).uses()) {
      const gep = u.owner;
      if (gep.name !== 'sol.gep' || gep.operand(0) !== user.result(0)) return undefined;
      const loads = [...gep.result(0).uses()].map((x) => x.owner);
      if (loads.length !== 1 || loads[0]!.name !== 'sol.load') return undefined;
      reads.push({ gep, load: loads[0]! });
    }
  }
  return reads;
}
