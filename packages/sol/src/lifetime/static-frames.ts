/**
 * Static frames and free-pointer elision (issue 7; packages/sol/LIFETIME.md, "Static frames").
 * In a contract whose every allocation has a static size and dies in the function that made
 * it, no allocation needs the free pointer: each allocation site gets a constant address
 * (`offset`, the absolute address) in a frame laid out by liveness, callee frames sit above
 * the caller's live allocations. What solc writes at the free pointer without allocating
 * (allocate_unbounded: ABI return / revert / event encodings, sha256 and mapping-key scratch)
 * is written at the running function's frame top (`frame_top`, a constant), so neither the
 * allocations nor anything else reads or writes 0x40: the free pointer is elided.
 *
 * solc's StackLimitEvader may move stack variables into [G, G + k) for `memoryguard(G)` and
 * then replaces every `memoryguard(G)` by G + k (all calls must have the same literal). So
 * frames are addressed from the guard: the Yul emitter writes the allocation at `offset` as
 * `add(memoryguard(128), offset - 0x80)` and a function's scratch at
 * `add(memoryguard(128), frame_top - 0x80)` — constants when the evader does not run,
 * everything moved up by k when it does, so its promise (the code uses [0, G) and the range
 * from memoryguard's result) holds. (Measured: constant addresses without memoryguard make
 * solc's optimizer much weaker — FixedArrayHelper +40% gas — and one scratch address above
 * the largest frame of the contract puts every entry's encodings above it —
 * HashLoop.packedHash at 1.7x its live-bytes bound.) A per-function frame top keeps an entry's
 * peak memory its own frames plus its encodings.
 *
 * Qualification, per sol.contract, all or nothing:
 *  (Q1) every sol.call resolves to a sol.func of the contract, there is no call through a
 *       function pointer (sol.call_indirect / sol.func_ref) and no inline assembly, and the
 *       call graph is acyclic (one frame per function, so no two activations of a function
 *       can be live at once);
 *  (Q2) no function is `opaque` (points-to (S5): nothing may read or move 0x40 behind us);
 *  (Q3) every allocation object (points-to `alloc`) has a static footprint
 *       (static-sizes.ts), and no call site hands back callee memory (no `call` object);
 *  (Q4) every allocation object is local to its function: escape(o) is empty (not returned
 *       to an internal caller, not stored into memory that outlives the function, not
 *       captured) — returning it from an entry function is a read by the ABI encoder (E1');
 *  (Q5) no dispatched function (selector, constructor, fallback, receive) has memory
 *       parameters: the dispatcher would allocate for them;
 *  (Q6) no allocation site can have two instances live at once: its object is not live just
 *       before its own allocating op (ObjectLiveness), e.g. not carried across a loop
 *       iteration into the next allocation at the same site.
 * A contract with no allocation at all is left alone (nothing to place).
 *
 * Layout:
 *  (L1) Per function, sites A and B interfere when one is live just before the other's
 *       allocating op (two objects live at one point P: the later-allocated one was made at
 *       a point where the other one was already live). Sites get the lowest offset (from the
 *       function's base) that overlaps no interfering site placed before them, in program
 *       order; the frame's size is the largest end.
 *  (L2) base(entry) = 0x80 for dispatched functions; base(callee) = max over call sites of
 *       base(caller) + the top of the caller's sites live just before the call; callers are
 *       placed before callees (topological order of the acyclic call graph).
 *  (L4) top(f) = base(f) + frame size of f: while f's own code runs, every live allocation
 *       (f's and its callers') is below it, so encodings that end the call or are read at
 *       once (returns, reverts, events, hashing scratch) may be written there.
 *  (L3) Re-zeroing: a zero_init allocation is always zeroed explicitly at its address (as
 *       solc zeroes every fresh allocation), so memory another site used before reads as
 *       zero; other allocations write every byte before it is read, as they do at the free
 *       pointer (which may point at released memory too).
 * In a placed contract the release placement (releases.ts) does not run: there is no free
 * pointer traffic to release.
 */
import { IntegerAttr, IntegerType, SymbolRefAttr, UnitAttr, type FunctionType, type Operation, type StringAttr, type TypeAttr } from '@lifeline/ir';
import type { FunctionPointsTo, MemObject, ProgramPointsTo } from '@lifeline/analyses';
import { dataLocation } from '../sol-types.js';
import { ObjectLiveness } from './object-liveness.js';
import { staticFootprint } from './static-sizes.js';

const i64 = IntegerType.get(64);
/** Where the first frame starts: after scratch space, the free pointer and the zero slot. */
export const FRAME_START = 0x80;

const symbolOf = (fn: Operation) => (fn.getAttr('sym_name') as StringAttr | undefined)?.value ?? '?';

/** One allocation site of a placed function. */
export interface StaticSite {
  object: MemObject;
  op: Operation;
  /** Bytes of the allocation. */
  size: number;
  /** Bytes from its address the op may write (an encoder's last whole-word store may pass its end). */
  reach: number;
  /** Offset from the function's base. */
  rel: number;
}

export interface StaticContract {
  contract: Operation;
  /** The absolute address of every allocating op of the contract. */
  addresses: Map<Operation, number>;
  /** The top of every frame. */
  top: number;
  /** Per function: the end of its own frame (L4), where its scratch encodings go. */
  tops: Map<Operation, number>;
}

export interface StaticFramesResult {
  placed: StaticContract[];
  /** Contracts that do not qualify, and the first clause they fail. */
  rejected: Map<Operation, string>;
}

const isDispatched = (fn: Operation) => {
  const kind = (fn.getAttr('kind') as StringAttr | undefined)?.value;
  return !!fn.getAttr('selector') || (!!kind && ['constructor', 'fallback', 'receive'].includes(kind));
};

/** The contract's functions and, per function, its direct callees (one entry per call op). */
interface CallGraph {
  fns: Operation[];
  calls: Map<Operation, { op: Operation; callee: Operation }[]>;
}

/** (Q1) The call graph, or the reason it does not qualify. */
function callGraph(contract: Operation): CallGraph | string {
  const fns = contract.regions[0]!.blocks[0]!.opList().filter((o) => o.name === 'sol.func');
  const bySym = new Map(fns.map((f) => [symbolOf(f), f]));
  const calls = new Map<Operation, { op: Operation; callee: Operation }[]>();
  for (const f of fns) {
    const list: { op: Operation; callee: Operation }[] = [];
    let bad: string | undefined;
    f.walk((op) => {
      if (bad) return 'skip';
      if (op.name === 'sol.inline_asm') bad = '(Q1) inline assembly';
      else if (op.name === 'sol.call_indirect' || op.name === 'sol.func_ref') bad = '(Q1) a call through a function pointer';
      else if (op.def?.spec.call) {
        const sym = op.def.spec.call.callee(op);
        const callee = sym instanceof SymbolRefAttr ? bySym.get(sym.root) : undefined;
        if (!callee) bad = `(Q1) a call that does not resolve to a function of the contract (${op.name})`;
        else list.push({ op, callee });
      }
      return undefined;
    });
    if (bad) return bad;
    calls.set(f, list);
  }
  return { fns, calls };
}

/** Callers before callees, or undefined when the graph has a cycle (Q1). */
function topological(g: CallGraph): Operation[] | undefined {
  const state = new Map<Operation, 'open' | 'done'>();
  const post: Operation[] = [];
  const visit = (f: Operation): boolean => {
    const s = state.get(f);
    if (s === 'done') return true;
    if (s === 'open') return false;
    state.set(f, 'open');
    for (const c of g.calls.get(f)!) if (!visit(c.callee)) return false;
    state.set(f, 'done');
    post.push(f);
    return true;
  };
  for (const f of g.fns) if (!visit(f)) return undefined;
  return post.reverse();
}

/** (Q2)–(Q6) for one function: its sites in program order, or the reason it fails. */
function sitesOf(fn: Operation, pt: FunctionPointsTo, program: ProgramPointsTo, liveness: ObjectLiveness): StaticSite[] | string {
  const name = symbolOf(fn);
  if (program.summary(fn).opaque) return `(Q2) ${name} is opaque: ${pt.opaqueWhy ?? ''}`;
  if (isDispatched(fn)) {
    const inputs = ((fn.getAttr('function_type') as TypeAttr).value as FunctionType).inputs;
    if (inputs.some((t) => dataLocation(t) === 'Memory')) return `(Q5) ${name} takes memory parameters`;
  }
  const sites: StaticSite[] = [];
  for (const o of pt.objects()) {
    if (o.kind === 'call') return `(Q3) ${name}: ${o.toString()} hands back callee memory`;
    if (o.kind !== 'alloc') continue;
    const op = o.value?.definingOp ?? o.op!;
    const fp = staticFootprint(op);
    if (fp === undefined) return `(Q3) ${name}: ${op.name} has no static size`;
    const why = pt.escape(o);
    if (why.length) return `(Q4) ${name}: ${why[0]!.message}`;
    if (liveness.before(op).live.has(o)) return `(Q6) ${name}: two instances of ${op.name} may be live at once`;
    sites.push({ object: o, op, size: fp.size, reach: fp.reach, rel: 0 });
  }
  // program order
  const order = new Map<Operation, number>();
  fn.walk((op) => void order.set(op, order.size));
  sites.sort((a, b) => order.get(a.op)! - order.get(b.op)!);
  return sites;
}

/** (L1) Places `sites` by interference; returns the frame size. */
function pack(sites: StaticSite[], liveness: ObjectLiveness): number {
  const live = new Map(sites.map((s) => [s, liveness.before(s.op).live]));
  const interfere = (a: StaticSite, b: StaticSite) => live.get(a)!.has(b.object) || live.get(b)!.has(a.object);
  let frame = 0;
  sites.forEach((s, i) => {
    const taken = sites.slice(0, i).filter((p) => interfere(p, s));
    // neither may write into the other: each one's reach stays off the other's allocation
    const apart = (a0: number, a1: number, b0: number, b1: number) => a1 <= b0 || b1 <= a0;
    const free = (at: number) => taken.every((p) => apart(at, at + s.reach, p.rel, p.rel + p.size) && apart(p.rel, p.rel + p.reach, at, at + s.size));
    const at = [0, ...taken.flatMap((p) => [p.rel + p.size, p.rel + p.reach])].sort((a, b) => a - b).find(free)!;
    s.rel = at;
    frame = Math.max(frame, at + s.size);
  });
  return frame;
}

/** Qualifies and lays out one contract (see the header). */
function placeContract(contract: Operation, program: ProgramPointsTo): StaticContract | string {
  const g = callGraph(contract);
  if (typeof g === 'string') return g;
  const order = topological(g);
  if (!order) return '(Q1) recursion: the call graph has a cycle';
  const sites = new Map<Operation, StaticSite[]>();
  const frames = new Map<Operation, number>();
  const liveness = new Map<Operation, ObjectLiveness>();
  // callees first: a callee's own reason (it returns its memory) reads better than its caller's
  for (const f of [...order].reverse()) {
    const pt = program.function(f);
    const lv = new ObjectLiveness(f, pt);
    const s = sitesOf(f, pt, program, lv);
    if (typeof s === 'string') return s;
    sites.set(f, s);
    liveness.set(f, lv);
    frames.set(f, pack(s, lv));
  }
  if (![...sites.values()].some((s) => s.length)) return 'no allocation';
  // (L2)
  const base = new Map<Operation, number>();
  for (const f of order) if (isDispatched(f)) base.set(f, FRAME_START);
  for (const f of order) {
    const b = base.get(f) ?? FRAME_START; // never called nor dispatched: never runs
    base.set(f, b);
    for (const c of g.calls.get(f)!) {
      const { live } = liveness.get(f)!.before(c.op);
      const top = Math.max(0, ...sites.get(f)!.filter((s) => live.has(s.object)).map((s) => s.rel + s.size));
      base.set(c.callee, Math.max(base.get(c.callee) ?? 0, b + top));
    }
  }
  const addresses = new Map<Operation, number>();
  let top = FRAME_START;
  for (const f of order) {
    for (const s of sites.get(f)!) addresses.set(s.op, base.get(f)! + s.rel);
    top = Math.max(top, base.get(f)! + frames.get(f)!);
  }
  // (L4) each function's frame top: above everything live while its own code runs
  const tops = new Map<Operation, number>(order.map((f) => [f, base.get(f)! + frames.get(f)!]));
  return { contract, addresses, top, tops };
}

/**
 * Places every qualifying contract of `module`: sets `offset` (absolute address) on each of
 * its allocating ops, `frame_top` on each function and `static_frames` on the contract. `program` must describe the module as
 * it is now.
 */
export function placeStaticFrames(module: Operation, program: ProgramPointsTo): StaticFramesResult {
  const result: StaticFramesResult = { placed: [], rejected: new Map() };
  module.walk((op) => {
    if (op.name !== 'sol.contract') return undefined;
    const r = placeContract(op, program);
    if (typeof r === 'string') result.rejected.set(op, r);
    else {
      for (const [a, addr] of r.addresses) a.setAttr('offset', new IntegerAttr(addr, i64));
      for (const [f, top] of r.tops) f.setAttr('frame_top', new IntegerAttr(top, i64));
      op.setAttr('static_frames', UnitAttr.instance);
      result.placed.push(r);
    }
    return 'skip';
  });
  return result;
}

