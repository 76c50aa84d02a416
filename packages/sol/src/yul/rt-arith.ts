/**
 * Value-type helpers with solc's semantics: cleanup (bring a stack word to the type's
 * canonical form), validation of decoded ABI values (empty revert), checked arithmetic with
 * Panic(0x11) on overflow and Panic(0x12) on division/modulo by zero, wrapping arithmetic for
 * `unchecked`, and conversions. The overflow conditions are those of solc 0.8.37's IR
 * (YulUtilFunctions: checked_add/sub/mul/div, checked_exp_*, negate, increment/decrement).
 */
import { hex, U256_MAX, type YulLib, yfn } from './lib.js';
import { panic, PanicCode } from './rt-memory.js';
import { tid, valueBits, type YType } from './ytypes.js';

const mask = (bits: number) => hex((1n << BigInt(bits)) - 1n);
const smax = (bits: number) => (1n << BigInt(bits - 1)) - 1n;
/** The two's-complement word of intN's minimum. */
const sminWord = (bits: number) => hex((U256_MAX + 1n - (1n << BigInt(bits - 1))) & U256_MAX);
const isSigned = (t: YType) => t.kind === 'int';
const bits = (t: YType) => valueBits(t);

/** Yul expression bringing `v` to the canonical form of value type `t` (no function call). */
export function cleanupExpr(t: YType, v: string): string {
  switch (t.kind) {
    case 'uint':
      return t.bits === 256 ? v : `and(${v}, ${mask(t.bits)})`;
    case 'int':
      return t.bits === 256 ? v : `signextend(${t.bits / 8 - 1}, ${v})`;
    case 'bool':
      return `iszero(iszero(${v}))`;
    case 'address':
      return `and(${v}, ${mask(160)})`;
    case 'fixedbytes':
      return t.size === 32 ? v : `and(${v}, ${hex(((1n << BigInt(t.size * 8)) - 1n) << BigInt(256 - t.size * 8))})`;
    case 'enum':
      return v;
    default:
      return v;
  }
}

export function cleanup(lib: YulLib, t: YType): string {
  const name = `cleanup_${tid(t)}`;
  return lib.fn(name, () => {
    if (t.kind === 'enum') return yfn(name, ['value'], ['cleaned'], `cleaned := value ${validatorAssert(lib, t)}(value)`);
    return yfn(name, ['value'], ['cleaned'], `cleaned := ${cleanupExpr(t, 'value')}`);
  });
}

/** Reverts with empty data when a decoded word is not a valid value of `t` (solc's ABI decoder). */
export function validatorRevert(lib: YulLib, t: YType): string {
  const name = `validator_revert_${tid(t)}`;
  return lib.fn(name, () => {
    const bad = t.kind === 'enum' ? `iszero(lt(value, ${t.count}))` : `iszero(eq(value, ${cleanupExpr(t, 'value')}))`;
    return yfn(name, ['value'], [], `if ${bad} { revert(0, 0) }`);
  });
}

/** Panic(0x21) for an enum value out of range (conversions to enums). */
export function validatorAssert(lib: YulLib, t: YType & { kind: 'enum' }): string {
  const name = `validator_assert_${tid(t)}`;
  return lib.fn(name, () => yfn(name, ['value'], [], `if iszero(lt(value, ${t.count})) { ${panic(lib, PanicCode.enumConversion)}() }`));
}

type Checked = 'add' | 'sub' | 'mul' | 'div' | 'mod' | 'exp';

/** `checked_<op>_<t>(x, y)`: the result, or Panic(0x11)/(0x12) as solc. For exp, y is the exponent of type `expT`. */
export function checked(lib: YulLib, op: Checked, t: YType, expT?: YType): string {
  if (op === 'exp') return checkedExp(lib, t, expT ?? t);
  const name = `${op === 'mod' ? 'mod' : `checked_${op}`}_${tid(t)}`;
  return lib.fn(name, () => {
    const c = cleanup(lib, t);
    const p11 = `${panic(lib, PanicCode.overflow)}()`;
    const p12 = `${panic(lib, PanicCode.divByZero)}()`;
    const s = isSigned(t);
    const n = bits(t);
    const head = `x := ${c}(x)\ny := ${c}(y)\n`;
    const max = s ? hex(smax(n)) : mask(n);
    const min = sminWord(n);
    let body: string;
    let ret: string;
    switch (op) {
      case 'add':
        ret = 'sum';
        if (!s) body = n === 256 ? `sum := add(x, y)\nif gt(x, sum) { ${p11} }` : `sum := add(x, y)\nif gt(sum, ${max}) { ${p11} }`;
        else if (n === 256)
          body = `sum := add(x, y)\n// overflow iff x >= 0 and sum < y, underflow iff x < 0 and sum >= y\nif or(and(iszero(slt(x, 0)), slt(sum, y)), and(slt(x, 0), iszero(slt(sum, y)))) { ${p11} }`;
        else body = `sum := add(x, y)\nif or(sgt(sum, ${max}), slt(sum, ${min})) { ${p11} }`;
        break;
      case 'sub':
        ret = 'diff';
        if (!s) body = n === 256 ? `diff := sub(x, y)\nif gt(diff, x) { ${p11} }` : `diff := sub(x, y)\nif gt(diff, ${max}) { ${p11} }`;
        else if (n === 256)
          body = `diff := sub(x, y)\n// underflow iff y >= 0 and diff > x, overflow iff y < 0 and diff < x\nif or(and(iszero(slt(y, 0)), sgt(diff, x)), and(slt(y, 0), slt(diff, x))) { ${p11} }`;
        else body = `diff := sub(x, y)\nif or(slt(diff, ${min}), sgt(diff, ${max})) { ${p11} }`;
        break;
      case 'mul':
        ret = 'product';
        body = `let product_raw := mul(x, y)\nproduct := ${c}(product_raw)\n`;
        if (n <= 128) body += `if iszero(eq(product, product_raw)) { ${p11} }`;
        else {
          if (s && n === 256) body += `if and(slt(x, 0), eq(y, ${min})) { ${p11} }\n`;
          body += `// overflow iff x != 0 and y != product / x\nif iszero(or(iszero(x), eq(y, ${s ? 'sdiv' : 'div'}(product, x)))) { ${p11} }`;
        }
        break;
      case 'div':
        ret = 'r';
        body = `if iszero(y) { ${p12} }\n`;
        if (s) body += `// minVal / -1 overflows\nif and(eq(x, ${min}), eq(y, sub(0, 1))) { ${p11} }\n`;
        body += `r := ${s ? 'sdiv' : 'div'}(x, y)`;
        break;
      case 'mod':
        ret = 'r';
        body = `if iszero(y) { ${p12} }\nr := ${s ? 'smod' : 'mod'}(x, y)`;
        break;
    }
    return yfn(name, ['x', 'y'], [ret], head + body);
  });
}

function expHelper(lib: YulLib): string {
  return lib.fn('checked_exp_helper', () =>
    yfn(
      'checked_exp_helper',
      ['_power', '_base', 'exponent', 'max'],
      ['power', 'base'],
      `power := _power
base := _base
for { } gt(exponent, 1) {} {
    // base * base must not overflow; |power| <= base keeps power * base in range too
    if gt(base, div(max, base)) { ${panic(lib, PanicCode.overflow)}() }
    if and(exponent, 1) { power := mul(power, base) }
    base := mul(base, base)
    exponent := shr(1, exponent)
}`,
    ),
  );
}

function expUnsigned(lib: YulLib): string {
  const p = `${panic(lib, PanicCode.overflow)}()`;
  return lib.fn('checked_exp_unsigned', () =>
    yfn(
      'checked_exp_unsigned',
      ['base', 'exponent', 'max'],
      ['power'],
      `// 0**0 == 1
if iszero(exponent) { power := 1 leave }
if iszero(base) { power := 0 leave }
switch base
case 1 { power := 1 leave }
case 2 {
    if gt(exponent, 255) { ${p} }
    power := exp(2, exponent)
    if gt(power, max) { ${p} }
    leave
}
// small bases and exponents cannot overflow 256 bits
if or(and(lt(base, 11), lt(exponent, 78)), and(lt(base, 307), lt(exponent, 32))) {
    power := exp(base, exponent)
    if gt(power, max) { ${p} }
    leave
}
power, base := ${expHelper(lib)}(1, base, exponent, max)
if gt(power, div(max, base)) { ${p} }
power := mul(power, base)`,
    ),
  );
}

function expSigned(lib: YulLib): string {
  const p = `${panic(lib, PanicCode.overflow)}()`;
  return lib.fn('checked_exp_signed', () =>
    yfn(
      'checked_exp_signed',
      ['base', 'exponent', 'min', 'max'],
      ['power'],
      `switch exponent
case 0 { power := 1 leave }
case 1 { power := base leave }
if iszero(base) { power := 0 leave }
power := 1
// the first step is the only one where base can be negative
switch sgt(base, 0)
case 1 { if gt(base, div(max, base)) { ${p} } }
case 0 { if slt(base, sdiv(max, base)) { ${p} } }
if and(exponent, 1) { power := base }
base := mul(base, base)
exponent := shr(1, exponent)
power, base := ${expHelper(lib)}(power, base, exponent, max)
if and(sgt(power, 0), gt(power, div(max, base))) { ${p} }
if and(slt(power, 0), slt(power, sdiv(min, base))) { ${p} }
power := mul(power, base)`,
    ),
  );
}

function checkedExp(lib: YulLib, t: YType, e: YType): string {
  const name = `checked_exp_${tid(t)}_${tid(e)}`;
  return lib.fn(name, () => {
    const head = `base := ${cleanup(lib, t)}(base)\nexponent := ${cleanup(lib, e)}(exponent)\n`;
    const n = bits(t);
    const call = isSigned(t)
      ? `${expSigned(lib)}(base, exponent, ${sminWord(n)}, ${hex(smax(n))})`
      : `${expUnsigned(lib)}(base, exponent, ${mask(n)})`;
    return yfn(name, ['base', 'exponent'], ['power'], `${head}power := ${call}`);
  });
}

/** Checked unary minus (signed types only). */
export function negate(lib: YulLib, t: YType): string {
  const name = `negate_${tid(t)}`;
  return lib.fn(name, () =>
    yfn(
      name,
      ['value'],
      ['ret'],
      `value := ${cleanup(lib, t)}(value)\nif eq(value, ${sminWord(bits(t))}) { ${panic(lib, PanicCode.overflow)}() }\nret := sub(0, value)`,
    ),
  );
}

/** Checked `++` / `--`. */
export function incDec(lib: YulLib, t: YType, inc: boolean): string {
  const name = `${inc ? 'increment' : 'decrement'}_${tid(t)}`;
  return lib.fn(name, () => {
    const n = bits(t);
    const limit = inc ? (isSigned(t) ? hex(smax(n)) : mask(n)) : isSigned(t) ? sminWord(n) : '0';
    return yfn(
      name,
      ['value'],
      ['ret'],
      `value := ${cleanup(lib, t)}(value)\nif eq(value, ${limit}) { ${panic(lib, PanicCode.overflow)}() }\nret := ${inc ? 'add' : 'sub'}(value, 1)`,
    );
  });
}

/** `unchecked` arithmetic: the EVM op, then cleanup to the type's width. Division still checks for zero. */
export function wrapping(lib: YulLib, op: 'add' | 'sub' | 'mul' | 'div' | 'mod' | 'neg', t: YType): string {
  if (op === 'div' || op === 'mod') return checkedDivUnchecked(lib, op, t);
  const name = `wrapping_${op}_${tid(t)}`;
  return lib.fn(name, () => {
    if (op === 'neg') return yfn(name, ['value'], ['ret'], `ret := ${cleanupExpr(t, 'sub(0, value)')}`);
    return yfn(name, ['x', 'y'], ['r'], `r := ${cleanupExpr(t, `${op}(x, y)`)}`);
  });
}

/** Division in `unchecked`: by zero still panics; minVal / -1 wraps (cleanup). */
function checkedDivUnchecked(lib: YulLib, op: 'div' | 'mod', t: YType): string {
  if (op === 'mod') return checked(lib, 'mod', t);
  const name = `wrapping_div_${tid(t)}`;
  return lib.fn(name, () =>
    yfn(
      name,
      ['x', 'y'],
      ['r'],
      `if iszero(y) { ${panic(lib, PanicCode.divByZero)}() }\nr := ${cleanupExpr(t, `${isSigned(t) ? 'sdiv' : 'div'}(x, y)`)}`,
    ),
  );
}

/** Unchecked exponentiation (`unchecked { a ** b }`): exp then cleanup. */
export function wrappingExp(lib: YulLib, t: YType): string {
  const name = `wrapping_exp_${tid(t)}`;
  return lib.fn(name, () => yfn(name, ['base', 'exponent'], ['power'], `power := ${cleanupExpr(t, 'exp(base, exponent)')}`));
}

/**
 * Explicit/implicit conversion between value types, as a Yul expression of `v` (a cleaned
 * value of `from`). Integer ↔ integer truncates or extends; bytesN ↔ bytesM shifts within the
 * left-aligned word; uintN ↔ bytesN (same size) reinterprets; integer → enum checks the range
 * with Panic(0x21).
 */
export function convertExpr(lib: YulLib, from: YType, to: YType, v: string): string {
  if (to.kind === 'enum') return `${cleanup(lib, to)}(${v})`;
  if (from.kind === 'fixedbytes' && to.kind === 'fixedbytes') return cleanupExpr(to, v);
  if (from.kind === 'fixedbytes' && (to.kind === 'uint' || to.kind === 'int' || to.kind === 'address'))
    return cleanupExpr(to, `shr(${256 - from.size * 8}, ${v})`);
  if (to.kind === 'fixedbytes' && from.kind !== 'fixedbytes') return `shl(${256 - to.size * 8}, ${cleanupExpr(from, v)})`;
  if (to.kind === 'bool') return cleanupExpr(to, v);
  return cleanupExpr(to, v);
}
