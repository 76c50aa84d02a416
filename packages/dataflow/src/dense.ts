/**
 * Dense analyses: one lattice value per program point — after each op and at the
 * start of each block (forward), before each op and at the end of each block
 * (backward) — through blocks, region control flow and calls: MLIR's
 * Dense{Forward,Backward}DataFlowAnalysis over a ControlFlowView. Both run beside
 * DeadCodeAnalysis and skip code that cannot execute. Transfer functions return a
 * value that the base joins into the state (lattices are values).
 *
 * Forward (state at op = after it, at block = on entry to it):
 * (F1) An op in a live block: a region-branch op joins what each predecessor
 *      (itself, on entry, or a terminator of its regions) holds; a call joins what
 *      the callee's returns hold when every one is known (entry state otherwise;
 *      `callTransfer` decides for external callees); other ops apply `transfer`
 *      to the state before them.
 * (F2) A live block: a callable's entry joins the state before each known call
 *      (entry state when callers may be unknown); a region-branch entry joins what
 *      its predecessors hold; another entry block gets the entry state; a
 *      non-entry block joins the terminators of its predecessors over live edges.
 * Backward (state at op = before it, at block = at its end):
 * (B1) An op in a live block: a region-branch op joins the state at the start of
 *      each successor region it may enter (or after itself, when it may be skipped);
 *      a call joins the state at the callee's entry (`callTransfer` for external
 *      ones; exit state for unresolved callees); other ops apply `transfer` to
 *      the state after them.
 * (B2) The end of a live block: a block ending a callable joins the state after
 *      each known call (exit state when callers may be unknown); a block ending a
 *      region of a region-branch op joins the states where control continues; a
 *      block with successors joins their starts over live edges.
 */
import type { Lattice } from './lattice.js';
import { CFGEdge, DeadCodeAnalysis, type DataFlowKeys } from './dead-code.js';
import { StateKey, type DataFlowAnalysis, type DataFlowSolver } from './solver.js';
import type { ControlFlowView, RegionPoint } from './view.js';

export type CallAction = 'enter' | 'exit' | 'external';

abstract class DenseBase<T, O extends object, B extends object, R extends object, V extends object> implements DataFlowAnalysis {
  abstract readonly name: string;
  readonly key: StateKey<T>;
  protected readonly view: ControlFlowView<O, B, R, V>;
  protected solver!: DataFlowSolver;

  constructor(protected readonly keys: DataFlowKeys<O, B, R, V>, stateName: string, readonly lattice: Lattice<T>) {
    this.key = new StateKey(stateName, lattice);
    this.view = keys.view;
  }

  dependencies(): DataFlowAnalysis[] {
    return [new DeadCodeAnalysis(this.keys)];
  }

  /** Backward analyses initialize each block's ops last first (MLIR's order). */
  protected abstract readonly backward: boolean;
  protected abstract visitOp(op: O): void;
  protected abstract visitBlock(block: B): void;

  /** The state at a program point after the run (forward: after `op` / at a block's start; backward: before / at its end). */
  stateAt(point: O | B): T {
    return this.solver.lookup(point, this.key);
  }

  initialize(solver: DataFlowSolver, root: unknown): void {
    this.solver = solver;
    this.initializeOp(root as O);
  }

  private initializeOp(op: O): void {
    this.visitOp(op);
    for (const r of this.view.regions(op)) {
      for (const b of this.view.blocks(r)) {
        this.visitBlock(b);
        for (const child of this.backward ? this.view.opsReversed(b) : this.view.ops(b)) this.initializeOp(child);
      }
    }
  }

  visit(solver: DataFlowSolver, point: unknown): void {
    this.solver = solver;
    if (this.view.isOp(point)) this.visitOp(point);
    else this.visitBlock(point as B);
  }

  /** The state at `point`; `dependent` is revisited when it changes. */
  protected stateFor(dependent: unknown, point: O | B): T {
    return this.solver.readFor(point, this.key, dependent, this);
  }
  protected joinInto(point: O | B, value: T): void {
    this.solver.join(point, this.key, value);
  }
  protected liveFor(dependent: unknown, anchor: B | CFGEdge<B>): boolean {
    return this.solver.readFor(anchor, this.keys.executable, dependent, this);
  }
  /** Control moving between a region-branch op and its regions: by default the state flows unchanged. */
  protected regionTransfer(_op: O, _from: RegionPoint<R>, _to: RegionPoint<R>, state: T): T {
    return state;
  }
}

export abstract class DenseForwardAnalysis<T, O extends object, B extends object, R extends object, V extends object>
  extends DenseBase<T, O, B, R, V> {
  protected readonly backward = false;
  /** The state after `op`, given the state before it. */
  protected abstract transfer(op: O, before: T): T;
  /** What nothing is known about (the start of a public function, …). */
  protected abstract entryState(): T;
  /** Control entering or leaving a callee; an external callee gets the entry state joined in. */
  protected callTransfer(_call: O, action: CallAction, state: T): T {
    return action === 'external' ? this.lattice.join(state, this.entryState()) : state;
  }

  /** The point whose state holds just before `op`: the previous op, or the block. */
  private pointBefore(op: O): O | B {
    return this.view.prevOp(op) ?? this.view.parentBlock(op)!;
  }

  /** (F1) */
  protected visitOp(op: O): void {
    const v = this.view;
    const block = v.parentBlock(op);
    if (!block || !this.liveFor(op, block)) return;
    const before = this.stateFor(op, this.pointBefore(op));
    if (v.regionBranch(op)) return this.visitRegionBranch(op, op);
    const call = v.call(op);
    if (call) {
      const callee = call.callee();
      if (callee && v.callable(callee)?.region() === undefined) return this.joinInto(op, this.callTransfer(op, 'external', before));
      const returns = this.solver.readFor(op, this.keys.predecessors, op, this);
      if (!returns.allKnown) return this.joinInto(op, this.entryState());
      for (const ret of returns.ops) this.joinInto(op, this.callTransfer(op, 'exit', this.stateFor(op, ret)));
      return;
    }
    this.joinInto(op, this.transfer(op, before));
  }

  /** (F2) */
  protected visitBlock(block: B): void {
    const v = this.view;
    if (!this.liveFor(block, block)) return;
    const region = v.parentRegion(block);
    const owner = v.regionOwner(region);
    if (v.blocks(region)[0] === block) {
      const callable = v.callable(owner);
      if (callable && callable.region() === region) {
        const callers = this.solver.readFor(owner, this.keys.predecessors, block, this);
        if (!callers.allKnown) return this.joinInto(block, this.entryState());
        for (const c of callers.ops) this.joinInto(block, this.callTransfer(c, 'enter', this.stateFor(block, this.pointBefore(c))));
        return;
      }
      if (v.regionBranch(owner)) return this.visitRegionBranch(block, owner);
      return this.joinInto(block, this.entryState());
    }
    for (const { block: pred } of v.predecessors(block)) {
      if (!this.liveFor(block, CFGEdge.get(pred, block))) continue;
      this.joinInto(block, this.stateFor(block, v.terminator(pred)!));
    }
  }

  /** Joins into `point` (a region entry or the op itself) what each predecessor holds. */
  private visitRegionBranch(point: O | B, op: O): void {
    const v = this.view;
    const preds = this.solver.readFor(point, this.keys.predecessors, point, this);
    const to: RegionPoint<R> = point === op ? 'parent' : v.parentRegion(point as B);
    for (const p of preds.ops) {
      const before = this.stateFor(point, p === op ? this.pointBefore(op) : p);
      const pBlock = v.parentBlock(p)!;
      const from: RegionPoint<R> = p === op ? 'parent' : v.parentRegion(pBlock);
      this.joinInto(point, this.regionTransfer(op, from, to, before));
    }
  }
}

export abstract class DenseBackwardAnalysis<T, O extends object, B extends object, R extends object, V extends object>
  extends DenseBase<T, O, B, R, V> {
  protected readonly backward = true;
  /** The state before `op`, given the state after it. */
  protected abstract transfer(op: O, after: T): T;
  /** What nothing is known about (the end of a public function, …). */
  protected abstract exitState(): T;
  protected callTransfer(_call: O, action: CallAction, state: T): T {
    return action === 'external' ? this.lattice.join(state, this.exitState()) : state;
  }

  /** The point whose state holds just after `op`: the next op, or the block's end. */
  private pointAfter(op: O): O | B {
    return this.view.nextOp(op) ?? this.view.parentBlock(op)!;
  }

  /** The point whose state holds at the start of `block`. */
  private blockStart(block: B): O | B {
    return this.view.firstOp(block) ?? block;
  }

  /** (B1) */
  protected visitOp(op: O): void {
    const v = this.view;
    const block = v.parentBlock(op);
    if (!block || !this.liveFor(op, block)) return;
    const after = this.stateFor(op, this.pointAfter(op));
    if (v.regionBranch(op)) return this.visitRegionBranch(op, op, 'parent');
    const call = v.call(op);
    if (call) {
      const callee = call.callee();
      const callable = callee && v.callable(callee);
      const body = callable ? callable.region() : undefined;
      const entry = body && v.blocks(body)[0];
      if (callable && !entry) return this.joinInto(op, this.callTransfer(op, 'external', after));
      if (!callable) return this.joinInto(op, this.exitState());
      this.joinInto(op, this.callTransfer(op, 'enter', this.stateFor(op, this.blockStart(entry!))));
      return;
    }
    this.joinInto(op, this.transfer(op, after));
  }

  private isExitBlock(block: B): boolean {
    const term = this.view.terminator(block);
    return !term || this.view.successors(term).length === 0 || !!this.view.regionTerminator(term);
  }

  /** (B2) */
  protected visitBlock(block: B): void {
    const v = this.view;
    if (!this.liveFor(block, block)) return;
    if (this.isExitBlock(block)) {
      const region = v.parentRegion(block);
      const owner = v.regionOwner(region);
      const callable = v.callable(owner);
      if (callable && callable.region() === region) {
        const callers = this.solver.readFor(owner, this.keys.predecessors, block, this);
        if (!callers.allKnown) return this.joinInto(block, this.exitState());
        for (const c of callers.ops) this.joinInto(block, this.callTransfer(c, 'exit', this.stateFor(block, this.pointAfter(c))));
        return;
      }
      if (v.regionBranch(owner)) return this.visitRegionBranch(block, owner, region);
      return this.joinInto(block, this.exitState());
    }
    for (const s of v.successors(v.terminator(block)!)) {
      if (!this.liveFor(block, CFGEdge.get(block, s))) continue;
      this.joinInto(block, this.stateFor(block, this.blockStart(s)));
    }
  }

  /** Joins into `point` the states where control continues from `from` (the op's entry or the end of a region). */
  private visitRegionBranch(point: O | B, op: O, from: RegionPoint<R>): void {
    const v = this.view;
    const rb = v.regionBranch(op)!;
    const successors = from === 'parent' ? rb.entrySuccessors(v.operands(op).map(() => undefined)) : rb.successorsFrom(from);
    for (const s of successors) {
      const entry = s.target === 'parent' ? undefined : v.blocks(s.target)[0];
      let after: T;
      if (!entry) after = this.stateFor(point, this.pointAfter(op));
      else {
        if (!this.liveFor(point, entry)) continue;
        after = this.stateFor(point, this.blockStart(entry));
      }
      this.joinInto(point, this.regionTransfer(op, from, s.target, after));
    }
  }
}
