/**
 * The per-block transfer of the ownership analysis: one block handled as MLIR
 * 19's BufferDeallocation::deallocate(Block*) handles it, symbolically. Clause
 * numbers refer to the specification in ownership-analysis.ts.
 */
import { BlockArgument, OpResult, hasTrait, type Block, type MemoryEffect, type Operation, type Value } from '@lifeline/ir';
import type { DataFlowSolver } from '@lifeline/dataflow';
import { UNINITIALIZED, constIndicator, joinOwnership, unique, type Indicator, type Ownership } from './ownership.js';
import { compareValues } from './ownership-order.js';
import {
  OwnershipError, Placeholder, isExternal, isMemref, isPrivate,
  type DeallocPlan, type FunctionContext, type MemrefRef, type ReturnAction, type Step,
} from './ownership-plan.js';
import type { OwnershipAnalysis } from './ownership-analysis.js';

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


/** Handles one block as MLIR's BufferDeallocation::deallocate(Block*) does, symbolically. */
export class BlockSimulation {
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
