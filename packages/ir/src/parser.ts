/**
 * The MLIR text parser: SSA names and their scopes, blocks, regions, generic and
 * custom operations, and the top level (aliases, resources, implicit module).
 *
 * Custom op syntax is parsed by the op's own hook or its declarative format,
 * through the `OpParser` API (this class).
 */
import { DenseArrayAttr, StringAttr, type Attribute } from './attributes.js';
import { DiagnosticError, SourceFile, SourceLoc, diag } from './diagnostics.js';
import { Block, BlockArgument, Operation, Region, Value } from './ir.js';
import { Tok } from './lexer.js';
import { FileLineColLoc, type Location, UnknownLoc } from './location.js';
import type { OpDef, Registry } from './opdef.js';
import { AttrTypeParser } from './parse-attr-type.js';
import { FunctionType, type Type } from './types.js';

/** A `%name` or `%name#N` seen in custom syntax, resolved once its type is known. */
export interface UnresolvedOperand {
  name: string;
  number: number;
  offset: number;
}

/** An entry-block argument declared by an op's custom syntax (`%i : index`). */
export interface ArgumentDecl {
  name: UnresolvedOperand;
  type: Type;
  loc?: Location;
}

/** What a custom parser builds before the Operation exists. */
export class OperationState {
  operands: Value[] = [];
  types: Type[] = [];
  regions: Region[] = [];
  successors: Block[] = [];
  // Most ops have no attributes of one kind or the other: the maps are made on first use.
  private props: Map<string, Attribute> | undefined;
  private attrs: Map<string, Attribute> | undefined;
  constructor(readonly name: string, readonly def: OpDef | undefined, public loc: Location) {}
  /** Where the op's name was spelled (MLIR's getNameLoc), for custom parsers' errors. */
  get nameOffset(): number | undefined {
    return this.loc instanceof SourceLoc ? this.loc.offset : undefined;
  }
  get properties(): Map<string, Attribute> {
    return (this.props ??= new Map());
  }
  get attributes(): Map<string, Attribute> {
    return (this.attrs ??= new Map());
  }
  /** The maps if they were made (for building the op without empty maps). */
  get propertiesIfAny(): Map<string, Attribute> | undefined { return this.props; }
  get attributesIfAny(): Map<string, Attribute> | undefined { return this.attrs; }
  /** Inherent attributes become properties, as in MLIR. */
  addAttr(name: string, a: Attribute): void {
    if (this.def?.isInherent(name)) this.properties.set(name, a);
    else this.attributes.set(name, a);
  }
  getAttr(name: string): Attribute | undefined {
    return this.props?.get(name) ?? this.attrs?.get(name);
  }
  addRegion(r = new Region()): Region {
    this.regions.push(r);
    return r;
  }
}

/** A `%name` or `%name:N` to the left of an op's `=`. */
interface ResultName {
  name: string;
  count: number;
  offset: number;
}

/** A use of a name before its definition. */
class ForwardRef extends Value {
  constructor(type: Type, readonly offset: number) { super(type); }
  get parentBlock(): null { return null; }
  get definingOp(): null { return null; }
}

interface BlockDef {
  block: Block;
  defined: boolean;
  offset: number;
}

/** The values a name stands for, and where it was defined (for "previously defined here" / "prior use here" notes). */
interface Binding {
  values: Value[];
  offset: number;
}

/** Names visible in one isolated-from-above region tree. */
interface IsolatedScope {
  /** One entry per name: a single Map update per definition (names are defined once per op). */
  values: Map<string, Binding>;
  forwardRefs: Map<string, ForwardRef[]>;
  /** Names defined in each open (non-isolated) nested region, removed when it closes. */
  regionNames: string[][];
}

export interface ParseOptions {
  allowUnregistered?: boolean;
}

export type OpParser = Parser;

export class Parser extends AttrTypeParser {
  private isolated: IsolatedScope[] = [];
  private blockScopes: Map<string, BlockDef>[] = [];
  private defaultDialects: string[] = [];
  /** Top-level `{-# … #-}` text, kept verbatim. */
  fileMetadata: string | undefined;

  constructor(source: SourceFile, registry: Registry, readonly options: ParseOptions = {}) {
    super(source, registry);
    this.allowUnregisteredDialects = !!options.allowUnregistered;
  }

  /** Parses a whole file into a top-level module (wrapping bare ops in one, as mlir-opt does). */
  parseModule(): Operation {
    const topRegion = new Region();
    const topBlock = topRegion.pushBlock(new Block());
    this.pushIsolated();
    this.pushRegionNames();
    this.blockScopes.push(new Map());
    while (this.tok !== Tok.Eof) {
      switch (this.tok) {
        case Tok.HashId: this.parseAttrAliasDef(); break;
        case Tok.BangId: this.parseTypeAliasDef(); break;
        case Tok.FileMetadataBegin: this.parseFileMetadata(); break;
        default: topBlock.append(this.parseOperation());
      }
    }
    this.blockScopes.pop();
    this.popRegionNames();
    this.popIsolated();
    this.resolveLocationAliases();
    const first = topBlock.first;
    if (first && first === topBlock.last && first.name === 'builtin.module') {
      first.remove();
      return first;
    }
    // An implicit module is located at `file:0:0`, as mlir-opt does.
    const loc = new FileLineColLoc(this.source.name, 0, 0);
    const module = new Operation({ name: 'builtin.module', def: this.registry.lookup('builtin.module'), regions: [topRegion], loc });
    return module;
  }

  private parseAttrAliasDef(): void {
    const start = this.offset;
    const name = this.spelling.slice(1);
    if (name.includes('.')) this.error('attribute names with a \'.\' are reserved for dialect-defined names');
    this.consume();
    this.expect(Tok.Equal, "expected '=' in attribute alias definition");
    if (this.attrAliases.has(name) || this.locAliases.has(name)) this.error(`redefinition of attribute alias id '${name}'`, start);
    if (this.isKeyword('loc')) this.locAliases.set(name, this.parseLocation());
    else this.attrAliases.set(name, this.parseAttribute());
  }

  private parseTypeAliasDef(): void {
    const start = this.offset;
    const name = this.spelling.slice(1);
    if (name.includes('.')) this.error('type names with a \'.\' are reserved for dialect-defined names');
    this.consume();
    this.expect(Tok.Equal, "expected '=' in type alias definition");
    if (this.typeAliases.has(name)) this.error(`redefinition of type alias id '${name}'`, start);
    this.typeAliases.set(name, this.parseType());
  }

  private parseFileMetadata(): void {
    const begin = this.offset;
    const text = this.lex.text;
    const end = text.indexOf('#-}', begin);
    if (end < 0) this.error("expected '#-}' to end file metadata", begin);
    // Check the body is a well-formed dictionary of dictionaries: `key: { name: "blob", ... }`.
    this.consume();
    this.parseCommaSeparated(undefined, undefined, () => {
      this.parseBareId('identifier');
      this.expect(Tok.Colon);
      this.parseCommaSeparated(Tok.LBrace, Tok.RBrace, () => {
        this.parseBareId('identifier');
        this.expect(Tok.Colon);
        this.parseCommaSeparated(Tok.LBrace, Tok.RBrace, () => {
          if (this.tok !== Tok.BareId && this.tok !== Tok.String) this.error('expected identifier key for \'resource\' entry');
          this.consume();
          this.expect(Tok.Colon);
          this.parseAttribute();
        });
      });
    });
    if (this.tok !== Tok.FileMetadataEnd) this.error("expected '#-}' to end file metadata");
    this.fileMetadata = (this.fileMetadata ? this.fileMetadata + '\n' : '') + text.slice(begin, this.lex.end);
    this.consume();
  }

  // ---- SSA scopes -------------------------------------------------------------

  private pushIsolated(): void {
    this.isolated.push({ values: new Map(), forwardRefs: new Map(), regionNames: [] });
  }
  private popIsolated(): void {
    const scope = this.isolated.pop()!;
    // A name still only forward-referenced at the end of its scope was never defined.
    for (const refs of scope.forwardRefs.values()) this.error(`use of undeclared SSA value name`, refs[0]!.offset);
  }
  private get scope(): IsolatedScope {
    return this.isolated[this.isolated.length - 1]!;
  }
  private pushRegionNames(): void {
    this.scope.regionNames.push([]);
  }
  private popRegionNames(): void {
    const scope = this.scope;
    const names = scope.regionNames.pop()!;
    for (const n of names) scope.values.delete(n);
  }

  /** Binds `%name` to values (one per result in a `%name:N` group). */
  private defineValues(name: string, values: Value[], offset: number): void {
    const scope = this.scope;
    const prev = scope.values.get(name);
    if (prev) {
      // The earlier definition's location (its op, or the block argument) is the note.
      const first = prev.values[0];
      const at = prev.offset;
      const where = at !== undefined ? this.source.loc(at) : first instanceof BlockArgument ? first.loc : first?.definingOp?.loc;
      const notes = where ? [diag('note', where, 'previously defined here')] : [];
      throw new DiagnosticError(diag('error', this.source.loc(offset), `redefinition of SSA value '${name}'`, notes));
    }
    scope.values.set(name, { values, offset });
    scope.regionNames[scope.regionNames.length - 1]!.push(name);
    if (!scope.forwardRefs.size) return;
    const refs = scope.forwardRefs.get(name);
    if (!refs) return;
    scope.forwardRefs.delete(name);
    for (const ref of refs) {
      const number = (ref as ForwardRef & { number: number }).number;
      const v = values[number];
      if (!v) this.error(`operation result number ${number} is out of range`, ref.offset);
      if (v.type !== ref.type) {
        this.error(`definition of SSA value '${name}#${number}' has type ${v.type}`, offset);
      }
      ref.replaceAllUsesWith(v);
    }
  }

  /** Resolves a use; unknown names become forward references checked later. */
  resolveOperand(u: UnresolvedOperand, type: Type): Value {
    const scope = this.scope;
    const binding = scope.values.get(u.name);
    if (binding) {
      const vals = binding.values;
      const v = vals[u.number];
      if (!v) this.error(`reference to invalid result number`, u.offset);
      if (v.type !== type) {
        const shown = u.number || vals.length > 1 ? `${u.name}#${u.number}` : u.name;
        const defAt: number | undefined = binding.offset;
        this.error(`use of value '${shown}' expects different type than prior uses: '${type}' vs '${v.type}'`, u.offset,
          defAt === undefined ? [] : [['prior use here', defAt]]);
      }
      return v;
    }
    let refs = scope.forwardRefs.get(u.name);
    if (!refs) scope.forwardRefs.set(u.name, (refs = []));
    for (const r of refs) {
      if ((r as ForwardRef & { number: number }).number === u.number) {
        if (r.type !== type) {
          this.error(`use of value '${u.name}' expects different type than prior uses: '${type}' vs '${r.type}'`, u.offset,
            [['prior use here', r.offset]]);
        }
        return r;
      }
    }
    const ref = Object.assign(new ForwardRef(type, u.offset), { number: u.number });
    refs.push(ref);
    return ref;
  }

  resolveOperands(us: readonly UnresolvedOperand[], types: readonly Type[], offset = this.offset): Value[] {
    if (us.length !== types.length) {
      this.error(`${us.length} operands present, but expected ${types.length}`, offset);
    }
    return us.map((u, i) => this.resolveOperand(u, types[i]!));
  }

  // ---- operands and arguments ---------------------------------------------------

  atOperand(): boolean { return this.tok === Tok.PercentId; }

  parseOptionalOperand(): UnresolvedOperand | undefined {
    return this.tok === Tok.PercentId ? this.parseOperand() : undefined;
  }

  /** `%name` or `%name#N` */
  parseOperand(): UnresolvedOperand {
    if (this.tok !== Tok.PercentId) this.error('expected SSA operand');
    const sp = this.spelling;
    const offset = this.offset;
    const hash = sp.indexOf('#');
    this.consume();
    if (hash >= 0) {
      return { name: sp.slice(0, hash), number: Number(sp.slice(hash + 1)), offset };
    }
    // The lexer stops ids at '#'; `%x#1` arrives as `%x` then `#1`.
    if ((this.tok as Tok) === Tok.HashId && this.offset === offset + sp.length && /^#\d+$/.test(this.spelling)) {
      const n = Number(this.spelling.slice(1));
      this.consume();
      return { name: sp, number: n, offset };
    }
    return { name: sp, number: 0, offset };
  }

  /** Comma-separated operands (possibly empty). */
  parseOperandList(): UnresolvedOperand[] {
    const out: UnresolvedOperand[] = [];
    if (this.tok !== Tok.PercentId) return out;
    do out.push(this.parseOperand()); while (this.consumeIf(Tok.Comma));
    return out;
  }

  /** `(%a, %b)` */
  parseParenOperandList(): UnresolvedOperand[] {
    const out: UnresolvedOperand[] = [];
    this.parseCommaSeparated(Tok.LParen, Tok.RParen, () => out.push(this.parseOperand()));
    return out;
  }

  /** `%x : type loc(...)?` as declared by a region-owning op. */
  parseArgument(withType = true): ArgumentDecl & { offset: number } {
    const offset = this.offset;
    const name = this.parseOperand();
    let type!: Type;
    if (withType) {
      this.expect(Tok.Colon, "expected ':'");
      type = this.parseType();
    }
    const loc = this.parseOptionalLocation();
    return { name, type, loc, offset };
  }

  // ---- types helpers used by custom syntax ----------------------------------------

  parseColonType(): Type {
    this.expect(Tok.Colon, "expected ':'");
    return this.parseType();
  }
  parseColonTypeList(): Type[] {
    this.expect(Tok.Colon, "expected ':'");
    return this.parseTypeList();
  }
  parseOptionalColonTypeList(): Type[] {
    return this.consumeIf(Tok.Colon) ? this.parseTypeList() : [];
  }
  /** `-> type` or `-> (types)`; nothing if there is no arrow. */
  parseOptionalArrowTypeList(): Type[] {
    return this.consumeIf(Tok.Arrow) ? this.parseFunctionResultTypes() : [];
  }

  // ---- attribute dictionaries ---------------------------------------------------------

  parseOptionalAttrDict(state: OperationState): void {
    if (this.tok !== Tok.LBrace) return;
    const seen = new Set<string>();
    this.parseCommaSeparated(Tok.LBrace, Tok.RBrace, () => {
      const start = this.offset;
      const [k, v] = this.parseNamedAttr();
      if (seen.has(k)) this.error(`duplicate key '${k}' in dictionary attribute`, start);
      seen.add(k);
      state.addAttr(k, v);
    });
  }
  parseOptionalAttrDictWithKeyword(state: OperationState): void {
    if (this.parseOptionalKeyword('attributes')) {
      if (this.tok !== Tok.LBrace) this.error("expected '{' in attribute dictionary");
      this.parseOptionalAttrDict(state);
    }
  }
  /** `<{ … }>` (properties). */
  parseOptionalProperties(state: OperationState): void {
    if (this.tok !== Tok.Less) return;
    this.consume();
    if ((this.tok as Tok) !== Tok.LBrace) this.error("expected '{' to start properties");
    this.parseCommaSeparated(Tok.LBrace, Tok.RBrace, () => {
      const [k, v] = this.parseNamedAttr();
      state.properties.set(k, v);
    });
    this.expect(Tok.Greater, "expected '>' to close properties");
  }

  // ---- blocks and regions -----------------------------------------------------------

  private get blocks(): Map<string, BlockDef> {
    return this.blockScopes[this.blockScopes.length - 1]!;
  }

  private blockNamed(name: string, offset: number): BlockDef {
    let def = this.blocks.get(name);
    if (!def) {
      def = { block: new Block(), defined: false, offset };
      this.blocks.set(name, def);
    }
    return def;
  }

  /** `^bb3` as a branch target. */
  parseSuccessor(): Block {
    if (this.tok !== Tok.CaretId) this.error('expected block name');
    const b = this.blockNamed(this.spelling, this.offset).block;
    this.consume();
    return b;
  }

  /** `^bb1(%a, %b : i32, i32)` or `^bb1` — the operands are resolved against the types. */
  parseSuccessorAndUseList(): [Block, Value[]] {
    const b = this.parseSuccessor();
    if (this.tok !== Tok.LParen) return [b, []];
    this.consume();
    const start = this.offset;
    const ops = this.parseOperandList();
    let types: Type[] = [];
    if (ops.length) types = this.parseColonTypeList();
    this.expect(Tok.RParen, "expected ')' to end argument list");
    return [b, this.resolveOperands(ops, types, start)];
  }

  /**
   * Parses `{ … }` into `region`. `args` are the entry block arguments declared by
   * the op (e.g. a function signature). `isolated` starts a fresh name scope.
   */
  parseRegion(region: Region, args: readonly ArgumentDecl[] = [], isolated = false, defaultDialect?: string): Region {
    this.expect(Tok.LBrace, "expected '{' to begin a region");
    if (isolated) this.pushIsolated();
    this.pushRegionNames();
    this.blockScopes.push(new Map());
    // An op without a default dialect resets it for its regions (as in MLIR).
    this.defaultDialects.push(defaultDialect ?? '');
    if (this.tok === Tok.RBrace && !args.length) {
      // Empty region.
    } else {
      let entry: Block | undefined;
      if (args.length || this.tok !== Tok.CaretId) {
        if (args.length && this.tok === Tok.CaretId) this.error('invalid block name in region with named arguments');
        entry = region.pushBlock(new Block());
        for (const a of args) {
          const arg = entry.addArgument(a.type, a.loc ?? this.source.loc(a.name.offset));
          this.defineValues(a.name.name, [arg], a.name.offset);
        }
        this.parseBlockBody(entry);
      }
      while (this.tok === Tok.CaretId) this.parseBlock(region);
    }
    if (this.tok !== Tok.RBrace) this.error("expected '}' to end region", this.offset);
    this.consume();
    for (const [name, def] of this.blocks) {
      if (!def.defined) this.error('reference to an undefined block', def.offset);
    }
    this.defaultDialects.pop();
    this.blockScopes.pop();
    // An isolated scope is dropped whole: forgetting its names one by one would be wasted work.
    if (isolated) this.popIsolated();
    else this.popRegionNames();
    return region;
  }

  private parseBlock(region: Region): void {
    const offset = this.offset;
    const name = this.spelling;
    const def = this.blockNamed(name, offset);
    if (def.defined) this.error(`redefinition of block '${name}'`, offset);
    def.defined = true;
    this.consume();
    const block = def.block;
    // A forward-referenced block may already sit in the region (never twice).
    region.pushBlock(block);
    if (this.consumeIf(Tok.LParen)) {
      if (!this.consumeIf(Tok.RParen)) {
        do {
          const a = this.parseArgument(true);
          const arg = block.addArgument(a.type, a.loc ?? this.source.loc(a.offset));
          this.defineValues(a.name.name, [arg], a.offset);
        } while (this.consumeIf(Tok.Comma));
        this.expect(Tok.RParen, "expected ')' to end argument list");
      }
    }
    this.expect(Tok.Colon, "expected ':' after block name");
    this.parseBlockBody(block);
  }

  private parseBlockBody(block: Block): void {
    while (this.tok !== Tok.CaretId && this.tok !== Tok.RBrace) {
      if (this.tok === Tok.Eof) this.error("expected '}' to end region");
      block.append(this.parseOperation());
    }
  }

  // ---- operations ---------------------------------------------------------------

  parseOperation(): Operation {
    const start = this.offset;
    // Nearly every op binds one name (`%x = …`); only more names need the list.
    let first: ResultName | undefined;
    let results: ResultName[] | undefined;
    if (this.tok === Tok.PercentId) {
      do {
        const offset = this.offset;
        const name = this.spelling;
        if (name.includes('#')) this.error('expected valid ssa identifier');
        this.consume();
        let count = 1;
        if ((this.tok as Tok) === Tok.Colon && this.offset === offset + name.length) {
          this.consume();
          if ((this.tok as Tok) !== Tok.Integer) this.error('expected integer number of results');
          count = Number(this.spelling);
          if (count < 1) this.error('expected named operation to have at least 1 result');
          this.consume();
        }
        const r = { name, count, offset };
        if (!first) first = r;
        else (results ??= [first]).push(r);
      } while (this.consumeIf(Tok.Comma));
      this.expect(Tok.Equal, "expected '=' after SSA name");
    }
    let op: Operation;
    if (this.tok === Tok.String) op = this.parseGenericOperation();
    else if (this.tok === Tok.BareId) op = this.parseCustomOperation();
    else return this.error('expected operation name in quotes');
    if (!first) return op;
    let total = 0;
    for (const r of results ?? [first]) total += r.count;
    if (total !== op.results.length) {
      this.error(`operation defines ${op.results.length} results but was provided ${total} to bind`, start);
    }
    if (!results) {
      // The common case: one name for all results; share the op's array.
      this.defineValues(first.name, op.results, first.offset);
    } else {
      let i = 0;
      for (const r of results) {
        this.defineValues(r.name, op.results.slice(i, i + r.count), r.offset);
        i += r.count;
      }
    }
    return op;
  }

  private locFor(offset: number): Location {
    return this.source.loc(offset);
  }

  /** Trailing `loc(...)` of an operation. */
  private parseTrailingLocation(op: Operation): void {
    const l = this.parseOptionalLocation();
    if (l) op.loc = l;
  }

  parseGenericOperation(): Operation {
    const offset = this.offset;
    const name = this.parseStringLiteral();
    if (!name) this.error('empty operation name is invalid', offset);
    const def = this.registry.lookup(name);
    if (!def) this.checkUnregistered(name, offset);
    const state = new OperationState(name, def, this.locFor(offset));
    const operands = this.tok === Tok.LParen ? this.parseParenOperandList() : this.wrongToken("expected '(' to start operand list");
    if (this.tok === Tok.LSquare) {
      this.parseCommaSeparated(Tok.LSquare, Tok.RSquare, () => state.successors.push(this.parseSuccessor()));
    }
    this.parseOptionalProperties(state);
    if (this.tok === Tok.LParen) {
      this.consume();
      const isolated = def?.has('IsolatedFromAbove') ?? false;
      const dd = def?.spec.defaultDialect;
      do state.addRegion(this.parseRegion(new Region(), [], isolated, dd)); while (this.consumeIf(Tok.Comma));
      this.expect(Tok.RParen, "expected ')' to end region list");
    }
    if (this.tok === Tok.LBrace) {
      const dictOffset = this.offset;
      const tmp = new OperationState(name, def, state.loc);
      this.parseOptionalAttrDict(tmp);
      for (const [k, v] of [...(tmp.propertiesIfAny ?? []), ...(tmp.attributesIfAny ?? [])]) {
        if (state.properties.has(k) && def?.isInherent(k)) this.error(`duplicate key '${k}' in dictionary attribute`, dictOffset);
        state.addAttr(k, v);
      }
    }
    const typeOffset = this.offset;
    this.expect(Tok.Colon, "expected ':' followed by operation type");
    const fnOffset = this.offset;
    const fnType = this.parseType();
    if (!(fnType instanceof FunctionType)) return this.error('expected function type', fnOffset);
    if (operands.length !== fnType.inputs.length) {
      // MLIR's wording, byte for byte: it streams a NUL character instead of the plural 's'.
      this.error(`expected ${operands.length} operand type${operands.length === 1 ? '\0' : 's'} but had ${fnType.inputs.length}`, fnOffset);
    }
    state.operands = this.resolveOperands(operands, fnType.inputs, typeOffset);
    state.types = [...fnType.results];
    // Default-valued properties exist even when the generic form leaves them out (as in MLIR).
    for (const a of def?.spec.attributes ?? []) {
      if (a.default && !state.getAttr(a.name)) state.properties.set(a.name, a.default);
    }
    const op = this.createOperation(state);
    this.parseTrailingLocation(op);
    return op;
  }

  private checkUnregistered(name: string, offset: number): void {
    const dialect = name.includes('.') ? name.slice(0, name.indexOf('.')) : '';
    if (this.options.allowUnregistered) return;
    if (dialect && this.registry.hasDialect(dialect)) return; // reported by the verifier
    this.error(`operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used`, offset);
  }

  parseCustomOperation(): Operation {
    const offset = this.offset;
    const spelled = this.spelling;
    let def = this.registry.lookup(spelled);
    let name = spelled;
    if (!def && !spelled.includes('.')) {
      const dd = this.defaultDialects[this.defaultDialects.length - 1];
      const tries = dd ? [`${dd}.${spelled}`, `builtin.${spelled}`] : [`builtin.${spelled}`];
      for (const t of tries) {
        def = this.registry.lookup(t);
        if (def) {
          name = t;
          break;
        }
      }
    }
    if (!def || !def.hasCustomSyntax) {
      const dialect = spelled.includes('.') ? spelled.slice(0, spelled.indexOf('.')) : '';
      if (dialect && !this.registry.hasDialect(dialect)) {
        const known = [...this.registry.dialectNames()].sort().join(', ');
        this.error(`Dialect \`${dialect}' not found for custom op '${spelled}' `, offset, [[`Registered dialects: ${known} ; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management`, offset]]);
      }
      const dd = this.defaultDialects[this.defaultDialects.length - 1];
      const alt = dd && !spelled.includes('.') ? ` (tried '${dd}.${spelled}' as well)` : '';
      this.error(`custom op '${spelled}' is unknown${alt}`, offset);
    }
    this.consume();
    const state = new OperationState(name, def, this.locFor(offset));
    if (def.spec.parse) def.spec.parse(this, state);
    else def.format!.parse(this, state);
    const op = this.createOperation(state);
    this.parseTrailingLocation(op);
    return op;
  }

  /** Ops declare regions' default dialect and isolation; custom parsers use these. */
  defaultDialectFor(state: OperationState): string | undefined {
    return state.def?.spec.defaultDialect;
  }
  isIsolated(state: OperationState): boolean {
    return state.def?.has('IsolatedFromAbove') ?? false;
  }
  /** Region parsing for custom parsers: picks isolation and default dialect from the op. */
  parseOpRegion(state: OperationState, args: readonly ArgumentDecl[] = []): Region {
    return this.parseRegion(new Region(), args, this.isIsolated(state), this.defaultDialectFor(state));
  }
  atRegion(): boolean {
    return this.tok === Tok.LBrace;
  }

  createOperation(state: OperationState): Operation {
    const op = new Operation({
      // The definition's name is one shared string; the parsed spelling is a slice per op.
      name: state.def?.name ?? state.name, def: state.def, operands: state.operands, resultTypes: state.types,
      properties: state.propertiesIfAny, attributes: state.attributesIfAny, successors: state.successors,
      regions: state.regions, loc: state.loc,
    });
    return op;
  }

  /** Sets `operandSegmentSizes` for ops with several variadic operand groups. */
  setSegmentSizes(state: OperationState, sizes: readonly number[], name = 'operandSegmentSizes'): void {
    state.properties.set(name, new DenseArrayAttr(I32, sizes));
  }
}

import { IntegerType } from './types.js';
const I32 = IntegerType.get(32);

export interface ParseResult {
  module: Operation;
  fileMetadata?: string;
}

/** Parses a file; throws DiagnosticError on bad input. */
export function parseSource(source: SourceFile, registry: Registry, options: ParseOptions = {}): ParseResult {
  const p = new Parser(source, registry, options);
  const module = p.parseModule();
  return { module, fileMetadata: p.fileMetadata };
}

export function parseString(text: string, registry: Registry, options: ParseOptions & { fileName?: string } = {}): Operation {
  return parseSource(new SourceFile(options.fileName ?? '<string>', text), registry, options).module;
}

