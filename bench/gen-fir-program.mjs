// Seeded generator of FIR/HLFIR test inputs for `test-fir-alias-analysis` and
// `test-fir-alias-analysis-modref` (LLVM 19 syntax; every program is accepted by fir-opt-19).
//
// A program is a module of `fir.global`s, external `func.func private` declarations and
// 1–3 Fortran-like procedures. Values are tagged `{test.ptr = "name"}`; the test passes
// query all pairs of tagged values (and every tagged op against every value for modref).
//
// What a procedure holds (shared/notes/fir-alias.md §3.2 names flang 19's getSource cases):
//   (1) memory sources of every kind getSource distinguishes:
//       Allocate   fir.alloca, fir.allocmem (freed by a tagged fir.freemem at the end);
//       Global     fir.address_of of plain, `target` and pointer (`!fir.box<!fir.ptr<..>>`)
//                  globals, and of record globals;
//       Argument   dummies with and without {fir.target}, pointer / allocatable dummies
//                  (refs to boxes), assumed-shape box dummies, `fir.declare`/`hlfir.declare`
//                  with `dummy_scope`, and the function itself tagged (its block arguments);
//       HostAssoc  a declare with `#fir.var_attrs<host_assoc>` of a variable loaded from the
//                  host tuple argument {fir.host_assoc};
//       Indirect   fir.load of a pointer / llvm_ptr variable from an alloca, or of a pointer
//                  component through fir.coordinate_of / hlfir.designate;
//       Unknown    fir.if results, arith.select, fir.absent, fir.zero_bits, results of calls,
//                  block arguments and results of fir.do_loop (the loop op tagged);
//   (2) the path ops getSource walks, applied to random earlier values: fir.convert chains,
//       fir.declare / hlfir.declare (both results tagged sometimes) with fortran_attrs
//       target / pointer / intent_in / allocatable, fir.box_addr, fir.embox, fir.rebox,
//       fir.coordinate_of with fir.field_index on records and with constant indices,
//       fir.array_coor with a shape and on boxes, hlfir.designate of components, elements
//       and sections, fir.load of pointer boxes from dummies and globals (followed) and
//       from locals and components (Indirect);
//   (3) records: `_QMmTnode` with pointer components (`p`, recursive `next`) and an array
//       component, `_QMmTpair` with none (flang 19 treats every record ref alike);
//   (4) ops for modref, tagged: fir.store, fir.load, fir.call, fir.freemem, fir.declare;
//   (5) 2–40 tagged values per procedure (opts.minTagged / opts.maxTagged).
// The generator counts what it emitted (`coverage.ops`: op name → count, `coverage.kinds`:
// source kind / path step / tagged op → count over tagged values) so a test can check it
// is not degenerate. Output depends only on (seed, opts).
//
//   genFirProgram(seed, opts) -> { text, tagged, funcs, coverage }
//     tagged: values the test passes collect; funcs: per func.func in module order
//     { name, values (collected values), ops (ops carrying test.ptr) }.
//   node bench/gen-fir-program.mjs SEED [--count N]   (N programs, seeds SEED.., split by `// -----`)
import { fileURLToPath } from 'node:url';
import { rng } from './gen-module.mjs';

export const DEFAULTS = Object.freeze({ minFuncs: 1, maxFuncs: 3, minTagged: 2, maxTagged: 40 });

const NODE = '!fir.type<_QMmTnode{p:!fir.box<!fir.ptr<f32>>,v:f32,a:!fir.array<4xf32>,next:!fir.box<!fir.ptr<!fir.type<_QMmTnode>>>}>';
const PAIR = '!fir.type<_QMmTpair{x:f32,y:i32}>';

/** Element types by key; an address is `!fir.<w><ELEM[e]>`, a box value is `ELEM[e]` itself. */
const ELEM = {
  f32: 'f32', i32: 'i32',
  arr10: '!fir.array<10xf32>', arr5: '!fir.array<5xf32>', arr4: '!fir.array<4xf32>', arrD: '!fir.array<?xf32>',
  node: NODE, pair: PAIR,
  bptr: '!fir.box<!fir.ptr<f32>>', bparr: '!fir.box<!fir.ptr<!fir.array<?xf32>>>',
  bheap: '!fir.box<!fir.heap<!fir.array<?xf32>>>', bnext: `!fir.box<!fir.ptr<${NODE}>>`,
  barr: '!fir.box<!fir.array<?xf32>>', barr10: '!fir.box<!fir.array<10xf32>>', barr5: '!fir.box<!fir.array<5xf32>>',
  bf32: '!fir.box<f32>',
};
/** What fir.box_addr of a box gives. */
const BOX_ADDR = {
  bptr: ['ptr', 'f32'], bparr: ['ptr', 'arrD'], bheap: ['heap', 'arrD'], bnext: ['ptr', 'node'],
  barr: ['ref', 'arrD'], barr10: ['ref', 'arr10'], barr5: ['ref', 'arr5'], bf32: ['ref', 'f32'],
};
const POINTER_BOX = new Set(['bptr', 'bparr', 'bnext']);
const ARRAY_BOX = new Set(['barr', 'barr10', 'barr5']);
const STATIC_ARRAY = { arr10: 'sh10', arr5: 'sh5', arr4: 'sh4' };
/** Record fields: [name, element key, index in the field list]. */
const FIELDS = {
  node: [['p', 'bptr'], ['v', 'f32'], ['a', 'arr4'], ['next', 'bnext']],
  pair: [['x', 'f32'], ['y', 'i32']],
};

const ty = (v) => (v.w === 'val' ? ELEM[v.e] : `!fir.${v.w}<${ELEM[v.e]}>`);
const isAddr = (v) => v.w === 'ref' || v.w === 'ptr' || v.w === 'heap';
const isBox = (v) => v.w === 'val' && v.e in BOX_ADDR;

/** The globals a program may define: [name, element, `target`?, has a body?]. */
const GLOBALS = [
  ['gx', 'f32', false], ['gy', 'f32', false], ['gt', 'f32', true], ['garr', 'arr10', false], ['gtarr', 'arr10', true],
  ['gp', 'bptr', false], ['gparr', 'bparr', false], ['gnode', 'node', false], ['gtnode', 'node', true], ['gpair', 'pair', true],
];

class Program {
  constructor(seed, opts) {
    this.r = rng(seed);
    this.opts = { ...DEFAULTS, ...opts };
    this.lines = [];
    this.coverage = { ops: {}, kinds: {} };
    this.externs = new Map(); // name -> declaration line
  }
  int(lo, hi) { return lo + Math.floor(this.r() * (hi - lo + 1)); }
  chance(p) { return this.r() < p; }
  pick(xs) { return xs[Math.floor(this.r() * xs.length)]; }
  count(table, key, n = 1) { table[key] = (table[key] ?? 0) + n; }
  /** Counts the op a line defines, so coverage.ops mirrors the text. */
  note(line) {
    const m = /^\s*(?:%[\w:#]+ = )?([a-z_]+\.[a-z_]+)\b/.exec(line);
    if (m) this.count(this.coverage.ops, m[1]);
  }
  extern(name, sig) {
    if (!this.externs.has(name)) this.externs.set(name, `func.func private @${name}${sig}`);
  }
  /** An external subroutine per signature: `_QPext0`, `_QPext1`, ... */
  calleeFor(sig) {
    this.callees ??= new Map();
    if (!this.callees.has(sig)) this.callees.set(sig, `_QPext${this.callees.size}`);
    const name = this.callees.get(sig);
    this.extern(name, sig);
    return name;
  }
}

/** One procedure: its body lines, a pool of values to build on, the tag budget. */
class Proc {
  constructor(prog, index, cap) {
    this.p = prog;
    this.index = index;
    this.name = `_QPsub${index}`;
    this.cap = cap;
    this.tagged = 0;
    this.taggedOps = 0;
    this.body = [];
    this.pool = [];
    this.n = 0;
    this.tags = 0;
    this.heaps = [];
    this.indent = '  ';
  }
  fresh(prefix = 'v') { return `%${prefix}_${this.n++}`; }
  emit(line) { this.body.push(this.indent + line); this.p.note(line); }
  room(k = 1) { return this.tagged + k <= this.cap; }
  /** A `test.ptr` entry for an op giving `k` queried values, or null when over budget. */
  tag(prefix, k = 1) {
    if (!this.room(k)) return null;
    this.tagged += k;
    this.taggedOps++;
    return `test.ptr = "${prefix}${this.tags++}"`;
  }
  /** Coverage of one tagged value: its source kind, each path step, record kinds. */
  covered(v) {
    const k = this.p.coverage.kinds;
    this.p.count(k, `source:${v.src}`);
    for (const s of new Set(v.path)) this.p.count(k, `path:${s}`);
    if (v.path.filter((s) => s === 'convert').length >= 2) this.p.count(k, 'path:convert-chain');
    if (v.e === 'node' && v.w !== 'val') this.p.count(k, 'record:pointer-component');
    if (v.e === 'pair' && v.w !== 'val') this.p.count(k, 'record:plain');
  }
  /** Adds a derived value to the pool; tags it (and counts it) when `attr` is set. */
  add(v, attr) {
    this.pool.push(v);
    if (attr) this.covered(v);
    return v;
  }
  /** `{a, b}` or '' */
  static dict(entries) {
    const xs = entries.filter(Boolean);
    return xs.length ? ` {${xs.join(', ')}}` : '';
  }
  /** Tags about half of the values the generator makes. */
  maybeTag(prefix, k = 1) { return this.p.chance(0.45) ? this.tag(prefix, k) : null; }
  poolWhere(f) { return this.pool.filter(f); }
}

/**
 * A value: `ssa`, `w` ('ref' | 'ptr' | 'heap' | 'llvm_ptr' | 'val'), element key `e`,
 * `src` (the source kind the generator intends), `path` (steps from the source),
 * `odef` (what fir.load's getOriginalDef would see: 'arg' | 'global' | 'alloca' |
 * 'component' | 'other'), `dummy` (a raw dummy argument: a declare may take dummy_scope).
 */
function val(ssa, w, e, src, path, odef, extra = {}) {
  return { ssa, w, e, src, path, odef, ...extra };
}

// ---------------------------------------------------------------- sources

function srcAlloca(f) {
  const { p } = f;
  const e = p.pick(['f32', 'f32', 'i32', 'arr10', 'node', 'pair', 'bptr', 'bparr', 'bheap', 'llvm']);
  const ssa = f.fresh('a');
  if (e === 'llvm') {
    // A local holding a raw address: loading it is Indirect.
    f.emit(`${ssa} = fir.alloca !fir.llvm_ptr<f32>`);
    const ld = f.fresh('l');
    const t = f.tag('ind');
    f.emit(`${ld} = fir.load ${ssa}${Proc.dict([t])} : !fir.ref<!fir.llvm_ptr<f32>>`);
    const v = val(ld, 'llvm_ptr', 'f32', 'indirect.load-alloca', [], 'other');
    if (t) f.covered(v);
    const c = f.fresh('c');
    const t2 = f.maybeTag('cv');
    f.emit(`${c} = fir.convert ${ld}${Proc.dict([t2])} : (!fir.llvm_ptr<f32>) -> !fir.ref<f32>`);
    f.add(val(c, 'ref', 'f32', v.src, ['convert'], 'other'), t2);
    return;
  }
  const t = f.maybeTag('loc');
  f.emit(`${ssa} = fir.alloca ${ELEM[e]}${Proc.dict([`bindc_name = "l${f.n}"`, `uniq_name = "_QF${f.name.slice(3)}El${f.n}"`, t])}`);
  f.add(val(ssa, 'ref', e, 'allocate.alloca', [], 'alloca'), t);
}

function srcAllocmem(f) {
  const e = f.p.pick(['f32', 'arr10', 'node']);
  const ssa = f.fresh('h');
  const t = f.maybeTag('heap');
  f.emit(`${ssa} = fir.allocmem ${ELEM[e]}${Proc.dict([`uniq_name = "_QF${f.name.slice(3)}Eh${f.n}.alloc"`, t])}`);
  const v = f.add(val(ssa, 'heap', e, 'allocate.allocmem', [], 'alloca'), t);
  f.heaps.push(v);
}

function srcGlobal(f, globals) {
  const [name, e, target] = f.p.pick(globals);
  const ssa = f.fresh('g');
  const t = f.maybeTag('glob');
  f.emit(`${ssa} = fir.address_of(@_QMmE${name})${Proc.dict([t])} : !fir.ref<${ELEM[e]}>`);
  const src = target ? 'global.target' : POINTER_BOX.has(e) ? 'global.pointer' : 'global.plain';
  const v = f.add(val(ssa, 'ref', e, src, [], 'global'), t);
  if (f.p.chance(0.5)) declare(f, v, { target, dummy: false });
}

/** The host-association pattern of an internal procedure: tuple argument -> coordinate -> load -> declare host_assoc. */
function srcHost(f) {
  if (!f.host) return;
  const { p } = f;
  const k = p.int(0, 1);
  const e = k === 0 ? 'f32' : 'arr10';
  const c = f.fresh('hc');
  f.emit(`${c} = fir.coordinate_of ${f.host}, %c${k}_i32 : (${f.hostTy}, i32) -> !fir.ref<!fir.ref<${ELEM[e]}>>`);
  const l = f.fresh('hl');
  const tl = f.maybeTag('hload');
  f.emit(`${l} = fir.load ${c}${Proc.dict([tl])} : !fir.ref<!fir.ref<${ELEM[e]}>>`);
  const loaded = f.add(val(l, 'ref', e, 'indirect.load-component', ['coordinate_of.index'], 'other'), tl);
  const sh = e === 'arr10' ? '(%sh10)' : '';
  const shTy = e === 'arr10' ? ', !fir.shape<1>' : '';
  const d = f.fresh('ha');
  const attrs = `fortran_attrs = #fir.var_attrs<${p.chance(0.3) ? 'target, ' : ''}host_assoc>`;
  const T = ty(loaded);
  if (p.chance(0.5)) {
    // A tagged hlfir.declare queries both of its results.
    const t = f.maybeTag('host', 2);
    f.emit(`${d}:2 = hlfir.declare ${l}${sh}${Proc.dict([attrs, `uniq_name = "_QFhostEv${f.n}"`, t])} : (${T}${shTy}) -> (${T}, ${T})`);
    f.add(val(`${d}#1`, 'ref', e, 'host_assoc', ['hlfir.declare', 'hlfir.declare#1'], 'other'), t);
    return f.add(val(`${d}#0`, 'ref', e, 'host_assoc', ['hlfir.declare'], 'other'), t);
  }
  const t = f.maybeTag('host');
  f.emit(`${d} = fir.declare ${l}${sh}${Proc.dict([attrs, `uniq_name = "_QFhostEv${f.n}"`, t])} : (${T}${shTy}) -> ${T}`);
  return f.add(val(d, 'ref', e, 'host_assoc', ['fir.declare'], 'other'), t);
}

/** Unknown sources: values getSource cannot see through. */
function srcUnknown(f) {
  const { p } = f;
  const which = p.pick(['if', 'select', 'absent', 'zero_bits', 'do_loop', 'call']);
  if (which === 'absent' || which === 'zero_bits') {
    const [w, e] = p.pick([['ref', 'f32'], ['ptr', 'f32'], ['heap', 'arr10'], ['val', 'barr'], ['ref', 'bptr']]);
    const ssa = f.fresh('u');
    const t = f.maybeTag(which === 'absent' ? 'abs' : 'zero');
    const v = val(ssa, w, e, `unknown.${which}`, [], 'other');
    f.emit(`${ssa} = fir.${which} ${ty(v)}${Proc.dict([t])}`);
    f.add(v, t);
    return;
  }
  if (which === 'call') {
    f.p.extern('_QPgetptr', '() -> !fir.ptr<f32>');
    const ssa = f.fresh('r');
    const t = f.maybeTag('res');
    f.emit(`${ssa} = fir.call @_QPgetptr()${Proc.dict([t])} : () -> !fir.ptr<f32>`);
    f.add(val(ssa, 'ptr', 'f32', 'unknown.call', [], 'other'), t);
    return;
  }
  const addrs = f.poolWhere((v) => isAddr(v) || isBox(v));
  if (!addrs.length) return;
  const a = p.pick(addrs);
  const same = f.poolWhere((v) => v.w === a.w && v.e === a.e);
  const b = p.pick(same);
  const T = ty(a);
  if (which === 'select') {
    const ssa = f.fresh('s');
    const t = f.maybeTag('sel');
    f.emit(`${ssa} = arith.select %true, ${a.ssa}, ${b.ssa}${Proc.dict([t])} : ${T}`);
    f.add(val(ssa, a.w, a.e, 'unknown.select', [], 'other'), t);
    return;
  }
  if (which === 'if') {
    const ssa = f.fresh('if');
    const opTag = p.chance(0.3) ? f.tag('ifop') : null;
    const t = opTag ? null : f.maybeTag('ifres');
    f.emit(`${ssa} = fir.if %true -> ${T} {`);
    f.indent += '  ';
    if (p.chance(0.5)) inner(f, a);
    f.emit(`fir.result ${a.ssa} : ${T}`);
    f.indent = f.indent.slice(2);
    f.body.push(`${f.indent}} else {`);
    f.indent += '  ';
    f.emit(`fir.result ${b.ssa} : ${T}`);
    f.indent = f.indent.slice(2);
    // A tag on the result goes in the attr-dict after the regions (MLIR custom form of fir.if).
    f.body.push(`${f.indent}}${Proc.dict([opTag ?? t])}`);
    const v = val(ssa, a.w, a.e, 'unknown.if', [], 'other');
    f.add(v, opTag ?? t);
    return;
  }
  // do_loop carrying `a` as an iter_arg; the op tag collects the result, the iv and the iter arg.
  const ssa = f.fresh('loop');
  const it = f.fresh('it');
  const opTag = f.p.chance(0.5) ? f.tag('loop', 3) : null;
  f.emit(`${ssa} = fir.do_loop ${f.fresh('iv')} = %c1 to %c10 step %c1 iter_args(${it} = ${a.ssa}) -> (${T})${opTag ? ` attributes {${opTag}}` : ''} {`);
  f.indent += '  ';
  const itv = val(it, a.w, a.e, 'unknown.do_loop-arg', [], 'other');
  inner(f, itv);
  f.emit(`fir.result ${it} : ${T}`);
  f.indent = f.indent.slice(2);
  f.body.push(`${f.indent}}`);
  const res = val(ssa, a.w, a.e, 'unknown.do_loop-result', [], 'other');
  f.add(res, opTag);
  if (opTag) f.covered(itv);
}

/** A tagged value inside a region, not visible outside it: a convert or a declare of `v`. */
function inner(f, v) {
  if (!isAddr(v) && !isBox(v)) return;
  const t = f.tag('in');
  if (!t) return;
  const ssa = f.fresh('n');
  if (isBox(v)) {
    const [w, e] = BOX_ADDR[v.e];
    f.emit(`${ssa} = fir.box_addr ${v.ssa} {${t}} : (${ty(v)}) -> !fir.${w}<${ELEM[e]}>`);
    f.covered({ ...v, w, e, path: [...v.path, 'box_addr'] });
    return;
  }
  const to = v.w === 'ptr' ? 'ref' : 'ptr';
  f.emit(`${ssa} = fir.convert ${v.ssa} {${t}} : (${ty(v)}) -> !fir.${to}<${ELEM[v.e]}>`);
  f.covered({ ...v, w: to, path: [...v.path, 'convert'] });
}

// ---------------------------------------------------------------- paths

/** fir.declare or hlfir.declare of `v` with fortran_attrs fitting its type. */
function declare(f, v, { target = false, dummy = false } = {}) {
  const { p } = f;
  if (!(isAddr(v) || isBox(v))) return v;
  // hlfir.declare only where its two results have the operand's type (no ptr/heap, no
  // raw assumed-size array: that one's first result would be a box).
  const hl = (v.w === 'ref' || (isBox(v) && ARRAY_BOX.has(v.e))) && v.e !== 'arrD' && p.chance(0.5);
  const attrs = [];
  const kind = [];
  if (v.w === 'ref' && POINTER_BOX.has(v.e)) { attrs.push('pointer'); kind.push('declare.pointer'); }
  else if (v.w === 'ref' && v.e === 'bheap') attrs.push('allocatable');
  else if (target || p.chance(0.25)) { attrs.push('target'); kind.push('declare.target'); }
  if (p.chance(0.25)) { attrs.push('intent_in'); kind.push('declare.intent_in'); }
  const scope = dummy && f.ds && p.chance(0.8);
  const shKey = v.w !== 'val' && (STATIC_ARRAY[v.e] ?? (v.e === 'arrD' ? 'sh10' : null));
  const sh = shKey ? `(%${shKey})` : '';
  const operandTys = [ty(v), shKey ? '!fir.shape<1>' : null, scope ? '!fir.dscope' : null].filter(Boolean).join(', ');
  const ds = scope ? ` dummy_scope ${f.ds}` : '';
  const T = ty(v);
  const entries = [attrs.length ? `fortran_attrs = #fir.var_attrs<${attrs.join(', ')}>` : null, `uniq_name = "_QF${f.name.slice(3)}Ev${f.n}"`];
  const ssa = f.fresh('d');
  const src = scope ? 'argument.dummy_scope' : v.src;
  if (hl) {
    // Tagging the op queries both results (#0 the Fortran variable, #1 the raw base).
    const t = f.maybeTag('hd', 2);
    f.emit(`${ssa}:2 = hlfir.declare ${v.ssa}${sh}${ds}${Proc.dict([...entries, t])} : (${operandTys}) -> (${T}, ${T})`);
    const path = [...v.path, 'hlfir.declare', ...kind];
    f.add(val(`${ssa}#1`, v.w, v.e, src, [...path, 'hlfir.declare#1'], v.odef), t);
    if (t) f.p.count(f.p.coverage.kinds, 'tagged:hlfir.declare');
    return f.add(val(`${ssa}#0`, v.w, v.e, src, path, v.odef), t);
  }
  const t = f.maybeTag('fd');
  f.emit(`${ssa} = fir.declare ${v.ssa}${sh}${ds}${Proc.dict([...entries, t])} : (${operandTys}) -> ${T}`);
  if (t) f.p.count(f.p.coverage.kinds, 'tagged:fir.declare');
  // A declared value stays a dummy/global for fir.load's getOriginalDef (same odef).
  return f.add(val(ssa, v.w, v.e, src, [...v.path, 'fir.declare', ...kind], v.odef), t);
}

function pathConvert(f, v) {
  const { p } = f;
  let cur = v;
  for (let k = p.int(1, 3); k > 0; k--) {
    let w = cur.w;
    let e = cur.e;
    if (isBox(cur)) {
      if (!ARRAY_BOX.has(cur.e)) return;
      e = p.pick(['barr', 'barr10']);
    } else if (cur.w === 'llvm_ptr') {
      w = 'ref';
    } else if (cur.e === 'f32' && p.chance(0.3)) {
      e = 'i32';
    } else if (cur.e in BOX_ADDR) {
      w = 'llvm_ptr'; // no !fir.ptr / !fir.heap of a box
    } else {
      w = p.pick(['ref', 'ptr', 'heap', 'llvm_ptr'].filter((x) => x !== cur.w));
    }
    const next = val(f.fresh('c'), w, e, cur.src, [...cur.path, 'convert'], cur.odef);
    const t = f.maybeTag('cv');
    f.emit(`${next.ssa} = fir.convert ${cur.ssa}${Proc.dict([t])} : (${ty(cur)}) -> ${ty(next)}`);
    f.add(next, t);
    cur = next;
  }
}

function pathBox(f, v) {
  const { p } = f;
  if (isBox(v)) {
    if (p.chance(0.7) || !(ARRAY_BOX.has(v.e) || v.e === 'bparr' || v.e === 'bheap')) {
      const [w, e] = BOX_ADDR[v.e];
      const next = val(f.fresh('b'), w, e, v.src, [...v.path, 'box_addr'], 'other');
      const t = f.maybeTag('addr');
      f.emit(`${next.ssa} = fir.box_addr ${v.ssa}${Proc.dict([t])} : (${ty(v)}) -> ${ty(next)}`);
      f.add(next, t);
      return;
    }
    const next = val(f.fresh('rb'), 'val', 'barr', v.src, [...v.path, 'rebox'], 'other');
    const t = f.maybeTag('rebox');
    f.emit(`${next.ssa} = fir.rebox ${v.ssa}${Proc.dict([t])} : (${ty(v)}) -> ${ty(next)}`);
    f.add(next, t);
    return;
  }
  // embox: scalars, pointers to scalars, static arrays with their shape.
  let e;
  let sh = '';
  let shTy = '';
  if (v.w === 'ref' && v.e === 'f32') e = 'bf32';
  else if (v.w === 'ptr' && v.e === 'f32') e = 'bptr';
  else if (v.w === 'ref' && v.e === 'arr10') { e = p.pick(['barr10', 'barr']); sh = '(%sh10)'; shTy = ', !fir.shape<1>'; }
  else if (v.w === 'ref' && v.e === 'arr5') { e = 'barr5'; sh = '(%sh5)'; shTy = ', !fir.shape<1>'; }
  else return;
  const next = val(f.fresh('e'), 'val', e, v.src, [...v.path, 'embox'], 'other');
  const t = f.maybeTag('box');
  f.emit(`${next.ssa} = fir.embox ${v.ssa}${sh}${Proc.dict([t])} : (${ty(v)}${shTy}) -> ${ty(next)}`);
  f.add(next, t);
}

function constIndex(p) { return p.pick(['%c0', '%c1', '%c4']); }

function pathCoordinate(f, v) {
  const { p } = f;
  if (v.w === 'ref' && FIELDS[v.e]) {
    const fields = FIELDS[v.e];
    const [name, e] = p.pick(fields);
    const fi = f.fresh('f');
    f.emit(`${fi} = fir.field_index ${name}, ${ELEM[v.e]}`);
    const next = val(f.fresh('co'), 'ref', e, v.src, [...v.path, 'coordinate_of.field'], 'component');
    const t = f.maybeTag('fld');
    f.emit(`${next.ssa} = fir.coordinate_of ${v.ssa}, ${fi}${Proc.dict([t])} : (${ty(v)}, !fir.field) -> ${ty(next)}`);
    f.add(next, t);
    return;
  }
  const arrayRef = isAddr(v) && (STATIC_ARRAY[v.e] || v.e === 'arrD');
  if (!arrayRef && !(isBox(v) && ARRAY_BOX.has(v.e))) return;
  const next = val(f.fresh('co'), 'ref', 'f32', v.src, [...v.path, 'coordinate_of.index'], 'component');
  const t = f.maybeTag('elt');
  f.emit(`${next.ssa} = fir.coordinate_of ${v.ssa}, ${constIndex(p)}${Proc.dict([t])} : (${ty(v)}, index) -> !fir.ref<f32>`);
  f.add(next, t);
}

function pathArrayCoor(f, v) {
  const { p } = f;
  const withShape = v.w === 'ref' && STATIC_ARRAY[v.e];
  if (!withShape && !(isBox(v) && ARRAY_BOX.has(v.e))) return;
  const next = val(f.fresh('ac'), 'ref', 'f32', v.src, [...v.path, withShape ? 'array_coor.shape' : 'array_coor.box'], 'component');
  const t = f.maybeTag('ac');
  const shape = withShape ? `(%${STATIC_ARRAY[v.e]})` : '';
  const shapeTy = withShape ? ', !fir.shape<1>' : '';
  f.emit(`${next.ssa} = fir.array_coor ${v.ssa}${shape} ${constIndex(p)}${Proc.dict([t])} : (${ty(v)}${shapeTy}, index) -> !fir.ref<f32>`);
  f.add(next, t);
}

function pathDesignate(f, v) {
  const { p } = f;
  const d = f.fresh('ds');
  const emit = (suffix, operandTys, w, e, step, extraAttrs = []) => {
    const next = val(d, w, e, v.src, [...v.path, step], 'component');
    const t = f.maybeTag('des');
    f.emit(`${d} = hlfir.designate ${v.ssa}${suffix}${Proc.dict([...extraAttrs, t])} : (${[ty(v), ...operandTys].join(', ')}) -> ${ty(next)}`);
    f.add(next, t);
  };
  if (v.w === 'ref' && v.e === 'node') {
    const k = p.int(0, 3);
    if (k === 0) emit('{"v"}', [], 'ref', 'f32', 'designate.component');
    else if (k === 1) emit('{"p"}', [], 'ref', 'bptr', 'designate.component', ['fortran_attrs = #fir.var_attrs<pointer>']);
    else if (k === 2) emit('{"a"} <%sh4> (%c1)', ['!fir.shape<1>', 'index'], 'ref', 'f32', 'designate.component');
    else emit('{"a"} shape %sh4', ['!fir.shape<1>'], 'ref', 'arr4', 'designate.component');
  } else if (v.w === 'ref' && v.e === 'pair') {
    if (p.chance(0.5)) emit('{"x"}', [], 'ref', 'f32', 'designate.component');
    else emit('{"y"}', [], 'ref', 'i32', 'designate.component');
  } else if (v.w === 'ref' && (v.e === 'arr10' || v.e === 'arr4')) {
    if (v.e === 'arr10' && p.chance(0.4)) emit(' (%c1:%c5:%c1) shape %sh5', ['index', 'index', 'index', '!fir.shape<1>'], 'ref', 'arr5', 'designate.section');
    else emit(` (${p.pick(['%c1', '%c4'])})`, ['index'], 'ref', 'f32', 'designate.index');
  } else if (isBox(v) && ARRAY_BOX.has(v.e)) {
    if (p.chance(0.4)) emit(' (%c1:%c5:%c1) shape %sh5', ['index', 'index', 'index', '!fir.shape<1>'], 'val', 'barr5', 'designate.section');
    else emit(` (${p.pick(['%c1', '%c4'])})`, ['index'], 'ref', 'f32', 'designate.index');
  }
}

/** fir.load of a pointer/allocatable box: followed from dummies and globals, Indirect otherwise. */
function pathLoad(f, v) {
  if (!(isAddr(v) && v.e in BOX_ADDR)) return;
  const follows = v.odef === 'arg' || v.odef === 'global';
  const src = follows ? v.src : v.odef === 'alloca' ? 'indirect.load-alloca' : 'indirect.load-component';
  const step = v.odef === 'arg' ? 'load.dummy' : v.odef === 'global' ? 'load.global' : null;
  const next = val(f.fresh('ld'), 'val', v.e, src, follows ? [...v.path, step] : [], 'other');
  const t = f.maybeTag('ldp');
  f.emit(`${next.ssa} = fir.load ${v.ssa}${Proc.dict([t])} : ${ty(v)}`);
  f.add(next, t);
  // Usually the data address is what Fortran code then uses.
  if (f.p.chance(0.7)) pathBox(f, next);
}

// ---------------------------------------------------------------- modref ops

const SCALAR = new Set(['f32', 'i32']);

function opStore(f) {
  const { p } = f;
  const targets = f.poolWhere((v) => isAddr(v) && (SCALAR.has(v.e) || POINTER_BOX.has(v.e)));
  if (!targets.length) return;
  const d = p.pick(targets);
  let x;
  if (SCALAR.has(d.e)) {
    x = d.e === 'f32' ? '%cst' : '%c7_i32';
  } else {
    const boxes = f.poolWhere((v) => v.w === 'val' && v.e === d.e);
    if (!boxes.length) return;
    x = p.pick(boxes).ssa;
  }
  const t = f.p.chance(0.6) ? f.tag('st', 0) : null;
  f.emit(`fir.store ${x} to ${d.ssa}${Proc.dict([t])} : ${ty(d)}`);
  if (t) f.p.count(f.p.coverage.kinds, 'tagged:fir.store');
}

function opLoad(f) {
  const xs = f.poolWhere((v) => isAddr(v) && SCALAR.has(v.e));
  if (!xs.length) return;
  const v = f.p.pick(xs);
  const t = f.tag('rd');
  if (!t) return;
  f.emit(`${f.fresh('x')} = fir.load ${v.ssa} {${t}} : ${ty(v)}`);
  f.p.count(f.p.coverage.kinds, 'tagged:fir.load');
}

function opCall(f) {
  const { p } = f;
  const xs = f.poolWhere((v) => isAddr(v) || isBox(v));
  const args = [];
  for (let k = p.int(0, 2); k > 0 && xs.length; k--) args.push(p.pick(xs));
  const tys = args.map(ty).join(', ');
  const callee = p.calleeFor(`(${tys})`);
  const t = p.chance(0.6) ? f.tag('call', 0) : null;
  f.emit(`fir.call @${callee}(${args.map((a) => a.ssa).join(', ')})${Proc.dict([t])} : (${tys}) -> ()`);
  if (t) f.p.count(f.p.coverage.kinds, 'tagged:fir.call');
}

// ---------------------------------------------------------------- procedures

/** Dummy argument kinds: [element, w, arg attrs]. */
const DUMMIES = [
  ['f32', 'ref', ''], ['f32', 'ref', 'target'], ['i32', 'ref', ''], ['arr10', 'ref', ''], ['arr10', 'ref', 'target'],
  ['barr', 'val', ''], ['barr', 'val', 'target'], ['bptr', 'ref', ''], ['bparr', 'ref', ''], ['bheap', 'ref', ''],
  ['node', 'ref', ''], ['pair', 'ref', ''], ['bnext', 'ref', ''],
];
const HOST_TY = '!fir.ref<tuple<!fir.ref<f32>, !fir.ref<!fir.array<10xf32>>>>';

function genProc(prog, index, globals) {
  const p = prog;
  const cap = p.int(p.opts.minTagged, p.opts.maxTagged);
  const f = new Proc(prog, index, cap);
  const nArgs = p.int(0, 5);
  const args = [];
  const argVals = [];
  for (let k = 0; k < nArgs; k++) {
    const [e, w, attr] = p.pick(DUMMIES);
    const ssa = `%arg${k}`;
    const attrs = [`fir.bindc_name = "x${k}"`, attr === 'target' ? 'fir.target' : null].filter(Boolean).join(', ');
    const v = val(ssa, w, e, attr === 'target' ? 'argument.target' : w === 'ref' && e in BOX_ADDR ? 'argument.box-ref' : 'argument.plain', [], 'arg', { dummy: true, target: attr === 'target' });
    args.push(`${ssa}: ${ty(v)} {${attrs}}`);
    argVals.push(v);
  }
  if (p.chance(0.25)) {
    f.host = `%arg${nArgs}`;
    f.hostTy = HOST_TY;
    args.push(`${f.host}: ${HOST_TY} {fir.host_assoc}`);
  }
  // Tagging the function queries its block arguments (func.region0#k).
  const nBlockArgs = args.length;
  const funcTag = nBlockArgs > 0 && p.chance(0.2) && nBlockArgs <= cap - 2 ? f.tag('func', nBlockArgs) : null;
  if (funcTag) for (const v of argVals) f.covered(v);

  f.emit('%c0 = arith.constant 0 : index');
  f.emit('%c1 = arith.constant 1 : index');
  f.emit('%c4 = arith.constant 4 : index');
  f.emit('%c5 = arith.constant 5 : index');
  f.emit('%c10 = arith.constant 10 : index');
  f.emit('%c0_i32 = arith.constant 0 : i32');
  f.emit('%c1_i32 = arith.constant 1 : i32');
  f.emit('%c7_i32 = arith.constant 7 : i32');
  f.emit('%cst = arith.constant 1.500000e+00 : f32');
  f.emit('%true = arith.constant true');
  f.emit('%sh4 = fir.shape %c4 : (index) -> !fir.shape<1>');
  f.emit('%sh5 = fir.shape %c5 : (index) -> !fir.shape<1>');
  f.emit('%sh10 = fir.shape %c10 : (index) -> !fir.shape<1>');
  if (argVals.length && p.chance(0.7)) {
    f.ds = '%ds';
    f.emit('%ds = fir.dummy_scope : !fir.dscope');
  }
  // Dummies: declared (with dummy_scope when there is one) or used raw.
  for (const v of argVals) {
    if (p.chance(0.6)) declare(f, v, { target: v.target, dummy: true });
    else {
      f.pool.push(v);
      if (p.chance(0.3) && isAddr(v)) pathConvert(f, v);
    }
  }
  const sources = [
    [3, () => srcAlloca(f)], [1, () => srcAllocmem(f)], [3, () => srcGlobal(f, globals)],
    [1, () => srcHost(f)], [2, () => srcUnknown(f)],
  ];
  const paths = [
    [3, pathConvert], [2, (g, v) => declare(g, v, { target: v.target })], [3, pathBox], [3, pathCoordinate],
    [2, pathArrayCoor], [3, pathDesignate], [3, pathLoad],
  ];
  const modref = [[2, opStore], [2, opLoad], [1, opCall]];
  const weighted = (xs) => {
    const total = xs.reduce((s, [w]) => s + w, 0);
    let x = p.r() * total;
    for (const [w, g] of xs) if ((x -= w) < 0) return g;
    return xs[xs.length - 1][1];
  };
  for (let step = 0; step < 400 && f.tagged < cap; step++) {
    const k = p.r();
    if (k < 0.3 || f.pool.length === 0) weighted(sources)();
    else if (k < 0.85) weighted(paths)(f, p.pick(f.pool));
    else weighted(modref)(f);
  }
  // Free what was allocated on the heap, often through a tagged fir.freemem.
  for (const h of f.heaps) {
    const tf = p.chance(0.7) ? f.tag('free', 0) : null;
    f.emit(`fir.freemem ${h.ssa}${Proc.dict([tf])} : ${ty(h)}`);
    if (tf) p.count(p.coverage.kinds, 'tagged:fir.freemem');
  }
  f.emit('return');
  const head = `func.func @${f.name}(${args.join(', ')})${funcTag ? ` attributes {${funcTag}}` : ''} {`;
  return { lines: [head, ...f.body, '}'], name: f.name, values: f.tagged, ops: f.taggedOps };
}

function genGlobal(prog, [name, e, target]) {
  const p = prog;
  const T = ELEM[e];
  const head = `fir.global ${p.chance(0.3) ? 'internal ' : ''}@_QMmE${name}${target ? ' target' : ''} : ${T}`;
  if (e === 'node' || p.chance(0.15)) return [head];
  const lines = [`${head} {`];
  const emit = (l) => { lines.push(`  ${l}`); p.note(l); };
  if (e === 'bptr') {
    emit('%0 = fir.zero_bits !fir.ptr<f32>');
    emit('%1 = fir.embox %0 : (!fir.ptr<f32>) -> !fir.box<!fir.ptr<f32>>');
    emit(`fir.has_value %1 : ${T}`);
  } else if (e === 'bparr') {
    emit('%0 = fir.zero_bits !fir.ptr<!fir.array<?xf32>>');
    emit('%c0 = arith.constant 0 : index');
    emit('%1 = fir.shape %c0 : (index) -> !fir.shape<1>');
    emit(`%2 = fir.embox %0(%1) : (!fir.ptr<!fir.array<?xf32>>, !fir.shape<1>) -> ${T}`);
    emit(`fir.has_value %2 : ${T}`);
  } else {
    emit(`%0 = fir.zero_bits ${T}`);
    emit(`fir.has_value %0 : ${T}`);
  }
  lines.push('}');
  return lines;
}

/** One program: `{ text, tagged, funcs, coverage }`; depends only on `seed` and `opts`. */
export function genFirProgram(seed, opts = {}) {
  const p = new Program(seed, opts);
  const globals = GLOBALS.filter(() => p.chance(0.7));
  if (!globals.length) globals.push(GLOBALS[0]);
  const out = [`// gen-fir-program seed ${seed}`];
  for (const g of globals) {
    const lines = genGlobal(p, g);
    p.note(lines[0]);
    out.push(...lines);
  }
  const nFuncs = p.int(p.opts.minFuncs, p.opts.maxFuncs);
  const procs = [];
  for (let i = 0; i < nFuncs; i++) procs.push(genProc(p, i, globals));
  const funcs = [];
  for (const [name, decl] of p.externs) {
    out.push(decl);
    p.note(decl);
    funcs.push({ name, values: 0, ops: 0 });
  }
  for (const pr of procs) {
    p.note(pr.lines[0]);
    out.push(...pr.lines);
    funcs.push({ name: pr.name, values: pr.values, ops: pr.ops });
  }
  return { text: out.join('\n') + '\n', tagged: procs.reduce((a, pr) => a + pr.values, 0), funcs, coverage: p.coverage };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const i = args.indexOf('--count');
  const count = i >= 0 ? Number(args[i + 1]) : 1;
  const seed = Number(args.find((a, k) => /^\d+$/.test(a) && args[k - 1] !== '--count'));
  if (!Number.isInteger(seed) || !Number.isInteger(count) || count < 1) {
    console.error('usage: gen-fir-program.mjs SEED [--count N]');
    process.exit(2);
  }
  const texts = [];
  for (let k = 0; k < count; k++) texts.push(genFirProgram(seed + k).text);
  process.stdout.write(texts.join('// -----\n'));
}
