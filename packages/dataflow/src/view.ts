/**
 * The control-flow view: everything the IR-level analyses of this package (dead
 * code, the sparse and dense bases) know of a program. An IR plugs in by
 * implementing it once; `@lifeline/analyses` does so for `@lifeline/ir`, tests do
 * so for toy IRs. Ops, blocks, regions and values are the IR's own objects.
 *
 * (1) Structure: ops hold regions, regions hold blocks (entry first), blocks hold
 *     ops and arguments; every op but the root sits in a block.
 * (2) Interfaces are answered per op, `undefined` meaning "does not implement it"
 *     — the analyses then assume the worst, as MLIR's do.
 * (3) A *region point* is `'parent'` (the op itself: entering it from outside, or
 *     control returning to it) or one of its regions.
 * (4) Constant operands are the IR's attributes or `undefined` for "not known";
 *     the view only passes them back to the IR's own folding hooks.
 */

export type RegionPoint<R> = 'parent' | R;

export interface RegionSuccessorView<R, V> {
  /** Where control goes (3). */
  target: RegionPoint<R>;
  /** The values that receive the forwarded operands: entry arguments or op results. */
  inputs: readonly V[];
}

export interface BranchView<B, V> {
  /**
   * Operands forwarded to successor `i`, one per block argument of the successor;
   * `undefined` for an argument the terminator produces itself.
   */
  successorOperands(i: number): readonly (V | undefined)[];
  /** Indices into the op's operands of the forwarded operands of successor `i`. */
  successorOperandIndices(i: number): readonly number[];
  /** The one successor taken for these constant operands, if the op can tell (4). */
  successorForConstants(constants: readonly unknown[]): B | undefined;
}

export interface RegionBranchView<R, V> {
  /** Successors when entering the op, narrowed by constant operands when it can (4). */
  entrySuccessors(constants: readonly unknown[]): RegionSuccessorView<R, V>[];
  /** Successors when control leaves `region`. */
  successorsFrom(region: R): RegionSuccessorView<R, V>[];
  /** Operands forwarded from the op into `target` (entry arguments or results). */
  entryOperands(target: RegionPoint<R>): readonly V[];
  /** Op operand indices of `entryOperands(target)`. */
  entryOperandIndices(target: RegionPoint<R>): readonly number[];
}

export interface RegionTerminatorView<R, V> {
  /** Successors of the enclosing region-branch op from this terminator, narrowed by constants (4). */
  successors(constants: readonly unknown[]): RegionSuccessorView<R, V>[];
  /** Operands forwarded to `target`. */
  forwarded(target: RegionPoint<R>): readonly V[];
  /** Op operand indices of `forwarded(target)`. */
  forwardedIndices(target: RegionPoint<R>): readonly number[];
}

export interface CallView<O, V> {
  /** The callee when it resolves to a callable op; `undefined` for indirect or unknown calls. */
  callee(): O | undefined;
  /** The call's argument operands and their op operand indices. */
  args(): readonly V[];
  argIndices(): readonly number[];
}

export interface CallableView<R> {
  /** The body; `undefined` for an external declaration. */
  region(): R | undefined;
}

export interface ControlFlowView<O, B, R, V> {
  // ---- structure (1) ----
  /** Tells ops from the other program points (blocks, CFG edges). */
  isOp(point: unknown): point is O;
  regions(op: O): readonly R[];
  blocks(region: R): readonly B[];
  ops(block: B): Iterable<O>;
  /** The ops of `block`, last first. */
  opsReversed(block: B): Iterable<O>;
  /** The op before / after `op` in its block. */
  prevOp(op: O): O | undefined;
  nextOp(op: O): O | undefined;
  firstOp(block: B): O | undefined;
  arguments(block: B): readonly V[];
  operands(op: O): readonly V[];
  results(op: O): readonly V[];
  users(value: V): Iterable<O>;
  parentBlock(op: O): B | null;
  parentRegion(block: B): R;
  regionOwner(region: R): O;
  terminator(block: B): O | undefined;
  successors(op: O): readonly B[];
  /**
   * The predecessors of `block` as (block, successor index) pairs, in the order
   * the IR keeps its block uses (MLIR: most recently created first).
   */
  predecessors(block: B): readonly { block: B; index: number }[];
  isAncestor(ancestor: O, op: O): boolean;

  // ---- interfaces (2) ----
  branch(op: O): BranchView<B, V> | undefined;
  regionBranch(op: O): RegionBranchView<R, V> | undefined;
  /** Terminators that forward to their region-branch parent (MLIR: RegionBranchTerminatorOpInterface). */
  regionTerminator(op: O): RegionTerminatorView<R, V> | undefined;
  call(op: O): CallView<O, V> | undefined;
  callable(op: O): CallableView<R> | undefined;
  isReturnLike(op: O): boolean;
  /** No memory effects, counting nested ops for ops with recursive effects. */
  isMemoryEffectFree(op: O): boolean;

  // ---- symbols ----
  /** Callables directly inside each symbol table under `root` whose callers may be unknown. */
  callablesWithUnknownCallers(root: O): Iterable<O>;
}
