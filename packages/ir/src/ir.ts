/**
 * The IR: operations own regions, regions own blocks, blocks own a doubly linked
 * list of operations. Values keep a use list of the operands that read them.
 *
 *   Operation ──regions──▶ Region ──blocks──▶ Block ──ops──▶ Operation …
 *       │ operands: OpOperand ──value──▶ Value (OpResult | BlockArgument)
 */
import type { Attribute } from './attributes.js';
import { UnknownLoc, type Location } from './location.js';
import type { Type } from './types.js';
import type { OpDef } from './opdef.js';

export abstract class Value {
  /** Head of the use list (most recent use first, as in MLIR). */
  firstUse: OpOperand | null = null;
  /**
   * @internal Scratch slot for one client at a time (the printer's names, CSE's value ids): a field
   * on the value is much cheaper than a Map of every value in a large module.
   */
  scratch: unknown = undefined;
  /** @internal Which client owns `scratch`. */
  scratchOwner: object | undefined = undefined;
  constructor(public type: Type) {}
  abstract get parentBlock(): Block | null;
  abstract get definingOp(): Operation | null;
  *uses(): Generator<OpOperand> {
    for (let u = this.firstUse; u; u = u.nextUse) yield u;
  }
  get hasUses(): boolean { return this.firstUse !== null; }
  get hasOneUse(): boolean { return this.firstUse !== null && this.firstUse.nextUse === null; }
  users(): Operation[] {
    const out: Operation[] = [];
    for (let u = this.firstUse; u; u = u.nextUse) out.push(u.owner);
    return out;
  }
  replaceAllUsesWith(other: Value): void {
    if (other === this) return;
    while (this.firstUse) setUse(this.firstUse, other);
  }
  /**
   * Detaches every use from this value (the using ops keep a dangling operand):
   * for rewriters that erase a value's users in an order the verifier cannot follow.
   */
  dropAllUses(): void {
    while (this.firstUse) unlinkUse(this.firstUse);
  }
  /** The region that holds the definition (block of an argument, parent of a result's op). */
  get parentRegion(): Region | null { return this.parentBlock?.parent ?? null; }
}

export class OpResult extends Value {
  constructor(type: Type, readonly owner: Operation, readonly index: number) { super(type); }
  get parentBlock(): Block | null { return this.owner.parent; }
  get definingOp(): Operation { return this.owner; }
}

export class BlockArgument extends Value {
  constructor(type: Type, public owner: Block, public index: number, public loc: Location = UnknownLoc.instance) { super(type); }
  get parentBlock(): Block { return this.owner; }
  get definingOp(): null { return null; }
}

/**
 * Bumped by every change to operands, attributes, successors, block arguments and the
 * placement of ops and blocks: the pass manager verifies after a pass only when it changed
 * something (MLIR skips the verifier after a pass that preserved all analyses).
 */
let mutations = 0;
export function irMutations(): number {
  return mutations;
}

/**
 * A use of a value by an operation. A plain object, not a class instance: V8
 * pretenures objects made by a literal once it sees they survive (allocation-site
 * pretenuring; `new` of a class has no allocation site), so the operands of a large
 * module go straight to the old generation instead of being copied by every
 * scavenge. Change one with `Operation.setOperand`.
 */
export interface OpOperand {
  readonly owner: Operation;
  index: number;
  value: Value;
  prevUse: OpOperand | null;
  nextUse: OpOperand | null;
}

function newOperand(owner: Operation, index: number, value: Value): OpOperand {
  const u: OpOperand = { owner, index, value, prevUse: null, nextUse: null };
  linkUse(u);
  return u;
}

/** Puts `u` at the head of its value's use list (most recent use first, as in MLIR). */
function linkUse(u: OpOperand): void {
  const v = u.value;
  u.nextUse = v.firstUse;
  if (v.firstUse) v.firstUse.prevUse = u;
  v.firstUse = u;
}

function unlinkUse(u: OpOperand): void {
  if (u.prevUse) u.prevUse.nextUse = u.nextUse;
  else if (u.value.firstUse === u) u.value.firstUse = u.nextUse;
  if (u.nextUse) u.nextUse.prevUse = u.prevUse;
  u.prevUse = u.nextUse = null;
}

function setUse(u: OpOperand, v: Value): void {
  mutations++;
  unlinkUse(u);
  u.value = v;
  linkUse(u);
}

export interface OperationInit {
  name: string;
  def?: OpDef;
  operands?: readonly Value[];
  resultTypes?: readonly Type[];
  properties?: Iterable<readonly [string, Attribute]>;
  /**
   * @internal Inherent attributes as a flat [name, value, …] list with distinct
   * names (the parser's form), adopted like a Map; used instead of `properties`.
   */
  propList?: PropList;
  attributes?: Iterable<readonly [string, Attribute]>;
  successors?: readonly Block[];
  regions?: number | readonly Region[];
  loc?: Location;
}

const NO_BLOCKS: readonly Block[] = Object.freeze([]);
const NO_VALUES: readonly Value[] = Object.freeze([]);
const NO_TYPES: readonly Type[] = Object.freeze([]);
const NO_REGIONS: readonly Region[] = Object.freeze([]);
const NO_OPERANDS: readonly OpOperand[] = Object.freeze([]);
const NO_RESULTS: readonly OpResult[] = Object.freeze([]);

export class Operation {
  /**
   * @internal Position in the block, valid while the block's order is (see
   * Block.order). One field: every op of a large module carries it.
   */
  orderIndex = 0;
  /**
   * @internal Slot in the greedy driver's worklist (its own check decides whether
   * the op is still there): a field is much cheaper than a Map of every op.
   */
  worklistIndex = -1;
  /** @internal Mark for one pass over the IR at a time (region DCE's live set), compared with a fresh `nextMark()`. */
  mark = 0;
  readonly name: string;
  def: OpDef | undefined;
  operands: OpOperand[];
  readonly results: OpResult[];
  /** Change with `setSuccessor` (it keeps the blocks' predecessor lists). */
  readonly successors: readonly Block[];
  readonly regions: Region[];
  // Most ops have no attributes of one kind or the other; the maps are made on first use.
  // Inherent attributes handed over at creation are kept as a flat list (see PropList)
  // until something asks for the Map.
  private props: Map<string, Attribute> | PropList | undefined;
  private attrs: Map<string, Attribute> | undefined;
  loc: Location;
  parent: Block | null = null;
  prev: Operation | null = null;
  next: Operation | null = null;

  constructor(init: OperationInit) {
    this.name = init.name;
    this.def = init.def;
    this.operands = operandsOf(this, init.operands ?? NO_VALUES);
    this.results = resultsOf(this, init.resultTypes ?? NO_TYPES);
    // Most ops have neither successors nor regions: share one empty array.
    this.successors = init.successors?.length ? [...init.successors] : (NO_BLOCKS as Block[]);
    for (let i = 0; i < this.successors.length; i++) this.successors[i]!.predEdges.push(this);
    const regions = init.regions ?? 0;
    this.regions = typeof regions === 'number'
      ? (regions ? Array.from({ length: regions }, () => new Region()) : (NO_REGIONS as Region[]))
      : regions.length ? [...regions] : (NO_REGIONS as Region[]);
    for (const r of this.regions) r.parentOp = this;
    // Maps handed over by the parser are adopted, not copied.
    const list = init.propList;
    this.props = list ? (list.length > 8 ? listToMap(list) : list) : compact(adopt(init.properties));
    this.attrs = adopt(init.attributes);
    this.loc = init.loc ?? UnknownLoc.instance;
  }

  get dialect(): string {
    const dot = this.name.indexOf('.');
    return dot < 0 ? '' : this.name.slice(0, dot);
  }
  operand(i: number): Value { return this.operands[i]!.value; }
  result(i: number): OpResult { return this.results[i]!; }
  get numOperands(): number { return this.operands.length; }
  operandValues(): Value[] { return this.operands.map((o) => o.value); }
  region(i: number): Region { return this.regions[i]!; }

  /** Inherent attributes (MLIR's properties, printed `<{…}>` in generic form). */
  get properties(): Map<string, Attribute> {
    const p = this.props;
    if (p instanceof Map) return p;
    const m = new Map<string, Attribute>();
    if (p) for (let i = 0; i < p.length; i += 2) m.set(p[i] as string, p[i + 1] as Attribute);
    return (this.props = m);
  }
  /** Discardable attributes (the trailing `{…}`). */
  get attributes(): Map<string, Attribute> {
    return (this.attrs ??= new Map());
  }
  /** The inherent attributes without creating an empty map (readers on hot paths). */
  get propertiesIfAny(): ReadonlyMap<string, Attribute> | undefined { return this.props ? this.properties : undefined; }
  get attributesIfAny(): ReadonlyMap<string, Attribute> | undefined { return this.attrs; }
  get hasProperties(): boolean {
    const p = this.props;
    return p instanceof Map ? p.size > 0 : !!p;
  }
  /** Calls `fn` on each inherent attribute in order, without making the Map. */
  forEachProperty(fn: (value: Attribute, name: string) => void): void {
    const p = this.props;
    if (p instanceof Map) p.forEach(fn);
    else if (p) for (let i = 0; i < p.length; i += 2) fn(p[i + 1] as Attribute, p[i] as string);
  }
  /** The inherent attributes as [name, value] pairs, without making the Map. */
  propertyEntries(): [string, Attribute][] {
    const out: [string, Attribute][] = [];
    this.forEachProperty((v, k) => out.push([k, v]));
    return out;
  }
  private getProp(name: string): Attribute | undefined {
    const p = this.props;
    if (p instanceof Map) return p.get(name);
    if (p) for (let i = 0; i < p.length; i += 2) if (p[i] === name) return p[i + 1] as Attribute;
    return undefined;
  }
  get hasAttributes(): boolean { return !!this.attrs && this.attrs.size > 0; }

  /** Inherent attribute first, then discardable. */
  getAttr(name: string): Attribute | undefined {
    return this.getProp(name) ?? this.attrs?.get(name);
  }
  /** Sets an attribute where it belongs: inherent names (declared by the op) go to properties. */
  setAttr(name: string, value: Attribute): void {
    mutations++;
    if (this.def?.isInherent(name) || this.getProp(name) !== undefined) this.properties.set(name, value);
    else this.attributes.set(name, value);
  }
  removeAttr(name: string): void {
    mutations++;
    if (this.props) this.properties.delete(name);
    this.attrs?.delete(name);
  }

  setOperand(i: number, v: Value): void { setUse(this.operands[i]!, v); }
  setOperands(values: readonly Value[]): void {
    mutations++;
    for (const o of this.operands) unlinkUse(o);
    this.operands = operandsOf(this, values);
  }
  // Both make a new list: an op without operands shares one frozen empty list.
  insertOperands(at: number, values: readonly Value[]): void {
    mutations++;
    const added = values.map((v, i) => newOperand(this, at + i, v));
    this.operands = [...this.operands.slice(0, at), ...added, ...this.operands.slice(at)];
    this.operands.forEach((o, i) => (o.index = i));
  }
  eraseOperands(at: number, count = 1): void {
    mutations++;
    for (let i = at; i < at + count && i < this.operands.length; i++) unlinkUse(this.operands[i]!);
    this.operands = [...this.operands.slice(0, at), ...this.operands.slice(at + count)];
    this.operands.forEach((o, i) => (o.index = i));
  }

  get block(): Block | null { return this.parent; }
  get parentRegion(): Region | null { return this.parent?.parent ?? null; }
  get parentOp(): Operation | null { return this.parent?.parent?.parentOp ?? null; }

  /** Is `this` an ancestor of (or equal to) `op`? */
  isAncestorOf(op: Operation): boolean {
    for (let o: Operation | null = op; o; o = o.parentOp) if (o === this) return true;
    return false;
  }
  /** Is `this` before `other` in the same block? */
  isBeforeInBlock(other: Operation): boolean {
    const b = this.parent!;
    return b.order(this) < b.order(other);
  }

  /** Unlinks from the block; the op stays usable (it can be inserted elsewhere). */
  remove(): this {
    this.parent?.unlinkOp(this);
    return this;
  }
  /** Removes the op and drops all references it holds, recursively. Results must be unused. */
  erase(): void {
    this.remove();
    this.dropAllReferences();
  }
  /** Points successor `i` at `block`. */
  setSuccessor(i: number, block: Block): void {
    mutations++;
    const old = this.successors[i]!;
    if (old === block) return;
    old.removePredEdge(this);
    (this.successors as Block[])[i] = block;
    block.predEdges.push(this);
  }
  dropAllReferences(): void {
    mutations++;
    for (const o of this.operands) unlinkUse(o);
    this.operands = NO_OPERANDS as OpOperand[];
    for (const b of this.successors) b.removePredEdge(this);
    (this as { successors: readonly Block[] }).successors = NO_BLOCKS;
    for (const r of this.regions) for (const b of r.blocks) for (let op = b.first; op; op = op.next) op.dropAllReferences();
  }
  moveBefore(other: Operation): void {
    this.remove();
    other.parent!.insertBefore(this, other);
  }
  moveAfter(other: Operation): void {
    this.remove();
    other.parent!.insertAfter(this, other);
  }

  /** Pre-order walk over this op and every op nested in it. Return 'skip' to skip regions. */
  walk(fn: (op: Operation) => void | 'skip'): void {
    if (fn(this) === 'skip') return;
    for (const r of this.regions) r.walk(fn);
  }
  /** Post-order walk (nested ops first); safe against erasing the visited op. */
  walkPostOrder(fn: (op: Operation) => void): void {
    for (const r of this.regions) {
      for (const b of r.blocks) {
        for (let op = b.first; op;) {
          const next = op.next;
          op.walkPostOrder(fn);
          op = next;
        }
      }
    }
    fn(this);
  }
}

/**
 * The operand list of a new op: one shared frozen list when there are none (every
 * change makes a new list), array literals for the common short lists, for the
 * same reason operands are literals (see OpOperand); `map` otherwise, which
 * makes a packed array of exactly the right size (pushing onto `[]` would reserve
 * 17 slots), its callback taking the op as `this` so there is no closure per op.
 */
function operandsOf(op: Operation, vs: readonly Value[]): OpOperand[] {
  switch (vs.length) {
    case 0: return NO_OPERANDS as OpOperand[];
    case 1: return [newOperand(op, 0, vs[0]!)];
    case 2: return [newOperand(op, 0, vs[0]!), newOperand(op, 1, vs[1]!)];
    case 3: return [newOperand(op, 0, vs[0]!), newOperand(op, 1, vs[1]!), newOperand(op, 2, vs[2]!)];
    default: return vs.map(makeOperand, op);
  }
}
function makeOperand(this: Operation, v: Value, i: number): OpOperand {
  return newOperand(this, i, v);
}

/** The result list of a new op, a literal for one result (see operandsOf). */
function resultsOf(op: Operation, ts: readonly Type[]): OpResult[] {
  switch (ts.length) {
    case 0: return NO_RESULTS as OpResult[];
    case 1: return [new OpResult(ts[0]!, op, 0)];
    default: return ts.map(makeResult, op);
  }
}
function makeResult(this: Operation, t: Type, i: number): OpResult {
  return new OpResult(t, this, i);
}

/**
 * Inherent attributes as a flat [name, value, …] list. Half the ops of a typical
 * module carry one or two (a predicate, a constant's value): a Map of one entry
 * takes about three times the memory, and while a large module is parsed every
 * byte of new IR is copied by the young-generation GC. Maps larger than a few
 * entries stay Maps.
 */
export type PropList = (string | Attribute)[];

function listToMap(p: PropList): Map<string, Attribute> {
  const m = new Map<string, Attribute>();
  for (let i = 0; i < p.length; i += 2) m.set(p[i] as string, p[i + 1] as Attribute);
  return m;
}

function compact(m: Map<string, Attribute> | undefined): Map<string, Attribute> | PropList | undefined {
  if (!m || m.size > 4) return m;
  const out = new Array<string | Attribute>(m.size * 2);
  let i = 0;
  m.forEach((v, k) => {
    out[i++] = k;
    out[i++] = v;
  });
  return out;
}

function adopt(init: Iterable<readonly [string, Attribute]> | undefined): Map<string, Attribute> | undefined {
  if (!init) return undefined;
  const m = init instanceof Map ? (init as Map<string, Attribute>) : new Map(init);
  return m.size ? m : undefined;
}

let lastMark = 0;
/** @internal A value of `Operation.mark` that no op carries yet. */
export function nextMark(): number {
  return ++lastMark;
}

export class Block {
  parent: Region | null = null;
  /** @internal Cleared whenever ops are inserted or removed, invalidating order indices. */
  private orderValid = false;
  arguments: BlockArgument[] = [];
  first: Operation | null = null;
  last: Operation | null = null;
  private count = 0;
  /**
   * @internal The ops naming this block as a successor, once per edge, oldest
   * first (kept by Operation's constructor, setSuccessor and dropAllReferences):
   * predecessors() reads it instead of scanning the region.
   */
  readonly predEdges: Operation[] = [];

  constructor(argTypes: readonly Type[] = [], argLocs?: readonly Location[]) {
    argTypes.forEach((t, i) => this.addArgument(t, argLocs?.[i]));
  }
  addArgument(type: Type, loc?: Location): BlockArgument {
    mutations++;
    const a = new BlockArgument(type, this, this.arguments.length, loc);
    this.arguments.push(a);
    return a;
  }
  insertArgument(at: number, type: Type, loc?: Location): BlockArgument {
    mutations++;
    const a = new BlockArgument(type, this, at, loc);
    this.arguments.splice(at, 0, a);
    this.arguments.forEach((x, i) => (x.index = i));
    return a;
  }
  eraseArgument(at: number): void {
    mutations++;
    this.arguments.splice(at, 1);
    this.arguments.forEach((x, i) => (x.index = i));
  }
  argument(i: number): BlockArgument { return this.arguments[i]!; }

  /** Position of `op` in this block, O(1) amortized (numbered once per change of the block). */
  order(op: Operation): number {
    if (!this.orderValid) {
      let i = 0;
      for (let o = this.first; o; o = o.next) o.orderIndex = i++;
      this.orderValid = true;
    }
    return op.orderIndex;
  }
  get size(): number { return this.count; }
  get empty(): boolean { return this.first === null; }
  get parentOp(): Operation | null { return this.parent?.parentOp ?? null; }
  get terminator(): Operation | null { return this.last; }
  get isEntryBlock(): boolean { return this.parent?.blocks[0] === this; }

  *ops(): Generator<Operation> {
    for (let op = this.first; op; op = op.next) yield op;
  }
  /** Snapshot array of the ops (safe to mutate the block while iterating it). */
  opList(): Operation[] {
    const out: Operation[] = [];
    for (let op = this.first; op; op = op.next) out.push(op);
    return out;
  }

  append(op: Operation): Operation { return this.insertBefore(op, null); }
  prepend(op: Operation): Operation { return this.insertBefore(op, this.first); }
  /** Inserts `op` before `before` (or at the end when `before` is null). */
  insertBefore(op: Operation, before: Operation | null): Operation {
    mutations++;
    if (op.parent) throw new Error('insertBefore: operation already in a block');
    op.parent = this;
    op.next = before;
    op.prev = before ? before.prev : this.last;
    if (op.prev) op.prev.next = op;
    else this.first = op;
    if (before) before.prev = op;
    else this.last = op;
    this.count++;
    this.orderValid = false;
    return op;
  }
  insertAfter(op: Operation, after: Operation): Operation {
    return this.insertBefore(op, after.next);
  }
  /** @internal used by Operation.remove */
  unlinkOp(op: Operation): void {
    mutations++;
    if (op.prev) op.prev.next = op.next;
    else this.first = op.next;
    if (op.next) op.next.prev = op.prev;
    else this.last = op.prev;
    op.prev = op.next = null;
    op.parent = null;
    this.count--;
    this.orderValid = false;
  }

  /**
   * Blocks whose terminator names this block as a successor, once per edge, in
   * MLIR's use-list order (the most recently created edge first). Only
   * terminators placed at the end of a block of this block's region count.
   */
  predecessors(): Block[] {
    const out: Block[] = [];
    const edges = this.predEdges;
    for (let i = edges.length - 1; i >= 0; i--) {
      const t = edges[i]!;
      const b = t.parent;
      if (b && b.last === t && b.parent === this.parent && this.parent) out.push(b);
    }
    return out;
  }
  /** @internal */
  removePredEdge(op: Operation): void {
    const i = this.predEdges.lastIndexOf(op);
    if (i >= 0) this.predEdges.splice(i, 1);
  }
  successors(): readonly Block[] { return this.last ? this.last.successors : []; }

  /** Moves every op from `start` (inclusive) to the end into a new block inserted after this one. */
  splitBefore(start: Operation | null): Block {
    mutations++;
    const nb = new Block();
    const region = this.parent!;
    region.insertBlock(nb, region.blocks.indexOf(this) + 1);
    for (let op = start; op;) {
      const next: Operation | null = op.next;
      op.remove();
      nb.append(op);
      op = next;
    }
    return nb;
  }
  /** Appends all ops of `other` to this block, mapping its arguments to `args`, and erases it. */
  mergeFrom(other: Block, args: readonly Value[] = []): void {
    mutations++;
    other.arguments.forEach((a, i) => a.replaceAllUsesWith(args[i]!));
    for (let op = other.first; op;) {
      const next: Operation | null = op.next;
      op.remove();
      this.append(op);
      op = next;
    }
    other.erase();
  }
  erase(): void {
    if (this.parent) this.parent.removeBlock(this);
  }
}

export class Region {
  parentOp: Operation | null = null;
  blocks: Block[] = [];
  constructor(blocks: readonly Block[] = []) {
    for (const b of blocks) this.pushBlock(b);
  }
  get entry(): Block | undefined { return this.blocks[0]; }
  get empty(): boolean { return this.blocks.length === 0; }
  pushBlock(b: Block): Block {
    mutations++;
    b.parent = this;
    this.blocks.push(b);
    return b;
  }
  insertBlock(b: Block, at: number): Block {
    mutations++;
    b.parent = this;
    this.blocks.splice(at, 0, b);
    return b;
  }
  removeBlock(b: Block): void {
    mutations++;
    const i = this.blocks.indexOf(b);
    if (i >= 0) this.blocks.splice(i, 1);
    b.parent = null;
  }
  walk(fn: (op: Operation) => void | 'skip'): void {
    for (const b of this.blocks) for (let op = b.first; op; op = op.next) op.walk(fn);
  }
  /** Is this region an ancestor of (or equal to) `other`? */
  isAncestorOf(other: Region): boolean {
    for (let r: Region | null = other; r; r = r.parentOp?.parentRegion ?? null) if (r === this) return true;
    return false;
  }
  /** Moves all blocks of this region to the end of `dest`. */
  moveBlocksTo(dest: Region): void {
    mutations++;
    for (const b of this.blocks) dest.pushBlock(b);
    this.blocks = [];
  }
}
