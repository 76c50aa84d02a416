/**
 * `--cse` (MLIR 19 lib/Transforms/CSE.cpp).
 *
 *  1. Known ops live in a scoped table. A single-block region gets one scope;
 *     a multi-block region with SSA dominance is walked along its dominator
 *     tree (pre-order), one scope per tree node, so an op only meets the ops of
 *     dominating blocks; multi-block graph regions are skipped.
 *  2. An op's regions are simplified before the op itself: in the current
 *     table, or in a fresh one when the op is (or might be) isolated from above.
 *  3. Terminators are never touched. An op that is trivially dead (no uses,
 *     would be trivially dead) is queued for erasure.
 *  4. Ops with a region of more than one block are not CSE'd.
 *  5. Two ops are equivalent when they have the same name, attributes and
 *     properties, result types and operands (the same SSA values; for
 *     commutative ops the same multiset), and their
 *     regions are equivalent: same block structure, argument types, and
 *     pairwise equivalent ops whose operands correspond (values defined inside
 *     the regions matched by position). Locations are ignored.
 *  6. A memory-effect-free op (no effects, through nested ops for recursive
 *     effects) is replaced by a known equivalent op; otherwise it enters the
 *     table.
 *  7. An op whose effects are only reads (at least one) is replaced by a known
 *     equivalent op in the same block when no op between them writes or has
 *     unknown effects (effects gathered recursively); otherwise it enters the
 *     table, replacing the older entry.
 *  8. A replaced op's uses go to the known op (in graph regions only uses by
 *     ops not yet visited), it is queued for erasure (graph regions: only
 *     without remaining uses), and a known op with an unknown location takes
 *     the replaced op's location.
 *  9. Queued ops are erased in queue order after the walk.
 */
import { wouldOpBeTriviallyDead } from '@lifeline/analyses';
import { dominatorTree } from '@lifeline/dataflow/cfg';
import { UnknownLoc, hasTrait, type Block, type MemoryEffect, type Operation, type PassDef, type Region, type Value } from '@lifeline/ir';

/** Effects of `op` and, for recursive effects, of its nested ops; undefined when unknown (MLIR's getEffectsRecursively). */
function effectsRecursively(op: Operation): MemoryEffect[] | undefined {
  const out: MemoryEffect[] = [];
  const work = [op];
  while (work.length) {
    const o = work.pop()!;
    const own = o.def?.spec.memoryEffects;
    const recursive = hasTrait(o, 'RecursiveMemoryEffects');
    if (own) out.push(...own(o));
    else if (!recursive) return undefined;
    if (recursive) for (const r of o.regions) for (const b of r.blocks) for (let n = b.first; n; n = n.next) work.push(n);
  }
  return out;
}

/** (6) MLIR's isMemoryEffectFree. */
function isMemoryEffectFree(op: Operation): boolean {
  const e = effectsRecursively(op);
  return !!e && e.length === 0;
}

/** (7) MLIR's onlyHasEffect<Read> on the op's own interface. */
function onlyReads(op: Operation): boolean {
  const own = op.def?.spec.memoryEffects;
  if (!own) return false;
  const e = own(op);
  return e.length > 0 && e.every((x) => x.kind === 'read');
}

function attrKey(op: Operation): string {
  let s = '';
  for (const [k, v] of op.propertiesIfAny ?? []) s += `${k}=${v};`;
  s += '|';
  const own = op.attributesIfAny;
  if (!own || own.size === 0) return s;
  const attrs = [...own].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [k, v] of attrs) s += `${k}=${v};`;
  return s;
}

function idOf(v: Value, ids: Map<Value, number>): number {
  let id = ids.get(v);
  if (id === undefined) ids.set(v, (id = ids.size));
  return id;
}

/**
 * Value ids of one CSE run, kept in the values' scratch slot (Value.scratch): a
 * Map of every operand value of a large module cost more than the rest of the key.
 * The owner is a token of its own, so no value keeps the driver alive afterwards.
 */
class ValueIds {
  private readonly owner = {};
  private next = 0;
  of(v: Value): number {
    if (v.scratchOwner === this.owner) return v.scratch as number;
    v.scratchOwner = this.owner;
    v.scratch = this.next;
    return this.next++;
  }
}

/** Hash key of (5) without regions (MLIR's computeHash does not hash regions either). */
function opKey(op: Operation, ids: ValueIds): string {
  const list = op.operands.map((o) => ids.of(o.value));
  // Commutative ops hash their operands as a multiset (MLIR sums the operand hashes).
  if (hasTrait(op, 'Commutative')) list.sort((a, b) => a - b);
  let s = `${op.name}(${list.join(',')})${attrKey(op)}:`;
  for (const r of op.results) s += `${r.type},`;
  return s + `#${op.regions.length}`;
}

/** (5) Region equivalence, with `map` from lhs-internal values to rhs ones. */
function regionsEquivalent(a: Region, b: Region, map: Map<Value, Value>): boolean {
  if (a.blocks.length !== b.blocks.length) return false;
  for (let i = 0; i < a.blocks.length; i++) {
    const ba = a.blocks[i]!, bb = b.blocks[i]!;
    if (ba.arguments.length !== bb.arguments.length || ba.size !== bb.size) return false;
    for (let k = 0; k < ba.arguments.length; k++) {
      if (ba.arguments[k]!.type !== bb.arguments[k]!.type) return false;
      map.set(ba.arguments[k]!, bb.arguments[k]!);
    }
  }
  const blocks = new Map<Block, Block>(a.blocks.map((x, i) => [x, b.blocks[i]!]));
  for (let i = 0; i < a.blocks.length; i++) {
    for (let x = a.blocks[i]!.first, y = b.blocks[i]!.first; x && y; x = x.next, y = y.next) {
      if (!opsEquivalent(x, y, map, blocks)) return false;
      x.results.forEach((r, k) => map.set(r, y!.results[k]!));
    }
  }
  return true;
}

function opsEquivalent(x: Operation, y: Operation, map: Map<Value, Value>, blocks?: Map<Block, Block>): boolean {
  if (x.name !== y.name || x.operands.length !== y.operands.length || x.results.length !== y.results.length) return false;
  if (x.regions.length !== y.regions.length || x.successors.length !== y.successors.length) return false;
  if (attrKey(x) !== attrKey(y)) return false;
  for (let i = 0; i < x.results.length; i++) if (x.results[i]!.type !== y.results[i]!.type) return false;
  if (hasTrait(x, 'Commutative')) {
    // MLIR compares commutative operands as multisets (checkCommutativeEquivalent).
    const ids = new Map<Value, number>();
    const xs = x.operands.map((o) => idOf(map.get(o.value) ?? o.value, ids)).sort((a, b) => a - b);
    const ys = y.operands.map((o) => idOf(o.value, ids)).sort((a, b) => a - b);
    if (xs.some((v, i) => v !== ys[i])) return false;
  } else {
    for (let i = 0; i < x.operands.length; i++) {
      const v = x.operand(i);
      if ((map.get(v) ?? v) !== y.operand(i)) return false;
    }
  }
  for (let i = 0; i < x.successors.length; i++) {
    const s = x.successors[i]!;
    if ((blocks?.get(s) ?? s) !== y.successors[i]) return false;
  }
  for (let i = 0; i < x.regions.length; i++) if (!regionsEquivalent(x.regions[i]!, y.regions[i]!, map)) return false;
  return true;
}

/**
 * A scoped table (llvm::ScopedHashTable): one map from key to the ops under it,
 * newest last, and per scope the keys it inserted, so that a lookup costs the
 * same however deep the scopes nest (a chain of diamonds nests one scope per
 * diamond along the dominator tree) and popping a scope undoes its inserts.
 */
class ScopedTable {
  private readonly entries = new Map<string, Operation[]>();
  private readonly scopes: string[][] = [];
  push(): void { this.scopes.push([]); }
  pop(): void {
    for (const key of this.scopes.pop()!) {
      const list = this.entries.get(key)!;
      list.pop();
      if (!list.length) this.entries.delete(key);
    }
  }
  lookup(op: Operation, key: string): Operation | undefined {
    const list = this.entries.get(key);
    if (!list) return undefined;
    // The newest entry wins, as in llvm::ScopedHashTable (an insert shadows older ones).
    for (let i = list.length - 1; i >= 0; i--) if (list[i] === op || opsEquivalent(list[i]!, op, new Map())) return list[i];
    return undefined;
  }
  insert(op: Operation, key: string): void {
    this.scopes[this.scopes.length - 1]!.push(key);
    const list = this.entries.get(key);
    if (list) list.push(op);
    else this.entries.set(key, [op]);
  }
}

class CSEDriver {
  readonly toErase: Operation[] = [];
  private readonly ids = new ValueIds();
  numCSE = 0;
  numDCE = 0;

  simplifyRegion(table: ScopedTable, region: Region): void {
    if (!region.blocks.length) return;
    const ssa = hasSSADominance(region);
    if (region.blocks.length === 1) { // (1)
      table.push();
      this.simplifyBlock(table, region.blocks[0]!, ssa);
      table.pop();
      return;
    }
    if (!ssa) return;
    const index = new Map<Block, number>();
    region.blocks.forEach((b, i) => index.set(b, i));
    const succs = region.blocks.map((b) => (b.last?.successors ?? []).map((s) => index.get(s)!));
    const tree = dominatorTree({ numBlocks: succs.length, entry: 0, succs: (b) => succs[b]! });
    const stack: { node: number; child: number }[] = [{ node: 0, child: 0 }];
    table.push();
    this.simplifyBlock(table, region.blocks[0]!, ssa);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const kids = tree.children(top.node);
      if (top.child < kids.length) {
        const kid = kids[top.child++]!;
        stack.push({ node: kid, child: 0 });
        table.push();
        this.simplifyBlock(table, region.blocks[kid]!, ssa);
      } else {
        stack.pop();
        table.pop();
      }
    }
  }

  private simplifyBlock(table: ScopedTable, block: Block, ssa: boolean): void {
    for (let op = block.first; op; op = op.next) {
      if (op.regions.length) { // (2)
        if (!op.def || hasTrait(op, 'IsolatedFromAbove')) {
          const nested = new ScopedTable();
          for (const r of op.regions) this.simplifyRegion(nested, r);
        } else {
          for (const r of op.regions) this.simplifyRegion(table, r);
        }
      }
      this.simplifyOp(table, op, ssa);
    }
  }

  private simplifyOp(table: ScopedTable, op: Operation, ssa: boolean): void {
    if (hasTrait(op, 'Terminator')) return; // (3)
    if (op.results.every((r) => !r.hasUses) && wouldOpBeTriviallyDead(op)) {
      this.toErase.push(op);
      this.numDCE++;
      return;
    }
    if (!op.regions.every((r) => r.blocks.length <= 1)) return; // (4)
    // The key is only made for ops that may be replaced or enter the table
    // (value ids are unique whatever order they are handed out in).
    if (!isMemoryEffectFree(op)) { // (7)
      if (!onlyReads(op)) return;
      const key = opKey(op, this.ids);
      const existing = table.lookup(op, key);
      if (existing && existing.parent === op.parent && !writesBetween(existing, op)) {
        this.replace(op, existing, ssa);
        return;
      }
      table.insert(op, key);
      return;
    }
    const key = opKey(op, this.ids);
    const existing = table.lookup(op, key); // (6)
    if (existing) {
      this.replace(op, existing, ssa);
      this.numCSE++; // MLIR counts these twice
      return;
    }
    table.insert(op, key);
  }

  /** (8) */
  private replace(op: Operation, existing: Operation, ssa: boolean): void {
    if (ssa) {
      op.results.forEach((r, i) => r.replaceAllUsesWith(existing.results[i]!));
      this.toErase.push(op);
    } else {
      // Graph regions: only uses by ops the walk has not reached (not yet in the table) move.
      op.results.forEach((r, i) => {
        for (let u = r.firstUse; u;) {
          const next = u.nextUse;
          if (!isBeforeInBlockOrUnrelated(u.owner, op)) u.owner.setOperand(u.index, existing.results[i]!);
          u = next;
        }
      });
      if (op.results.every((r) => !r.hasUses)) this.toErase.push(op);
    }
    if (existing.loc instanceof UnknownLoc && !(op.loc instanceof UnknownLoc)) existing.loc = op.loc;
    this.numCSE++;
  }
}

/** Whether `user` was already visited relative to `op` in a graph region (an earlier op of its block). */
function isBeforeInBlockOrUnrelated(user: Operation, op: Operation): boolean {
  return user.parent === op.parent && user.isBeforeInBlock(op);
}

/** (7) An op strictly between `from` and `to` that writes or has unknown effects. */
function writesBetween(from: Operation, to: Operation): boolean {
  for (let o = from.next; o && o !== to; o = o.next) {
    const e = effectsRecursively(o);
    if (!e || e.some((x) => x.kind === 'write')) return true;
  }
  return false;
}

/** Regions of unregistered ops and of ops declaring graph regions have no SSA dominance. */
function hasSSADominance(region: Region): boolean {
  const owner = region.parentOp;
  return !owner || (!!owner.def && !owner.def.spec.graphRegion);
}

export const csePass: PassDef = {
  argument: 'cse',
  name: 'CSE',
  description: 'Eliminate common sub-expressions',
  run(root, ctx) {
    const driver = new CSEDriver();
    for (const r of root.regions) driver.simplifyRegion(new ScopedTable(), r);
    for (const op of driver.toErase) op.erase(); // (9)
    ctx.stat('num-cse\'d', driver.numCSE);
    ctx.stat('num-dce\'d', driver.numDCE);
  },
};
