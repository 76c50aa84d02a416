/**
 * The ARC questions (arc/model.ts) answered for the sil dialect, from the ops'
 * declared memory effects and traits and from RC identity.
 *
 * (1) A retain is an op without results whose effects write the reference count
 *     (resource RefCount) of operand 0 and free nothing; a release also frees
 *     operand 0 (strong_release, release_value, destroy_value). copy_value has a
 *     result: it is a use, never paired.
 * (2) Entrances: results of ops that allocate and write their own reference count
 *     (alloc_ref); the entry block's arguments whose parameter is @owned.
 * (3) A *local* root is an alloc_ref result whose RC-identical values are only
 *     retained, released, fix_lifetime'd or forwarded to further local values: no
 *     other value can hold or reach it, so nothing but its own retains/releases
 *     decrements it and only ops that name it use it. Every other root may alias
 *     every other non-local root (there is no alias analysis for SIL yet).
 * (4) mayDecrement(op, y): a release of another root, an op that frees a non-address
 *     value or an unnamed object (destroy_addr, copy_addr over a value, a closure
 *     capturing), or an op that reads the
 *     reference count without naming a value (is_unique: a barrier), when y is not
 *     local; an op with unknown effects (apply, builtin) when y is not local,
 *     unless it is an apply of a callee known not to release (5) or a builtin on
 *     trivial values only.
 * (5) A callee is known not to release when the function_ref names a function with
 *     a `[readnone]` or `[releasenone]` attribute, or with a body in which no op
 *     releases, reads a count barrier-style, or has unknown effects.
 * (6) mayUse(op, y): for a local y, op names a value whose root is y (and is not a
 *     pure forwarding op); for other y, op is not Pure and has unknown effects, an
 *     address operand, or a non-trivial operand whose root may alias y.
 * (7) mayGuaranteedUse(op, y): an op with unknown effects given a value whose root
 *     may alias y.
 * (8) Program termination: a terminator with no successors that is not ReturnLike
 *     (unreachable).
 * (9) A uniqueness check: an op that reads reference counts without naming a value
 *     (is_unique reads through an address: any non-local root may be stored there),
 *     or an apply that passes a value that may alias the root (or an address) to a
 *     callee that may run one (its body, transitively). A function declared without
 *     a body is outside the program: as in Swift, the uniqueness checks it may make are
 *     not the caller's to preserve (is_unique is a copy-on-write hint whose answer ARC
 *     optimisation may change); only the checks the program itself runs are barriers.
 *     There are no globals in the subset, so a callee reaches only what its arguments
 *     reach.
 * (10) Locality as model (10): by (3)–(9) a local root is only ever compared with
 *      the roots of op's operands, and no other root aliases it.
 * (11) model (11) is answered by asking (4), (6), (7), (9) and mayAlias with the
 *      op's retain/release root about a stand-in for "a non-local root op does not
 *      name": the answers above depend on such a root only through `mayAlias`
 *      (true for every non-local root) and `locals` (false), so the stand-in gets
 *      exactly the answer every such root gets.
 * (12) model (12): a value of a trivial SIL type (integers, …) references
 *      nothing; any other value may reference what its RC root may alias.
 */
import { hasTrait, StringAttr, type MemoryEffect, type Operation, type Value } from '@lifeline/ir';
import { functionRefName, hasFunctionAttribute } from '../sil-access.js';
import type { RCIdentity } from '../rc-identity.js';
import { SilType } from '../sil-types.js';
import type { ArcModel, RcInst } from './model.js';

const REF_COUNT = 'RefCount';

function effectsOf(op: Operation): readonly MemoryEffect[] | undefined {
  const spec = op.def?.spec;
  if (!spec) return undefined;
  if (spec.memoryEffects) return spec.memoryEffects(op);
  return hasTrait(op, 'Pure') ? [] : undefined;
}

function isAddress(v: Value): boolean {
  return v.type instanceof SilType && v.type.kind === 'address';
}

/** (1) */
function classify(op: Operation): 'increment' | 'decrement' | undefined {
  if (op.results.length || !op.operands.length) return undefined;
  const effects = op.def?.spec.memoryEffects?.(op);
  if (!effects) return undefined;
  const x = op.operands[0]!.value;
  const writesCount = effects.some((e) => e.kind === 'write' && e.resource === REF_COUNT && e.value === x);
  if (!writesCount) return undefined;
  return effects.some((e) => e.kind === 'free' && e.value === x) ? 'decrement' : 'increment';
}

/** An op that reads reference counts without naming a value: is_unique, through an address. */
function readsCountBarrier(op: Operation): boolean {
  return !!effectsOf(op)?.some((e) => e.resource === REF_COUNT && e.kind === 'read' && !e.value);
}

/** The name of the function a `function_ref` result names, if `v` is one. */
function calleeName(v: Value | undefined): string | undefined {
  const def = v?.definingOp;
  return def?.name === 'sil.function_ref' ? functionRefName(def) : undefined;
}

interface OpFacts {
  rc?: RcInst | null;
  named?: readonly Value[];
  unnamed?: boolean;
}

/** (11) The stand-in root: not a value of any function, never local, never named. */
const UNNAMED_ROOT = Object.freeze({}) as unknown as Value;

export class SilArcModel implements ArcModel {
  /** What is known of each op asked about: one table, and the last op kept at hand (the dataflow asks several questions of one op in a row). */
  private readonly ops = new Map<Operation, OpFacts>();
  private lastOp: Operation | undefined;
  private lastFacts: OpFacts | undefined;
  private readonly locals = new Set<Value>();
  private readonly calleeCache = new Map<string, boolean>();
  private readonly uniquenessCache = new Map<string, boolean>();
  private readonly functions = new Map<string, Operation>();

  constructor(readonly fn: Operation, readonly rcid: RCIdentity, module?: Operation) {
    for (const r of module?.regions ?? []) for (const b of r.blocks) for (let o = b.first; o; o = o.next) {
      const n = o.getAttr('sym_name');
      if (o.name === 'sil.function' && n instanceof StringAttr) this.functions.set(n.value, o);
    }
    fn.walk((op) => {
      for (const r of this.entrances(op)) if (this.isLocal(r)) this.locals.add(r);
    });
  }

  /** (3) */
  private isLocal(root: Value): boolean {
    const work = [root];
    const seen = new Set<Value>(work);
    while (work.length) {
      const v = work.pop()!;
      for (let use = v.firstUse; use; use = use.nextUse) {
        const user = use.owner;
        if (classify(user) || user.name === 'sil.fix_lifetime') continue;
        const forwards = user.results.length === 1 && hasTrait(user, 'Pure') && !hasTrait(user, 'Terminator') &&
          this.rcid.root(user.results[0]!) === root;
        if (!forwards) return false;
        const r = user.results[0]!;
        if (!seen.has(r)) {
          seen.add(r);
          work.push(r);
        }
      }
    }
    return true;
  }

  private factsOf(op: Operation): OpFacts {
    if (op === this.lastOp) return this.lastFacts!;
    let f = this.ops.get(op);
    if (!f) this.ops.set(op, (f = {}));
    this.lastOp = op;
    this.lastFacts = f;
    return f;
  }

  rcInst(op: Operation): RcInst | undefined {
    const f = this.factsOf(op);
    if (f.rc === undefined) {
      const kind = classify(op);
      const operand = op.operands[0]?.value;
      f.rc = kind && operand ? { kind, operand, root: this.rcid.root(operand) } : null;
    }
    return f.rc ?? undefined;
  }

  /** (2) */
  entrances(op: Operation): readonly Value[] {
    if (op.results.length !== 1) return [];
    const effects = op.def?.spec.memoryEffects?.(op);
    const r = op.results[0]!;
    if (!effects?.some((e) => e.kind === 'allocate' && e.value === r)) return [];
    return effects.some((e) => e.kind === 'write' && e.resource === REF_COUNT && e.value === r) ? [r] : [];
  }

  /** (2) */
  ownedArguments(fn: Operation): readonly Value[] {
    const entry = fn.regions[0]?.blocks[0];
    const t = fn.getAttr('function_type') as { value?: unknown } | undefined;
    const ft = t?.value instanceof SilType ? t.value : undefined;
    if (!entry || !ft) return [];
    const out: Value[] = [];
    entry.arguments.forEach((a, i) => {
      if (ft.params[i]?.attrs.includes('@owned')) out.push(this.rcid.root(a));
    });
    return out;
  }

  /** (10) */
  isLocalRoot(root: Value): boolean {
    return this.locals.has(root);
  }

  /** Model (9). */
  namedRoots(op: Operation): readonly Value[] {
    const f = this.factsOf(op);
    if (!f.named) {
      const roots = new Set<Value>();
      for (const v of op.operandValues()) roots.add(this.rcid.root(v));
      f.named = [...roots];
    }
    return f.named;
  }

  /** (11) */
  affectsUnnamedRoots(op: Operation): boolean {
    const f = this.factsOf(op);
    if (f.unnamed === undefined) {
      const rc = this.rcInst(op);
      const u = UNNAMED_ROOT;
      f.unnamed = (!!rc && this.mayAlias(rc.root, u)) || this.isUniquenessCheck(op, u) || this.mayDecrement(op, u) ||
        this.mayUse(op, u) || this.mayGuaranteedUse(op, u);
    }
    return f.unnamed;
  }

  mayAlias(a: Value, b: Value): boolean {
    return a === b || (!this.locals.has(a) && !this.locals.has(b));
  }

  /** (12) */
  mayReference(value: Value, root: Value): boolean {
    if (value.type instanceof SilType && this.rcid.info.isTrivial(value.type)) return false;
    return this.mayAlias(this.rcid.root(value), root);
  }

  /** (5) */
  private calleeMayRelease(apply: Operation): boolean {
    const name = calleeName(apply.operands[0]?.value);
    if (!name) return true;
    let r = this.calleeCache.get(name);
    if (r === undefined) {
      this.calleeCache.set(name, true); // recursion: assume the worst while looking
      r = this.computeCalleeMayRelease(name);
      this.calleeCache.set(name, r);
    }
    return r;
  }

  private computeCalleeMayRelease(name: string): boolean {
    const f = this.functions.get(name);
    if (!f) return true;
    if (hasFunctionAttribute(f, 'readnone') || hasFunctionAttribute(f, 'releasenone')) return false;
    const body = f.regions[0];
    if (!body?.blocks.length) return true;
    let releases = false;
    body.walk((op) => {
      if (releases) return 'skip';
      const effects = effectsOf(op);
      if (!effects || effects.some((e) => (e.kind === 'free' && (!e.value || !isAddress(e.value))) ||
        (e.resource === REF_COUNT && e.kind === 'read' && !e.value))) {
        if (op.name === 'sil.builtin' && this.trivialBuiltin(op)) return;
        releases = true;
      }
      return undefined;
    });
    return releases;
  }

  private trivialBuiltin(op: Operation): boolean {
    const all = [...op.operandValues(), ...op.results];
    return all.every((v) => v.type instanceof SilType && this.rcid.info.isTrivial(v.type));
  }

  /** (4) */
  mayDecrement(op: Operation, root: Value): boolean {
    if (this.locals.has(root)) return false;
    const rc = this.rcInst(op);
    if (rc) return rc.kind === 'decrement';
    const effects = effectsOf(op);
    if (!effects) {
      if (op.def?.spec.call) return this.calleeMayRelease(op);
      if (op.name === 'sil.builtin') return !this.trivialBuiltin(op);
      return op.name !== 'sil.cond_fail';
    }
    return effects.some((e) => (e.kind === 'free' && (!e.value || !isAddress(e.value))) ||
      (e.resource === REF_COUNT && e.kind === 'read' && !e.value));
  }

  /** (6) */
  mayUse(op: Operation, root: Value): boolean {
    if (hasTrait(op, 'Pure')) return false;
    const operands = op.operandValues();
    if (this.locals.has(root)) return operands.some((v) => !isAddress(v) && this.rcid.root(v) === root);
    if (!effectsOf(op) && op.name !== 'sil.cond_fail') return true;
    return operands.some((v) => isAddress(v) ||
      (v.type instanceof SilType && !this.rcid.info.isTrivial(v.type) && this.mayAlias(this.rcid.root(v), root)));
  }

  /** (7) */
  mayGuaranteedUse(op: Operation, root: Value): boolean {
    if (effectsOf(op) || op.name === 'sil.cond_fail') return false;
    return op.operandValues().some((v) => v.type instanceof SilType && !this.rcid.info.isTrivial(v.type) &&
      this.mayAlias(this.rcid.root(v), root));
  }

  /** (9) */
  isUniquenessCheck(op: Operation, root: Value): boolean {
    if (this.locals.has(root)) return false;
    if (readsCountBarrier(op)) return true;
    if (!op.def?.spec.call) return false;
    const reaches = op.operandValues().slice(1).some((v) => isAddress(v) ||
      (v.type instanceof SilType && !this.rcid.info.isTrivial(v.type) && this.mayAlias(this.rcid.root(v), root)));
    return reaches && this.calleeMayCheckUniqueness(op);
  }

  /** (9) Whether the function an apply calls may run is_unique (directly or through its own calls). */
  private calleeMayCheckUniqueness(apply: Operation): boolean {
    const name = calleeName(apply.operands[0]?.value);
    if (!name) return true;
    let r = this.uniquenessCache.get(name);
    if (r === undefined) {
      this.uniquenessCache.set(name, true); // recursion: assume the worst while looking
      const f = this.functions.get(name);
      const body = f?.regions[0];
      if (!f || !body?.blocks.length) r = false; // outside the program (9)
      else {
        r = false;
        body.walk((op) => {
          if (r) return 'skip';
          if (readsCountBarrier(op) || (op.def?.spec.call && this.calleeMayCheckUniqueness(op))) r = true;
          return undefined;
        });
      }
      this.uniquenessCache.set(name, r);
    }
    return r;
  }

  /** (8) */
  isTermination(op: Operation): boolean {
    return hasTrait(op, 'Terminator') && op.successors.length === 0 && !hasTrait(op, 'ReturnLike');
  }
}
