/**
 * MLIR 19's OperationFolder (lib/Transforms/Utils/FoldUtils.cpp), shared by SCCP
 * and the greedy pattern driver.
 *
 *  1. Constants are uniqued per insertion region: the nearest region whose parent
 *     is isolated from above (or unregistered, or top-level). The key is the
 *     (value, type) pair.
 *  2. getOrCreate materializes a missing constant at the very start of the
 *     region's entry block, so later constants sit above earlier ones.
 *  3. insertKnownConstant adopts an existing constant op: if the scope already
 *     has one of that value it reports a duplicate (the caller replaces the op);
 *     otherwise the op is moved to the front of the entry block unless it is
 *     already in the run of folder-owned constants at the front, and its
 *     location becomes unknown (MLIR's erasedFoldedLocation).
 *  4. materializeConstant picks the dialect materializer from the attribute:
 *     every dialect we register that materializes (arith, memref) makes
 *     arith.constant when arith.constant's isBuildableWith accepts it, and func
 *     makes func.constant from a flat symbol reference of function type.
 */
import {
  Builder, DenseElementsAttr, FloatAttr, FunctionType, IntegerAttr, IntegerType, OpaqueAttr, SymbolRefAttr, UnknownLoc,
  hasTrait, type Attribute, type Block, type Operation, type Region, type Registry, type Type, type Value,
} from '@lifeline/ir';

/** arith.constant's isBuildableWith (4). */
function arithBuildable(a: Attribute, t: Type): boolean {
  const typed = a instanceof IntegerAttr || a instanceof FloatAttr || a instanceof DenseElementsAttr ||
    (a instanceof OpaqueAttr && /^(dense_resource|sparse)</.test(a.text));
  if (!typed || (a as { type?: Type }).type !== t) return false;
  return !(t instanceof IntegerType && t.signedness !== 'signless');
}

/** (4) Creates a constant op at the builder's insertion point, or returns undefined. */
export function materializeConstant(builder: Builder, value: Attribute, type: Type): Operation | undefined {
  if (arithBuildable(value, type)) return builder.create('arith.constant', { resultTypes: [type], attributes: [['value', value]] });
  if (value instanceof SymbolRefAttr && !value.nested.length && type instanceof FunctionType) {
    return builder.create('func.constant', { resultTypes: [type], attributes: [['value', value]] });
  }
  return undefined;
}

/** The region constants of `block` are uniqued in and materialized into (1). */
export function insertionRegion(block: Block): Region {
  let b = block;
  for (;;) {
    const region = b.parent!;
    const parent = region.parentOp;
    // Unregistered ops might be isolated from above: MLIR's mightHaveTrait says yes.
    if (!parent || !parent.parent || !parent.def || hasTrait(parent, 'IsolatedFromAbove')) return region;
    b = parent.parent;
  }
}

/** The constant value of a ConstantLike op (MLIR's m_Constant). */
export function constantValueOf(op: Operation): Attribute | undefined {
  if (!hasTrait(op, 'ConstantLike')) return undefined;
  return op.def?.spec.constant?.value(op);
}

export class ConstantFolder {
  private readonly scopes = new Map<Region, Map<string, Operation>>();
  private readonly owned = new Set<Operation>();
  private readonly builder: Builder;
  constructor(registry: Registry | undefined, builder?: Builder) {
    this.builder = builder ?? new Builder(registry ?? ({ lookup: () => undefined } as unknown as Registry));
  }

  private scopeOf(region: Region): Map<string, Operation> {
    let scope = this.scopes.get(region);
    if (!scope) this.scopes.set(region, (scope = new Map()));
    return scope;
  }

  /** (1)(2) */
  getOrCreate(block: Block, value: Attribute, type: Type): Value | undefined {
    const region = insertionRegion(block);
    const scope = this.scopeOf(region);
    const key = `${value}|${type}`;
    const known = scope.get(key);
    if (known) return known.results[0]!;
    this.builder.setInsertionPointToStart(region.blocks[0]!);
    const op = materializeConstant(this.builder, value, type);
    if (!op) return undefined;
    op.loc = UnknownLoc.instance;
    scope.set(key, op);
    this.owned.add(op);
    return op.results[0]!;
  }

  /**
   * (3) Adopts the constant `op`; returns the already known constant op of the
   * same value when `op` is a duplicate (the caller replaces `op` by it).
   */
  insertKnownConstant(op: Operation, value: Attribute): Operation | undefined {
    const block = op.parent!;
    if (this.owned.has(op)) {
      if (block.first !== op && !this.owned.has(op.prev!)) this.moveToFront(op, block);
      return undefined;
    }
    const region = insertionRegion(block);
    const scope = this.scopeOf(region);
    const key = `${value}|${op.results[0]!.type}`;
    const known = scope.get(key);
    if (known) {
      known.loc = UnknownLoc.instance;
      return known;
    }
    const entry = region.blocks[0]!;
    if (block !== entry || (entry.first !== op && !this.owned.has(op.prev!))) this.moveToFront(op, entry);
    scope.set(key, op);
    this.owned.add(op);
    return undefined;
  }

  private moveToFront(op: Operation, block: Block): void {
    op.remove();
    block.prepend(op);
    op.loc = UnknownLoc.instance;
  }
}
