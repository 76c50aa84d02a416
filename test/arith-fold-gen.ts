/**
 * Seeded generator of functions made of arith ops over constants (and a few
 * unknown arguments), for the differential `--sccp` test.
 *
 *  1. Each function draws constants of i1…i128, index, f16, bf16, f32, f64 and
 *     small vectors; integers from edge values (0, ±1, MIN, MAX) or random bits,
 *     floats from edge values (±0, ±inf, NaNs incl. signalling, subnormals) or
 *     random bit patterns written in hex.
 *  2. Ops pick operands of the right type from the values made so far, so folds
 *     chain; every op result is returned, so every fold shows in the output.
 */

import { rng } from '../bench/gen-module.mjs';

const INT_TYPES = ['i1', 'i8', 'i16', 'i32', 'i64', 'i128', 'index'];
const FLOAT_TYPES = ['f16', 'bf16', 'f32', 'f64'];
const VEC_TYPES = ['vector<3xi8>', 'vector<2xf32>', 'vector<4xi32>', 'vector<2xi1>', 'tensor<2xf16>'];
const FLOAT_WIDTH: Record<string, number> = { f16: 16, bf16: 16, f32: 32, f64: 64 };
const INT_FOR_FLOAT: Record<string, string> = { f16: 'i16', bf16: 'i16', f32: 'i32', f64: 'i64' };
const INT_BIN = ['addi', 'subi', 'muli', 'divui', 'divsi', 'ceildivui', 'ceildivsi', 'floordivsi', 'remui', 'remsi',
  'andi', 'ori', 'xori', 'shli', 'shrui', 'shrsi', 'maxsi', 'maxui', 'minsi', 'minui'];
const FLOAT_BIN = ['addf', 'subf', 'mulf', 'divf', 'remf', 'maximumf', 'minimumf', 'maxnumf', 'minnumf'];
const CMPI = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'];
const CMPF = ['false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', 'true'];
const FLOAT_EDGES = ['0.0', '-0.0', '1.0', '-1.0', '0.5', '2.0', '3.0', '-2.5', '1.0e+30', '6.550400e+04', '1.0e-40', '0.1'];

const widthOf = (t: string): number => (t === 'index' ? 64 : Number(t.slice(1)));
const eltOf = (t: string): string => /<(?:\d+x)*(\w+)>/.exec(t)?.[1] ?? t;
const countOf = (t: string): number => Number(/<(\d+)x/.exec(t)?.[1] ?? 1);

class Gen {
  readonly lines: string[] = [];
  readonly pool = new Map<string, string[]>();
  readonly results: [string, string][] = [];
  readonly args: [string, string][] = [];
  private n = 0;
  constructor(readonly r: () => number) {}
  pick<T>(xs: readonly T[]): T { return xs[Math.floor(this.r() * xs.length)]!; }
  chance(p: number): boolean { return this.r() < p; }

  intLiteral(t: string): string {
    const w = widthOf(t);
    if (w === 1) return this.chance(0.5) ? 'true' : 'false';
    const W = BigInt(w);
    const edges = [0n, 1n, -1n, 2n, 3n, 7n, -(1n << (W - 1n)), (1n << (W - 1n)) - 1n, BigInt(w), BigInt(w - 1)];
    if (this.chance(0.6)) return String(this.pick(edges));
    let v = 0n;
    for (let i = 0; i < w; i += 16) v = (v << 16n) | BigInt(Math.floor(this.r() * 65536));
    // Small magnitudes keep divisions and shifts interesting.
    if (this.chance(0.5)) v %= 300n;
    return String(BigInt.asIntN(w, v));
  }
  floatLiteral(t: string): string {
    const w = FLOAT_WIDTH[t]!;
    if (this.chance(0.45)) return this.pick(FLOAT_EDGES);
    const special: Record<string, string[]> = {
      f16: ['0x7C00', '0xFC00', '0x7E00', '0x7D00', '0xFE01', '0x0001', '0x8001'],
      bf16: ['0x7F80', '0xFF80', '0x7FC0', '0x7FA0', '0x0001'],
      f32: ['0x7F800000', '0xFF800000', '0x7FC00000', '0x7FA00000', '0xFFC00001', '0x00000001', '0x80000001'],
      f64: ['0x7FF0000000000000', '0xFFF0000000000000', '0x7FF8000000000000', '0x7FF4000000000000', '0x0000000000000001'],
    };
    if (this.chance(0.3)) return this.pick(special[t]!);
    let bits = 0n;
    for (let i = 0; i < w; i += 16) bits = (bits << 16n) | BigInt(Math.floor(this.r() * 65536));
    // Bias the exponent toward ordinary magnitudes half of the time.
    if (this.chance(0.5)) {
      const v = (this.r() - 0.5) * 2 ** Math.floor(this.r() * 40 - 20);
      return v.toExponential(6).replace(/e([+-])(\d)$/, 'e$10$2');
    }
    return '0x' + bits.toString(16).toUpperCase().padStart(w / 4, '0');
  }
  literal(t: string): string {
    const e = eltOf(t);
    if (t === e) return INT_TYPES.includes(t) ? this.intLiteral(t) : this.floatLiteral(t);
    const one = () => (INT_TYPES.includes(e) ? this.intLiteral(e) : this.floatLiteral(e));
    const n = countOf(t);
    // Hex floats are not allowed inside dense literals for every type; keep decimals there.
    const elem = () => {
      let s = one();
      while (s.startsWith('0x') && !INT_TYPES.includes(e)) s = this.pick(FLOAT_EDGES);
      return s;
    };
    if (this.chance(0.5)) return `dense<${elem()}> : ${t}`;
    return `dense<[${Array.from({ length: n }, elem).join(', ')}]> : ${t}`;
  }

  fresh(t: string): string {
    const v = `%v${this.n++}`;
    if (!this.pool.has(t)) this.pool.set(t, []);
    this.pool.get(t)!.push(v);
    return v;
  }
  value(t: string): string {
    const vs = this.pool.get(t);
    if (vs?.length && this.chance(0.75)) return this.pick(vs);
    if (this.chance(0.08)) {
      const a = `%a${this.args.length}`;
      this.args.push([a, t]);
      return a;
    }
    const lit = this.literal(t);
    const v = this.fresh(t);
    this.lines.push(`    ${v} = arith.constant ${lit}${t === eltOf(t) && !lit.startsWith('true') && !lit.startsWith('false') ? ` : ${t}` : ''}`);
    return v;
  }
  emit(t: string, text: string): void {
    const v = this.fresh(t);
    this.lines.push(`    ${v} = ${text}`);
    this.results.push([v, t]);
  }

  op(): void {
    const k = this.r();
    const it = this.pick(INT_TYPES);
    const ft = this.pick(FLOAT_TYPES);
    if (k < 0.28) {
      const t = this.chance(0.15) ? this.pick(VEC_TYPES.filter((x) => INT_TYPES.includes(eltOf(x)))) : it;
      this.emit(t, `arith.${this.pick(INT_BIN)} ${this.value(t)}, ${this.value(t)} : ${t}`);
    } else if (k < 0.4) {
      const a = this.value(it);
      const b = this.chance(0.2) ? a : this.value(it);
      this.emit('i1', `arith.cmpi ${this.pick(CMPI)}, ${a}, ${b} : ${it}`);
    } else if (k < 0.48) {
      const t = this.chance(0.5) ? it : ft;
      this.emit(t, `arith.select ${this.value('i1')}, ${this.value(t)}, ${this.value(t)} : ${t}`);
    } else if (k < 0.62) {
      const t = this.chance(0.15) ? this.pick(VEC_TYPES.filter((x) => !INT_TYPES.includes(eltOf(x)))) : ft;
      if (this.chance(0.1)) this.emit(t, `arith.negf ${this.value(t)} : ${t}`);
      else this.emit(t, `arith.${this.pick(FLOAT_BIN)} ${this.value(t)}, ${this.value(t)} : ${t}`);
    } else if (k < 0.7) {
      this.emit('i1', `arith.cmpf ${this.pick(CMPF)}, ${this.value(ft)}, ${this.value(ft)} : ${ft}`);
    } else if (k < 0.9) {
      this.cast(it, ft);
    } else {
      const t = this.pick(INT_TYPES.filter((x) => x !== 'index'));
      const o = this.pick(['addui_extended', 'mulsi_extended', 'mului_extended']);
      const [a, b] = [this.value(t), this.value(t)];
      const v = `%v${this.n++}`;
      if (o === 'addui_extended') {
        this.lines.push(`    ${v}:2 = arith.addui_extended ${a}, ${b} : ${t}, i1`);
        this.results.push([`${v}#0`, t], [`${v}#1`, 'i1']);
      } else {
        this.lines.push(`    ${v}:2 = arith.${o} ${a}, ${b} : ${t}`);
        this.results.push([`${v}#0`, t], [`${v}#1`, t]);
      }
    }
  }

  cast(it: string, ft: string): void {
    const ints = INT_TYPES.filter((x) => x !== 'index');
    const c = this.pick(['ext', 'trunc', 'index', 'tofp', 'fromfp', 'fext', 'bitcast']);
    if (c === 'ext' || c === 'trunc') {
      let [a, b] = [this.pick(ints), this.pick(ints)];
      if (widthOf(a) === widthOf(b)) return;
      if ((c === 'ext') !== (widthOf(a) < widthOf(b))) [a, b] = [b, a];
      const name = c === 'ext' ? this.pick(['extui', 'extsi']) : 'trunci';
      this.emit(b, `arith.${name} ${this.value(a)} : ${a} to ${b}`);
    } else if (c === 'index') {
      const t = this.pick(ints);
      const [a, b] = this.chance(0.5) ? [t, 'index'] : ['index', t];
      this.emit(b, `arith.${this.pick(['index_cast', 'index_castui'])} ${this.value(a)} : ${a} to ${b}`);
    } else if (c === 'tofp') {
      const t = this.pick(ints);
      this.emit(ft, `arith.${this.pick(['sitofp', 'uitofp'])} ${this.value(t)} : ${t} to ${ft}`);
    } else if (c === 'fromfp') {
      const t = this.pick(ints);
      this.emit(t, `arith.${this.pick(['fptosi', 'fptoui'])} ${this.value(ft)} : ${ft} to ${t}`);
    } else if (c === 'fext') {
      const pairs = [['f16', 'f32'], ['bf16', 'f32'], ['f32', 'f64'], ['f16', 'f64'], ['bf16', 'f64']];
      const [a, b] = this.pick(pairs);
      if (this.chance(0.5)) this.emit(b!, `arith.extf ${this.value(a!)} : ${a} to ${b}`);
      else this.emit(a!, `arith.truncf ${this.value(b!)} : ${b} to ${a}`);
    } else {
      const f = ft;
      const i = INT_FOR_FLOAT[f]!;
      if (this.chance(0.5)) this.emit(i, `arith.bitcast ${this.value(f)} : ${f} to ${i}`);
      else this.emit(f, `arith.bitcast ${this.value(i)} : ${i} to ${f}`);
    }
  }
}

/** One function `@f<index>` with `ops` ops. */
export function genFunction(r: () => number, index: number, ops: number): string {
  const g = new Gen(r);
  for (let i = 0; i < ops; i++) g.op();
  const args = g.args.map(([a, t]) => `${a}: ${t}`).join(', ');
  const tys = g.results.map(([, t]) => t);
  const ret = g.results.length ? `    return ${g.results.map(([v]) => v).join(', ')} : ${tys.join(', ')}` : '    return';
  const sig = tys.length ? ` -> (${tys.join(', ')})` : '';
  return `  func.func @f${index}(${args})${sig} {\n${g.lines.join('\n')}\n${ret}\n  }`;
}

export function genModule(seed: number, funcs: number, ops: number): string {
  const r = rng(seed);
  return `module {\n${Array.from({ length: funcs }, (_, i) => genFunction(r, i, ops)).join('\n')}\n}\n`;
}
