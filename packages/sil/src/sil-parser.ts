/**
 * SIL text → a `builtin.module` of sil ops (docs/SIL.rst; what Swift's ParseSIL accepts, for
 * our subset). Bad input is a DiagnosticError `file:line:col: error: …`, never a crash.
 *
 * (1) The module keeps `sil_stage` and the imports as attributes `sil.stage` / `sil.imports`.
 * (2) Declarations become `sil.*_decl` ops (sil-parse-decls.ts) and feed the SilTypeInfo the
 *     instructions are typed with (struct_extract's field type, unchecked_enum_data's payload).
 * (3) `sil linkage? [attr]* @name : $type { blocks }`; a function without `{` is a declaration.
 * (4) Values and blocks may be used before they are defined (forward references): a
 *     placeholder takes the uses and is replaced at the definition, whose type must match
 *     the type written at the use ("value '%x' defined with mismatching type").
 * (5) Each `undef` operand becomes a `sil.undef` op just before its user.
 * (6) OSSA ownership of block arguments (`%0 : @owned $C`) is kept per block in the
 *     function's `block_arg_ownership` attribute.
 */
import {
  ArrayAttr, DiagnosticError, Operation, SourceFile, StringAttr, TypeAttr, Block, segmentSizes,
  type Attribute, type Registry, type Value,
} from '@lifeline/ir';
import { builtinDialect, createRegistry } from '@lifeline/dialects';
import { SilCursor } from './sil-cursor.js';
import { silDialect } from './sil-dialect.js';
import { lexSil, type Token } from './sil-lexer.js';
import { atDecl, parseDecl } from './sil-parse-decls.js';
import type { InstParser, OperandRef, ParsedInst } from './sil-syntax.js';
import { SIL_SYNTAX } from './sil-syntax-ext.js';
import { SilTypeInfo, declOf } from './sil-type-info.js';
import { parseSilType } from './sil-type-parser.js';
import { SilType } from './sil-types.js';

let registry: Registry | undefined;
/** The registry sil modules are built with (builtin + sil). */
export function silRegistry(): Registry {
  return (registry ??= createRegistry([builtinDialect, silDialect]));
}

const LINKAGES = new Set([
  'public', 'hidden', 'private', 'shared', 'public_external', 'hidden_external', 'shared_external', 'private_external',
  'non_abi', 'package', 'package_external',
]);

/** Parses SIL text; throws DiagnosticError with a located message on bad input. */
export function parseSil(text: string, fileName = '<stdin>'): Operation {
  const source = new SourceFile(fileName, text);
  return parseSilSource(source);
}

export function parseSilSource(source: SourceFile): Operation {
  const reg = silRegistry();
  const c = new SilCursor(source, lexSil(source));
  const module = new Operation({ name: 'builtin.module', def: reg.lookup('builtin.module'), regions: 1, loc: source.loc(0) });
  const body = module.regions[0]!.pushBlock(new Block());
  const info = new SilTypeInfo();
  const imports: string[] = [];
  while (c.tok.kind !== 'eof') {
    if (c.eatIdent('sil_stage')) {
      module.attributes.set('sil.stage', new StringAttr(c.expectIdent('SIL stage name')));
    } else if (c.eatIdent('import')) {
      let name = c.expectIdent('module name');
      while (c.eatPunct('.')) name += '.' + c.expectIdent('module name');
      imports.push(name);
    } else if (c.isIdent('sil')) {
      body.append(new FunctionParser(c, info, reg).parse());
    } else if (atDecl(c)) {
      const d = parseDecl(c, reg);
      info.add(declOf(d)!);
      body.append(d);
    } else {
      c.error(c.tok.kind === 'ident' && c.tok.text.startsWith('sil_') ? `unsupported SIL declaration '${c.tok.text}'` : 'expected top-level declaration');
    }
  }
  // (1)
  if (imports.length) module.attributes.set('sil.imports', new ArrayAttr(imports.map((i) => new StringAttr(i))));
  return module;
}

interface Forward { placeholder: Operation; tok: Token }

const OWNERSHIP = new Set(['owned', 'guaranteed', 'reborrow', 'none', 'unowned']);

class FunctionParser implements InstParser {
  private readonly values = new Map<string, Value>();
  private readonly forwards = new Map<string, Forward>();
  private readonly blocks = new Map<string, { block: Block; defined: boolean; tok: Token }>();
  private current: Block | undefined;
  private readonly labels = new Map<Block, Token>();
  flags: readonly string[] = [];

  constructor(readonly c: SilCursor, readonly info: SilTypeInfo, private readonly reg: Registry) {}

  /** (3) */
  parse(): Operation {
    const c = this.c;
    const at = c.next();
    const props: [string, Attribute][] = [];
    if (c.tok.kind === 'ident' && LINKAGES.has(c.tok.text)) props.push(['linkage', new StringAttr(c.next().text)]);
    const attrs: string[] = [];
    while (c.isPunct('[')) attrs.push(this.bracketText());
    if (c.tok.kind !== 'symbol') c.error('expected SIL function name');
    const name = c.next().text;
    c.expectPunct(':', ' after SIL function name');
    const typeTok = c.tok;
    const type = this.type();
    if (type.kind !== 'function' && type.kind !== 'verbatim') c.error(`SIL function '@${name}' must have a function type`, typeTok);
    props.unshift(['sym_name', new StringAttr(name)], ['function_type', new TypeAttr(type)]);
    if (attrs.length) props.push(['sil_attrs', new ArrayAttr(attrs.map((a) => new StringAttr(a)))]);
    const fn = new Operation({ name: 'sil.function', def: this.reg.lookup('sil.function'), properties: props, regions: 1, loc: c.source.loc(at.start) });
    if (c.eatPunct('{')) this.parseBody(fn);
    return fn;
  }

  /** `[…]` as written inside the brackets (spaces collapsed). */
  bracketText(): string {
    const c = this.c;
    const open = c.next();
    const from = c.pos;
    let depth = 1;
    for (;;) {
      const t = c.tok;
      if (t.kind === 'eof') c.error('expected \']\'', open);
      if (c.isPunct('[')) depth++;
      if (c.isPunct(']') && --depth === 0) break;
      c.next();
    }
    const text = c.textSince(from).replace(/\s+/g, ' ');
    c.next();
    return text;
  }

  private parseBody(fn: Operation): void {
    const c = this.c;
    const region = fn.regions[0]!;
    const ownership: Attribute[] = [];
    let anyOwnership = false;
    while (!c.eatPunct('}')) {
      if (c.tok.kind === 'eof') c.error('expected \'}\' at the end of the SIL function');
      // A block label is a name followed by `(` or `:`; any other line is an instruction.
      if (c.tok.kind !== 'ident' || !(c.isPunct('(', c.peek()) || c.isPunct(':', c.peek())) || SIL_SYNTAX.has(c.tok.text)) {
        if (!this.current) c.error('expected basic block name');
        this.parseInstruction();
        continue;
      }
      const { block, owners } = this.parseBlockHeader();
      region.pushBlock(block);
      this.current = block;
      ownership.push(new ArrayAttr(owners.map((o) => new StringAttr(o))));
      anyOwnership ||= owners.some((o) => o !== '');
    }
    if (!region.blocks.length) c.error('a SIL function body must have at least one basic block');
    for (const [name, b] of this.blocks) if (!b.defined) c.error(`undefined basic block '${name}'`, b.tok);
    for (const [name, f] of this.forwards) c.error(`use of undefined value '%${name}'`, f.tok);
    // (6)
    if (anyOwnership) fn.properties.set('block_arg_ownership', new ArrayAttr(ownership));
    for (const b of region.blocks) {
      if (!b.last || !b.last.def?.has('Terminator')) c.error('basic block must end with a terminator', this.labels.get(b));
    }
  }

  private parseBlockHeader(): { block: Block; owners: string[] } {
    const c = this.c;
    const tok = c.next();
    const entry = this.blocks.get(tok.text);
    if (entry?.defined) c.error(`redefinition of basic block '${tok.text}'`, tok);
    const block = entry?.block ?? new Block();
    this.blocks.set(tok.text, { block, defined: true, tok });
    this.labels.set(block, tok);
    const owners: string[] = [];
    if (c.eatPunct('(')) {
      do {
        const v = c.tok;
        if (v.kind !== 'value') c.error('expected SIL value name');
        c.next();
        c.expectPunct(':', ' in SIL block argument');
        let own = '';
        if (c.tok.kind === 'symbol' && OWNERSHIP.has(c.tok.text)) own = '@' + c.next().text;
        const t = this.type();
        this.define(v, block.addArgument(t, c.source.loc(v.start)));
        owners.push(own);
      } while (c.eatPunct(','));
      c.expectPunct(')', ' in SIL block argument list');
    }
    c.expectPunct(':', ' after basic block name');
    return { block, owners };
  }

  private parseInstruction(): void {
    const c = this.c;
    const start = c.tok;
    const names: Token[] = [];
    if (c.tok.kind === 'value') {
      names.push(c.next());
      c.expectPunct('=', ' after SIL value name');
    } else if (c.isPunct('(') && c.peek().kind === 'value') {
      c.error('instructions with several results are not supported');
    }
    const nameTok = c.tok;
    if (nameTok.kind !== 'ident') c.error('expected SIL instruction name');
    const syntax = SIL_SYNTAX.get(nameTok.text);
    if (!syntax) return c.error(`unknown instruction '${nameTok.text}'`);
    c.next();
    const opName = `sil.${nameTok.text}`;
    const def = this.reg.lookup(opName)!;
    const flags: string[] = [];
    if (def.isInherent('flags')) while (c.isPunct('[')) flags.push(this.bracketText());
    this.flags = flags;
    const parsed: ParsedInst = syntax.parse(this);
    this.skipDebugInfo();
    if (!c.tok.bol && !c.isPunct('}')) c.error('expected end of SIL instruction');
    const results = parsed.results ?? [];
    if (names.length && results.length === 0) c.error(`instruction '${nameTok.text}' has no result to name`, names[0]);
    const props: [string, Attribute][] = [...(parsed.attrs ?? [])];
    if (flags.length) props.push(['flags', new ArrayAttr(flags.map((f) => new StringAttr(f)))]);
    if (parsed.segments) props.push(['operandSegmentSizes', segmentSizes(parsed.segments)]);
    const op = new Operation({
      name: opName, def, operands: parsed.operands, resultTypes: results, properties: props,
      successors: parsed.successors, loc: c.source.loc(start.start),
    });
    this.current!.append(op);
    if (names.length) this.define(names[0]!, op.result(0));
  }

  /** Debug info after an instruction (`, loc "f.swift":1:2`, `, scope 3`, `, let, name "x"`) is dropped. */
  private skipDebugInfo(): void {
    const c = this.c;
    if (!c.isPunct(',') || c.peek().bol || !['loc', 'scope', 'let', 'var', 'name', 'argno'].includes(c.peek().text)) return;
    while (!c.tok.bol && !c.isPunct('}') && c.tok.kind !== 'eof') c.next();
  }

  /** (4) */
  private define(tok: Token, v: Value): void {
    const name = tok.text;
    if (this.values.has(name)) this.c.error(`redefinition of value '%${name}'`, tok);
    const fwd = this.forwards.get(name);
    if (fwd) {
      const expected = fwd.placeholder.result(0).type;
      if (expected !== v.type) {
        this.c.error(`value '%${name}' defined with mismatching type $${(v.type as SilType).sil} (expected $${(expected as SilType).sil})`, tok);
      }
      fwd.placeholder.result(0).replaceAllUsesWith(v);
      this.forwards.delete(name);
    }
    this.values.set(name, v);
  }

  // ---- InstParser ----

  type(): SilType {
    this.c.expectPunct('$', ' (SIL types start with \'$\')');
    return parseSilType(this.c);
  }
  formalType(): SilType {
    return parseSilType(this.c);
  }
  ref(): OperandRef {
    const t = this.c.tok;
    if (this.c.isIdent('undef')) {
      this.c.next();
      return { name: 'undef', tok: t, undef: true };
    }
    if (t.kind !== 'value') this.c.error('expected SIL value name');
    this.c.next();
    return { name: t.text, tok: t, undef: false };
  }
  resolve(r: OperandRef, t: SilType | undefined): Value {
    if (r.undef) {
      if (!t) this.c.error('the type of \'undef\' must be written here', r.tok);
      // (5)
      const u = new Operation({ name: 'sil.undef', def: this.reg.lookup('sil.undef'), resultTypes: [t], loc: this.c.source.loc(r.tok.start) });
      this.current!.append(u);
      return u.result(0);
    }
    const v = this.values.get(r.name);
    if (v) {
      if (t && v.type !== t) {
        this.c.error(`value '%${r.name}' used with mismatching type $${t.sil} (defined as $${(v.type as SilType).sil})`, r.tok);
      }
      return v;
    }
    const fwd = this.forwards.get(r.name);
    if (fwd) {
      const ft = fwd.placeholder.result(0).type;
      if (t && ft !== t) this.c.error(`value '%${r.name}' used with mismatching type $${t.sil} (expected $${(ft as SilType).sil})`, r.tok);
      return fwd.placeholder.result(0);
    }
    if (!t) this.c.error(`use of undefined value '%${r.name}'`, r.tok);
    const placeholder = new Operation({ name: 'sil.forward_ref', resultTypes: [t] });
    this.forwards.set(r.name, { placeholder, tok: r.tok });
    return placeholder.result(0);
  }
  typedOperand(): Value {
    const r = this.ref();
    this.c.expectPunct(':', ' in SIL instruction');
    return this.resolve(r, this.type());
  }
  declRef(): string {
    const c = this.c;
    c.expectPunct('#', ' (a declaration reference starts with \'#\')');
    let path = c.expectIdent('declaration name');
    while (c.eatPunct('.')) path += '.' + c.expectIdent('declaration name');
    if (!path.includes('.')) c.error('expected \'.\' in declaration reference');
    if (c.eatPunct('!')) {
      c.expectIdent('declaration kind');
      // Old uncurry levels (`!enumelt.1`) are dropped.
      if (c.isPunct('.') && c.peek().kind === 'int') c.pos += 2;
    }
    return path;
  }
  block(): Block {
    const c = this.c;
    const t = c.tok;
    if (t.kind !== 'ident') c.error('expected basic block name');
    c.next();
    let entry = this.blocks.get(t.text);
    if (!entry) this.blocks.set(t.text, (entry = { block: new Block(), defined: false, tok: t }));
    return entry.block;
  }
  branchArgs(): Value[] {
    if (!this.c.eatPunct('(')) return [];
    const out: Value[] = [];
    if (this.c.eatPunct(')')) return out;
    do out.push(this.typedOperand());
    while (this.c.eatPunct(','));
    this.c.expectPunct(')', ' in SIL instruction');
    return out;
  }
  comma(): void {
    this.c.expectPunct(',', ' in SIL instruction');
  }
}

export { DiagnosticError };

/** Whether a driver input is SIL: a `.sil` file, or text whose first token is `sil_stage`. */
export function isSilInput(fileName: string, text: string): boolean {
  return fileName.endsWith('.sil') || /^(\s|\/\/[^\n]*\n)*sil_stage\b/.test(text);
}
