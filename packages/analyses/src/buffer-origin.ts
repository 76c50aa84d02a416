/**
 * BufferViewFlowAnalysis and BufferOriginAnalysis (MLIR 19
 * BufferViewFlowAnalysis.cpp semantics), written against op interfaces, plus an
 * index that answers "may this buffer alias any buffer of that list" without
 * pairwise queries.
 *
 * Specification — view flow (one walk over the root, post-order):
 *  (F1) An op with a BufferViewFlow interface registers its dependency pairs; its
 *       memref results and region arguments are terminals when it says they may be.
 *  (F2) Else a ViewLike op: its source flows to its result 0.
 *  (F3) Else a Branch op: for each successor, the forwarded operands flow to the
 *       successor's arguments after the produced ones.
 *  (F4) Else a RegionBranch op: entry operands flow to the entry successors' inputs;
 *       for each region and each successor of it, every block terminator that is a
 *       RegionBranchTerminator forwards its operands to the successor's inputs.
 *  (F5) Else a RegionBranchTerminator: nothing (handled by its parent, F4).
 *  (F6) Else a Call op: memref results and region arguments are terminals and every
 *       operand flows to every result — unless `freshResults(op)` (an ABI fact the
 *       client supplies), then only the terminals, each memref result also flowing
 *       to the others: fresh means new to the caller, not distinct from one another
 *       (a callee may return one buffer in two results).
 *  (F7) Else: memref results and memref region arguments are terminals.
 *  resolveReverse(v) is every value v transitively depends on, v included.
 *
 * Specification — isSameAllocation(a, b) (true / false / undefined = unknown):
 *  (O1) Both are replaced by their view base (ViewLike sources, repeatedly); equal
 *       bases: true.
 *  (O2) The terminal origins of each are the memref terminals in resolveReverse.
 *  (O3) Both single and equal: true. Overlapping: unknown.
 *  (O4) Terminal kinds: fresh (its defining op declares an Allocate effect on it, or
 *       freshResults holds for the op), arg (an entry argument of a FunctionLike op),
 *       static (only with `staticDistinct`: defined by an op with declared memory effects
 *       and no operands and no regions, e.g. a global), other. Disjoint origins are distinct (false) when one
 *       side is all fresh and the other all fresh or arg — or, with `staticDistinct`,
 *       all fresh, arg or static. Else unknown.
 *  (O6) A view base that depends on more than ORIGIN_SEARCH_LIMIT values gets no
 *       terminals and class C (other): unknown against everything but its own base.
 *  (O5) distinctAllocAndBlockArgument(a, b): one view base is a fresh result of op X
 *       and the other a block argument whose block holds an ancestor of X.
 *
 * Specification — OriginIndex over a list L (near-linear):
 *  (X1) Members are bucketed by terminal origin and by class: A (all fresh),
 *       B (all distinct-capable per (O4) but not all fresh), C (other).
 *  (X2) mayAlias(q, skip) is "exists j != skip with not (O5)(L[j], q) and
 *       isSameAllocation(L[j], q) != false"; by (O3)/(O4) the candidates are the members
 *       sharing a terminal with q, plus: for q in A the C members, for q in B the B and C
 *       members, for q in C every member. Each candidate list is scanned with an early
 *       exit, so a query costs O(|terminals of q| + members skipped by (O5)).
 *  (X3) sameAllocations(q): the members that are the same allocation as q, and whether
 *       any member is unknown; members sharing no terminal or base with q are counted
 *       per class (their answer is false or unknown by class alone), not visited.
 */
import {
  BlockArgument, MemRefType, UnrankedMemRefType, hasTrait, type Operation, type Value,
} from '@lifeline/ir';
import { memoryEffectsOf } from './local-alias-analysis.js';

export const isBufferType = (v: Value): boolean => v.type instanceof MemRefType || v.type instanceof UnrankedMemRefType;

export interface BufferOriginOptions {
  /** (F6)(O4) Ops whose memref results are fresh buffers although they declare no Allocate effect. */
  freshResults?: (op: Operation) => boolean;
  /** (O4) Operand-free, region-free producers are distinct from fresh buffers. */
  staticDistinct?: boolean;
}

export class BufferViewFlowAnalysis {
  private readonly reverse = new Map<Value, Value[]>();
  private readonly terminals = new Set<Value>();

  constructor(root: Operation, private readonly freshResults?: (op: Operation) => boolean) {
    root.walkPostOrder((op) => this.visit(op));
  }

  private dep(from: Value, to: Value): void {
    let list = this.reverse.get(to);
    if (!list) this.reverse.set(to, (list = []));
    list.push(from);
  }

  private terminalValues(op: Operation, keep: (v: Value) => boolean = () => true): void {
    for (const r of op.results) if (isBufferType(r) && keep(r)) this.terminals.add(r);
    for (const region of op.regions) {
      const entry = region.blocks[0];
      if (entry) for (const a of entry.arguments) if (isBufferType(a) && keep(a)) this.terminals.add(a);
    }
  }

  private visit(op: Operation): void {
    const spec = op.def?.spec;
    if (spec?.bufferViewFlow) {
      // (F1)
      const iface = spec.bufferViewFlow;
      for (const [from, to] of iface.dependencies(op)) this.dep(from, to);
      this.terminalValues(op, (v) => iface.mayBeTerminalBuffer?.(op, v) ?? false);
    } else if (spec?.viewLike) {
      this.dep(spec.viewLike.source(op), op.result(0)); // (F2)
    } else if (spec?.branch) {
      // (F3)
      op.successors.forEach((succ, i) => {
        const fwd = spec.branch!.successorOperands(op, i);
        const args = succ.arguments;
        const produced = args.length - fwd.length;
        fwd.forEach((v, k) => this.dep(v, args[produced + k]!));
      });
    } else if (spec?.regionBranch) {
      // (F4)
      const rb = spec.regionBranch;
      for (const s of rb.successors(op, 'parent')) {
        const operands = rb.entryOperands(op, s.target);
        s.inputs.forEach((v, k) => operands[k] && this.dep(operands[k]!, v));
      }
      for (const region of op.regions) {
        for (const s of rb.successors(op, region)) {
          for (const block of region.blocks) {
            const term = block.last;
            const t = term?.def?.spec.regionBranchTerminator;
            if (!term || !t) continue;
            const fwd = t.forwardedOperands(term, s.target);
            s.inputs.forEach((v, k) => fwd[k] && this.dep(fwd[k]!, v));
          }
        }
      }
    } else if (spec?.regionBranchTerminator) {
      // (F5)
    } else if (spec?.call) {
      // (F6)
      this.terminalValues(op);
      if (this.freshResults?.(op)) {
        const buffers = op.results.filter(isBufferType);
        for (const r of buffers) for (const other of buffers) if (other !== r) this.dep(other, r);
        return;
      }
      for (const r of op.results) for (const o of op.operandValues()) this.dep(o, r);
    } else {
      this.terminalValues(op); // (F7)
    }
  }

  /** Whether `v` depends on any value (else resolveReverse(v) is [v]). */
  hasDependencies(v: Value): boolean {
    return this.reverse.has(v);
  }

  isTerminal(v: Value): boolean {
    return this.terminals.has(v);
  }

  /**
   * Every value `v` transitively depends on (v included), in discovery order; with
   * `limit`, undefined as soon as more than `limit` values are found.
   */
  resolveReverse(v: Value, limit = Infinity): Value[] | undefined {
    if (!this.reverse.has(v)) return [v];
    // A value found to exceed `limit` makes every value that reaches it exceed it too
    // (its reverse set includes the other's), so the search stops there at once;
    // without this, each value down a chain of loops re-walks `limit` values.
    const overflowed = this.overflowed.get(limit);
    if (overflowed?.has(v)) return undefined;
    const seen = new Set<Value>([v]);
    const stack = [v];
    while (stack.length) {
      const deps = this.reverse.get(stack.pop()!);
      if (!deps) continue;
      for (const d of deps) {
        if (!seen.has(d)) {
          if (seen.size >= limit || overflowed?.has(d)) return this.overflow(v, limit);
          seen.add(d);
          stack.push(d);
        }
      }
    }
    return [...seen];
  }

  /** Values whose resolveReverse exceeded a given limit, per limit. */
  private readonly overflowed = new Map<number, Set<Value>>();

  private overflow(v: Value, limit: number): undefined {
    let set = this.overflowed.get(limit);
    if (!set) this.overflowed.set(limit, (set = new Set()));
    set.add(v);
    return undefined;
  }
}

/** (O1) */
export function viewBase(v: Value): Value {
  for (;;) {
    const op = v.definingOp;
    const view = op?.def?.spec.viewLike;
    if (!op || !view) return v;
    v = view.source(op);
  }
}

type Kind = 'fresh' | 'arg' | 'static' | 'other';

/** (O6) */
export const ORIGIN_SEARCH_LIMIT = 256;

/** Class of a value's origins (X1). */
export enum OriginClass { AllFresh = 0, Distinctive = 1, Other = 2 }

export interface Origin {
  base: Value;
  terminals: readonly Value[];
  cls: OriginClass;
}

export class BufferOriginAnalysis {
  readonly flow: BufferViewFlowAnalysis;
  private readonly origins = new Map<Value, Origin>();
  private readonly kinds = new Map<Value, Kind>();

  constructor(root: Operation, private readonly options: BufferOriginOptions = {}) {
    this.flow = new BufferViewFlowAnalysis(root, options.freshResults);
  }

  /** Whether `v` is a fresh buffer made by its defining op (O4). */
  isFresh(v: Value): boolean {
    // Memoized: a value's defining op never changes, and asking for its effects builds arrays.
    let f = this.fresh.get(v);
    if (f === undefined) this.fresh.set(v, (f = this.computeFresh(v)));
    return f;
  }

  private readonly fresh = new Map<Value, boolean>();

  private computeFresh(v: Value): boolean {
    const op = v.definingOp;
    if (!op) return false;
    if (memoryEffectsOf(op)?.some((e) => e.kind === 'allocate' && e.value === v)) return true;
    return !!this.options.freshResults?.(op) && isBufferType(v);
  }

  private kind(t: Value): Kind {
    let k = this.kinds.get(t);
    if (k) return k;
    if (this.isFresh(t)) k = 'fresh';
    else if (t instanceof BlockArgument) {
      const owner = t.owner.parentOp;
      k = owner && hasTrait(owner, 'FunctionLike') && owner.regions[0]!.blocks[0] === t.owner ? 'arg' : 'other';
    } else {
      const op = t.definingOp!;
      // An op with known effects and no operands or regions has no SSA access to a buffer.
      k = this.options.staticDistinct && op.operands.length === 0 && op.regions.length === 0 &&
        memoryEffectsOf(op) !== undefined ? 'static' : 'other';
    }
    this.kinds.set(t, k);
    return k;
  }

  /** (O1)(O2)(X1) memoized per view base. */
  origin(v: Value): Origin {
    const base = viewBase(v);
    let o = this.origins.get(base);
    if (o) return o;
    // (O6) A value reached from more than ORIGIN_SEARCH_LIMIT values (e.g. the result
    // of the k-th loop of a chain carrying a buffer) keeps no terminal list: it is the
    // same allocation as nothing but its own base and may alias everything else.
    // Without the bound, chains make the analysis quadratic.
    const reached = this.flow.hasDependencies(base) ? this.flow.resolveReverse(base, ORIGIN_SEARCH_LIMIT) : [base];
    if (!reached) {
      o = { base, terminals: [], cls: OriginClass.Other };
      this.origins.set(base, o);
      return o;
    }
    const terminals = reached.filter((t) => isBufferType(t) && this.flow.isTerminal(t));
    let allFresh = true;
    let allDistinctive = true;
    for (const t of terminals) {
      const k = this.kind(t);
      allFresh &&= k === 'fresh';
      allDistinctive &&= k === 'fresh' || k === 'arg' || (k === 'static' && !!this.options.staticDistinct);
    }
    const cls = allFresh ? OriginClass.AllFresh : allDistinctive ? OriginClass.Distinctive : OriginClass.Other;
    o = { base, terminals, cls };
    this.origins.set(base, o);
    return o;
  }

  /** (O1)-(O4) */
  isSameAllocation(a: Value, b: Value): boolean | undefined {
    return sameOrigin(this.origin(a), this.origin(b));
  }

  /** (O5) */
  distinctAllocAndBlockArgument(a: Value, b: Value): boolean {
    const ba = viewBase(a);
    const bb = viewBase(b);
    return this.allocInsideArgBlock(ba, bb) || this.allocInsideArgBlock(bb, ba);
  }

  private allocInsideArgBlock(v1: Value, v2: Value): boolean {
    const op = v1.definingOp;
    if (!op || !(v2 instanceof BlockArgument) || !this.isFresh(v1)) return false;
    for (let o: Operation | null = op; o; o = o.parentOp) if (o.parent === v2.owner) return true;
    return false;
  }
}

/** (O1)-(O4) on two origins. */
function sameOrigin(oa: Origin, ob: Origin): boolean | undefined {
  if (oa.base === ob.base) return true;
  if (oa.terminals.length === 1 && ob.terminals.length === 1 && oa.terminals[0] === ob.terminals[0]) return true;
  if (shareAny(oa.terminals, ob.terminals)) return undefined;
  return distinctClasses(oa.cls, ob.cls) ? false : undefined;
}

/** Whether two terminal lists intersect; short lists (the common case) are compared without allocating a set. */
function shareAny(a: readonly Value[], b: readonly Value[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  if (a.length * b.length <= 64) {
    for (const x of a) for (const y of b) if (x === y) return true;
    return false;
  }
  const [small, large] = a.length < b.length ? [a, b] : [b, a];
  const set = new Set(small);
  return large.some((t) => set.has(t));
}

/** (O4) on classes of disjoint origins. */
function distinctClasses(a: OriginClass, b: OriginClass): boolean {
  return (a === OriginClass.AllFresh && b !== OriginClass.Other) || (b === OriginClass.AllFresh && a !== OriginClass.Other);
}

/** (X1)(X2) */
export class OriginIndex {
  private readonly byTerminal = new Map<Value, number[]>();
  private readonly byBase = new Map<Value, number[]>();
  private readonly byClass: number[][] = [[], [], []];
  private readonly origins: Origin[];

  constructor(private readonly analysis: BufferOriginAnalysis, readonly values: readonly Value[]) {
    this.origins = values.map((v) => analysis.origin(v));
    this.origins.forEach((o, j) => {
      this.byClass[o.cls]!.push(j);
      push(this.byBase, o.base, j);
      // A member whose only terminal is its own base is found through byBase (see near()).
      if (o.terminals.length === 1 && o.terminals[0] === o.base) return;
      for (const t of o.terminals) push(this.byTerminal, t, j);
    });
  }

  /** Calls `fn` on members with q's base or sharing a terminal with q (repeats possible) until it returns true. */
  private someNear(oq: Origin, fn: (j: number) => boolean): boolean {
    const own = this.byBase.get(oq.base);
    if (own) for (const j of own) if (fn(j)) return true;
    for (const t of oq.terminals) {
      const shared = this.byTerminal.get(t);
      if (shared) for (const j of shared) if (fn(j)) return true;
      const trivial = t !== oq.base ? this.byBase.get(t) : undefined;
      if (trivial) for (const j of trivial) if (fn(j)) return true;
    }
    return false;
  }

  /** (X3) */
  sameAllocations(q: Value): { same: number[]; unknown: boolean } {
    const oq = this.analysis.origin(q);
    const near: number[] = [];
    this.someNear(oq, (j) => {
      near.push(j);
      return false;
    });
    const same: number[] = [];
    let unknown = false;
    const nearPerClass = [0, 0, 0];
    for (const j of near.length > 1 ? [...new Set(near)].sort((a, b) => a - b) : near) {
      const oj = this.origins[j]!;
      nearPerClass[oj.cls]!++;
      const r = sameOrigin(oj, oq);
      if (r === true) same.push(j);
      else if (r === undefined) unknown = true;
    }
    for (let c = 0; c < 3 && !unknown; c++) {
      if (!distinctClasses(oq.cls, c) && this.byClass[c]!.length > nearPerClass[c]!) unknown = true;
    }
    return { same, unknown };
  }

  /** (X2) Whether `q` may be the same allocation as some member other than `skip`. */
  mayAlias(q: Value, skip = -1): boolean {
    const oq = this.analysis.origin(q);
    const hit = (j: number) => j !== skip && !this.analysis.distinctAllocAndBlockArgument(this.values[j]!, q);
    // (O1)(O3) the same base (whose terminal set may be empty, e.g. an argument of an
    // unreachable block) or a shared terminal.
    if (this.someNear(oq, hit)) return true;
    const classes = oq.cls === OriginClass.AllFresh ? [OriginClass.Other]
      : oq.cls === OriginClass.Distinctive ? [OriginClass.Distinctive, OriginClass.Other]
        : [OriginClass.AllFresh, OriginClass.Distinctive, OriginClass.Other];
    for (const c of classes) for (const j of this.byClass[c]!) if (hit(j)) return true;
    return false;
  }
}

function push<K>(m: Map<K, number[]>, k: K, j: number): void {
  const l = m.get(k);
  if (l) l.push(j);
  else m.set(k, [j]);
}
