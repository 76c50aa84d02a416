/**
 * MLIR's declarative assembly format, interpreted (MLIR generates C++ from it;
 * we compile the format string once into elements, format-compile.ts, and walk
 * them to parse, here, or print, format-print.ts).
 *
 * Types the format does not spell are inferred from `ValueSpec.infer` or the
 * SameOperandsAndResultType trait.
 */
import type { Attribute } from './attributes.js';
import { DiagnosticError } from './diagnostics.js';
import { Block, Operation, Region, type Value } from './ir.js';
import { Tok } from './lexer.js';
import type { AttrSpec, InferContext, OpDef, ValueSpec } from './opdef.js';
import type { OperationState, Parser, UnresolvedOperand } from './parser.js';
import type { Type } from './types.js';
import { compileElements, customDirectives, type DirectiveContext, type Elem, type Target } from './format-compile.js';
import { FormatPrinter } from './format-print.js';

export { registerCustomDirective } from './format-compile.js';
export type { AttrSyntax, CompiledFormat, CustomDirective, DirectiveContext } from './format-compile.js';
import type { CompiledFormat } from './format-compile.js';

export function compileFormat(format: string, def: OpDef): CompiledFormat {
  const elems = compileElements(format, def);
  const parser = new FormatParser(def, elems);
  const printer = new FormatPrinter(def, elems);
  return {
    parse: (p, state) => parser.parse(p, state),
    print: (op, p) => printer.print(op, p),
  };
}

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
  /** The slot of the definition's group at `i` (what `get` finds by that group's name). */
  at(i: number): V | undefined {
    return this.slots[i];
  }
  setAt(i: number, v: V): void {
    if (this.slots[i] === undefined) this.size++;
    this.slots[i] = v;
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

class FormatParser {
  /** Operand and result groups, and which are results (for type inference). */
  private readonly groups: ValueSpec[];
  private readonly groupNames: string[];
  /**
   * Per operand (result) spec, its slot in the group tables: the index of the
   * first group of its name, the slot a lookup by name finds. The per-op loops
   * below read slots by index instead of searching the name list each time.
   */
  private readonly operandSlots: number[];
  private readonly resultSlots: number[];
  private readonly groupSlots: number[];
  private readonly resultNames: Set<string>;
  private readonly sameType: boolean;
  /** SameOperandsAndResultType, every group single and without an inference rule. */
  private readonly sameTypeOnly: boolean;
  private readonly operandSegments: boolean;
  private readonly resultSegments: boolean;
  /** Attributes stored with their default value when the text leaves them out. */
  private readonly defaulted: AttrSpec[];
  constructor(readonly def: OpDef, readonly elems: Elem[]) {
    this.groups = [...(def.spec.operands ?? []), ...(def.spec.results ?? [])];
    this.groupNames = this.groups.map((g) => g.name);
    this.groupSlots = this.groupNames.map((n) => this.groupNames.indexOf(n));
    this.operandSlots = (def.spec.operands ?? []).map((g) => this.groupNames.indexOf(g.name));
    this.resultSlots = (def.spec.results ?? []).map((g) => this.groupNames.indexOf(g.name));
    this.sameType = def.has('SameOperandsAndResultType');
    this.sameTypeOnly = this.sameType && this.groups.every((g) => !g.infer && (g.arity ?? 'single') === 'single');
    this.resultNames = new Set((def.spec.results ?? []).map((r) => r.name));
    this.operandSegments = def.has('AttrSizedOperandSegments');
    this.resultSegments = def.has('AttrSizedResultSegments');
    this.defaulted = (def.spec.attributes ?? []).filter((a) => a.default);
  }

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
      // ODS parses punctuation with parseToken (emitWrongTokenError: after the previous token)
      return p.wrongToken(`expected '${text}'`);
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
        const a = this.parseAttr(p, e.spec, false, ctx.state.def?.name ?? ctx.state.name);
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

  private parseAttr(p: Parser, spec: AttrSpec, optional: boolean, opName = ''): Attribute | undefined {
    const syntax = spec.syntax;
    if (syntax) {
      const a = syntax.parse(p);
      if (!a && !optional) {
        // MLIR parses any attribute here and then rejects its kind.
        const at = p.offset;
        p.parseAttribute();
        p.error(`custom op '${opName}' invalid kind of attribute specified`, at);
      }
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
    const specs = (t.kind === 'operand' ? this.def.spec.operands : this.def.spec.results)!;
    // A loop rather than `find`: no closure per parsed op.
    let spec: ValueSpec | undefined;
    for (let i = 0; i < specs.length && !spec; i++) if (specs[i]!.name === t.name) spec = specs[i];
    const arity = spec!.arity ?? 'single';
    const start = p.offset;
    let types: Type[];
    if (arity === 'single') types = [p.parseType()];
    else if (arity === 'optional') types = p.atType() ? [p.parseType()] : [];
    else types = p.atType() ? p.parseTypeList() : [];
    if (spec!.typeKind && !types.every(spec!.typeKind)) {
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
      const slots = this.operandSlots;
      let n = 0;
      for (let g = 0; g < specOps.length; g++) n += (ctx.operandRefs.at(slots[g]!) ?? NO_OPERANDS).length;
      const operands = state.operands.length ? state.operands : new Array<Value>(n);
      let at = state.operands.length ? state.operands.length : 0;
      for (let g = 0; g < specOps.length; g++) {
        const s = specOps[g]!;
        const us = ctx.operandRefs.at(slots[g]!) ?? NO_OPERANDS;
        const types = ctx.types.at(slots[g]!) ?? [];
        const ts = types.length === us.length ? types : us.length && types.length === 1 && (s.arity ?? 'single') === 'variadic' && s.sharedType ? us.map(() => types[0]!) : types;
        if (ts.length !== us.length) p.error(`${us.length} operands present, but expected ${ts.length}`, offset);
        for (let i = 0; i < us.length; i++) operands[at++] = p.resolveOperand(us[i]!, ts[i]!);
      }
      state.operands = operands;
      if (this.operandSegments) p.setSegmentSizes(state, specOps.map((s) => ctx.operands(s.name).length));
    }
    if (!state.types.length && specRes.length === 1) {
      // One result group (the common case): its type list is the op's.
      state.types = ctx.types.at(this.resultSlots[0]!) ?? state.types;
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
      if (!state.getAttr(a.name)) state.setProperty(a.name, a.default!);
    }
  }

  private inferTypes(p: Parser, ctx: ParseCtx, offset: number): void {
    const specs = this.groups;
    const isResult = this.resultNames;
    const known = (name: string): Type[] | undefined => ctx.types.get(name);
    const slots = this.groupSlots;
    let missing = false;
    for (let i = 0; i < specs.length && !missing; i++) missing = ctx.types.at(slots[i]!) === undefined;
    if (!missing) return;
    if (this.sameTypeOnly) {
      // SameOperandsAndResultType without rules of its own (the arith binary ops):
      // every missing group takes the first known type, what the rounds below give.
      let any: Type | undefined;
      for (let i = 0; i < specs.length && !any; i++) any = ctx.types.at(slots[i]!)?.[0];
      if (any) {
        for (let i = 0; i < specs.length; i++) {
          const s = specs[i]!;
          if (ctx.types.at(slots[i]!)) continue;
          const arr = new Array<Type>(isResult.has(s.name) ? 1 : (ctx.operandRefs.at(slots[i]!) ?? NO_OPERANDS).length);
          for (let k = 0; k < arr.length; k++) arr[k] = any;
          ctx.types.setAt(slots[i]!, arr);
        }
        return;
      }
    }
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
  errorAtName(message: string): never { return this.p.error(message, this.ctx.state.nameOffset ?? this.offset); }
}

const ATTR_KEYWORDS: ReadonlySet<string> = new Set([
  'true', 'false', 'unit', 'dense', 'array', 'affine_map', 'affine_set', 'strided', 'sparse', 'dense_resource',
]);

function atAttribute(p: Parser): boolean {
  switch (p.tok) {
    case Tok.Integer: case Tok.Float: case Tok.Minus: case Tok.String: case Tok.LSquare: case Tok.LBrace:
    case Tok.AtId: case Tok.HashId: case Tok.BangId:
      return true;
    case Tok.BareId:
      return ATTR_KEYWORDS.has(p.spelling) || p.atType();
  }
  return false;
}
