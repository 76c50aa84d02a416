/**
 * Bottom-up and top-down ARC sequence dataflow (Swift's GlobalARCSequenceDataflow,
 * notes §4) as dense analyses on the dataflow framework. The lattice is
 * arc/lattice.ts; the IR questions are arc/model.ts.
 *
 * Bottom-up (DenseBackwardAnalysis; the state at an op holds just before it):
 * (B1) A release of root x seeds x: Decremented, tracking this release; it is
 *      known safe when x was already tracked below (nested releases: the count is
 *      at least 2 before it).
 * (B2) A retain of root x that finds x tracked is matched with the tracked
 *      releases (the pairing is read from the state after the retain, (M1)); x is
 *      no longer tracked above it.
 * (B3) Every other tracked root y is updated by every op (a retain/release of
 *      another root included): a guaranteed use (5 of the model) or — in strict
 *      mode — any may-decrement moves Decremented/MightBeUsed to
 *      MightBeDecremented; otherwise a may-decrement moves MightBeUsed to
 *      MightBeDecremented and a may-use moves Decremented to MightBeUsed.
 * (B4) A retain/release of a root that may alias y clears y's known safety
 *      (Swift PR #33722: known safety must come from the same root).
 * (B8) A uniqueness check of a root that may alias y (model (8)) drops y, known
 *      safe or not: removing a pair around it would change what it reads.
 * (B5) A state that is neither code-motion safe nor known safe can no longer
 *      lead to a deletion: it is dropped (None). This keeps the maps small (near
 *      linear time) and is monotone (it only moves states up).
 * (B6) The end of a function has nothing tracked; a path ending in program
 *      termination is not reached (`null`), so merges skip it.
 * (B7) An op defining root y ends y's tracking (nothing above can name it).
 * (B9) Both directions: each op visits only the roots it may change (updateOthers), and the
 *      states are persistent maps (lattice (6)): the work per op is that of the
 *      roots it touches, not of every root tracked at that point.
 * Top-down (DenseForwardAnalysis; the state at an op holds just after it):
 * (T1) A retain of x seeds x: Incremented, tracking this retain; known safe when
 *      x was Incremented before it (nested retains).
 * (T2) A release of x that finds x tracking retains is matched with them (read
 *      from the state before the release, (M2)); x is then untracked. An entrance
 *      state is untracked by a release without a match.
 * (T3) Other roots as in (B3) with the top-down sequence: guaranteed use (or, in
 *      strict mode, any may-decrement) → MightBeUsed; may-decrement: Incremented
 *      → MightBeDecremented; may-use: MightBeDecremented → MightBeUsed; (B4), (B8),
 *      and (B5) with MightBeUsed.
 * (T4) Function entry tracks the @owned arguments, and an alloc_ref its result, as
 *      Incremented entrances (never matched, but they make nested retains known safe).
 * Loops: states flow around backedges to a fixpoint, so a release at the end of one
 * iteration pairs with the retain at the start of the next exactly when every path
 * agrees (merges drop disagreeing roots); this is sound because a tracking state at
 * a point describes every path reaching it (an all-paths fact, solved optimistically
 * from `null` like available expressions).
 * Strict mode (default) is stricter than Swift: Swift lets a pair go when the only
 * thing between its halves is a may-decrement without a use, which can free the
 * object earlier than the original did; strict mode keeps every free where it was.
 */
import { CFGEdge, DataFlowSolver, DenseBackwardAnalysis, DenseForwardAnalysis, dataFlowKeys, type DataFlowKeys } from '@lifeline/dataflow';
import { IrControlFlowView, SparseConstantPropagation } from '@lifeline/analyses';
import type { Block, Operation, Region, Value } from '@lifeline/ir';
import { RootStates, Seq, rcFactsLattice, type RcFacts, type RcState } from './lattice.js';
import type { ArcModel } from './model.js';
import { seedInOrder } from './solve-order.js';

export type ArcFacts = RcFacts<Value, Operation>;
type Keys = DataFlowKeys<Operation, Block, Region, Value>;

export interface ArcDataflowOptions {
  /** Strict mode (see above); default true. */
  strict?: boolean;
  /** (S) Executability already solved for this function (reused across rounds: deleting retains/releases changes no constant and no edge). */
  executable?: Executable;
}

/**
 * Analyses stay inside the function: calls are ops like any other, and the function
 * is not seen as a callable, so its entry gets the entry state and its exits the
 * exit state whatever its callers are.
 */
class IntraproceduralView extends IrControlFlowView {
  override call(): undefined {
    return undefined;
  }
  override callable(): undefined {
    return undefined;
  }
}

const showValue = (v: Value) => v.toString();
const showOp = (o: Operation) => o.name;

/** (B3)/(T3) one state updated by one op that is not its own retain/release. */
function update(
  model: ArcModel, op: Operation, root: Value, s: RcState<Operation>, bottomUp: boolean, strict: boolean,
): RcState<Operation> | undefined {
  if (model.isUniquenessCheck(op, root)) return undefined; // (B8)
  let seq = s.seq;
  let knownSafe = s.knownSafe;
  if (seq !== Seq.Last) {
    const dec = model.mayDecrement(op, root);
    if (dec && (strict || model.mayGuaranteedUse(op, root))) seq = Seq.Last;
    else if (bottomUp) {
      if (seq === Seq.Second && dec) seq = Seq.Last;
      else if (seq === Seq.First && model.mayUse(op, root)) seq = Seq.Second;
    } else {
      if (seq === Seq.First && dec) seq = Seq.Second;
      else if (seq === Seq.Second && model.mayUse(op, root)) seq = Seq.Last;
    }
  }
  const rc = model.rcInst(op);
  if (knownSafe && rc && rc.root !== root && model.mayAlias(rc.root, root)) knownSafe = false; // (B4)
  if (seq === Seq.Last && !knownSafe) return undefined; // (B5)
  if (seq === s.seq && knownSafe === s.knownSafe) return s;
  return { ...s, seq, knownSafe };
}

/**
 * (B9) Applies `update` to every tracked root but `except` that `op` may affect:
 * the roots it names (model (9)) and, when it may affect roots it does not name
 * (model (11)), every tracked shared root; no other state can change (model (10),
 * lattice (6)). The persistent maps copy only the paths to the roots that change.
 */
function updateOthers(
  model: ArcModel, op: Operation, facts: RootStates<Value, Operation>, except: Value | undefined,
  bottomUp: boolean, strict: boolean,
): RootStates<Value, Operation> {
  let { local, shared } = facts;
  const all = model.affectsUnnamedRoots(op);
  if (all && shared.size) {
    facts.shared.forEach((s, root) => {
      if (root === except) return;
      const n = update(model, op, root, s, bottomUp, strict);
      if (n !== s) shared = n ? shared.set(root, n) : shared.delete(root);
    });
  }
  for (const root of model.namedRoots(op)) {
    if (root === except) continue;
    const isLocal = model.isLocalRoot(root);
    if (!isLocal && all) continue; // visited above
    const s = (isLocal ? facts.local : facts.shared).get(root);
    if (!s) continue;
    const n = update(model, op, root, s, bottomUp, strict);
    if (n === s) continue;
    if (isLocal) local = n ? local.set(root, n) : local.delete(root);
    else shared = n ? shared.set(root, n) : shared.delete(root);
  }
  return facts.with(local, shared);
}

const EMPTY = RootStates.empty<Value, Operation>();

/**
 * (S) Executability of blocks and edges, solved before the ARC analyses (constant
 * propagation and dead-code analysis in their own solver run): the ARC analyses read
 * it instead of depending on a dead-code analysis, so that their seeding
 * (arc/solve-order.ts) already knows which code runs.
 */
export type Executable = (anchor: Block | CFGEdge<Block>) => boolean;

/** (S) Solves constant propagation and dead-code analysis on `fn` alone. */
export function solveExecutable(fn: Operation, keys: Keys = arcKeys()): Executable {
  const live = new DataFlowSolver();
  live.load(new SparseConstantPropagation(keys));
  live.run(fn);
  return (anchor) => live.lookup(anchor, keys.executable);
}

function arcKeys(): Keys {
  return dataFlowKeys(new IntraproceduralView(), { constantEquals: (a, b) => a === b });
}

export class BottomUpArcAnalysis extends DenseBackwardAnalysis<ArcFacts, Operation, Block, Region, Value> {
  readonly name = 'arc-bottom-up';
  constructor(keys: Keys, private readonly model: ArcModel, private readonly strict: boolean, private readonly executable: Executable) {
    super(keys, 'arc-bottom-up', rcFactsLattice<Value, Operation>('bottom-up', showValue, showOp));
  }
  /** (S) */
  override dependencies(): [] {
    return [];
  }
  protected override liveFor(_dependent: unknown, anchor: Block | CFGEdge<Block>): boolean {
    return this.executable(anchor);
  }
  /** solve-order.ts (O1): blocks in postorder, each block's ops last first. */
  override initialize(solver: DataFlowSolver, fn: unknown): void {
    this.solver = solver;
    seedInOrder((fn as Operation).regions[0]?.blocks ?? [], false, (b) => {
      this.visitBlock(b);
      for (let o = b.last; o; o = o.prev) this.visitOp(o);
    }, (b) => this.solver.lookup(b.first ?? b, this.key));
  }
  protected exitState(): ArcFacts {
    return EMPTY; // (B6)
  }
  protected transfer(op: Operation, after: ArcFacts): ArcFacts {
    if (after === null || this.model.isTermination(op)) return null; // (B6)
    const rc = this.model.rcInst(op);
    let facts = updateOthers(this.model, op, after, rc?.root, true, this.strict);
    if (rc?.kind === 'decrement') { // (B1)
      const s = { seq: Seq.First, knownSafe: after.has(rc.root), insts: [op], entrance: false };
      facts = facts.set(rc.root, s, this.model.isLocalRoot(rc.root));
    } else if (rc?.kind === 'increment') { // (B2)
      facts = facts.delete(rc.root);
    }
    for (const r of op.results) facts = facts.delete(r); // (B7)
    return facts;
  }
}

export class TopDownArcAnalysis extends DenseForwardAnalysis<ArcFacts, Operation, Block, Region, Value> {
  readonly name = 'arc-top-down';
  private readonly entry: ArcFacts;
  constructor(
    keys: Keys, private readonly model: ArcModel, private readonly strict: boolean, fn: Operation, private readonly executable: Executable,
  ) {
    super(keys, 'arc-top-down', rcFactsLattice<Value, Operation>('top-down', showValue, showOp));
    let m = EMPTY;
    for (const a of model.ownedArguments(fn)) m = m.set(a, { seq: Seq.First, knownSafe: false, insts: [], entrance: true }, model.isLocalRoot(a)); // (T4)
    this.entry = m;
  }
  protected entryState(): ArcFacts {
    return this.entry;
  }
  /** (S) */
  override dependencies(): [] {
    return [];
  }
  protected override liveFor(_dependent: unknown, anchor: Block | CFGEdge<Block>): boolean {
    return this.executable(anchor);
  }
  /** solve-order.ts (O1): blocks in reverse postorder, each block's ops first first. */
  override initialize(solver: DataFlowSolver, fn: unknown): void {
    this.solver = solver;
    seedInOrder((fn as Operation).regions[0]?.blocks ?? [], true, (b) => {
      this.visitBlock(b);
      for (let o = b.first; o; o = o.next) this.visitOp(o);
    }, (b) => this.solver.lookup(b.last ?? b, this.key));
  }
  protected transfer(op: Operation, before: ArcFacts): ArcFacts {
    if (before === null) return null;
    const rc = this.model.rcInst(op);
    let facts = updateOthers(this.model, op, before, rc?.root, false, this.strict);
    if (rc?.kind === 'increment') { // (T1)
      const s = { seq: Seq.First, knownSafe: before.get(rc.root)?.seq === Seq.First, insts: [op], entrance: false };
      facts = facts.set(rc.root, s, this.model.isLocalRoot(rc.root));
    } else if (rc?.kind === 'decrement') { // (T2)
      facts = facts.delete(rc.root);
    }
    for (const r of this.model.entrances(op)) { // (T4)
      facts = facts.set(r, { seq: Seq.First, knownSafe: false, insts: [], entrance: true }, this.model.isLocalRoot(r));
    }
    return facts;
  }
}

/** The two analyses solved on one function, and the pairing states the matcher reads. */
export class ArcDataflow {
  readonly bottomUp: BottomUpArcAnalysis;
  readonly topDown: TopDownArcAnalysis;
  private readonly solver = new DataFlowSolver();

  constructor(readonly fn: Operation, private readonly model: ArcModel, options: ArcDataflowOptions = {}) {
    const keys = arcKeys();
    const strict = options.strict ?? true;
    // (S) dead-code analysis decides which branch edges run from the constants it is told about
    const executable = options.executable ?? solveExecutable(fn, keys);
    this.bottomUp = this.solver.load(new BottomUpArcAnalysis(keys, model, strict, executable));
    this.topDown = this.solver.load(new TopDownArcAnalysis(keys, model, strict, fn, executable));
    this.solver.run(fn);
  }

  private read(a: BottomUpArcAnalysis | TopDownArcAnalysis, point: Operation | Block): ArcFacts {
    try {
      return a.stateAt(point);
    } catch {
      return null; // no state: a block the solver never reached
    }
  }

  /** (M1) The bottom-up state a retain pairs with: its root's state just after it. */
  bottomUpAt(increment: Operation): RcState<Operation> | undefined {
    const rc = this.model.rcInst(increment)!;
    const after = this.read(this.bottomUp, increment.next ?? increment.block!);
    return after?.get(rc.root);
  }

  /** (M2) The top-down state a release pairs with: its root's state just before it. */
  topDownAt(decrement: Operation): RcState<Operation> | undefined {
    const rc = this.model.rcInst(decrement)!;
    const before = this.read(this.topDown, decrement.prev ?? decrement.block!);
    const s = before?.get(rc.root);
    return s && !s.entrance ? s : undefined;
  }
}
