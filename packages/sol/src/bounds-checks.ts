/**
 * Index accesses that a loop's condition already bounds: in
 * `for (uint256 i = …; i < a.length; …) { … a[i] … }` the access cannot be out of bounds, so
 * its gep gets `no_panic_bounds` and its Yul no bounds check (≈ 20 gas per access; solc keeps
 * it). Semantics are unchanged: a check that cannot fail is removed, nothing else.
 *
 *  (B1) The loop (`sol.for`, `sol.while`) runs its body only when `i < a.length`: its condition
 *       region ends with `sol.condition (sol.cmp lt (sol.load I), (sol.length (sol.load A)))`,
 *       I and A stack slots, A holding a dynamic memory or calldata array, `bytes` or `string`.
 *  (B1') Or only when `i < n` for `a = new T[](n)`: the condition compares `(sol.load I)` with
 *       `(sol.load N)`, the function stores A once, the result of a `sol.malloc` of a dynamic
 *       memory array, `bytes` or `string` whose size is a `sol.load N`, and stores N once,
 *       before that malloc (in its block or an enclosing one). Solidity's scoping puts every
 *       read of a local after its declaration, so every value A holds has the one length N
 *       holds (a parameter's slot is stored at the function's entry).
 *  (B1'') Or only when `i < K` for a constant K: then every static array of at least K elements
 *       (memory or calldata: its length is its type's) is in bounds at index i.
 *       In each case I is unsigned and the condition region itself writes neither I nor A
 *       (`i++ < a.length` compares the old index and leaves the new one).
 *  (B2) In the body (not the step, which runs after it), a gep `(sol.load A)[(sol.load I)]`
 *       (with (B1''), `x[(sol.load I)]` for any x of such a static array type)
 *       whose two loads run before anything of the body that may write I or A: a store to
 *       them — an op with regions that contains one counts as writing where it starts, since
 *       its regions may loop — or inline assembly, which may assign locals. So I and A hold
 *       what the condition compared.
 *  (B3) The array's length word is the one the condition read: Solidity code never writes a
 *       length word in place (memory arrays cannot grow, calldata is read-only), only inline
 *       assembly can, so neither the function nor anything it may call (functions named by
 *       symbol, transitively; a call through a function pointer may reach any function of the
 *       module) contains inline assembly. Moves of the lifetime passes copy an object whole,
 *       length included, and appends in place (`sol.append`) change the length of a string
 *       whose slot the same statement stores, which (B2) sees.
 */
import { IntegerType, StringAttr, SymbolTableCollection, UnitAttr, type Operation, type Value } from '@lifeline/ir';
import { ArrayType, PtrType, StringType } from './sol-types.js';
import { functionsNamedBy } from './lifetime/program-points.js';
import { constantOf } from './lifetime/static-sizes.js';
import { isStackSlot, stackSlotLoaded } from './lifetime/structure.js';

/** Marks the geps (B1)–(B3) prove in bounds in every function of `module`; returns how many. */
export function dropBoundedIndexChecks(module: Operation): number {
  const symbols = new SymbolTableCollection();
  const clean = assemblyFree(module, symbols);
  const storesByFunction = new Map<Operation, Map<Value, Operation[]>>();
  let marked = 0;
  module.walk((op) => {
    if (op.name !== 'sol.for' && op.name !== 'sol.while') return;
    const fn = enclosingFunction(op);
    if (!fn || !clean.has(fn)) return;
    if (!storesByFunction.has(fn)) storesByFunction.set(fn, storesOf(fn));
    const bound = loopBound(op, storesByFunction.get(fn)!);
    if (bound) marked += markBody(op.regions[1]!.blocks[0]?.opList() ?? [], bound);
  });
  return marked;
}

interface Bound {
  index: Value; // the slot I
  arrays: Set<Value>; // the slots A
  constant?: bigint; // K of (B1'')
}

/** (B1), (B1'), (B1'') */
function loopBound(loop: Operation, stores: Map<Value, Operation[]>): Bound | undefined {
  const cond = loop.regions[0]!.blocks[0]?.terminator;
  const cmp = cond?.name === 'sol.condition' ? cond.operand(0).definingOp : undefined;
  if (cmp?.name !== 'sol.cmp' || (cmp.getAttr('predicate') as StringAttr | undefined)?.value !== 'lt') return undefined;
  const index = stackSlotLoaded(cmp.operand(0));
  const t = index && (index.type as PtrType).pointeeType;
  if (!index || !(t instanceof IntegerType) || t.signedness !== 'unsigned') return undefined; // a negative i is below any bound
  const len = cmp.operand(1).definingOp;
  let bound: Bound | undefined;
  let k: bigint | undefined;
  if (len?.name === 'sol.length') {
    const array = stackSlotLoaded(len.operand(0));
    if (array && boundable((array.type as PtrType).pointeeType)) bound = { index, arrays: new Set([array]) };
  } else if ((k = constantOf(cmp.operand(1))) !== undefined) {
    bound = { index, arrays: new Set(), constant: k };
  } else {
    const n = stackSlotLoaded(cmp.operand(1));
    const arrays = n ? sizedBy(n, stores) : new Set<Value>();
    if (arrays.size) bound = { index, arrays };
  }
  // the condition itself must leave I and A as it compared them (`i++ < a.length` does not)
  return bound && !loop.regions[0]!.blocks[0]!.opList().some((o) => writes(o, bound)) ? bound : undefined;
}

function boundable(t: unknown): boolean {
  if (t instanceof StringType) return t.loc === 'Memory' || t.loc === 'CallData';
  return t instanceof ArrayType && t.isDynamic && (t.loc === 'Memory' || t.loc === 'CallData');
}

/** (B1') The slots A whose every value is `new T[](n)` with n what slot `n` holds. */
function sizedBy(n: Value, stores: Map<Value, Operation[]>): Set<Value> {
  const out = new Set<Value>();
  const nStores = stores.get(n);
  if (nStores?.length !== 1) return out;
  for (const [slot, list] of stores) {
    if (list.length !== 1) continue;
    const malloc = list[0]!.operand(0).definingOp;
    if (malloc?.name !== 'sol.malloc' || !boundable(malloc.result(0).type)) continue;
    if ((malloc.result(0).type as ArrayType | StringType).loc !== 'Memory') continue;
    const [size] = malloc.def!.operandGroup(malloc, 'size');
    if (size && stackSlotLoaded(size) === n && runsBefore(nStores[0]!, malloc)) out.add(slot);
  }
  return out;
}

/** Whether `first` lies before `op` in op's block or before the op enclosing it in an outer block. */
function runsBefore(first: Operation, op: Operation): boolean {
  for (let o: Operation | null = op; o; o = o.parentOp) {
    if (o.parent === first.parent) return sameBlockBefore(first, o);
  }
  return false;
}

/** The `sol.store`s into each stack slot of `fn`. */
function storesOf(fn: Operation): Map<Value, Operation[]> {
  const stores = new Map<Value, Operation[]>();
  fn.walk((o) => {
    if (o.name !== 'sol.store') return;
    const slot = o.operand(1);
    if (!isStackSlot(slot)) return;
    const list = stores.get(slot) ?? [];
    list.push(o);
    stores.set(slot, list);
  });
  return stores;
}

/** (B2) Marks the bounded geps among `ops` (a body's, in order, and nested regions before a write). */
function markBody(ops: Operation[], b: Bound): number {
  let marked = 0;
  for (const op of ops) {
    if (writes(op, b)) return marked;
    if (op.name === 'sol.gep' && stackSlotLoaded(op.operand(1)) === b.index && !op.getAttr('no_panic_bounds')) {
      const index = op.operand(1).definingOp!;
      const base = stackSlotLoaded(op.operand(0));
      // the loads lie before this op in the body, so before any write (checked in order)
      const slotBound = base !== undefined && b.arrays.has(base) && sameBlockBefore(op.operand(0).definingOp!, op);
      if ((slotBound || staticWithin(op.operand(0).type, b.constant)) && sameBlockBefore(index, op)) {
        op.setAttr('no_panic_bounds', UnitAttr.instance);
        marked++;
      }
    }
    for (const r of op.regions) for (const blk of r.blocks) marked += markBody(blk.opList(), b);
  }
  return marked;
}

/** (B1'') Whether `t` is a memory or calldata static array of at least `k` elements. */
function staticWithin(t: unknown, k: bigint | undefined): boolean {
  return k !== undefined && t instanceof ArrayType && !t.isDynamic && (t.loc === 'Memory' || t.loc === 'CallData') && BigInt(t.size) >= k;
}

/** Whether `def` comes before `op` in one block (so the walk in markBody passed it first). */
function sameBlockBefore(def: Operation, op: Operation): boolean {
  if (def.parent !== op.parent) return false;
  for (let o = def.next; o; o = o.next) if (o === op) return true;
  return false;
}

/** Whether `op`, or anything in its regions, may write slot I or A (B2). */
function writes(op: Operation, b: Bound): boolean {
  let found = false;
  const check = (o: Operation) => {
    if (o.name === 'sol.inline_asm') found = true;
    else if (o.name === 'sol.store' && (o.operand(1) === b.index || b.arrays.has(o.operand(1)))) found = true;
  };
  check(op);
  if (!found && op.regions.length) op.walk(check);
  return found;
}

function enclosingFunction(op: Operation): Operation | undefined {
  for (let p = op.parentOp; p; p = p.parentOp) if (p.def?.has('FunctionLike')) return p;
  return undefined;
}

/** (B3) Functions that neither contain inline assembly nor may call one that does. */
function assemblyFree(module: Operation, symbols: SymbolTableCollection): Set<Operation> {
  const fns: Operation[] = [];
  module.walk((op) => {
    if (op.def?.has('FunctionLike')) fns.push(op);
  });
  const callees = new Map<Operation, Operation[]>();
  const dirty = new Set<Operation>();
  const indirect = new Set<Operation>();
  for (const f of fns) {
    const out: Operation[] = [];
    f.walk((o) => {
      if (o.name === 'sol.inline_asm') dirty.add(f);
      if (o.name === 'sol.call_indirect') indirect.add(f);
      out.push(...functionsNamedBy(o, symbols));
    });
    callees.set(f, out);
  }
  // a call through a function pointer may reach any function: one with assembly, if there is one
  if (dirty.size) for (const f of indirect) dirty.add(f);
  // callers of dirty functions are dirty: iterate to the fixpoint
  for (let changed = true; changed;) {
    changed = false;
    for (const f of fns) {
      if (!dirty.has(f) && callees.get(f)!.some((g) => dirty.has(g))) {
        dirty.add(f);
        changed = true;
      }
    }
  }
  return new Set(fns.filter((f) => !dirty.has(f)));
}
