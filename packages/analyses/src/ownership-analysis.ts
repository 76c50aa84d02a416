/**
 * Ownership analysis: MLIR 19's per-(value, block) ownership map and per-block
 * lists of memrefs to deallocate (DeallocationState, OwnershipBasedBufferDeallocation.cpp),
 * computed on the data-flow solver with symbolic indicators (ownership.ts), plus
 * the plan the deallocation pass materialises: which constants, i1 arguments and
 * results, clones and `bufferization.dealloc` ops MLIR creates, and where.
 *
 * (1) Points are blocks, visited in MLIR's order (ownership-order.ts (1)); a
 *     block's state is its ownership map. Reading the ownership of a value in its
 *     defining block reads that block's state (a solver dependency) when MLIR has
 *     already handled that block, and Uninitialized otherwise (MLIR's post-order:
 *     nested blocks come before the block that holds them).
 * (2) Block entry: memref live-ins (liveness of the original function, sorted by
 *     ValueComparator) from the same region take their defining block's ownership
 *     and are to be deallocated here; those from an ancestor region get `false`.
 *     Memref arguments of a function's entry block get `false`; other memref block
 *     arguments get their appended i1 argument. Both are to be deallocated here.
 * (3) Each op, by interface and in MLIR's order: MemoryEffects (a Free effect is
 *     an error unless the op has `bufferization.manual_deallocation`, then a
 *     runtime assert that the block does not own the operand when its ownership is
 *     Unique; an Allocate effect gives `true` and a dealloc entry, or `false` in
 *     the AutomaticAllocationScope resource or with that attribute), RegionBranch (each memref result gets
 *     its appended i1 result and a dealloc entry), Call (dynamic ownership for
 *     private defined callees when enabled: the appended i1 result; else `true`),
 *     Branch and RegionBranchTerminator (a dealloc before the terminator; retained
 *     values take its updated conditions). cf.cond_br, arith.select,
 *     scf.forall.in_parallel and scf.reduce.return have MLIR's
 *     BufferDeallocationOpInterface models, which replace the preconditions and
 *     handlers (two deallocs merged by selects; select of indicators when a select
 *     result is returned; a return-like dealloc forwarding nothing, rejecting a
 *     non-empty in_parallel body and a memref reduce.return operand).
 * (4) Remaining memref results join the ownership of every memref operand (read in
 *     the operand's defining block), or get `false` when there is none.
 * (5) Function returns (public functions, or private ones without the option) need
 *     guaranteed ownership: kept when the indicator is the constant true, a clone
 *     when ownership is Unknown, else `scf.if %own {yield m} else {clone}`.
 * (6) Preconditions and errors are MLIR's, with its messages; the first error stops.
 * (7) MLIR 19 rebuilds region-branch ops and dynamic-ownership calls (to append i1
 *     results) but queries liveness computed before: their old results are stale
 *     there and not seen as memrefs. Once such an op is handled, its results are
 *     dropped from the live-in and live-out memrefs of (2) and of the retained lists.
 * (8) Plans go to the function's plan, or to `onBlock` as each block is done.
 */
import { SymbolRefAttr, SymbolTableCollection, hasTrait, type Block, type Operation } from '@lifeline/ir';
import { DataFlowSolver, StateKey, mapLattice, type DataFlowAnalysis } from '@lifeline/dataflow';
import { ValueLiveness } from './value-liveness.js';
import { UNINITIALIZED, UNKNOWN, ownershipLattice, type Ownership } from './ownership.js';
import { deallocationBlockOrder } from './ownership-order.js';
import {
  OwnershipError, Placeholder, isExternal, isMemref, isPrivate,
  type BlockPlan, type FunctionContext, type FunctionPlan, type MemrefRef, type OwnershipOptions,
} from './ownership-plan.js';
import { BlockSimulation } from './ownership-block.js';

export { Placeholder, isExternal, isMemref, isPrivate };
export type { BlockPlan, DeallocPlan, FunctionPlan, MemrefRef, OwnershipOptions, ReturnAction, Step } from './ownership-plan.js';

const ownershipMaps = mapLattice<MemrefRef, Ownership>(ownershipLattice);
/** A block's state is joined once, into ⊥: it is taken as it is instead of copied. */
const blockOwnershipKey = new StateKey<ReadonlyMap<MemrefRef, Ownership>>('block-ownership', {
  ...ownershipMaps,
  join: (a, b) => (a.size === 0 ? b : ownershipMaps.join(a, b)),
});


/**
 * The analysis. `run` analyses every function-like op (with a body) nested in
 * the root; `plan(func)` returns what it found.
 */
export class OwnershipAnalysis implements DataFlowAnalysis {
  readonly name = 'ownership';
  private readonly plans = new Map<Operation, FunctionPlan>();
  private readonly blockPlans = new Set<Block>();
  private readonly blockFunc = new Map<Block, FunctionContext>();
  private readonly rank = new Map<Block, number>();
  private readonly symbols: SymbolTableCollection;

  constructor(readonly options: OwnershipOptions) {
    this.symbols = options.symbols ?? new SymbolTableCollection();
  }

  plan(func: Operation): FunctionPlan | undefined { return this.plans.get(func); }
  functions(): FunctionPlan[] { return [...this.plans.values()]; }

  initialize(solver: DataFlowSolver, root: unknown): void {
    const funcs: Operation[] = [];
    (root as Operation).walk((op) => {
      if (hasTrait(op, 'FunctionLike')) {
        if (!isExternal(op)) funcs.push(op);
        return 'skip';
      }
      return undefined;
    });
    for (const func of funcs) {
      const plan: FunctionPlan = { func, blocks: [] };
      this.plans.set(func, plan);
      const order = deallocationBlockOrder(func);
      if (!order) {
        plan.error = { op: func, message: 'Only structured control-flow loops are supported.' };
        continue;
      }
      const ctx: FunctionContext = { plan, liveness: new ValueLiveness(func, isMemref), rebuilt: new Set() };
      for (const b of order) {
        this.rank.set(b, this.rank.size);
        this.blockFunc.set(b, ctx);
        solver.enqueue(b, this);
      }
    }
  }

  visit(solver: DataFlowSolver, point: unknown): void {
    const block = point as Block;
    const ctx = this.blockFunc.get(block)!;
    if (ctx.plan.error || this.blockPlans.has(block)) return;
    const sim = new BlockSimulation(this, solver, block, ctx);
    try {
      sim.run();
    } catch (e) {
      if (!(e instanceof OwnershipError)) throw e;
      ctx.plan.error = { op: e.op, message: e.message, loc: e.loc };
    }
    const bp: BlockPlan = { block, steps: sim.steps, toDeallocate: sim.toDealloc, ownership: sim.own };
    this.blockPlans.add(block);
    // (8) A consumer may take each block's plan as soon as it is made.
    if (this.options.onBlock) this.options.onBlock(bp);
    else ctx.plan.blocks.push(bp);
    // Uninitialized entries join as no change, so the block's map goes in as it is.
    solver.join(block, blockOwnershipKey, sim.own);
  }

  /** (1) Ownership of `v` in its defining block, as MLIR reads it while handling `from`. */
  ownershipAtDefinition(solver: DataFlowSolver, v: MemrefRef, from: Block, local: ReadonlyMap<MemrefRef, Ownership>): Ownership {
    if (v instanceof Placeholder) return local.get(v) ?? UNINITIALIZED;
    const home = v.parentBlock;
    if (!home) return UNINITIALIZED;
    if (home === from) return local.get(v) ?? UNINITIALIZED;
    const r = this.rank.get(home);
    if (r === undefined || r > this.rank.get(from)!) return UNINITIALIZED;
    // `home` was handled before `from` and is never handled again: its state is
    // final, so no dependency is recorded (it could never fire).
    return solver.lookup(home, blockOwnershipKey).get(v) ?? UNINITIALIZED;
  }

  /** Callee of a call op through the module-level symbol table collection (linear, unlike MLIR 19). */
  resolveCallee(call: Operation): Operation | undefined {
    const callee = call.def?.spec.call?.callee(call);
    if (!(callee instanceof SymbolRefAttr)) return undefined;
    return this.symbols.lookupNearest(call, callee);
  }

  functionWithoutDynamicOwnership(op: Operation | null): boolean {
    return !!op && hasTrait(op, 'FunctionLike') &&
      (!this.options.privateFunctionDynamicOwnership || !isPrivate(op) || isExternal(op));
  }
}

/** Runs the ownership analysis on every function nested in `root`. */
export function analyzeOwnership(root: Operation, options: OwnershipOptions): OwnershipAnalysis {
  const solver = new DataFlowSolver();
  const analysis = solver.load(new OwnershipAnalysis(options));
  solver.run(root);
  return analysis;
}

export { UNKNOWN };
