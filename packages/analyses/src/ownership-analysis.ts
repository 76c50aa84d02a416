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
import {
  BlockArgument, MemRefType, OpResult, StringAttr, SymbolRefAttr, SymbolTableCollection, UnrankedMemRefType, hasTrait,
  type Block, type Location, type MemoryEffect, type Operation, type Value,
} from '@lifeline/ir';
import { DataFlowSolver, StateKey, mapLattice, type DataFlowAnalysis } from '@lifeline/dataflow';
import { ValueLiveness } from './value-liveness.js';
import {
  UNINITIALIZED, UNKNOWN, constIndicator, joinOwnership, ownershipLattice, unique,
  type Indicator, type Ownership,
} from './ownership.js';
import { compareValues, deallocationBlockOrder } from './ownership-order.js';

export const isMemref = (v: Value): boolean => v.type instanceof MemRefType || v.type instanceof UnrankedMemRefType;

/** A memref the pass creates at a function return (5): a clone or the scf.if that may clone. */
export class Placeholder {
  constructor(readonly kind: 'clone' | 'ifclone', readonly source: Value, readonly term: Operation, readonly operand: number) {}
}
export type MemrefRef = Value | Placeholder;

/** One `bufferization.dealloc` to create before a terminator. */
export interface DeallocPlan {
  memrefs: MemrefRef[];
  conditions: Indicator[];
  retained: MemrefRef[];
}

/** (5) What happens to one memref operand of a function return. */
export interface ReturnAction {
  operand: number;
  /** 'asis': keep; 'clone': clone (ownership Unknown); 'ifclone': scf.if on `condition`. */
  kind: 'asis' | 'clone' | 'ifclone';
  condition?: Indicator;
  /** The returned value is an arith.select whose indicator is a select of its operands' indicators. */
  select?: { trueInd: Indicator; falseInd: Indicator };
  placeholder?: Placeholder;
}

export type Step =
  /** (2) a constant before the block's original first op. */
  | { kind: 'constAtEntry'; indicator: Indicator & { kind: 'const' } }
  | { kind: 'constAtFront'; indicator: Indicator & { kind: 'const' } }
  | { kind: 'constBefore'; indicator: Indicator & { kind: 'const' }; op: Operation }
  | { kind: 'addArg'; of: BlockArgument }
  /** (3) `cf.assert (indicator xor true)` before a free marked bufferization.manual_deallocation. */
  | { kind: 'assertNotOwned'; op: Operation; indicator: Indicator }
  | { kind: 'regionBranch'; op: Operation; memrefOperands: number; memrefResults: Value[] }
  | { kind: 'dynamicCall'; op: Operation; memrefResults: Value[] }
  | { kind: 'branch'; op: Operation; dealloc: DeallocPlan; forwarded: number }
  | { kind: 'condBranch'; op: Operation; deallocs: [DeallocPlan, DeallocPlan]; common: Value[]; appended: [Indicator[], Indicator[]] }
  | { kind: 'returnLike'; op: Operation; actions: ReturnAction[]; dealloc?: DeallocPlan; appendOwnership: number };

export interface BlockPlan {
  block: Block;
  steps: Step[];
  /** Memref live-ins and memrefs defined in the block that it considers, in MLIR's order. */
  toDeallocate: MemrefRef[];
  /** Ownership of each memref the block knows when it ends. */
  ownership: ReadonlyMap<MemrefRef, Ownership>;
}

export interface FunctionPlan {
  func: Operation;
  blocks: BlockPlan[];
  /** The first error; `loc` set when MLIR reports at a location, not on an op. */
  error?: { op: Operation; message: string; loc?: Location };
}

export interface OwnershipOptions {
  privateFunctionDynamicOwnership: boolean;
  /** Symbol tables to resolve callees with; share one when analysing functions one by one. */
  symbols?: SymbolTableCollection;
  /**
   * (8) Called with each block's plan as soon as it is made, in MLIR's order,
   * instead of keeping it in the function's plan. The deallocation pass builds the
   * block's IR right away, as MLIR does: what it builds (i1 arguments and results,
   * operands of handled terminators, new ops) is never read by the analysis of the
   * blocks that follow, which read only original operands, results and arguments.
   */
  onBlock?: (bp: BlockPlan) => void;
}

const ownershipMaps = mapLattice<MemrefRef, Ownership>(ownershipLattice);
/** A block's state is joined once, into ⊥: it is taken as it is instead of copied. */
const blockOwnershipKey = new StateKey<ReadonlyMap<MemrefRef, Ownership>>('block-ownership', {
  ...ownershipMaps,
  join: (a, b) => (a.size === 0 ? b : ownershipMaps.join(a, b)),
});

class OwnershipError extends Error {
  constructor(readonly op: Operation, message: string, readonly loc?: Location) { super(message); }
}

const MANUAL = 'bufferization.manual_deallocation';

/** MLIR's BufferDeallocationOpInterface models (external models attach by op, as in MLIR). */
const deallocationModels = new Map<string, 'condBranch' | 'select' | 'inParallel' | 'reduceReturn'>([
  ['cf.cond_br', 'condBranch'], ['arith.select', 'select'],
  ['scf.forall.in_parallel', 'inParallel'], ['scf.reduce.return', 'reduceReturn'],
]);

function hasEffectInterface(op: Operation): boolean {
  return !!op.def?.spec.memoryEffects || hasTrait(op, 'Pure');
}
const NO_EFFECTS: readonly MemoryEffect[] = [];
function effects(op: Operation): readonly MemoryEffect[] {
  return op.def?.spec.memoryEffects?.(op) ?? NO_EFFECTS;
}

/** A memref operand, result or entry-block argument of a region (MLIR's hasBufferSemantics). */
function hasBufferSemantics(op: Operation): boolean {
  for (const o of op.operands) if (isMemref(o.value)) return true;
  for (const r of op.results) if (isMemref(r)) return true;
  for (const r of op.regions) for (const a of r.blocks[0]?.arguments ?? []) if (isMemref(a)) return true;
  return false;
}

export function isPrivate(fn: Operation): boolean {
  const v = fn.getAttr('sym_visibility');
  return v instanceof StringAttr && v.value === 'private';
}
export function isExternal(fn: Operation): boolean {
  return !fn.regions[0] || fn.regions[0].blocks.length === 0;
}

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

interface FunctionContext {
  plan: FunctionPlan;
  liveness: ValueLiveness;
  /** (7) Ops MLIR has rebuilt by now (region-branch ops, dynamic-ownership calls). */
  rebuilt: Set<Operation>;
}

/** Handles one block as MLIR's BufferDeallocation::deallocate(Block*) does, symbolically. */
class BlockSimulation {
  readonly steps: Step[] = [];
  readonly toDealloc: MemrefRef[] = [];
  readonly own = new Map<MemrefRef, Ownership>();

  constructor(
    private readonly analysis: OwnershipAnalysis, private readonly solver: DataFlowSolver,
    private readonly block: Block, private readonly ctx: FunctionContext,
  ) {}

  private update(v: MemrefRef, o: Ownership): void {
    this.own.set(v, joinOwnership(this.own.get(v) ?? UNINITIALIZED, o));
  }
  private reset(v: MemrefRef): void { this.own.set(v, UNINITIALIZED); }
  private ownHere(v: MemrefRef): Ownership { return this.own.get(v) ?? UNINITIALIZED; }
  private ownAtDef(v: MemrefRef): Ownership {
    return this.analysis.ownershipAtDefinition(this.solver, v, this.block, this.own);
  }
  private constant(value: boolean, site: object): Indicator & { kind: 'const' } {
    return constIndicator(value, site, this.block) as Indicator & { kind: 'const' };
  }

  run(): void {
    const block = this.block;
    const region = block.parent!;
    // (2) live-ins.
    const liveIn = [...this.ctx.liveness.getLiveIn(block)].filter((v) => this.liveMemref(v)).sort(compareValues);
    for (const li of liveIn) {
      if (li.parentRegion === region) {
        this.update(li, this.ownAtDef(li));
        this.toDealloc.push(li);
      } else if (li.parentRegion!.isAncestorOf(region)) {
        const c = this.constant(false, li);
        this.steps.push({ kind: 'constAtEntry', indicator: c });
        this.update(li, unique(c));
      }
    }
    // (2) arguments.
    const funcEntry = block.isEntryBlock && !!block.parentOp && hasTrait(block.parentOp, 'FunctionLike');
    for (const arg of block.arguments) {
      if (!isMemref(arg)) continue;
      if (funcEntry) {
        const c = this.constant(false, arg);
        this.steps.push({ kind: 'constAtEntry', indicator: c });
        this.update(arg, unique(c));
      } else {
        this.steps.push({ kind: 'addArg', of: arg });
        this.update(arg, unique({ kind: 'arg', of: arg }));
      }
      this.toDealloc.push(arg);
    }
    // (3)(4) ops.
    for (const op of block.opList()) {
      const model = deallocationModels.get(op.name);
      if (model === 'condBranch') this.condBranch(op);
      else if (model === 'inParallel' || model === 'reduceReturn') this.parallelTerminator(op, model);
      else if (model !== 'select') {
        const effs = hasEffectInterface(op) ? effects(op) : undefined;
        this.preconditions(op, effs);
        if (effs) this.memoryEffects(op, effs);
        if (op.def?.spec.regionBranch) this.regionBranch(op);
        if (op.def?.spec.call) this.call(op);
        if (op.def?.spec.branch) this.branch(op);
        if (op.def?.spec.regionBranchTerminator) this.returnLike(op);
      }
      this.populateRemaining(op);
    }
  }

  /**
   * (7) A memref in MLIR's liveness sets, which were computed before the pass
   * changed the function: a result of an op MLIR has rebuilt since is a stale
   * value there, and MLIR 19 does not see it as a memref (single-result ops;
   * with more results it reads freed memory and usually crashes).
   */
  private liveMemref(v: Value): boolean {
    return isMemref(v) && !(v instanceof OpResult && this.ctx.rebuilt.has(v.owner));
  }

  /** (6) MLIR's verifyOperationPreconditions. */
  private preconditions(op: Operation, effs: readonly MemoryEffect[] | undefined): void {
    if (!hasBufferSemantics(op)) {
      const neither = effs ? !effs.some((e) => e.kind === 'allocate' || e.kind === 'free') : hasTrait(op, 'RecursiveMemoryEffects');
      if (neither) return;
    }
    // MLIR: isa<bufferization::DeallocOp>.
    if (op.name === 'bufferization.dealloc') throw new OwnershipError(op, 'No deallocation operations must be present when running this pass!');
    if (!effs && !hasTrait(op, 'RecursiveMemoryEffects') && !op.def?.spec.call) {
      throw new OwnershipError(op, 'ops with unknown memory side effects are not supported');
    }
    const n = op.regions.length;
    if (((n === 1 && op.results.length > 0) || n > 1) && !op.def?.spec.regionBranch) {
      throw new OwnershipError(op, 'All operations with attached regions need to implement the RegionBranchOpInterface.');
    }
    if (hasTrait(op, 'NoTerminator')) throw new OwnershipError(op, 'NoTerminator trait is not supported');
    if (hasTrait(op, 'Terminator')) {
      const br = !!op.def?.spec.branch;
      const rbt = !!op.def?.spec.regionBranchTerminator;
      if (br === rbt) {
        throw new OwnershipError(op, 'Terminators must implement either BranchOpInterface or RegionBranchTerminatorOpInterface (but not both)!');
      }
      if (op.successors.length > 1) throw new OwnershipError(op, 'Terminators with more than one successor are not supported!');
    }
  }

  private memoryEffects(op: Operation, effs: readonly MemoryEffect[]): void {
    for (const o of op.operands) {
      if (!isMemref(o.value)) continue;
      if (!effs.some((e) => e.kind === 'free' && e.value === o.value)) continue;
      if (!op.attributes.has(MANUAL)) throw new OwnershipError(op, 'memory free side-effect on MemRef value not supported!');
      // (3) A manual free gets a runtime check that the block does not own the buffer.
      const own = this.ownHere(o.value);
      if (own.state === 'unique') this.steps.push({ kind: 'assertNotOwned', op, indicator: own.indicator });
    }
    for (const res of op.results) {
      if (!isMemref(res)) continue;
      const alloc = effs.find((e) => e.kind === 'allocate' && e.value === res);
      if (!alloc) continue;
      if (alloc.resource === 'AutomaticAllocationScope' || op.attributes.has(MANUAL)) {
        this.reset(res);
        const c = this.constant(false, res);
        this.steps.push({ kind: 'constAtFront', indicator: c });
        this.update(res, unique(c));
        continue;
      }
      const c = this.constant(true, res);
      this.steps.push({ kind: 'constAtFront', indicator: c });
      this.update(res, unique(c));
      this.toDealloc.push(res);
    }
  }

  private regionBranch(op: Operation): void {
    const rb = op.def!.spec.regionBranch!;
    const first = rb.successors(op, 'parent')[0];
    const entry = first ? rb.entryOperands(op, first.target) : [];
    const memrefResults = op.results.filter(isMemref);
    this.ctx.rebuilt.add(op);
    this.steps.push({ kind: 'regionBranch', op, memrefOperands: entry.filter(isMemref).length, memrefResults });
    for (const r of memrefResults) {
      this.update(r, unique({ kind: 'result', of: r }));
      this.toDealloc.push(r);
    }
  }

  private call(op: Operation): void {
    const callee = this.analysis.resolveCallee(op);
    const privateDefined = !!callee && isPrivate(callee) && !isExternal(callee);
    const memrefResults = op.results.filter(isMemref);
    if (this.analysis.options.privateFunctionDynamicOwnership && privateDefined) {
      this.ctx.rebuilt.add(op);
      this.steps.push({ kind: 'dynamicCall', op, memrefResults });
      for (const r of memrefResults) {
        this.update(r, unique({ kind: 'result', of: r }));
        this.toDealloc.push(r);
      }
      return;
    }
    const c = this.constant(true, op);
    this.steps.push({ kind: 'constBefore', indicator: c, op });
    for (const r of memrefResults) {
      this.update(r, unique(c));
      this.toDealloc.push(r);
    }
  }

  /** MLIR's getMemrefsAndConditionsToDeallocate. */
  private deallocList(): { memrefs: MemrefRef[]; conditions: Indicator[] } {
    const memrefs: MemrefRef[] = [];
    const conditions: Indicator[] = [];
    for (const m of this.toDealloc) {
      const o = this.ownHere(m);
      if (o.state !== 'unique') {
        // MLIR reports at the memref's location: its defining op's, or a block argument's own.
        const at = m instanceof Placeholder ? m.term : m instanceof OpResult ? m.owner : (m as BlockArgument).owner.parentOp!;
        throw new OwnershipError(at, 'MemRef value does not have valid ownership', m instanceof BlockArgument ? m.loc : undefined);
      }
      memrefs.push(m);
      conditions.push(o.indicator);
    }
    return { memrefs, conditions };
  }

  /** MLIR's getMemrefsToRetain: forwarded memrefs, then live-out (∩ live-in of `to`) memrefs, sorted. */
  private retainList(forwarded: readonly MemrefRef[], to: Block | null): MemrefRef[] {
    const out = forwarded.filter((v) => v instanceof Placeholder || isMemref(v));
    const liveIn = to ? this.ctx.liveness.getLiveIn(to) : undefined;
    const live = [...this.ctx.liveness.getLiveOut(this.block)].filter((v) => this.liveMemref(v) && (!liveIn || liveIn.has(v)));
    return [...out, ...live.sort(compareValues)];
  }

  /** The retained values take the dealloc's updated conditions (reset first, then joined). */
  private retain(term: Operation, which: number, retained: readonly MemrefRef[]): Indicator[] {
    for (const r of retained) this.reset(r);
    return retained.map((r, index) => {
      const ind: Indicator = { kind: 'dealloc', term, which, index, of: r instanceof Placeholder ? r.source : r };
      this.update(r, unique(ind));
      return ind;
    });
  }

  private branch(op: Operation): void {
    if (op.successors.length > 1) throw new OwnershipError(op, 'BranchOpInterface operations with multiple successors are not supported yet');
    if (op.successors.length !== 1) throw new OwnershipError(op, 'only BranchOpInterface operations with exactly one successor are supported yet');
    const { memrefs, conditions } = this.deallocList();
    const forwarded = op.def!.spec.branch!.successorOperands(op, 0);
    const retained = this.retainList(forwarded, op.successors[0]!);
    this.retain(op, 0, retained);
    this.steps.push({ kind: 'branch', op, dealloc: { memrefs, conditions, retained }, forwarded: forwarded.filter(isMemref).length });
  }

  private condBranch(op: Operation): void {
    const { memrefs, conditions } = this.deallocList();
    const br = op.def!.spec.branch!;
    const plans: DeallocPlan[] = [];
    const mappings: Map<MemrefRef, Indicator>[] = [];
    const appended: Indicator[][] = [];
    for (let s = 0; s < 2; s++) {
      const dest = br.successorOperands(op, s);
      const retained = this.retainList(dest, op.successors[s]!);
      const inds = this.retain(op, s, retained);
      const mapping = new Map<MemrefRef, Indicator>();
      retained.forEach((r, i) => mapping.set(r, inds[i]!));
      plans.push({ memrefs, conditions, retained });
      mappings.push(mapping);
      appended.push(dest.filter(isMemref).map((v) => mapping.get(v)!));
    }
    const thenSet = new Set(plans[0]!.retained);
    const common: Value[] = [];
    for (const v of plans[1]!.retained) if (thenSet.has(v) && !common.includes(v as Value)) common.push(v as Value);
    for (const v of common) {
      this.reset(v);
      this.update(v, unique({ kind: 'dealloc', term: op, which: 2, index: common.indexOf(v), of: v }));
    }
    this.steps.push({ kind: 'condBranch', op, deallocs: [plans[0]!, plans[1]!], common, appended: [appended[0]!, appended[1]!] });
  }

  /**
   * (3) MLIR's models of scf.forall.in_parallel and scf.reduce.return: a dealloc
   * before the terminator that retains only what stays live (nothing is forwarded).
   */
  private parallelTerminator(op: Operation, model: 'inParallel' | 'reduceReturn'): void {
    if (model === 'inParallel' && op.regions[0]?.blocks[0]?.first) {
      throw new OwnershipError(op, 'only supported when nested region is empty');
    }
    if (model === 'reduceReturn' && isMemref(op.operand(0))) {
      throw new OwnershipError(op, 'only supported when operand is not a MemRef');
    }
    const { memrefs, conditions } = this.deallocList();
    const retained = this.retainList([], null);
    if (memrefs.length === 0 && retained.length === 0) return;
    this.retain(op, 0, retained);
    this.steps.push({ kind: 'returnLike', op, actions: [], dealloc: { memrefs, conditions, retained }, appendOwnership: 0 });
  }

  private returnLike(op: Operation): void {
    const actions: ReturnAction[] = [];
    const withoutDynamic = this.analysis.functionWithoutDynamicOwnership(op.parentOp);
    const operands: MemrefRef[] = op.def!.spec.regionBranchTerminator!.forwardedOperands(op, 'parent').slice();
    if (withoutDynamic) {
      op.operands.forEach((o, i) => {
        if (!isMemref(o.value)) return;
        const a = this.guaranteedOwnership(op, o.value, i);
        actions.push(a);
        if (a.placeholder) operands[i] = a.placeholder;
      });
    }
    const { memrefs, conditions } = this.deallocList();
    const retained = this.retainList(operands, null);
    const n = operands.filter((v) => v instanceof Placeholder || isMemref(v)).length;
    if (memrefs.length === 0 && retained.length === 0) {
      this.steps.push({ kind: 'returnLike', op, actions, appendOwnership: 0 });
      return;
    }
    this.retain(op, 0, retained);
    this.steps.push({ kind: 'returnLike', op, actions, dealloc: { memrefs, conditions, retained }, appendOwnership: withoutDynamic ? 0 : n });
  }

  /** (5) MLIR's materializeMemrefWithGuaranteedOwnership, decided symbolically. */
  private guaranteedOwnership(term: Operation, v: Value, operand: number): ReturnAction {
    let condition: Indicator | undefined;
    let select: ReturnAction['select'];
    const def = v.definingOp;
    if (v.parentBlock === this.block && def && deallocationModels.get(def.name) === 'select') {
      const t = this.ownHere(def.operand(1));
      const f = this.ownHere(def.operand(2));
      if (t.state === 'unique' && f.state === 'unique') {
        select = { trueInd: t.indicator, falseInd: f.indicator };
        condition = { kind: 'select', of: v };
      }
    }
    if (!condition) {
      const o = this.ownHere(v);
      if (o.state === 'unique') condition = o.indicator;
    }
    if (!condition) {
      // Unknown ownership: clone, which is owned (`true`) and so returned as is.
      const p = new Placeholder('clone', v, term, operand);
      this.update(p, unique(this.constant(true, p)));
      this.toDealloc.push(p);
      return { operand, kind: 'clone', placeholder: p };
    }
    if (condition.kind === 'const' && condition.value) return { operand, kind: 'asis', condition };
    const p = new Placeholder('ifclone', v, term, operand);
    this.update(p, unique(this.constant(true, p)));
    this.toDealloc.push(p);
    return { operand, kind: 'ifclone', condition, select, placeholder: p };
  }

  private populateRemaining(op: Operation): void {
    for (const res of op.results) {
      if (!isMemref(res) || this.ownHere(res).state !== 'uninitialized') continue;
      for (const o of op.operands) if (isMemref(o.value)) this.update(res, this.ownAtDef(o.value));
      if (this.ownHere(res).state === 'uninitialized') {
        const c = this.constant(false, res);
        this.steps.push({ kind: 'constBefore', indicator: c, op });
        this.update(res, unique(c));
      }
    }
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
