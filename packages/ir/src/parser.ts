/**
 * The MLIR text parser: SSA names and their scopes, blocks, regions, generic and
 * custom operations, and the top level (aliases, resources, implicit module).
 *
 * Custom op syntax is parsed by the op's own hook or its declarative format,
 * through the `OpParser` API (this class).
 */
import { DenseArrayAttr } from './attributes.js';
import { SourceFile } from './diagnostics.js';
import { Block, Operation, Region, type Value } from './ir.js';
import { Tok, decodeString } from './lexer.js';
import { FileLineColLoc, type Location } from './location.js';
import type { Registry } from './opdef.js';
import { FunctionType, type Type } from './types.js';
import { ForwardRef, OperationState, SsaParser, type ArgumentDecl, type BlockDef, type ResultName } from './parser-ssa.js';

export { OperationState } from './parser-ssa.js';
export type { ArgumentDecl, UnresolvedOperand } from './parser-ssa.js';

export interface ParseOptions {
  allowUnregistered?: boolean;
}

export type OpParser = Parser;

/** What MLIR's lexer reads as an integer type (Token::inttype), not a bare identifier. */
const INT_TYPE_NAME = /^(i|si|ui)\d+$/;

export class Parser extends SsaParser {
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

  /**
   * `{-# key: { name: { entry: value, … }, … }, … #-}` with MLIR's checks and messages
   * (parseFileMetadataDictionary, parseResourceFileMetadata): the keys are dialect_resources
   * and external_resources; a dialect resource names a dialect MLIR knows, and builtin's
   * entries are hex blobs. The text is kept and printed back as it is.
   */
  private parseFileMetadata(): void {
    const begin = this.offset;
    const text = this.lex.text;
    this.consume();
    if (this.tok !== Tok.FileMetadataEnd) this.parseCommaSeparated(undefined, undefined, () => {
      const keyAt = this.offset;
      if (this.tok !== Tok.BareId) this.error('expected identifier key in file metadata dictionary');
      const key = this.spelling;
      this.consume();
      this.expect(Tok.Colon, "expected ':'");
      if (key !== 'dialect_resources' && key !== 'external_resources') {
        this.error(`unknown key '${key}' in file metadata dictionary`, keyAt);
      }
      this.expect(Tok.LBrace, "expected '{'");
      if (this.consumeIf(Tok.RBrace)) return;
      this.parseCommaSeparated(undefined, undefined, () => {
        const nameAt = this.offset;
        if (this.tok !== Tok.BareId) this.error("expected identifier key for 'resource' entry");
        const name = this.spelling;
        this.consume();
        this.expect(Tok.Colon, "expected ':'");
        this.expect(Tok.LBrace, "expected '{'");
        if (key === 'dialect_resources' && !this.knownToMlir(name)) this.error(`dialect '${name}' is unknown`, nameAt);
        if (this.consumeIf(Tok.RBrace)) return;
        this.parseCommaSeparated(undefined, undefined, () => {
          if (this.tok !== Tok.BareId && this.tok !== Tok.String) this.error("expected identifier key for 'resource' entry");
          const entry = this.tok === Tok.String ? decodeString(this.spelling) : this.spelling;
          this.consume();
          this.expect(Tok.Colon, "expected ':'");
          // builtin's resources are blobs: a string of hex digits after `0x`
          if (key === 'dialect_resources' && name === 'builtin' && !(this.tok === Tok.String && /^0x([0-9a-fA-F]{2})*$/.test(decodeString(this.spelling)))) {
            this.error(`expected hex string blob for key '${entry}'`);
          }
          this.parseAttribute();
        });
        this.expect(Tok.RBrace, "expected '}'");
      });
      this.expect(Tok.RBrace, "expected '}'");
    });
    if (this.tok !== Tok.FileMetadataEnd) this.error("expected '#-}' to end file metadata");
    this.fileMetadata = (this.fileMetadata ? this.fileMetadata + '\n' : '') + text.slice(begin, this.lex.end);
    this.consume();
  }

  // ---- blocks and regions -----------------------------------------------------------

  protected get blocks(): Map<string, BlockDef> {
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
    if (this.consumeIf(Tok.RParen)) return [b, []];
    // MLIR's parseSuccessorAndUseList: anything but `)` is an operand list and its `: types`
    const ops = this.parseOperandList();
    const types = this.parseColonTypeList();
    this.expect(Tok.RParen, "expected ')' to end argument list");
    return [b, this.resolveOperands(ops, types, start)];
  }

  /**
   * Parses `{ … }` into `region`. `args` are the entry block arguments declared by
   * the op (e.g. a function signature). `isolated` starts a fresh name scope.
   */
  parseRegion(region: Region, args: readonly ArgumentDecl[] = [], isolated = false, defaultDialect?: string): Region {
    this.enterNesting();
    try {
      return this.parseRegionNested(region, args, isolated, defaultDialect);
    } finally {
      this.exitNesting();
    }
  }

  private parseRegionNested(region: Region, args: readonly ArgumentDecl[], isolated: boolean, defaultDialect?: string): Region {
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
          const a = this.parseArgument(true, "expected ':' and type for SSA operand");
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
        if (this.tok !== Tok.PercentId) this.wrongToken('expected valid ssa identifier');
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
    // MLIR's lexer makes `i16` an integer-type token, which no op name is
    else if (this.tok === Tok.BareId && !INT_TYPE_NAME.test(this.spelling)) op = this.parseCustomOperation();
    else return this.wrongToken('expected operation name in quotes');
    if (!first) return op;
    if (!op.results.length) this.error('cannot name an operation with no results', start);
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
      if (def && !def.has('Terminator')) this.error('successors in non-terminator');
      this.parseCommaSeparated(Tok.LSquare, Tok.RSquare, () => state.successors.push(this.parseSuccessor()));
    }
    this.parseOptionalProperties(state);
    if (this.tok === Tok.LParen) {
      this.consume();
      const isolated = def?.has('IsolatedFromAbove') ?? false;
      // MLIR sets a default dialect only for custom-form ops: a generic op's regions keep the enclosing one
      const dd = this.defaultDialects[this.defaultDialects.length - 1];
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
      if (a.default && !state.getAttr(a.name)) state.setProperty(a.name, a.default);
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
    // a name without a dialect is looked up in the default dialect only (MLIR's parseCustomOperationName)
    const dd = this.defaultDialects[this.defaultDialects.length - 1]!;
    const bare = !spelled.includes('.');
    if (!def && bare && dd) {
      def = this.registry.lookup(`${dd}.${spelled}`);
      if (def) name = `${dd}.${spelled}`;
    }
    if (!def || !def.hasCustomSyntax) {
      const dialect = bare ? dd : spelled.slice(0, spelled.indexOf('.'));
      const tried = bare ? ` (tried '${dd}.${spelled}' as well)` : '';
      if (!bare ? !this.registry.hasDialect(dialect) : !dd) {
        const known = [...this.registry.dialectNames()].sort().join(', ');
        this.error(`Dialect \`${dialect}' not found for custom op '${spelled}' ${tried}`, offset, [[`Registered dialects: ${known} ; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management`, offset]]);
      }
      this.error(`custom op '${spelled}' is unknown${tried}`, offset);
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
    const props = state.propertyStore;
    // A name first used by this op and defined in one of its regions (ForwardRef.resolved).
    if (state.regions.length) {
      const ops = state.operands;
      for (let i = 0; i < ops.length; i++) {
        const o = ops[i];
        if (o instanceof ForwardRef && o.resolved) ops[i] = o.resolved;
      }
    }
    const op = new Operation({
      // The definition's name is one shared string; the parsed spelling is a slice per op.
      name: state.def?.name ?? state.name, def: state.def, operands: state.operands, resultTypes: state.types,
      properties: props instanceof Map ? props : undefined, propList: props instanceof Map ? undefined : props,
      attributes: state.attributesIfAny, successors: state.successors,
      regions: state.regions, loc: state.loc,
    });
    return op;
  }

  /** Sets `operandSegmentSizes` for ops with several variadic operand groups. */
  setSegmentSizes(state: OperationState, sizes: readonly number[], name = 'operandSegmentSizes'): void {
    state.setProperty(name, new DenseArrayAttr(I32, sizes));
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


