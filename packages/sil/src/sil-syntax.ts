/**
 * The text form of each SIL instruction (docs/SIL.rst, as Swift's SILPrinter writes it):
 * one parse and one print hook per instruction, kept as a table so the parser and the
 * printer share one definition. Operands are parsed in text order and become the op's
 * operands in that order.
 */
import {
  ArrayAttr, IntegerAttr, IntegerType, StringAttr, SymbolRefAttr, TypeAttr, UnitAttr,
  type Attribute, type Block, type Operation, type Type, type Value,
} from '@lifeline/ir';
import type { SilCursor } from './sil-cursor.js';
import type { Token } from './sil-lexer.js';
import { quoteSwiftString } from './sil-lexer.js';
import type { SilTypeInfo } from './sil-type-info.js';
import { SilType, type SilFnParam } from './sil-types.js';

/** A `%name` or `undef` operand whose type may only be known later in the instruction. */
export interface OperandRef { name: string; tok: Token; undef: boolean }

export interface InstParser {
  readonly c: SilCursor;
  readonly info: SilTypeInfo;
  /** The `[…]` flags read after the mnemonic of the instruction being parsed. */
  readonly flags: readonly string[];
  /** `$T` */
  type(): SilType;
  /** A type written without `$` (formal types: `to D`, `C in`). */
  formalType(): SilType;
  ref(): OperandRef;
  /** The value of `r`, checked against (or, for `undef` and forward references, given) type `t`. */
  resolve(r: OperandRef, t: SilType | undefined): Value;
  /** `%x : $T` */
  typedOperand(): Value;
  /** `#S.x`, `#E.some!enumelt` → `S.x`, `E.some`. */
  declRef(): string;
  block(): Block;
  /** An optional `(%a : $A, …)` after a block name. */
  branchArgs(): Value[];
  comma(): void;
}

export interface ParsedInst {
  operands?: Value[];
  results?: SilType[];
  attrs?: [string, Attribute][];
  successors?: Block[];
  /** operandSegmentSizes, for ops with several variadic operand groups. */
  segments?: number[];
}

export interface InstPrinter {
  value(v: Value): string;
  typed(v: Value): string;
  type(t: Type): string;
  block(b: Block): string;
  /** `bb1(%0 : $T, …)` or `bb1`. */
  branch(b: Block, args: readonly Value[]): string;
}

export interface InstSyntax {
  parse(p: InstParser): ParsedInst;
  /** The text after the mnemonic and its `[flags]`, starting with a space when not empty. */
  print(op: Operation, p: InstPrinter): string;
}

const INT1 = SilType.builtin('Int1');

export function silTypeOfValue(v: Value): SilType {
  return v.type as SilType;
}
export function str(op: Operation, name: string): string | undefined {
  const a = op.getAttr(name);
  return a instanceof StringAttr ? a.value : undefined;
}
export function typeAttr(op: Operation, name: string): SilType | undefined {
  const a = op.getAttr(name);
  return a instanceof TypeAttr ? (a.value as SilType) : undefined;
}
export function resultType(op: Operation): SilType { return op.result(0).type as SilType; }

export function listOf<T>(c: SilCursor, item: () => T, close = ')'): T[] {
  const out: T[] = [];
  if (c.eatPunct(close)) return out;
  do out.push(item());
  while (c.eatPunct(','));
  c.expectPunct(close, ' in SIL instruction');
  return out;
}

// ---- instruction shapes ------------------------------------------------------------------

/** `%0 : $T` (and a result of the operand's type when `sameResult`). */
export function unary(opts: { sameResult?: boolean; result?: SilType } = {}): InstSyntax {
  return {
    parse(p) {
      const v = p.typedOperand();
      const t = opts.result ?? (opts.sameResult ? silTypeOfValue(v) : undefined);
      return { operands: [v], results: t ? [t] : [] };
    },
    print: (op, p) => ` ${p.typed(op.operand(0))}`,
  };
}

/** `%0 : $A to $B`; `formal` also accepts `to B` (a formal type, unconditional_checked_cast). */
export function cast(formal = false): InstSyntax {
  return {
    parse(p) {
      const v = p.typedOperand();
      p.c.expectKeyword('to', ' in SIL instruction');
      if (formal && !p.c.isPunct('$')) return { operands: [v], results: [p.formalType()], attrs: [['formal_target', UnitAttr.instance]] };
      return { operands: [v], results: [p.type()] };
    },
    print: (op, p) => {
      const t = resultType(op);
      return ` ${p.typed(op.operand(0))} to ${op.getAttr('formal_target') ? t.sil : p.type(t)}`;
    },
  };
}

/** `$T` and nothing else: the result type (alloc_ref, metatype) or its object (alloc_stack). */
function typeOnly(address = false): InstSyntax {
  return {
    parse: (p) => ({ results: [address ? SilType.address(p.type()) : p.type()] }),
    print: (op, p) => ` ${p.type(address ? resultType(op).objectType : resultType(op))}`,
  };
}

function nominalName(t: SilType): string | undefined {
  return t.kind === 'nominal' ? t.name : undefined;
}

// ---- the table -----------------------------------------------------------------------------

const fieldAccess: InstSyntax = {
  parse(p) {
    const v = p.typedOperand();
    p.comma();
    const at = p.c.tok;
    const ref = p.declRef();
    const fieldName = ref.slice(ref.lastIndexOf('.') + 1);
    const field = p.info.structFields(silTypeOfValue(v))?.find((f) => f.name === fieldName);
    if (!field) return p.c.error(`struct_extract: type $${silTypeOfValue(v).sil} has no field '${fieldName}'`, at);
    return { operands: [v], results: [field.type], attrs: [['field', new StringAttr(ref)]] };
  },
  print: (op, p) => ` ${p.typed(op.operand(0))}, #${str(op, 'field')}`,
};

const enumData: InstSyntax = {
  parse(p) {
    const v = p.typedOperand();
    p.comma();
    const at = p.c.tok;
    const ref = p.declRef();
    const caseName = ref.slice(ref.lastIndexOf('.') + 1);
    const c = p.info.enumCases(silTypeOfValue(v))?.find((k) => k.name === caseName);
    if (!c) return p.c.error(`unchecked_enum_data: type $${silTypeOfValue(v).sil} has no case '${caseName}'`, at);
    if (!c.payload) return p.c.error(`unchecked_enum_data: case '${caseName}' has no payload`, at);
    return { operands: [v], results: [c.payload], attrs: [['case', new StringAttr(ref)]] };
  },
  print: (op, p) => ` ${p.typed(op.operand(0))}, #${str(op, 'case')}!enumelt`,
};

const enumInst: InstSyntax = {
  parse(p) {
    const t = p.type();
    p.comma();
    const ref = p.declRef();
    const operands = p.c.eatPunct(',') ? [p.typedOperand()] : [];
    return { operands, results: [t], attrs: [['case', new StringAttr(ref)]] };
  },
  print: (op, p) => ` ${p.type(resultType(op))}, #${str(op, 'case')}!enumelt${op.operands.length ? `, ${p.typed(op.operand(0))}` : ''}`,
};

const structInst: InstSyntax = {
  parse(p) {
    const t = p.type();
    p.c.expectPunct('(', ' in SIL instruction');
    return { operands: listOf(p.c, () => p.typedOperand()), results: [t] };
  },
  print: (op, p) => ` ${p.type(resultType(op))} (${op.operandValues().map((v) => p.typed(v)).join(', ')})`,
};

const tupleInst: InstSyntax = {
  parse(p) {
    if (p.c.isPunct('$')) {
      // `tuple $(a: A, b: B) (%0, %1)`: the elements take the tuple's element types.
      const at = p.c.tok;
      const t = p.type();
      if (t.kind !== 'tuple') p.c.error('tuple: expected a tuple type', at);
      p.c.expectPunct('(', ' in SIL instruction');
      const refs = listOf(p.c, () => p.ref());
      if (refs.length !== t.args.length) p.c.error(`tuple: expected ${t.args.length} elements, found ${refs.length}`, at);
      return { operands: refs.map((r, i) => p.resolve(r, t.args[i])), results: [t] };
    }
    p.c.expectPunct('(', ' in SIL instruction');
    const operands = listOf(p.c, () => p.typedOperand());
    return { operands, results: [SilType.tuple(operands.map(silTypeOfValue))] };
  },
  print(op, p) {
    const t = resultType(op);
    if (t.labels.length) return ` ${p.type(t)} (${op.operandValues().map((v) => p.value(v)).join(', ')})`;
    return ` (${op.operandValues().map((v) => p.typed(v)).join(', ')})`;
  },
};

const tupleExtract: InstSyntax = {
  parse(p) {
    const v = p.typedOperand();
    p.comma();
    const at = p.c.tok;
    const i = Number(p.c.expectInt('tuple element index'));
    const elems = p.info.tupleElements(silTypeOfValue(v));
    if (!elems) return p.c.error(`tuple_extract: operand type $${silTypeOfValue(v).sil} is not a tuple`, at);
    if (i < 0 || i >= elems.length) p.c.error(`tuple_extract: index ${i} out of range for $${silTypeOfValue(v).sil}`, at);
    return { operands: [v], results: [elems[i]!], attrs: [['index', new IntegerAttr(i, IntegerType.get(64))]] };
  },
  print: (op, p) => ` ${p.typed(op.operand(0))}, ${(op.getAttr('index') as IntegerAttr).value}`,
};

const initExistentialRef: InstSyntax = {
  parse(p) {
    const v = p.typedOperand();
    p.c.expectPunct(':', ' in SIL instruction');
    const formal = p.type();
    p.comma();
    return { operands: [v], results: [p.type()], attrs: [['formal_concrete_type', new TypeAttr(formal)]] };
  },
  print: (op, p) => ` ${p.typed(op.operand(0))} : ${p.type(typeAttr(op, 'formal_concrete_type')!)}, ${p.type(resultType(op))}`,
};

const refToBridgeObject: InstSyntax = {
  parse(p) {
    const v = p.typedOperand();
    p.comma();
    return { operands: [v, p.typedOperand()], results: [SilType.builtin('BridgeObject')] };
  },
  print: (op, p) => ` ${p.typed(op.operand(0))}, ${p.typed(op.operand(1))}`,
};

const markDependence: InstSyntax = {
  parse(p) {
    const v = p.typedOperand();
    p.c.expectKeyword('on', ' in SIL instruction');
    return { operands: [v, p.typedOperand()], results: [silTypeOfValue(v)] };
  },
  print: (op, p) => ` ${p.typed(op.operand(0))} on ${p.typed(op.operand(1))}`,
};

/** Literal values keep their bits in a signed integer of the builtin's width (Swift prints them signed). */
export function literalIntType(t: SilType): IntegerType {
  return IntegerType.get(t.builtinIntWidth ?? 2048, 'signed');
}

const integerLiteral: InstSyntax = {
  parse(p) {
    const t = p.type();
    p.comma();
    const v = p.c.expectInt();
    return { results: [t], attrs: [['value', new IntegerAttr(v, literalIntType(t))]] };
  },
  print: (op, p) => ` ${p.type(resultType(op))}, ${(op.getAttr('value') as IntegerAttr).value}`,
};

const stringLiteral: InstSyntax = {
  parse(p) {
    const enc = p.c.expectIdent('string literal encoding');
    const s = p.c.expectString();
    return { results: [SilType.builtin('RawPointer')], attrs: [['encoding', new StringAttr(enc)], ['value', new StringAttr(s)]] };
  },
  print: (op) => ` ${str(op, 'encoding')} ${quoteSwiftString(str(op, 'value') ?? '')}`,
};

const functionRef: InstSyntax = {
  parse(p) {
    if (p.c.tok.kind !== 'symbol') p.c.error('expected SIL function name');
    const name = p.c.next().text;
    p.c.expectPunct(':', ' in SIL instruction');
    return { results: [p.type()], attrs: [['function', new SymbolRefAttr(name)]] };
  },
  print: (op, p) => ` @${(op.getAttr('function') as SymbolRefAttr).root} : ${p.type(resultType(op))}`,
};

/** Raw `<…>` generic substitutions (kept as text). */
export function substitutions(c: SilCursor): [string, Attribute][] {
  if (!c.isPunct('<')) return [];
  const from = c.pos;
  let depth = 0;
  do {
    const t = c.next();
    if (t.kind === 'eof') c.error('expected \'>\' in SIL instruction');
    if (c.isPunct('<', t)) depth++;
    else if (c.isPunct('>', t)) depth--;
  } while (depth > 0);
  return [['substitutions', new StringAttr(c.textSince(from).replace(/\s+/g, ' '))]];
}

const builtinInst: InstSyntax = {
  parse(p) {
    const name = p.c.expectString('builtin name');
    const subs = substitutions(p.c);
    p.c.expectPunct('(', ' in SIL instruction');
    const operands = listOf(p.c, () => p.typedOperand());
    p.c.expectPunct(':', ' in SIL instruction');
    return { operands, results: [p.type()], attrs: [['name', new StringAttr(name)], ...subs] };
  },
  print: (op, p) => ` ${quoteSwiftString(str(op, 'name')!)}${str(op, 'substitutions') ?? ''}(${op.operandValues().map((v) => p.typed(v)).join(', ')}) : ${p.type(resultType(op))}`,
};

const condFail: InstSyntax = {
  parse(p) {
    const v = p.typedOperand();
    const attrs: [string, Attribute][] = p.c.eatPunct(',') ? [['message', new StringAttr(p.c.expectString())]] : [];
    return { operands: [v], attrs };
  },
  print: (op, p) => ` ${p.typed(op.operand(0))}${op.getAttr('message') ? `, ${quoteSwiftString(str(op, 'message')!)}` : ''}`,
};

const load: InstSyntax = {
  parse(p) {
    const at = p.c.tok;
    const a = p.typedOperand();
    const t = silTypeOfValue(a);
    if (t.kind !== 'address') p.c.error(`load: operand must have an address type, found $${t.sil}`, at);
    return { operands: [a], results: [t.objectType] };
  },
  print: (op, p) => ` ${p.typed(op.operand(0))}`,
};

const store: InstSyntax = {
  parse(p) {
    const src = p.ref();
    p.c.expectKeyword('to', ' in SIL instruction');
    const attrs: [string, Attribute][] = [];
    if (p.c.eatPunct('[')) {
      attrs.push(['ownership', new StringAttr(p.c.expectIdent('store ownership qualifier'))]);
      p.c.expectPunct(']');
    }
    const at = p.c.tok;
    const dest = p.typedOperand();
    const t = silTypeOfValue(dest);
    if (t.kind !== 'address') p.c.error(`store: destination must have an address type, found $${t.sil}`, at);
    return { operands: [p.resolve(src, t.objectType), dest], attrs };
  },
  print: (op, p) => {
    const own = str(op, 'ownership');
    return ` ${p.value(op.operand(0))} to ${own ? `[${own}] ` : ''}${p.typed(op.operand(1))}`;
  },
};

/** `%callee<subs>(%args…) : $FnType`, shared by apply, partial_apply and try_apply (operands not resolved yet). */
export function parseCallHead(p: InstParser) {
  const callee = p.ref();
  const subs = substitutions(p.c);
  p.c.expectPunct('(', ' in SIL instruction');
  const args = listOf(p.c, () => p.ref());
  p.c.expectPunct(':', ' in SIL instruction');
  const at = p.c.tok;
  const fnType = p.type();
  return { callee, subs, args, at, fnType };
}

const apply: InstSyntax = {
  parse(p) {
    const { callee, subs, args, at, fnType } = parseCallHead(p);
    if (fnType.kind !== 'function') p.c.error(`apply: expected a SIL function type, found $${fnType.sil}`, at);
    const argTypes = applyArgumentTypes(fnType);
    if (argTypes.length !== args.length) {
      p.c.error(`apply: the function type takes ${argTypes.length} arguments, found ${args.length}`, at);
    }
    const operands = [p.resolve(callee, fnType), ...args.map((a, i) => p.resolve(a, argTypes[i]))];
    return { operands, results: [fnType.applyResultType], attrs: subs };
  },
  print: (op, p) => {
    const [callee, ...args] = op.operandValues();
    return ` ${p.value(callee!)}${str(op, 'substitutions') ?? ''}(${args.map((a) => p.value(a)).join(', ')}) : ${p.type(callee!.type)}`;
  },
};

/** Indirect conventions (`@in`, `@inout`, `@out`…) pass an address of the written type. */
export function isIndirect(param: SilFnParam): boolean {
  return param.attrs.some((a) => /^@(in|inout|out|in_guaranteed|in_constant|inout_aliasable|pack_\w+)$/.test(a));
}

/**
 * The types of an apply's arguments for callee type `fn`: the addresses of its indirect
 * (`@out`) results first, then one per parameter (an address for indirect conventions).
 */
export function applyArgumentTypes(fn: SilType): SilType[] {
  const at = (p: SilFnParam) => (isIndirect(p) && p.type.kind !== 'address' ? SilType.address(p.type) : p.type);
  return [...fn.results.filter((r) => r.attrs.includes('@out')).map(at), ...fn.params.map(at)];
}

// ---- terminators -----------------------------------------------------------------------------

const br: InstSyntax = {
  parse(p) {
    const b = p.block();
    return { operands: p.branchArgs(), successors: [b] };
  },
  print: (op, p) => ` ${p.branch(op.successors[0]!, op.operandValues())}`,
};

const condBr: InstSyntax = {
  parse(p) {
    const cond = p.resolve(p.ref(), INT1);
    p.comma();
    const t = p.block();
    const targs = p.branchArgs();
    p.comma();
    const f = p.block();
    const fargs = p.branchArgs();
    return { operands: [cond, ...targs, ...fargs], successors: [t, f], segments: [1, targs.length, fargs.length] };
  },
  print(op, p) {
    const br = op.def!.spec.branch!;
    return ` ${p.value(op.operand(0))}, ${p.branch(op.successors[0]!, br.successorOperands(op, 0))}, ${p.branch(op.successors[1]!, br.successorOperands(op, 1))}`;
  },
};

/** `, case #E.c!enumelt: bbN …[, default bbM]` after a switch's operand (switch_enum, switch_enum_addr). */
export function parseSwitchCases(p: InstParser, inst: string): { successors: Block[]; attrs: [string, Attribute][] } {
  const cases: Attribute[] = [];
  const successors: Block[] = [];
  let hasDefault = false;
  while (p.c.eatPunct(',')) {
    if (hasDefault) p.c.error(`default must be the last case of ${inst}`);
    if (p.c.eatIdent('default')) {
      successors.push(p.block());
      hasDefault = true;
      continue;
    }
    p.c.expectKeyword('case', ' in SIL instruction');
    cases.push(new StringAttr(p.declRef()));
    p.c.expectPunct(':', ' in SIL instruction');
    successors.push(p.block());
  }
  const attrs: [string, Attribute][] = [['cases', new ArrayAttr(cases)]];
  if (hasDefault) attrs.push(['has_default', UnitAttr.instance]);
  return { successors, attrs };
}

/** The printed form parseSwitchCases reads. */
export function printSwitchCases(op: Operation, p: InstPrinter): string {
  const cases = (op.getAttr('cases') as ArrayAttr).elements.map((c, i) => `, case #${(c as StringAttr).value}!enumelt: ${p.block(op.successors[i]!)}`);
  const def = op.getAttr('has_default') ? `, default ${p.block(op.successors[op.successors.length - 1]!)}` : '';
  return `${cases.join('')}${def}`;
}

const switchEnum: InstSyntax = {
  parse(p) {
    const v = p.typedOperand();
    return { operands: [v], ...parseSwitchCases(p, 'switch_enum') };
  },
  print: (op, p) => ` ${p.typed(op.operand(0))}${printSwitchCases(op, p)}`,
};

const checkedCastBr: InstSyntax = {
  parse(p) {
    const attrs: [string, Attribute][] = [];
    if (p.c.tok.kind !== 'value' && !p.c.isIdent('undef')) {
      attrs.push(['source_formal_type', new TypeAttr(p.formalType())]);
      p.c.expectKeyword('in', ' in SIL instruction');
    }
    const v = p.typedOperand();
    p.c.expectKeyword('to', ' in SIL instruction');
    let target: SilType;
    if (p.c.isPunct('$')) target = p.type();
    else {
      target = p.formalType();
      attrs.push(['formal_target', UnitAttr.instance]);
    }
    attrs.push(['target_type', new TypeAttr(target)]);
    p.comma();
    const success = p.block();
    p.comma();
    return { operands: [v], successors: [success, p.block()], attrs };
  },
  print(op, p) {
    const src = typeAttr(op, 'source_formal_type');
    const target = typeAttr(op, 'target_type')!;
    const to = op.getAttr('formal_target') ? target.sil : p.type(target);
    return ` ${src ? `${src.sil} in ` : ''}${p.typed(op.operand(0))} to ${to}, ${p.block(op.successors[0]!)}, ${p.block(op.successors[1]!)}`;
  },
};

const none: InstSyntax = { parse: () => ({}), print: () => '' };

/** The issue's instruction set; `sil-syntax-ext.ts` adds the rest and exports SIL_SYNTAX. */
export const CORE_SYNTAX: ReadonlyMap<string, InstSyntax> = new Map<string, InstSyntax>([
  ['strong_retain', unary()], ['strong_release', unary()], ['retain_value', unary()], ['release_value', unary()],
  ['copy_value', unary({ sameResult: true })], ['destroy_value', unary()], ['fix_lifetime', unary()],
  ['dealloc_stack', unary()], ['is_unique', unary({ result: INT1 })], ['return', unary()],
  ['upcast', cast()], ['unchecked_ref_cast', cast()], ['open_existential_ref', cast()], ['bridge_object_to_ref', cast()],
  ['convert_function', cast()], ['address_to_pointer', cast()], ['raw_pointer_to_ref', cast()],
  ['unconditional_checked_cast', cast(true)],
  ['init_existential_ref', initExistentialRef], ['ref_to_bridge_object', refToBridgeObject],
  ['struct', structInst], ['struct_extract', fieldAccess], ['tuple', tupleInst], ['tuple_extract', tupleExtract],
  ['enum', enumInst], ['unchecked_enum_data', enumData], ['mark_dependence', markDependence],
  ['integer_literal', integerLiteral], ['string_literal', stringLiteral], ['metatype', typeOnly()],
  ['function_ref', functionRef], ['builtin', builtinInst], ['cond_fail', condFail],
  ['alloc_stack', typeOnly(true)], ['alloc_ref', typeOnly()], ['load', load], ['store', store], ['apply', apply],
  ['br', br], ['cond_br', condBr], ['switch_enum', switchEnum], ['checked_cast_br', checkedCastBr], ['unreachable', none],
]);

export { nominalName };
