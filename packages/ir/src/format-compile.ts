/**
 * MLIR's declarative assembly format, compiled: the format string becomes a list
 * of elements once per op definition (format.ts parses with them, format-print.ts
 * prints with them).
 *
 *   format   ::= element*
 *   element  ::= `literal` | $var | directive | `(` element* `)` (`:` `(` element* `)`)? `?`
 *   directive::= attr-dict | attr-dict-with-keyword | prop-dict | type(arg) | qualified(arg)
 *              | functional-type(arg, arg) | operands | results | regions | successors
 *              | custom<Name>(arg, …)
 *
 * Spacing follows MLIR's generator: a space before every element unless the
 * previous literal was an opening bracket, and none before `)`, `]`, `,`, `>`…
 */
import type { Attribute } from './attributes.js';
import type { Operation } from './ir.js';
import type { AttrSpec, OpDef, ValueSpec } from './opdef.js';
import type { OperationState, Parser, UnresolvedOperand } from './parser.js';
import type { OpPrinter } from './printer.js';
import type { Type } from './types.js';

/** `pos`: a single group's position when every group of its kind is single (set by FormatPrinter), else -1. */
export type Target = { kind: 'operand' | 'result'; name: string; pos?: number } | { kind: 'operands' } | { kind: 'results' };

export type Elem =
  | { k: 'lit'; text: string }
  | { k: 'space'; text: ' ' | '' | '\n' }
  | { k: 'operand'; spec: ValueSpec }
  | { k: 'operands' }
  | { k: 'attr'; spec: AttrSpec }
  | { k: 'region'; name: string }
  | { k: 'regions' }
  | { k: 'successor'; name: string }
  | { k: 'successors' }
  | { k: 'type'; target: Target }
  | { k: 'functional'; inputs: Target; results: Target }
  | { k: 'attrdict'; keyword: boolean }
  | { k: 'propdict' }
  | { k: 'custom'; name: string; args: Elem[]; argNames: string[] }
  | { k: 'optional'; then: Elem[]; else: Elem[]; anchor: Elem; lead: number };

/**
 * Every element is made with all fields in one order: one object shape for all
 * kinds keeps the interpreter's reads of `e.k` and friends monomorphic.
 */
function mk<T extends Elem>(e: T): T {
  return Object.assign({
    k: undefined, text: undefined, spec: undefined, name: undefined, target: undefined, inputs: undefined, results: undefined,
    keyword: undefined, args: undefined, argNames: undefined, then: undefined, else: undefined, anchor: undefined,
    lead: 0, sp: false, pos: -1,
  }, e) as unknown as T;
}

/** How an attribute is written inside a format, when not as a plain attribute. */
export interface AttrSyntax {
  /** Parses the attribute; returns undefined (consuming nothing) when it is absent. */
  parse(p: Parser): Attribute | undefined;
  print(a: Attribute, p: OpPrinter): void;
}

/** Parse/print state a custom directive reads and writes. */
export interface DirectiveContext {
  operands(name: string): UnresolvedOperand[];
  setOperands(name: string, us: UnresolvedOperand[]): void;
  setTypes(name: string, types: Type[]): void;
  state: OperationState;
}

export interface CustomDirective {
  /** `args` are the directive's argument names (`$x` → 'x', `type($x)` → 'type:x'). */
  parse(p: Parser, ctx: DirectiveContext, args: string[]): void;
  print(op: Operation, p: OpPrinter, args: string[]): void;
  /** True when the directive's text starts here (for optional groups). */
  present?(p: Parser): boolean;
}

/** Custom directives by name (`custom<Name>`). */
export const customDirectives = new Map<string, CustomDirective>();

export function registerCustomDirective(name: string, d: CustomDirective): void {
  customDirectives.set(name, d);
}

export interface CompiledFormat {
  parse(p: Parser, state: OperationState): void;
  print(op: Operation, p: OpPrinter): void;
}

// ---- compiling the format string ----------------------------------------------------

class FormatLexer {
  i = 0;
  constructor(readonly s: string, readonly opName: string) {}
  fail(msg: string): never {
    throw new Error(`bad assembly format for ${this.opName}: ${msg} at ${this.i} in '${this.s}'`);
  }
  skipWs(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++;
  }
  peek(): string {
    this.skipWs();
    return this.s[this.i] ?? '';
  }
  eat(c: string): boolean {
    if (this.peek() !== c) return false;
    this.i++;
    return true;
  }
  expect(c: string): void {
    if (!this.eat(c)) this.fail(`expected '${c}'`);
  }
  ident(): string {
    this.skipWs();
    const m = /^[A-Za-z_][\w-]*/.exec(this.s.slice(this.i));
    if (!m) this.fail('expected identifier');
    this.i += m[0].length;
    return m[0];
  }
}

/** Compiles a format string into elements annotated with their spacing. */
export function compileElements(format: string, def: OpDef): Elem[] {
  const lx = new FormatLexer(format, def.name);
  const elems = compileElems(lx, def, false);
  if (lx.peek() !== '') lx.fail('unexpected text');
  annotateSpacing(elems, { space: true, punct: false });
  return elems;
}

/** Elements marked with `^` (the anchor of their optional group). */
const anchors = new WeakSet<Elem>();

function compileElems(lx: FormatLexer, def: OpDef, inGroup: boolean): Elem[] {
  const out: Elem[] = [];
  for (;;) {
    const c = lx.peek();
    if (c === '' || (inGroup && c === ')')) return out;
    const e = compileElem(lx, def);
    if (lx.eat('^')) anchors.add(e);
    out.push(e);
  }
}

function compileElem(lx: FormatLexer, def: OpDef): Elem {
  const c = lx.peek();
  if (c === '`') {
    lx.i++;
    const end = lx.s.indexOf('`', lx.i);
    const text = lx.s.slice(lx.i, end).replace(/\\n/, '\n');
    lx.i = end + 1;
    if (text === '' || text === ' ' || text === '\n') return mk({ k: 'space', text });
    return mk({ k: 'lit', text });
  }
  if (c === '$') {
    lx.i++;
    return resolveVar(lx.ident(), def, lx);
  }
  if (c === '(') {
    lx.i++;
    const then = compileElems(lx, def, true);
    lx.expect(')');
    let els: Elem[] = [];
    if (lx.eat(':')) {
      lx.expect('(');
      els = compileElems(lx, def, true);
      lx.expect(')');
    }
    lx.expect('?');
    // Spacing elements (`` ` ` ``) decide nothing: the group starts at its first real element.
    const lead = Math.max(0, then.findIndex((x) => x.k !== 'space'));
    return mk({ k: 'optional', then, else: els, anchor: findAnchor(then, lx), lead });
  }
  const word = lx.ident();
  switch (word) {
    case 'attr-dict': return mk({ k: 'attrdict', keyword: false });
    case 'attr-dict-with-keyword': return mk({ k: 'attrdict', keyword: true });
    case 'prop-dict': return mk({ k: 'propdict' });
    case 'operands': return mk({ k: 'operands' });
    case 'regions': return mk({ k: 'regions' });
    case 'successors': return mk({ k: 'successors' });
    case 'type': {
      lx.expect('(');
      const t = compileTarget(lx, def);
      lx.expect(')');
      return mk({ k: 'type', target: t });
    }
    case 'qualified': {
      lx.expect('(');
      const inner = compileElem(lx, def);
      lx.expect(')');
      return inner;
    }
    case 'functional-type': {
      lx.expect('(');
      const inputs = compileTarget(lx, def);
      lx.expect(',');
      const results = compileTarget(lx, def);
      lx.expect(')');
      return mk({ k: 'functional', inputs, results });
    }
    case 'custom': {
      lx.expect('<');
      const name = lx.ident();
      lx.expect('>');
      lx.expect('(');
      const args: Elem[] = [];
      if (!lx.eat(')')) {
        do args.push(compileElem(lx, def)); while (lx.eat(','));
        lx.expect(')');
      }
      return mk({ k: 'custom', name, args, argNames: args.map(argName) });
    }
  }
  return lx.fail(`unknown directive '${word}'`);
}

function compileTarget(lx: FormatLexer, def: OpDef): Target {
  if (lx.eat('$')) {
    const name = lx.ident();
    if ((def.spec.operands ?? []).some((o) => o.name === name)) return { kind: 'operand', name };
    if ((def.spec.results ?? []).some((o) => o.name === name)) return { kind: 'result', name };
    return lx.fail(`'${name}' is not an operand or result`);
  }
  const w = lx.ident();
  if (w === 'operands') return { kind: 'operands' };
  if (w === 'results') return { kind: 'results' };
  return lx.fail(`bad type target '${w}'`);
}

function resolveVar(name: string, def: OpDef, lx: FormatLexer): Elem {
  const s = def.spec;
  const operand = (s.operands ?? []).find((o) => o.name === name);
  if (operand) return mk({ k: 'operand', spec: operand });
  const attr = (s.attributes ?? []).find((a) => a.name === name);
  if (attr) return mk({ k: 'attr', spec: attr });
  if ((s.regions ?? []).some((r) => r.name === name)) return mk({ k: 'region', name });
  if ((s.successors ?? []).some((r) => r.name === name)) return mk({ k: 'successor', name });
  return lx.fail(`unknown variable '$${name}'`);
}

function findAnchor(elems: Elem[], lx: FormatLexer): Elem {
  const anchor = elems.find((e) => anchors.has(e)) ?? elems.find((e) => e.k === 'operand' || e.k === 'attr' ||
    e.k === 'region' || e.k === 'type' || e.k === 'successor' || e.k === 'custom' || e.k === 'operands');
  if (!anchor) return lx.fail('optional group without an anchor');
  return anchor;
}

/**
 * Per element, decided once per definition: an operand's position when every
 * operand group holds one value (what OpDef.singleOperandPosition finds by
 * name per printed op), a region's or successor's index.
 */
export const elemPos = {
  set(e: Elem, v: number): void { (e as { pos?: number }).pos = v; },
  get(e: Elem): number { return (e as { pos?: number }).pos ?? -1; },
};

/** Whether a space goes before each element (MLIR's rules, decided statically). */
export const spaceBefore = {
  set(e: Elem, v: boolean): void { (e as { sp?: boolean }).sp = v; },
  get(e: Elem): boolean { return (e as { sp?: boolean }).sp === true; },
};

function annotateSpacing(elems: Elem[], st: { space: boolean; punct: boolean }): void {
  for (const e of elems) {
    if (e.k === 'lit') {
      const v = e.text;
      let sp: boolean;
      if (v.length !== 1 && v !== '->') sp = true;
      else if (st.punct) sp = !'>)}],'.includes(v[0]!);
      else sp = !'<>(){}[],'.includes(v[0]!);
      spaceBefore.set(e, st.space && sp);
      st.space = v.length !== 1 || !'<({['.includes(v[0]!);
      st.punct = v[0] !== '_' && !/[A-Za-z]/.test(v[0]!);
    } else if (e.k === 'space') {
      if (e.text === ' ') st.punct = false;
      else if (e.text === '') st.punct = true;
      st.space = false;
    } else if (e.k === 'optional') {
      annotateSpacing(e.then, st);
      if (e.else.length) annotateSpacing(e.else, st);
    } else {
      spaceBefore.set(e, st.space && e.k !== 'attrdict');
      st.punct = false;
      st.space = true;
    }
  }
}

export function argName(e: Elem): string {
  switch (e.k) {
    case 'operand': return e.spec.name;
    case 'attr': return e.spec.name;
    case 'region': return e.name;
    case 'successor': return e.name;
    case 'type': return 'type:' + (e.target.kind === 'operand' || e.target.kind === 'result' ? e.target.name : e.target.kind);
    default: return e.k;
  }
}
