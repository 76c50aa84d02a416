/**
 * Checked arithmetic that cannot overflow: `++i` in `while (i < n)`, `a[i + j]` with `i <
 * a.length` and `j < b.length`, `x - 1` after `require(x > 0)`, `(h >> 128) + carry`. An
 * interval analysis of each function's unsigned locals (stack slots) proves that the operands'
 * ranges keep the result within its type, and the op loses `checked` (solc keeps the test: ≈ 20
 * gas an addition or subtraction, ≈ 60 a multiplication). Semantics are unchanged: only a test
 * that cannot fail goes.
 *
 * The analysis interprets sol's structured control flow in order, a state being the interval of
 * every unsigned slot (a slot it knows nothing of holds any value of its type):
 *  (O1) a store sets its slot's interval, a load reads it (a local declared in a loop starts
 *       unknown each run); constants, lengths of memory and calldata arrays (at most 2^64 - 1:
 *       `new T[](n)` and the ABI decoder enforce it, and only inline assembly can write a length
 *       word, so only in a module without any: an array may come from any function), casts,
 *       `and`, `or`, `xor`, `shr`, `div`, `mod` and the arithmetic ops map intervals to
 *       intervals; a checked op's result is within its type (an overflowing run panics);
 *  (O2) a branch refines the slots its condition compares (`sol.cmp` of loads with no store to
 *       their slot in between, through `!`, `&&`, `||` and the `sol.and`/`sol.or` of two
 *       conditions), and so does `require`/`assert` for what follows it; a refinement that
 *       leaves an empty interval marks the branch unreachable;
 *  (O3) a loop is run to a fixpoint from the state at its entry, joined with the state at each
 *       back edge (a body's end and its `continue`s, then the step), widening a bound that keeps
 *       moving to the type's end after two rounds, then narrowing twice (each step of a fixpoint
 *       is one too: `if (steps > 3) break` gets its bound back); its exit joins the condition's
 *       false branch and the `break`s; `return`, `revert` and `panic` end a path;
 *  (O4) inline assembly (and any op but a load or a store given a slot: the lifetime passes'
 *       records) may assign the slots it is given, and an op with regions this analysis does
 *       not know assigns every slot used in them: they hold any value afterwards;
 *  (O5) an op is unchecked only when it is safe on every visit that counts: a loop's ops count
 *       in one run from its final head (a state no run of the body leaves), not while the
 *       fixpoint is searched; a loop inside runs its own search within that run;
 *  (O6) `x - y` is also safe where a guard says y <= x: x and y are locals (or lengths of
 *       arrays locals hold, in a module without assembly) and the guard — an enclosing branch or
 *       loop condition, a `require` before it, or an `if` before it whose then-branch never
 *       falls through — compares the same locals, none of which is assigned between the guard
 *       and the subtraction (nor anywhere in a loop the search passes out of).
 */
import { IntegerType, StringAttr, type Block, type Operation, type Region, type Type, type Value } from '@lifeline/ir';
import { ArrayType, PtrType, StringType } from './sol-types.js';
import { isStackSlot, stackSlotLoaded } from './lifetime/structure.js';
import { constantOf } from './lifetime/static-sizes.js';

interface Interval {
  lo: bigint;
  hi: bigint;
}

/** The intervals of the unsigned slots along a path; null: no path reaches the point. */
type State = Map<Value, Interval> | null;

/** What a region hands on: the state at its end, and at its `break`s and `continue`s. */
interface Flow {
  out: State;
  breaks: State;
  continues: State;
}

const LENGTH_MAX = (1n << 64n) - 1n;
const MAX_ROUNDS = 60;

/** Removes `checked` from the additions, subtractions and multiplications (O1)–(O6) prove in range; returns how many. */
export function dropImpossibleOverflowChecks(module: Operation): number {
  let assembly = false;
  module.walk((op) => {
    if (op.name === 'sol.inline_asm') assembly = true;
  });
  let dropped = 0;
  module.walk((fn) => {
    if (fn.name !== 'sol.func') return;
    if (!fn.regions[0]?.blocks[0]) return 'skip';
    const analysis = new OverflowAnalysis(!assembly);
    analysis.region(fn.regions[0], new Map());
    for (const [op, safe] of analysis.safe) {
      if (!safe) continue;
      op.removeAttr('checked');
      dropped++;
    }
    return 'skip';
  });
  return dropped;
}

function unsignedWidth(t: Type): number | undefined {
  return t instanceof IntegerType && t.signedness === 'unsigned' ? t.width : undefined;
}

function typeMax(t: Type): bigint | undefined {
  const w = unsignedWidth(t);
  return w === undefined ? undefined : (1n << BigInt(w)) - 1n;
}

function unsignedSlot(slot: Value): boolean {
  return isStackSlot(slot) && unsignedWidth((slot.type as PtrType).pointeeType) !== undefined;
}

function copy(s: State): State {
  return s && new Map(s);
}

function join(a: State, b: State): State {
  if (!a) return copy(b);
  if (!b) return copy(a);
  const out = new Map<Value, Interval>();
  for (const [slot, x] of a) {
    const y = b.get(slot);
    if (y) out.set(slot, { lo: x.lo < y.lo ? x.lo : y.lo, hi: x.hi > y.hi ? x.hi : y.hi });
  }
  return out;
}

/** Whether every path `a` describes is one `b` describes (a slot `b` does not hold may hold anything). */
function within(a: State, b: State): boolean {
  if (!a) return true;
  if (!b) return false;
  for (const [slot, y] of b) {
    const x = a.get(slot);
    if (!x || x.lo < y.lo || x.hi > y.hi) return false;
  }
  return true;
}

/** (O3) A bound that moved since `old` goes to its end: lo to 0, hi to the slot's type maximum. */
function widen(old: State, next: State): State {
  if (!old || !next) return join(old, next);
  const out = new Map<Value, Interval>();
  for (const [slot, x] of old) {
    const y = next.get(slot);
    if (!y) continue;
    const max = typeMax((slot.type as PtrType).pointeeType)!;
    out.set(slot, { lo: y.lo < x.lo ? 0n : x.lo, hi: y.hi > x.hi ? max : x.hi });
  }
  return out;
}

function bitCeil(x: bigint): bigint {
  let p = 1n;
  while (p <= x) p <<= 1n;
  return p - 1n;
}

class OverflowAnalysis {
  /** Each checked op visited, and whether it was safe on every visit (O5). */
  readonly safe = new Map<Operation, boolean>();
  /** Whether visits count (O5): not while a loop looks for its fixpoint. */
  private recording = true;
  /** (O6) Per subtraction, whether a guard proves it. */
  private readonly guards = new Map<Operation, boolean>();
  /** The interval of each unsigned SSA value at its latest visit. */
  private readonly values = new Map<Value, Interval>();

  constructor(private readonly lengthsBounded: boolean) {}

  private value(v: Value): Interval {
    const known = this.values.get(v);
    if (known) return known;
    const max = typeMax(v.type);
    return { lo: 0n, hi: max ?? 0n };
  }

  region(r: Region, s: State): Flow {
    const b = r.blocks[0];
    return b ? this.block(b, s) : { out: s, breaks: null, continues: null };
  }

  private block(b: Block, entry: State): Flow {
    let s = entry;
    let breaks: State = null;
    let continues: State = null;
    for (const op of b.opList()) {
      if (!s) break;
      switch (op.name) {
        case 'sol.break':
          breaks = join(breaks, s);
          s = null;
          continue;
        case 'sol.continue':
          continues = join(continues, s);
          s = null;
          continue;
        case 'sol.return': case 'sol.revert': case 'sol.panic':
          s = null;
          continue;
        case 'sol.require': case 'sol.assert':
          s = this.refine(s, op.operand(0), true, op);
          continue;
        case 'sol.if': {
          const cond = op.operand(0);
          const then = this.region(op.regions[0]!, this.refine(copy(s), cond, true, op));
          const elseIn = this.refine(copy(s), cond, false, op);
          const other = op.regions[1]!.empty ? { out: elseIn, breaks: null, continues: null } : this.region(op.regions[1]!, elseIn);
          s = join(then.out, other.out);
          breaks = join(breaks, join(then.breaks, other.breaks));
          continues = join(continues, join(then.continues, other.continues));
          continue;
        }
        case 'sol.for': case 'sol.while': case 'sol.do_while':
          s = this.loop(op, s);
          continue;
        default:
          if (op.regions.length) s = this.havoc(s, op); // (O4)
          else s = this.transfer(op, s);
      }
    }
    return { out: s, breaks, continues };
  }

  /** (O3) The state after the loop; its ops are recorded (O5) in one pass from the loop's final head. */
  private loop(op: Operation, entry: State): State {
    const recording = this.recording;
    this.recording = false;
    let head = copy(entry);
    let next: State = null;
    let converged = false;
    for (let round = 0; round < MAX_ROUNDS && !converged; round++) {
      next = this.iterate(op, head, entry).next;
      if (within(next, head)) converged = true;
      else head = round >= 2 ? widen(head, next) : next;
    }
    // narrowing: F(H) of a head H with F(H) ⊑ H is one too, and what widening gave up on a
    // bound the body re-establishes (`if (steps > 3) break`) comes back
    for (let k = 0; converged && k < 2; k++) {
      const after = this.iterate(op, next, entry).next;
      if (!within(after, next)) break;
      [head, next] = [next, after];
    }
    this.recording = recording;
    if (converged) return this.iterate(op, head, entry).exit;
    // no fixpoint (widening makes one; this is a guard): nothing inside is shown safe
    op.walk((o) => {
      if (this.safe.has(o)) this.safe.set(o, false);
    });
    return this.havoc(entry, op);
  }

  /** One abstract run of the loop from `head`: the next head (joined with the entry) and the exit state. */
  private iterate(op: Operation, head: State, entry: State): { next: State; exit: State } {
    const doWhile = op.name === 'sol.do_while';
    const [condRegion, body, step] = doWhile ? [op.regions[1]!, op.regions[0]!, undefined] : [op.regions[0]!, op.regions[1]!, op.regions[2]];
    let back: State;
    let exit: State;
    if (doWhile) {
      const b = this.region(body, copy(head));
      const c = this.condition(condRegion, join(b.out, b.continues));
      back = c.yes;
      exit = join(c.no, b.breaks);
    } else {
      const c = this.condition(condRegion, copy(head));
      const b = this.region(body, c.yes);
      back = join(b.out, b.continues);
      if (step) back = this.region(step, back).out;
      exit = join(c.no, b.breaks);
    }
    return { next: join(entry, back), exit };
  }

  /** A loop's condition region run from `s`: the states where it holds and where it does not. */
  private condition(r: Region, s: State): { yes: State; no: State } {
    const out = this.region(r, s).out;
    const term = r.blocks[0]?.terminator;
    if (!out || term?.name !== 'sol.condition') return { yes: out, no: copy(out) };
    return { yes: this.refine(copy(out), term.operand(0), true, term), no: this.refine(copy(out), term.operand(0), false, term) };
  }

  /** (O4) Every slot `op` (or an op inside it) may assign holds any value. */
  private havoc(s: State, op: Operation): State {
    if (!s) return s;
    const out = new Map(s);
    op.walk((o) => {
      if (o.name !== 'sol.load') for (const use of o.operands) out.delete(use.value);
    });
    return out;
  }

  /** (O1) One op without regions. */
  private transfer(op: Operation, s: Map<Value, Interval>): State {
    switch (op.name) {
      case 'sol.alloca':
        // a local declared in a loop is a fresh variable each run: nothing is known of it yet
        s.delete(op.result(0));
        return s;
      case 'sol.store': {
        const slot = op.operand(1);
        if (unsignedSlot(slot)) s.set(slot, this.value(op.operand(0)));
        return s;
      }
      case 'sol.load': {
        const slot = op.operand(0);
        const known = unsignedSlot(slot) ? s.get(slot) : undefined;
        if (known) this.values.set(op.result(0), known);
        else this.values.delete(op.result(0));
        return s;
      }
    }
    // (O4) any other op given a local may assign it (inline assembly; the lifetime passes' records)
    for (const use of op.operands) if (isStackSlot(use.value)) s.delete(use.value);
    if (op.results.length !== 1) return s;
    const result = op.result(0);
    const max = typeMax(result.type);
    if (max === undefined) return s;
    const range = this.range(op, max);
    if (range) this.values.set(result, range);
    else this.values.delete(result);
    return s;
  }

  /** The interval of `op`'s unsigned result (at most `max`), undefined for any value. */
  private range(op: Operation, max: bigint): Interval | undefined {
    const arg = (i: number) => this.value(op.operand(i));
    const checked = !!op.getAttr('checked');
    const clamp = (lo: bigint, hi: bigint): Interval => ({ lo: lo > max ? max : lo, hi: hi > max ? max : hi });
    switch (op.name) {
      case 'sol.constant': {
        const v = constantOf(op.result(0))!;
        return { lo: v, hi: v };
      }
      case 'sol.length': {
        const t = op.operand(0).type;
        if (t instanceof ArrayType && !t.isDynamic) return { lo: BigInt(t.size), hi: BigInt(t.size) };
        const dynamic = t instanceof ArrayType || t instanceof StringType;
        return dynamic && this.lengthsBounded && (t.loc === 'Memory' || t.loc === 'CallData') ? { lo: 0n, hi: LENGTH_MAX } : undefined;
      }
      case 'sol.cast': {
        if (unsignedWidth(op.operand(0).type) === undefined) return undefined;
        const a = arg(0);
        return a.hi <= max ? a : undefined;
      }
      case 'sol.add': case 'sol.sub': case 'sol.mul': {
        const [a, b] = [arg(0), arg(1)];
        const exact = op.name === 'sol.add' ? { lo: a.lo + b.lo, hi: a.hi + b.hi }
          : op.name === 'sol.mul' ? { lo: a.lo * b.lo, hi: a.hi * b.hi }
            : { lo: a.lo - b.hi, hi: a.hi - b.lo };
        const inRange = exact.lo >= 0n && exact.hi <= max;
        // (O6) x - y where a guard that still holds says y <= x
        if (op.name === 'sol.sub' && !inRange && checked && this.guardedSub(op)) {
          if (this.recording) this.safe.set(op, this.safe.get(op) ?? true);
          return { lo: 0n, hi: a.hi };
        }
        if (checked && this.recording) this.safe.set(op, (this.safe.get(op) ?? true) && inRange);
        if (inRange) return exact;
        // a checked op that runs on returns a result in range; a wrapping one may return any
        return checked ? clamp(exact.lo < 0n ? 0n : exact.lo, exact.hi < 0n ? 0n : exact.hi) : undefined;
      }
      case 'sol.div': {
        const [a, b] = [arg(0), arg(1)];
        return { lo: b.hi > 0n ? a.lo / b.hi : 0n, hi: a.hi / (b.lo > 0n ? b.lo : 1n) };
      }
      case 'sol.mod': {
        const [a, b] = [arg(0), arg(1)];
        return { lo: 0n, hi: b.hi > 0n && b.hi - 1n < a.hi ? b.hi - 1n : a.hi };
      }
      case 'sol.and': {
        const [a, b] = [arg(0), arg(1)];
        return { lo: 0n, hi: a.hi < b.hi ? a.hi : b.hi };
      }
      case 'sol.or': case 'sol.xor': {
        const [a, b] = [arg(0), arg(1)];
        return { lo: 0n, hi: bitCeil(a.hi > b.hi ? a.hi : b.hi) };
      }
      case 'sol.shr': {
        const a = arg(0);
        const k = this.values.get(op.operand(1));
        return k && k.lo === k.hi ? { lo: a.lo >> k.lo, hi: a.hi >> k.lo } : { lo: 0n, hi: a.hi };
      }
      case 'sol.addmod': case 'sol.mulmod': {
        const m = arg(2);
        return { lo: 0n, hi: m.hi > 0n ? m.hi - 1n : 0n };
      }
    }
    return undefined;
  }

  private guardedSub(op: Operation): boolean {
    let known = this.guards.get(op);
    if (known === undefined) {
      const [big, small] = [termOf(op.operand(0), op, this.lengthsBounded), termOf(op.operand(1), op, this.lengthsBounded)];
      known = !!big && !!small && guarded(op, small, big, this.lengthsBounded);
      this.guards.set(op, known);
    }
    return known;
  }

  /** (O2) `s` where `cond` is `truth` at `at`. */
  private refine(s: State, cond: Value, truth: boolean, at: Operation): State {
    if (!s) return s;
    const def = cond.definingOp;
    if (!def) return s;
    if (def.name === 'sol.not') return this.refine(s, def.operand(0), !truth, at);
    if ((def.name === 'sol.and' && truth) || (def.name === 'sol.or' && !truth)) {
      if (unsignedWidth(def.operand(0).type) !== undefined) return s; // bitwise on integers
      return this.refine(this.refine(s, def.operand(0), truth, at), def.operand(1), truth, at);
    }
    if (def.name === 'sol.if') return this.refineShortCircuit(s, def, truth, at);
    if (def.name !== 'sol.cmp' || unsignedWidth(def.operand(0).type) === undefined) return s;
    let pred = (def.getAttr('predicate') as StringAttr).value;
    let [x, y] = [def.operand(0), def.operand(1)];
    if (pred === 'gt' || pred === 'le') [x, y, pred] = [y, x, pred === 'gt' ? 'lt' : 'ge'];
    // now lt, ge, eq or ne
    if (pred === 'ge') [pred, truth] = ['lt', !truth];
    if (pred === 'ne') [pred, truth] = ['eq', !truth];
    const a = this.value(x);
    const b = this.value(y);
    let nx: Interval;
    let ny: Interval;
    if (pred === 'lt') {
      // x < y, or (not) x >= y
      [nx, ny] = truth
        ? [{ lo: a.lo, hi: a.hi < b.hi - 1n ? a.hi : b.hi - 1n }, { lo: b.lo > a.lo + 1n ? b.lo : a.lo + 1n, hi: b.hi }]
        : [{ lo: a.lo > b.lo ? a.lo : b.lo, hi: a.hi }, { lo: b.lo, hi: b.hi < a.hi ? b.hi : a.hi }];
    } else if (truth) {
      const both = { lo: a.lo > b.lo ? a.lo : b.lo, hi: a.hi < b.hi ? a.hi : b.hi };
      [nx, ny] = [both, both];
    } else {
      // x != y: only a constant at an end of the other's interval narrows it
      const off = (p: Interval, q: Interval): Interval => (q.lo !== q.hi ? p : p.lo === q.lo ? { lo: p.lo + 1n, hi: p.hi } : p.hi === q.lo ? { lo: p.lo, hi: p.hi - 1n } : p);
      [nx, ny] = [off(a, b), off(b, a)];
    }
    if (nx.lo > nx.hi || ny.lo > ny.hi) return null;
    this.narrow(s, x, nx, at);
    this.narrow(s, y, ny, at);
    return s;
  }

  /**
   * (O2) `a && b` and `a || b` are a `sol.if` yielding a bool: `a && b` is true only when `a`
   * is and its then-branch yields a true `b` (its else-branch yields false); `a || b` is false
   * only when `a` is and its else-branch yields a false `b`.
   */
  private refineShortCircuit(s: State, branch: Operation, truth: boolean, at: Operation): State {
    const yielded = (r: Region) => {
      const term = r.blocks[0]?.terminator;
      return term?.name === 'sol.yield' && term.operands.length === 1 ? term.operand(0) : undefined;
    };
    const constant = (v: Value | undefined) => v && constantOf(v);
    if (branch.results.length !== 1) return s;
    const [then, other] = [yielded(branch.regions[0]!), yielded(branch.regions[1]!)];
    if (truth && then && constant(other) === 0n) return this.refine(this.refine(s, branch.operand(0), true, at), then, true, at);
    if (!truth && other && constant(then) === 1n) return this.refine(this.refine(s, branch.operand(0), false, at), other, false, at);
    return s;
  }

  /**
   * Narrows the slot `v` was loaded from, when nothing stores into it between the load and
   * `at`: after the load in its block, and in each enclosing block up to `at`'s (a condition's
   * operand loaded in the branch of `&&` or `||` that ran).
   */
  private narrow(s: Map<Value, Interval>, v: Value, range: Interval, at: Operation): void {
    const slot = stackSlotLoaded(v);
    if (!slot || !unsignedSlot(slot)) return;
    const load = v.definingOp!;
    let from: Operation | null = load;
    while (from && from.parent !== at.parent) {
      for (let o = from.next; o; o = o.next) if (assigns(o, slot)) return;
      from = from.parentOp;
    }
    if (!from) return;
    // a region op between the load and `at` counts whole
    for (let o = from.next; o && o !== at; o = o.next) if (assigns(o, slot)) return;
    s.set(slot, range);
  }
}

/**
 * Whether `op` (or an op inside it) may assign `slot`: a store, or any op but a load given it
 * (O4). Asked of the slot's few uses, not of every op under `op`.
 */
function assigns(op: Operation, slot: Value): boolean {
  for (let u = slot.firstUse; u; u = u.nextUse) if (u.owner.name !== 'sol.load' && op.isAncestorOf(u.owner)) return true;
  return false;
}

/** (O6) A local's value, or the length of the array a local holds. */
interface Term {
  slot: Value;
  length: boolean;
}

/** The term `v` is at `at`: a load of an unsigned local (or a length of a loaded array) that no op between the load and `at` assigns. */
function termOf(v: Value, at: Operation, lengthsFixed: boolean): Term | undefined {
  let length = false;
  let loaded = v;
  if (v.definingOp?.name === 'sol.length') {
    if (!lengthsFixed) return undefined;
    length = true;
    loaded = v.definingOp.operand(0);
  }
  const slot = stackSlotLoaded(loaded);
  if (!slot || (!length && !unsignedSlot(slot))) return undefined;
  const load = loaded.definingOp!;
  // the load and `at` in one block (an op with regions between them counts whole)
  let anchor: Operation | null = at;
  while (anchor && anchor.parent !== load.parent) anchor = anchor.parentOp;
  if (!anchor || anchor.parent !== load.parent) return undefined;
  for (let o = load.next; o && o !== anchor; o = o.next) if (assigns(o, slot)) return undefined;
  if (anchor !== at) return undefined;
  return { slot, length };
}

const sameTerm = (a: Term | undefined, b: Term) => !!a && a.slot === b.slot && a.length === b.length;

/** Whether `cond` being `truth` at `at` says small <= big. */
function implies(cond: Value, truth: boolean, small: Term, big: Term, at: Operation, lengthsFixed: boolean): boolean {
  const def = cond.definingOp;
  if (!def) return false;
  if (def.name === 'sol.not') return implies(def.operand(0), !truth, small, big, at, lengthsFixed);
  if ((def.name === 'sol.and' && truth) || (def.name === 'sol.or' && !truth)) {
    if (unsignedWidth(def.operand(0).type) !== undefined) return false;
    return implies(def.operand(0), truth, small, big, at, lengthsFixed) || implies(def.operand(1), truth, small, big, at, lengthsFixed);
  }
  if (def.name !== 'sol.cmp' || unsignedWidth(def.operand(0).type) === undefined) return false;
  const pred = (def.getAttr('predicate') as StringAttr).value;
  const x = termOf(def.operand(0), at, lengthsFixed);
  const y = termOf(def.operand(1), at, lengthsFixed);
  const xy = sameTerm(x, small) && sameTerm(y, big); // says x <= y when it holds
  const yx = sameTerm(y, small) && sameTerm(x, big);
  if (pred === 'eq') return truth && (xy || yx);
  // x < y and x <= y, or the negations of x > y and x >= y, say x <= y; the rest y <= x
  const xBelow = (pred === 'lt' || pred === 'le') === truth;
  return xBelow ? xy : yx;
}

/** Whether every path through `r` ends in a return, revert, panic, break or continue. */
function neverFallsThrough(r: Region): boolean {
  const last = r.blocks[0]?.last;
  return !!last && ['sol.return', 'sol.revert', 'sol.panic', 'sol.break', 'sol.continue'].includes(last.name);
}

/** (O6) Whether a guard proves small <= big at `op`. */
function guarded(op: Operation, small: Term, big: Term, lengthsFixed: boolean): boolean {
  const writes = (o: Operation) => assigns(o, small.slot) || assigns(o, big.slot);
  for (let at = op; ; at = at.parentOp!) {
    for (let o = at.prev; o; o = o.prev) {
      if (o.name === 'sol.require' && implies(o.operand(0), true, small, big, o, lengthsFixed)) return true;
      if (o.name === 'sol.if' && o.regions[1]!.empty && neverFallsThrough(o.regions[0]!) && implies(o.operand(0), false, small, big, o, lengthsFixed)) return true;
      if (writes(o)) return false;
    }
    const parent = at.parentOp;
    const region = at.parentRegion;
    if (!parent || !region || parent.name === 'sol.func') return false;
    if (parent.name === 'sol.if') {
      if (implies(parent.operand(0), region === parent.regions[0], small, big, parent, lengthsFixed)) return true;
      continue;
    }
    const body = parent.name === 'sol.while' || parent.name === 'sol.for' ? parent.regions[1] : undefined;
    if (!body) return false; // a loop's condition or step region, a do-while, or an op we do not know
    const cond = parent.regions[0]!.blocks[0]?.terminator;
    if (region === body && cond?.name === 'sol.condition' && implies(cond.operand(0), true, small, big, cond, lengthsFixed)) return true;
    // a guard outside the loop holds inside only when the loop assigns neither local
    if (writes(parent)) return false;
  }
}
