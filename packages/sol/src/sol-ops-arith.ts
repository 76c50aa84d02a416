/**
 * sol value ops: constants, arithmetic, bit operations, comparisons, conversions, environment.
 *
 * Arithmetic is one op per operation with a `checked` flag (Solidity ≥0.8 semantics; `unchecked`
 * blocks drop it): `sol.add checked %a, %b : ui256` panics 0x11 on overflow, `sol.add %a, %b`
 * wraps (`{inc_dec}` marks the `+ 1`/`- 1` of `++`/`--`: a hint for the Yul emitter, same
 * semantics). Division and modulo panic 0x12 on a zero divisor either way. Checked ops and the
 * ones that can panic declare a write on the `Revert` resource; the rest are Pure.
 *
 *   %c = sol.constant 42 : ui256          %t = sol.constant true : i1
 *   %a = sol.constant 0x…  : !sol.address (value: the word, an IntegerAttr of ui256; bytesN left-aligned)
 *   %s = sol.add checked %x, %y : ui256    %e = sol.exp checked %x, %n : ui256, ui8
 *   %b = sol.cmp lt, %x, %y : ui256        %w = sol.cast %x : ui8 to ui256
 *   %k = sol.env caller : !sol.address     %y = sol.byte_at %x, %i : !sol.fixedbytes<16>, ui256
 */
import {
  IntegerAttr, IntegerType, StringAttr, Tok, defineOp, i1, unitKeywordSyntax,
  type AttrSpec, type AttrSyntax, type OpSpec,
} from '@lifeline/ir';
import { fixedBytes, mayRevert, solBitwise, solInt, solValue, unsignedInt } from './sol-op-utils.js';
import { EnumType, FixedBytesType } from './sol-types.js';

const ui256 = IntegerType.get(256, 'unsigned');

/** `sol.constant 42 : T`; an integer type stores its own IntegerAttr, other value types a ui256 word. */
const constant = defineOp({
  name: 'sol.constant',
  summary: 'a constant of a value type',
  attributes: [{ name: 'value', check: (a) => (a instanceof IntegerAttr ? undefined : 'must be an integer') }],
  results: [{ name: 'result', type: solValue }],
  traits: ['ConstantLike', 'Pure'],
  constant: { value: (op) => op.getAttr('value')! },
  parse(p, st) {
    let v: bigint;
    if (p.parseOptionalKeyword('true')) v = 1n;
    else if (p.parseOptionalKeyword('false')) v = 0n;
    else v = p.parseInteger('integer value');
    p.expect(Tok.Colon, "expected ':'");
    const t = p.parseType();
    st.addAttr('value', new IntegerAttr(v, t instanceof IntegerType ? t : ui256));
    st.types.push(t);
    p.parseOptionalAttrDict(st);
  },
  print(op, p) {
    const a = op.getAttr('value') as IntegerAttr;
    p.print(` ${a.printValue()} : ${op.result(0).type}`);
    p.printOptionalAttrDict(p.allAttrs(op), ['value']);
  },
  verify(op) {
    const a = op.getAttr('value') as IntegerAttr;
    const t = op.result(0).type;
    return a.type === (t instanceof IntegerType ? t : ui256) ? undefined : `value must be typed ${t instanceof IntegerType ? t : ui256}`;
  },
  resultNames: () => ['c'],
});

const checkedAttr: AttrSpec = { name: 'checked', optional: true, syntax: unitKeywordSyntax('checked') };
const revertsIfChecked = (op: import('@lifeline/ir').Operation) => (op.getAttr('checked') ? [mayRevert()] : []);

function arith(name: string, summary: string, alwaysMayRevert = false): OpSpec {
  return defineOp({
    name: `sol.${name}`,
    summary,
    operands: [{ name: 'lhs', type: solInt }, { name: 'rhs', type: solInt }],
    results: [{ name: 'result', type: solInt }],
    attributes: [checkedAttr],
    traits: ['SameOperandsAndResultType'],
    format: '($checked^)? $lhs `,` $rhs attr-dict `:` type($result)',
    memoryEffects: (op) => (alwaysMayRevert ? [mayRevert()] : revertsIfChecked(op)),
  });
}

const exp = defineOp({
  name: 'sol.exp',
  summary: 'exponentiation (the exponent is unsigned; checked: Panic 0x11 on overflow)',
  operands: [{ name: 'lhs', type: solInt }, { name: 'rhs', type: unsignedInt }],
  results: [{ name: 'result', infer: (c) => c.type('lhs') }],
  attributes: [checkedAttr],
  format: '($checked^)? $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs)',
  memoryEffects: revertsIfChecked,
});

function bitwise(name: string, summary: string): OpSpec {
  return defineOp({
    name: `sol.${name}`,
    summary,
    operands: [{ name: 'lhs', type: solBitwise }, { name: 'rhs', type: solBitwise }],
    results: [{ name: 'result', type: solBitwise }],
    traits: ['Pure', 'SameOperandsAndResultType'],
    format: '$lhs `,` $rhs attr-dict `:` type($result)',
  });
}

function shift(name: string, summary: string): OpSpec {
  return defineOp({
    name: `sol.${name}`,
    summary,
    operands: [{ name: 'lhs', type: solBitwise }, { name: 'rhs', type: unsignedInt }],
    results: [{ name: 'result', infer: (c) => c.type('lhs') }],
    traits: ['Pure'],
    format: '$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs)',
  });
}

const not = defineOp({
  name: 'sol.not',
  summary: 'bitwise not `~x`; on i1 the logical not `!b`',
  operands: [{ name: 'operand', type: solBitwise }],
  results: [{ name: 'result', type: solBitwise }],
  traits: ['Pure', 'SameOperandsAndResultType'],
  format: '$operand attr-dict `:` type($result)',
});

function modArith(name: string): OpSpec {
  return defineOp({
    name: `sol.${name}`,
    summary: `${name}(x, y, m) on uint256 (Panic 0x12 when m is zero)`,
    operands: [{ name: 'x', type: unsignedInt }, { name: 'y', type: unsignedInt }, { name: 'mod', type: unsignedInt }],
    results: [{ name: 'result', type: unsignedInt }],
    traits: ['SameOperandsAndResultType'],
    format: '$x `,` $y `,` $mod attr-dict `:` type($result)',
    memoryEffects: () => [mayRevert()],
  });
}

/** A keyword stored as a StringAttr (one of `cases`). */
function keywordSyntax(cases: readonly string[]): AttrSyntax {
  return {
    parse: (p) => {
      for (const c of cases) if (p.parseOptionalKeyword(c)) return new StringAttr(c);
      return undefined;
    },
    print: (a, p) => p.print((a as StringAttr).value),
  };
}

export const CMP_PREDICATES = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'] as const;

const cmp = defineOp({
  name: 'sol.cmp',
  summary: 'comparison (signedness from the operand type; bytesN and addresses compare as unsigned words)',
  attributes: [{ name: 'predicate', syntax: keywordSyntax(CMP_PREDICATES) }],
  operands: [{ name: 'lhs', type: solValue }, { name: 'rhs', infer: (c) => c.type('lhs') }],
  results: [{ name: 'result', infer: () => i1 }],
  traits: ['Pure'],
  format: '$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)',
  verify: (op) => (op.operand(0).type === op.operand(1).type ? undefined : 'operands must have the same type'),
});

const cast = defineOp({
  name: 'sol.cast',
  summary: 'conversion between value types (int widths/signs, address, bytesN, enum; into an enum: Panic 0x21 when out of range)',
  operands: [{ name: 'in', type: solValue }],
  results: [{ name: 'out', type: solValue }],
  format: '$in attr-dict `:` type($in) `to` type($out)',
  memoryEffects: (op) => (op.result(0).type instanceof EnumType && op.operand(0).type !== op.result(0).type ? [mayRevert()] : []),
});

/** `x[i]` on a bytesN value; the lowering checks the index first (Panic 0x32), so it is below N here. */
const byteAt = defineOp({
  name: 'sol.byte_at',
  summary: 'byte i of a bytesN value, as bytes1 (the index is in range)',
  operands: [{ name: 'value', type: fixedBytes }, { name: 'index', type: unsignedInt }],
  results: [{ name: 'result', infer: () => FixedBytesType.get(1) }],
  traits: ['Pure'],
  format: '$value `,` $index attr-dict `:` type($value) `,` type($index)',
});

export const ENV_NAMES = [
  'caller', 'callvalue', 'address', 'origin', 'timestamp', 'number', 'chainid', 'gasprice', 'coinbase', 'basefee',
  'gaslimit', 'prevrandao', 'blobbasefee',
] as const;

const env = defineOp({
  name: 'sol.env',
  summary: 'a value of the call or block environment (msg.sender = caller, address(this) = address, …)',
  attributes: [{ name: 'name', syntax: keywordSyntax(ENV_NAMES) }],
  results: [{ name: 'result', type: solValue }],
  traits: ['Pure'],
  format: '$name attr-dict `:` type($result)',
});

export const solArithOps: OpSpec[] = [
  constant,
  arith('add', 'addition'), arith('sub', 'subtraction'), arith('mul', 'multiplication'),
  arith('div', 'division (Panic 0x12 on zero; checked: 0x11 on type(int).min / -1)', true),
  arith('mod', 'remainder (Panic 0x12 on zero)', true),
  exp, not,
  bitwise('and', 'bitwise and (on i1: non-short-circuit and)'), bitwise('or', 'bitwise or'), bitwise('xor', 'bitwise xor'),
  shift('shl', 'shift left'), shift('shr', 'shift right (arithmetic for signed integers)'),
  modArith('addmod'), modArith('mulmod'),
  cmp, cast, env, byteAt,
];

