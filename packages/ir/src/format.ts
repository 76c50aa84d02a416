/**
 * MLIR's declarative assembly format, interpreted (MLIR generates C++ from it;
 * we compile the format string once into elements and walk them to parse or print).
 *
 *   format   ::= element*
 *   element  ::= `literal` | $var | directive | `(` element* `)` (`:` `(` element* `)`)? `?`
 *   directive::= attr-dict | attr-dict-with-keyword | prop-dict | type(arg) | qualified(arg)
 *              | functional-type(arg, arg) | operands | results | regions | successors
 *              | custom<Name>(arg, …)
 *
 * Spacing follows MLIR's generator: a space before every element unless the
 * previous literal was an opening bracket, and none before `)`, `]`, `,`, `>`…
 * Types the format does not spell are inferred from `ValueSpec.infer` or the
 * SameOperandsAndResultType trait.
 */
import type { Attribute } from './attributes.js';
import { DiagnosticError } from './diagnostics.js';
import { Block, Operation, Region, type Value } from './ir.js';
import { Tok } from './lexer.js';
import type { AttrSpec, InferContext, OpDef, ValueSpec } from './opdef.js';
import type { OperationState, Parser, UnresolvedOperand } from './parser.js';
import type { OpPrinter } from './printer.js';
import type { Type } from './types.js';

/** `pos`: a single group's position when every group of its kind is single (see `positions`), else -1. */
type Target = { kind: 'operand' | 'result'; name: string; pos?: number } | { kind: 'operands' } | { kind: 'results' };

type Elem =
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

const customDirectives = new Map<string, CustomDirective>();

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

export function compileFormat(format: string, def: OpDef): CompiledFormat {
  const lx = new FormatLexer(format, def.name);
  const elems = compileElems(lx, def, false);
  if (lx.peek() !== '') lx.fail('unexpected text');
  annotateSpacing(elems, { space: true, punct: false });
  return new FormatInterpreter(def, elems);
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
const elemPos = {
  set(e: Elem, v: number): void { (e as { pos?: number }).pos = v; },
  get(e: Elem): number { return (e as { pos?: number }).pos ?? -1; },
};

/** Whether a space goes before each element (MLIR's rules, decided statically). */
const spaceBefore = {
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

// ---- the interpreter ------------------------------------------------------------------

const PUNCT: Record<string, Tok> = {
  '(': Tok.LParen, ')': Tok.RParen, '[': Tok.LSquare, ']': Tok.RSquare, '{': Tok.LBrace, '}': Tok.RBrace,
  '<': Tok.Less, '>': Tok.Greater, ',': Tok.Comma, ':': Tok.Colon, '::': Tok.ColonColon, '=': Tok.Equal,
  '->': Tok.Arrow, '?': Tok.Question, '*': Tok.Star, '+': Tok.Plus, '-': Tok.Minus, '...': Tok.Ellipsis, '|': Tok.Vertical,
};

const NO_REGIONS_MAP: ReadonlyMap<string, Region[]> = new Map();
const NO_SUCCESSORS_MAP: ReadonlyMap<string, Block[]> = new Map();

/**
 * Values per operand/result group of the op being parsed, by group name. A
 * definition has a handful of groups, so searching its fixed name list is
 * cheaper than making a Map per op; other names (from custom directives) go
 * to a Map made on first use.
 */
class GroupTable<V> {
  private readonly slots: (V | undefined)[];
  private extra: Map<string, V> | undefined;
  size = 0;
  constructor(private readonly names: readonly string[]) {
    this.slots = new Array<V | undefined>(names.length);
  }
  get(name: string): V | undefined {
    const i = this.names.indexOf(name);
    return i >= 0 ? this.slots[i] : this.extra?.get(name);
  }
  has(name: string): boolean {
    return this.get(name) !== undefined;
  }
  set(name: string, v: V): void {
    const i = this.names.indexOf(name);
    if (i >= 0) {
      if (this.slots[i] === undefined) this.size++;
      this.slots[i] = v;
      return;
    }
    this.extra ??= new Map();
    if (!this.extra.has(name)) this.size++;
    this.extra.set(name, v);
  }
}

const NO_OPERANDS: readonly UnresolvedOperand[] = Object.freeze([]);

class ParseCtx implements DirectiveContext {
  readonly operandRefs: GroupTable<UnresolvedOperand[]>;
  readonly types: GroupTable<Type[]>;
  // Most ops have no regions or successors; those maps are made when first written.
  regions = NO_REGIONS_MAP as Map<string, Region[]>;
  successors = NO_SUCCESSORS_MAP as Map<string, Block[]>;
  setRegions(name: string, rs: Region[]): void {
    if (this.regions === NO_REGIONS_MAP) this.regions = new Map();
    this.regions.set(name, rs);
  }
  setSuccessors(name: string, bs: Block[]): void {
    if (this.successors === NO_SUCCESSORS_MAP) this.successors = new Map();
    this.successors.set(name, bs);
  }
  allOperandTypes?: Type[];
  allResultTypes?: Type[];
  allOperands?: UnresolvedOperand[];
  allRegions?: Region[];
  constructor(readonly state: OperationState, groupNames: readonly string[]) {
    this.operandRefs = new GroupTable(groupNames);
    this.types = new GroupTable(groupNames);
  }
  operands(name: string): UnresolvedOperand[] { return this.operandRefs.get(name) ?? (NO_OPERANDS as UnresolvedOperand[]); }
  setOperands(name: string, us: UnresolvedOperand[]): void { this.operandRefs.set(name, us); }
  setTypes(name: string, types: Type[]): void { this.types.set(name, types); }
}

class FormatInterpreter implements CompiledFormat {
  private readonly usedAttrs: Set<string>;
  /** Operand and result groups, and which are results (for type inference). */
  private readonly groups: ValueSpec[];
  private readonly groupNames: string[];
  private readonly resultNames: Set<string>;
  private readonly sameType: boolean;
  private readonly operandSegments: boolean;
  private readonly resultSegments: boolean;
  /** Attributes stored with their default value when the text leaves them out. */
  private readonly defaulted: AttrSpec[];
  /** Names attr-dict leaves out: spelled by the format, or segment sizes. */
  private readonly elided: Set<string>;
  /** Values attr-dict hides: defaults and elided defaults, by attribute name. */
  private readonly hidden: Map<string, Attribute>;
  constructor(readonly def: OpDef, readonly elems: Elem[]) {
    this.groups = [...(def.spec.operands ?? []), ...(def.spec.results ?? [])];
    this.groupNames = this.groups.map((g) => g.name);
    this.sameType = def.has('SameOperandsAndResultType');
    this.resultNames = new Set((def.spec.results ?? []).map((r) => r.name));
    this.usedAttrs = new Set();
    const visit = (es: Elem[]) => {
      for (const e of es) {
        if (e.k === 'attr') this.usedAttrs.add(e.spec.name);
        else if (e.k === 'optional') { visit(e.then); visit(e.else); }
        else if (e.k === 'custom') visit(e.args);
      }
    };
    visit(elems);
    this.positions(elems);
    this.operandSegments = def.has('AttrSizedOperandSegments');
    this.resultSegments = def.has('AttrSizedResultSegments');
    this.defaulted = (def.spec.attributes ?? []).filter((a) => a.default);
    this.elided = new Set([...this.usedAttrs, 'operandSegmentSizes', 'resultSegmentSizes']);
    this.hidden = new Map();
    const seen = new Set<string>();
    for (const a of def.spec.attributes ?? []) {
      // The first spec of a name decides, as a lookup by name would.
      if (seen.has(a.name)) continue;
      seen.add(a.name);
      const hidden = a.default ?? a.elidedDefault;
      if (hidden) this.hidden.set(a.name, hidden);
    }
  }

  private positions(elems: Elem[]): void {
    const s = this.def.spec;
    const allSingle = (specs: readonly ValueSpec[] | undefined) => (specs ?? []).every((v) => (v.arity ?? 'single') === 'single');
    const singleOps = allSingle(s.operands);
    const singleRes = allSingle(s.results);
    this.numOperandSpecs = (s.operands ?? []).length;
    this.numResultSpecs = (s.results ?? []).length;
    const index = (list: readonly { name: string }[] | undefined, name: string) => (list ?? []).findIndex((x) => x.name === name);
    const target = (t: Target) => {
      if (t.kind === 'operand') t.pos = singleOps ? index(s.operands, t.name) : -1;
      else if (t.kind === 'result') t.pos = singleRes ? index(s.results, t.name) : -1;
    };
    for (const e of elems) {
      switch (e.k) {
        case 'operand': elemPos.set(e, singleOps ? index(s.operands, e.spec.name) : -1); break;
        case 'region': elemPos.set(e, index(s.regions, e.name)); break;
        case 'successor': elemPos.set(e, index(s.successors, e.name)); break;
        case 'type': target(e.target); break;
        case 'functional': target(e.inputs); target(e.results); break;
        case 'optional': this.positions(e.then); this.positions(e.else); break;
        case 'custom': this.positions(e.args); break;
      }
    }
  }
  private numOperandSpecs = 0;
  private numResultSpecs = 0;

  // ---- parse ----

  parse(p: Parser, state: OperationState): void {
    const ctx = new ParseCtx(state, this.groupNames);
    this.parseElems(p, ctx, this.elems);
    this.finish(p, ctx);
  }

  private parseElems(p: Parser, ctx: ParseCtx, elems: Elem[], from = 0): void {
    for (let i = from; i < elems.length; i++) this.parseElem(p, ctx, elems[i]!);
  }

  private parseLiteral(p: Parser, text: string, optional: boolean): boolean {
    const tok = PUNCT[text];
    if (tok !== undefined) {
      if (p.tok === tok) {
        p.consume();
        return true;
      }
      if (optional) return false;
      return p.error(`expected '${text}'`);
    }
    if (p.parseOptionalKeyword(text)) return true;
    if (optional) return false;
    return p.error(`expected '${text}'`);
  }

  private parseElem(p: Parser, ctx: ParseCtx, e: Elem): void {
    switch (e.k) {
      case 'lit': this.parseLiteral(p, e.text, false); return;
      case 'space': return;
      case 'operand': {
        const arity = e.spec.arity ?? 'single';
        if (arity === 'single') ctx.setOperands(e.spec.name, [p.parseOperand()]);
        else if (arity === 'optional') {
          const u = p.parseOptionalOperand();
          ctx.setOperands(e.spec.name, u ? [u] : []);
        } else ctx.setOperands(e.spec.name, p.parseOperandList());
        return;
      }
      case 'operands': ctx.allOperands = p.parseOperandList(); return;
      case 'attr': {
        const a = this.parseAttr(p, e.spec, false);
        if (a) ctx.state.addAttr(e.spec.name, a);
        return;
      }
      case 'region': {
        const isolated = this.def.has('IsolatedFromAbove');
        const r = p.parseRegion(new Region(), [], isolated, this.def.spec.defaultDialect);
        this.ensureTerminator(p, r);
        ctx.setRegions(e.name, [r]);
        return;
      }
      case 'regions': {
        const rs: Region[] = [];
        while (p.atRegion()) {
          rs.push(p.parseRegion(new Region(), [], this.def.has('IsolatedFromAbove'), this.def.spec.defaultDialect));
          if (!p.consumeIf(Tok.Comma)) break;
        }
        ctx.allRegions = rs;
        return;
      }
      case 'successor': ctx.setSuccessors(e.name, [p.parseSuccessor()]); return;
      case 'successors': {
        const bs: Block[] = [];
        if (p.tok === Tok.CaretId) do bs.push(p.parseSuccessor()); while (p.consumeIf(Tok.Comma));
        ctx.state.successors = bs;
        return;
      }
      case 'type': this.parseTypeTarget(p, ctx, e.target); return;
      case 'functional': {
        const inputs = p.parseParenTypeList();
        p.expect(Tok.Arrow, "expected '->'");
        const results = p.parseFunctionResultTypes();
        this.assignTypes(ctx, e.inputs, inputs);
        this.assignTypes(ctx, e.results, results);
        return;
      }
      case 'attrdict':
        if (e.keyword) p.parseOptionalAttrDictWithKeyword(ctx.state);
        else p.parseOptionalAttrDict(ctx.state);
        return;
      case 'propdict': p.parseOptionalProperties(ctx.state); return;
      case 'custom': {
        const d = customDirectives.get(e.name);
        if (!d) throw new Error(`unknown custom directive '${e.name}' in ${this.def.name}`);
        d.parse(p, ctx, e.argNames);
        return;
      }
      case 'optional': {
        const first = this.parseGroupStart(p, ctx, e.then[e.lead]!);
        if (first === 'absent') this.parseElems(p, ctx, e.else);
        else this.parseElems(p, ctx, e.then, first === 'consumed' ? e.lead + 1 : e.lead);
      }
    }
  }

  /**
   * Decides whether an optional group is present by its first element, as MLIR
   * does. Literals and attributes are consumed while deciding.
   */
  private parseGroupStart(p: Parser, ctx: ParseCtx, first: Elem): 'absent' | 'present' | 'consumed' {
    const yes = (b: boolean) => (b ? 'present' : 'absent');
    switch (first.k) {
      case 'lit': return this.parseLiteral(p, first.text, true) ? 'consumed' : 'absent';
      case 'operand': case 'operands': return yes(p.atOperand());
      case 'region': case 'regions': return yes(p.atRegion());
      case 'type': case 'functional': return yes(p.atType());
      case 'successor': case 'successors': return yes(p.tok === Tok.CaretId);
      case 'attrdict': return yes(p.tok === Tok.LBrace);
      case 'custom': return yes(customDirectives.get(first.name)?.present?.(p) ?? false);
      case 'attr': {
        const a = this.parseAttr(p, first.spec, true);
        if (!a) return 'absent';
        ctx.state.addAttr(first.spec.name, a);
        return 'consumed';
      }
    }
    return 'absent';
  }

  private parseAttr(p: Parser, spec: AttrSpec, optional: boolean): Attribute | undefined {
    const syntax = spec.syntax;
    if (syntax) {
      const a = syntax.parse(p);
      if (!a && !optional) p.error(`expected attribute value for '${spec.name}'`);
      return a;
    }
    if (optional && !atAttribute(p)) return undefined;
    return p.parseAttribute();
  }

  private parseTypeTarget(p: Parser, ctx: ParseCtx, t: Target): void {
    if (t.kind === 'operands' || t.kind === 'results') {
      const types = p.atType() ? p.parseTypeList() : [];
      this.assignTypes(ctx, t, types);
      return;
    }
    const specs = t.kind === 'operand' ? this.def.spec.operands : this.def.spec.results;
    const spec = specs!.find((s) => s.name === t.name)!;
    const arity = spec.arity ?? 'single';
    const start = p.offset;
    let types: Type[];
    if (arity === 'single') types = [p.parseType()];
    else if (arity === 'optional') types = p.atType() ? [p.parseType()] : [];
    else types = p.atType() ? p.parseTypeList() : [];
    if (spec.typeKind && !types.every(spec.typeKind)) {
      p.error(`custom op '${this.def.name}' invalid kind of type specified`, start);
    }
    this.assignTypes(ctx, t, types);
  }

  private assignTypes(ctx: ParseCtx, t: Target, types: Type[]): void {
    if (t.kind === 'operands') ctx.allOperandTypes = types;
    else if (t.kind === 'results') ctx.allResultTypes = types;
    else ctx.types.set(t.name, types);
  }

  private ensureTerminator(p: Parser, r: Region): void {
    const term = this.def.spec.implicitTerminator;
    if (!term) return;
    if (!r.blocks.length) r.pushBlock(new Block());
    const b = r.blocks[0]!;
    if (b.last?.def?.has('Terminator')) return;
    b.append(new Operation({ name: term, def: p.registry.lookup(term), loc: p.source.loc(p.offset) }));
  }

  /** Resolves operand types (explicit or inferred), result types, segment sizes. */
  private finish(p: Parser, ctx: ParseCtx): void {
    const specOps = this.def.spec.operands ?? [];
    const specRes = this.def.spec.results ?? [];
    const offset = p.offset;
    if (ctx.allOperandTypes && !ctx.types.size) {
      // type(operands): split across groups by their operand counts.
      let i = 0;
      for (const s of specOps) {
        const n = ctx.allOperands ? 0 : ctx.operands(s.name).length;
        ctx.types.set(s.name, ctx.allOperandTypes.slice(i, i + n));
        i += n;
      }
    }
    if (ctx.allResultTypes) {
      const variadic = specRes.filter((s) => (s.arity ?? 'single') !== 'single').length;
      let i = 0;
      for (const s of specRes) {
        const n = (s.arity ?? 'single') === 'single' ? 1 : ctx.allResultTypes.length - (specRes.length - variadic);
        ctx.types.set(s.name, ctx.allResultTypes.slice(i, i + n));
        i += n;
      }
    }
    this.inferTypes(p, ctx, offset);
    const state = ctx.state;
    if (ctx.allOperands) {
      state.operands = p.resolveOperands(ctx.allOperands, ctx.allOperandTypes ?? [], offset);
    } else {
      // Arrays of the final size: pushing onto `[]` reserves 17 slots per op.
      let n = 0;
      for (const s of specOps) n += ctx.operands(s.name).length;
      const operands = state.operands.length ? state.operands : new Array<Value>(n);
      let at = state.operands.length ? state.operands.length : 0;
      for (const s of specOps) {
        const us = ctx.operands(s.name);
        const types = ctx.types.get(s.name) ?? [];
        const ts = types.length === us.length ? types : us.length && types.length === 1 && (s.arity ?? 'single') === 'variadic' && s.sharedType ? us.map(() => types[0]!) : types;
        if (ts.length !== us.length) p.error(`${us.length} operands present, but expected ${ts.length}`, offset);
        for (let i = 0; i < us.length; i++) operands[at++] = p.resolveOperand(us[i]!, ts[i]!);
      }
      state.operands = operands;
      if (this.operandSegments) p.setSegmentSizes(state, specOps.map((s) => ctx.operands(s.name).length));
    }
    if (!state.types.length && specRes.length === 1) {
      // One result group (the common case): its type list is the op's.
      state.types = ctx.types.get(specRes[0]!.name) ?? state.types;
    } else {
      for (const s of specRes) {
        const ts = ctx.types.get(s.name);
        if (ts) for (let i = 0; i < ts.length; i++) state.types.push(ts[i]!);
      }
    }
    if (this.resultSegments) {
      p.setSegmentSizes(state, specRes.map((s) => ctx.types.get(s.name)?.length ?? 0), 'resultSegmentSizes');
    }
    for (const r of this.def.spec.regions ?? []) {
      if (ctx.allRegions) break;
      state.regions.push(...(ctx.regions.get(r.name) ?? [new Region()]));
    }
    if (ctx.allRegions) state.regions.push(...ctx.allRegions);
    for (const s of this.def.spec.successors ?? []) state.successors.push(...(ctx.successors.get(s.name) ?? []));
    for (const a of this.defaulted) {
      if (!state.getAttr(a.name)) state.properties.set(a.name, a.default!);
    }
  }

  private inferTypes(p: Parser, ctx: ParseCtx, offset: number): void {
    const specs = this.groups;
    const isResult = this.resultNames;
    const known = (name: string): Type[] | undefined => ctx.types.get(name);
    let missing = false;
    for (let i = 0; i < specs.length && !missing; i++) missing = !ctx.types.has(specs[i]!.name);
    if (!missing) return;
    const infer = new InferCtx(p, ctx, offset);
    for (let round = 0; round < specs.length + 1; round++) {
      let progress = false;
      for (const s of specs) {
        if (known(s.name)) continue;
        const count = isResult.has(s.name) ? ((s.arity ?? 'single') === 'single' ? 1 : undefined) : ctx.operands(s.name).length;
        let t: Type | Type[] | undefined;
        try {
          if (s.infer) t = s.infer(infer, count ?? 0);
          else if (this.sameType) {
            let any: Type | undefined;
            for (const x of specs) if ((any = known(x.name)?.[0])) break;
            if (!any) throw PENDING;
            t = any;
          }
        } catch (err) {
          if (err === PENDING) continue;
          if (err instanceof DiagnosticError) throw err;
          // An inference rule met a type it cannot take apart (user error, not ours).
          p.error(`failed to infer the type of '${s.name}' for '${this.def.name}'`, offset);
        }
        if (t === undefined) continue;
        // A plain loop: Array.from on an array-like is slow enough to show up in profiles.
        let arr: Type[];
        if (Array.isArray(t)) arr = t;
        else {
          arr = new Array<Type>(count ?? 1);
          for (let k = 0; k < arr.length; k++) arr[k] = t;
        }
        ctx.types.set(s.name, arr);
        progress = true;
      }
      if (!progress) break;
    }
    for (const s of specs) {
      if (known(s.name)) continue;
      const count = isResult.has(s.name) ? 1 : ctx.operands(s.name).length;
      if (count === 0 || (s.arity ?? 'single') !== 'single' && isResult.has(s.name)) {
        ctx.types.set(s.name, []);
        continue;
      }
      p.error(`could not infer the type of '${s.name}' for '${this.def.name}'`, offset);
    }
  }

  // ---- print ----

  print(op: Operation, p: OpPrinter): void {
    this.printElems(op, p, this.elems);
  }

  private printElems(op: Operation, p: OpPrinter, elems: Elem[]): void {
    for (const e of elems) this.printElem(op, p, e);
  }

  private printElem(op: Operation, p: OpPrinter, e: Elem): void {
    if (spaceBefore.get(e)) p.print(' ');
    switch (e.k) {
      case 'lit': p.print(e.text); return;
      case 'space': if (e.text === ' ') p.print(' '); else if (e.text === '\n') p.printNewline(); return;
      case 'operand': {
        const pos = elemPos.get(e);
        if (pos >= 0 && op.operands.length === this.numOperandSpecs) p.printValue(op.operands[pos]!.value);
        else {
          const start = this.def.operandGroupStart(op, e.spec.name);
          const n = this.def.operandGroupSize(op, e.spec.name);
          for (let k = 0; k < n; k++) {
            if (k) p.print(', ');
            p.printValue(op.operands[start + k]!.value);
          }
        }
        return;
      }
      case 'operands': p.printOperands(op.operandValues()); return;
      case 'attr': {
        const a = op.getAttr(e.spec.name);
        if (!a) return;
        if (e.spec.syntax) e.spec.syntax.print(a, p);
        else p.printAttribute(a);
        return;
      }
      case 'region': {
        this.printRegion(op, p, op.regions[elemPos.get(e)]!);
        return;
      }
      case 'regions':
        op.regions.forEach((r, i) => {
          if (i) p.print(', ');
          this.printRegion(op, p, r);
        });
        return;
      case 'successor': {
        p.printSuccessor(op.successors[elemPos.get(e)]!);
        return;
      }
      case 'successors': p.print(op.successors.map((b) => p.blockName(b)).join(', ')); return;
      case 'type': {
        const t = this.singleTargetType(op, e.target);
        if (t) p.printType(t);
        else p.printTypes(this.targetTypes(op, e.target));
        return;
      }
      case 'functional': p.printFunctionalType(this.targetTypes(op, e.inputs), this.targetTypes(op, e.results)); return;
      case 'attrdict': {
        const attrs = this.printedAttrs(op);
        if (!attrs) return;
        if (e.keyword) p.printOptionalAttrDictWithKeyword(attrs);
        else p.printOptionalAttrDict(attrs);
        return;
      }
      case 'propdict':
        if (op.hasProperties) p.print(` <${[...op.properties].map(([k, v]) => `${k} = ${v}`).join(', ')}>`);
        return;
      case 'custom': customDirectives.get(e.name)!.print(op, p, e.argNames); return;
      case 'optional':
        if (this.anchorPresent(op, e.anchor)) this.printElems(op, p, e.then);
        else this.printElems(op, p, e.else);
    }
  }

  /**
   * The attributes attr-dict prints, or undefined for none (most ops). forEach,
   * unlike for…of, makes no [key, value] array per entry visited.
   */
  private printedAttrs(op: Operation): [string, Attribute][] | undefined {
    const props = op.propertiesIfAny;
    const attrs = op.attributesIfAny;
    if (!props?.size && !attrs?.size) return undefined;
    let out: [string, Attribute][] | undefined;
    const visit = (v: Attribute, k: string): void => {
      if (this.elided.has(k)) return;
      const hidden = this.hidden.get(k);
      if (hidden && hidden.equals(v)) return;
      (out ??= []).push([k, v]);
    };
    props?.forEach(visit);
    attrs?.forEach(visit);
    return out;
  }

  private printRegion(op: Operation, p: OpPrinter, r: Region): void {
    let printTerms = true;
    if (this.def.spec.implicitTerminator) {
      const t = r.blocks[0]?.last;
      printTerms = !!t && (t.operands.length > 0 || t.hasAttributes || t.hasProperties || t.results.length > 0);
    }
    p.printRegion(r, { printEntryBlockArgs: true, printBlockTerminators: printTerms });
  }

  /** The one type of a single operand/result target, without building arrays; else undefined. */
  private singleTargetType(op: Operation, t: Target): Type | undefined {
    if (t.kind === 'operand') {
      const i = t.pos!;
      return i >= 0 && op.operands.length === this.numOperandSpecs ? op.operands[i]!.value.type : undefined;
    }
    if (t.kind === 'result') {
      const i = t.pos!;
      return i >= 0 && op.results.length === this.numResultSpecs ? op.results[i]!.type : undefined;
    }
    return undefined;
  }

  private targetTypes(op: Operation, t: Target): Type[] {
    switch (t.kind) {
      case 'operands': return op.operands.map((o) => o.value.type);
      case 'results': return op.results.map((r) => r.type);
      case 'operand': return this.def.operandGroup(op, t.name).map((v) => v.type);
      case 'result': {
        const specs = this.def.spec.results ?? [];
        const sizes = this.def.resultGroupSizes(op);
        let start = 0;
        for (let i = 0; i < specs.length; i++) {
          if (specs[i]!.name === t.name) return op.results.slice(start, start + sizes[i]!).map((r) => r.type);
          start += sizes[i]!;
        }
        return [];
      }
    }
  }

  private anchorPresent(op: Operation, a: Elem): boolean {
    switch (a.k) {
      case 'operand': return this.def.operandGroupSize(op, a.spec.name) > 0;
      case 'operands': return op.operands.length > 0;
      case 'attr': {
        const v = op.getAttr(a.spec.name);
        const hidden = a.spec.default ?? a.spec.elidedDefault;
        return !!v && !(hidden && hidden.equals(v));
      }
      case 'region': {
        return !op.regions[elemPos.get(a)]!.empty;
      }
      case 'successor': return op.successors.length > 0;
      case 'type': return this.targetTypes(op, a.target).length > 0;
      case 'custom': return true;
    }
    return true;
  }
}

/**
 * Thrown by InferCtx when a type is not known yet. One shared non-Error object:
 * constructing an Error per throw would capture a stack trace each time.
 */
const PENDING: unique symbol = Symbol('pending');

/** What `ValueSpec.infer` rules see while a custom op is parsed. */
class InferCtx implements InferContext {
  constructor(private readonly p: Parser, private readonly ctx: ParseCtx, private readonly offset: number) {}
  types(name: string): Type[] {
    const t = this.ctx.types.get(name);
    if (!t) throw PENDING;
    return t;
  }
  type(name: string): Type {
    const t = this.ctx.types.get(name);
    if (!t || !t[0]) throw PENDING;
    return t[0];
  }
  attr(name: string): Attribute | undefined { return this.ctx.state.getAttr(name); }
  operandCount(name: string): number { return this.ctx.operands(name).length; }
  error(message: string): never { return this.p.error(message, this.offset); }
}

function argName(e: Elem): string {
  switch (e.k) {
    case 'operand': return e.spec.name;
    case 'attr': return e.spec.name;
    case 'region': return e.name;
    case 'successor': return e.name;
    case 'type': return 'type:' + (e.target.kind === 'operand' || e.target.kind === 'result' ? e.target.name : e.target.kind);
    default: return e.k;
  }
}

function atAttribute(p: Parser): boolean {
  switch (p.tok) {
    case Tok.Integer: case Tok.Float: case Tok.Minus: case Tok.String: case Tok.LSquare: case Tok.LBrace:
    case Tok.AtId: case Tok.HashId: case Tok.BangId:
      return true;
    case Tok.BareId:
      return ['true', 'false', 'unit', 'dense', 'array', 'affine_map', 'affine_set', 'strided', 'sparse', 'dense_resource'].includes(p.spelling) || p.atType();
  }
  return false;
}
