/**
 * Interprocedural points-to and escape analysis (issue 7, packages/sol/LIFETIME.md): which
 * abstract memory objects each SSA value may address, what each object may contain, which
 * objects escape their function and why, and per-function summaries computed bottom-up over
 * call-graph SCCs. Generic: it reads op interfaces only (memory effects, memory-source steps,
 * views, branches, region branches, calls), plus inline assembly by name (C12).
 *
 * Solving: flow-insensitive inclusion constraints (Andersen style) run on the dataflow
 * framework's DataFlowSolver — one analysis whose points are constraints; its states are
 * powersets of objects anchored at SSA values (`points-to`) and at objects (`contents`); the
 * solver re-runs a constraint whenever a state it read grows. Constraint building is in
 * points-to-constraints.ts, the escape report in points-to-escape.ts.
 *
 * Objects
 *  (O1) Per function: one `alloc` per allocating result (isAllocation) outside the `Stack`
 *       resource, one `slot` per Stack allocation (sol.alloca), one `param` per entry-block
 *       argument whose type holds an address (options.holdsAddress, default (T1)), one `call`
 *       per call site whose callee summary hands back callee memory (a fresh result, fresh
 *       memory stored into an argument), and `unknown` (listed last).
 *  (O2) `param i` is the object argument i addresses, and `param i (inner)` the rest of the
 *       caller's data structure reachable from it: contents(param i) ∋ param i (inner), and
 *       contents(param i (inner)) ∋ itself. Kept apart so a summary can say whether a callee
 *       hands back the argument or only what it holds (S6): `sorted = sort(a)` returning a fresh
 *       array of a's elements (or, for a short one, a itself) does not make `sorted` hold `a`.
 *       `unknown` is memory the function did not allocate and did not get through a parameter,
 *       and every object that escaped into it: contents ∋ itself.
 *  (O3) Soundness guarantee: for every object o with escape(o) = [], every value that may hold
 *       an address into o at run time has o ∈ pointsTo(v) and every object that may hold such
 *       an address has o ∈ contents. Escaped objects may be stood for by `unknown`/`param`.
 * Constraints (flow-insensitive; pts = pointsTo)
 *  (C1) An allocating result points to its object.
 *  (C1') (options.innerAddresses) The memory an allocating op allocates besides its object
 *       (zero elements of an array of structs, decoded nested data) is one more object,
 *       `alloc %mem (inner)`: contents(alloc %mem) ∋ it, and it contains itself.
 *  (C1'') Clients see it folded into its allocation (one object per op, FunctionResult) unless
 *       they ask for the `precise` view.
 *  (C2) A derived address (memory-source convert/address/box/declare, viewLike; sol.gep) points
 *       to what its base points to.
 *  (C3) A global's address (memory-source `global`) points to `unknown`.
 *  (C4) A load (memory-source `load` of m) points to ∪ contents(pts(m)).
 *  (C5) A store: an address operand that is not the location of any effect of its op, not
 *       forwarded and not a derivation base, is stored into every value location the op
 *       writes: contents(o) ⊇ pts(V) for o ∈ pts(L). Into a location whose type holds no
 *       address, or (with no value write) into the whole Memory resource: into `unknown`.
 *  (C6) A write into existing memory B (not the op's own allocation) that reads another
 *       location A copies contents: contents(pts(B)) ⊇ contents(pts(A)). A destination whose
 *       type holds no address (storage) receives data, not addresses: nothing.
 *  (C7) Results of ops without memory effects join their address operands (selects, casts);
 *       an address made from no address points to `unknown` when the op names a symbol (a
 *       global: memref.get_global), else to nothing: a constant address (null, sol.empty's
 *       zero slot 0x60, a length-0 array no write can reach since every index is out of bounds).
 *  (C8) Branch operands flow to successor block arguments, region-branch entry operands and
 *       terminator operands to the region inputs / op results they reach.
 *  (C9) Other results of ops with memory effects: contents of the locations they read plus
 *       their other address operands; `unknown` if they read the whole Memory resource.
 *  (C10) A resolved call applies the callee's summary (S6): results → {call object if fresh}
 *       ∪ pts(arg k) for roots k ∪ reach(contents(pts(arg k))) for inner k ∪ {unknown if so};
 *       what paramContents[i] says grows the contents of every object reachable from arg i;
 *       the call object contains what freshContents says.
 *  (C11) A call without a resolvable callee with a body, or an op without memory-effect
 *       information: address operands escape (`unknown-use`), results point to `unknown`;
 *       such a call makes the function opaque.
 *  (C12) sol.inline_asm: its operands and the outer values its body uses escape
 *       (`inline-asm`) — but the operands listed in `no_capture` (locals of flat memory types
 *       the block neither assigns nor keeps an address of: it only reads and writes through
 *       them, solidity/asm-capture.ts) or in `reassigns` (locals it walks through their own
 *       object, `s := add(s, 1)`, and nobody reads afterwards), which it reads like any op; results point to
 *       `unknown`; opaque unless `memory_safe`, not `layout_seen`, and `fp_hidden` if `free_ptr`.
 *  (C13) Ops with RecursiveMemoryEffects (sol.if, loops) are described by their bodies.
 * Escapes (reach = closure over contents)
 *  (E1) `returned`: reach(pts(operands of function returns)). (E1') Not in entry functions
 *       (options.isEntry, default: sol external functions, constructor, fallback, receive):
 *       their results are ABI-encoded (a read) and their memory arguments are decoded by the
 *       dispatcher and die with the call, so storing into them is not an escape either.
 *  (E2) `stored`: reach(contents(param i)) for non-entry functions, reach(contents(unknown)).
 *  (E3) `captured`: reach(pts(arg i)) at a call whose callee captures parameter i (S1).
 *  (E4) `inline-asm`, (E5) `unknown-use`: reach(pts(operands)) of (C12) / (C11).
 *  (E6) Messages name the op and, for objects reached through a container, the container;
 *       a value merged at a select / sol.if result / block argument says "merged with …".
 * Reading (ABI encoding, hashing, emitting, copying to storage) is never an escape.
 * Summaries (bottom-up over call-graph SCCs; iterated to a fixpoint within an SCC from ⊥)
 *  (S1) params[i].captured: param i is reachable from `unknown`, an inline-asm or unknown use,
 *       or an argument a callee captures. (Stores into other arguments are (S3), not captures.)
 *  (S2) results[j]: over all returns, R = reach(pts(operand j)): fresh = R has an alloc/call
 *       object; aliasesParams = params in R; unknown = `unknown` ∈ R.
 *  (S3) paramContents[i]: C = reach(what stores put into param i): fresh / params / unknown.
 *  (S4) freshContents: what the callee objects in (S2)/(S3) reach through their contents.
 *  (S5) opaque: (C11)/(C12) in the function or an opaque callee.
 *  (S6) direct: the sets of (S2)–(S4) before the closure over contents, each argument's object
 *       (`roots`) apart from what it reaches (`inner`): what (C10) applies. The call object's
 *       contents stand for what lies behind every fresh object (S4), so a result needs only
 *       what the returned values address themselves.
 * (S2)–(S4) stay closed over contents, an argument counting when anything of its structure is
 * in the set: what clients ask ("does the result hold the caller's memory?").
 */
import { CallGraph, DataFlowSolver, StateKey, powerset, type DataFlowAnalysis } from '@lifeline/dataflow';
import { SymbolTableCollection, type Operation, type Registry, type Type, type Value } from '@lifeline/ir';
import { buildFunction, type BuiltFunction, type Constraint, type Ctx, type Objs } from './points-to-constraints.js';
import { computeEscapes } from './points-to-escape.js';
import {
  MemObject, bodyArguments, bottomSummary, defaultHoldsAddress, defaultIsEntry, resolveCallee, sameSummary, worstSummary,
  type DirectFlow, type EscapeReason, type FunctionSummary, type ObjectsFlow,
} from './points-to-model.js';

export { MemObject, defaultHoldsAddress, defaultIsEntry };
export type { MemObjectKind, EscapeReason, FunctionSummary } from './points-to-model.js';

export interface FunctionPointsTo {
  readonly fn: Operation;
  readonly unknown: MemObject;
  objects(): readonly MemObject[];
  objectOf(x: Value | Operation): MemObject | undefined;
  pointsTo(v: Value): ReadonlySet<MemObject>;
  contents(o: MemObject): ReadonlySet<MemObject>;
  escape(o: MemObject): EscapeReason[];
  allocatedBy(op: Operation): readonly MemObject[];
  /** Objects reachable from `from` through contents, `from` included. */
  reach(from: Iterable<MemObject>): Set<MemObject>;
  /** Why the function is opaque (S5), if it is. */
  readonly opaqueWhy: string | undefined;
  /** The op that makes it opaque (S5): assembly, an unseen call or a call to an opaque callee. */
  readonly opaqueAt: Operation | undefined;
  /** Whether the function is an ABI entry point (E1'). */
  readonly isEntry: boolean;
  /** (C1'') The same facts with each allocation's inner memory an object of its own. */
  readonly precise: FunctionPointsTo;
}

export interface PointsToOptions {
  holdsAddress?: (t: Type) => boolean;
  /** (C1') Allocations of these types hold addresses of inner memory their op allocates too. */
  innerAddresses?: (t: Type) => boolean;
  registry?: Registry;
  /** (E1') Entry points called only by the ABI dispatcher. */
  isEntry?: (fn: Operation) => boolean;
}

const EMPTY: Objs = new Set();
const objSet = powerset<MemObject>((o) => o.toString());
const PTS = new StateKey<Objs>('points-to', objSet);
const CONTENTS = new StateKey<Objs>('contents', objSet);

/** The constraints of one function as a dataflow analysis: points are constraints. */
class ConstraintAnalysis implements DataFlowAnalysis {
  readonly name = 'points-to';
  /** What stores put into each param / the unknown object (for (S3), (E2)). */
  readonly storedInto = new Map<MemObject, Set<MemObject>>();
  /** The first op that put each object into each container, for messages (E6). */
  readonly provenance = new Map<MemObject, Map<MemObject, Operation>>();
  private ctx!: Ctx;
  constructor(private readonly built: BuiltFunction) {}

  initialize(solver: DataFlowSolver): void {
    const s = solver;
    const add = (anchor: unknown, key: StateKey<Objs>, objs: Iterable<MemObject>): void => {
      const cur = s.peek(anchor, key);
      let grow: Set<MemObject> | undefined;
      for (const o of objs) if (!cur.has(o)) (grow ??= new Set()).add(o);
      if (grow) s.join(anchor, key, grow);
    };
    this.ctx = {
      pts: (v) => s.read(v, PTS),
      contents: (o) => s.read(o, CONTENTS),
      reach: (from) => {
        const out = new Set<MemObject>();
        const todo = [...from];
        for (let o = todo.pop(); o; o = todo.pop()) {
          if (out.has(o)) continue;
          out.add(o);
          for (const x of s.read(o, CONTENTS)) if (!out.has(x)) todo.push(x);
        }
        return out;
      },
      addPts: (v, objs) => add(v, PTS, objs),
      addContents: (c, objs, op) => {
        const list = [...objs];
        if (c.kind === 'param' || c.kind === 'unknown') {
          let st = this.storedInto.get(c);
          if (!st) this.storedInto.set(c, (st = new Set()));
          for (const o of list) st.add(o);
        }
        const cur = s.peek(c, CONTENTS);
        let prov = this.provenance.get(c);
        for (const o of list) {
          if (cur.has(o)) continue;
          if (!prov) this.provenance.set(c, (prov = new Map()));
          if (!prov.has(o)) prov.set(o, op);
        }
        add(c, CONTENTS, list);
      },
    };
    // (O2)
    this.built.inners.forEach((q, i) => q && s.join(this.built.params[i]!, CONTENTS, new Set([q])));
    for (const o of this.built.objects) if (o.inner || o.kind === 'unknown') s.join(o, CONTENTS, new Set([o]));
    for (const c of this.built.constraints) s.enqueue(c, this);
  }

  visit(_solver: DataFlowSolver, point: unknown): void {
    (point as Constraint)(this.ctx);
  }
}

/**
 * (C1'') The facts of one solved function. With `folded` (what ProgramPointsTo.function gives)
 * each allocation's inner object is folded into the allocation: sets name the allocation
 * instead, and its contents are both objects' — one object per allocating op, as the lifetime
 * passes reason about memory an op allocates. `precise` keeps them apart: loading an element
 * of `a` then yields a's elements, not `a`, so `a` may die while the elements it held live on.
 */
class FunctionResult implements FunctionPointsTo {
  readonly fn: Operation;
  readonly unknown: MemObject;
  private escapes?: Map<MemObject, EscapeReason[]>;
  private byOp?: Map<Operation, MemObject[]>;
  private preciseView?: FunctionResult;
  /** inner object → its allocation, when folding */
  private readonly outer = new Map<MemObject, MemObject>();
  private readonly foldedSets = new Map<Objs, Objs>();
  private readonly foldedContents = new Map<MemObject, Objs>();

  constructor(
    readonly built: BuiltFunction,
    private readonly solver: DataFlowSolver,
    readonly analysis: ConstraintAnalysis,
    readonly isEntry: boolean,
    private readonly resolve: (op: Operation) => Operation | undefined,
    folded: boolean,
  ) {
    this.fn = built.fn;
    this.unknown = built.unknown;
    if (folded) for (const [o, q] of built.innerOf) this.outer.set(q, o);
  }

  get precise(): FunctionPointsTo {
    if (!this.outer.size) return this;
    return (this.preciseView ??= new FunctionResult(this.built, this.solver, this.analysis, this.isEntry, this.resolve, false));
  }

  private fold(s: Objs): Objs {
    if (!this.outer.size) return s;
    let f = this.foldedSets.get(s);
    if (!f) {
      f = [...s].some((o) => this.outer.has(o)) ? new Set([...s].map((o) => this.outer.get(o) ?? o)) : s;
      this.foldedSets.set(s, f);
    }
    return f;
  }

  get opaqueWhy(): string | undefined {
    return this.built.opaque ? this.built.opaqueWhy : undefined;
  }
  get opaqueAt(): Operation | undefined {
    return this.built.opaque ? this.built.opaqueAt : undefined;
  }
  objects(): readonly MemObject[] {
    return this.outer.size ? this.built.objects.filter((o) => !this.outer.has(o)) : this.built.objects;
  }
  objectOf(x: Value | Operation): MemObject | undefined {
    return this.built.objectOf.get(x);
  }
  pointsTo(v: Value): ReadonlySet<MemObject> {
    return this.fold(this.solver.lookup(v, PTS) ?? EMPTY);
  }
  contents(o: MemObject): ReadonlySet<MemObject> {
    const own = this.solver.lookup(o, CONTENTS) ?? EMPTY;
    const q = this.outer.size ? this.built.innerOf.get(o) : undefined;
    if (!q) return this.fold(own);
    let f = this.foldedContents.get(o);
    if (!f) this.foldedContents.set(o, (f = this.fold(new Set([...own, ...(this.solver.lookup(q, CONTENTS) ?? EMPTY)]))));
    return f;
  }
  reach(from: Iterable<MemObject>): Set<MemObject> {
    const out = new Set<MemObject>();
    const todo = [...from];
    for (let o = todo.pop(); o; o = todo.pop()) {
      if (out.has(o)) continue;
      out.add(o);
      for (const x of this.contents(o)) if (!out.has(x)) todo.push(x);
    }
    return out;
  }
  escape(o: MemObject): EscapeReason[] {
    this.escapes ??= computeEscapes(this, this.resolve);
    return this.escapes.get(o) ?? [];
  }
  allocatedBy(op: Operation): readonly MemObject[] {
    if (!this.byOp) {
      this.byOp = new Map();
      for (const o of this.objects()) {
        if (o.kind !== 'alloc' && o.kind !== 'call') continue;
        for (let p: Operation | null = o.op!; p && p !== this.fn; p = p.parentOp) {
          const list = this.byOp.get(p);
          if (list) list.push(o);
          else this.byOp.set(p, [o]);
        }
      }
    }
    return this.byOp.get(op) ?? [];
  }
  storedInto(o: MemObject): ReadonlySet<MemObject> {
    return this.fold(this.analysis.storedInto.get(o) ?? EMPTY);
  }
  provenance(container: MemObject, o: MemObject): Operation | undefined {
    const inner = (x: MemObject) => (this.outer.size ? this.built.innerOf.get(x) : undefined);
    const from = (c: MemObject | undefined) => (c ? this.analysis.provenance.get(c) : undefined);
    for (const c of [from(container), from(inner(container))]) {
      const op = c?.get(o) ?? (inner(o) ? c?.get(inner(o)!) : undefined);
      if (op) return op;
    }
    return undefined;
  }
}

export class ProgramPointsTo {
  private readonly results = new Map<Operation, FunctionResult>();
  private readonly summaries = new Map<Operation, FunctionSummary>();
  private readonly symbols = new SymbolTableCollection();
  private readonly holdsAddress: (t: Type) => boolean;
  private readonly innerAddresses?: (t: Type) => boolean;
  private readonly isEntry: (fn: Operation) => boolean;
  /** Function-like ops under the root, program order. */
  readonly functions: Operation[] = [];

  constructor(root: Operation, options: PointsToOptions = {}) {
    this.holdsAddress = options.holdsAddress ?? defaultHoldsAddress;
    this.innerAddresses = options.innerAddresses;
    this.isEntry = options.isEntry ?? defaultIsEntry;
    root.walk((op) => {
      if (op.def?.has('FunctionLike')) this.functions.push(op);
    });
    const known = new Set(this.functions);
    const ids = new Map(this.functions.map((f, i) => [f, String(i)]));
    const graph = new CallGraph<Operation>({
      callables: () => this.functions,
      key: (f) => ids.get(f)!,
      isExternal: (f) => !bodyArguments(f),
      callSites: (f) => {
        const out: (Operation | undefined)[] = [];
        f.walk((op) => {
          if (op !== f && op.def?.has('FunctionLike')) return 'skip';
          if (op.def?.spec.call) {
            const c = resolveCallee(op, this.symbols);
            out.push(c && known.has(c) ? c : undefined);
          }
          return undefined;
        });
        return out;
      },
    });
    for (const scc of graph.sccs()) this.solveComponent(scc, graph.isRecursive(scc[0]!));
  }

  function(fn: Operation): FunctionPointsTo {
    const r = this.results.get(fn);
    if (!r) throw new Error(`${fn.name} is not a function under the analysed root`);
    return r;
  }

  summary(fn: Operation): FunctionSummary {
    const s = this.summaries.get(fn);
    if (!s) throw new Error(`${fn.name} is not a function under the analysed root`);
    return s;
  }

  /** Bottom-up; a recursive component is re-solved until its summaries stop growing. */
  private solveComponent(scc: Operation[], recursive: boolean): void {
    for (const f of scc) {
      const callable = f.def?.spec.callable;
      const nParams = callable ? callable.argTypes(f).length : bodyArguments(f)?.length ?? 0;
      const nResults = callable ? callable.resultTypes(f).length : 0;
      this.summaries.set(f, bodyArguments(f) ? bottomSummary(nParams, nResults) : worstSummary(nParams, nResults));
    }
    for (let round = 0; ; round++) {
      let changed = false;
      for (const f of scc) {
        const r = this.solveFunction(f);
        this.results.set(f, r);
        if (!bodyArguments(f)) continue;
        const s = summarize(r, this.summaries.get(f)!);
        if (!sameSummary(s, this.summaries.get(f)!)) changed = true;
        this.summaries.set(f, s);
      }
      if (!recursive || !changed) return;
      if (round > 1000) throw new Error('points-to summaries did not converge');
    }
  }

  private solveFunction(fn: Operation): FunctionResult {
    const built = buildFunction(fn, {
      holdsAddress: this.holdsAddress,
      innerAddresses: this.innerAddresses,
      symbols: this.symbols,
      summaryOf: (callee) => (bodyArguments(callee) && this.summaries.has(callee) ? this.summaries.get(callee) : undefined),
    });
    const solver = new DataFlowSolver();
    const analysis = solver.load(new ConstraintAnalysis(built));
    solver.run(fn);
    return new FunctionResult(built, solver, analysis, this.isEntry(fn), (op) => resolveCallee(op, this.symbols), true);
  }
}

/** (S1)–(S6) from a solved function. */
function summarize(r: FunctionResult, previous: FunctionSummary): FunctionSummary {
  const b = r.built;
  const isFresh = (o: MemObject): boolean => o.kind === 'alloc' || o.kind === 'call';
  const describe = (objs: Set<MemObject>): ObjectsFlow => ({
    fresh: [...objs].some(isFresh),
    params: b.params.flatMap((p, i) => (p && (objs.has(p) || (!!b.inners[i] && objs.has(b.inners[i]!))) ? [i] : [])),
    unknown: objs.has(b.unknown),
  });
  const direct = (objs: ReadonlySet<MemObject>): DirectFlow => ({
    fresh: [...objs].some(isFresh),
    roots: b.params.flatMap((p, i) => (p && objs.has(p) ? [i] : [])),
    inner: b.inners.flatMap((q, i) => (q && objs.has(q) ? [i] : [])),
    unknown: objs.has(b.unknown),
  });
  const returned = previous.results.map((_, j) => {
    const from = new Set<MemObject>();
    for (const ret of b.returns) {
      const v = ret.operands[j]?.value;
      if (v) for (const o of r.pointsTo(v)) from.add(o);
    }
    return from;
  });
  const results = returned.map((from) => {
    const d = describe(r.reach(from));
    return { fresh: d.fresh, aliasesParams: d.params, unknown: d.unknown };
  });
  const handedBack = new Set<MemObject>();
  for (const ret of b.returns) for (const o of ret.operands) for (const x of r.reach(r.pointsTo(o.value))) if (isFresh(x)) handedBack.add(x);
  // what stores put into an argument's object or into the memory it reaches
  const storedInto = b.params.map((p, i) => new Set([...(p ? r.storedInto(p) : []), ...(b.inners[i] ? r.storedInto(b.inners[i]!) : [])]));
  const paramContents = previous.paramContents.map((_, i) => {
    if (!b.params[i]) return { fresh: false, params: [], unknown: false };
    const reached = r.reach(storedInto[i]!);
    for (const x of reached) if (isFresh(x)) handedBack.add(x);
    return describe(reached);
  });
  const inner = new Set<MemObject>();
  for (const o of handedBack) for (const x of r.contents(o)) inner.add(x);
  const freshContents = describe(r.reach(inner));
  // (S1) Captures: what the unknown object, asm / unknown uses and capturing callees reach.
  const captureRoots = new Set<MemObject>(r.storedInto(b.unknown));
  for (const root of b.roots) {
    if (root.kind === 'returned') continue;
    for (const v of root.values) for (const o of r.pointsTo(v)) captureRoots.add(o);
  }
  const captured = r.reach(captureRoots);
  return {
    params: previous.params.map((_, i) => ({ captured: !!b.params[i] && (captured.has(b.params[i]!) || (!!b.inners[i] && captured.has(b.inners[i]!))) })),
    results,
    paramContents,
    freshContents,
    // (S6) every fresh object a caller may see is in handedBack, so the call object's contents
    // (freshContents) say what lies behind a fresh result or stored object
    direct: { results: returned.map(direct), paramContents: storedInto.map(direct), freshContents: direct(inner) },
    opaque: b.opaque,
  };
}
