/**
 * scf semantics (MLIR 19 SCFOps.td).
 *
 *  1. scf.if runs the then or the else region; an empty else yields nothing.
 *  2. scf.for: lower, upper, step of index or integer type, compared signed (19 has no
 *     unsigned loops); the body gets the induction variable and the iter_args, its
 *     yield feeds the next iteration, the last one gives the results. A step <= 0 is
 *     undefined behaviour in MLIR: a runtime error.
 *  3. scf.while runs `before`; scf.condition(true) passes its args to `after`, whose
 *     yield re-enters `before`; scf.condition(false) makes its args the results.
 *  4. scf.execute_region runs its (possibly multi-block) region once.
 *  5. scf.index_switch runs the region of the first case equal to the operand, else the
 *     default region.
 *  6. scf.parallel without reductions and scf.forall without shared outputs (the memref
 *     forms) run their iterations sequentially in row-major order (any order is a
 *     valid execution of a race-free loop).
 */
import { DYNAMIC, DenseArrayAttr, type Operation, type Value } from '@lifeline/ir';
import { InterpError, OPS, TERMS, type CompiledRegion, type Frame, type FuncCompiler, type Machine } from './engine.js';
import { intWidth, normalizer } from './values.js';

/** Sets the entry arguments of a compiled region from values and taints. */
function enter(cr: CompiledRegion, f: Frame, vals: readonly unknown[], ts: readonly number[]): void {
  const s = cr.entryArgs;
  for (let i = 0; i < s.length; i++) {
    f.r[s[i]!] = vals[i];
    f.t[s[i]!] = ts[i] ?? 0;
  }
}

function readAll(c: FuncCompiler, vs: readonly Value[]): (f: Frame) => [unknown[], number[]] {
  const s = c.slotsOf(vs);
  return (f) => [s.map((x) => f.r[x]), s.map((x) => f.t[x]!)];
}

TERMS.set('scf.yield', (op, c) => c.exitWith(op.operandValues()));
TERMS.set('scf.condition', (op, c) => c.exitWith(op.operandValues()));
TERMS.set('scf.reduce', (op, c) => c.exitWith(op.operandValues()));

OPS.set('scf.if', (op, c) => {
  const k = c.slot(op.operand(0));
  const then = c.compileRegion(op.regions[0]!);
  const els = op.regions[1]!.empty ? undefined : c.compileRegion(op.regions[1]!);
  const assign = c.assign(op.results);
  const m = c.m;
  return (f) => {
    const r = f.r[k] ? then : els;
    if (!r) return;
    m.run(r, f);
    assign(f, f.out, f.outT);
  };
});

OPS.set('scf.for', (op, c) => {
  const [lb, ub, st] = [0, 1, 2].map((i) => c.slot(op.operand(i)));
  const inits = readAll(c, op.operandValues().slice(3));
  const body = c.compileRegion(op.regions[0]!);
  const assign = c.assign(op.results);
  const norm = normalizer(intWidth(op.operand(0).type) ?? 64);
  const [iv, ...iters] = body.entryArgs;
  const m = c.m;
  return (f) => {
    const [lo, hi, step] = [f.r[lb] as bigint, f.r[ub] as bigint, f.r[st] as bigint];
    if (step <= 0n) throw new InterpError(op, `step ${step} is not positive (undefined behaviour)`);
    let [vals, ts] = inits(f);
    for (let i = lo; i < hi; i = norm(i + step)) {
      f.r[iv!] = i;
      f.t[iv!] = 0;
      for (let j = 0; j < iters.length; j++) {
        f.r[iters[j]!] = vals[j];
        f.t[iters[j]!] = ts[j]!;
      }
      m.run(body, f);
      [vals, ts] = [f.out, f.outT];
      // A wrapped induction variable would loop forever; MLIR's loop stops at overflow.
      if (norm(i + step) < i) break;
    }
    assign(f, vals, ts);
  };
});

OPS.set('scf.while', (op, c) => {
  const inits = readAll(c, op.operandValues());
  const before = c.compileRegion(op.regions[0]!);
  const after = c.compileRegion(op.regions[1]!);
  const assign = c.assign(op.results);
  const m = c.m;
  return (f) => {
    let [vals, ts] = inits(f);
    for (;;) {
      enter(before, f, vals, ts);
      m.run(before, f);
      const [cond, ...args] = f.out;
      const [, ...argT] = f.outT;
      if (!cond) {
        assign(f, args, argT);
        return;
      }
      enter(after, f, args, argT);
      m.run(after, f);
      [vals, ts] = [f.out, f.outT];
    }
  };
});

OPS.set('scf.execute_region', (op, c) => {
  const body = c.compileRegion(op.regions[0]!);
  const assign = c.assign(op.results);
  const m = c.m;
  return (f) => {
    m.run(body, f);
    assign(f, f.out, f.outT);
  };
});

OPS.set('scf.index_switch', (op, c) => {
  const k = c.slot(op.operand(0));
  const cases = (op.getAttr('cases') as DenseArrayAttr).values.map((v) => BigInt(v));
  const regions = op.regions.map((r) => c.compileRegion(r));
  const assign = c.assign(op.results);
  const m = c.m;
  return (f) => {
    const i = cases.indexOf(f.r[k] as bigint);
    m.run(regions[i + 1]!, f);
    assign(f, f.out, f.outT);
  };
});

/** (6) runs `body` once per point of the iteration space, row-major. */
function nest(m: Machine, op: Operation, body: CompiledRegion, f: Frame, lo: bigint[], hi: bigint[], st: bigint[]): void {
  if (st.some((s) => s <= 0n)) throw new InterpError(op, `${op.name} step is not positive (undefined behaviour)`);
  const iv = [...lo];
  if (iv.some((v, d) => v >= hi[d]!)) return;
  for (;;) {
    enter(body, f, iv, []);
    m.run(body, f);
    let d = iv.length - 1;
    for (; d >= 0; d--) {
      iv[d] = iv[d]! + st[d]!;
      if (iv[d]! < hi[d]!) break;
      iv[d] = lo[d]!;
    }
    if (d < 0) return;
  }
}

const unsupported = (op: Operation, what: string) => () => {
  throw new InterpError(op, `${op.name} with ${what} is not supported by the interpreter`);
};

OPS.set('scf.parallel', (op, c) => {
  const def = op.def!;
  const group = (n: string) => c.slotsOf(def.operandGroup(op, n));
  const [lbs, ubs, steps] = [group('lowerBound'), group('upperBound'), group('step')];
  if (def.operandGroup(op, 'initVals').length) return unsupported(op, 'reductions');
  const body = c.compileRegion(op.regions[0]!);
  const m = c.m;
  return (f) => {
    const [lo, hi, st] = [lbs, ubs, steps].map((g) => g.map((s) => f.r[s] as bigint));
    nest(m, op, body, f, lo!, hi!, st!);
  };
});


/** A static list with DYNAMIC entries taken from the dynamic operands in order. */
function mixedList(op: Operation, c: FuncCompiler, attr: string, group: string): (f: Frame) => bigint[] {
  const statics = (op.getAttr(attr) as DenseArrayAttr).values;
  const dyn = c.slotsOf(op.def!.operandGroup(op, group));
  return (f) => {
    let k = 0;
    return statics.map((v) => (v === DYNAMIC ? (f.r[dyn[k++]!] as bigint) : BigInt(v)));
  };
}

OPS.set('scf.forall', (op, c) => {
  if (op.def!.operandGroup(op, 'outputs').length) return unsupported(op, 'shared outputs');
  const lo = mixedList(op, c, 'staticLowerBound', 'dynamicLowerBound');
  const hi = mixedList(op, c, 'staticUpperBound', 'dynamicUpperBound');
  const st = mixedList(op, c, 'staticStep', 'dynamicStep');
  const body = c.compileRegion(op.regions[0]!);
  const m = c.m;
  return (f) => nest(m, op, body, f, lo(f), hi(f), st(f));
});
TERMS.set('scf.forall.in_parallel', (op, c) => c.exitWith([]));
