// Seeded generator of valid MLIR programs over func, arith, cf, scf and memref.
// Used by the parse/print benchmark (large modules) and by the round-trip test
// (many small programs). Every program it emits is accepted by mlir-opt-19.
//
//   genProgram(seed, { funcs, opsPerFunc }) -> string
//   node bench/gen-module.mjs OPS [SEED] > file.mlir

/** mulberry32: small, fast, deterministic. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INT_BIN = ['arith.addi', 'arith.subi', 'arith.muli', 'arith.andi', 'arith.ori', 'arith.xori', 'arith.maxsi', 'arith.minui'];
const FLT_BIN = ['arith.addf', 'arith.subf', 'arith.mulf', 'arith.maximumf'];
const CMP = ['eq', 'ne', 'slt', 'sle', 'sgt', 'uge'];

class FuncGen {
  constructor(r, name, opsBudget, callees) {
    this.r = r;
    this.name = name;
    this.budget = opsBudget;
    this.callees = callees;
    this.lines = [];
    this.ops = 0;
    this.n = 0;
  }
  pick(a) { return a[Math.floor(this.r() * a.length)]; }
  fresh(p = 'v') { return `%${p}${this.n++}`; }
  emit(ind, s) { this.lines.push('  '.repeat(ind) + s); this.ops++; }

  /** Emits straight-line ops into scope `vals` ({i32:[], f32:[], index:[], mem:[]}). */
  straight(ind, vals, count) {
    for (let k = 0; k < count && this.ops < this.budget; k++) {
      const c = this.r();
      if (c < 0.3) {
        const v = this.fresh();
        this.emit(ind, `${v} = ${this.pick(INT_BIN)} ${this.pick(vals.i32)}, ${this.pick(vals.i32)} : i32`);
        vals.i32.push(v);
      } else if (c < 0.45) {
        const v = this.fresh();
        this.emit(ind, `${v} = ${this.pick(FLT_BIN)} ${this.pick(vals.f32)}, ${this.pick(vals.f32)} : f32`);
        vals.f32.push(v);
      } else if (c < 0.55) {
        const v = this.fresh('p');
        this.emit(ind, `${v} = arith.cmpi ${this.pick(CMP)}, ${this.pick(vals.i32)}, ${this.pick(vals.i32)} : i32`);
        vals.i1.push(v);
      } else if (c < 0.65) {
        const v = this.fresh('k');
        const val = Math.floor(this.r() * 200) - 100;
        this.emit(ind, `${v} = arith.constant ${val} : i32`);
        vals.i32.push(v);
      } else if (c < 0.72) {
        const v = this.fresh('m');
        this.emit(ind, `${v} = memref.alloc() : memref<16xf32>`);
        vals.mem.push(v);
      } else if (c < 0.82) {
        const v = this.fresh();
        this.emit(ind, `${v} = memref.load ${this.pick(vals.mem)}[${this.pick(vals.index)}] : memref<16xf32>`);
        vals.f32.push(v);
      } else if (c < 0.9) {
        this.emit(ind, `memref.store ${this.pick(vals.f32)}, ${this.pick(vals.mem)}[${this.pick(vals.index)}] : memref<16xf32>`);
      } else if (c < 0.95) {
        const v = this.fresh('s');
        this.emit(ind, `${v} = arith.select ${this.pick(vals.i1)}, ${this.pick(vals.i32)}, ${this.pick(vals.i32)} : i32`);
        vals.i32.push(v);
      } else if (this.callees.length) {
        const callee = this.pick(this.callees);
        const v = this.fresh('r');
        this.emit(ind, `${v} = func.call @${callee}(${this.pick(vals.i32)}, ${this.pick(vals.f32)}) : (i32, f32) -> i32`);
        vals.i32.push(v);
      }
    }
  }

  copy(vals) {
    return { i32: [...vals.i32], f32: [...vals.f32], i1: [...vals.i1], index: [...vals.index], mem: [...vals.mem] };
  }

  /** Structured control flow nested up to `depth`. */
  structured(ind, vals, depth) {
    while (this.ops < this.budget) {
      const c = this.r();
      if (c < 0.6 || depth > 2) {
        this.straight(ind, vals, 1 + Math.floor(this.r() * 6));
        if (this.r() < 0.25) return;
      } else if (c < 0.8) {
        const res = this.fresh('for');
        const iv = this.fresh('i');
        const acc = this.fresh('acc');
        this.emit(ind, `${res} = scf.for ${iv} = ${vals.index[0]} to ${vals.index[1]} step ${vals.index[2]} iter_args(${acc} = ${this.pick(vals.i32)}) -> (i32) {`);
        const inner = this.copy(vals);
        inner.index.push(iv);
        inner.i32.push(acc);
        this.structured(ind + 1, inner, depth + 1);
        this.emit(ind + 1, `scf.yield ${this.pick(inner.i32)} : i32`);
        this.lines.push('  '.repeat(ind) + '}');
        vals.i32.push(res);
      } else {
        const res = this.fresh('if');
        this.emit(ind, `${res} = scf.if ${this.pick(vals.i1)} -> (f32) {`);
        const a = this.copy(vals);
        this.structured(ind + 1, a, depth + 1);
        this.emit(ind + 1, `scf.yield ${this.pick(a.f32)} : f32`);
        this.lines.push('  '.repeat(ind) + '} else {');
        const b = this.copy(vals);
        this.structured(ind + 1, b, depth + 1);
        this.emit(ind + 1, `scf.yield ${this.pick(b.f32)} : f32`);
        this.lines.push('  '.repeat(ind) + '}');
        vals.f32.push(res);
      }
    }
  }

  build() {
    this.lines.push(`func.func @${this.name}(%a: i32, %f: f32) -> i32 {`);
    this.ops++;
    const vals = { i32: ['%a'], f32: ['%f'], i1: [], index: [], mem: [] };
    for (const [name, v] of [['%x0', 0], ['%x1', 1], ['%x16', 16]]) {
      this.emit(1, `${name} = arith.constant ${v} : index`);
      vals.index.push(name);
    }
    this.emit(1, `%cond = arith.cmpi slt, %a, %a : i32`);
    vals.i1.push('%cond');
    this.emit(1, `%buf = memref.alloc() : memref<16xf32>`);
    vals.mem.push('%buf');
    if (this.r() < 0.5) {
      // A diamond in unstructured control flow with a block argument.
      this.straight(1, vals, 3);
      this.emit(1, `cf.cond_br ${this.pick(vals.i1)}, ^bb1(${this.pick(vals.i32)} : i32), ^bb2`);
      this.lines.push('^bb1(%x: i32):');
      const t = this.copy(vals);
      t.i32.push('%x');
      this.straight(1, t, 4);
      this.emit(1, `cf.br ^bb3(${this.pick(t.i32)} : i32)`);
      this.lines.push('^bb2:');
      const e = this.copy(vals);
      this.straight(1, e, 4);
      this.emit(1, `cf.br ^bb3(${this.pick(e.i32)} : i32)`);
      this.lines.push('^bb3(%join: i32):');
      vals.i32.push('%join');
    }
    this.structured(1, vals, 0);
    for (const m of vals.mem) this.emit(1, `memref.dealloc ${m} : memref<16xf32>`);
    this.emit(1, `func.return ${this.pick(vals.i32)} : i32`);
    this.lines.push('}');
    return this.lines.join('\n');
  }
}

/** A module of `funcs` functions with about `opsPerFunc` ops each; returns text and op count. */
export function genProgram(seed, { funcs = 3, opsPerFunc = 40 } = {}) {
  const r = rng(seed);
  const parts = [];
  const names = [];
  let ops = 1;
  for (let i = 0; i < funcs; i++) {
    const name = `f${i}`;
    const g = new FuncGen(r, name, opsPerFunc, names.slice(-4));
    parts.push(g.build());
    ops += g.ops;
    names.push(name);
  }
  return { text: `module {\n${parts.join('\n')}\n}\n`, ops };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = Number(process.argv[2] ?? 10000);
  const seed = Number(process.argv[3] ?? 1);
  const opsPerFunc = 200;
  // Functions end early at random, so scale the function count to hit the target.
  const probe = genProgram(seed, { funcs: 20, opsPerFunc });
  const perFunc = probe.ops / 20;
  const { text, ops } = genProgram(seed, { funcs: Math.max(1, Math.round(target / perFunc)), opsPerFunc });
  process.stdout.write(text);
  process.stderr.write(`${ops} ops\n`);
}
