/**
 * Sparse analyses: one lattice value per SSA value, propagated along def-use
 * chains (forward) or use-def chains (backward), through block arguments, region
 * control flow and calls — MLIR's Sparse{Forward,Backward}DataFlowAnalysis over a
 * ControlFlowView. Both run beside DeadCodeAnalysis and only look at live code.
 *
 * Forward:
 * (F1) The root's entry-block arguments start at the entry state.
 * (F2) An op in a live block with results: a region-branch op's results join what
 *      its predecessors (the op itself, region terminators) forward; a call's
 *      results join the operands of the callee's returns when all of them are
 *      known (else the entry state); an external callee goes to `visitExternalCall`;
 *      any other op goes to the transfer function `visitOperation`.
 * (F3) Block arguments of a live block: a callable's entry joins the call
 *      operands of its known callers (entry state when callers may be unknown); a
 *      region-branch entry joins what its predecessors forward, other arguments
 *      go to `visitNonControlFlowArguments`; an entry of another op goes there too;
 *      a non-entry block joins the forwarded operands of each live incoming edge.
 * Backward:
 * (B1) An op in a live block: a region-branch op, a branch, a region terminator and a
 *      return of a callable push the state of the values they forward into back to
 *      the forwarded operands; operands not forwarded go to `visitBranchOperand`
 *      (`visitCallOperand` for calls); a call into a callable with a body pushes
 *      the entry arguments back to the arguments; any other op goes to the
 *      transfer function with its results' states (read with a dependency).
 * (B2) A return of a callable whose callers may be unknown sets its operands to
 *      the exit state (quietly, like MLIR 19, when `quietExitStates` is on).
 * (B3) Ops are initialized last-first in each block, which is MLIR's order.
 */
import type { Lattice } from './lattice.js';
import { CFGEdge, DeadCodeAnalysis, type DataFlowKeys } from './dead-code.js';
import type { StateKey, DataFlowAnalysis, DataFlowSolver } from './solver.js';
import type { ControlFlowView, RegionPoint } from './view.js';

abstract class SparseBase<T, O extends object, B extends object, R extends object, V extends object> implements DataFlowAnalysis {
  abstract readonly name: string;
  readonly key: StateKey<T>;
  protected readonly view: ControlFlowView<O, B, R, V>;
  protected solver!: DataFlowSolver;

  constructor(protected readonly keys: DataFlowKeys<O, B, R, V>, stateName: string, lattice: Lattice<T>) {
    this.key = keys.sparse(stateName, lattice);
    this.view = keys.view;
  }

  dependencies(): DataFlowAnalysis[] {
    return [new DeadCodeAnalysis(this.keys)];
  }

  abstract initialize(solver: DataFlowSolver, root: unknown): void;
  abstract visit(solver: DataFlowSolver, point: unknown): void;

  /** The value's state without a dependency. */
  protected get(v: V): T {
    return this.solver.peek(v, this.key);
  }
  /** The value's state; `point` is revisited when it changes. */
  protected getFor(point: unknown, v: V): T {
    return this.solver.readFor(v, this.key, point, this);
  }
  protected join(v: V, value: T): void {
    this.solver.join(v, this.key, value);
  }
  protected isLive(block: B | null): boolean {
    return !!block && this.solver.peek(block, this.keys.executable);
  }
}

export abstract class SparseForwardAnalysis<T, O extends object, B extends object, R extends object, V extends object>
  extends SparseBase<T, O, B, R, V> {
  /** The transfer function: join into `results` what `operands` imply. */
  protected abstract visitOperation(op: O, operands: readonly T[], results: readonly V[]): void;
  /** The pessimistic state for values nothing is known about. */
  protected abstract entryState(): T;

  protected setToEntryState(values: readonly V[]): void {
    for (const v of values) this.join(v, this.entryState());
  }
  protected visitExternalCall(_op: O, _operands: readonly T[], results: readonly V[]): void {
    this.setToEntryState(results);
  }
  /** Values defined by region control flow that no predecessor forwards into (an induction variable). */
  protected visitNonControlFlowArguments(_op: O, values: readonly V[], firstIndex: number, count: number): void {
    this.setToEntryState(values.slice(0, firstIndex));
    this.setToEntryState(values.slice(firstIndex + count));
  }

  initialize(solver: DataFlowSolver, root: unknown): void {
    this.solver = solver;
    const top = root as O;
    // (F1)
    for (const r of this.view.regions(top)) {
      const entry = this.view.blocks(r)[0];
      if (entry) this.setToEntryState(this.view.arguments(entry));
    }
    this.initializeRecursively(top);
  }

  private initializeRecursively(op: O): void {
    this.visitOp(op);
    for (const r of this.view.regions(op)) {
      for (const b of this.view.blocks(r)) {
        this.solver.subscribe(b, this.keys.executable, this);
        this.visitBlock(b);
        for (const child of this.view.ops(b)) this.initializeRecursively(child);
      }
    }
  }

  visit(solver: DataFlowSolver, point: unknown): void {
    this.solver = solver;
    if (this.view.isOp(point)) this.visitOp(point);
    else this.visitBlock(point as B);
  }

  /** (F2) */
  private visitOp(op: O): void {
    const v = this.view;
    const results = v.results(op);
    if (!results.length || !this.isLive(v.parentBlock(op))) return;
    for (const r of results) this.get(r); // every result gets a state, as in MLIR
    if (v.regionBranch(op)) return this.visitRegionSuccessors(op, op, 'parent', results);
    const operands = v.operands(op).map((x) => {
      this.solver.subscribe(x, this.key, this);
      return this.get(x);
    });
    const call = v.call(op);
    if (call) {
      const callee = call.callee();
      if (callee && v.callable(callee) && v.callable(callee)!.region() === undefined) {
        return this.visitExternalCall(op, operands, results);
      }
      const returns = this.solver.readFor(op, this.keys.predecessors, op, this);
      if (!returns.allKnown) return this.setToEntryState(results);
      for (const ret of returns.ops) {
        v.operands(ret).forEach((x, i) => {
          if (i < results.length) this.join(results[i]!, this.getFor(op, x));
        });
      }
      return;
    }
    this.visitOperation(op, operands, results);
  }

  /** (F3) */
  private visitBlock(block: B): void {
    const v = this.view;
    const args = v.arguments(block);
    if (!args.length || !this.isLive(block)) return;
    for (const a of args) this.get(a); // every argument gets a state, as in MLIR
    const region = v.parentRegion(block);
    const owner = v.regionOwner(region);
    if (v.blocks(region)[0] === block) {
      const callable = v.callable(owner);
      if (callable && callable.region() === region) {
        const callers = this.solver.readFor(owner, this.keys.predecessors, block, this);
        if (!callers.allKnown) return this.setToEntryState(args);
        for (const c of callers.ops) {
          v.call(c)!.args().forEach((x, i) => {
            if (i < args.length) this.join(args[i]!, this.getFor(block, x));
          });
        }
        return;
      }
      if (v.regionBranch(owner)) return this.visitRegionSuccessors(block, owner, region, args);
      return this.visitNonControlFlowArguments(owner, args, 0, 0);
    }
    for (const { block: pred, index } of v.predecessors(block)) {
      const edge = CFGEdge.get(pred, block);
      this.solver.subscribe(edge, this.keys.executable, this);
      if (!this.solver.peek(edge, this.keys.executable)) continue;
      const br = v.branch(v.terminator(pred)!);
      if (!br) return this.setToEntryState(args);
      const forwarded = br.successorOperands(index);
      args.forEach((arg, i) => {
        const x = forwarded[i];
        if (x) this.join(arg, this.getFor(block, x));
        else this.setToEntryState([arg]);
      });
    }
  }

  /** Joins what every known predecessor of `point` forwards into `values`. */
  private visitRegionSuccessors(point: O | B, op: O, successor: RegionPoint<R>, values: readonly V[]): void {
    const v = this.view;
    const preds = this.solver.readFor(point, this.keys.predecessors, point, this);
    for (const p of preds.ops) {
      let operands: readonly V[] | undefined;
      if (p === op) operands = v.regionBranch(op)!.entryOperands(successor);
      else operands = v.regionTerminator(p)?.forwarded(successor);
      if (!operands) return this.setToEntryState(values);
      const inputs = preds.inputs.get(p) ?? [];
      let first = 0;
      if (inputs.length !== values.length) {
        if (inputs.length) first = values.indexOf(inputs[0]!);
        this.visitNonControlFlowArguments(op, values, first, inputs.length);
      }
      operands.forEach((x, i) => {
        const target = values[first + i];
        if (target) this.join(target, this.getFor(point, x));
      });
    }
  }
}

export abstract class SparseBackwardAnalysis<T, O extends object, B extends object, R extends object, V extends object>
  extends SparseBase<T, O, B, R, V> {
  /** The transfer function: join into `operands` what the results' states imply. */
  protected abstract visitOperation(op: O, operands: readonly V[], results: readonly T[]): void;
  /** An operand that control flow consumes without forwarding it (a branch condition). */
  protected abstract visitBranchOperand(op: O, operandIndex: number): void;
  /** A call operand that is not an argument of the callee. */
  protected abstract visitCallOperand(op: O, operandIndex: number): void;
  /** The state of values that leave the analysed code (returned to unknown callers). */
  protected abstract exitState(): T;
  /**
   * MLIR 19 sets exit states without waking the states' dependents, so a
   * dependent visited earlier is not revisited (B2). Analyses that must print
   * what mlir-opt-19 prints turn this on; everyone else gets a correct fixpoint.
   */
  protected readonly quietExitStates: boolean = false;
  /** A call whose callee has no body: every operand is a call operand. */
  protected visitExternalCall(op: O, operands: readonly V[], _results: readonly T[]): void {
    operands.forEach((_, i) => this.visitCallOperand(op, i));
  }

  initialize(solver: DataFlowSolver, root: unknown): void {
    this.solver = solver;
    this.initializeRecursively(root as O);
  }

  private initializeRecursively(op: O): void {
    this.visitOp(op);
    for (const r of this.view.regions(op)) {
      for (const b of this.view.blocks(r)) {
        this.solver.subscribe(b, this.keys.executable, this);
        for (const child of this.view.opsReversed(b)) this.initializeRecursively(child); // (B3)
      }
    }
  }

  visit(solver: DataFlowSolver, point: unknown): void {
    this.solver = solver;
    if (this.view.isOp(point)) this.visitOp(point);
  }

  /** Pushes the state of each forwarded-into value back to the operand that feeds it. */
  private pushBack(op: O, indices: readonly number[], into: readonly (V | undefined)[], unaccounted: boolean[]): void {
    const operands = this.view.operands(op);
    indices.forEach((idx, i) => {
      unaccounted[idx] = false;
      const target = into[i];
      if (target) this.join(operands[idx]!, this.getFor(op, target));
    });
  }

  private visitUnaccounted(op: O, unaccounted: boolean[], call = false): void {
    unaccounted.forEach((u, i) => {
      if (!u) return;
      if (call) this.visitCallOperand(op, i);
      else this.visitBranchOperand(op, i);
    });
  }

  /** (B1) */
  private visitOp(op: O): void {
    const v = this.view;
    if (!this.isLive(v.parentBlock(op))) return;
    const operands = v.operands(op);
    for (const x of operands) this.get(x); // every operand gets a state, as in MLIR
    const results = v.results(op).map((r) => this.getFor(op, r));
    const unaccounted = operands.map(() => true);
    const rb = v.regionBranch(op);
    if (rb) {
      for (const s of rb.entrySuccessors(operands.map(() => undefined))) {
        this.pushBack(op, rb.entryOperandIndices(s.target), s.inputs, unaccounted);
      }
      return this.visitUnaccounted(op, unaccounted);
    }
    const br = v.branch(op);
    if (br) {
      v.successors(op).forEach((succ, i) => {
        const args = v.arguments(succ);
        const indices = br.successorOperandIndices(i);
        const produced = br.successorOperands(i).length - indices.length;
        this.pushBack(op, indices, args.slice(produced), unaccounted);
      });
      return this.visitUnaccounted(op, unaccounted);
    }
    const call = v.call(op);
    if (call) {
      const callee = call.callee();
      const callable = callee && v.callable(callee);
      if (callable) {
        const body = callable.region();
        const entry = body && v.blocks(body)[0];
        if (!entry) return this.visitExternalCall(op, operands, results);
        this.pushBack(op, call.argIndices(), v.arguments(entry), unaccounted);
        return this.visitUnaccounted(op, unaccounted, true);
      }
    }
    const block = v.parentBlock(op);
    const parent = block ? v.regionOwner(v.parentRegion(block)) : undefined;
    const term = v.regionTerminator(op);
    if (term && parent && v.regionBranch(parent)) {
      for (const s of term.successors(operands.map(() => undefined))) {
        this.pushBack(op, term.forwardedIndices(s.target), s.inputs, unaccounted);
      }
      return this.visitUnaccounted(op, unaccounted);
    }
    if (parent && v.isReturnLike(op) && v.callable(parent)) {
      const callers = this.solver.readFor(parent, this.keys.predecessors, op, this);
      if (!callers.allKnown) {
        for (const x of operands) {
          if (this.quietExitStates) this.solver.joinQuietly(x, this.key, this.exitState());
          else this.join(x, this.exitState());
        }
        return;
      }
      for (const c of callers.ops) {
        const callResults = v.results(c);
        operands.forEach((x, i) => {
          if (i < callResults.length) this.join(x, this.getFor(op, callResults[i]!));
        });
      }
      return;
    }
    this.visitOperation(op, operands, results);
  }
}

