/**
 * The data-flow solver: several analyses run together to one fixpoint. It knows
 * nothing of any IR: points and anchors are plain objects the analyses choose.
 *
 * (1) A *state* is a lattice value attached to an *anchor* (any object: a value,
 *     a block, an op, a CFG edge) under a *key* naming what it means (liveness,
 *     executability...). States only move up: `join` / `set` (lattice.ts (3)).
 * (2) An analysis is visited at *points* (any object). While it is visited, every
 *     state it reads with `read` records the (point, analysis) pair as a
 *     dependent: when that state changes, the pair is visited again.
 * (3) Analyses may also subscribe explicitly: `readFor` names another dependent
 *     point (MLIR's getOrCreateFor), and `subscribe` registers an analysis with
 *     the state's key, whose `onUpdate` fans the change out (e.g. "revisit every
 *     op of this block when it becomes executable", "revisit the users of this
 *     value").
 * (4) The worklist is first-in first-out and is not de-duplicated, and dependents
 *     are kept in the order they were registered — exactly MLIR's solver, so the
 *     order in which facts are discovered (and printed: predecessor lists) is
 *     MLIR's. Analyses are initialized in the order they were loaded; nothing
 *     depends on hashing or object identity order, so runs are deterministic.
 * (5) A run that does not reach a fixpoint within its step budget stops with a
 *     `NonTerminationError` naming the busiest point — a clear error, not a hang.
 *     A `set` that would move a state down throws `NotMonotoneError`.
 * (6) An analysis names the analyses it depends on (`dependencies`); `load` adds
 *     each one first unless an analysis of the same class is already loaded.
 */
import { ChangeResult, LatticeCell, NotMonotoneError, type Lattice } from './lattice.js';

/** Names a kind of state, gives its lattice and what a change of it wakes up (3). */
export class StateKey<T> {
  constructor(
    readonly name: string,
    readonly lattice: Lattice<T>,
    /** Called after the dependents are enqueued; `subscribers` are the analyses that `subscribe`d. */
    readonly onUpdate?: (solver: DataFlowSolver, anchor: unknown, subscribers: ReadonlySet<DataFlowAnalysis>) => void,
  ) {}
}

export interface DataFlowAnalysis {
  readonly name: string;
  /** (6) Analyses that must run alongside this one (loaded first when missing). */
  dependencies?(): readonly DataFlowAnalysis[];
  /** Seeds the worklist: called once per run with the root the solver was given. */
  initialize(solver: DataFlowSolver, root: unknown): void;
  /** Recomputes what this analysis derives at `point`. */
  visit(solver: DataFlowSolver, point: unknown): void;
}

export class NonTerminationError extends Error {}
export { NotMonotoneError };

/** (4) Dependents in registration order, without repeats; small lists are scanned. */
class Dependents {
  readonly points: unknown[] = [];
  readonly analyses: DataFlowAnalysis[] = [];
  private index?: Map<unknown, DataFlowAnalysis[]>;
  add(point: unknown, analysis: DataFlowAnalysis): void {
    const n = this.points.length;
    if (!this.index) {
      for (let i = 0; i < n; i++) if (this.points[i] === point && this.analyses[i] === analysis) return;
      if (n >= 16) {
        this.index = new Map();
        for (let i = 0; i < n; i++) this.indexed(this.points[i], this.analyses[i]!);
      }
    } else {
      const seen = this.index.get(point);
      if (seen?.includes(analysis)) return;
    }
    if (this.index) this.indexed(point, analysis);
    this.points.push(point);
    this.analyses.push(analysis);
  }
  private indexed(point: unknown, analysis: DataFlowAnalysis): void {
    const list = this.index!.get(point);
    if (list) list.push(analysis);
    else this.index!.set(point, [analysis]);
  }
}

class State<T> extends LatticeCell<T> {
  dependents: Dependents | undefined;
  subscribers: Set<DataFlowAnalysis> | undefined;
  constructor(readonly key: StateKey<T>, readonly anchor: unknown) {
    super(key.lattice, key.lattice.bottom, key.name);
  }
}

export interface SolverOptions {
  /** (5) Upper bound on visits; default 100,000 plus 200 per state created. */
  maxSteps?: number;
}

const NO_SUBSCRIBERS: ReadonlySet<DataFlowAnalysis> = new Set();

export class DataFlowSolver {
  private readonly analyses: DataFlowAnalysis[] = [];
  // One table per key (there are few keys): far fewer Maps than one per anchor.
  private readonly states = new Map<StateKey<unknown>, Map<unknown, State<unknown>>>();
  private stateCount = 0;
  private queuePoints: unknown[] = [];
  private queueAnalyses: DataFlowAnalysis[] = [];
  private head = 0;
  private currentPoint: unknown = undefined;
  private currentAnalysis: DataFlowAnalysis | undefined;
  private steps = 0;

  constructor(private readonly options: SolverOptions = {}) {}

  /** (6) Loads an analysis and, before it, the analyses it depends on that are missing. */
  load<A extends DataFlowAnalysis>(analysis: A): A {
    if (this.analyses.includes(analysis)) return analysis;
    for (const d of analysis.dependencies?.() ?? []) {
      if (!this.analyses.some((a) => a.constructor === d.constructor && a.constructor !== Object)) this.load(d);
    }
    this.analyses.push(analysis);
    return analysis;
  }

  /** The loaded analysis of class `cls`, if any. */
  analysisOf<A extends DataFlowAnalysis>(cls: abstract new (...args: never[]) => A): A | undefined {
    return this.analyses.find((a) => a instanceof cls) as A | undefined;
  }

  /** Runs every loaded analysis on `root` to a fixpoint. */
  run(root: unknown): void {
    for (const a of this.analyses) {
      this.currentAnalysis = a;
      this.currentPoint = undefined;
      a.initialize(this, root);
    }
    this.currentAnalysis = undefined;
    while (this.head < this.queuePoints.length) {
      const point = this.queuePoints[this.head]!;
      const analysis = this.queueAnalyses[this.head]!;
      this.head++;
      if (this.head > 65536 && this.head * 2 > this.queuePoints.length) {
        // Drop the consumed prefix now and then instead of shifting every time.
        this.queuePoints = this.queuePoints.slice(this.head);
        this.queueAnalyses = this.queueAnalyses.slice(this.head);
        this.head = 0;
      }
      if (++this.steps > (this.options.maxSteps ?? 100_000 + 200 * this.stateCount)) this.nonTermination(analysis, point);
      this.currentPoint = point;
      this.currentAnalysis = analysis;
      analysis.visit(this, point);
    }
    this.currentPoint = undefined;
    this.currentAnalysis = undefined;
  }

  /** Schedules `analysis` to visit `point` (4). */
  enqueue(point: unknown, analysis: DataFlowAnalysis): void {
    this.queuePoints.push(point);
    this.queueAnalyses.push(analysis);
  }

  private cell<T>(anchor: unknown, key: StateKey<T>): State<T> {
    let table = this.states.get(key as StateKey<unknown>);
    if (!table) this.states.set(key as StateKey<unknown>, (table = new Map()));
    let s = table.get(anchor) as State<T> | undefined;
    if (!s) {
      s = new State<T>(key, anchor);
      table.set(anchor, s as State<unknown>);
      this.stateCount++;
    }
    return s;
  }

  /** (2) Reads a state; the point being visited is revisited when it changes. */
  read<T>(anchor: unknown, key: StateKey<T>): T {
    const s = this.cell(anchor, key);
    if (this.currentAnalysis && this.currentPoint !== undefined) this.addDependent(s, this.currentPoint, this.currentAnalysis);
    return s.value;
  }

  /** (3) Reads a state and revisits `point` with `analysis` whenever it changes. */
  readFor<T>(anchor: unknown, key: StateKey<T>, point: unknown, analysis: DataFlowAnalysis): T {
    const s = this.cell(anchor, key);
    this.addDependent(s, point, analysis);
    return s.value;
  }

  /** Reads a state (creating it at ⊥) without any dependency. */
  peek<T>(anchor: unknown, key: StateKey<T>): T {
    return this.cell(anchor, key).value;
  }

  /** Reads a state after the run, without creating it. */
  lookup<T>(anchor: unknown, key: StateKey<T>): T {
    const s = this.states.get(key as StateKey<unknown>)?.get(anchor);
    return s ? (s.value as T) : key.lattice.bottom;
  }

  /** Whether any analysis created the state (MLIR's lookupState returning non-null). */
  has(anchor: unknown, key: StateKey<unknown>): boolean {
    return this.states.get(key)?.has(anchor) ?? false;
  }

  /** (3) Registers `analysis` with the state's key-specific fan-out. */
  subscribe(anchor: unknown, key: StateKey<unknown>, analysis: DataFlowAnalysis): void {
    const s = this.cell(anchor, key);
    (s.subscribers ??= new Set()).add(analysis);
  }

  /** state := state ⊔ value; dependents are scheduled if it changed. */
  join<T>(anchor: unknown, key: StateKey<T>, value: T): ChangeResult {
    const s = this.cell(anchor, key);
    const changed = s.join(value);
    if (changed === ChangeResult.Change) this.onUpdate(s);
    return changed;
  }

  /**
   * state := state ⊔ value without waking anyone. Only for reproducing MLIR, whose
   * sparse backward analyses set values returned to unknown callers to their exit
   * state this way (so a dependent visited earlier is not revisited).
   */
  joinQuietly<T>(anchor: unknown, key: StateKey<T>, value: T): ChangeResult {
    return this.cell(anchor, key).join(value);
  }

  /** state := value, which must not be below it (lattice.ts (3)). */
  set<T>(anchor: unknown, key: StateKey<T>, value: T): ChangeResult {
    const s = this.cell(anchor, key);
    const changed = s.set(value);
    if (changed === ChangeResult.Change) this.onUpdate(s);
    return changed;
  }

  /** Visits done by the last run (for tests and benchmarks). */
  get stepCount(): number {
    return this.steps;
  }

  private addDependent(s: State<unknown>, point: unknown, analysis: DataFlowAnalysis): void {
    (s.dependents ??= new Dependents()).add(point, analysis);
  }

  private onUpdate(s: State<unknown>): void {
    const d = s.dependents;
    if (d) for (let i = 0; i < d.points.length; i++) this.enqueue(d.points[i], d.analyses[i]!);
    s.key.onUpdate?.(this, s.anchor, s.subscribers ?? NO_SUBSCRIBERS);
  }

  private nonTermination(analysis: DataFlowAnalysis, point: unknown): never {
    const counts = new Map<unknown, number>();
    for (let i = this.head; i < this.queuePoints.length; i++) {
      counts.set(this.queuePoints[i], (counts.get(this.queuePoints[i]) ?? 0) + 1);
    }
    let busiest: unknown = point;
    let most = 0;
    for (const [p, n] of counts) if (n > most) [busiest, most] = [p, n];
    throw new NonTerminationError(
      `data-flow analysis did not converge after ${this.steps - 1} steps ('${analysis.name}' was visiting ${describe(point)}; ` +
      `${describe(busiest)} is queued ${most} times): is a transfer function not monotone?`);
  }
}

function describe(x: unknown): string {
  if (x === undefined || x === null) return String(x);
  if (typeof x !== 'object') return String(x);
  const named = x as { name?: unknown; toString(): string };
  if (typeof named.name === 'string') return named.name;
  const s = named.toString();
  return s === '[object Object]' ? '<anchor>' : s;
}
