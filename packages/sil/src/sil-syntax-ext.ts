/**
 * The text form of the instructions beyond the issue's list that Swift's RC-identity and ARC
 * tests use (docs/SIL.rst): closures and boxes, address projections and accesses, unowned
 * references, more casts, enum addresses, `try_apply` / `throw`. Same table shape as
 * `sil-syntax.ts`; `SIL_SYNTAX` is the union the parser and printer use.
 *
 * (1) `partial_apply [callee_guaranteed]? [on_stack]? %f<subs>(%a…) : $F` applies the LAST
 *     arguments' worth of F's parameters; its result is a thick closure of the remaining
 *     parameters: `@callee_guaranteed` (or `@callee_owned`), `@noescape` when on_stack.
 * (2) `try_apply %f(%a…) : $F, normal bbN, error bbE`: bbN's argument is the direct result,
 *     bbE's the `@error` result; both are produced by the terminator.
 * (3) Address projections name their field (`#S.x`, `#C.f`, `#E.some!enumelt`) or index.
 */
import { ArrayAttr, IntegerAttr, IntegerType, StringAttr, SymbolRefAttr, TypeAttr, UnitAttr, type Attribute, type Operation } from '@lifeline/ir';
import {
  CORE_SYNTAX, applyArgumentTypes, cast, listOf, parseCallHead, parseSwitchCases, printSwitchCases, resultType, silTypeOfValue, str,
  typeAttr, unary, type InstParser, type InstPrinter, type InstSyntax,
} from './sil-syntax.js';
import { boxFieldType } from './sil-type-info.js';
import { SilType } from './sil-types.js';

const i64 = (n: number) => new IntegerAttr(n, IntegerType.get(64));
const intAttr = (op: Operation, name: string) => Number((op.getAttr(name) as IntegerAttr).value);

function expectAddress(p: InstParser, inst: string): ReturnType<InstParser['typedOperand']> {
  const at = p.c.tok;
  const v = p.typedOperand();
  if (silTypeOfValue(v).kind !== 'address') p.c.error(`${inst}: operand must have an address type, found $${silTypeOfValue(v).sil}`, at);
  return v;
}

/** `[word]` after an operand keyword (`to [init]`, `to [strict]`), kept as the attribute `name`. */
function bracketWord(p: InstParser, name: string): [string, Attribute][] {
  if (!p.c.eatPunct('[')) return [];
  const w = p.c.expectIdent('qualifier');
  p.c.expectPunct(']');
  return [[name, new StringAttr(w)]];
}
const printWord = (op: Operation, name: string) => (str(op, name) ? `[${str(op, name)}] ` : '');

/** (1) */
const partialApply: InstSyntax = {
  parse(p) {
    const { callee, subs, args, at, fnType } = parseCallHead(p);
    if (fnType.kind !== 'function') {
      // A generic callee type stays verbatim: the closure's type is not derived.
      const operands = [p.resolve(callee, fnType), ...args.map((a) => p.resolve(a, undefined))];
      return { operands, results: [SilType.verbatim('@callee_guaranteed () -> ()')], attrs: [...subs, ['callee_type', new TypeAttr(fnType)]] };
    }
    const argTypes = applyArgumentTypes(fnType);
    if (args.length > argTypes.length) p.c.error(`partial_apply: the function type takes ${argTypes.length} arguments, found ${args.length}`, at);
    const applied = argTypes.slice(argTypes.length - args.length);
    const operands = [p.resolve(callee, fnType), ...args.map((a, i) => p.resolve(a, applied[i]))];
    return { operands, results: [closureType(p, fnType, args.length)], attrs: [...subs, ['callee_type', new TypeAttr(fnType)]] };
  },
  print(op, p) {
    const [callee, ...args] = op.operandValues();
    return ` ${p.value(callee!)}${str(op, 'substitutions') ?? ''}(${args.map((a) => p.value(a)).join(', ')}) : ${p.type(typeAttr(op, 'callee_type')!)}`;
  },
};

function closureType(p: InstParser, fn: SilType, applied: number): SilType {
  const flags = p.flags;
  const attrs = [flags.includes('callee_guaranteed') ? '@callee_guaranteed' : '@callee_owned'];
  if (flags.includes('on_stack')) attrs.push('@noescape');
  return SilType.function(attrs, fn.params.slice(0, fn.params.length - applied), fn.results, fn.parenResults);
}

/** (2) */
const tryApply: InstSyntax = {
  parse(p) {
    const { callee, subs, args, at, fnType } = parseCallHead(p);
    const argTypes = fnType.kind === 'function' ? applyArgumentTypes(fnType) : undefined;
    if (argTypes && argTypes.length !== args.length) p.c.error(`try_apply: the function type takes ${argTypes.length} arguments, found ${args.length}`, at);
    const operands = [p.resolve(callee, fnType), ...args.map((a, i) => p.resolve(a, argTypes?.[i]))];
    p.comma();
    p.c.expectKeyword('normal', ' in SIL instruction');
    const normal = p.block();
    p.comma();
    p.c.expectKeyword('error', ' in SIL instruction');
    return { operands, successors: [normal, p.block()], attrs: [...subs] };
  },
  print(op, p) {
    const [callee, ...args] = op.operandValues();
    return ` ${p.value(callee!)}${str(op, 'substitutions') ?? ''}(${args.map((a) => p.value(a)).join(', ')}) : ${p.type(callee!.type)}, normal ${p.block(op.successors[0]!)}, error ${p.block(op.successors[1]!)}`;
  },
};

const allocBox: InstSyntax = {
  parse(p) {
    const at = p.c.tok;
    const t = p.type();
    // `alloc_box $T` (not a box type) allocates `{ var T }`.
    if (t.kind !== 'box' && t.kind !== 'verbatim') return { results: [SilType.box([], [{ attrs: ['var'], type: t }], [])] };
    if (t.kind === 'verbatim') p.c.error(`alloc_box: expected a box type, found $${t.sil}`, at);
    return { results: [t] };
  },
  print: (op, p) => ` ${p.type(resultType(op))}`,
};

const projectBox: InstSyntax = {
  parse(p) {
    const at = p.c.tok;
    const v = p.typedOperand();
    const i = p.c.eatPunct(',') ? Number(p.c.expectInt('box field index')) : 0;
    const field = boxFieldType(silTypeOfValue(v), i);
    if (!field) return p.c.error(`project_box: $${silTypeOfValue(v).sil} has no field ${i}`, at);
    return { operands: [v], results: [SilType.address(field)], attrs: [['index', i64(i)]] };
  },
  print: (op, p) => ` ${p.typed(op.operand(0))}, ${intAttr(op, 'index')}`,
};

/** `%0 : $T, #T.f` → the address of field f (struct_element_addr on `*S`, ref_element_addr on a class). */
function fieldAddr(inst: string, onAddress: boolean): InstSyntax {
  return {
    parse(p) {
      const v = onAddress ? expectAddress(p, inst) : p.typedOperand();
      p.comma();
      const at = p.c.tok;
      const ref = p.declRef();
      const name = ref.slice(ref.lastIndexOf('.') + 1);
      const t = silTypeOfValue(v).objectType;
      const fields = onAddress ? p.info.structFields(t) : p.info.classFields(t);
      const field = fields?.find((f) => f.name === name);
      if (!field) return p.c.error(`${inst}: type $${t.sil} has no field '${name}'`, at);
      return { operands: [v], results: [SilType.address(field.type)], attrs: [['field', new StringAttr(ref)]] };
    },
    print: (op, p) => ` ${p.typed(op.operand(0))}, #${str(op, 'field')}`,
  };
}

const tupleElementAddr: InstSyntax = {
  parse(p) {
    const v = expectAddress(p, 'tuple_element_addr');
    p.comma();
    const at = p.c.tok;
    const i = Number(p.c.expectInt('tuple element index'));
    const elems = p.info.tupleElements(silTypeOfValue(v).objectType);
    if (!elems || i < 0 || i >= elems.length) return p.c.error(`tuple_element_addr: no element ${i} in $${silTypeOfValue(v).sil}`, at);
    return { operands: [v], results: [SilType.address(elems[i]!)], attrs: [['index', i64(i)]] };
  },
  print: (op, p) => ` ${p.typed(op.operand(0))}, ${intAttr(op, 'index')}`,
};

/** `%0 : $*E, #E.c!enumelt` with the payload's address as result (`withResult`) or none. */
function enumAddr(inst: string, withResult: boolean): InstSyntax {
  return {
    parse(p) {
      const v = expectAddress(p, inst);
      p.comma();
      const at = p.c.tok;
      const ref = p.declRef();
      const name = ref.slice(ref.lastIndexOf('.') + 1);
      const c = p.info.enumCases(silTypeOfValue(v).objectType)?.find((k) => k.name === name);
      if (!c) return p.c.error(`${inst}: type $${silTypeOfValue(v).sil} has no case '${name}'`, at);
      if (withResult && !c.payload) return p.c.error(`${inst}: case '${name}' has no payload`, at);
      return { operands: [v], results: withResult ? [SilType.address(c.payload!)] : [], attrs: [['case', new StringAttr(ref)]] };
    },
    print: (op, p) => ` ${p.typed(op.operand(0))}, #${str(op, 'case')}!enumelt`,
  };
}

/** `@g : $*T` (global_addr) or `@g` (alloc_global). */
function globalRef(typed: boolean): InstSyntax {
  return {
    parse(p) {
      if (p.c.tok.kind !== 'symbol') p.c.error('expected SIL global name');
      const name = p.c.next().text;
      if (!typed) return { attrs: [['global', new SymbolRefAttr(name)]] };
      p.c.expectPunct(':', ' in SIL instruction');
      return { results: [p.type()], attrs: [['global', new SymbolRefAttr(name)]] };
    },
    print: (op, p) => ` @${(op.getAttr('global') as SymbolRefAttr).root}${op.results.length ? ` : ${p.type(resultType(op))}` : ''}`,
  };
}

/** `copy_addr [take]? %src to [init]? %dest : $*T` (one type for both addresses). */
const copyAddr: InstSyntax = {
  parse(p) {
    const src = p.ref();
    p.c.expectKeyword('to', ' in SIL instruction');
    const attrs = bracketWord(p, 'dest_init');
    const dest = p.ref();
    p.c.expectPunct(':', ' in SIL instruction');
    const at = p.c.tok;
    const t = p.type();
    if (t.kind !== 'address') p.c.error(`copy_addr: expected an address type, found $${t.sil}`, at);
    return { operands: [p.resolve(src, t), p.resolve(dest, t)], attrs };
  },
  print: (op, p) => ` ${p.value(op.operand(0))} to ${printWord(op, 'dest_init')}${p.typed(op.operand(1))}`,
};

const pointerToAddress: InstSyntax = {
  parse(p) {
    const v = p.typedOperand();
    p.c.expectKeyword('to', ' in SIL instruction');
    const attrs: [string, Attribute][] = [];
    const words: Attribute[] = [];
    while (p.c.eatPunct('[')) {
      let w = p.c.expectIdent('qualifier');
      if (p.c.eatPunct('=')) w += '=' + p.c.next().text;
      words.push(new StringAttr(w));
      p.c.expectPunct(']');
    }
    if (words.length) attrs.push(['to_flags', new ArrayAttr(words)]);
    return { operands: [v], results: [p.type()], attrs };
  },
  print(op, p) {
    const words = (op.getAttr('to_flags') as ArrayAttr | undefined)?.elements.map((w) => `[${(w as StringAttr).value}] `).join('') ?? '';
    return ` ${p.typed(op.operand(0))} to ${words}${p.type(resultType(op))}`;
  },
};

/** `select_enum %0 : $E, case #E.a!enumelt: %1, default %2 : $T` */
const selectEnum: InstSyntax = {
  parse(p) {
    const v = p.typedOperand();
    const cases: Attribute[] = [];
    const refs = [];
    let hasDefault = false;
    while (p.c.eatPunct(',')) {
      if (p.c.eatIdent('default')) {
        refs.push(p.ref());
        hasDefault = true;
        break;
      }
      p.c.expectKeyword('case', ' in SIL instruction');
      cases.push(new StringAttr(p.declRef()));
      p.c.expectPunct(':', ' in SIL instruction');
      refs.push(p.ref());
    }
    p.c.expectPunct(':', ' in SIL instruction');
    const t = p.type();
    const attrs: [string, Attribute][] = [['cases', new ArrayAttr(cases)]];
    if (hasDefault) attrs.push(['has_default', UnitAttr.instance]);
    return { operands: [v, ...refs.map((r) => p.resolve(r, t))], results: [t], attrs };
  },
  print(op, p) {
    const vals = op.operandValues().slice(1);
    const cases = (op.getAttr('cases') as ArrayAttr).elements.map((c, i) => `, case #${(c as StringAttr).value}!enumelt: ${p.value(vals[i]!)}`);
    const def = op.getAttr('has_default') ? `, default ${p.value(vals[vals.length - 1]!)}` : '';
    return ` ${p.typed(op.operand(0))}${cases.join('')}${def} : ${p.type(resultType(op))}`;
  },
};

const switchEnumAddr: InstSyntax = {
  parse(p) {
    const v = expectAddress(p, 'switch_enum_addr');
    return { operands: [v], ...parseSwitchCases(p, 'switch_enum_addr') };
  },
  print: (op, p) => ` ${p.typed(op.operand(0))}${printSwitchCases(op, p)}`,
};

const beginAccess: InstSyntax = {
  parse(p) {
    const v = expectAddress(p, 'begin_access');
    return { operands: [v], results: [silTypeOfValue(v)] };
  },
  print: (op, p) => ` ${p.typed(op.operand(0))}`,
};

export const EXT_SYNTAX: ReadonlyMap<string, InstSyntax> = new Map<string, InstSyntax>([
  ['partial_apply', partialApply], ['try_apply', tryApply], ['throw', unary()],
  ['alloc_box', allocBox], ['project_box', projectBox], ['dealloc_box', unary()],
  ['ref_element_addr', fieldAddr('ref_element_addr', false)], ['struct_element_addr', fieldAddr('struct_element_addr', true)],
  ['tuple_element_addr', tupleElementAddr], ['global_addr', globalRef(true)], ['alloc_global', globalRef(false)],
  ['begin_access', beginAccess], ['end_access', unary()], ['copy_addr', copyAddr], ['destroy_addr', unary()],
  ['strong_retain_unowned', unary()], ['unowned_retain', unary()], ['unowned_release', unary()],
  ['autorelease_value', unary()], ['dealloc_ref', unary()],
  ['ref_to_unowned', cast()], ['unowned_to_ref', cast()], ['ref_to_raw_pointer', cast()], ['unchecked_addr_cast', cast()],
  ['unchecked_trivial_bitcast', cast()], ['unchecked_bitwise_cast', cast()],
  ['pointer_to_address', pointerToAddress],
  ['select_enum', selectEnum], ['switch_enum_addr', switchEnumAddr],
  ['unchecked_take_enum_data_addr', enumAddr('unchecked_take_enum_data_addr', true)],
  ['init_enum_data_addr', enumAddr('init_enum_data_addr', true)], ['inject_enum_addr', enumAddr('inject_enum_addr', false)],
]);

export const SIL_SYNTAX: ReadonlyMap<string, InstSyntax> = new Map<string, InstSyntax>([...CORE_SYNTAX, ...EXT_SYNTAX]);
