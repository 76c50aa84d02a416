// Seeded generator of valid MLIR programs that exercise the analysis test passes
// (--test-print-liveness, --test-liveness-analysis, --test-dead-code-analysis,
// --test-alias-analysis, --test-alias-analysis-modref). Used by the differential
// test (many small programs) and by bench/analyses.mjs (one large function).
//
// What a module holds:
//   * several functions, public and private, calling each other (direct calls,
//     self recursion, calls to later functions) and external declarations;
//   * function bodies that are a CFG: a spine ^bb0 -> ^bb1 -> ... keeps every block
//     reachable, extra edges go backwards (loops, nested loops) or forwards (skips,
//     irreducible shapes); cond_br and switch pass block arguments;
//   * scf.if / scf.for / scf.while / scf.execute_region (itself a small CFG) /
//     scf.index_switch nested in blocks, with results and iter_args;
//   * `arith.constant true/false` and constant switch flags feeding branches, so some
//     blocks, regions and cases are statically dead;
//   * memrefs from alloc, alloca, get_global, function arguments, subview, cast, view,
//     reinterpret_cast, test.forward_buffer, merged through block arguments and scf
//     results; loads, stores, copies, test.op_with_memread/memwrite, test.read_buffer;
//   * the attributes the passes read: `tag = "tN"` (dead-code and liveness dataflow
//     passes print tagged ops) and `test.ptr = "pN"` (alias passes query the results
//     and region block arguments of such ops, and modref queries those ops).
//
// Which value a use picks is biased towards recent definitions, so live ranges stay
// short on large functions (print-liveness output grows with live-range lengths).
// Every program is accepted by mlir-opt-19; the output depends only on seed and options.
//
//   genAnalysisProgram(seed, { size, funcs, features, ... }) -> { text, ops, funcs }
//   node bench/gen-analysis-program.mjs OPS [SEED] > file.mlir
import { rng } from './gen-module.mjs';

export { rng };

const M = 'memref<16xf32>';
const D = 'memref<?xf32>';
const S = 'memref<4xf32, strided<[1], offset: ?>>';
const B = 'memref<64xi8>';
/** Scope keys and their MLIR types. */
const TYPES = { i32: 'i32', i1: 'i1', index: 'index', f32: 'f32', M, D, S, B };
const SIG_TYPES = ['i32', 'i32', 'i1', 'index', 'M', 'M', 'D'];
const RES_TYPES = ['i32', 'M', 'D'];
const INT_BIN = ['arith.addi', 'arith.subi', 'arith.muli', 'arith.andi', 'arith.xori', 'arith.maxsi'];
const CMP = ['eq', 'ne', 'slt', 'sge', 'ult'];

export const DEFAULT_FEATURES = Object.freeze({
  cf: true, scf: true, memref: true, calls: true, test: true, dead: true, tags: true, ptrs: true,
});

const DEFAULTS = {
  size: 200,
  funcs: undefined, // default: about one function per 60 ops, at most 12
  externs: undefined, // default: 0-2
  tagRate: 0.25, // share of ops carrying `tag`
  ptrRate: 0.3, // share of memref-producing ops carrying `test.ptr`
  maxPtrsPerFunc: 10, // cap on ops with `test.ptr` per function (alias output is all-pairs)
  window: 12, // uses pick among the last `window` values of a type, mostly
  regionRate: 0.12, // chance that a straight-line slot becomes a region op (below depth 3)
};

function emptyScope() {
  return { i32: [], i1: [], index: [], f32: [], M: [], D: [], S: [], B: [] };
}
function copyScope(s) {
  const c = {};
  for (const k of Object.keys(s)) c[k] = [...s[k]];
  return c;
}

class Gen {
  constructor(seed, o) {
    this.r = rng(seed);
    this.o = o;
    this.f = { ...DEFAULT_FEATURES, ...(o.features ?? {}) };
    this.ops = 0;
    this.tagN = 0;
    this.ptrN = 0;
  }
  rand() { return this.r(); }
  int(n) { return Math.floor(this.r() * n); }
  chance(p) { return this.r() < p; }
  pick(a) { return a[this.int(a.length)]; }

  /** A value of scope type `t`, biased towards the most recent definitions. */
  use(scope, t) {
    const a = scope[t];
    if (!a.length) throw new Error(`generator: no ${t} in scope`);
    if (a.length > this.o.window && this.chance(0.85)) return a[a.length - 1 - this.int(this.o.window)];
    return this.pick(a);
  }

  /** The attribute entries for an op: maybe a tag, maybe a test.ptr. */
  attrs({ ptr = false, ptrP = this.o.ptrRate } = {}) {
    const e = [];
    if (this.f.tags && this.chance(this.o.tagRate)) e.push(`tag = "t${this.tagN++}"`);
    if (ptr && this.f.ptrs && this.fn.ptrs < this.o.maxPtrsPerFunc && this.chance(ptrP)) {
      this.fn.ptrs++;
      e.push(`test.ptr = "p${this.ptrN++}"`);
    }
    return e;
  }
  /** ` {a, b}` or ''. */
  dict(e) { return e.length ? ` {${e.join(', ')}}` : ''; }

  line(ind, s) { this.out.push('  '.repeat(ind) + s); }
  op(ind, s) { this.line(ind, s); this.ops++; this.fn.ops++; }
  fresh(p = 'v') { return `%${p}${this.fn.n++}`; }
  label() { return `^bb${this.fn.blocks++}`; }
  left() { return this.fn.budget - this.fn.ops; }

  // ---------------------------------------------------------------- straight-line ops

  /** Emits one non-region op into `scope`. */
  simple(ind, scope) {
    const f = this.f;
    const c = this.rand();
    if (c < 0.2) {
      const v = this.fresh();
      this.op(ind, `${v} = ${this.pick(INT_BIN)} ${this.use(scope, 'i32')}, ${this.use(scope, 'i32')}${this.dict(this.attrs())} : i32`);
      scope.i32.push(v);
    } else if (c < 0.27) {
      const v = this.fresh('k');
      this.op(ind, `${v} = arith.constant${this.dict(this.attrs())} ${this.int(9) - 2} : i32`);
      scope.i32.push(v);
    } else if (c < 0.33) {
      const v = this.fresh('p');
      this.op(ind, `${v} = arith.cmpi ${this.pick(CMP)}, ${this.use(scope, 'i32')}, ${this.use(scope, 'i32')}${this.dict(this.attrs())} : i32`);
      scope.i1.push(v);
    } else if (c < 0.36 && f.dead) {
      const v = this.fresh('b');
      this.op(ind, `${v} = arith.constant${this.dict(this.attrs())} ${this.chance(0.6) ? 'true' : 'false'}`);
      scope.i1.push(v);
    } else if (c < 0.4) {
      const v = this.fresh('s');
      this.op(ind, `${v} = arith.select ${this.use(scope, 'i1')}, ${this.use(scope, 'i32')}, ${this.use(scope, 'i32')}${this.dict(this.attrs())} : i32`);
      scope.i32.push(v);
    } else if (c < 0.43) {
      const v = this.fresh('x');
      this.op(ind, `${v} = arith.index_cast ${this.use(scope, 'i32')}${this.dict(this.attrs())} : i32 to index`);
      scope.index.push(v);
    } else if (c < 0.78 && f.memref) {
      this.memOp(ind, scope);
    } else if (c < 0.86 && f.calls && this.callees.length) {
      this.call(ind, scope);
    } else if (c < 0.92 && f.test) {
      this.testOp(ind, scope);
    } else {
      const v = this.fresh();
      this.op(ind, `${v} = arith.addi ${this.use(scope, 'i32')}, ${this.use(scope, 'i32')}${this.dict(this.attrs())} : i32`);
      scope.i32.push(v);
    }
  }

  memOp(ind, scope) {
    const c = this.rand();
    const p = () => this.dict(this.attrs({ ptr: true }));
    const q = () => this.dict(this.attrs({ ptr: true, ptrP: this.o.ptrRate / 3 }));
    const memOf = () => {
      const ks = ['M', 'M', 'D', 'S'].filter((k) => scope[k].length);
      return this.pick(ks);
    };
    if (c < 0.1) {
      const v = this.fresh('m');
      this.op(ind, `${v} = memref.${this.chance(0.7) ? 'alloc' : 'alloca'}()${p()} : ${M}`);
      scope.M.push(v);
    } else if (c < 0.14) {
      const v = this.fresh('d');
      this.op(ind, `${v} = memref.alloc(${this.use(scope, 'index')})${p()} : ${D}`);
      scope.D.push(v);
    } else if (c < 0.2) {
      const k = this.chance(0.7) ? 'M' : 'D';
      const v = this.fresh('sv');
      this.op(ind, `${v} = memref.subview ${this.use(scope, k)}[${this.use(scope, 'index')}] [4] [1]${p()} : ${TYPES[k]} to ${S}`);
      scope.S.push(v);
    } else if (c < 0.26) {
      const toD = this.chance(0.6);
      const v = this.fresh(toD ? 'd' : 'm');
      const src = this.use(scope, toD ? 'M' : 'D');
      this.op(ind, `${v} = memref.cast ${src}${p()} : ${toD ? M : D} to ${toD ? D : M}`);
      scope[toD ? 'D' : 'M'].push(v);
    } else if (c < 0.3) {
      if (!scope.B.length || this.chance(0.3)) {
        const b = this.fresh('buf');
        this.op(ind, `${b} = memref.alloc()${q()} : ${B}`);
        scope.B.push(b);
      }
      const v = this.fresh('vw');
      this.op(ind, `${v} = memref.view ${this.use(scope, 'B')}[${this.use(scope, 'index')}][]${p()} : ${B} to ${M}`);
      scope.M.push(v);
    } else if (c < 0.34 && this.globals.length) {
      const v = this.fresh('g');
      // get_global prints its attribute dictionary after the type.
      this.op(ind, `${v} = memref.get_global @${this.pick(this.globals)} : ${M}${p()}`);
      scope.M.push(v);
    } else if (c < 0.37) {
      const v = this.fresh('m');
      this.op(ind, `${v} = memref.reinterpret_cast ${this.use(scope, 'D')} to offset: [0], sizes: [16], strides: [1]${p()} : ${D} to ${M}`);
      scope.M.push(v);
    } else if (c < 0.62) {
      const k = memOf();
      const v = this.fresh('l');
      this.op(ind, `${v} = memref.load ${this.use(scope, k)}[${this.use(scope, 'index')}]${q()} : ${TYPES[k]}`);
      scope.f32.push(v);
    } else if (c < 0.84 && scope.f32.length) {
      const k = memOf();
      this.op(ind, `memref.store ${this.use(scope, 'f32')}, ${this.use(scope, k)}[${this.use(scope, 'index')}]${q()} : ${TYPES[k]}`);
    } else if (c < 0.92) {
      this.op(ind, `memref.copy ${this.use(scope, 'M')}, ${this.use(scope, 'M')}${q()} : ${M} to ${M}`);
    } else if (c < 0.95) {
      this.op(ind, `memref.dealloc ${this.use(scope, 'M')}${q()} : ${M}`);
    } else {
      const v = this.fresh('f');
      this.op(ind, `${v} = arith.constant${this.dict(this.attrs())} ${this.int(5)}.5 : f32`);
      scope.f32.push(v);
    }
  }

  testOp(ind, scope) {
    const c = this.rand();
    const q = () => this.dict(this.attrs({ ptr: true, ptrP: this.o.ptrRate / 2 }));
    if (c < 0.25) {
      const v = this.fresh('rd');
      this.op(ind, `${v} = "test.op_with_memread"()${q()} : () -> i32`);
      scope.i32.push(v);
    } else if (c < 0.45) {
      this.op(ind, `"test.op_with_memwrite"()${q()} : () -> ()`);
    } else if (c < 0.65) {
      this.op(ind, `"test.read_buffer"(${this.use(scope, 'M')})${q()} : (${M}) -> ()`);
    } else if (c < 0.8) {
      this.op(ind, `"test.copy"(${this.use(scope, 'M')}, ${this.use(scope, 'M')})${q()} : (${M}, ${M}) -> ()`);
    } else {
      const v = this.fresh('fw');
      this.op(ind, `${v} = "test.forward_buffer"(${this.use(scope, 'M')})${this.dict(this.attrs({ ptr: true }))} : (${M}) -> ${M}`);
      scope.M.push(v);
    }
  }

  call(ind, scope) {
    const callee = this.pick(this.callees);
    const args = callee.args.map((t) => this.use(scope, t));
    const tys = (ts) => ts.map((t) => TYPES[t]).join(', ');
    const resTy = callee.results.length === 1 ? tys(callee.results) : `(${tys(callee.results)})`;
    const a = this.dict(this.attrs({ ptr: callee.results.some((t) => t !== 'i32') }));
    const sig = `(${tys(callee.args)}) -> ${resTy}`;
    if (!callee.results.length) {
      this.op(ind, `func.call @${callee.name}(${args.join(', ')})${a} : ${sig}`);
      return;
    }
    const v = this.fresh('c');
    this.op(ind, `${v}${callee.results.length > 1 ? `:${callee.results.length}` : ''} = func.call @${callee.name}(${args.join(', ')})${a} : ${sig}`);
    callee.results.forEach((t, i) => scope[t].push(callee.results.length > 1 ? `${v}#${i}` : v));
  }

  // ---------------------------------------------------------------- region ops

  /** A value type for a region result or loop-carried value. */
  carriedType() { return this.f.memref && this.chance(0.4) ? this.pick(['M', 'M', 'D']) : 'i32'; }
  types(n) { return Array.from({ length: n }, () => this.carriedType()); }
  tyList(ts) { return ts.map((t) => TYPES[t]).join(', '); }
  /** A condition; with dead code on, often a constant. */
  cond(scope) {
    if (!this.f.dead) return this.pick(this.fn.opaque.i1);
    if (this.chance(0.35)) return this.chance(0.6) ? this.fn.tru : this.fn.fls;
    return this.use(scope, 'i1');
  }
  /** A switch flag of type `t` (i32 or index): constant, opaque or any value. */
  flag(scope, t) {
    if (!this.f.dead) return this.pick(this.fn.opaque[t]);
    if (this.chance(0.4)) return t === 'i32' ? this.fn.i32Const : this.pick(this.fn.idxConsts);
    return this.use(scope, t);
  }
  /** Fills a region body (one block) then yields values of `ts` with `yieldOp`. */
  body(ind, scope, depth, budget, ts, yieldOp = 'scf.yield') {
    this.block(ind, scope, depth, budget);
    const vals = ts.map((t) => this.use(scope, t));
    const a = this.dict(this.attrs());
    this.op(ind, ts.length ? `${yieldOp}${a} ${vals.join(', ')} : ${this.tyList(ts)}` : `${yieldOp}${a}`);
  }
  bind(v, ts, scope) {
    ts.forEach((t, i) => scope[t].push(ts.length > 1 ? `${v}#${i}` : v));
  }
  head(v, ts) { return ts.length ? `${v}${ts.length > 1 ? `:${ts.length}` : ''} = ` : ''; }
  ptrAttrs() { return this.attrs({ ptr: true, ptrP: this.o.ptrRate / 2 }); }

  regionOp(ind, scope, depth) {
    const sub = Math.max(3, Math.floor(Math.min(this.left(), 40 + this.rand() * 60) / 3));
    const kinds = ['if', 'if', 'for', 'for', 'while', 'switch'];
    if (this.f.cf) kinds.push('exec');
    const kind = this.pick(kinds);
    const v = this.fresh('r');
    if (kind === 'if') {
      const ts = this.chance(0.8) ? this.types(1 + this.int(2)) : [];
      const hasElse = ts.length > 0 || this.chance(0.5);
      this.op(ind, `${this.head(v, ts)}scf.if ${this.cond(scope)}${ts.length ? ` -> (${this.tyList(ts)})` : ''} {`);
      this.body(ind + 1, copyScope(scope), depth + 1, sub, ts);
      if (hasElse) {
        this.line(ind, '} else {');
        this.body(ind + 1, copyScope(scope), depth + 1, sub, ts);
      }
      this.line(ind, `}${this.dict(this.ptrAttrs())}`);
      this.bind(v, ts, scope);
    } else if (kind === 'for') {
      const ts = this.types(this.int(3));
      const iv = this.fresh('iv');
      const inner = copyScope(scope);
      inner.index.push(iv);
      const iters = ts.map((t) => {
        const a = this.fresh('acc');
        const init = this.use(scope, t);
        inner[t].push(a);
        return `${a} = ${init}`;
      });
      const lb = this.use(scope, 'index');
      const ub = this.use(scope, 'index');
      const step = this.fn.one;
      this.op(ind, `${this.head(v, ts)}scf.for ${iv} = ${lb} to ${ub} step ${step}${ts.length ? ` iter_args(${iters.join(', ')}) -> (${this.tyList(ts)})` : ''} {`);
      this.body(ind + 1, inner, depth + 1, sub, ts);
      this.line(ind, `}${this.dict(this.ptrAttrs())}`);
      this.bind(v, ts, scope);
    } else if (kind === 'while') {
      const ins = this.types(1 + this.int(2));
      const outs = this.chance(0.7) ? ins : this.types(1 + this.int(2));
      const before = copyScope(scope);
      const inits = ins.map((t) => {
        const a = this.fresh('w');
        const init = this.use(scope, t);
        before[t].push(a);
        return `${a} = ${init}`;
      });
      this.op(ind, `${this.head(v, outs)}scf.while (${inits.join(', ')}) : (${this.tyList(ins)}) -> (${this.tyList(outs)}) {`);
      this.block(ind + 1, before, depth + 1, sub);
      const cv = this.f.dead ? this.use(before, 'i1') : this.cond(before);
      const fwd = outs.map((t) => this.use(before, t));
      this.op(ind + 1, `scf.condition(${cv})${this.dict(this.attrs())} ${fwd.join(', ')} : ${this.tyList(outs)}`);
      this.line(ind, '} do {');
      const after = copyScope(scope);
      const bargs = outs.map((t) => {
        const a = this.fresh('wa');
        after[t].push(a);
        return `${a}: ${TYPES[t]}`;
      });
      this.line(ind, `^bb0(${bargs.join(', ')}):`);
      this.body(ind + 1, after, depth + 1, sub, ins);
      const a = this.ptrAttrs();
      this.line(ind, `}${a.length ? ` attributes {${a.join(', ')}}` : ''}`);
      this.bind(v, outs, scope);
    } else if (kind === 'switch') {
      const ts = this.types(this.int(2) + (this.chance(0.7) ? 1 : 0));
      const arg = this.flag(scope, 'index');
      const cases = [...new Set(Array.from({ length: 1 + this.int(3) }, () => this.int(4)))].sort((x, y) => x - y);
      this.op(ind, `${this.head(v, ts)}scf.index_switch ${arg}${this.dict(this.ptrAttrs())}${ts.length ? ` -> ${this.tyList(ts)}` : ''}`);
      for (const k of cases) {
        this.line(ind, `case ${k} {`);
        this.body(ind + 1, copyScope(scope), depth + 1, Math.ceil(sub / 2), ts);
        this.line(ind, '}');
      }
      this.line(ind, 'default {');
      this.body(ind + 1, copyScope(scope), depth + 1, Math.ceil(sub / 2), ts);
      this.line(ind, '}');
      this.bind(v, ts, scope);
    } else {
      const ts = this.types(this.int(2) + 1);
      this.op(ind, `${this.head(v, ts)}scf.execute_region${ts.length ? ` -> (${this.tyList(ts)})` : ''} {`);
      this.cfg(ind + 1, copyScope(scope), depth + 1, sub, 2 + this.int(3), (i, s) => {
        const vals = ts.map((t) => this.use(s, t));
        this.op(i, `scf.yield${this.dict(this.attrs())} ${vals.join(', ')} : ${this.tyList(ts)}`);
      });
      this.line(ind, `}${this.dict(this.ptrAttrs())}`);
      this.bind(v, ts, scope);
    }
  }

  /**
   * Straight-line ops and nested region ops into one block: `budget` ops for a block
   * of the function's CFG, at most that (ending at random) for a region body.
   */
  block(ind, scope, depth, budget) {
    const stop = Math.min(this.fn.ops + budget, this.fn.budget);
    let n = 0;
    do {
      if (this.f.scf && depth < 3 && this.chance(this.o.regionRate)) this.regionOp(ind, scope, depth);
      else this.simple(ind, scope);
      n++;
    } while (this.fn.ops < stop && (depth === 0 || n < 2 || this.chance(0.93)));
  }

  // ---------------------------------------------------------------- CFGs

  /**
   * A multi-block region into `this.out` whose first block is already open (its
   * label, if any, printed by the caller). Block i always reaches block i+1; extra
   * edges go anywhere but the entry, so loops, nested loops and irreducible shapes
   * appear. Values of the entry block dominate every block; other blocks see their
   * own arguments and definitions. `exit(ind, scope)` emits the final terminator.
   */
  cfg(ind, entryScope, depth, budget, nBlocks, exit) {
    const labels = Array.from({ length: nBlocks }, (_, i) => (i === 0 ? null : this.label()));
    const argTypes = labels.map((_, i) => (i === 0 ? [] : this.types(this.int(3))));
    const per = Math.max(2, Math.floor(budget / nBlocks));
    const argNames = labels.map((_, i) => argTypes[i].map(() => this.fresh('a')));
    let entryDefs = null;
    for (let i = 0; i < nBlocks; i++) {
      let scope;
      if (i === 0) scope = entryScope;
      else {
        scope = copyScope(entryDefs);
        argTypes[i].forEach((t, k) => scope[t].push(argNames[i][k]));
        const params = argTypes[i].map((t, k) => `${argNames[i][k]}: ${TYPES[t]}`);
        this.line(ind - 1, `${labels[i]}${params.length ? `(${params.join(', ')})` : ''}:`);
      }
      this.block(ind, scope, depth, per);
      if (i === 0) entryDefs = copyScope(scope);
      if (i === nBlocks - 1) {
        exit(ind, scope);
        continue;
      }
      // cf.switch's parser rejects `%x#1` among successor operands (mlir-opt-19).
      const plain = (t) => { const v = this.use(scope, t); return v.includes('#') ? scope[t].find((x) => !x.includes('#')) : v; };
      const target = (j, sw = false) => `${labels[j]}${argTypes[j].length ? `(${argTypes[j].map((t) => (sw ? plain(t) : this.use(scope, t))).join(', ')} : ${this.tyList(argTypes[j])})` : ''}`;
      const other = () => 1 + this.int(nBlocks - 1);
      const c = this.rand();
      const a = () => this.dict(this.attrs());
      if (c < 0.3) {
        this.op(ind, `cf.br ${target(i + 1)}${a()}`);
      } else if (c < 0.8) {
        const [x, y] = this.chance(0.5) ? [i + 1, other()] : [other(), i + 1];
        this.op(ind, `cf.cond_br ${this.cond(scope)}, ${target(x)}, ${target(y)}${a()}`);
      } else {
        const flag = this.flag(scope, 'i32');
        const cases = [...new Set(Array.from({ length: 1 + this.int(3) }, () => this.int(4) - 1))];
        const lines = [`default: ${target(this.chance(0.5) ? i + 1 : other(), true)}`];
        // Block i+1 is always a successor, so the spine stays reachable.
        lines.push(`${cases[0]}: ${target(i + 1, true)}`);
        for (const k of cases.slice(1)) lines.push(`${k}: ${target(other(), true)}`);
        this.op(ind, `cf.switch ${flag} : i32, [`);
        for (let k = 0; k < lines.length; k++) this.line(ind + 1, lines[k] + (k + 1 < lines.length ? ',' : ''));
        this.line(ind, `]${a()}`);
      }
    }
  }

  // ---------------------------------------------------------------- functions

  func(sig, budget) {
    this.fn = { ops: 0, n: 0, blocks: 1, budget, ptrs: 0 };
    const scope = emptyScope();
    const params = sig.args.map((t, i) => {
      const v = `%arg${i}`;
      scope[t].push(v);
      return `${v}: ${TYPES[t]}`;
    });
    const res = sig.results.length ? ` -> ${sig.results.length === 1 ? TYPES[sig.results[0]] : `(${this.tyList(sig.results)})`}` : '';
    const fa = this.attrs({ ptr: true, ptrP: 0.3 });
    this.line(0, `func.func ${sig.private ? 'private ' : ''}@${sig.name}(${params.join(', ')})${res}${fa.length ? ` attributes {${fa.join(', ')}}` : ''} {`);
    this.ops++;
    // A prologue so that every type has a value in scope.
    const pre = (v, t, s) => { this.op(1, `${v} = ${s}`); scope[t].push(v); return v; };
    pre('%ix0', 'index', 'arith.constant 0 : index');
    this.fn.one = pre('%ix1', 'index', 'arith.constant 1 : index');
    pre('%ix8', 'index', 'arith.constant 8 : index');
    this.fn.idxConsts = ['%ix0', '%ix1'];
    this.fn.i32Const = pre('%k', 'i32', `arith.constant${this.dict(this.attrs())} ${this.int(4) - 1} : i32`);
    this.fn.tru = pre('%true', 'i1', `arith.constant${this.dict(this.attrs())} true`);
    this.fn.fls = pre('%false', 'i1', 'arith.constant false');
    pre('%fz', 'f32', 'arith.constant 0.000000e+00 : f32');
    if (!scope.M.length) pre('%m', 'M', `memref.alloc()${this.dict(this.attrs({ ptr: true }))} : ${M}`);
    if (!scope.D.length) pre('%d', 'D', `memref.cast ${scope.M[0]} : ${M} to ${D}`);
    if (!this.f.dead) {
      // Values constant propagation cannot fold, for branch conditions and switch
      // flags, so that every block and region stays executable.
      const u = pre('%u', 'f32', `memref.load ${scope.M[0]}[%ix0] : ${M}`);
      const ub = pre('%ub', 'i1', `arith.cmpf olt, ${u}, %fz : f32`);
      const ui = pre('%ui', 'i32', `arith.fptosi ${u} : f32 to i32`);
      const ux = pre('%ux', 'index', `arith.index_cast ${ui} : i32 to index`);
      this.fn.opaque = { i1: [ub], i32: [ui], index: [ux] };
    }
    const exit = (ind, s) => {
      const vals = sig.results.map((t) => this.use(s, t));
      const a = this.dict(this.attrs());
      this.op(ind, vals.length ? `func.return${a} ${vals.join(', ')} : ${this.tyList(sig.results)}` : `func.return${a}`);
    };
    const nBlocks = this.f.cf ? 1 + this.int(Math.min(8, 1 + Math.floor(budget / 12))) + Math.floor(budget / 400) : 1;
    this.cfg(1, scope, 0, budget - this.fn.ops, nBlocks, exit);
    this.line(0, '}');
  }

  module() {
    const { size } = this.o;
    const nf = this.o.funcs ?? Math.max(1, Math.min(12, Math.round(size / 60)));
    const ne = this.o.externs ?? (this.f.calls ? this.int(3) : 0);
    const sigs = [];
    const sig = (name, priv) => ({
      name,
      private: priv,
      args: Array.from({ length: 1 + this.int(4) }, () => this.pick(this.f.memref ? SIG_TYPES : ['i32', 'i1', 'index'])),
      results: Array.from({ length: this.int(3) }, () => (this.f.memref ? this.pick(RES_TYPES) : 'i32')),
    });
    // Without dead code every function is public: a private function nobody calls is dead.
    for (let i = 0; i < nf; i++) sigs.push(sig(`f${i}`, this.f.dead && i > 0 && this.chance(0.4)));
    const externs = Array.from({ length: ne }, (_, i) => sig(`ext${i}`, true));
    this.globals = this.f.memref ? Array.from({ length: 1 + this.int(2) }, (_, i) => `g${i}`) : [];
    this.out = [];
    for (const g of this.globals) {
      this.line(0, `memref.global "private" ${g === 'g1' ? 'constant ' : ''}@${g} : ${M} = dense<${g === 'g1' ? '1.000000e+00' : '0.000000e+00'}>`);
      this.ops++;
    }
    for (const e of externs) {
      const res = e.results.length ? ` -> ${e.results.length === 1 ? TYPES[e.results[0]] : `(${this.tyList(e.results)})`}` : '';
      this.line(0, `func.func private @${e.name}(${this.tyList(e.args)})${res}`);
      this.ops++;
    }
    const all = [...sigs, ...externs];
    const perFunc = Math.max(8, Math.floor((size - this.ops) / nf));
    for (const s of sigs) {
      // Callees: any function (self recursion and forward references included).
      this.callees = this.f.calls ? all : [];
      this.func(s, perFunc);
    }
    return { text: `module {\n${this.out.map((l) => '  ' + l).join('\n')}\n}\n`, ops: this.ops + 1, funcs: sigs.map((s) => s.name) };
  }
}

/** A module of about `size` ops (see the file comment); returns its text, op count and function names. */
export function genAnalysisProgram(seed, options = {}) {
  const o = { ...DEFAULTS, ...options };
  return new Gen(seed, o).module();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const size = Number(process.argv[2] ?? 200);
  const seed = Number(process.argv[3] ?? 1);
  const { text, ops } = genAnalysisProgram(seed, { size });
  process.stdout.write(text);
  process.stderr.write(`${ops} ops\n`);
}
