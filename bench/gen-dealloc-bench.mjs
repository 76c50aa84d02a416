// Large synthetic inputs for the buffer-deallocation benchmark (bench/dealloc.mjs).
// A port of /work/shared/bench-gen/gen-mlir-dealloc-bench.py that emits the same
// text and the same op counts (the CI machine has no Python), so numbers measured
// with either generator compare.
//
// Shapes (func, memref, scf, cf and arith only; all parse in mlir-opt-19):
//   straight  one function of units alloc + store + load + addf; from unit `live`+1 on
//             each unit also copies from the buffer allocated `live` units earlier, so
//             live ranges overlap.
//   scf       one function: a chain of scf.for loops carrying a memref iter_arg; each
//             body's scf.if yields a fresh copy or the iter_arg; every 4th loop nests an
//             allocating scf.for.
//   cf        chains of cf.cond_br diamonds passing the memref through block arguments
//             (one side allocates a copy, the other forwards). Acyclic: MLIR 19 rejects
//             unstructured loops. `perFunc` D > 0 splits the chain into functions of D
//             diamonds chained by calls (MLIR 19's back-edge search is exponential in
//             the number of sequential diamonds of one function).
//   calls     small functions, alternately private and public; each allocates, calls
//             the previous one, selects between its result and its argument, copies and
//             returns a fresh buffer (the function-boundary ABI).
//
//   genDeallocBench(shape, targetOps, { live = 8, perFunc = 0 }) -> { text, ops }
//   node bench/gen-dealloc-bench.mjs SHAPE TARGET_OPS [-o FILE] [--live K] [--per-func D]
// The CLI prints the exact op count (ops incl. terminators and func.func) to stderr.
import { writeFileSync } from 'node:fs';

const T = 'memref<16xf32>';

export const SHAPES = Object.freeze(['straight', 'scf', 'cf', 'calls']);

/** Collects lines; `op` counts an op, `raw` (block labels, closing braces) does not. */
class Writer {
  constructor() {
    this.lines = [];
    this.ops = 0;
  }
  op(s, ind = 2) {
    this.lines.push(' '.repeat(ind) + s);
    this.ops++;
  }
  raw(s) {
    this.lines.push(s);
  }
}

/** Python's `//` for the non-negative operands used here. */
const div = (a, b) => Math.floor(a / b);

function straight(n, live) {
  const w = new Writer();
  const units = Math.max(1, div(n, 5));
  w.raw('func.func @straight(%f: f32) -> f32 {'); w.ops++;
  w.op('%c0 = arith.constant 0 : index');
  w.op('%s0 = arith.constant 0.0 : f32');
  for (let k = 1; k <= units; k++) {
    w.op(`%a${k} = memref.alloc() : ${T}`);
    w.op(`memref.store %f, %a${k}[%c0] : ${T}`);
    if (k > live) w.op(`memref.copy %a${k - live}, %a${k} : ${T} to ${T}`);
    w.op(`%v${k} = memref.load %a${k}[%c0] : ${T}`);
    w.op(`%s${k} = arith.addf %s${k - 1}, %v${k} : f32`);
  }
  w.op(`return %s${units} : f32`);
  w.raw('}');
  return w;
}

function scf(n) {
  const w = new Writer();
  w.raw(`func.func @scf_chain(%lb: index, %ub: index, %init: ${T}) -> ${T} {`); w.ops++;
  w.op('%c1 = arith.constant 1 : index');
  w.op('%c0 = arith.constant 0 : index');
  w.op('%f = arith.constant 1.0 : f32');
  // About 12 ops per plain loop, 20 per nested one.
  const loops = Math.max(1, div(n, 14));
  let prev = '%init';
  for (let k = 0; k < loops; k++) {
    const nested = k % 4 === 3;
    w.op(`%r${k} = scf.for %i${k} = %lb to %ub step %c1 iter_args(%b${k} = ${prev}) -> (${T}) {`);
    w.op(`%p${k} = arith.cmpi slt, %i${k}, %ub : index`, 4);
    let cur = `%b${k}`;
    if (nested) {
      w.op(`%q${k} = scf.for %j${k} = %lb to %ub step %c1 iter_args(%d${k} = ${cur}) -> (${T}) {`, 4);
      w.op(`%e${k} = memref.alloc() : ${T}`, 6);
      w.op(`memref.copy %d${k}, %e${k} : ${T} to ${T}`, 6);
      w.op(`memref.store %f, %e${k}[%c0] : ${T}`, 6);
      w.op(`scf.yield %e${k} : ${T}`, 6);
      w.raw('    }');
      cur = `%q${k}`;
    }
    w.op(`%n${k} = scf.if %p${k} -> (${T}) {`, 4);
    w.op(`%x${k} = memref.alloc() : ${T}`, 6);
    w.op(`memref.copy ${cur}, %x${k} : ${T} to ${T}`, 6);
    w.op(`memref.store %f, %x${k}[%c0] : ${T}`, 6);
    w.op(`scf.yield %x${k} : ${T}`, 6);
    w.raw('    } else {');
    w.op(`scf.yield ${cur} : ${T}`, 6);
    w.raw('    }');
    w.op(`%t${k} = memref.alloc() : ${T}`, 4);
    w.op(`memref.copy %n${k}, %t${k} : ${T} to ${T}`, 4);
    w.op(`scf.yield %n${k} : ${T}`, 4);
    w.raw('  }');
    prev = `%r${k}`;
  }
  w.op(`return ${prev} : ${T}`);
  w.raw('}');
  return w;
}

function cf(n, perFunc) {
  const w = new Writer();
  const total = Math.max(1, div(n, 8));
  const per = perFunc > 0 ? perFunc : total;
  const nfun = Math.max(1, div(total + per - 1, per));
  for (let f = 0; f < nfun; f++) {
    const d = perFunc > 0 ? Math.min(per, total - f * per) : total;
    w.raw(`func.func @cf_chain${f}(%ub: index, %init: ${T}) -> ${T} {`); w.ops++;
    w.op('%c0 = arith.constant 0 : index');
    w.op('%f = arith.constant 1.0 : f32');
    w.op(`cf.br ^bb0(%init : ${T})`);
    for (let k = 0; k < d; k++) {
      w.raw(`^bb${k}(%m${k}: ${T}):`);
      w.op(`%i${k} = arith.constant ${k} : index`);
      w.op(`%p${k} = arith.cmpi slt, %i${k}, %ub : index`);
      w.op(`cf.cond_br %p${k}, ^t${k}, ^e${k}`);
      w.raw(`^t${k}:`);
      w.op(`%x${k} = memref.alloc() : ${T}`);
      w.op(`memref.copy %m${k}, %x${k} : ${T} to ${T}`);
      w.op(`cf.br ^bb${k + 1}(%x${k} : ${T})`);
      w.raw(`^e${k}:`);
      w.op(`memref.store %f, %m${k}[%c0] : ${T}`);
      w.op(`cf.br ^bb${k + 1}(%m${k} : ${T})`);
    }
    w.raw(`^bb${d}(%m${d}: ${T}):`);
    if (f + 1 < nfun) {
      w.op(`%r = func.call @cf_chain${f + 1}(%ub, %m${d}) : (index, ${T}) -> ${T}`);
      w.op(`return %r : ${T}`);
    } else {
      w.op(`return %m${d} : ${T}`);
    }
    w.raw('}');
  }
  return w;
}

function calls(n) {
  const w = new Writer();
  const funcs = Math.max(2, div(n, 9));
  w.raw(`func.func private @fn0(%a: ${T}) -> ${T} {`); w.ops++;
  w.op('%c0 = arith.constant 0 : index');
  w.op(`%v = memref.load %a[%c0] : ${T}`);
  w.op(`%x = memref.alloc() : ${T}`);
  w.op(`memref.store %v, %x[%c0] : ${T}`);
  w.op(`return %x : ${T}`);
  w.raw('}');
  for (let k = 1; k < funcs; k++) {
    const vis = k % 2 ? 'private ' : '';
    w.raw(`func.func ${vis}@fn${k}(%a: ${T}, %c: i1) -> ${T} {`); w.ops++;
    w.op(`%x = memref.alloc() : ${T}`);
    w.op(`memref.copy %a, %x : ${T} to ${T}`);
    if (k === 1) w.op(`%r = func.call @fn0(%x) : (${T}) -> ${T}`);
    else w.op(`%r = func.call @fn${k - 1}(%x, %c) : (${T}, i1) -> ${T}`);
    w.op(`%s = arith.select %c, %r, %a : ${T}`);
    w.op(`%y = memref.alloc() : ${T}`);
    w.op(`memref.copy %s, %y : ${T} to ${T}`);
    w.op(`return %y : ${T}`);
    w.raw('}');
  }
  return w;
}

/** The module text of `shape` for about `targetOps` ops, and its exact op count. */
export function genDeallocBench(shape, targetOps, { live = 8, perFunc = 0 } = {}) {
  const n = Math.trunc(targetOps);
  const gens = { straight: (k) => straight(k, live), scf, cf: (k) => cf(k, perFunc), calls };
  if (!gens[shape]) throw new Error(`unknown shape '${shape}' (expected one of ${SHAPES.join(', ')})`);
  const w = gens[shape](n);
  return { text: `${w.lines.join('\n')}\n`, ops: w.ops };
}

function main(argv) {
  const pos = [];
  let out;
  let live = 8;
  let perFunc = 0;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '-o' || a === '--out') out = val();
    else if (a.startsWith('--out=')) out = a.slice(6);
    else if (a === '--live') live = Number(val());
    else if (a.startsWith('--live=')) live = Number(a.slice(7));
    else if (a === '--per-func') perFunc = Number(val());
    else if (a.startsWith('--per-func=')) perFunc = Number(a.slice(11));
    else pos.push(a);
  }
  if (pos.length !== 2 || !SHAPES.includes(pos[0]) || !/^-?\d+$/.test(pos[1]) || !Number.isInteger(live) || !Number.isInteger(perFunc)) {
    process.stderr.write('usage: gen-dealloc-bench.mjs {straight,scf,cf,calls} TARGET_OPS [-o FILE] [--live K] [--per-func D]\n');
    process.exit(2);
  }
  const { text, ops } = genDeallocBench(pos[0], Number(pos[1]), { live, perFunc });
  if (out) writeFileSync(out, text);
  else process.stdout.write(text);
  process.stderr.write(`${ops}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
