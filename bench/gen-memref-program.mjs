// Seeded generator of executable memref programs for the buffer-deallocation
// differential tests: the input and the output of a deallocation pipeline, lowered to
// LLVM and run (mlir-cpu-runner-19, lifeline-run), must print the same i64.
//
// What a module holds:
//   (1) `func.func @main() -> i64`, public, the entry; further functions, private and
//       public, returning `(memref, i64)` or `i64`; calls go from a function only to
//       later ones, so there is no recursion, and each function runs (its predecessor
//       calls it unconditionally if no earlier function does); `@fill` (private)
//       initializes buffers;
//   (2) static `memref.alloc()` and dynamic `memref.alloc(%n)` buffers, each filled
//       right away (a call to @fill or an inline scf.for), so no load reads
//       uninitialized memory; subviews with static and dynamic offsets; memref.cast;
//       memref.copy; memref.dim; arith.select between memrefs;
//   (3) scf.if, scf.for and scf.while yielding memrefs and carrying them as iter_args,
//       cf.cond_br diamonds and triangles (acyclic: MLIR 19 rejects unstructured
//       loops) with memref block arguments;
//   (4) a running checksum: every loaded or computed i64 is mixed into it, regions
//       yield it, blocks take it as an argument, functions return it;
//   (5) no deallocs (the pipeline inserts them), no out-of-bounds access (indices are
//       constants or values masked below the buffer's length, which is 8 for
//       `memref<8xi64>` and `memref<?xi64>` (8..11), 4 for subviews), no UB (divisors
//       are `x | 1`, shift amounts `x & 63`, no nsw/nuw flags), quick termination
//       (trip counts `x & 7`, nesting bounded, no calls below loop depth 1);
//   (6) branch conditions and loop bounds come from loaded values, so the canonicalizer
//       cannot fold them before deallocation runs;
//   (7) a function never returns a buffer that may alias one of its arguments (the
//       function-boundary ABI of ownership-based deallocation forbids it);
//   (8) shapes that crash mlir-opt-19's pipeline are avoided (shared/notes/mlir-dealloc.md):
//       a result of an scf op with memref results is never live into another block (the
//       checksum and memrefs cross blocks as block arguments), and a memref passed to a
//       cf.cond_br / cf.br (or a view or cast of the same buffer, or a merge the
//       canonicalizer folds to it) is not used directly in that branch's successors.
//       Casts of scf results count as scf results (loads fold through casts).
//
//   generateMemrefProgram(seed, { funcs, stmts, depth, diamonds }) -> MLIR text
//   node bench/gen-memref-program.mjs SEED [-o FILE] [--funcs N] [--stmts N] [--depth N] [--diamonds N]
import { writeFileSync } from 'node:fs';
import { rng } from './gen-module.mjs';

export { rng };

/** Memref kinds that can meet in selects, region results and block arguments, with their guaranteed length. */
const KINDS = {
  A: { ty: 'memref<8xi64>', len: 8 },
  D: { ty: 'memref<?xi64>', len: 8 },
  V: { ty: 'memref<4xi64, strided<[1], offset: ?>>', len: 4 },
};
const MERGE = ['A', 'A', 'D', 'D', 'V'];
const INT_BIN = ['addi', 'subi', 'muli', 'xori', 'andi', 'ori', 'maxsi', 'minui'];
const CMP = ['slt', 'sgt', 'eq', 'ne', 'ult', 'sge'];

export const DEFAULTS = Object.freeze({
  funcs: undefined, // functions besides @main and @fill; default 1-2 by seed
  stmts: 3, // statements per function body (region bodies get fewer)
  depth: 2, // nesting depth of scf regions
  diamonds: undefined, // cf.cond_br diamonds per function; default 0-1 by seed
});

/** A copy of a scope: memrefs, i64 values, indices below 8 (loop ivs), dynamic sizes, masked indices and the checksum. */
function copyScope(s) {
  return { mems: [...s.mems], ints: [...s.ints], ivs: [...s.ivs], sizes: [...s.sizes], idx: [...s.idx], acc: s.acc };
}

class Gen {
  constructor(seed, o) {
    this.r = rng(seed);
    this.o = o;
  }
  int(n) { return Math.floor(this.r() * n); }
  chance(p) { return this.r() < p; }
  pick(a) { return a[this.int(a.length)]; }

  fresh() { return `%v${this.fn.n++}`; }
  label() { return `^bb${this.fn.blocks++}`; }
  line(ind, s) { this.fn.lines.push('  '.repeat(ind) + s); }
  /** An index or i64 constant, defined once at the top of the entry block. */
  cst(v, t = 'index') {
    const name = t === 'index' ? `%c${v}` : `%c${v < 0 ? 'm' : ''}${Math.abs(v)}_i64`;
    this.fn.consts.set(name, `${name} = arith.constant ${v} : ${t}`);
    return name;
  }

  /** A memref value record: kind, type, guaranteed length, whether it may alias an argument. */
  mem(v, kind, { arg = false, base = v, ty = KINDS[kind].ty, len = KINDS[kind].len, tainted = false } = {}) {
    return { v, kind, ty, len, arg, base, tainted };
  }
  ofKind(scope, kind) { return scope.mems.filter((m) => m.kind === kind); }
  /** A recent memref of any kind; a fresh buffer when the scope has none. */
  anyMem(ind, scope) {
    return scope.mems.length ? this.pick(scope.mems.slice(-8)) : this.alloc(ind, scope, 'A');
  }

  /** Mixes a new i64 into the checksum (4). */
  mix(ind, scope, x) {
    const a = this.fresh();
    const c = this.int(3);
    if (c === 2) {
      const t = this.fresh();
      this.line(ind, `${t} = arith.muli ${scope.acc}, ${this.cst(31, 'i64')} : i64`);
      this.line(ind, `${a} = arith.addi ${t}, ${x} : i64`);
    } else this.line(ind, `${a} = arith.${c ? 'xori' : 'addi'} ${scope.acc}, ${x} : i64`);
    scope.acc = a;
  }
  /** A memory-derived i64 (6): loaded or computed from loads. */
  dyn(scope) {
    return scope.ints.length && this.chance(0.85) ? this.pick(scope.ints.slice(-6)) : scope.acc;
  }
  /** An index below `len` (a power of two): a constant, a masked value or a loop iv (5). */
  index(ind, scope, len) {
    const c = this.r();
    if (c < 0.35) return this.cst(this.int(len));
    if (c < 0.55 && scope.ivs.length) {
      const iv = this.pick(scope.ivs);
      if (len === 8) return iv;
      const x = this.fresh();
      this.line(ind, `${x} = arith.remui ${iv}, ${this.cst(len)} : index`);
      return x;
    }
    // Masked indices are reused: they are as opaque to the canonicalizer the second time.
    const have = scope.idx.filter((i) => i.len <= len);
    if (have.length && this.chance(0.5)) return this.pick(have).v;
    const t = this.fresh();
    const x = this.fresh();
    this.line(ind, `${t} = arith.andi ${this.dyn(scope)}, ${this.cst(len - 1, 'i64')} : i64`);
    this.line(ind, `${x} = arith.index_cast ${t} : i64 to index`);
    scope.idx.push({ len, v: x });
    return x;
  }
  /** An i1 from memory contents (6). */
  cond(ind, scope) {
    const c = this.fresh();
    const lhs = this.dyn(scope);
    let rhs = this.chance(0.5) ? null : this.dyn(scope);
    // `x cmp x` folds to a constant.
    if (!rhs || rhs === lhs) rhs = this.cst(this.pick([0, 9, 20, 33]), 'i64');
    this.line(ind, `${c} = arith.cmpi ${this.pick(CMP)}, ${lhs}, ${rhs} : i64`);
    return c;
  }

  // ------------------------------------------------------------ buffers

  /** Fills a fresh buffer (2): a call to @fill or an inline loop. */
  fill(ind, scope, m) {
    const k = this.chance(0.5) ? this.cst(this.pick([-5, 3, 11]), 'i64') : this.dyn(scope);
    if (this.chance(0.7)) {
      let d = m.v;
      if (m.kind === 'A') {
        d = this.fresh();
        this.line(ind, `${d} = memref.cast ${m.v} : ${m.ty} to ${KINDS.D.ty}`);
      }
      this.line(ind, `func.call @fill(${d}, ${k}) : (${KINDS.D.ty}, i64) -> ()`);
      this.fn.usesFill = true;
      return;
    }
    const n = m.kind === 'A' ? this.cst(8) : this.fresh();
    if (m.kind !== 'A') this.line(ind, `${n} = memref.dim ${m.v}, ${this.cst(0)} : ${m.ty}`);
    const [i, t, u] = [this.fresh(), this.fresh(), this.fresh()];
    this.line(ind, `scf.for ${i} = ${this.cst(0)} to ${n} step ${this.cst(1)} {`);
    this.line(ind + 1, `${t} = arith.index_cast ${i} : index to i64`);
    this.line(ind + 1, `${u} = arith.addi ${t}, ${k} : i64`);
    this.line(ind + 1, `memref.store ${u}, ${m.v}[${i}] : ${m.ty}`);
    this.line(ind, '}');
  }
  alloc(ind, scope, kind) {
    const v = this.fresh();
    if (kind === 'A') this.line(ind, `${v} = memref.alloc() : ${KINDS.A.ty}`);
    else {
      // A size of 8 + (x & 3), from memory (6); reused for a few allocations.
      let n = scope.sizes.length && this.chance(0.6) ? this.pick(scope.sizes) : null;
      if (!n) {
        const [t, x] = [this.fresh(), this.fresh()];
        n = this.fresh();
        this.line(ind, `${t} = arith.andi ${this.dyn(scope)}, ${this.cst(3, 'i64')} : i64`);
        this.line(ind, `${x} = arith.index_cast ${t} : i64 to index`);
        this.line(ind, `${n} = arith.addi ${x}, ${this.cst(8)} : index`);
        scope.sizes.push(n);
      }
      this.line(ind, `${v} = memref.alloc(${n}) : ${KINDS.D.ty}`);
    }
    const m = this.mem(v, kind);
    this.fill(ind, scope, m);
    scope.mems.push(m);
    return m;
  }
  subview(ind, scope, src, dynamic) {
    const v = this.fresh();
    if (dynamic) {
      const off = this.index(ind, scope, 4);
      this.line(ind, `${v} = memref.subview ${src.v}[${off}] [4] [1] : ${src.ty} to ${KINDS.V.ty}`);
      scope.mems.push(this.mem(v, 'V', { arg: src.arg, base: src.base }));
    } else {
      const off = this.int(5);
      const ty = `memref<4xi64, strided<[1], offset: ${off}>>`;
      this.line(ind, `${v} = memref.subview ${src.v}[${off}] [4] [1] : ${src.ty} to ${ty}`);
      scope.mems.push(this.mem(v, 'W', { arg: src.arg, base: src.base, ty, len: 4 }));
      if (this.chance(0.3)) {
        // Erase the static offset, so the view can meet dynamic ones.
        const c = this.fresh();
        this.line(ind, `${c} = memref.cast ${v} : ${ty} to ${KINDS.V.ty}`);
        scope.mems.push(this.mem(c, 'V', { arg: src.arg, base: src.base }));
      }
    }
  }
  /** A value of `kind` from the scope (not aliasing an argument when `noArg`), made if there is none. */
  need(ind, scope, kind, noArg = false) {
    const have = this.ofKind(scope, kind).filter((m) => !noArg || !m.arg);
    if (have.length && this.chance(0.85)) return this.pick(have.slice(-5));
    if (kind !== 'V') return this.alloc(ind, scope, kind);
    const src = this.need(ind, scope, this.chance(0.5) ? 'A' : 'D', noArg);
    this.subview(ind, scope, src, true);
    return scope.mems[scope.mems.length - 1];
  }

  // ------------------------------------------------------------ statements

  stmt(ind, scope, depth, loops) {
    const c = this.r();
    const region = depth < this.o.depth;
    if (c < 0.07) this.alloc(ind, scope, 'A');
    else if (c < 0.12) this.alloc(ind, scope, 'D');
    else if (c < 0.2) {
      const src = this.need(ind, scope, this.chance(0.5) ? 'A' : 'D');
      this.subview(ind, scope, src, this.chance(0.5));
    } else if (c < 0.25) {
      const ws = this.ofKind(scope, 'W');
      const toV = ws.length && this.chance(0.8);
      const src = toV ? this.pick(ws) : this.need(ind, scope, 'A');
      const v = this.fresh();
      const kind = toV ? 'V' : 'D';
      this.line(ind, `${v} = memref.cast ${src.v} : ${src.ty} to ${KINDS[kind].ty}`);
      // Loads and stores through a cast fold onto its source: the cast is as tainted (8).
      scope.mems.push(this.mem(v, kind, { arg: src.arg, base: src.base, tainted: src.tainted }));
    } else if (c < 0.31) {
      const kind = this.pick(MERGE);
      const a = this.need(ind, scope, kind);
      // `select c, x, x` folds to x: pick two values.
      const others = this.ofKind(scope, kind).filter((m) => m !== a);
      const b = others.length && this.chance(0.85) ? this.pick(others.slice(-5)) : this.alloc(ind, scope, kind === 'V' ? 'D' : kind);
      const bv = kind === 'V' && b.kind !== 'V' ? (this.subview(ind, scope, b, true), scope.mems[scope.mems.length - 1]) : b;
      const v = this.fresh();
      this.line(ind, `${v} = arith.select ${this.cond(ind, scope)}, ${a.v}, ${bv.v} : ${a.ty}`);
      const same = this.sameBase([a, bv]);
      scope.mems.push(this.mem(v, kind, { arg: a.arg || bv.arg, base: same ?? v, tainted: same !== undefined && (a.tainted || bv.tainted) }));
    } else if (c < 0.5) {
      const m = this.anyMem(ind, scope);
      const v = this.fresh();
      this.line(ind, `${v} = memref.load ${m.v}[${this.index(ind, scope, m.len)}] : ${m.ty}`);
      scope.ints.push(v);
      this.mix(ind, scope, v);
    } else if (c < 0.62) {
      const m = this.anyMem(ind, scope);
      const x = this.chance(0.3) ? scope.acc : this.dyn(scope);
      this.line(ind, `memref.store ${x}, ${m.v}[${this.index(ind, scope, m.len)}] : ${m.ty}`);
    } else if (c < 0.68) {
      this.arith(ind, scope);
    } else if (c < 0.71) {
      const as = this.ofKind(scope, 'A');
      if (as.length >= 2) {
        const a = this.pick(as);
        const b = this.pick(as.filter((x) => x !== a));
        this.line(ind, `memref.copy ${a.v}, ${b.v} : ${a.ty} to ${b.ty}`);
      } else this.alloc(ind, scope, 'A');
    } else if (c < 0.73) {
      const d = this.need(ind, scope, 'D');
      const [n, x] = [this.fresh(), this.fresh()];
      this.line(ind, `${n} = memref.dim ${d.v}, ${this.cst(0)} : ${d.ty}`);
      this.line(ind, `${x} = arith.index_cast ${n} : index to i64`);
      this.mix(ind, scope, x);
    } else if (c < 0.8 && region) this.ifOp(ind, scope, depth, loops);
    else if (c < 0.86 && region) this.forOp(ind, scope, depth, loops);
    else if (c < 0.9 && region) this.whileOp(ind, scope, depth, loops);
    else if (c < 0.98 && this.callees.length && loops <= 1) this.call(ind, scope);
    else this.arith(ind, scope);
  }

  arith(ind, scope) {
    const op = this.pick([...INT_BIN, 'divui', 'remui', 'shli', 'shrui']);
    let y = this.dyn(scope);
    if (op === 'divui' || op === 'remui' || op.startsWith('sh')) {
      // A divisor is never 0, a shift amount never reaches the width (5).
      const t = this.fresh();
      this.line(ind, op.startsWith('sh') ? `${t} = arith.andi ${y}, ${this.cst(63, 'i64')} : i64` : `${t} = arith.ori ${y}, ${this.cst(1, 'i64')} : i64`);
      y = t;
    }
    const v = this.fresh();
    this.line(ind, `${v} = arith.${op} ${this.dyn(scope)}, ${y} : i64`);
    scope.ints.push(v);
    this.mix(ind, scope, v);
  }

  /** A body: a few statements into a copy of `scope`; returns the inner scope. */
  body(ind, scope, depth, loops) {
    const n = 1 + this.int(Math.max(1, Math.ceil(this.o.stmts / (depth + 2))));
    for (let k = 0; k < n; k++) this.stmt(ind, scope, depth, loops);
    return scope;
  }
  /** The memref kinds a region op carries. */
  carried(scope) {
    const n = this.chance(0.15) ? 0 : this.chance(0.75) ? 1 : 2;
    return Array.from({ length: n }, () => this.pick(MERGE.filter((k) => k !== 'V' || this.ofKind(scope, 'V').length)));
  }
  /** Values to yield for `inits` (one per carried memref) from `inner`: never more argument-aliasing than the init (7). */
  yields(ind, inner, inits) {
    return inits.map((m) => (this.chance(0.2) && m.kind !== 'V' ? this.alloc(ind, inner, m.kind) : this.need(ind, inner, m.kind, !m.arg)));
  }
  /** Binds the results of a region op: memrefs first, then the checksum; all tainted (8). */
  results(v, scope, mems) {
    const n = mems.length + 1;
    const name = (i) => (n > 1 ? `${v}#${i}` : v);
    mems.forEach((m, i) => scope.mems.push(this.mem(name(i), m.kind, { arg: m.arg, tainted: true, base: m.base ?? name(i) })));
    scope.acc = name(mems.length);
    this.fn.tainted.add(scope.acc);
  }
  /**
   * The buffer a merge of `ms` is known to be (undefined: unknown). The canonicalizer
   * folds a merge of one value into that value, so it must count as that value for (8).
   */
  sameBase(ms) { return ms.every((m) => m.base === ms[0].base) ? ms[0].base : undefined; }
  /** Same for a loop result: the init when the body yields the iter_arg (or the init's buffer). */
  loopBase(init, iterArg, y) { return y.base === init.base || y.base === iterArg.base ? init.base : undefined; }
  head(v, n) { return n > 1 ? `${v}:${n}` : v; }
  tys(mems) { return [...mems.map((m) => m.ty), 'i64'].join(', '); }

  ifOp(ind, scope, depth, loops) {
    const kinds = this.carried(scope);
    const c = this.cond(ind, scope);
    const v = this.fresh();
    const arms = [];
    this.line(ind, `${this.head(v, kinds.length + 1)} = scf.if ${c} -> (${[...kinds.map((k) => KINDS[k].ty), 'i64'].join(', ')}) {`);
    for (const which of ['then', 'else']) {
      if (which === 'else') this.line(ind, '} else {');
      const inner = this.body(ind + 1, copyScope(scope), depth + 1, loops);
      const ys = kinds.map((k) => (this.chance(0.25) && k !== 'V' ? this.alloc(ind + 1, inner, k) : this.need(ind + 1, inner, k)));
      this.line(ind + 1, `scf.yield ${[...ys.map((m) => m.v), inner.acc].join(', ')} : ${this.tys(ys)}`);
      arms.push(ys);
    }
    this.line(ind, '}');
    this.results(v, scope, kinds.map((k, i) => ({
      kind: k, ty: KINDS[k].ty, arg: arms[0][i].arg || arms[1][i].arg, base: this.sameBase([arms[0][i], arms[1][i]]),
    })));
  }

  forOp(ind, scope, depth, loops) {
    const kinds = this.carried(scope);
    const inits = kinds.map((k) => this.need(ind, scope, k));
    const [t, ub, iv, v] = [this.fresh(), this.fresh(), this.fresh(), this.fresh()];
    this.line(ind, `${t} = arith.andi ${this.dyn(scope)}, ${this.cst(7, 'i64')} : i64`);
    this.line(ind, `${ub} = arith.index_cast ${t} : i64 to index`);
    const inner = copyScope(scope);
    inner.ivs.push(iv);
    const args = inits.map((m) => {
      const a = this.fresh();
      inner.mems.push(this.mem(a, m.kind, { arg: m.arg }));
      return `${a} = ${m.v}`;
    });
    const acc = this.fresh();
    args.push(`${acc} = ${scope.acc}`);
    inner.acc = acc;
    this.line(ind, `${this.head(v, kinds.length + 1)} = scf.for ${iv} = ${this.cst(0)} to ${ub} step ${this.cst(1)} iter_args(${args.join(', ')}) -> (${this.tys(inits)}) {`);
    this.body(ind + 1, inner, depth + 1, loops + 1);
    const ys = this.yields(ind + 1, inner, inner.mems.slice(scope.mems.length, scope.mems.length + inits.length));
    this.line(ind + 1, `scf.yield ${[...ys.map((m) => m.v), inner.acc].join(', ')} : ${this.tys(ys)}`);
    this.line(ind, '}');
    this.results(v, scope, inits.map((m, i) => ({ ...m, base: this.loopBase(m, inner.mems[scope.mems.length + i], ys[i]) })));
  }

  whileOp(ind, scope, depth, loops) {
    const kinds = this.carried(scope).slice(0, 1);
    const inits = kinds.map((k) => this.need(ind, scope, k));
    const bound = this.fresh();
    this.line(ind, `${bound} = arith.andi ${this.dyn(scope)}, ${this.cst(7, 'i64')} : i64`);
    const v = this.fresh();
    const [i0, m0, a0] = [this.fresh(), inits.map(() => this.fresh()), this.fresh()];
    const types = ['i64', ...inits.map((m) => m.ty), 'i64'].join(', ');
    const inits2 = [`${i0} = ${this.cst(0, 'i64')}`, ...inits.map((m, k) => `${m0[k]} = ${m.v}`), `${a0} = ${scope.acc}`];
    this.line(ind, `${v}:${inits.length + 2} = scf.while (${inits2.join(', ')}) : (${types}) -> (${types}) {`);
    const c = this.fresh();
    this.line(ind + 1, `${c} = arith.cmpi slt, ${i0}, ${bound} : i64`);
    this.line(ind + 1, `scf.condition(${c}) ${[i0, ...m0, a0].join(', ')} : ${types}`);
    this.line(ind, '} do {');
    const [i1, m1, a1] = [this.fresh(), inits.map(() => this.fresh()), this.fresh()];
    this.line(ind, `^bb0(${[`${i1}: i64`, ...inits.map((m, k) => `${m1[k]}: ${m.ty}`), `${a1}: i64`].join(', ')}):`);
    const inner = copyScope(scope);
    const carriedIn = inits.map((m, k) => this.mem(m1[k], m.kind, { arg: m.arg }));
    inner.mems.push(...carriedIn);
    inner.ints.push(i1);
    inner.acc = a1;
    this.body(ind + 1, inner, depth + 1, loops + 1);
    const ys = this.yields(ind + 1, inner, carriedIn);
    const next = this.fresh();
    this.line(ind + 1, `${next} = arith.addi ${i1}, ${this.cst(1, 'i64')} : i64`);
    this.line(ind + 1, `scf.yield ${[next, ...ys.map((m) => m.v), inner.acc].join(', ')} : ${types}`);
    this.line(ind, '}');
    inits.forEach((m, k) => scope.mems.push(this.mem(`${v}#${k + 1}`, m.kind, { arg: m.arg, tainted: true, base: this.loopBase(m, carriedIn[k], ys[k]) ?? `${v}#${k + 1}` })));
    scope.acc = `${v}#${inits.length + 1}`;
    this.fn.tainted.add(scope.acc);
  }

  call(ind, scope, f = this.pick(this.callees)) {
    this.called.add(f.name);
    const args = f.params.map((k) => (k === 'i64' ? this.dyn(scope) : this.need(ind, scope, k).v));
    const v = this.fresh();
    const res = f.result ? [KINDS[f.result].ty, 'i64'] : ['i64'];
    const ptys = f.params.map((k) => (k === 'i64' ? 'i64' : KINDS[k].ty)).join(', ');
    this.line(ind, `${f.result ? `${v}:2` : v} = func.call @${f.name}(${args.join(', ')}) : (${ptys}) -> ${f.result ? `(${res.join(', ')})` : 'i64'}`);
    if (f.result) {
      // A call result is a fresh buffer (7).
      scope.mems.push(this.mem(`${v}#0`, f.result));
      this.mix(ind, scope, `${v}#1`);
    } else this.mix(ind, scope, v);
  }

  // ------------------------------------------------------------ blocks and functions

  /** The scope a successor block sees: values that may cross blocks, none aliasing a branch operand (8). */
  crossing(scope, operands) {
    const bases = new Set(operands.map((m) => m.base));
    const mems = scope.mems.filter((m) => !m.tainted && !bases.has(m.base));
    const ints = scope.ints.filter((x) => !this.fn.tainted.has(x) && !x.includes('#'));
    return { mems, ints, ivs: [], sizes: [...scope.sizes], idx: [...scope.idx], acc: scope.acc };
  }
  /** Adds the parameters of block `label` (memrefs like `vals`, then the checksum) to `scope`; returns the block's header. */
  blockHead(label, vals, scope) {
    const params = vals.map((m) => {
      const a = this.fresh();
      // The canonicalizer drops an argument whose incoming values agree: it is that value (8).
      scope.mems.push(this.mem(a, m.kind, { arg: m.arg, base: m.base ?? a }));
      return `${a}: ${m.ty}`;
    });
    scope.acc = this.fresh();
    params.push(`${scope.acc}: i64`);
    return `${label}(${params.join(', ')}):`;
  }
  /** A successor with its operands: memrefs, then the checksum. */
  target(label, vals, acc) {
    return `${label}(${[...vals.map((m) => m.v), acc].join(', ')} : ${this.tys(vals)})`;
  }
  /** Memrefs to pass to a successor (0-2). */
  branchArgs(scope) {
    return Array.from({ length: this.int(3) }, () => this.need(1, scope, this.pick(MERGE.filter((k) => k !== 'V' || this.ofKind(scope, 'V').length))));
  }

  /**
   * A cf.cond_br diamond (or, 30%, a triangle whose else edge goes to the join) at
   * function level, the arms ending in cf.br to the join; returns the join's scope.
   *
   *        cond_br                cond_br
   *        /     \                /    |
   *     ^then   ^else          ^then   |
   *        \     /                \    |
   *         ^join                  ^join
   */
  diamond(scope) {
    const c = this.cond(1, scope);
    const joinKinds = this.carried(scope).slice(0, 1);
    const triangle = this.chance(0.3);
    const tArgs = this.branchArgs(scope);
    const eArgs = triangle ? joinKinds.map((k) => this.need(1, scope, k)) : this.branchArgs(scope);
    const [lt, le, lj] = [this.label(), triangle ? null : this.label(), this.label()];
    const brOps = [...tArgs, ...eArgs];
    const arms = [{ label: lt, args: tArgs }, ...(triangle ? [] : [{ label: le, args: eArgs }])];
    for (const a of arms) {
      a.scope = this.crossing(scope, brOps);
      a.head = this.blockHead(a.label, a.args, a.scope);
    }
    this.line(1, `cf.cond_br ${c}, ${this.target(lt, tArgs, scope.acc)}, ${this.target(triangle ? lj : le, eArgs, scope.acc)}`);
    const incoming = triangle ? [eArgs] : [];
    for (const a of arms) {
      this.fn.lines.push(a.head);
      this.body(1, a.scope, 0, 0);
      const ys = joinKinds.map((k) => this.need(1, a.scope, k));
      this.line(1, `cf.br ${this.target(lj, ys, a.scope.acc)}`);
      incoming.push(ys);
    }
    // A join argument may alias a function argument if an incoming value may (7); the
    // buffers the arms pass to the join are kept out of its scope too (8).
    const jArgs = joinKinds.map((k, i) => {
      const ins = incoming.map((ys) => ys[i]);
      return { kind: k, ty: KINDS[k].ty, arg: ins.some((m) => m.arg), base: this.sameBase(ins) };
    });
    const jScope = this.crossing(scope, [...brOps, ...incoming.flat()]);
    this.fn.lines.push(this.blockHead(lj, jArgs, jScope));
    return jScope;
  }

  func(f) {
    this.fn = { n: 0, blocks: 1, lines: [], consts: new Map(), tainted: new Set(), usesFill: false };
    let scope = { mems: [], ints: [], ivs: [], sizes: [], idx: [], acc: '' };
    const params = f.params.map((k, i) => {
      const a = `%arg${i}`;
      if (k === 'i64') scope.ints.push(a);
      else scope.mems.push(this.mem(a, k, { arg: true }));
      return `${a}: ${k === 'i64' ? 'i64' : KINDS[k].ty}`;
    });
    if (f.name === 'main') {
      scope.acc = this.cst(this.int(100), 'i64');
      this.alloc(1, scope, this.chance(0.6) ? 'A' : 'D');
      if (this.chance(0.5)) this.alloc(1, scope, 'A');
    } else scope.acc = scope.ints[0];
    // A first load, so conditions have memory contents to test (6).
    const m0 = scope.mems[0];
    const l0 = this.fresh();
    this.line(1, `${l0} = memref.load ${m0.v}[${this.cst(this.int(m0.len))}] : ${m0.ty}`);
    scope.ints.push(l0);
    this.mix(1, scope, l0);
    const nd = this.o.diamonds ?? this.int(2);
    const segs = nd + 1;
    for (let s = 0; s < segs; s++) {
      const n = Math.max(1, Math.round(this.o.stmts / segs));
      for (let k = 0; k < n; k++) this.stmt(1, scope, 0, 0);
      if (s < nd) scope = this.diamond(scope);
    }
    // Every function runs: the next one is called here unless an earlier function calls it.
    const next = this.callees[0];
    if (next && !this.called.has(next.name)) this.call(1, scope, next);
    const res = f.result ? `(${KINDS[f.result].ty}, i64)` : 'i64';
    if (f.result) {
      const m = this.chance(0.3) ? this.alloc(1, scope, f.result) : this.need(1, scope, f.result, true);
      this.line(1, `func.return ${m.v}, ${scope.acc} : ${KINDS[f.result].ty}, i64`);
    } else this.line(1, `func.return ${scope.acc} : i64`);
    const head = `func.func ${f.private ? 'private ' : ''}@${f.name}(${params.join(', ')}) -> ${res} {`;
    return [head, ...[...this.fn.consts.values()].map((l) => `  ${l}`), ...this.fn.lines, '}'];
  }

  module() {
    const nf = this.o.funcs ?? 1 + this.int(2);
    const sigs = Array.from({ length: nf }, (_, i) => ({
      name: `f${i + 1}`,
      private: this.chance(0.5),
      params: [...Array.from({ length: 1 + this.int(2) }, () => this.pick(['A', 'A', 'D', 'V'])), 'i64'],
      result: this.chance(0.8) ? this.pick(['A', 'D']) : null,
    }));
    const funcs = [];
    this.called = new Set();
    let usesFill = false;
    const all = [{ name: 'main', private: false, params: [], result: null }, ...sigs];
    all.forEach((f, i) => {
      // Only later functions are callees: no recursion, so programs terminate (5).
      this.callees = all.slice(i + 1);
      funcs.push(this.func(f));
      usesFill ||= this.fn.usesFill;
    });
    const fill = [
      `func.func private @fill(%m: ${KINDS.D.ty}, %k: i64) {`,
      '  %c0 = arith.constant 0 : index',
      '  %c1 = arith.constant 1 : index',
      '  %c7_i64 = arith.constant 7 : i64',
      `  %n = memref.dim %m, %c0 : ${KINDS.D.ty}`,
      '  scf.for %i = %c0 to %n step %c1 {',
      '    %t = arith.index_cast %i : index to i64',
      '    %u = arith.muli %t, %c7_i64 : i64',
      '    %v = arith.addi %u, %k : i64',
      `    memref.store %v, %m[%i] : ${KINDS.D.ty}`,
      '  }',
      '  return',
      '}',
    ];
    const lines = [...funcs.flat(), ...(usesFill ? fill : [])];
    return `module {\n${lines.map((l) => (l.startsWith('^') ? `  ${l}` : `  ${l}`)).join('\n')}\n}\n`;
  }
}

/** The text of a module of executable memref code (see the file comment); depends only on `seed` and `options`. */
export function generateMemrefProgram(seed, options = {}) {
  const o = { ...DEFAULTS };
  for (const [k, v] of Object.entries(options)) if (v !== undefined) o[k] = v;
  return new Gen(seed, o).module();
}

function main(argv) {
  const o = {};
  let out;
  let seed;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-o') out = argv[++i];
    else if (/^--(funcs|stmts|depth|diamonds)$/.test(a)) o[a.slice(2)] = Number(argv[++i]);
    else if (/^\d+$/.test(a) && seed === undefined) seed = Number(a);
    else {
      process.stderr.write('usage: gen-memref-program.mjs SEED [-o FILE] [--funcs N] [--stmts N] [--depth N] [--diamonds N]\n');
      process.exit(2);
    }
  }
  if (seed === undefined) {
    process.stderr.write('usage: gen-memref-program.mjs SEED [-o FILE] [--funcs N] [--stmts N] [--depth N] [--diamonds N]\n');
    process.exit(2);
  }
  const text = generateMemrefProgram(seed, o);
  if (out) writeFileSync(out, text);
  else process.stdout.write(text);
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
