/**
 * Builds the inclusion constraints of one function for the points-to analysis (the clauses
 * (O1)–(C13) are stated in points-to.ts and cited here). Constraints are small closures over
 * a `Ctx` that reads and grows the solver's states, so the same code serves the solve and,
 * with the final states, the escape report. Everything is derived from op interfaces
 * (memory effects, memory-source steps, views, branches, region branches, calls) except
 * inline assembly, whose body no interface describes (C12).
 */
import { SymbolRefAttr, type MemoryEffect, type Operation, type Region, type SymbolTableCollection, type Type, type Value } from '@lifeline/ir';
import { isAllocation } from './escape-analysis.js';
import {
  FunctionNames, MemObject, bodyArguments, mayContainAddresses, isInlineAsm, allocatingOperands, isOpaqueAsm, reassignedOperands, resolveCallee, returnsFromFunction, uncapturedOperands,
  type DirectFlow, type EscapeReason, type FunctionSummary,
} from './points-to-model.js';

export type Objs = ReadonlySet<MemObject>;
const EMPTY: Objs = new Set();

/** What a constraint may do: read (recording the dependency) and grow states. */
export interface Ctx {
  pts(v: Value): Objs;
  contents(o: MemObject): Objs;
  /** Objects reachable from `from` through contents, `from` included. */
  reach(from: Iterable<MemObject>): Set<MemObject>;
  addPts(v: Value, objs: Iterable<MemObject>): void;
  /** contents(c) ⊇ objs, written by `op` (remembered for messages and summaries). */
  addContents(c: MemObject, objs: Iterable<MemObject>, op: Operation): void;
}

export type Constraint = (c: Ctx) => void;

/** A use that lets what a value reaches escape (E1), (E3)–(E5). */
export interface Root {
  kind: EscapeReason['kind'];
  op: Operation;
  values: readonly Value[];
  /** For `captured`: the callee and argument index. */
  note?: string;
}

export interface BuiltFunction {
  fn: Operation;
  names: FunctionNames;
  objects: MemObject[];
  unknown: MemObject;
  params: (MemObject | undefined)[];
  /** (O2) Per parameter, the caller's memory its object reaches (`param %argN (inner)`). */
  inners: (MemObject | undefined)[];
  /** (C1') Per allocation object, the inner memory its op allocates (`alloc %mem (inner)`). */
  innerOf: Map<MemObject, MemObject>;
  objectOf: Map<Value | Operation, MemObject>;
  constraints: Constraint[];
  roots: Root[];
  /** Ops that return from the function (E1). */
  returns: Operation[];
  /** Copy edges dst ← srcs, for "merged with … at …" (E6). */
  copyIn: Map<Value, Value[]>;
  opaque: boolean;
  /** Why the function is opaque (first reason), for the report. */
  opaqueWhy?: string;
  /** The op that made it opaque: inline assembly, a call it cannot see, or a call to an opaque callee. */
  opaqueAt?: Operation;
}

export interface BuildOptions {
  holdsAddress: (t: Type) => boolean;
  /** (C1') Whether an allocation of this type holds addresses of memory the allocating op also allocates. */
  innerAddresses?: (t: Type) => boolean;
  symbols: SymbolTableCollection;
  /** The current summary of a callee with a body; undefined: no body / unresolved (C11). */
  summaryOf: (callee: Operation) => FunctionSummary | undefined;
}

const MEMORY_RESOURCES = new Set([undefined, 'Memory', 'Stack']);

/** (C2) The value a result is derived from (same object), if its op says so. */
function derivedSource(op: Operation, r: Value): Value | undefined {
  const step = op.def?.spec.memorySource?.step(op, r);
  switch (step?.kind) {
    case 'convert': case 'address': case 'box': case 'declare': return step.source;
  }
  return op.def?.spec.viewLike?.source(op);
}

export function buildFunction(fn: Operation, opts: BuildOptions): BuiltFunction {
  const holds = (v: Value): boolean => opts.holdsAddress(v.type);
  const names = new FunctionNames(fn);
  const objects: MemObject[] = [];
  const objectOf = new Map<Value | Operation, MemObject>();
  const innerObjectOf = new Map<MemObject, MemObject>();
  const constraints: Constraint[] = [];
  const roots: Root[] = [];
  const returns: Operation[] = [];
  const copyIn = new Map<Value, Value[]>();
  let opaque = false;
  let opaqueWhy: string | undefined;
  let opaqueAt: Operation | undefined;
  const markOpaque = (why: string, at: Operation): void => {
    if (!opaque) [opaqueWhy, opaqueAt] = [why, at];
    opaque = true;
  };
  const newObject = (kind: MemObject['kind'], value: Value | undefined, op: Operation | undefined): MemObject => {
    const o = new MemObject(kind, value, op, objects.length, names);
    objects.push(o);
    if (value) objectOf.set(value, o);
    if (kind === 'call') objectOf.set(op!, o);
    else if (op && !objectOf.has(op)) objectOf.set(op, o);
    return o;
  };

  // (O1)(O2) Parameters first: the caller's data structure reachable from each argument.
  const args = bodyArguments(fn) ?? [];
  const params: (MemObject | undefined)[] = [];
  const inners: (MemObject | undefined)[] = [];
  args.forEach((a, i) => {
    if (!holds(a)) {
      params.push(undefined);
      inners.push(undefined);
      return;
    }
    const p = newObject('param', a, undefined);
    constraints.push((c) => c.addPts(args[i]!, [p]));
    params.push(p);
    // (O2) what it reaches, when its type can hold an address (not found by value: the
    // argument addresses its own object only)
    if (!mayContainAddresses(a.type, opts.holdsAddress)) {
      inners.push(undefined);
      return;
    }
    const q = new MemObject('param', a, undefined, objects.length, names, true);
    objects.push(q);
    inners.push(q);
  });

  const unknownObj = new MemObject('unknown', undefined, undefined, -1, names);
  const unknownValues: Value[] = [];
  const copy = (dst: Value, src: Value): void => {
    if (!holds(dst) || !holds(src)) return;
    const list = copyIn.get(dst);
    if (list) list.push(src);
    else copyIn.set(dst, [src]);
    constraints.push((c) => c.addPts(dst, c.pts(src)));
  };
  const toUnknown = (v: Value): void => {
    if (holds(v)) unknownValues.push(v);
  };
  const addrOperands = (op: Operation): Value[] => op.operands.map((o) => o.value).filter(holds);

  /** (C8) Block arguments a branch forwards to. */
  const branchForwarding = (op: Operation, fwd: Set<Value>): void => {
    const br = op.def?.spec.branch;
    if (!br) return;
    op.successors.forEach((succ, i) => {
      const vals = br.successorOperands(op, i);
      const start = succ.arguments.length - vals.length;
      vals.forEach((v, j) => {
        fwd.add(v);
        const arg = succ.arguments[start + j];
        if (arg) copy(arg, v);
      });
    });
  };

  /** (C8) What a region-branch terminator forwards to its parent's results / sibling regions. */
  const terminatorForwarding = (op: Operation, fwd: Set<Value>): void => {
    const t = op.def?.spec.regionBranchTerminator;
    const parent = op.parentOp;
    const rb = parent?.def?.spec.regionBranch;
    if (!t || !parent || !rb || !op.parentRegion) return;
    for (const s of rb.successors(parent, op.parentRegion)) {
      const vals = t.forwardedOperands(op, s.target);
      vals.forEach((v, j) => {
        fwd.add(v);
        if (s.inputs[j]) copy(s.inputs[j]!, v);
      });
    }
  };

  /** (C8) Operands a region op forwards into its regions on entry. */
  const entryForwarding = (op: Operation, fwd: Set<Value>): void => {
    const rb = op.def?.spec.regionBranch;
    if (!rb) return;
    for (const s of rb.successors(op, 'parent')) {
      const vals = rb.entryOperands(op, s.target);
      vals.forEach((v, j) => {
        fwd.add(v);
        if (s.inputs[j]) copy(s.inputs[j]!, v);
      });
    }
  };

  /** (C10)(C11) A call: the callee's summary, or the worst case. */
  const call = (op: Operation): void => {
    const callee = resolveCallee(op, opts.symbols);
    const summary = callee ? opts.summaryOf(callee) : undefined;
    const cargs = op.def!.spec.call!.args(op);
    if (!summary) {
      markOpaque(`calls ${callee ? 'a function without a body' : 'an unresolved callee'} (${op.name})`, op);
      const vals = cargs.filter(holds);
      if (vals.length) roots.push({ kind: 'unknown-use', op, values: vals, note: 'passed to a call the analysis cannot see' });
      op.results.forEach(toUnknown);
      return;
    }
    if (summary.opaque) markOpaque(`calls ${callee!.getAttr('sym_name')?.toString() ?? op.name}, which is opaque`, op);
    const handsBack = summary.results.some((r) => r.fresh) || summary.paramContents.some((p) => p.fresh);
    const obj = handsBack ? newObject('call', undefined, op) : undefined;
    summary.params.forEach((p, i) => {
      if (p.captured && cargs[i] && holds(cargs[i]!)) {
        roots.push({ kind: 'captured', op, values: [cargs[i]!], note: `argument ${i}` });
      }
    });
    const results = op.results;
    constraints.push((c) => {
      const reachOf: (Set<MemObject> | undefined)[] = [];
      const innerOf: (Set<MemObject> | undefined)[] = [];
      const argPts = (k: number): Objs => {
        const a = cargs[k];
        return a && holds(a) ? c.pts(a) : EMPTY;
      };
      const argReach = (k: number): Set<MemObject> => (reachOf[k] ??= c.reach(argPts(k)));
      // what the argument's objects reach through at least one address (their own objects
      // only when the structure leads back to them)
      const argInner = (k: number): Set<MemObject> => {
        if (innerOf[k]) return innerOf[k]!;
        const first: MemObject[] = [];
        for (const o of argPts(k)) for (const x of c.contents(o)) first.push(x);
        return (innerOf[k] = c.reach(first));
      };
      // (S6): a callee's own view of argument k is its object (`roots`) apart from what it reaches (`inner`)
      const gather = (s: DirectFlow, into: Set<MemObject>): Set<MemObject> => {
        if (s.fresh && obj) into.add(obj);
        for (const k of s.roots) for (const o of argPts(k)) into.add(o);
        for (const k of s.inner) for (const o of argInner(k)) into.add(o);
        if (s.unknown) into.add(unknownObj);
        return into;
      };
      const direct = summary.direct;
      direct.results.forEach((r, j) => {
        const res = results[j];
        if (!res || !holds(res)) return;
        c.addPts(res, gather(r, new Set()));
      });
      direct.paramContents.forEach((pc, i) => {
        if (!pc.fresh && !pc.roots.length && !pc.inner.length && !pc.unknown) return;
        const stored = gather(pc, new Set());
        for (const container of argReach(i)) c.addContents(container, stored, op);
      });
      if (obj) c.addContents(obj, gather(direct.freshContents, new Set()), op);
    });
  };

  /**
   * (C12) Inline assembly: what it can name escapes; what it yields is unknown. A local it
   * only reads and writes through (`no_capture`: it keeps no address of it) is read like any
   * op's operand, and its slot keeps what it held; so is one it only walks through its own
   * object and nobody reads afterwards (`reassigns`).
   */
  const inlineAsm = (op: Operation): void => {
    if (isOpaqueAsm(op)) {
      const what = !op.getAttr('memory_safe') ? 'is not memory-safe' : op.getAttr('layout_seen') ? 'lets the program see where memory lies' : 'lets the program see the free pointer';
      markOpaque(`inline assembly that ${what}`, op);
    }
    const kept = [...uncapturedOperands(op), ...reassignedOperands(op), ...allocatingOperands(op)];
    const used = new Set<Value>(addrOperands(op).filter((v) => !op.operands.some((o, i) => o.value === v && kept.includes(i))));
    // (C12') the memory it allocates by moving the free pointer: one object, like a call's
    // fresh result, that the locals it points there hold
    const allocating = allocatingOperands(op).map((i) => op.operand(i));
    if (allocating.length) {
      const made = newObject('call', undefined, op);
      constraints.push((c) => {
        for (const slot of allocating) for (const s of c.pts(slot)) c.addContents(s, [made], op);
      });
    }
    op.walk((inner) => {
      if (inner === op) return;
      for (const o of inner.operands) if (holds(o.value) && !isInside(o.value, op)) used.add(o.value);
    });
    if (used.size) roots.push({ kind: 'inline-asm', op, values: [...used] });
    op.results.forEach(toUnknown);
  };

  /** (C13') A region op no interface describes: its regions' arguments and its results are unknown. */
  const opaqueRegions = (op: Operation): void => {
    for (const r of op.regions) for (const b of r.blocks) b.arguments.forEach(toUnknown);
    for (const r of op.regions) {
      for (const b of r.blocks) {
        const t = b.terminator;
        if (t && t.def?.has('ReturnLike')) for (const v of t.operandValues()) for (const res of op.results) copy(res, v);
      }
    }
    const ins = addrOperands(op);
    for (const res of op.results) for (const v of ins) copy(res, v);
    op.results.forEach(toUnknown);
  };

  const handle = (op: Operation): boolean => {
    const spec = op.def?.spec;
    if (isInlineAsm(op)) {
      inlineAsm(op);
      return false;
    }
    if (op.def?.has('FunctionLike')) return false;
    if (returnsFromFunction(op, fn)) {
      returns.push(op);
      return true;
    }
    if (spec?.call) {
      call(op);
      return true;
    }
    const fwd = new Set<Value>();
    branchForwarding(op, fwd);
    terminatorForwarding(op, fwd);
    entryForwarding(op, fwd);
    if (op.regions.length && !spec?.regionBranch) opaqueRegions(op);
    const effects = spec?.memoryEffects?.(op);
    if (!effects) {
      if (op.def?.has('RecursiveMemoryEffects')) return true; // (C13)
      if (spec?.branch || spec?.regionBranchTerminator) return true; // forwarding only
      // (C11) No memory-effect information.
      const vals = addrOperands(op).filter((v) => !fwd.has(v));
      if (vals.length) roots.push({ kind: 'unknown-use', op, values: vals });
      if (!spec?.regionBranch) op.results.forEach(toUnknown);
      return true;
    }
    results(op, effects);
    stores(op, effects, fwd);
    return true;
  };

  /** (C1)–(C4), (C7), (C9): what each result addresses. */
  const results = (op: Operation, effects: readonly MemoryEffect[]): void => {
    if (op.def?.spec.regionBranch) return; // (C8): forwarded
    const spec = op.def!.spec;
    for (const r of op.results) {
      if (isAllocation(r)) { // (C1)
        const stack = effects.some((e) => e.kind === 'allocate' && e.value === r && e.resource === 'Stack');
        const o = newObject(stack ? 'slot' : 'alloc', r, op);
        if (holds(r)) constraints.push((c) => c.addPts(r, [o]));
        // (C1') the op's own inner allocations (zero elements, decoded or copied nested data)
        // are one object of their own, `alloc %mem (inner)`, which the object holds and which
        // holds itself — unless the op makes none (an array literal, memory it does not zero:
        // its stores say what it holds). Kept apart from the object so that `out[k] = a[i]`
        // stores a's elements into out, not a (points-to.ts folds them for most clients)
        const source = op.def?.spec.memorySource?.step(op, r);
        const noInner = source?.kind === 'allocate' && source.noInnerMemory;
        if (!stack && !noInner && opts.innerAddresses?.(r.type)) {
          const q = new MemObject('alloc', r, op, objects.length, names, true);
          objects.push(q);
          innerObjectOf.set(o, q);
          constraints.push((c) => c.addContents(o, [q], op));
        }
        continue;
      }
      if (!holds(r)) continue;
      const step = spec.memorySource?.step(op, r);
      const src = derivedSource(op, r);
      if (src) { copy(r, src); continue; } // (C2)
      if (step?.kind === 'global') { toUnknown(r); continue; } // (C3)
      if (step?.kind === 'load') { // (C4)
        const m = step.memref;
        constraints.push((c) => { for (const o of c.pts(m)) c.addPts(r, c.contents(o)); });
        continue;
      }
      const ins = addrOperands(op);
      if (effects.length === 0) { // (C7)
        if (!ins.length && namesSymbol(op)) toUnknown(r);
        for (const v of ins) copy(r, v);
        continue;
      }
      // (C9) Read through value locations; join the other address operands.
      const reads = new Set(effects.filter((e) => e.kind === 'read' && e.value && holds(e.value)).map((e) => e.value!));
      for (const v of ins) if (!reads.has(v)) copy(r, v);
      for (const a of reads) constraints.push((c) => { for (const o of c.pts(a)) c.addPts(r, c.contents(o)); });
      if (effects.some((e) => e.kind === 'read' && !e.value && MEMORY_RESOURCES.has(e.resource))) toUnknown(r);
    }
  };

  /** (C5)(C6): stores of addresses into memory and copies of memory contents. */
  const stores = (op: Operation, effects: readonly MemoryEffect[], fwd: Set<Value>): void => {
    const locations = new Set(effects.filter((e) => e.value).map((e) => e.value!));
    const derived = new Set(op.results.map((r) => derivedSource(op, r)).filter((v): v is Value => !!v));
    const stored = addrOperands(op).filter((v) => !locations.has(v) && !fwd.has(v) && !derived.has(v));
    const writes = effects.filter((e) => e.kind === 'write' && e.value);
    if (stored.length) {
      const targets = writes.map((e) => e.value!);
      const intoUnknown = targets.some((t) => !holds(t))
        || (!targets.length && effects.some((e) => e.kind === 'write' && !e.value && MEMORY_RESOURCES.has(e.resource)));
      const tracked = targets.filter(holds);
      constraints.push((c) => {
        for (const v of stored) {
          const p = c.pts(v);
          for (const t of tracked) for (const o of c.pts(t)) c.addContents(o, p, op);
          if (intoUnknown) c.addContents(unknownObj, p, op);
        }
      });
    }
    // (C6) A write into existing memory that reads another location copies its contents.
    const own = (v: Value): boolean => v.definingOp === op && isAllocation(v);
    const dsts = writes.map((e) => e.value!).filter((v) => holds(v) && !own(v));
    const srcs = effects.filter((e) => e.kind === 'read' && e.value && holds(e.value)).map((e) => e.value!);
    for (const d of dsts) {
      for (const s of srcs) {
        if (s === d) continue;
        constraints.push((c) => {
          const got = new Set<MemObject>();
          for (const o of c.pts(s)) for (const x of c.contents(o)) got.add(x);
          for (const o of c.pts(d)) c.addContents(o, got, op);
        });
      }
    }
  };

  // (C8) Block arguments no branch or region branch feeds stay empty, unless the region
  // belongs to an op no interface describes (opaqueRegions).
  const walkRegion = (r: Region): void => {
    for (const b of r.blocks) {
      for (let op = b.first; op; op = op.next) if (handle(op)) for (const inner of op.regions) walkRegion(inner);
    }
  };

  const body = fn.def?.spec.callable ? fn.def.spec.callable.body(fn) : fn.regions[0];
  if (body) walkRegion(body);
  // `unknown` is listed last (O1).
  unknownObj.index = objects.length;
  objects.push(unknownObj);
  names.objects = objects;
  // (T2) Allocations and slots whose type holds no address get no contents.
  const flat = new Set(objects.filter((o) => (o.kind === 'alloc' || o.kind === 'slot') && !o.inner && !mayContainAddresses(o.value!.type, opts.holdsAddress)));
  if (flat.size) {
    let outer: Ctx | undefined;
    let wrapped: Ctx | undefined;
    const filter = (c: Ctx): Ctx => {
      if (c !== outer) {
        outer = c;
        wrapped = { ...c, addContents: (o, objs, op) => (flat.has(o) ? undefined : c.addContents(o, objs, op)) };
      }
      return wrapped!;
    };
    const inner = constraints.splice(0);
    for (const k of inner) constraints.push((c) => k(filter(c)));
  }
  for (const v of unknownValues) constraints.push((c) => c.addPts(v, [unknownObj]));
  return { fn, names, objects, unknown: unknownObj, params, inners, innerOf: innerObjectOf, objectOf, constraints, roots, returns, copyIn, opaque, opaqueWhy, opaqueAt };
}

/** (C7) An op that names a symbol (memref.get_global): its address is a global's. */
function namesSymbol(op: Operation): boolean {
  for (const [, a] of op.propertyEntries()) if (a instanceof SymbolRefAttr) return true;
  for (const [, a] of op.attributes) if (a instanceof SymbolRefAttr) return true;
  return false;
}

/** Whether `v` is defined inside `op` (a value of its regions). */
function isInside(v: Value, op: Operation): boolean {
  const r = v.parentRegion;
  const p = r?.parentOp;
  return !!p && (p === op || op.isAncestorOf(p));
}
