/**
 * arith semantics (MLIR 19 ArithOps.td descriptions, LLVM's lowering for the rest).
 *
 *  1. Integer results wrap at their width (values.ts (1)); unsigned ops read the
 *     operands' unsigned view.
 *  2. Immediate UB and poison that MLIR leaves undefined are runtime errors:
 *     division or remainder by zero, signed MIN / -1 (divsi, remsi, ceildivsi,
 *     floordivsi), shifts by >= the width, fptosi/fptoui of NaN, infinity or a value
 *     out of range.
 *  3. Floats round to their type after every op; NaN operands propagate.
 *     maximumf/minimumf: NaN wins, -0 < +0; maxnumf/minnumf: the number wins.
 *  4. Taint (memory.ts (7)) flows through every integer op into its results; a cmpi
 *     whose two operands are tainted counts a pointer compare.
 *  5. Casts: extsi/extui/trunci/index_cast(ui) change width with sign- or
 *     zero-extension; sitofp/uitofp round once to nearest even; bitcast reinterprets
 *     the bits of a same-width scalar.
 */
import { FloatAttr, FloatType, IntegerAttr, fromBits, toBits, type Operation, type Type } from '@lifeline/ir';
import { InterpError, OPS } from './engine.js';
import { floatRounder, intWidth, normalizer } from './values.js';

type IntFn = (a: bigint, b: bigint) => bigint;

const u = BigInt.asUintN;
const minOf = (w: number) => -(1n << BigInt(w - 1));

/** (1)(4) a binary integer op; `make` gets the width and the op (for errors). */
function intBinary(name: string, make: (w: number, op: Operation) => IntFn): void {
  OPS.set(name, (op, c) => {
    const w = intWidth(op.results[0]!.type) ?? 64;
    const norm = normalizer(w);
    const fn = make(w, op);
    const [a, b, r] = [c.slot(op.operand(0)), c.slot(op.operand(1)), c.slot(op.results[0]!)];
    return (f) => {
      f.r[r] = norm(fn(f.r[a] as bigint, f.r[b] as bigint));
      f.t[r] = f.t[a]! | f.t[b]!;
    };
  });
}

const fail = (op: Operation, msg: string): never => {
  throw new InterpError(op, msg);
};
const divisor = (op: Operation, b: bigint): bigint => (b === 0n ? fail(op, 'division by zero') : b);
const noOverflow = (op: Operation, w: number, a: bigint, b: bigint) => {
  if (a === minOf(w) && b === -1n) fail(op, 'signed division overflow');
};

intBinary('arith.addi', () => (a, b) => a + b);
intBinary('arith.subi', () => (a, b) => a - b);
intBinary('arith.muli', () => (a, b) => a * b);
intBinary('arith.andi', () => (a, b) => a & b);
intBinary('arith.ori', () => (a, b) => a | b);
intBinary('arith.xori', () => (a, b) => a ^ b);
intBinary('arith.divui', (w, op) => (a, b) => u(w, a) / u(w, divisor(op, b)));
intBinary('arith.remui', (w, op) => (a, b) => u(w, a) % u(w, divisor(op, b)));
intBinary('arith.ceildivui', (w, op) => (a, b) => {
  const [x, y] = [u(w, a), u(w, divisor(op, b))];
  return x / y + (x % y === 0n ? 0n : 1n);
});
// i1 is stored 0/1 but is -1/0 as a signed value.
const sv = (w: number, a: bigint) => (w === 1 ? BigInt.asIntN(1, a) : a);
intBinary('arith.divsi', (w, op) => (a, b) => {
  const [x, y] = [sv(w, a), sv(w, divisor(op, b))];
  noOverflow(op, w, x, y);
  return x / y;
});
intBinary('arith.remsi', (w, op) => (a, b) => {
  const [x, y] = [sv(w, a), sv(w, divisor(op, b))];
  noOverflow(op, w, x, y);
  return x % y;
});
intBinary('arith.ceildivsi', (w, op) => (a, b) => {
  const [x, y] = [sv(w, a), sv(w, divisor(op, b))];
  noOverflow(op, w, x, y);
  const q = x / y;
  return x % y !== 0n && (x < 0n) === (y < 0n) ? q + 1n : q;
});
intBinary('arith.floordivsi', (w, op) => (a, b) => {
  const [x, y] = [sv(w, a), sv(w, divisor(op, b))];
  noOverflow(op, w, x, y);
  const q = x / y;
  return x % y !== 0n && (x < 0n) !== (y < 0n) ? q - 1n : q;
});
const shiftAmount = (op: Operation, w: number, b: bigint): bigint =>
  u(w, b) >= BigInt(w) ? fail(op, `shift amount ${u(w, b)} is not less than the bit width ${w} (poison)`) : u(w, b);
intBinary('arith.shli', (w, op) => (a, b) => a << shiftAmount(op, w, b));
intBinary('arith.shrui', (w, op) => (a, b) => u(w, a) >> shiftAmount(op, w, b));
intBinary('arith.shrsi', (w, op) => (a, b) => sv(w, a) >> shiftAmount(op, w, b));
intBinary('arith.maxsi', (w) => (a, b) => (sv(w, a) >= sv(w, b) ? a : b));
intBinary('arith.minsi', (w) => (a, b) => (sv(w, a) <= sv(w, b) ? a : b));
intBinary('arith.maxui', (w) => (a, b) => (u(w, a) >= u(w, b) ? a : b));
intBinary('arith.minui', (w) => (a, b) => (u(w, a) <= u(w, b) ? a : b));

// (4) cmpi predicates eq ne slt sle sgt sge ult ule ugt uge.
OPS.set('arith.cmpi', (op, c) => {
  const w = intWidth(op.operand(0).type) ?? 64;
  const pred = Number((op.getAttr('predicate') as IntegerAttr).value);
  const S = (x: bigint) => sv(w, x);
  const U = (x: bigint) => u(w, x);
  const tests: ((a: bigint, b: bigint) => boolean)[] = [
    (a, b) => a === b, (a, b) => a !== b, (a, b) => S(a) < S(b), (a, b) => S(a) <= S(b), (a, b) => S(a) > S(b),
    (a, b) => S(a) >= S(b), (a, b) => U(a) < U(b), (a, b) => U(a) <= U(b), (a, b) => U(a) > U(b), (a, b) => U(a) >= U(b),
  ];
  const test = tests[pred]!;
  const work = c.m.work;
  const [a, b, r] = [c.slot(op.operand(0)), c.slot(op.operand(1)), c.slot(op.results[0]!)];
  return (f) => {
    if (f.t[a] && f.t[b]) work.pointerCompares++;
    f.r[r] = test(f.r[a] as bigint, f.r[b] as bigint) ? 1n : 0n;
    f.t[r] = 0;
  };
});

// ---- extended arithmetic ----------------------------------------------------------------

function extended(name: string, calc: (a: bigint, b: bigint, w: number) => [bigint, bigint]): void {
  OPS.set(name, (op, c) => {
    const w = intWidth(op.operand(0).type) ?? 64;
    const [n0, n1] = [normalizer(w), normalizer(intWidth(op.results[1]!.type) ?? 1)];
    const [a, b, r0, r1] = [c.slot(op.operand(0)), c.slot(op.operand(1)), c.slot(op.results[0]!), c.slot(op.results[1]!)];
    return (f) => {
      const [x, y] = calc(f.r[a] as bigint, f.r[b] as bigint, w);
      f.r[r0] = n0(x);
      f.r[r1] = n1(y);
      f.t[r0] = f.t[r1] = f.t[a]! | f.t[b]!;
    };
  });
}
extended('arith.addui_extended', (a, b, w) => {
  const s = u(w, a) + u(w, b);
  return [s, s >> BigInt(w) ? 1n : 0n];
});
extended('arith.mului_extended', (a, b, w) => {
  const p = u(w, a) * u(w, b);
  return [p, p >> BigInt(w)];
});
extended('arith.mulsi_extended', (a, b, w) => {
  const p = sv(w, a) * sv(w, b);
  return [p, p >> BigInt(w)];
});

// ---- floats (3) ---------------------------------------------------------------------------

function floatBinary(name: string, fn: (a: number, b: number) => number): void {
  OPS.set(name, (op, c) => {
    const round = floatRounder(op.results[0]!.type);
    const [a, b, r] = [c.slot(op.operand(0)), c.slot(op.operand(1)), c.slot(op.results[0]!)];
    return (f) => {
      f.r[r] = round(fn(f.r[a] as number, f.r[b] as number));
    };
  });
}
const isNeg0 = (x: number) => Object.is(x, -0);
floatBinary('arith.addf', (a, b) => a + b);
floatBinary('arith.subf', (a, b) => a - b);
floatBinary('arith.mulf', (a, b) => a * b);
floatBinary('arith.divf', (a, b) => a / b);
floatBinary('arith.remf', (a, b) => a % b);
floatBinary('arith.maximumf', (a, b) => (Number.isNaN(a) || Number.isNaN(b) ? NaN : a === b && a === 0 ? (isNeg0(a) ? b : a) : Math.max(a, b)));
floatBinary('arith.minimumf', (a, b) => (Number.isNaN(a) || Number.isNaN(b) ? NaN : a === b && a === 0 ? (isNeg0(a) ? a : b) : Math.min(a, b)));
floatBinary('arith.maxnumf', (a, b) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : a === b && a === 0 ? (isNeg0(a) ? b : a) : Math.max(a, b)));
floatBinary('arith.minnumf', (a, b) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : a === b && a === 0 ? (isNeg0(a) ? a : b) : Math.min(a, b)));
OPS.set('arith.negf', (op, c) => {
  const [a, r] = [c.slot(op.operand(0)), c.slot(op.results[0]!)];
  return (f) => {
    f.r[r] = -(f.r[a] as number);
  };
});

// cmpf predicates false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true.
OPS.set('arith.cmpf', (op, c) => {
  const pred = Number((op.getAttr('predicate') as IntegerAttr).value);
  const [a, b, r] = [c.slot(op.operand(0)), c.slot(op.operand(1)), c.slot(op.results[0]!)];
  return (f) => {
    const [x, y] = [f.r[a] as number, f.r[b] as number];
    const un = Number.isNaN(x) || Number.isNaN(y);
    const [lt, gt, eq] = [x < y, x > y, x === y];
    const res = [false, eq, gt, gt || eq, lt, lt || eq, !un && !eq, !un, un || eq, un || gt, un || gt || eq,
      un || lt, un || lt || eq, un || !eq, un, true][pred];
    f.r[r] = res ? 1n : 0n;
    f.t[r] = 0;
  };
});

// ---- constants, select ----------------------------------------------------------------------

OPS.set('arith.constant', (op, c) => {
  const a = op.getAttr('value');
  const r = c.slot(op.results[0]!);
  let v: unknown;
  if (a instanceof IntegerAttr) v = normalizer(intWidth(a.type) ?? 64)(a.value);
  else if (a instanceof FloatAttr) v = a.raw !== undefined && a.type instanceof FloatType ? fromBits(BigInt(a.raw), a.type.kind) : a.value;
  else return () => fail(op, `constant ${a} is not a scalar (vectors and tensors are not supported)`);
  return (f) => {
    f.r[r] = v;
    f.t[r] = 0;
  };
});

OPS.set('arith.select', (op, c) => {
  const [k, a, b, r] = [c.slot(op.operand(0)), c.slot(op.operand(1)), c.slot(op.operand(2)), c.slot(op.results[0]!)];
  return (f) => {
    const s = f.r[k] ? a : b;
    f.r[r] = f.r[s];
    f.t[r] = f.t[s]!;
  };
});

// ---- casts (5) --------------------------------------------------------------------------------

function unary(name: string, make: (from: Type, to: Type, op: Operation) => (x: any) => unknown, taint = true): void {
  OPS.set(name, (op, c) => {
    const fn = make(op.operand(0).type, op.results[0]!.type, op);
    const [a, r] = [c.slot(op.operand(0)), c.slot(op.results[0]!)];
    return taint
      ? (f) => {
        f.r[r] = fn(f.r[a]);
        f.t[r] = f.t[a]!;
      }
      : (f) => {
        f.r[r] = fn(f.r[a]);
        f.t[r] = 0;
      };
  });
}
const widths = (from: Type, to: Type): [number, number] => [intWidth(from) ?? 64, intWidth(to) ?? 64];
const signExt = (from: Type, to: Type) => {
  const [wf, wt] = widths(from, to);
  const n = normalizer(wt);
  return (x: bigint) => n(BigInt.asIntN(wf, x));
};
const zeroExt = (from: Type, to: Type) => {
  const [wf, wt] = widths(from, to);
  const n = normalizer(wt);
  return (x: bigint) => n(u(wf, x));
};
unary('arith.extsi', signExt);
unary('arith.extui', zeroExt);
unary('arith.trunci', (_f, to) => normalizer(intWidth(to) ?? 64));
unary('arith.index_cast', signExt);
unary('arith.index_castui', zeroExt);

/** Round-to-nearest-even of an exact integer into a float type (one rounding, not two). */
function intToFloat(n: bigint, to: Type): number {
  const round = floatRounder(to);
  const mag = n < 0n ? -n : n;
  if (mag <= 1n << 53n) return round(Number(n));
  const p = to instanceof FloatType && to.kind !== 'f64' ? (to.kind === 'f32' ? 24 : 11) : 53;
  const shift = mag.toString(2).length - p;
  if (shift <= 0) return round(Number(n));
  const q = mag >> BigInt(shift);
  const rem = mag - (q << BigInt(shift));
  const half = 1n << BigInt(shift - 1);
  const m = rem > half || (rem === half && (q & 1n)) ? q + 1n : q;
  const v = round(Number(m) * 2 ** shift);
  return n < 0n ? -v : v;
}
unary('arith.sitofp', (from, to) => {
  const w = intWidth(from) ?? 64;
  return (x: bigint) => intToFloat(BigInt.asIntN(w, x), to);
}, false);
unary('arith.uitofp', (from, to) => {
  const w = intWidth(from) ?? 64;
  return (x: bigint) => intToFloat(u(w, x), to);
}, false);
function floatToInt(signed: boolean) {
  return (_from: Type, to: Type, op: Operation) => {
    const w = intWidth(to) ?? 64;
    const [lo, hi] = signed ? [minOf(w), -minOf(w) - 1n] : [0n, (1n << BigInt(w)) - 1n];
    const n = normalizer(w);
    return (x: number) => {
      if (!Number.isFinite(x)) fail(op, `cannot convert ${x} to an integer (poison)`);
      const t = BigInt(Math.trunc(x));
      if (t < lo || t > hi) fail(op, `${x} is out of range of the result type (poison)`);
      return n(t);
    };
  };
}
unary('arith.fptosi', floatToInt(true), false);
unary('arith.fptoui', floatToInt(false), false);
unary('arith.extf', (_f, to) => floatRounder(to), false);
unary('arith.truncf', (_f, to) => floatRounder(to), false);
unary('arith.bitcast', (from, to) => {
  const kindOf = (t: Type) => (t instanceof FloatType ? t.kind : undefined);
  const [kf, kt] = [kindOf(from), kindOf(to)];
  const w = intWidth(from) ?? intWidth(to) ?? 64;
  const toInt = normalizer(intWidth(to) ?? 64);
  if (kf && kt) return (x: number) => fromBits(toBits(x, kf), kt);
  if (kf) return (x: number) => toInt(toBits(x, kf));
  if (kt) return (x: bigint) => fromBits(u(w, x), kt);
  return (x: bigint) => toInt(x);
}, false);
