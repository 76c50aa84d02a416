/**
 * The lifetime pipeline (issue 7, see packages/sol/LIFETIME.md): frees memory whose
 * allocations are dead by releasing the free pointer to marks, compacting flat survivors.
 * `applyLifetime` transforms a lowered sol module in place and says what it did.
 */
import { SymbolTableCollection, type IntegerAttr, type Operation } from '@lifeline/ir';
import { ProgramPointsTo, isAllocation, opDesc, resolveCallee, type MemObject } from '@lifeline/analyses';
import { holdsAddress, holdsInnerAddresses } from '../sol-types.js';
import { hasUnsafeAsm } from '../sol-ops-control.js';
import { removeDeadAllocations } from './dead-allocations.js';
import { copyTableEntriesOnRead } from './literal-tables.js';
import { buildInPlace } from './in-place.js';
import { FunctionReleases, type ReleaseNotes } from './releases.js';
import { shareZeroElements, typesWrittenInPlace } from './shared-zero.js';
import { placeStaticFrames, type StaticFramesResult } from './static-frames.js';
import { functionsNamedBy } from './program-points.js';
import { UnboundedRuns } from './unbounded-runs.js';

/** One allocation of the program and what the pipeline decided about it. */
export interface LifetimeEntry {
  /** The allocating op (sol.malloc, sol.encode, a call returning fresh memory, …). */
  op: Operation;
  /** The enclosing sol.func's symbol. */
  func: string;
  /** `local` or `escapes`. */
  verdict: 'local' | 'escapes';
  /** Why it escapes (empty when local). */
  reasons: string[];
  /** How its memory is given back (empty: never, as solc). */
  released: string[];
}

export interface LifetimeResult {
  entries: LifetimeEntry[];
  /** Contracts laid out in static frames (free pointer elided), and why the others were not. */
  staticFrames: StaticFramesResult;
}

const symbolOf = (fn: Operation) => (fn.getAttr('sym_name') as { value?: string } | undefined)?.value ?? '?';

function functionsOf(module: Operation): Operation[] {
  const fns: Operation[] = [];
  module.walk((op) => {
    if (!op.def?.has('FunctionLike')) return undefined;
    fns.push(op);
    return 'skip';
  });
  return fns;
}

/**
 * The functions `fn` may call: directly, through others, through function pointers it takes,
 * and — when one of them calls through a pointer it did not take itself — every function
 * whose address is taken anywhere (`addressTaken`).
 */
function reachableFrom(fn: Operation, addressTaken: readonly Operation[], symbols: SymbolTableCollection): Set<Operation> {
  const seen = new Set<Operation>([fn]);
  const work = [fn];
  const visit = (g: Operation) => {
    if (seen.has(g)) return;
    seen.add(g);
    work.push(g);
  };
  while (work.length) {
    const f = work.pop()!;
    f.walk((op) => {
      const named = functionsNamedBy(op, symbols);
      for (const g of named) visit(g);
      if (op.def?.spec.call && !named.length) for (const g of addressTaken) visit(g); // an indirect call
    });
  }
  return seen;
}

/** Functions named by an op that does not call them (a function pointer is taken). */
function addressTakenFunctions(fns: Operation[], symbols: SymbolTableCollection): Operation[] {
  const out = new Set<Operation>();
  for (const f of fns) {
    f.walk((op) => {
      if (op.def?.spec.call) return;
      for (const g of functionsNamedBy(op, symbols)) out.add(g);
    });
  }
  return [...out];
}

/**
 * Where the free pointer can flow into the program's results, nothing is released: every
 * function a function with inline assembly that lets the program see the free pointer (or is
 * not memory-safe: points-to.ts (C12)) may call — releasing memory there changes the free
 * pointer the assembly sees afterwards — and, since `opaque` summaries propagate to callers,
 * every function that may run before such assembly in the same call. Each is mapped to the
 * report's reason, which names the assembly (or the call the analysis cannot see).
 */
function untouchable(fns: Operation[], program: ProgramPointsTo, symbols: SymbolTableCollection): Map<Operation, string> {
  const out = new Map<Operation, string>();
  const taken = addressTakenFunctions(fns, symbols);
  for (const fn of fns) {
    if (!program.summary(fn).opaque) continue;
    const why = `kept: ${opaqueCause(fn, program, symbols)} — memory stays as solc lays it out`;
    for (const g of reachableFrom(fn, taken, symbols)) if (!out.has(g)) out.set(g, why);
  }
  // assembly that keeps the free pointer's value to itself (`fp_hidden`) may see it anywhere,
  // so its callers are transformed; its own function is left as written
  for (const fn of fns) if (!out.has(fn) && touchesFreePointer(fn)) out.set(fn, 'kept: its own inline assembly reads or writes 0x40 (its callers are transformed)');
  return out;
}

/** Whether `fn` holds inline assembly that reads or writes 0x40. */
function touchesFreePointer(fn: Operation): boolean {
  let found = false;
  fn.walk((op) => {
    if (op.name === 'sol.inline_asm' && op.getAttr('free_ptr')) found = true;
  });
  return found;
}

/** What makes `fn` opaque, followed through opaque callees: "inline assembly … at loc(…) in f". */
function opaqueCause(fn: Operation, program: ProgramPointsTo, symbols: SymbolTableCollection): string {
  const seen = new Set<Operation>();
  let at: Operation | undefined;
  for (let f: Operation | undefined = fn; f && !seen.has(f); ) {
    seen.add(f);
    at = program.function(f).opaqueAt;
    if (!at) return program.function(f).opaqueWhy ?? 'an opaque callee';
    const callee: Operation | undefined = at.def?.spec.call ? resolveCallee(at, symbols) : undefined;
    if (!callee || !program.summary(callee).opaque) return `${program.function(f).opaqueWhy} (${opDesc(at)} in ${symbolOf(f)})`;
    f = callee;
  }
  return program.function(fn).opaqueWhy ?? 'an opaque callee';
}

/**
 * Where loops get traced releases (releases.ts (I*)): in every loop no plan of kept slots
 * covers (`all`), only in persistent updates (`persistent`, the default: elsewhere the walks
 * cost more gas than the memory they give back on most shapes, LIFETIME.md 2*), or nowhere.
 */
export type TracedReleases = 'all' | 'persistent' | 'none';

export interface LifetimeOptions {
  traced?: TracedReleases;
}

/** Runs the lifetime passes on `module` (a builtin.module holding sol.contract ops). */
export function applyLifetime(module: Operation, options: LifetimeOptions = {}): LifetimeResult {
  const entries: LifetimeEntry[] = [];
  const analyse = () => new ProgramPointsTo(module, { holdsAddress, innerAddresses: holdsInnerAddresses });
  const before = analyse();
  const symbols = new SymbolTableCollection();
  const skip = untouchable(functionsOf(module), before, symbols);
  let changed = false;
  // in-place building defers to zero elements shared by type (they cost less), so it asks first
  const writtenBefore = typesWrittenInPlace(before);
  for (const fn of functionsOf(module)) {
    if (skip.has(fn)) continue;
    for (const op of copyTableEntriesOnRead(fn, before.function(fn))) {
      changed = true;
      entries.push({ op, func: symbolOf(fn), verdict: 'local', reasons: [], released: ['a table of string literals read an entry at a time: each read copies only its entry'] });
    }
    for (const op of buildInPlace(fn, before.function(fn), before, symbols, writtenBefore)) {
      changed = true;
      entries.push({ op, func: symbolOf(fn), verdict: 'local', reasons: [], released: ['built in place: its fields are written into the zero element its store displaces'] });
    }
    const dead = removeDeadAllocations(fn, isAllocation);
    changed ||= dead.changed;
    for (const op of dead.removed) {
      entries.push({ op, func: symbolOf(fn), verdict: 'local', reasons: [], released: ['removed: its memory is never read'] });
    }
  }
  // the facts are redone only when dead stores or allocations went away
  let program = changed ? analyse() : before;
  const written = changed ? typesWrittenInPlace(program) : writtenBefore;
  const shared: [fn: Operation, op: Operation][] = [];
  for (const fn of functionsOf(module)) {
    // a contract with assembly that is not memory-safe keeps solc's layout from 0x80 (such
    // assembly may use fixed addresses there): no region of static zero elements for it
    if (skip.has(fn) || hasUnsafeAsm(fn.parentOp!)) continue;
    for (const op of shareZeroElements(fn, program.function(fn), written)) shared.push([fn, op]);
  }
  // a shared zero element is static memory no allocation owns (sol.malloc's memorySource):
  // what an array of them holds, and what a callee hands back with it, is now known better
  if (shared.length) program = analyse();
  const notesOf = new Map<Operation, ReleaseNotes>();
  for (const fn of functionsOf(module)) notesOf.set(fn, new Map());
  for (const [fn, op] of shared) {
    const o = program.function(fn).objectOf(op.result(0));
    if (o) notesOf.get(fn)!.set(o, ['its elements start as one shared zero element (they are only ever replaced, never written in place)']);
  }
  // static frames: qualifying contracts get constant addresses and no free-pointer traffic
  const frames = placeStaticFrames(module, program);
  const placed = new Set(frames.placed.map((c) => c.contract));
  for (const fn of functionsOf(module)) {
    const pt = program.function(fn);
    const notes = notesOf.get(fn)!;
    if (placed.has(fn.parentOp!)) {
      for (const o of pt.objects()) {
        const at = o.kind === 'alloc' ? (o.value?.definingOp ?? o.op!).getAttr('offset') : undefined;
        if (at) notes.set(o, [...(notes.get(o) ?? []), `static address 0x${(at as IntegerAttr).value.toString(16)} (free pointer elided)`]);
      }
    } else if (!skip.has(fn)) {
      new FunctionReleases(fn, pt, program, notes, symbols, options.traced ?? 'persistent').run();
      new UnboundedRuns(fn, pt, notes).run();
    }
    const allocations = pt.objects().filter((o: MemObject) => o.kind === 'alloc' || o.kind === 'call');
    for (const o of allocations) {
      // the object's own verdict; the inner memory its op allocated (zero elements) may escape
      // on its own, through the elements an array of structs hands on (points-to (C1'))
      const reasons = pt.precise.escape(o).map((r) => r.message);
      const held = reasons.length ? [] : pt.escape(o).map((r) => `the elements it was allocated with escape (${r.message})`);
      entries.push({
        op: o.value?.definingOp ?? o.op!,
        func: symbolOf(fn),
        verdict: reasons.length ? 'escapes' : 'local',
        reasons,
        released: skip.has(fn) ? [skip.get(fn)!] : [...held, ...notes.get(o) ?? (held.length ? ['not released'] : [])],
      });
    }
  }
  return { entries, staticFrames: frames };
}
