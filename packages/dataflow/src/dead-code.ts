/**
 * Dead-code analysis: which blocks and CFG edges can execute, and who the
 * predecessors of region entries, region-branch ops, callables and calls are —
 * MLIR's DeadCodeAnalysis, over a ControlFlowView.
 *
 *   Executable:  live          Predecessors:  (some unknown)
 *                 │                               │
 *                dead                        (all known) {p1, p2, …}   ordered by discovery
 *
 * (1) The entry blocks of the root's regions are live.
 * (2) A callable in a symbol table whose callers may be unknown (public, or not
 *     all symbol uses visible, or used other than by a call) has unknown callers.
 * (3) An op in a live block is visited: a call adds itself to the callers of a
 *     callee it resolves to inside the root, else its own results come from
 *     unknown predecessors; a region-branch op makes the successors it can enter
 *     live (narrowed by constant operands) and is their predecessor; a callable
 *     makes its entry live when it has callers or may have unknown ones; another
 *     op with regions makes every entry block live.
 * (4) A terminator without successors that ends a region of a region-branch op
 *     adds itself as predecessor of the region successors it may reach (narrowed
 *     by constant operands), making entered regions live; one ending a callable
 *     becomes a predecessor of every known call site (unknown unless ReturnLike).
 * (5) A branch makes the edge to the successor its constant operands select live,
 *     or every outgoing edge; a terminator that is not a branch makes every edge live.
 * (6) Constant operands come from the constant lattice (any analysis may fill it);
 *     while one is still ⊥ the op is not resolved, and it is revisited when the
 *     operand changes.
 * (7) Visiting order, and so the order of predecessors, is MLIR's: ops are
 *     initialized in pre-order, and a block that becomes live wakes its
 *     subscribers on the block, then on each of its ops.
 */
import { ChangeResult, flat, twoPoint, type Flat, type Lattice } from './lattice.js';
import { StateKey, type DataFlowAnalysis, type DataFlowSolver } from './solver.js';
import type { ControlFlowView, RegionPoint, RegionSuccessorView } from './view.js';

/** An edge between two blocks, interned so that it can anchor states. */
export class CFGEdge<B extends object = object> {
  private constructor(readonly from: B, readonly to: B) {}
  private static readonly table = new WeakMap<object, Map<object, CFGEdge>>();
  static get<B extends object>(from: B, to: B): CFGEdge<B> {
    let m = CFGEdge.table.get(from);
    if (!m) CFGEdge.table.set(from, (m = new Map()));
    let e = m.get(to);
    if (!e) m.set(to, (e = new CFGEdge(from, to)));
    return e as CFGEdge<B>;
  }
}

export const executableLattice: Lattice<boolean> = twoPoint('dead', 'live');

export interface Predecessors<O, V> {
  /** False once some predecessor may be unknown. */
  readonly allKnown: boolean;
  readonly ops: readonly O[];
  /** The successor inputs each predecessor forwards into (region entries, op results). */
  readonly inputs: ReadonlyMap<O, readonly V[]>;
}

function sameValues<V>(a: readonly V[] | undefined, b: readonly V[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function predecessorLattice<O, V>(show: (op: O) => string = String): Lattice<Predecessors<O, V>> {
  const bottom: Predecessors<O, V> = { allKnown: true, ops: [], inputs: new Map() };
  const equals = (a: Predecessors<O, V>, b: Predecessors<O, V>): boolean => {
    if (a === b) return true;
    if (a.allKnown !== b.allKnown || !sameValues(a.ops, b.ops)) return false;
    for (const op of a.ops) if (!sameValues(a.inputs.get(op), b.inputs.get(op))) return false;
    return true;
  };
  return {
    bottom,
    join(a, b) {
      const ops = [...a.ops];
      for (const op of b.ops) if (!ops.includes(op)) ops.push(op);
      const inputs = new Map(a.inputs);
      for (const [op, vs] of b.inputs) if (vs.length) inputs.set(op, vs);
      const joined = { allKnown: a.allKnown && b.allKnown, ops, inputs };
      return equals(joined, a) ? a : joined;
    },
    equals,
    print: (p) => `${p.allKnown ? '(all) ' : ''}predecessors:\n${p.ops.map((op) => `  ${show(op)}\n`).join('')}`,
  };
}

/** One predecessor, with the inputs it forwards (a join operand). */
function onePredecessor<O, V>(op: O, inputs: readonly V[] = []): Predecessors<O, V> {
  return { allKnown: true, ops: [op], inputs: inputs.length ? new Map([[op, inputs]]) : new Map() };
}
const UNKNOWN_PREDECESSORS: Predecessors<unknown, unknown> = { allKnown: false, ops: [], inputs: new Map() };

/** Constant values per SSA value: ⊥ (not yet known), a constant, or ⊤ (not constant). */
export type ConstantValue = Flat<unknown>;

/** The keys the dead-code analysis and the sparse analyses of one view share. */
export interface DataFlowKeys<O, B, R, V> {
  readonly view: ControlFlowView<O, B, R, V>;
  /** Executable blocks (and CFG edges): waking up block-content subscribers (7). */
  readonly executable: StateKey<boolean>;
  readonly predecessors: StateKey<Predecessors<O, V>>;
  readonly constants: StateKey<ConstantValue>;
  /** A key for a sparse (per value) lattice whose changes wake use-def subscribers. */
  sparse<T>(name: string, lattice: Lattice<T>): StateKey<T>;
}

const keysOfView = new WeakMap<object, DataFlowKeys<never, never, never, never>>();

/** The one set of keys for `view` (so analyses loaded separately share their states). */
export function dataFlowKeys<O extends object, B extends object, R extends object, V extends object>(
  view: ControlFlowView<O, B, R, V>,
  options: { constantEquals?: (a: unknown, b: unknown) => boolean; showOp?: (op: O) => string } = {},
): DataFlowKeys<O, B, R, V> {
  const known = keysOfView.get(view);
  if (known) return known as unknown as DataFlowKeys<O, B, R, V>;
  const sparseKeys = new Map<string, StateKey<unknown>>();
  const keys: DataFlowKeys<O, B, R, V> = {
    view,
    executable: new StateKey('executable', executableLattice, (solver, anchor, subscribers) => {
      if (anchor instanceof CFGEdge) {
        for (const a of subscribers) solver.enqueue(anchor.to, a);
        return;
      }
      for (const a of subscribers) solver.enqueue(anchor, a);
      for (const a of subscribers) for (const op of view.ops(anchor as B)) solver.enqueue(op, a);
    }),
    predecessors: new StateKey('predecessors', predecessorLattice<O, V>(options.showOp)),
    constants: undefined as unknown as StateKey<ConstantValue>,
    sparse<T>(name: string, lattice: Lattice<T>): StateKey<T> {
      let k = sparseKeys.get(name) as StateKey<T> | undefined;
      if (!k) {
        k = new StateKey<T>(name, lattice, (solver, anchor, subscribers) => {
          for (const user of view.users(anchor as V)) for (const a of subscribers) solver.enqueue(user, a);
        });
        sparseKeys.set(name, k as StateKey<unknown>);
      }
      return k;
    },
  };
  (keys as { constants: StateKey<ConstantValue> }).constants =
    keys.sparse('constant', flat<unknown>(options.constantEquals ?? Object.is));
  keysOfView.set(view, keys as unknown as DataFlowKeys<never, never, never, never>);
  return keys;
}

export class DeadCodeAnalysis<O extends object, B extends object, R extends object, V extends object> implements DataFlowAnalysis {
  readonly name = 'dead-code';
  private readonly view: ControlFlowView<O, B, R, V>;
  private root!: O;

  constructor(private readonly keys: DataFlowKeys<O, B, R, V>) {
    this.view = keys.view;
  }

  /** Whether `block` (or the edge `from → to`) may execute, after a run. */
  static isLive<B extends object>(solver: DataFlowSolver, keys: DataFlowKeys<never, B, never, never>, block: B, from?: B): boolean {
    return solver.lookup(from ? CFGEdge.get(from, block) : block, keys.executable);
  }

  initialize(solver: DataFlowSolver, top: unknown): void {
    const root = (this.root = top as O);
    // (1)
    for (const r of this.view.regions(root)) this.markLive(solver, this.view.blocks(r)[0]);
    // (2)
    for (const c of this.view.callablesWithUnknownCallers(root)) {
      solver.join(c, this.keys.predecessors, UNKNOWN_PREDECESSORS as Predecessors<O, V>);
    }
    this.initializeRecursively(solver, root);
  }

  private initializeRecursively(solver: DataFlowSolver, op: O): void {
    const v = this.view;
    if (v.regions(op).length || v.successors(op).length || this.isRegionOrCallableReturn(op) || v.call(op)) {
      const block = v.parentBlock(op);
      if (block) solver.subscribe(block, this.keys.executable, this);
      this.visit(solver, op);
    }
    for (const r of v.regions(op)) for (const b of v.blocks(r)) for (const child of v.ops(b)) this.initializeRecursively(solver, child);
  }

  private isRegionOrCallableReturn(op: O): boolean {
    const v = this.view;
    const block = v.parentBlock(op);
    if (!block || v.successors(op).length || v.terminator(block) !== op) return false;
    const parent = v.regionOwner(v.parentRegion(block));
    return !!(v.regionBranch(parent) || v.callable(parent));
  }

  private markLive(solver: DataFlowSolver, block: B | undefined): void {
    if (block) solver.join(block, this.keys.executable, true);
  }

  private markEdgeLive(solver: DataFlowSolver, from: B, to: B): void {
    solver.join(to, this.keys.executable, true);
    solver.join(CFGEdge.get(from, to), this.keys.executable, true);
  }

  visit(solver: DataFlowSolver, point: unknown): void {
    const v = this.view;
    if (!v.isOp(point)) return; // blocks need no work of their own
    const op = point;
    const block = v.parentBlock(op);
    if (!block || !solver.peek(block, this.keys.executable)) return;
    // (3)
    const call = v.call(op);
    if (call) this.visitCall(solver, op, call.callee());
    if (v.regions(op).length) {
      const rb = v.regionBranch(op);
      if (rb) this.visitRegionBranch(solver, op);
      else if (v.callable(op)) {
        const callers = solver.readFor(op, this.keys.predecessors, op, this);
        if (!callers.allKnown || callers.ops.length) for (const r of v.regions(op)) this.markLive(solver, v.blocks(r)[0]);
      } else for (const r of v.regions(op)) this.markLive(solver, v.blocks(r)[0]);
    }
    // (4)
    if (this.isRegionOrCallableReturn(op)) {
      const parent = v.regionOwner(v.parentRegion(block));
      if (v.regionBranch(parent)) this.visitRegionTerminator(solver, op, parent);
      else this.visitCallableTerminator(solver, op, parent);
    }
    // (5)
    const succs = v.successors(op);
    if (succs.length) {
      const br = v.branch(op);
      if (br) {
        const constants = this.constantOperands(solver, op);
        if (!constants) return;
        const only = br.successorForConstants(constants);
        if (only) this.markEdgeLive(solver, block, only);
        else for (const s of succs) this.markEdgeLive(solver, block, s);
      } else for (const s of succs) this.markEdgeLive(solver, block, s);
    }
  }

  private visitCall(solver: DataFlowSolver, op: O, callee: O | undefined): void {
    const v = this.view;
    const inScope = callee && v.isAncestor(this.root, callee) && v.callable(callee)?.region() !== undefined;
    if (callee && inScope) solver.join(callee, this.keys.predecessors, onePredecessor<O, V>(op));
    else solver.join(op, this.keys.predecessors, UNKNOWN_PREDECESSORS as Predecessors<O, V>);
  }

  /** (6) The constant operands of `op`, or undefined while one of them is ⊥. */
  private constantOperands(solver: DataFlowSolver, op: O): unknown[] | undefined {
    const out: unknown[] = [];
    for (const operand of this.view.operands(op)) {
      solver.subscribe(operand, this.keys.constants, this);
      const c = solver.peek(operand, this.keys.constants);
      if (c.kind === 'bottom') return undefined;
      out.push(c.kind === 'value' ? c.value : undefined);
    }
    return out;
  }

  private visitRegionBranch(solver: DataFlowSolver, op: O): void {
    const constants = this.constantOperands(solver, op);
    if (!constants) return;
    for (const s of this.view.regionBranch(op)!.entrySuccessors(constants)) {
      const point = this.successorPoint(op, s);
      if (point === undefined) continue;
      solver.join(point, this.keys.executable, true);
      solver.join(point, this.keys.predecessors, onePredecessor<O, V>(op, s.inputs));
    }
  }

  /** The program point a region successor names: the entry block of the region, or the op. */
  private successorPoint(op: O, s: RegionSuccessorView<R, V>): B | O | undefined {
    return s.target === 'parent' ? op : this.view.blocks(s.target)[0];
  }

  private visitRegionTerminator(solver: DataFlowSolver, term: O, parent: O): void {
    const constants = this.constantOperands(solver, term);
    if (!constants) return;
    const v = this.view;
    const asTerminator = v.regionTerminator(term);
    const block = v.parentBlock(term)!;
    const successors = asTerminator
      ? asTerminator.successors(constants)
      : v.regionBranch(parent)!.successorsFrom(v.parentRegion(block));
    for (const s of successors) {
      let anchor: B | O;
      if (s.target === 'parent') anchor = parent;
      else {
        const entry = v.blocks(s.target as R)[0];
        if (!entry) continue;
        solver.join(entry, this.keys.executable, true);
        anchor = entry;
      }
      solver.join(anchor, this.keys.predecessors, onePredecessor<O, V>(term, s.inputs));
    }
  }

  private visitCallableTerminator(solver: DataFlowSolver, term: O, callable: O): void {
    const callers = solver.readFor(callable, this.keys.predecessors, term, this);
    const canResolve = this.view.isReturnLike(term);
    for (const call of callers.ops) {
      solver.join(call, this.keys.predecessors,
        canResolve ? onePredecessor<O, V>(term) : (UNKNOWN_PREDECESSORS as Predecessors<O, V>));
    }
  }
}

export type { RegionPoint };
export { ChangeResult };
