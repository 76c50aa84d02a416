// Seeded generator of executable SIL programs for the ARC differential test (issue 8,
// deliverable 4): the original program and its `--arc-sequence-opts` /
// `--arc-loop-hoisting` output run in lifeline-sil-run and must print the same trace,
// free every object at the same point of that trace, and execute no more retains and
// releases.
//
// What a module holds (non-OSSA SIL: every reference count change is an explicit
// instruction, `load`/`store` copy pointer bits and never touch a count):
//   (1) types: `class C {}` with subclasses `D : C` and `E : C`; `struct S` (one class
//       field and one integer: RC-identical to its field), `struct P` (two class fields:
//       its own RC root), the tuple `(C, Builtin.Int64)`, and `enum FakeOptional<T>`
//       (`none` / `some(T)`), used as `FakeOptional<C>`;
//   (2) `sil [releasenone] @observe : $@convention(thin) (Builtin.Int64) -> ()`, a
//       declaration without body (it releases nothing, which ARC may rely on): the
//       interpreter records each call's argument as an observable event;
//   (3) helpers `@h0..@hK` taking `@guaranteed C` / `@owned C` / `Builtin.Int64`
//       arguments and returning `Builtin.Int64` or `@owned C` (helper i calls only helpers
//       j < i, so there is no recursion), and the entry
//       `@main : $@convention(thin) (Builtin.Int64, Builtin.Int64) -> Builtin.Int64`;
//   (4) instructions: alloc_ref, strong_retain/strong_release, retain_value/release_value,
//       upcast, unchecked_ref_cast (to a subclass the object is, to and from
//       Builtin.NativeObject, back from an opened existential), init_existential_ref /
//       open_existential_ref (AnyObject), ref_to_bridge_object / bridge_object_to_ref,
//       struct/struct_extract, tuple/tuple_extract, enum/unchecked_enum_data, switch_enum
//       (a case that cannot happen goes to an `unreachable` block), unconditional_checked_cast
//       (to the class the object is) and checked_cast_br (to D: either outcome, both arms
//       balanced), alloc_stack / store /
//       load / dealloc_stack, is_unique (its result is observed), fix_lifetime,
//       mark_dependence, function_ref/apply, integer_literal, builtin arithmetic and
//       comparisons (`add_Int64`, `xor_Int64`, `and_Int64`, `cmp_eq_Int64`,
//       `cmp_slt_Int64`, `zextOrBitCast_Int1_Int64`), cond_fail on a false condition,
//       br/cond_br with block arguments, return;
//   (5) control flow: diamonds on integer conditions from the arguments and the running
//       checksum (balanced, killing an object in both arms at different points, merging two
//       references or an enum some/none in a phi), counted loops (trip count `x & 3`) with
//       early exits that release what the loop body holds (compensation), counter and
//       checksum carried as header arguments or in stack slots (a header without
//       arguments), loop-carried
//       objects (a header argument released and replaced each iteration), and the
//       retain/release patterns ARC optimization targets: pairs around uses, nested pairs,
//       pairs spelled through different RC-identical values, a release at the top and a
//       retain at the bottom of a loop body (pairing across iterations), retains before
//       `@owned` calls;
//   (6) correct by construction: the generator counts, per *handle* (one +1 the function
//       owns on an object, or a borrowed `@guaranteed` argument), how many references the
//       function holds; an object is used only while a handle keeps it alive, every region
//       (loop body, branch arm, function body) ends by releasing what it must (or retaining
//       what it released below the count it entered with), so the original program is
//       balanced: every object is freed exactly once, nothing leaks, nothing is used after
//       its release;
//   (7) observable trace: every helper result and every is_unique result is folded into a
//       checksum that `@observe` sees and `@main` returns; loops and calls are bounded, so
//       every run stops after a few thousand instructions.
//
//   generateSilProgram(seed, { helpers, stmts, depth, shape }) -> SIL text
//   SIL_ARGS: argument vectors for `@main` that reach both arms of the argument tests
//   node bench/gen-sil-program.mjs SEED [-o FILE] [--helpers N] [--stmts N] [--depth N] [--shape S]
import { writeFileSync } from 'node:fs';
import { rng } from './gen-module.mjs';

export { rng };

export const DEFAULTS = Object.freeze({
  helpers: undefined, // helper functions; default 2-4 by seed
  stmts: 6, // statements per function body (nested regions get fewer)
  depth: 2, // nesting depth of diamonds and loops
  shape: 'mixed', // which control statements appear: see SHAPES
});

/**
 * Program shapes (the benchmark reports each): 'straight' has no control flow besides
 * calls, 'diamonds' only diamonds and switch_enum, 'loops' only loops, 'mixed' all.
 */
export const SHAPES = Object.freeze(['straight', 'diamonds', 'loops', 'mixed']);

/** Arguments `@main` is run with; conditions test low bits of them. */
export const SIL_ARGS = Object.freeze([[0n, 0n], [5n, 3n], [-7n, 12n]]);

const I64 = '$Builtin.Int64';
const I1 = '$Builtin.Int1';
const OPT = '$FakeOptional<C>';
const TUP = '$(C, Builtin.Int64)';
const OPENED = '$@opened("00000000-0000-0000-0000-0000000000A0", AnyObject) Self';
/** Reference types: strong_retain/strong_release apply to them. */
const STRONG = new Set(['$C', '$D', '$E', '$Builtin.NativeObject']);
const OBSERVE_TY = '$@convention(thin) (Builtin.Int64) -> ()';

const HEADER = `sil_stage canonical

import Builtin
import Swift

class C {}
class D : C {}
class E : C {}

struct S {
  var c: C
  var n: Builtin.Int64
}

struct P {
  var a: C
  var b: C
}

enum FakeOptional<T> {
  case none
  case some(T)
}

sil [releasenone] @observe : ${OBSERVE_TY}
`;

/**
 * A handle is one owner of an object from the function's point of view (6): a result of
 * alloc_ref or of an `@owned` call, an `@owned` or `@guaranteed` argument, a phi that
 * receives +1 on each edge. `dyn` is the dynamic class when known; `opt` marks a
 * FakeOptional<C> that may be `none`.
 */
function handle(dyn, { borrowed = false, opt = false } = {}) {
  return { dyn, borrowed, opt };
}

/** Per-point state: for each handle its count (references held) and SSA views; ints; checksum. */
class Scope {
  constructor(st = new Map(), ints = [], acc = '') {
    this.st = st;
    this.ints = ints;
    this.acc = acc;
  }
  copy() {
    const st = new Map();
    for (const [h, e] of this.st) st.set(h, { count: e.count, views: [...e.views] });
    return new Scope(st, [...this.ints], this.acc);
  }
  alive(h) {
    const e = this.st.get(h);
    return !!e && (e.count > 0 || h.borrowed);
  }
  live() {
    return [...this.st.keys()].filter((h) => this.alive(h));
  }
  counts() {
    return new Map([...this.st].map(([h, e]) => [h, e.count]));
  }
}

class FnGen {
  constructor(g, name, params, ret) {
    this.g = g;
    this.name = name;
    this.params = params; // [{ kind: 'int' | 'guaranteed' | 'owned' }]
    this.ret = ret; // 'int' | 'owned'
    this.lines = [];
    this.n = 0;
    this.blocks = 1;
    this.loopDepth = 0;
  }
  r() { return this.g.r(); }
  int(n) { return Math.floor(this.r() * n); }
  chance(p) { return this.r() < p; }
  pick(a) { return a[this.int(a.length)]; }
  fresh() { return `%${this.n++}`; }
  label() { return `bb${this.blocks++}`; }
  emit(s) { this.lines.push('  ' + s); }
  block(label, args = []) {
    this.lines.push(`${label}${args.length ? `(${args.map(([v, t]) => `${v} : ${t}`).join(', ')})` : ''}:`);
  }
  /** Emits `%n = rhs` and returns %n. */
  def(rhs) {
    const x = this.fresh();
    this.emit(`${x} = ${rhs}`);
    return x;
  }
  lit(v, ty = I64) { return this.def(`integer_literal ${ty}, ${v}`); }
  bin(op, a, b, ty = I64) { return this.def(`builtin "${op}_Int64"(${a} : ${I64}, ${b} : ${I64}) : ${ty}`); }
  /** Folds an integer into the checksum and lets @observe see the new checksum (7). */
  mix(s, x, observe = true) {
    s.acc = this.bin(this.pick(['add', 'xor', 'add']), s.acc, x);
    if (observe) this.observe(s.acc);
  }
  observe(x) {
    const f = this.fresh();
    this.emit(`${f} = function_ref @observe : ${OBSERVE_TY}`);
    this.emit(`${this.fresh()} = apply ${f}(${x}) : ${OBSERVE_TY}`);
  }
  /** An i1 testing low bits of an argument, the checksum or a loop counter (5). */
  cond(s) {
    const x = this.pick(s.ints.length && this.chance(0.7) ? s.ints : [s.acc]);
    const m = this.bin('and', x, this.lit(1 << this.int(3)));
    return this.bin(this.pick(['cmp_eq', 'cmp_slt']), m, this.lit(0), I1);
  }

  // ---- views and casts -------------------------------------------------------------

  entry(s, h) { return s.st.get(h); }
  /** A view of h typed `$C` (creating one through casts when the scope has none). */
  cview(s, h) {
    const e = this.entry(s, h);
    const cs = e.views.filter((w) => w.ty === '$C');
    if (cs.length && this.chance(0.6)) return this.pick(cs);
    return this.newView(s, h, '$C');
  }
  /** Any view of h that retain_value/release_value accept. */
  anyView(s, h) {
    const e = this.entry(s, h);
    const vs = e.views.filter((w) => w.ty !== OPENED && w.ty !== '$AnyObject' || this.chance(0.3));
    if (!h.opt && this.chance(0.25)) return this.newView(s, h, this.pick(['$S', TUP, OPT, '$Builtin.NativeObject', '$Builtin.BridgeObject']));
    return this.pick(vs.length ? vs : e.views);
  }
  addView(s, h, v, ty) {
    const w = { v, ty };
    this.entry(s, h).views.push(w);
    return w;
  }
  /** Emits the casts or aggregate instructions that give h a view of type `want` (4). */
  newView(s, h, want) {
    if (h.opt) return this.pick(this.entry(s, h).views);
    if (want === '$C') return this.toC(s, h, true);
    const base = this.entry(s, h).views.find((w) => w.ty === '$C') ?? this.toC(s, h);
    let x;
    switch (want) {
      case '$S': x = this.def(`struct $S (${base.v} : $C, ${this.pick(s.ints.length ? s.ints : [s.acc])} : ${I64})`); break;
      case TUP: x = this.def(`tuple (${base.v} : $C, ${s.acc} : ${I64})`); break;
      case OPT: x = this.def(`enum ${OPT}, #FakeOptional.some!enumelt, ${base.v} : $C`); break;
      case '$Builtin.NativeObject': x = this.def(`unchecked_ref_cast ${base.v} : $C to $Builtin.NativeObject`); break;
      case '$Builtin.BridgeObject': {
        const w = this.def('integer_literal $Builtin.Word, 0');
        x = this.def(`ref_to_bridge_object ${base.v} : $C, ${w} : $Builtin.Word`);
        break;
      }
      default: throw new Error(`no view ${want}`);
    }
    return this.addView(s, h, x, want);
  }
  /** A `$C` view of h (a fresh one derived from another view when `fresh`) (4). */
  toC(s, h, fresh = false) {
    const e = this.entry(s, h);
    const from = this.pick(e.views);
    let x;
    switch (from.ty) {
      case '$C': {
        if (!fresh) return from;
        const k = this.int(3);
        if (k === 0 && (h.dyn === 'D' || h.dyn === 'E')) {
          const d = this.chance(0.5)
            ? this.def(`unchecked_ref_cast ${from.v} : $C to $${h.dyn}`)
            : this.def(`unconditional_checked_cast ${from.v} : $C to ${h.dyn}`);
          this.addView(s, h, d, `$${h.dyn}`);
          x = this.def(`upcast ${d} : $${h.dyn} to $C`);
        } else if (k === 1) {
          const a = this.def(`init_existential_ref ${from.v} : $C : $C, $AnyObject`);
          const o = this.def(`open_existential_ref ${a} : $AnyObject to ${OPENED}`);
          x = this.def(`unchecked_ref_cast ${o} : ${OPENED} to $C`);
        } else {
          const w = this.def('integer_literal $Builtin.Word, 0');
          const b = this.def(`ref_to_bridge_object ${from.v} : $C, ${w} : $Builtin.Word`);
          x = this.def(`bridge_object_to_ref ${b} : $Builtin.BridgeObject to $C`);
        }
        break;
      }
      case '$D': case '$E': x = this.def(`upcast ${from.v} : ${from.ty} to $C`); break;
      case '$S': x = this.def(`struct_extract ${from.v} : $S, #S.c`); break;
      case TUP: x = this.def(`tuple_extract ${from.v} : ${TUP}, 0`); break;
      case OPT: x = this.def(`unchecked_enum_data ${from.v} : ${OPT}, #FakeOptional.some!enumelt`); break;
      case '$Builtin.NativeObject': x = this.def(`unchecked_ref_cast ${from.v} : $Builtin.NativeObject to $C`); break;
      case '$Builtin.BridgeObject': x = this.def(`bridge_object_to_ref ${from.v} : $Builtin.BridgeObject to $C`); break;
      default: return this.toC(s, h, fresh);
    }
    return this.addView(s, h, x, '$C');
  }

  // ---- reference counting ------------------------------------------------------------

  retain(s, h, w = this.anyView(s, h)) {
    this.emit(STRONG.has(w.ty) && this.chance(0.7) ? `strong_retain ${w.v} : ${w.ty}` : `retain_value ${w.v} : ${w.ty}`);
    this.entry(s, h).count++;
  }
  release(s, h, w = this.anyView(s, h)) {
    this.emit(STRONG.has(w.ty) && this.chance(0.7) ? `strong_release ${w.v} : ${w.ty}` : `release_value ${w.v} : ${w.ty}`);
    this.entry(s, h).count--;
  }
  /** Whether releasing one reference of h keeps the region's promise: h's count never drops to 0 unless its target is 0. */
  canRelease(s, h, target) {
    const c = this.entry(s, h).count;
    return c >= 1 && (c >= 2 || h.borrowed || (target.get(h) ?? 0) === 0);
  }
  /**
   * Ends a region (6): every handle goes back to its target count (absent: 0), retains
   * first so that no object dies before a retain that needs it alive; observes
   * sometimes sit between the releases, so frees have distinct trace positions.
   */
  close(s, target) {
    for (const [h, n] of target) if (n > 0 && !s.alive(h)) throw new Error('generator: a region lost an object it must give back');
    for (const h of s.st.keys()) {
      if (this.entry(s, h).count >= (target.get(h) ?? 0)) continue;
      if (!s.alive(h)) throw new Error('generator: a region released an object it must give back');
      while (this.entry(s, h).count < (target.get(h) ?? 0)) this.retain(s, h);
    }
    for (const h of [...s.st.keys()]) {
      while (this.entry(s, h).count > (target.get(h) ?? 0)) {
        this.release(s, h);
        if (this.chance(0.3)) this.mix(s, this.lit(this.int(100)));
      }
    }
    for (const h of [...s.st.keys()]) if (!s.alive(h)) s.st.delete(h);
  }

  // ---- statements --------------------------------------------------------------------

  alloc(s) {
    const dyn = this.pick(['C', 'C', 'D', 'E']);
    const h = handle(dyn);
    const x = this.fresh();
    this.emit(`${x} = alloc_ref $${dyn}`);
    s.st.set(h, { count: 1, views: [{ v: x, ty: `$${dyn}` }] });
    if (dyn !== 'C') this.toC(s, h);
    return h;
  }
  /** One use of h that needs it alive: a helper call, fix_lifetime, mark_dependence, is_unique. */
  use(s, h, target, keep = false) {
    const k = this.int(5);
    if (h.opt || k === 0) {
      const w = this.anyView(s, h);
      this.emit(`fix_lifetime ${w.v} : ${w.ty}`);
      return;
    }
    if (k === 1) {
      const a = this.cview(s, h);
      const b = this.cview(s, this.pick(s.live().filter((x) => !x.opt)));
      const x = this.fresh();
      this.emit(`${x} = mark_dependence ${a.v} : $C on ${b.v} : $C`);
      this.emit(`fix_lifetime ${x} : $C`);
      return;
    }
    if (k === 2) return this.unique(s, h);
    this.call(s, target, h, keep);
  }
  /** `is_unique` through a stack slot; its result joins the checksum, so a changed count shows (4). */
  unique(s, h) {
    const w = this.cview(s, h);
    const slot = this.fresh();
    this.emit(`${slot} = alloc_stack $C`);
    this.emit(`store ${w.v} to ${slot} : $*C`);
    const u = this.fresh();
    this.emit(`${u} = is_unique ${slot} : $*C`);
    if (this.chance(0.5)) {
      const l = this.fresh();
      this.emit(`${l} = load ${slot} : $*C`);
      this.addView(s, h, l, '$C');
    }
    this.emit(`dealloc_stack ${slot} : $*C`);
    const z = this.fresh();
    this.emit(`${z} = builtin "zextOrBitCast_Int1_Int64"(${u} : ${I1}) : ${I64}`);
    this.mix(s, z);
  }
  /**
   * Applies a helper (preferring arguments of h). `@owned` arguments are retained first
   * unless the region may give that reference up (never when `keep`); `@guaranteed`
   * arguments are chosen after the owned ones among handles still holding the object,
   * so a callee that releases its owned argument never frees a guaranteed one.
   */
  call(s, target, h, keep = false) {
    const hs = this.g.helpers.filter((f) => f.index < this.g.current);
    if (!hs.length || (this.loopDepth > 0 && this.name !== 'main')) return this.mix(s, this.lit(this.int(50)));
    const f = this.pick(hs);
    if (!s.live().some((x) => !x.opt)) return;
    const args = new Array(f.params.length);
    const choose = () => {
      const live = s.live().filter((x) => !x.opt);
      if (!live.length) return this.alloc(s);
      return h && s.alive(h) && !h.opt && this.chance(0.6) ? h : this.pick(live);
    };
    f.params.forEach((p, k) => {
      if (p.kind !== 'owned') return;
      const x = choose();
      const w = this.cview(s, x);
      if (keep || !this.canRelease(s, x, target) || this.chance(0.5)) this.retain(s, x, w);
      this.entry(s, x).count--;
      args[k] = w.v;
    });
    f.params.forEach((p, k) => {
      if (p.kind === 'int') args[k] = this.pick(s.ints.length ? s.ints : [s.acc]);
      else if (p.kind === 'guaranteed') args[k] = this.cview(s, choose()).v;
    });
    const fr = this.fresh();
    this.emit(`${fr} = function_ref @${f.name} : ${f.type}`);
    const r = this.fresh();
    this.emit(`${r} = apply ${fr}(${args.join(', ')}) : ${f.type}`);
    for (const x of [...s.st.keys()]) if (!s.alive(x)) s.st.delete(x);
    if (f.ret === 'int') this.mix(s, r);
    else {
      const nh = handle(null);
      s.st.set(nh, { count: 1, views: [{ v: r, ty: '$C' }] });
    }
  }
  /** A retain/release pair around uses, spelled through two views of the same object. */
  pair(s, target) {
    const h = this.pick(s.live());
    this.retain(s, h);
    const n = 1 + this.int(2);
    for (let i = 0; i < n && s.alive(h); i++) this.use(s, this.chance(0.7) ? h : this.pick(s.live()), target);
    if (s.alive(h) && this.canRelease(s, h, target)) this.release(s, h);
  }
  nested(s, target) {
    const a = this.pick(s.live());
    const b = this.chance(0.5) ? a : this.pick(s.live());
    this.retain(s, a);
    this.retain(s, b);
    this.use(s, a, target);
    if (s.alive(b) && this.canRelease(s, b, target)) this.release(s, b);
    this.mix(s, this.lit(this.int(9)));
    if (s.alive(a) && this.canRelease(s, a, target)) this.release(s, a);
  }
  /** retain_value/release_value of a two-reference struct P around a use. */
  twoRefs(s, target) {
    const live = s.live().filter((x) => !x.opt);
    if (!live.length) return;
    const a = this.pick(live);
    const b = this.pick(live);
    const va = this.cview(s, a);
    const vb = this.cview(s, b);
    const p = this.fresh();
    this.emit(`${p} = struct $P (${va.v} : $C, ${vb.v} : $C)`);
    this.emit(`retain_value ${p} : $P`);
    this.entry(s, a).count++;
    this.entry(s, b).count++;
    this.use(s, a, target, true);
    const pa = this.fresh();
    this.emit(`${pa} = struct_extract ${p} : $P, #P.a`);
    this.addView(s, a, pa, '$C');
    this.emit(`release_value ${p} : $P`);
    this.entry(s, a).count--;
    this.entry(s, b).count--;
  }
  /** A switch_enum on some(h): the payload is another view in the `some` block; `none` cannot happen. */
  switchSome(s, target, depth) {
    const h = this.pick(s.live().filter((x) => !x.opt));
    if (!h) return;
    const e = this.newView(s, h, OPT);
    const some = this.label();
    const none = this.label();
    const join = this.label();
    this.emit(`switch_enum ${e.v} : ${OPT}, case #FakeOptional.some!enumelt: ${some}, case #FakeOptional.none!enumelt: ${none}`);
    this.block(none);
    this.emit('unreachable');
    const p = this.fresh();
    this.block(some, [[p, '$C']]);
    const inner = s.copy();
    this.addView(inner, h, p, '$C');
    this.body(inner, depth - 1, 1 + this.int(2), inner.counts());
    this.close(inner, s.counts());
    const acc = this.fresh();
    this.emit(`br ${join}(${inner.acc} : ${I64})`);
    this.block(join, [[acc, I64]]);
    s.acc = acc;
  }

  /**
   * `checked_cast_br` of a handle to D: the success block gets the cast value as another
   * view, the failure block none (non-OSSA); which one runs depends on the object's
   * class, unknown statically for merged handles; both arms are balanced regions.
   */
  castBranch(s, depth) {
    const h = this.pick(s.live().filter((x) => !x.opt));
    if (!h) return;
    const w = this.cview(s, h);
    const [yes, no, join] = [this.label(), this.label(), this.label()];
    this.emit(`checked_cast_br C in ${w.v} : $C to D, ${yes}, ${no}`);
    const accs = [];
    for (const label of [yes, no]) {
      const a = s.copy();
      if (label === yes) {
        const d = this.fresh();
        this.block(yes, [[d, '$D']]);
        this.addView(a, h, d, '$D');
        this.mix(a, this.lit(1000));
      } else this.block(no);
      this.body(a, depth - 1, 1 + this.int(2), a.counts());
      this.close(a, s.counts());
      this.emit(`br ${join}(${a.acc} : ${I64})`);
      accs.push(a);
    }
    const acc = this.fresh();
    this.block(join, [[acc, I64]]);
    s.acc = acc;
  }

  /**
   * A diamond on an argument test (5). Kinds: 'balanced' (both arms give back what they
   * took), 'kill' (both arms release one handle entirely, at different points), 'phi'
   * (each arm passes +1 on some reference — a fresh object or a retained one — to the
   * join), 'enum' (one arm passes some(retained h), the other none).
   */
  diamond(s, depth, outer) {
    const kind = this.pick(['balanced', 'kill', 'phi', 'phi', 'enum']);
    const c = this.cond(s);
    const [t, f, join] = [this.label(), this.label(), this.label()];
    this.emit(`cond_br ${c}, ${t}, ${f}`);
    const target = s.counts();
    // Only a handle the enclosing region may give up entirely can die in both arms.
    const owned = s.live().filter((h) => !h.borrowed && !h.opt && this.entry(s, h).count >= 1 && (outer.get(h) ?? 0) === 0);
    const killed = kind === 'kill' && owned.length ? this.pick(owned) : null;
    if (killed) target.set(killed, 0);
    const accs = [];
    const passed = [];
    for (const [label, arm] of [[t, 0], [f, 1]]) {
      this.block(label);
      const a = s.copy();
      this.body(a, depth - 1, 1 + this.int(3), target);
      let extra = '';
      if (kind === 'phi' || kind === 'enum') {
        const w = this.transfer(a, target, kind === 'enum' && arm === 1 ? 'none' : kind === 'enum' ? 'some' : 'any');
        extra = `, ${w.v} : ${w.ty}`;
        passed.push(w);
      }
      this.close(a, target);
      this.emit(`br ${join}(${a.acc} : ${I64}${extra})`);
      accs.push(a);
    }
    const acc = this.fresh();
    const args = [[acc, I64]];
    let merged = null;
    if (passed.length) {
      const m = this.fresh();
      args.push([m, passed[0].ty]);
      merged = handle(null, { opt: kind === 'enum' });
      merged.views0 = [{ v: m, ty: passed[0].ty }];
    }
    this.block(join, args);
    s.acc = acc;
    if (killed) s.st.delete(killed);
    if (merged) s.st.set(merged, { count: 1, views: merged.views0 });
  }
  /**
   * Gives one reference away on an edge (phi argument): a fresh object, or a retained
   * view of a live handle; for 'some'/'none' the FakeOptional<C> built from it.
   */
  transfer(s, target, how) {
    if (how === 'none') {
      const x = this.fresh();
      this.emit(`${x} = enum ${OPT}, #FakeOptional.none!enumelt`);
      return { v: x, ty: OPT };
    }
    const live = s.live().filter((h) => !h.opt);
    const h = !live.length || this.chance(0.35) ? this.alloc(s) : this.pick(live);
    if (!target.has(h) && this.entry(s, h).count === 1 && this.chance(0.5)) {
      this.entry(s, h).count--; // a local object: its only reference goes to the phi
    } else {
      this.retain(s, h);
      this.entry(s, h).count--;
    }
    const w = this.cview(s, h);
    if (how === 'some') {
      const x = this.fresh();
      this.emit(`${x} = enum ${OPT}, #FakeOptional.some!enumelt, ${w.v} : $C`);
      return { v: x, ty: OPT };
    }
    return w;
  }
  /** Releases a maybe-none FakeOptional<C>: release_value, or switch_enum and release the payload. */
  killOpt(s, h) {
    const e = this.entry(s, h).views[0];
    if (this.chance(0.5)) {
      this.emit(`release_value ${e.v} : ${OPT}`);
    } else {
      const [some, none, join] = [this.label(), this.label(), this.label()];
      this.emit(`switch_enum ${e.v} : ${OPT}, case #FakeOptional.some!enumelt: ${some}, case #FakeOptional.none!enumelt: ${none}`);
      const p = this.fresh();
      this.block(some, [[p, '$C']]);
      this.emit(`strong_release ${p} : $C`);
      const a1 = this.bin('add', s.acc, this.lit(1));
      this.observe(a1);
      this.emit(`br ${join}(${a1} : ${I64})`);
      this.block(none);
      this.emit(`br ${join}(${s.acc} : ${I64})`);
      const acc = this.fresh();
      this.block(join, [[acc, I64]]);
      s.acc = acc;
    }
    this.entry(s, h).count--;
    s.st.delete(h);
  }

  /**
   * A counted loop (5): header(i, acc[, obj]) with trip count `x & 3` (+1), an optional
   * early exit from the body that releases (or retains) back to the header's counts,
   * variants 'plain', 'reroll' (release at the top, retain at the bottom: ARC pairs
   * them across iterations) and 'carried' (an object passed around the backedge,
   * released and replaced each iteration).
   */
  loop(s, depth) {
    const kind = this.pick(['plain', 'plain', 'reroll', 'carried']);
    const live = s.live().filter((h) => !h.opt);
    let rerolled = null;
    if (kind === 'reroll' && live.length) {
      rerolled = this.pick(live);
      this.retain(s, rerolled);
    }
    const n = this.bin('add', this.bin('and', this.pick(s.ints.length ? s.ints : [s.acc]), this.lit(3)), this.lit(1));
    const zero = this.lit(0);
    const [head, bodyL, exit] = [this.label(), this.label(), this.label()];
    const carried = kind === 'carried' ? this.transfer(s, s.counts(), 'any') : null;
    // 'slots': the counter and the checksum live in stack slots, so the header takes no
    // block arguments (the other loops carry them as header arguments).
    const slots = !carried && this.chance(0.5) ? [this.def(`alloc_stack ${I64}`), this.def(`alloc_stack ${I64}`)] : null;
    let i, acc, obj = null;
    if (slots) {
      this.emit(`store ${zero} to ${slots[0]} : $*Builtin.Int64`);
      this.emit(`store ${s.acc} to ${slots[1]} : $*Builtin.Int64`);
      this.emit(`br ${head}`);
      this.block(head);
      i = this.def(`load ${slots[0]} : $*Builtin.Int64`);
      acc = this.def(`load ${slots[1]} : $*Builtin.Int64`);
    } else {
      this.emit(`br ${head}(${zero} : ${I64}, ${s.acc} : ${I64}${carried ? `, ${carried.v} : $C` : ''})`);
      [i, acc, obj] = [this.fresh(), this.fresh(), carried ? this.fresh() : null];
      this.block(head, [[i, I64], [acc, I64], ...(obj ? [[obj, '$C']] : [])]);
    }
    /** The edge into the exit block carrying checksum `a` (and the carried object). */
    const toExit = (a, o = null) => {
      if (!slots) return `br ${exit}(${a} : ${I64}${o ? `, ${o} : $C` : ''})`;
      this.emit(`store ${a} to ${slots[1]} : $*Builtin.Int64`);
      return `br ${exit}`;
    };
    const hs = s.copy();
    hs.acc = acc;
    const objH = obj ? handle(null) : null;
    if (objH) hs.st.set(objH, { count: 1, views: [{ v: obj, ty: '$C' }] });
    const target = hs.counts(); // the counts at the header, the same on every iteration
    const c = this.bin('cmp_slt', i, n, I1);
    // The header leaves through a block of its own, so every exit of the loop is
    // dedicated (only loop blocks branch to it), as loop hoisting wants.
    const headExit = this.label();
    this.emit(`cond_br ${c}, ${bodyL}, ${headExit}`);
    this.block(bodyL);
    const b = hs.copy();
    b.ints.push(i);
    this.loopDepth++;
    if (rerolled && this.canRelease(b, rerolled, target)) this.release(b, rerolled);
    const bodyTarget = new Map(target);
    if (objH) bodyTarget.set(objH, 0); // replaced before the backedge
    this.body(b, depth - 1, 1 + this.int(3), bodyTarget);
    if (!obj && this.chance(0.5)) {
      // Early exit: what the body holds beyond the header's counts is released (compensation).
      const e = this.bin('cmp_eq', i, this.lit(this.int(3)), I1);
      const [early, cont] = [this.label(), this.label()];
      this.emit(`cond_br ${e}, ${early}, ${cont}`);
      this.block(early);
      const eb = b.copy();
      this.close(eb, target);
      this.emit(toExit(eb.acc));
      this.block(cont);
      this.body(b, depth - 1, this.int(2), bodyTarget);
    }
    let next = null;
    if (objH) {
      const w = this.transfer(b, bodyTarget, 'any');
      next = w;
    }
    this.close(b, bodyTarget);
    this.loopDepth--;
    const i1 = this.bin('add', i, this.lit(1));
    if (slots) {
      this.emit(`store ${i1} to ${slots[0]} : $*Builtin.Int64`);
      this.emit(`store ${b.acc} to ${slots[1]} : $*Builtin.Int64`);
      this.emit(`br ${head}`);
    } else this.emit(`br ${head}(${i1} : ${I64}, ${b.acc} : ${I64}${next ? `, ${next.v} : $C` : ''})`);
    this.block(headExit);
    this.emit(toExit(acc, obj));
    let accX;
    const objX = obj ? this.fresh() : null;
    if (slots) {
      this.block(exit);
      accX = this.def(`load ${slots[1]} : $*Builtin.Int64`);
      this.emit(`dealloc_stack ${slots[1]} : $*Builtin.Int64`);
      this.emit(`dealloc_stack ${slots[0]} : $*Builtin.Int64`);
    } else {
      accX = this.fresh();
      this.block(exit, [[accX, I64], ...(objX ? [[objX, '$C']] : [])]);
    }
    // After the loop only values defined before it (and the exit's arguments) are in scope.
    for (const [h, e] of hs.st) if (s.st.has(h)) s.st.get(h).count = e.count;
    s.acc = accX;
    if (objX) s.st.set(handle(null), { count: 1, views: [{ v: objX, ty: '$C' }] });
    if (rerolled && s.alive(rerolled) && this.canRelease(s, rerolled, s.counts())) this.release(s, rerolled);
  }

  /** `count` statements into scope s; `target` holds the counts the enclosing region must end with. */
  body(s, depth, count, target) {
    for (let k = 0; k < count; k++) this.stmt(s, depth, target);
  }
  stmt(s, depth, target) {
    const live = s.live();
    if (!live.length || this.chance(0.08)) return void this.alloc(s);
    const r = this.int(100);
    if (r < 16) return this.pair(s, target);
    if (r < 24) return this.nested(s, target);
    if (r < 36) return this.use(s, this.pick(live), target);
    if (r < 42) return this.call(s, target);
    if (r < 47) return this.twoRefs(s, target);
    if (r < 52) return void this.alloc(s);
    if (r < 58) {
      // A final (or partial) release of an owned handle, allowed where the region lets it go.
      const h = this.pick(live);
      if (h.opt && this.entry(s, h).count === 1 && (target.get(h) ?? 0) === 0) return this.killOpt(s, h);
      if (!h.opt && this.canRelease(s, h, target)) this.release(s, h);
      for (const x of [...s.st.keys()]) if (!s.alive(x)) s.st.delete(x);
      return;
    }
    if (r < 61) {
      const f = this.lit(0, I1);
      this.emit(`cond_fail ${f} : ${I1}, "never"`);
      return;
    }
    const shape = this.g.o.shape;
    if (depth <= 0 || shape === 'straight') return this.pair(s, target);
    if (shape === 'loops') return this.loop(s, depth);
    if (r < 74 || (shape === 'diamonds' && r < 88)) return this.diamond(s, depth, target);
    if (r < 88) return this.loop(s, depth);
    return r < 94 ? this.switchSome(s, target, depth) : this.castBranch(s, depth);
  }

  /** The function text. */
  generate() {
    const s = new Scope();
    const args = [];
    for (const p of this.params) {
      const v = this.fresh();
      if (p.kind === 'int') { args.push([v, I64]); s.ints.push(v); continue; }
      args.push([v, '$C']);
      s.st.set(handle(null, { borrowed: p.kind === 'guaranteed' }), { count: p.kind === 'owned' ? 1 : 0, views: [{ v, ty: '$C' }] });
    }
    this.block('bb0', args);
    s.acc = s.ints.length ? s.ints[0] : this.lit(this.int(100));
    this.body(s, this.g.o.depth, this.name === 'main' ? this.g.o.stmts : Math.max(2, this.g.o.stmts - 2), new Map());
    if (this.ret === 'owned') {
      const live = s.live().filter((h) => !h.opt);
      const h = live.length ? this.pick(live) : this.alloc(s);
      if (this.entry(s, h).count === 0) this.retain(s, h);
      const w = this.cview(s, h);
      this.entry(s, h).count--;
      this.close(s, new Map());
      this.emit(`return ${w.v} : $C`);
    } else {
      this.close(s, new Map());
      this.observe(s.acc);
      this.emit(`return ${s.acc} : ${I64}`);
    }
    const sig = this.params.map((p) => (p.kind === 'int' ? 'Builtin.Int64' : `@${p.kind} C`)).join(', ');
    return `sil @${this.name} : $@convention(thin) (${sig}) -> ${this.ret === 'int' ? 'Builtin.Int64' : '@owned C'} {\n${this.lines.join('\n')}\n}\n`;
  }
}

class Gen {
  constructor(seed, o) {
    this.r = rng(seed * 2654435761 + 17);
    this.o = o;
    this.helpers = [];
    this.current = 0;
  }
}

function helperSig(g, index) {
  const int = (n) => Math.floor(g.r() * n);
  const params = [];
  const refs = 1 + int(2);
  for (let k = 0; k < refs; k++) params.push({ kind: g.r() < 0.5 ? 'guaranteed' : 'owned' });
  if (g.r() < 0.7) params.push({ kind: 'int' });
  const ret = g.r() < 0.3 ? 'owned' : 'int';
  const sig = params.map((p) => (p.kind === 'int' ? 'Builtin.Int64' : `@${p.kind} C`)).join(', ');
  return { name: `h${index}`, index, params, ret, type: `$@convention(thin) (${sig}) -> ${ret === 'int' ? 'Builtin.Int64' : '@owned C'}` };
}

/** The SIL text of a module whose entry is `@main(Builtin.Int64, Builtin.Int64) -> Builtin.Int64`. */
export function generateSilProgram(seed, options = {}) {
  const o = { ...DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) };
  const g = new Gen(seed, o);
  const count = o.helpers ?? 2 + Math.floor(g.r() * 3);
  for (let i = 0; i < count; i++) g.helpers.push(helperSig(g, i));
  const parts = [HEADER];
  for (const f of g.helpers) {
    g.current = f.index;
    parts.push(new FnGen(g, f.name, f.params, f.ret).generate());
  }
  g.current = count;
  parts.push(new FnGen(g, 'main', [{ kind: 'int' }, { kind: 'int' }], 'int').generate());
  return parts.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const seed = Number(argv[0] ?? 1);
  const opt = {};
  let out;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-o') out = argv[++i];
    else if (a === '--shape') opt.shape = argv[++i];
    else if (a.startsWith('--')) opt[a.slice(2)] = Number(argv[++i]);
  }
  const text = generateSilProgram(seed, opt);
  if (out) writeFileSync(out, text);
  else process.stdout.write(text);
}
