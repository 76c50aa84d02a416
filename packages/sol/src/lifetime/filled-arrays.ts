/**
 * (Z5) Arrays every element of which is replaced before anything reads one: `left = new
 * S[](mid); for (uint256 i = 0; i < mid; i++) left[i] = a[i];`, or `for (uint256 i = mid; i <
 * a.length; i++) right[i - mid] = a[i];` for `right = new S[](a.length - mid)`. No zero element
 * of such an array is ever seen, so its slots may all address one shared zero element
 * (shared-zero.ts) whatever the program later writes in place: a merge sort of structs that
 * are written in place elsewhere stops allocating a zero struct per slot at every level.
 *
 * A zero-initialised `sol.malloc` M of an array of memory aggregates qualifies when
 *  (F1) its one use is a `sol.store` into a stack slot X, and the next op that uses X in M's
 *       block is a `sol.for` L, with no op between M and L that reads X;
 *  (F2) L counts a slot I up by one from an initial value (the last store into I before L in
 *       the block) while `(sol.load I) < bound`, its step is `I = I + 1` and nothing else in
 *       L writes I;
 *  (F3) L's body stores, in its own block (every run of the body runs it), an element address
 *       into `(sol.load X)[index]`, and that load is the only use of X in L; L has no break,
 *       continue, return or inline assembly;
 *  (F4) with index = I + c as a sum of terms over constants, SSA values, loads of stack slots
 *       and lengths of the memory arrays such loads give — slots that nothing from M to the
 *       end of L writes, lengths no inline assembly of the module can change — the initial
 *       value + c is 0 and bound + c is M's size: L replaces slots 0 … size - 1, all of them,
 *       before anything else can reach M (a revert on the way ends the call, and M with it).
 */
import type { Block, Operation, StringAttr, Value } from '@lifeline/ir';
import { ArrayType, PtrType, StringType } from '../sol-types.js';
import { constantOf } from './static-sizes.js';
import { isStackSlot, stackSlotLoaded } from './structure.js';

/** A sum of terms: atom key → coefficient ('' is the constant). */
type Sum = Map<string, bigint>;

/** Whether the zero-initialised array `malloc` makes has every element replaced before use ((F1)–(F4)). */
export function filledBeforeRead(malloc: Operation, moduleHasAsm: boolean): boolean {
  const m = malloc.result(0);
  const size = malloc.def!.operandGroup(malloc, 'size')[0];
  if (!size || !m.hasOneUse) return false;
  const store = m.firstUse!.owner;
  const slot = store.name === 'sol.store' && store.operand(0) === m ? store.operand(1) : undefined;
  if (!slot || !isStackSlot(slot) || store.block !== malloc.block) return false;
  // (F1)
  let loop: Operation | undefined;
  for (let o = store.next; o && !loop; o = o.next) {
    if (!usesValue(o, slot)) continue;
    if (o.name !== 'sol.for') return false;
    loop = o;
  }
  if (!loop) return false;
  const [cond, body, step] = loop.regions.map((r) => r.blocks[0]);
  if (!cond || !body || !step) return false;
  // (F3) the one use of X in L, by the store into an element
  const uses: Operation[] = [];
  let jumps = false;
  loop.walk((o) => {
    if (o.operandValues().includes(slot)) uses.push(o);
    if (o.name === 'sol.break' || o.name === 'sol.continue' || o.name === 'sol.return' || o.name === 'sol.inline_asm') jumps = true;
  });
  if (jumps || uses.length !== 1 || uses[0]!.name !== 'sol.load' || uses[0]!.block !== body) return false;
  const base = uses[0]!.result(0);
  const gep = base.hasOneUse ? base.firstUse!.owner : undefined;
  if (gep?.name !== 'sol.gep' || gep.operand(0) !== base || !gep.result(0).hasOneUse) return false;
  const elementStore = gep.result(0).firstUse!.owner;
  if (elementStore.name !== 'sol.store' || elementStore.operand(1) !== gep.result(0) || elementStore.block !== body) return false;
  // (F2)
  const counter = countedSlot(loop, cond, step);
  if (!counter) return false;
  const { index: i, bound } = counter;
  const init = initialValue(loop, i, malloc);
  if (!init) return false;
  // (F4) the slots the sums read must hold one value from M to L's end
  const read = new Set<Value>();
  const sum = (v: Value) => linear(v, i, read);
  const idx = sum(gep.operand(1));
  if (!idx || idx.get(`i`) !== 1n) return false;
  idx.delete('i');
  const [s, b, start] = [sum(size), sum(bound), sum(init)];
  if (!s || !b || !start || b.has('i') || start.has('i')) return false;
  if ([...read].some((x) => writtenBetween(x, malloc, loop!))) return false;
  if (moduleHasAsm && [...b.keys(), ...s.keys(), ...idx.keys()].some((k) => k.startsWith('len('))) return false;
  return same(add(start, idx), new Map()) && same(add(b, idx), s);
}

/** (F2) The slot I and the bound of `i < bound` when `step` is `I = I + 1` and cond and body leave I alone. */
function countedSlot(loop: Operation, cond: Block, step: Block): { index: Value; bound: Value } | undefined {
  const c = cond.terminator;
  const cmp = c?.name === 'sol.condition' ? c.operand(0).definingOp : undefined;
  if (cmp?.name !== 'sol.cmp' || (cmp.getAttr('predicate') as StringAttr | undefined)?.value !== 'lt') return undefined;
  const index = stackSlotLoaded(cmp.operand(0));
  if (!index) return undefined;
  const stores: Operation[] = [];
  loop.walk((o) => {
    if (o.name === 'sol.store' && o.operand(1) === index) stores.push(o);
  });
  const inc = stores.length === 1 && stores[0]!.block === step ? stores[0]!.operand(0).definingOp : undefined;
  if (inc?.name !== 'sol.add' || stackSlotLoaded(inc.operand(0)) !== index || constantOf(inc.operand(1)) !== 1n) return undefined;
  return { index, bound: cmp.operand(1) };
}

/**
 * The value the last store into `slot` before `loop` writes, when it lies after `after` in the
 * block (so its sum reads what the size's did) and no op between writes the slot.
 */
function initialValue(loop: Operation, slot: Value, after: Operation): Value | undefined {
  for (let o = loop.prev; o && o !== after; o = o.prev) {
    if (o.name === 'sol.store' && o.operand(1) === slot) return o.operand(0);
    if (usesValue(o, slot) && o.name !== 'sol.load') return undefined;
  }
  return undefined;
}

/**
 * `v` as a sum over atoms: constants, `i` (a load of the counter slot), loads of other stack
 * slots (recorded in `read`), lengths of memory arrays such loads give, and any other SSA
 * value; unchecked and checked `+`/`-` only (a checked one that would wrap reverts).
 */
function linear(v: Value, counter: Value, read: Set<Value>): Sum | undefined {
  const k = constantOf(v);
  if (k !== undefined) return new Map(k === 0n ? [] : [['', k]]);
  const d = v.definingOp;
  const slot = stackSlotLoaded(v);
  if (slot === counter) return new Map([['i', 1n]]);
  if (slot) {
    read.add(slot);
    return new Map([[`slot(${id(slot)})`, 1n]]);
  }
  if (d?.name === 'sol.length') {
    const arr = stackSlotLoaded(d.operand(0));
    const t = arr && (arr.type as PtrType).pointeeType;
    if (!arr || !(t instanceof ArrayType || t instanceof StringType) || t.loc !== 'Memory') return undefined;
    read.add(arr);
    return new Map([[`len(${id(arr)})`, 1n]]);
  }
  if (d?.name === 'sol.add' || d?.name === 'sol.sub') {
    const [a, b] = [linear(d.operand(0), counter, read), linear(d.operand(1), counter, read)];
    return a && b ? add(a, d.name === 'sol.sub' ? scale(b, -1n) : b) : undefined;
  }
  return new Map([[`v(${id(v)})`, 1n]]);
}

const ids = new WeakMap<Value, number>();
let nextId = 0;
function id(v: Value): number {
  let n = ids.get(v);
  if (n === undefined) ids.set(v, (n = nextId++));
  return n;
}

function add(a: Sum, b: Sum): Sum {
  const out = new Map(a);
  for (const [k, c] of b) {
    const t = (out.get(k) ?? 0n) + c;
    if (t === 0n) out.delete(k);
    else out.set(k, t);
  }
  return out;
}

const scale = (a: Sum, f: bigint): Sum => new Map([...a].map(([k, c]) => [k, c * f]));

function same(a: Sum, b: Sum): boolean {
  const d = add(a, scale(b, -1n));
  return d.size === 0;
}

/** Whether `op` or an op nested in it uses `v`. */
function usesValue(op: Operation, v: Value): boolean {
  let found = false;
  op.walk((o) => {
    if (!found && o.operandValues().includes(v)) found = true;
  });
  return found;
}

/** Whether an op from `from` (exclusive) to the end of `loop` (same block) may write `slot`. */
function writtenBetween(slot: Value, from: Operation, loop: Operation): boolean {
  for (let o = from.next; o; o = o.next) {
    let w = false;
    o.walk((x) => {
      if (!w && x.operandValues().includes(slot) && x.name !== 'sol.load') w = true;
    });
    if (w) return true;
    if (o === loop) return false;
  }
  return true;
}

const asmIn = new WeakMap<Operation, boolean>();

/** Whether the module around `fn` contains inline assembly (which could write a length word). */
export function moduleHasAsm(fn: Operation): boolean {
  let top = fn;
  while (top.parentOp) top = top.parentOp;
  let has = asmIn.get(top);
  if (has === undefined) {
    has = false;
    top.walk((o) => {
      if (o.name === 'sol.inline_asm') has = true;
    });
    asmIn.set(top, has);
  }
  return has;
}
