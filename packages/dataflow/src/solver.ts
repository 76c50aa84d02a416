/**
 * The data-flow solver: several analyses run together to one fixpoint.
 *
 * (1) A *state* is a lattice value attached to an *anchor* (any object: a value,
 *     a block, an op, an edge) under a *key* naming what it means (liveness,
 *     executability...). States only move up: `join` / `set` (lattice.ts (3)).
 * (2) An analysis is visited at *points* (any object). While it is visited, every
 *     state it reads through the solver records the (point, analysis) pair as a
 *     dependent: when that state changes, the pair is visited again.
 * (3) Analyses may also subscribe explicitly (`dependOn`), e.g. "revisit this op
 *     when that block becomes executable", for points other than the current one.
 * (4) The worklist is first-in first-out and de-duplicated; analyses are
 *     initialized in the order they were loaded; nothing depends on hashing or
 *     object identity order, so runs are deterministic.
 * (5) A run that does not reach a fixpoint within `maxSteps` visits stops with a
 *     `NonTerminationError` naming the busiest point — a clear error, not a hang.
 * (6) An analysis names the analyses it depends on; `load` adds them first, once.
 */
import { ChangeResult, LatticeCell, NotMonotoneError, type Lattice } from './lattice.js';

/** Names a kind of state and gives its lattice. Compare keys by identity. */
export class StateKey<T> {
  constructor(readonly name: string, readonly lattice: Lattice<T>) {}
}

export interface DataFlowAnalysis {
  readonly name: string;
  /** (6) Analyses that must run alongside this one. */
  readonly dependsOn?: readonly DataFlowAnalysis[];
  /** Seeds the worklist: called once per run with the root the solver was given. */
  initialize(solver: DataFlowSolver, root: unknown): void;
  /** Recomputes what this analysis derives at `point`. */
  visit(solver: DataFlowSolver, point: unknown): void;
}

export class NonTerminationError extends Error {}
export { NotMonotoneError };

interface Dependent {
  point: unknown;
  analysis: DataFlowAnalysis;
}

class State<T> extends LatticeCell<T> {
  /** Who to revisit on change, per analysis, in subscription order (4). */
  readonly dependents = new Map<DataFlowAnalysis, Set<unknown>>();
}

export interface SolverOptions {
  /** (5) Upper bound on visits; default 1,000 per anchor created, at least 100,000. */
  maxSteps?: number;
}

export class DataFlowSolver {
  private readonly analyses: DataFlowAnalysis[] = [];
  private readonly states = new Map<unknown, Map<StateKey<unknown>, State<unknown>>>();
  private readonly queue: Dependent[] = [];
  private head = 0;
  private readonly queued = new Map<unknown, Set<DataFlowAnalysis>>();
  private current: Dependent | undefined;
  private steps = 0;
  private readonly visitsPerPoint = new Map<unknown, number>();

  constructor(private readonly options: SolverOptions = {}) {}

  /** (6) Loads an analysis and, before it, the analyses it depends on. */
  load(analysis: DataFlowAnalysis): this {
    if (this.analyses.includes(analysis)) return this;
    for (const d of analysis.dependsOn ?? []) this.load(d);
    this.analyses.push(analysis);
    return this;
  }

  /** Runs every loaded analysis on `root` to a fixpoint. */
  run(root: unknown): void {
    for (const a of this.analyses) {
      this.current = undefined;
      a.initialize(this, root);
    }
    const limit = this.options.maxSteps ?? Math.max(100_000, 1000 * this.states.size);
    while (this.head < this.queue.length) {
      const item = this.queue[this.head++]!;
      if (this.head > 4096 && this.head * 2 > this.queue.length) {
        // Drop the consumed prefix now and then instead of shifting every time.
        this.queue.splice(0, this.head);
        this.head = 0;
      }
      this.queued.get(item.point)?.delete(item.analysis);
      if (++this.steps > limit) {
        let busiest: unknown;
        let most = 0;
        for (const [p, n] of this.visitsPerPoint) if (n > most) [busiest, most] = [p, n];
        throw new NonTerminationError(
          `data-flow analysis did not converge after ${limit} steps; '${item.analysis.name}' visited ${describe(busiest)} ${most} times`);
      }
      this.visitsPerPoint.set(item.point, (this.visitsPerPoint.get(item.point) ?? 0) + 1);
      this.current = item;
      item.analysis.visit(this, item.point);
      this.current = undefined;
    }
  }

  /** Schedules `analysis` to visit `point` (once, however often it is asked). */
  enqueue(point: unknown, analysis: DataFlowAnalysis): void {
    let set = this.queued.get(point);
    if (!set) this.queued.set(point, (set = new Set()));
    if (set.has(analysis)) return;
    set.add(analysis);
    this.queue.push({ point, analysis });
  }

  private cell<T>(anchor: unknown, key: StateKey<T>): State<T> {
    let byKey = this.states.get(anchor);
    if (!byKey) this.states.set(anchor, (byKey = new Map()));
    let s = byKey.get(key as StateKey<unknown>) as State<T> | undefined;
    if (!s) {
      s = new State<T>(key.lattice, key.lattice.bottom, `${key.name} of ${describe(anchor)}`);
      byKey.set(key as StateKey<unknown>, s as State<unknown>);
    }
    return s;
  }

  /** (2) Reads a state; the point being visited is revisited when it changes. */
  read<T>(anchor: unknown, key: StateKey<T>): T {
    const s = this.cell(anchor, key);
    if (this.current) this.subscribe(s, this.current);
    return s.value;
  }

  /** Reads a state without subscribing (for clients after the run). */
  lookup<T>(anchor: unknown, key: StateKey<T>): T {
    return this.states.get(anchor)?.get(key as StateKey<unknown>)?.value as T ?? key.lattice.bottom;
  }

  /** (3) Revisits `point` with `analysis` whenever the state changes. */
  dependOn<T>(anchor: unknown, key: StateKey<T>, point: unknown, analysis: DataFlowAnalysis): T {
    const s = this.cell(anchor, key);
    this.subscribe(s, { point, analysis });
    return s.value;
  }

  /** state := state ⊔ value; dependents are scheduled if it changed. */
  join<T>(anchor: unknown, key: StateKey<T>, value: T): ChangeResult {
    const s = this.cell(anchor, key);
    const changed = s.join(value);
    if (changed === ChangeResult.Change) this.notify(s);
    return changed;
  }

  /** state := value, which must not be below it (lattice.ts (3)). */
  set<T>(anchor: unknown, key: StateKey<T>, value: T): ChangeResult {
    const s = this.cell(anchor, key);
    const changed = s.set(value);
    if (changed === ChangeResult.Change) this.notify(s);
    return changed;
  }

  /** Visits done by the last run (for tests and benchmarks). */
  get stepCount(): number {
    return this.steps;
  }

  private subscribe(s: State<unknown>, d: Dependent): void {
    let points = s.dependents.get(d.analysis);
    if (!points) s.dependents.set(d.analysis, (points = new Set()));
    points.add(d.point);
  }

  private notify(s: State<unknown>): void {
    for (const [analysis, points] of s.dependents) for (const p of points) this.enqueue(p, analysis);
  }
}

function describe(x: unknown): string {
  if (x === undefined || x === null) return String(x);
  const named = x as { name?: unknown; toString(): string };
  if (typeof named.name === 'string') return named.name;
  const s = named.toString();
  return s === '[object Object]' ? '<anchor>' : s;
}
