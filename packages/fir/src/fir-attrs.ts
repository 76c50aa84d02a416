/**
 * fir dialect attributes (LLVM 19 FIRAttr.td) as fir-opt-19 parses and prints them:
 *
 *   #fir.var_attrs<allocatable, target, …>   FortranVariableFlagsAttr, an I32 bit enum printed
 *                                             in bit order with ", " (no flags: `None`)
 *   base_addr | derived_type                  BoxFieldAttr (I32EnumAttr, stored as i32) in fir.box_offset
 *
 * Other `#fir.*` attributes stay opaque (printed as spelled).
 */
import { Attribute, IntegerAttr, IntegerType, Tok, type AttrSyntax } from '@lifeline/ir';

/**
 * FortranVariableFlagsEnum in bit order (bit i is 1 << i). `volatile` is the spelling of the
 * C++ case `fortran_volatile`; LLVM 19 has no internal_assoc / cray_pointer flags.
 */
export const FORTRAN_VARIABLE_FLAGS = [
  'allocatable', 'asynchronous', 'bind_c', 'contiguous', 'intent_in', 'intent_inout', 'intent_out', 'optional',
  'parameter', 'pointer', 'target', 'value', 'volatile', 'host_assoc',
] as const;

/** `#fir.var_attrs<…>`: a set of Fortran variable attributes. */
export class FortranVariableFlagsAttr extends Attribute {
  constructor(readonly bits: number) { super(); }
  /** The flag names in bit order (what fir-opt-19 prints). */
  get names(): string[] {
    return FORTRAN_VARIABLE_FLAGS.filter((_, i) => (this.bits & (1 << i)) !== 0);
  }
  has(flag: string): boolean {
    const i = FORTRAN_VARIABLE_FLAGS.indexOf(flag as (typeof FORTRAN_VARIABLE_FLAGS)[number]);
    return i >= 0 && (this.bits & (1 << i)) !== 0;
  }
  protected render(): string {
    return `#fir.var_attrs<${this.bits === 0 ? 'None' : this.names.join(', ')}>`;
  }
}

/** The Fortran attribute names of a `fortran_attrs` value (none when absent or not var_attrs). */
export function fortranAttrNames(attr: Attribute | undefined): string[] {
  return attr instanceof FortranVariableFlagsAttr ? attr.names : [];
}

/** `var_attrs<a, b>` (FortranVariableFlagsAttr::parse): `None` or a comma-separated keyword list. */
function parseVarAttrs(body: string, error: (message: string, at?: number) => never): FortranVariableFlagsAttr {
  const inner = body.slice(1, -1);
  let bits = 0;
  if (inner.trim() === '') return new FortranVariableFlagsAttr(0);
  for (const raw of inner.split(',')) {
    const word = raw.trim();
    if (!/^[A-Za-z_][\w$.]*$/.test(word)) error('expected valid keyword');
    if (word === 'None') continue;
    const i = FORTRAN_VARIABLE_FLAGS.indexOf(word as (typeof FORTRAN_VARIABLE_FLAGS)[number]);
    // MLIR reports the unknown flag at the attribute's mnemonic (the parser's name location).
    if (i < 0) error(`Unknown fortran variable attribute: ${word}`, 0);
    bits |= 1 << i;
  }
  return new FortranVariableFlagsAttr(bits);
}

/**
 * The fir dialect's `parseAttr` hook (`text` is what follows `#fir.`): undefined keeps the
 * attribute opaque. `error(message, at)` reports at `at` characters into `text`.
 */
export function parseFirAttr(text: string, error: (message: string, at?: number) => never): Attribute | undefined {
  const m = /^var_attrs\s*(<[^>]*>)$/.exec(text);
  if (m) return parseVarAttrs(m[1]!, error);
  if (text === 'var_attrs') error("expected '<'");
  return undefined;
}

/** Check for an optional `fortran_attrs` attribute. */
export const varAttrsCheck = (a: Attribute): string | undefined =>
  (a instanceof FortranVariableFlagsAttr ? undefined : 'Fortran variable attributes');

// ---- BoxFieldAttr (fir.box_offset) ----------------------------------------------------------

export const BOX_FIELDS = ['base_addr', 'derived_type'] as const;
const I32 = IntegerType.get(32);
const boxFieldAttrs = BOX_FIELDS.map((_, i) => new IntegerAttr(i, I32));

/** `base_addr` / `derived_type` in a format, stored as an i32 (I32EnumAttr). */
export const boxFieldSyntax: AttrSyntax = {
  parse: (p) => {
    let kw: string | undefined;
    if (p.tok === Tok.BareId) kw = p.spelling;
    else if (p.tok === Tok.String) kw = p.spelling.slice(1, -1);
    const i = kw === undefined ? -1 : BOX_FIELDS.indexOf(kw as (typeof BOX_FIELDS)[number]);
    if (i < 0) {
      return p.error("custom op 'fir.box_offset' expected string or keyword containing one of the following enum values for attribute 'field' [base_addr, derived_type]");
    }
    p.consume();
    return boxFieldAttrs[i]!;
  },
  print: (a, p) => p.print(a instanceof IntegerAttr ? BOX_FIELDS[Number(a.value)] ?? a.toString() : a.toString()),
};

export const boxFieldCheck = (a: Attribute): string | undefined =>
  (a instanceof IntegerAttr && a.type === I32 && a.value >= 0n && a.value <= 1n ? undefined : 'allowed 32-bit signless integer cases: 0, 1');
