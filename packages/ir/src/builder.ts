/**
 * Building and rewriting IR: insertion points, op creation from the registry,
 * erase/replace, moves, block split/merge/inline, and deep clones with a value map.
 */
import type { Attribute } from './attributes.js';
import { Block, Operation, Region, type Value } from './ir.js';
import type { Location } from './location.js';
import type { Registry } from './opdef.js';
import type { Type } from './types.js';

/** Old value/block → new value/block, filled by clones. */
export class IRMapping {
  private readonly values = new Map<Value, Value>();
  private readonly blocks = new Map<Block, Block>();
  map(from: Value, to: Value): void { this.values.set(from, to); }
  mapBlock(from: Block, to: Block): void { this.blocks.set(from, to); }
  lookup(v: Value): Value | undefined { return this.values.get(v); }
  lookupOrDefault(v: Value): Value { return this.values.get(v) ?? v; }
  lookupBlockOrDefault(b: Block): Block { return this.blocks.get(b) ?? b; }
  contains(v: Value): boolean { return this.values.has(v); }
}

export interface CreateOptions {
  operands?: readonly Value[];
  resultTypes?: readonly Type[];
  attributes?: Iterable<readonly [string, Attribute]>;
  successors?: readonly Block[];
  regions?: number | readonly Region[];
  loc?: Location;
}

export class Builder {
  private block: Block | null = null;
  /** Insert before this op; null means at the end of `block`. */
  private before: Operation | null = null;

  constructor(readonly registry: Registry, public loc?: Location) {}

  setInsertionPointBefore(op: Operation): void {
    this.block = op.parent;
    this.before = op;
  }
  setInsertionPointAfter(op: Operation): void {
    this.block = op.parent;
    this.before = op.next;
  }
  setInsertionPointToStart(b: Block): void {
    this.block = b;
    this.before = b.first;
  }
  setInsertionPointToEnd(b: Block): void {
    this.block = b;
    this.before = null;
  }
  get insertionBlock(): Block | null { return this.block; }

  /** Inserts a detached op at the insertion point. */
  insert<T extends Operation>(op: T): T {
    if (this.block) this.block.insertBefore(op, this.before);
    return op;
  }

  /** Creates `name` (looked up in the registry; inherent attributes become properties) and inserts it. */
  create(name: string, o: CreateOptions = {}): Operation {
    const def = this.registry.lookup(name);
    const op = new Operation({
      name, def, operands: o.operands, resultTypes: o.resultTypes, successors: o.successors, regions: o.regions,
      loc: o.loc ?? this.loc,
    });
    for (const [k, v] of o.attributes ?? []) op.setAttr(k, v);
    return this.insert(op);
  }

  /** Creates a block at the end of `region` (or before `before`) with the given argument types. */
  createBlock(region: Region, argTypes: readonly Type[] = [], before?: Block): Block {
    const b = new Block(argTypes);
    if (before) region.insertBlock(b, region.blocks.indexOf(before));
    else region.pushBlock(b);
    this.setInsertionPointToEnd(b);
    return b;
  }
}

/** Callbacks a pattern driver uses to learn what a rewrite changed. */
export interface RewriteListener {
  onInserted?(op: Operation): void;
  onErased?(op: Operation): void;
  onReplaced?(op: Operation, values: readonly Value[]): void;
  onModified?(op: Operation): void;
}

export class Rewriter extends Builder {
  constructor(registry: Registry, public listener: RewriteListener = {}) {
    super(registry);
  }

  override insert<T extends Operation>(op: T): T {
    super.insert(op);
    this.listener.onInserted?.(op);
    return op;
  }

  /** Erases an op whose results are unused (nested ops are erased with it). */
  eraseOp(op: Operation): void {
    for (const r of op.results) {
      if (r.hasUses) throw new Error(`eraseOp: '${op.name}' still has uses`);
    }
    op.walkPostOrder((o) => this.listener.onErased?.(o));
    op.erase();
  }

  /** Replaces every use of `op`'s results with `values`, then erases `op`. */
  replaceOp(op: Operation, values: readonly Value[]): void {
    if (values.length !== op.results.length) throw new Error('replaceOp: result count mismatch');
    this.listener.onReplaced?.(op, values);
    op.results.forEach((r, i) => this.replaceAllUsesWith(r, values[i]!));
    this.eraseOp(op);
  }

  replaceAllUsesWith(from: Value, to: Value): void {
    for (const user of from.users()) this.listener.onModified?.(user);
    from.replaceAllUsesWith(to);
  }

  /** Changes an op in place and tells the listener. */
  modifyInPlace(op: Operation, fn: () => void): void {
    fn();
    this.listener.onModified?.(op);
  }

  moveOpBefore(op: Operation, before: Operation): void { op.moveBefore(before); }
  moveOpAfter(op: Operation, after: Operation): void { op.moveAfter(after); }

  /** Splits `block` before `op`; ops from `op` on move to the returned block. */
  splitBlock(block: Block, op: Operation | null): Block {
    return block.splitBefore(op);
  }

  /** Appends `src`'s ops to `dest` (src's arguments replaced by `args`) and erases `src`. */
  mergeBlocks(src: Block, dest: Block, args: readonly Value[] = []): void {
    dest.mergeFrom(src, args);
  }

  /** Moves the ops of `src` before `before`, replacing src's arguments by `args`; erases `src`. */
  inlineBlockBefore(src: Block, before: Operation, args: readonly Value[] = []): void {
    src.arguments.forEach((a, i) => a.replaceAllUsesWith(args[i]!));
    for (let op = src.first; op;) {
      const next: Operation | null = op.next;
      op.remove();
      before.parent!.insertBefore(op, before);
      op = next;
    }
    src.erase();
  }

  /** Moves all blocks of `region` into `parent` before `before` (or at the end). */
  inlineRegionBefore(region: Region, parent: Region, before?: Block): void {
    const at = before ? parent.blocks.indexOf(before) : parent.blocks.length;
    const blocks = region.blocks;
    region.blocks = [];
    blocks.forEach((b, i) => parent.insertBlock(b, at + i));
  }
}

/** Deep-copies `op` (regions included), mapping operands through `mapping` and recording new values in it. */
export function cloneOp(op: Operation, mapping: IRMapping = new IRMapping()): Operation {
  const copy = new Operation({
    name: op.name, def: op.def,
    operands: op.operandValues().map((v) => mapping.lookupOrDefault(v)),
    resultTypes: op.results.map((r) => r.type),
    properties: op.hasProperties ? new Map(op.properties) : undefined,
    attributes: op.hasAttributes ? new Map(op.attributes) : undefined,
    successors: op.successors.map((b) => mapping.lookupBlockOrDefault(b)),
    regions: op.regions.length,
    loc: op.loc,
  });
  op.results.forEach((r, i) => mapping.map(r, copy.results[i]!));
  op.regions.forEach((r, i) => cloneRegionInto(r, copy.regions[i]!, mapping));
  return copy;
}

/** Clones the blocks of `src` to the end of `dest`. */
export function cloneRegionInto(src: Region, dest: Region, mapping: IRMapping): void {
  // Blocks first, so branches inside the region can refer to later blocks.
  const newBlocks = src.blocks.map((b) => {
    const nb = new Block();
    for (const a of b.arguments) mapping.map(a, nb.addArgument(a.type, a.loc));
    mapping.mapBlock(b, nb);
    dest.pushBlock(nb);
    return nb;
  });
  src.blocks.forEach((b, i) => {
    for (let op = b.first; op; op = op.next) newBlocks[i]!.append(cloneOp(op, mapping));
  });
  // Successors cloned before their target block was mapped still point at the old block.
  for (const nb of newBlocks) {
    const t = nb.last;
    if (t) t.successors.forEach((s, i) => t.setSuccessor(i, mapping.lookupBlockOrDefault(s)));
  }
}
