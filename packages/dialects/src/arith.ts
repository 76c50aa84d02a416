/**
 * arith dialect (LLVM 19): integer and float arithmetic, comparisons, select,
 * casts and constants. Every op is free of memory effects; ops without
 * undefined behaviour are also Pure (the divisions are only NoMemoryEffect,
 * as in MLIR, because dividing by zero makes them unsafe to speculate).
 *
 * Casts and the constant/select/compare ops live in arith-casts.ts.
 */
import {
  defineDialect, defineOp, type AttrSpec, type Operation, type OpSpec, type Trait, type TypeConstraint,
} from '@lifeline/ir';
import { fastmathAttr, noMemoryEffects, overflowAttr, parseArithAttr } from './arith-attrs.js';
import {
  boolLike, floatLike, signlessIntegerLike, verifyElementwise, verifySameOperandsAndResultType,
} from './arith-types.js';
import { castOps, compareOps, constantOp, mulIResultNames, selectOp } from './arith-casts.js';
import { withFolds } from './arith-fold.js';

const types = (op: Operation) => ({
  operands: op.operands.map((o) => o.value.type),
  results: op.results.map((r) => r.type),
});

/**
 * Verifier of the SameOperandsAndResultType ops: the trait, Elementwise, and the
 * inferred-type check MLIR adds (the result must be exactly the first operand's type).
 */
function verifyArith(op: Operation): string | undefined {
  // All operands and results of one type pass every check below (the common case).
  if (allOneType(op)) return undefined;
  const t = types(op);
  const err = verifySameOperandsAndResultType([...t.operands, ...t.results]) ?? verifyElementwise(t.operands, t.results);
  if (err) return err;
  const inferred = t.operands[0];
  if (inferred && t.results[0] && inferred !== t.results[0]) {
    return `inferred type(s) '${inferred}' are incompatible with return type(s) of operation '${t.results[0]}'`;
  }
  return undefined;
}

/** Whether the op has operands and results, all of the same type. */
function allOneType(op: Operation): boolean {
  if (!op.operands.length || !op.results.length) return false;
  const t = op.operands[0]!.value.type;
  for (const o of op.operands) if (o.value.type !== t) return false;
  for (const r of op.results) if (r.type !== t) return false;
  return true;
}

interface BinaryOptions {
  commutative?: boolean;
  /** MLIR's Idempotent trait (op(x, x) = x), folded by the greedy driver. */
  idempotent?: boolean;
  /** False for the divisions (NoMemoryEffect but not speculatable). */
  pure?: boolean;
  overflow?: boolean;
}

function binary(name: string, type: TypeConstraint, opts: BinaryOptions, attrs: AttrSpec[], format: string, extra: Partial<OpSpec> = {}): OpSpec {
  const traits: Trait[] = ['SameOperandsAndResultType'];
  if (opts.pure !== false) traits.push('Pure');
  if (opts.commutative) traits.push('Commutative');
  if (opts.idempotent) traits.push('Idempotent');
  return defineOp({
    name,
    operands: [{ name: 'lhs', type }, { name: 'rhs', type }],
    results: [{ name: 'result', type }],
    attributes: attrs,
    traits,
    format,
    memoryEffects: noMemoryEffects,
    verify: verifyArith,
    ...extra,
  });
}

function intBinary(mnemonic: string, opts: BinaryOptions = {}, extra: Partial<OpSpec> = {}): OpSpec {
  const name = `arith.${mnemonic}`;
  if (opts.overflow) {
    return binary(name, signlessIntegerLike, opts, [overflowAttr(name)],
      '$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)', extra);
  }
  return binary(name, signlessIntegerLike, opts, [], '$lhs `,` $rhs attr-dict `:` type($result)', extra);
}

function floatBinary(mnemonic: string, commutative = false): OpSpec {
  const name = `arith.${mnemonic}`;
  return binary(name, floatLike, { commutative }, [fastmathAttr(name)],
    '$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)');
}

const intOps: OpSpec[] = [
  intBinary('addi', { commutative: true, overflow: true }),
  intBinary('subi', { overflow: true }),
  intBinary('muli', { commutative: true, overflow: true }, { resultNames: mulIResultNames }),
  intBinary('shli', { overflow: true }),
  intBinary('divui', { pure: false }),
  intBinary('divsi', { pure: false }),
  intBinary('ceildivui', { pure: false }),
  intBinary('ceildivsi', { pure: false }),
  intBinary('floordivsi'),
  intBinary('remui'),
  intBinary('remsi'),
  intBinary('andi', { commutative: true, idempotent: true }),
  intBinary('ori', { commutative: true, idempotent: true }),
  intBinary('xori', { commutative: true }),
  intBinary('shrui'),
  intBinary('shrsi'),
  intBinary('maxsi', { commutative: true }),
  intBinary('maxui', { commutative: true }),
  intBinary('minsi', { commutative: true }),
  intBinary('minui', { commutative: true }),
];

const floatOps: OpSpec[] = [
  floatBinary('addf', true),
  floatBinary('subf'),
  floatBinary('mulf', true),
  floatBinary('divf'),
  floatBinary('remf'),
  floatBinary('maximumf', true),
  floatBinary('minimumf', true),
  floatBinary('maxnumf', true),
  floatBinary('minnumf', true),
  defineOp({
    name: 'arith.negf',
    operands: [{ name: 'operand', type: floatLike }],
    results: [{ name: 'result', type: floatLike }],
    attributes: [fastmathAttr('arith.negf')],
    traits: ['SameOperandsAndResultType', 'Pure'],
    format: '$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
    memoryEffects: noMemoryEffects,
    verify: verifyArith,
  }),
];

/** All operands and results of an op have one type (AllTypesMatch). */
function allTypesMatch(op: Operation, names: string): string | undefined {
  const ts = [...op.operands.map((o) => o.value.type), ...op.results.map((r) => r.type)];
  return ts.every((t) => t === ts[0]) ? undefined : `failed to verify that all of {${names}} have same type`;
}

/** addui_extended: sum and overflow bit. */
const addUIExtended = defineOp({
  name: 'arith.addui_extended',
  operands: [
    { name: 'lhs', type: signlessIntegerLike, infer: (c) => c.type('sum') },
    { name: 'rhs', type: signlessIntegerLike, infer: (c) => c.type('sum') },
  ],
  results: [{ name: 'sum', type: signlessIntegerLike }, { name: 'overflow', type: boolLike }],
  traits: ['Pure', 'Commutative'],
  format: '$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)',
  memoryEffects: noMemoryEffects,
  // MLIR names multi-result arith ops after their ODS results.
  resultNames: () => ['sum', 'overflow'],
  verify(op) {
    const t = types(op);
    const same = [t.operands[0], t.operands[1], t.results[0]];
    if (!same.every((x) => x === same[0])) return 'failed to verify that all of {lhs, rhs, sum} have same type';
    return verifyElementwise(t.operands, t.results);
  },
});

/** mulsi_extended / mului_extended: low and high halves of the double-width product. */
function mulExtended(mnemonic: string): OpSpec {
  return defineOp({
    name: `arith.${mnemonic}`,
    operands: [
      { name: 'lhs', type: signlessIntegerLike },
      { name: 'rhs', type: signlessIntegerLike, infer: (c) => c.type('lhs') },
    ],
    results: [
      { name: 'low', type: signlessIntegerLike, infer: (c) => c.type('lhs') },
      { name: 'high', type: signlessIntegerLike, infer: (c) => c.type('lhs') },
    ],
    traits: ['Pure', 'Commutative'],
    format: '$lhs `,` $rhs attr-dict `:` type($lhs)',
    memoryEffects: noMemoryEffects,
    resultNames: () => ['low', 'high'],
    verify(op) {
      const t = types(op);
      return allTypesMatch(op, 'lhs, rhs, low, high') ?? verifyElementwise(t.operands, t.results);
    },
  });
}

// Fold hooks (arith-fold.ts) are attached by op name.
export const arithDialect = defineDialect('arith', withFolds([
  constantOp,
  ...intOps,
  addUIExtended,
  mulExtended('mulsi_extended'),
  mulExtended('mului_extended'),
  ...floatOps,
  ...compareOps,
  selectOp,
  ...castOps,
]), { parseAttr: parseArithAttr });
