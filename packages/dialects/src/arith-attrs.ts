/**
 * arith attributes: the bit-enum flags `#arith.fastmath<…>` and `#arith.overflow<…>`
 * (real attributes, so `nnan, ninf` and `nnan,ninf` are one value and print the
 * same), and the integer-stored enums (cmpi/cmpf predicates, rounding mode)
 * with the keyword syntax the custom forms use.
 */
import {
  Attribute, IntegerAttr, IntegerType, Tok, type AttrSpec, type AttrSyntax, type OpParser,
} from '@lifeline/ir';

/** arith ops read and write no memory (NoMemoryEffect). */
export const noMemoryEffects = (): [] => [];

interface FlagsKind {
  /** Mnemonic after `#arith.`. */
  name: 'fastmath' | 'overflow';
  /** Bit cases in bit order. */
  bits: readonly string[];
  /** Names that stand for several bits, printed instead of them when all are set. */
  groups: Readonly<Record<string, number>>;
  separator: string;
  /** C++ enum name MLIR's parse errors mention. */
  cppName: string;
}

const FASTMATH: FlagsKind = {
  name: 'fastmath',
  bits: ['reassoc', 'nnan', 'ninf', 'nsz', 'arcp', 'contract', 'afn'],
  groups: { fast: 0x7f },
  separator: ',',
  cppName: '::mlir::arith::FastMathFlags',
};

const OVERFLOW: FlagsKind = {
  name: 'overflow',
  bits: ['nsw', 'nuw'],
  groups: {},
  separator: ', ',
  cppName: '::mlir::arith::IntegerOverflowFlags',
};

/** A set of flags; `bits` 0 is `none`. */
export class ArithFlagsAttr extends Attribute {
  constructor(readonly kind: FlagsKind, readonly bits: number) { super(); }
  get name(): string { return this.kind.name; }
  has(flag: string): boolean {
    const i = this.kind.bits.indexOf(flag);
    return i >= 0 && (this.bits & (1 << i)) !== 0;
  }
  /** The `<…>` part, as the custom op forms print it after `fastmath` / `overflow`. */
  body(): string {
    if (this.bits === 0) return '<none>';
    // Primary groups first (printBitEnumPrimaryGroups), then the bits they leave.
    let rest = this.bits;
    const words: string[] = [];
    for (const [g, mask] of Object.entries(this.kind.groups)) {
      if ((rest & mask) === mask) {
        words.push(g);
        rest &= ~mask;
      }
    }
    this.kind.bits.forEach((b, i) => {
      if (rest & (1 << i)) words.push(b);
    });
    return `<${words.join(this.kind.separator)}>`;
  }
  protected render(): string { return `#arith.${this.kind.name}${this.body()}`; }
}

export const fastmathNone = new ArithFlagsAttr(FASTMATH, 0);
export const overflowNone = new ArithFlagsAttr(OVERFLOW, 0);

function flagsExpected(kind: FlagsKind): string {
  return `expected ${kind.cppName} to be one of: ${['none', ...kind.bits, ...Object.keys(kind.groups)].join(', ')}`;
}

function flagBits(kind: FlagsKind, word: string): number | undefined {
  if (word === 'none') return 0;
  const i = kind.bits.indexOf(word);
  if (i >= 0) return 1 << i;
  return kind.groups[word];
}

/** Parses `<kw, kw…>` from the token stream (the custom-form spelling). */
function parseFlagsTokens(p: OpParser, kind: FlagsKind, opName: string): ArithFlagsAttr {
  p.expect(Tok.Less, `custom op '${opName}' expected '<'`);
  let bits = 0;
  do {
    if (p.tok !== Tok.BareId) p.error(`custom op '${opName}' expected valid keyword`);
    const b = flagBits(kind, p.spelling);
    if (b === undefined) p.error(`custom op '${opName}' ${flagsExpected(kind)}`);
    bits |= b;
    p.consume();
  } while (p.consumeIf(Tok.Comma));
  p.expect(Tok.Greater, `custom op '${opName}' expected '>'`);
  return new ArithFlagsAttr(kind, bits);
}

/** `$fastmath` / `$overflowFlags` inside a format: the attribute without its `#arith.name` prefix. */
export function flagsSyntax(which: 'fastmath' | 'overflow', opName: string): AttrSyntax {
  const kind = which === 'fastmath' ? FASTMATH : OVERFLOW;
  return {
    parse: (p) => (p.tok === Tok.Less ? parseFlagsTokens(p, kind, opName) : undefined),
    print: (a, p) => p.print(a instanceof ArithFlagsAttr ? a.body() : a.toString()),
  };
}

/** The dialect attribute parser: `fastmath<…>` and `overflow<…>` after `#arith.`. */
export function parseArithAttr(text: string, error: (message: string) => never): Attribute | undefined {
  const m = /^(fastmath|overflow)\s*<([^>]*)>$/.exec(text);
  if (!m) return undefined;
  const kind = m[1] === 'fastmath' ? FASTMATH : OVERFLOW;
  let bits = 0;
  for (const raw of m[2]!.split(',')) {
    const word = raw.trim();
    if (!word) error('expected valid keyword');
    const b = flagBits(kind, word);
    if (b === undefined) error(flagsExpected(kind));
    bits |= b;
  }
  return new ArithFlagsAttr(kind, bits);
}

/** An attribute check: the value must be a flags attribute of this kind. */
export function flagsCheck(which: 'fastmath' | 'overflow'): (a: Attribute) => string | undefined {
  const what = which === 'fastmath' ? 'Floating point fast math flags' : 'Integer overflow arith flags';
  return (a) => (a instanceof ArithFlagsAttr && a.kind.name === which ? undefined : what);
}

/** `overflowFlags`: DefaultValuedAttr (none), spelled `overflow<…>` in custom form. */
export const overflowAttr = (op: string): AttrSpec => ({
  name: 'overflowFlags', default: overflowNone, syntax: flagsSyntax('overflow', op), check: flagsCheck('overflow'),
});

/** `fastmath`: DefaultValuedAttr (none) on most ops, OptionalAttr on extf/truncf. */
export const fastmathAttr = (op: string, optional = false): AttrSpec => ({
  name: 'fastmath', syntax: flagsSyntax('fastmath', op), check: flagsCheck('fastmath'),
  ...(optional ? { optional: true } : { default: fastmathNone }),
});

// ---- integer-stored enums ---------------------------------------------------------

export const CMPI_PREDICATES = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'] as const;
export const CMPF_PREDICATES = ['false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord',
  'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', 'true'] as const;
export const ROUNDING_MODES = ['to_nearest_even', 'downward', 'upward', 'toward_zero', 'to_nearest_away'] as const;

const I64 = IntegerType.get(64);
const I32 = IntegerType.get(32);

/**
 * A keyword (or string) naming an enum case, stored as an integer of `type`
 * (I64EnumAttr / I32EnumAttr). `required` reports MLIR's error on a bad keyword;
 * otherwise an unknown keyword means "absent" (for optional groups).
 */
export function intEnumSyntax(cases: readonly string[], width: 32 | 64, err?: { op: string; attr: string }): AttrSyntax {
  const type = width === 64 ? I64 : I32;
  // Attributes are immutable: one per case serves every op that spells it.
  const attrs = cases.map((_, i) => new IntegerAttr(i, type));
  return {
    parse: (p) => {
      let kw: string | undefined;
      if (p.tok === Tok.BareId) kw = p.spelling;
      else if (p.tok === Tok.String) kw = p.spelling.slice(1, -1);
      if (kw === undefined || !cases.includes(kw)) {
        if (!err) return undefined;
        return p.error(`custom op '${err.op}' expected string or keyword containing one of the following enum values for attribute '${err.attr}' [${cases.join(', ')}]`);
      }
      p.consume();
      return attrs[cases.indexOf(kw)]!;
    },
    print: (a, p) => {
      const i = a instanceof IntegerAttr ? Number(a.value) : -1;
      p.print(cases[i] ?? a.toString());
    },
  };
}

/** Check for an integer enum attribute (`allowed 64-bit signless integer cases: 0, 1, …`). */
export function intEnumCheck(cases: readonly string[], width: 32 | 64, description?: string): (a: Attribute) => string | undefined {
  const count = BigInt(cases.length);
  const type = width === 64 ? I64 : I32;
  const ok = (a: Attribute) => a instanceof IntegerAttr && a.type === type && a.value >= 0n && a.value < count;
  const what = description ?? `allowed ${width}-bit signless integer cases: ${cases.map((_, i) => i).join(', ')}`;
  return (a) => (ok(a) ? undefined : what);
}
