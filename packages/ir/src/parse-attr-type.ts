/**
 * Parsing of types, attributes and locations (everything that is not an op).
 * `Parser` in parser.ts extends this with SSA values, blocks, regions and ops.
 */
import {
  AffineAttr, ArrayAttr, Attribute, DenseArrayAttr, DenseElementsAttr, DictionaryAttr, FloatAttr, IntegerAttr,
  OpaqueAttr, StridedLayoutAttr, StringAttr, SymbolRefAttr, TypeAttr, UnitAttr, isIdentityAffineMap,
  type DenseLeaf, type DenseTree,
} from './attributes.js';
import { DiagnosticError, MAX_NESTING, NestingError, diag, type SourceFile } from './diagnostics.js';
import { attrInt, checkElements, decodeDenseHex, hexFloatError, type ElementToken } from './dense.js';
import { FLOAT_FORMATS, fromBits, hexOf, isNarrow, roundToFormat, wideBitsOfDouble } from './floats.js';
import { Lexer, Tok, decodeString, tokSpelling } from './lexer.js';
import { parseAffineBody } from './affine-parser.js';
import { canonicalAffineMap, canonicalIntegerSet } from './affine-canonical.js';
import { AliasLoc, CallSiteLoc, FileLineColLoc, FusedLoc, Location, NameLoc, UnknownLoc } from './location.js';
import type { DialectTypeParser, Registry } from './opdef.js';
import {
  ComplexType, DYNAMIC, FLOAT_KINDS, FloatType, FunctionType, IndexType, IntegerType, MemRefType, NoneType,
  LARGE_DIMS, OpaqueType, RankedTensorType, TupleType, Type, UnrankedMemRefType, UnrankedTensorType, VectorType, isShaped,
  type FloatKind,
} from './types.js';

const FLOAT_KIND_SET = new Set<string>(FLOAT_KINDS);
const PUNCT_TOKENS = new Map<string, Tok>([
  ['<', Tok.Less], ['>', Tok.Greater], ['(', Tok.LParen], [')', Tok.RParen], ['{', Tok.LBrace], ['}', Tok.RBrace],
  [',', Tok.Comma], [':', Tok.Colon], ['?', Tok.Question], ['*', Tok.Star], ['[', Tok.LSquare], [']', Tok.RSquare],
  ['->', Tok.Arrow],
]);
const INT_TYPE = /^(i|si|ui)([1-9]\d*|0)$/;
/** Bare identifiers that start a builtin type other than integers and floats. */
const BUILTIN_TYPE_KEYWORDS = new Set(['index', 'none', 'tuple', 'complex', 'vector', 'tensor', 'memref']);

export class AttrTypeParser {
  protected readonly lex: Lexer;
  readonly typeAliases = new Map<string, Type>();
  readonly attrAliases = new Map<string, Attribute>();
  readonly locAliases = new Map<string, Location>();
  protected readonly pendingLocAliases: { ref: AliasLoc; offset: number }[] = [];
  private readonly simpleTypes = new Map<string, Type>();

  /** How many regions, attributes, types, locations and affine parentheses enclose the token. */
  private nesting = 0;

  /** -allow-unregistered-dialect: types and attributes of unknown dialects are kept opaque. */
  protected allowUnregisteredDialects = true;

  constructor(readonly source: SourceFile, readonly registry: Registry) {
    this.lex = new Lexer(source.text);
    this.lex.next();
  }

  /**
   * A type or attribute of a dialect neither we nor mlir-opt-19 know needs
   * -allow-unregistered-dialect (dialects mlir-opt-19 has but we do not model
   * stay opaque, since mlir-opt-19 accepts them).
   */
  private checkDialectKnown(dialect: string, body: string, what: 'type' | 'attribute', at: number): void {
    if (this.allowUnregisteredDialects || this.knownToMlir(dialect)) return;
    const shown = `"${dialect}"<"${body}">`;
    const tail = 'created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used';
    this.error(what === 'type' ? `\`!${shown}\` type ${tail}` : `#${shown} : 'none' attribute ${tail}`, at);
  }

  // ---- nesting ------------------------------------------------------------------

  /** Enters a construct opening at `offset`; one more than MAX_NESTING deep is an error. */
  enterNesting(offset = this.lex.start): void {
    if (++this.nesting > MAX_NESTING) {
      this.nesting--;
      throw new NestingError(this.source.loc(offset));
    }
  }
  exitNesting(): void {
    this.nesting--;
  }

  // ---- tokens ---------------------------------------------------------------

  get tok(): Tok { return this.lex.kind; }
  get spelling(): string { return this.lex.spelling; }
  get offset(): number { return this.lex.start; }

  /** Reports an error (with notes `[message, offset]`) at `offset`, by default the current token. */
  error(message: string, offset = this.lex.start, notes: readonly (readonly [string, number])[] = []): never {
    if (this.lex.kind === Tok.Error && offset === this.lex.start) {
      message = this.lex.error;
      offset = this.lex.errorAt;
    }
    if (this.lex.kind === Tok.Eof && offset === this.lex.start) offset = this.beforeEof(offset);
    const ns = notes.map(([m, at]) => diag('note', this.source.loc(at), m));
    throw new DiagnosticError(diag('error', this.source.loc(offset), message, ns));
  }

  /**
   * Where MLIR reports a wrong token (emitWrongTokenError) and an error at the end
   * of the file: just after the last code before `offset`, skipping blanks, blank
   * lines and `//` comments.
   */
  private beforeEof(offset: number): number {
    const text = this.lex.text;
    let end = offset;
    for (;;) {
      while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
      if (end === 0) return offset;
      if (text[end - 1] !== '\n' && text[end - 1] !== '\r') return end;
      end--;
      const lineStart = Math.max(text.lastIndexOf('\n', end - 1), text.lastIndexOf('\r', end - 1)) + 1;
      const comment = text.slice(lineStart, end).indexOf('//');
      if (comment >= 0) end = lineStart + comment;
    }
  }
  consume(): void {
    this.lex.next();
  }
  consumeIf(t: Tok): boolean {
    if (this.lex.kind !== t) return false;
    this.lex.next();
    return true;
  }
  /** MLIR's emitWrongTokenError: just after the previous token (not at a lexer error or the end of file). */
  wrongToken(message: string): never {
    const plain = this.lex.kind !== Tok.Error && this.lex.kind !== Tok.Eof;
    return this.error(message, plain ? this.beforeEof(this.lex.start) : this.lex.start);
  }
  expect(t: Tok, message = `expected '${tokSpelling(t)}'`): void {
    if (this.lex.kind !== t) this.wrongToken(message);
    this.lex.next();
  }
  isKeyword(kw: string): boolean {
    return this.lex.kind === Tok.BareId && this.lex.spelling === kw;
  }
  parseOptionalKeyword(kw: string): boolean {
    if (!this.isKeyword(kw)) return false;
    this.lex.next();
    return true;
  }
  parseKeyword(kw: string, context = ''): void {
    if (!this.parseOptionalKeyword(kw)) this.error(`expected '${kw}'${context}`);
  }
  /** Any bare identifier; returns undefined (consuming nothing) otherwise. */
  parseOptionalBareId(): string | undefined {
    if (this.lex.kind !== Tok.BareId) return undefined;
    const s = this.lex.spelling;
    this.lex.next();
    return s;
  }
  parseBareId(what = 'identifier'): string {
    const s = this.parseOptionalBareId();
    if (s === undefined) this.error(`expected ${what}`);
    return s;
  }
  parseStringLiteral(): string {
    if (this.lex.kind !== Tok.String) this.error('expected string');
    const s = decodeString(this.lex.spelling);
    this.lex.next();
    return s;
  }
  /** `123`, `-4`, `0x1F` as a bigint. */
  parseOptionalInteger(): bigint | undefined {
    const neg = this.lex.kind === Tok.Minus;
    if (neg) {
      const save = this.lex.end;
      this.lex.next();
      if (this.lex.kind !== Tok.Integer) {
        this.lex.resetTo(save - 1);
        return undefined;
      }
    } else if (this.lex.kind !== Tok.Integer) return undefined;
    const v = BigInt(this.lex.spelling);
    this.lex.next();
    return neg ? -v : v;
  }
  /**
   * A FileLineColLoc line or column: one integer token (decimal or hex) that fits 32 bits
   * unsigned, as MLIR's getUnsignedIntegerValue reads it; no sign.
   */
  private parseLocNumber(what: 'line' | 'column'): number {
    const v = this.lex.kind === Tok.Integer ? BigInt(this.lex.spelling) : -1n;
    if (v < 0n || v > 0xffffffffn) this.error(`expected integer ${what} number in FileLineColLoc`);
    this.lex.next();
    return Number(v);
  }
  parseInteger(what = 'integer value'): bigint {
    const v = this.parseOptionalInteger();
    if (v === undefined) this.error(`expected ${what}`);
    return v;
  }
  /** Parses `elem (, elem)*` between `open` and `close`; `open` may be absent when `open` is undefined. */
  /**
   * `delimited` is MLIR's parseCommaSeparatedList with a delimiter, whose
   * closing error names only the closer; without it, the list-until form's
   * "expected ',' or ')'".
   */
  parseCommaSeparated(open: Tok | undefined, close: Tok | undefined, elem: () => void, context = '', delimited = false): void {
    if (open !== undefined) this.expect(open, `expected '${tokSpelling(open)}'${context}`);
    if (close !== undefined && this.consumeIf(close)) return;
    do elem(); while (this.consumeIf(Tok.Comma));
    if (close !== undefined) this.expect(close, `expected ${delimited ? '' : "',' or "}'${tokSpelling(close)}'${context}`);
  }

  /**
   * Returns the source text of a balanced `<…>` starting at the current `<` token and skips it.
   * In `affine` bodies `>=` is a comparison (affine_set constraints), not a closing bracket.
   */
  protected captureAngleBody(): string {
    const text = this.lex.text;
    const begin = this.lex.start;
    const stack: number[] = [];
    let i = begin;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 34) { // skip strings
        i++;
        while (i < text.length && text.charCodeAt(i) !== 34) i += text.charCodeAt(i) === 92 ? 2 : 1;
        continue;
      }
      if (c === 60 || c === 40 || c === 91 || c === 123) stack.push(c);
      else if (c === 62 || c === 41 || c === 93 || c === 125) {
        if (c === 62 && text.charCodeAt(i - 1) === 45) continue; // `->`
        const open = stack.pop();
        const want = c === 62 ? 60 : c === 41 ? 40 : c === 93 ? 91 : 123;
        if (open !== want) this.error(`unbalanced '${String.fromCharCode(c)}' character in pretty dialect name`, i);
        if (!stack.length) break;
      }
    }
    if (stack.length) this.error("unbalanced '<' character in pretty dialect name", begin);
    this.lex.resetTo(i + 1);
    return text.slice(begin, i + 1);
  }

  // ---- types ----------------------------------------------------------------

  /** True when the current token can start a type. */
  atType(): boolean {
    const k = this.lex.kind;
    if (k === Tok.BangId || k === Tok.LParen) return true;
    if (k !== Tok.BareId) return false;
    const s = this.lex.spelling;
    return INT_TYPE.test(s) || FLOAT_KIND_SET.has(s) || s === 'index' || s === 'none' || s === 'tuple' ||
      s === 'complex' || s === 'vector' || s === 'tensor' || s === 'memref';
  }

  parseOptionalType(): Type | undefined {
    return this.atType() ? this.parseType() : undefined;
  }

  /**
   * Types repeat a lot (every generic op spells a function type), so composite
   * types are cached by their exact source text: a cheap character scan finds
   * where the type ends, and a hit skips parsing altogether.
   */
  private readonly typeCache = new Map<string, Type>();

  parseType(): Type {
    this.enterNesting();
    try {
      return this.parseTypeNested();
    } finally {
      this.exitNesting();
    }
  }

  private parseTypeNested(): Type {
    const k = this.lex.kind;
    if (k === Tok.LParen || (k === Tok.BareId && this.lex.text.charCodeAt(this.lex.end) === 60)) {
      const start = this.lex.start;
      const end = scanTypeEnd(this.lex.text, start);
      if (end > start) {
        const key = this.lex.text.slice(start, end);
        const hit = this.typeCache.get(key);
        if (hit) {
          this.lex.resetTo(end);
          return hit;
        }
        const t = this.parseTypeUncached();
        if (this.lex.start >= end && (this.lex.text.slice(end, this.lex.start).trim() === '')) this.typeCache.set(key, t);
        return t;
      }
    }
    return this.parseTypeUncached();
  }

  private parseTypeUncached(): Type {
    const k = this.lex.kind;
    if (k === Tok.BareId) {
      const s = this.lex.spelling;
      const simple = this.simpleTypes.get(s);
      if (simple) {
        this.lex.next();
        return simple;
      }
      const t = this.parseBuiltinType(s);
      return t;
    }
    if (k === Tok.BangId) return this.parseDialectType();
    if (k === Tok.LParen) return this.parseFunctionType();
    return this.error('expected non-function type');
  }

  private parseBuiltinType(s: string): Type {
    const start = this.lex.start;
    const m = INT_TYPE.exec(s);
    if (m) {
      const w = Number(m[2]);
      // MLIR reads the width as an unsigned 32-bit integer first
      if (w > 0xffffffff) this.error('invalid integer width');
      if (w > 16777215) this.error('integer bitwidth is limited to 16777215 bits');
      const t = IntegerType.get(w, m[1] === 'i' ? 'signless' : m[1] === 'si' ? 'signed' : 'unsigned');
      this.simpleTypes.set(s, t);
      this.lex.next();
      return t;
    }
    if (FLOAT_KIND_SET.has(s)) {
      const t = FloatType.get(s as FloatKind);
      this.simpleTypes.set(s, t);
      this.lex.next();
      return t;
    }
    if (!BUILTIN_TYPE_KEYWORDS.has(s)) return this.wrongToken('expected non-function type');
    this.lex.next();
    switch (s) {
      case 'index': this.simpleTypes.set(s, IndexType.instance); return IndexType.instance;
      case 'none': this.simpleTypes.set(s, NoneType.instance); return NoneType.instance;
      case 'tuple': {
        const types: Type[] = [];
        this.parseCommaSeparated(Tok.Less, Tok.Greater, () => types.push(this.parseType()), ' in tuple type', true);
        return TupleType.get(types);
      }
      case 'complex': {
        this.expect(Tok.Less, "expected '<' in complex type");
        const elt = this.parseType();
        if (!(elt instanceof FloatType) && !(elt instanceof IntegerType)) this.error('invalid element type for complex', start);
        this.expect(Tok.Greater, "expected '>' in complex type");
        return ComplexType.get(elt);
      }
      case 'vector': return this.parseVectorType();
      case 'tensor': return this.parseTensorType();
      case 'memref': return this.parseMemRefType(start);
    }
    return this.error('expected non-function type', start);
  }

  private parseDialectType(): Type {
    const name = this.lex.spelling.slice(1);
    const start = this.lex.start;
    const alias = this.typeAliases.get(name);
    if (alias && this.lex.text.charCodeAt(this.lex.end) !== 60) {
      this.lex.next();
      return alias;
    }
    if (!name.includes('.') && this.lex.text.charCodeAt(this.lex.end) !== 60) {
      this.lex.next();
      this.wrongToken(`undefined symbol alias id '${name}'`);
    }
    this.lex.next();
    const dot = name.indexOf('.');
    const withParser = dot > 0 ? this.registry.dialect(name.slice(0, dot))?.parseTypeWith : undefined;
    if (withParser) {
      const outer = this.dialectTypeNameAt;
      this.dialectTypeNameAt = start + dot + 2;
      try {
        return withParser(name.slice(dot + 1), this.dialectTypeParser());
      } finally {
        this.dialectTypeNameAt = outer;
      }
    }
    let text = name;
    if (this.lex.kind === Tok.Less && this.lex.start === start + name.length + 1) text += this.captureAngleBody();
    const dialect = /^[A-Za-z_][\w$]*/.exec(text)?.[0] ?? '';
    const bare = text[dialect.length] === '<'; // `!foo<"body">` rather than `!foo.body`
    this.checkDialectKnown(dialect, bare ? text.slice(dialect.length + 1, -1) : text.slice(dialect.length + 1), 'type', start);
    const known = this.registry.dialect(dialect)?.parseType?.(text.slice(dialect.length + 1));
    return known ?? OpaqueType.get(this.knownToMlir(dialect) ? text : prettyDialectSymbol(text, dialect));
  }

  /** A dialect we register or mlir-opt-19 does (MLIR keeps the others' types and attributes opaque). */
  protected knownToMlir(dialect: string): boolean {
    return this.registry.hasDialect(dialect) || MLIR_OPT_19_DIALECTS.has(dialect);
  }

  private dialectTypes?: DialectTypeParser;
  /** Where the mnemonic of the dialect type being parsed starts (MLIR's getNameLoc). */
  private dialectTypeNameAt = 0;

  /** This parser, as a dialect's type parser sees it. */
  private dialectTypeParser(): DialectTypeParser {
    const punct = (p: string): Tok | undefined => PUNCT_TOKENS.get(p);
    return (this.dialectTypes ??= {
      registry: this.registry,
      parseType: () => this.parseType(),
      error: (message) => this.error(message),
      errorAtName: (message) => this.error(message, this.dialectTypeNameAt),
      consumePunct: (p) => this.consumeIf(punct(p)!),
      expectPunct: (p, message) => this.expect(punct(p)!, message ?? `expected '${p}'`),
      parseOptionalBareId: () => this.parseOptionalBareId(),
      parseOptionalInteger: () => {
        const negative = this.lex.kind === Tok.Minus;
        if (negative) this.lex.next();
        if (this.lex.kind !== Tok.Integer) {
          if (negative) this.error('expected integer value');
          return undefined;
        }
        const v = Number(this.lex.spelling);
        this.lex.next();
        return negative ? -v : v;
      },
      parseDimensionList: () => this.parseDimensions(true, false).shape,
      parseAttribute: () => this.parseAttribute(),
    });
  }

  /** `(types) -> type` or `(types) -> (types)` */
  parseFunctionType(): FunctionType {
    const inputs = this.parseParenTypeList();
    this.expect(Tok.Arrow, "expected '->' in function type");
    return FunctionType.get(inputs, this.parseFunctionResultTypes());
  }

  parseParenTypeList(): Type[] {
    const types: Type[] = [];
    this.parseCommaSeparated(Tok.LParen, Tok.RParen, () => types.push(this.parseType()));
    return types;
  }

  /** A single non-function type, or a parenthesized list. */
  parseFunctionResultTypes(): Type[] {
    if (this.lex.kind === Tok.LParen) return this.parseParenTypeList();
    return [this.parseType()];
  }

  parseTypeList(): Type[] {
    const types = [this.parseType()];
    while (this.consumeIf(Tok.Comma)) types.push(this.parseType());
    return types;
  }

  /**
   * `4x?x[8]x` — the lexer sees `4`, `x`, `?`, `xf32`, so after each dimension we
   * consume a leading `x` of the next identifier by re-lexing one char later.
   */
  private parseDimensions(allowDynamic: boolean, allowScalable: boolean): { shape: number[]; scalable: boolean[] } {
    const shape: number[] = [];
    const scalable: boolean[] = [];
    for (;;) {
      let dim: number;
      let isScalable = false;
      const k = this.lex.kind;
      if (k === Tok.Question) {
        if (!allowDynamic) this.error('expected static shape');
        dim = DYNAMIC;
        this.lex.next();
      } else if (k === Tok.Integer) {
        const sp = this.lex.spelling;
        if (sp.startsWith('0x')) {
          // `0xf32` lexes as a hex integer: it is the dimension 0 followed by `xf32`.
          shape.push(0);
          scalable.push(false);
          this.lex.resetTo(this.lex.start + 1);
          this.consumeDimX();
          continue;
        }
        // MLIR's parseDimensionListRanked: a dimension is an int64
        if (sp.length >= 19 && BigInt(sp) > INT64_MAX) this.error('invalid dimension');
        dim = Number(sp);
        if (dim > Number.MAX_SAFE_INTEGER) LARGE_DIMS.set(dim, BigInt(sp).toString());
        this.lex.next();
      } else if (k === Tok.LSquare && allowScalable) {
        this.lex.next();
        if (this.lex.kind !== Tok.Integer) this.error('expected integer value');
        dim = Number(this.lex.spelling);
        this.lex.next();
        this.expect(Tok.RSquare, "missing ']' closing scalable dimension");
        isScalable = true;
      } else {
        return { shape, scalable };
      }
      shape.push(dim);
      scalable.push(isScalable);
      this.consumeDimX();
    }
  }

  private consumeDimX(): void {
    if (this.lex.kind !== Tok.BareId || this.lex.text.charCodeAt(this.lex.start) !== 120) {
      this.error("expected 'x' in dimension list");
    }
    this.lex.resetTo(this.lex.start + 1);
  }

  private parseVectorType(): Type {
    this.expect(Tok.Less, "expected '<' in vector type");
    const { shape, scalable } = this.parseDimensions(false, true);
    const start = this.lex.start;
    const elt = this.parseType();
    // `vector<f32>` (0-D) is valid in MLIR 19.
    if (!(elt instanceof IntegerType || elt instanceof FloatType || elt instanceof IndexType)) {
      this.error('vector elements must be int/index/float type', start);
    }
    if (shape.some((d) => d <= 0)) this.error('vector types must have positive constant sizes', start);
    this.expect(Tok.Greater, "expected '>' in vector type");
    return VectorType.get(shape, elt, scalable);
  }

  private parseTensorType(): Type {
    this.expect(Tok.Less, "expected '<' in tensor type");
    if (this.consumeIf(Tok.Star)) {
      this.consumeDimX();
      const elt = this.parseTensorElementType();
      this.expect(Tok.Greater, "expected '>' in tensor type");
      return UnrankedTensorType.get(elt);
    }
    const { shape } = this.parseDimensions(true, false);
    const elt = this.parseTensorElementType();
    let enc: Attribute | undefined;
    if (this.consumeIf(Tok.Comma)) enc = this.parseAttribute();
    this.expect(Tok.Greater, "expected '>' in tensor type");
    return RankedTensorType.get(shape, elt, enc);
  }

  /**
   * MLIR's TensorType::isValidElementType: of the builtin types only integers, floats, index,
   * complex, vectors and opaque types; any dialect's type.
   */
  private parseTensorElementType(): Type {
    const at = this.lex.start;
    const elt = this.parseType();
    if (elt instanceof FunctionType || elt instanceof TupleType || elt instanceof RankedTensorType || elt instanceof UnrankedTensorType ||
      elt instanceof MemRefType || elt instanceof UnrankedMemRefType || elt instanceof NoneType) {
      this.error('invalid tensor element type', at);
    }
    return elt;
  }

  /**
   * MLIR's parseMemRefType: after the element type, layouts and one memory
   * space in any order except that the space comes last; checks that MLIR's
   * MemRefType::verify makes are reported at `memref` (layout, then space).
   */
  private parseMemRefType(typeAt: number): Type {
    this.expect(Tok.Less, "expected '<' in memref type");
    const unranked = this.consumeIf(Tok.Star);
    let shape: number[] = [];
    if (unranked) this.consumeDimX();
    else shape = this.parseDimensions(true, false).shape;
    const eltStart = this.lex.start;
    const elt = this.parseType();
    if (elt instanceof FunctionType || elt instanceof TupleType || elt instanceof RankedTensorType ||
      elt instanceof UnrankedTensorType || elt instanceof NoneType) {
      this.error('invalid memref element type', eltStart);
    }
    let layout: Attribute | undefined;
    let space: Attribute | undefined;
    if (!this.consumeIf(Tok.Greater)) {
      this.expect(Tok.Comma, "expected ',' or '>' in memref type");
      if (this.lex.kind === Tok.Greater) this.wrongToken('expected list element');
      do {
        const a = this.parseAttribute();
        if (a instanceof StridedLayoutAttr || a instanceof AffineAttr && a.shape.kind === 'map') {
          if (unranked) this.error('cannot have affine map for unranked memref type');
          if (space) this.error('expected memory space to be last in memref type');
          layout = a;
        } else if (space) this.error('multiple memory spaces specified in memref type');
        else space = a;
      } while (this.consumeIf(Tok.Comma));
      this.expect(Tok.Greater, "expected ',' or '>'");
    }
    if (layout instanceof AffineAttr && layout.shape.numDims !== shape.length) {
      this.error(`memref layout mismatch between rank and affine map: ${shape.length} != ${layout.shape.numDims}`, typeAt);
    }
    if (layout instanceof StridedLayoutAttr && layout.strides.length !== shape.length) {
      this.error('expected the number of strides to match the rank', typeAt);
    }
    const memSpace = space && this.memorySpace(space, typeAt);
    if (unranked) return UnrankedMemRefType.get(elt, memSpace);
    if (layout && isIdentityAffineMap(layout)) layout = undefined;
    return MemRefType.get(shape, elt, layout, memSpace);
  }

  /**
   * A memref memory space: integers, strings, dictionaries and dialect
   * attributes; the integer 0 is the default space and is dropped (as in MLIR).
   */
  private memorySpace(a: Attribute, at: number): Attribute | undefined {
    if (a instanceof IntegerAttr) return a.value === 0n ? undefined : a;
    if (a instanceof StringAttr || a instanceof DictionaryAttr || (a instanceof OpaqueAttr && a.dialect)) return a;
    return this.error('unsupported memory space Attribute', at);
  }

  // ---- attributes -----------------------------------------------------------

  parseAttribute(type?: Type): Attribute {
    this.enterNesting();
    try {
      return this.parseAttributeNested(type);
    } finally {
      this.exitNesting();
    }
  }

  private parseAttributeNested(type?: Type): Attribute {
    const k = this.lex.kind;
    const start = this.lex.start;
    switch (k) {
      case Tok.Integer: case Tok.Minus: case Tok.Float:
        return this.parseNumberAttr(type);
      case Tok.String: {
        const s = this.parseStringLiteral();
        if (this.consumeIf(Tok.Colon)) return new StringAttr(s, this.parseType());
        return new StringAttr(s);
      }
      case Tok.LSquare: {
        const elems: Attribute[] = [];
        this.parseCommaSeparated(Tok.LSquare, Tok.RSquare, () => elems.push(this.parseAttribute()));
        return new ArrayAttr(elems);
      }
      case Tok.LBrace: return this.parseDictionary();
      case Tok.AtId: return this.parseSymbolRef();
      case Tok.HashId: return this.parseHashAttr();
      case Tok.BareId: {
        const s = this.lex.spelling;
        switch (s) {
          case 'true': case 'false':
            this.lex.next();
            if (this.consumeIf(Tok.Colon)) {
              const t = this.parseType();
              return new IntegerAttr(s === 'true' ? 1 : 0, t);
            }
            return IntegerAttr.bool(s === 'true');
          case 'unit': this.lex.next(); return UnitAttr.instance;
          case 'dense': return this.parseDenseAttr(type);
          case 'array': return this.parseDenseArrayAttr();
          case 'strided': return this.parseStridedLayout();
          case 'sparse': return this.parseSparseAttr(type);
          case 'affine_map': case 'affine_set': return this.parseAffineAttr(s);
          case 'dense_resource': return this.parseDenseResourceAttr(type);
          case 'distinct': return this.parseDistinctAttr(type);
          case 'loc': {
            // A location used as an attribute (fused metadata and the like): keep it as text.
            const loc = this.parseLocation();
            return new OpaqueAttr(loc.toString());
          }
        }
        if (this.atType()) return new TypeAttr(this.parseType());
        return this.error('expected attribute value', start);
      }
      case Tok.BangId: case Tok.LParen:
        return new TypeAttr(this.parseType());
    }
    return this.error('expected attribute value', start);
  }

  /**
   * `affine_map<…>` / `affine_set<…>`: validated by the affine parser (MLIR's
   * diagnostics) and kept as text with MLIR's spacing. Layouts repeat the same
   * maps, so each distinct body is parsed once: a bracket scan finds the
   * candidate body and a hit skips the parse (a body that parsed once parses
   * the same anywhere, since the parse reads nothing past its `>`).
   */
  private parseAffineAttr(s: 'affine_map' | 'affine_set'): Attribute {
    this.lex.next();
    const begin = this.lex.start;
    const what = s === 'affine_map' ? 'affine map' : 'integer set';
    if (this.lex.kind === Tok.Less) {
      const end = scanAngleEnd(this.lex.text, begin, s === 'affine_set');
      const hit = end > 0 ? this.affineCache.get(s + this.lex.text.slice(begin, end)) : undefined;
      if (hit) {
        this.lex.resetTo(end);
        return hit;
      }
    }
    this.expect(Tok.Less, `expected '<' in ${what}`);
    const bodyAt = this.lex.start;
    const info = parseAffineBody(this);
    if ((info.kind === 'map') !== (s === 'affine_map')) {
      this.error(info.kind === 'set' ? 'expected AffineMap, but got IntegerSet' : 'expected IntegerSet, but got AffineMap', bodyAt);
    }
    if (this.lex.kind !== Tok.Greater) this.wrongToken(`expected '>' in ${what}`);
    const raw = s + this.lex.text.slice(begin, this.lex.end);
    this.lex.next();
    // printed as MLIR builds and prints it
    const body = raw.slice(s.length);
    const attr = new AffineAttr(s + (info.kind === 'map' ? canonicalAffineMap(body) : canonicalIntegerSet(body)), info);
    this.affineCache.set(raw, attr);
    return attr;
  }
  /** Attributes are immutable, so one instance serves every use of the same text. */
  private readonly affineCache = new Map<string, AffineAttr>();
  get lexer(): Lexer { return this.lex; }

  /** MLIR's parseDecOrHexAttr / parseFloatAttr: errors point at the number (after any `-`) or after the type. */
  private parseNumberAttr(type?: Type): Attribute {
    const neg = this.consumeIf(Tok.Minus);
    const k = this.lex.kind;
    if (k !== Tok.Integer && k !== Tok.Float) this.wrongToken('expected constant integer or floating point value');
    const at = this.lex.start;
    const sp = this.lex.spelling;
    this.lex.next();
    let t = type;
    if (this.consumeIf(Tok.Colon)) t = this.parseType();
    if (k === Tok.Float) {
      t ??= FloatType.get('f64');
      if (!(t instanceof FloatType)) this.error('floating point value not valid for specified type');
      return floatLiteral(neg, sp, t);
    }
    t ??= IntegerType.get(64);
    if (t instanceof FloatType) {
      if (!sp.startsWith('0x')) {
        this.error('unexpected decimal integer literal for a floating point value', at,
          [['add a trailing dot to make the literal a float', at]]);
      }
      const bad = hexFloatError(neg, sp, t.width);
      if (bad) this.error(bad, at);
      return floatFromHex(sp, t);
    }
    if (!(t instanceof IntegerType || t instanceof IndexType)) this.error('integer literal not valid for specified type', at);
    if (neg && t instanceof IntegerType && t.signedness === 'unsigned') {
      this.error('negative integer literal not valid for unsigned integer type', at);
    }
    const v = attrInt(t, neg, sp);
    if (v === undefined) this.error('integer constant out of range for attribute', at);
    return new IntegerAttr(v, t);
  }

  private parseDictionary(): DictionaryAttr {
    const entries: [string, Attribute][] = [];
    this.parseAttrDict((k, v) => entries.push([k, v]));
    return new DictionaryAttr(entries);
  }

  /**
   * MLIR's parseAttributeDict, shared by dictionary attributes, op attribute
   * dictionaries and properties: `{` entries `}` with unique keys.
   */
  parseAttrDict(add: (key: string, value: Attribute) => void): void {
    const seen = new Set<string>();
    this.parseCommaSeparated(Tok.LBrace, Tok.RBrace, () => {
      const start = this.lex.start;
      const [k, v] = this.parseNamedAttr(seen, start);
      add(k, v);
    }, ' in attribute dictionary', true);
  }

  /** `name = value` or `name` (unit). Names are bare ids or strings. */
  parseNamedAttr(seen?: Set<string>, start = this.lex.start): [string, Attribute] {
    let name: string;
    if (this.lex.kind === Tok.BareId) name = this.lex.spelling;
    else if (this.lex.kind === Tok.String) {
      name = decodeString(this.lex.spelling);
      if (!name) this.error('expected valid attribute name');
    } else return this.wrongToken('expected attribute name');
    if (seen?.has(name)) this.error(`duplicate key '${name}' in dictionary attribute`, start);
    seen?.add(name);
    this.lex.next();
    if (!this.consumeIf(Tok.Equal)) return [name, UnitAttr.instance];
    return [name, this.parseAttribute()];
  }

  parseSymbolName(): string {
    if (this.lex.kind !== Tok.AtId) this.error('expected valid \'@\'-identifier for symbol name');
    const sp = this.lex.spelling;
    this.lex.next();
    return sp.charCodeAt(1) === 34 ? decodeString(sp.slice(1)) : sp.slice(1);
  }

  parseSymbolRef(): SymbolRefAttr {
    const root = this.parseSymbolName();
    const nested: string[] = [];
    while (this.lex.kind === Tok.ColonColon) {
      this.lex.next();
      if ((this.lex.kind as Tok) !== Tok.AtId) this.error('expected nested symbol reference identifier');
      nested.push(this.parseSymbolName());
    }
    return new SymbolRefAttr(root, nested);
  }

  private parseHashAttr(): Attribute {
    const start = this.lex.start;
    const name = this.lex.spelling.slice(1);
    const nextChar = this.lex.text.charCodeAt(this.lex.end);
    const alias = this.attrAliases.get(name);
    if (alias && nextChar !== 60) {
      this.lex.next();
      return alias;
    }
    if (!name.includes('.') && nextChar !== 60) {
      this.lex.next();
      this.wrongToken(`undefined symbol alias id '${name}'`);
    }
    this.lex.next();
    let text = '#' + name;
    if (this.lex.kind === Tok.Less && this.lex.start === start + text.length) text += this.captureAngleBody();
    const dialect = /^[A-Za-z_][\w$]*/.exec(name)?.[0] ?? '';
    const pretty = text[dialect.length + 1] === '.';
    this.checkDialectKnown(dialect, pretty ? text.slice(dialect.length + 2) : text.slice(dialect.length + 2, -1), 'attribute',
      pretty ? start + dialect.length + 2 : start);
    const parse = name.includes('.') ? this.registry.dialect(dialect)?.parseAttr : undefined;
    const bodyAt = start + dialect.length + 2;
    const known = parse?.(text.slice(dialect.length + 2), (msg, at) => this.error(msg, at === undefined ? start : bodyAt + at));
    if (known) return known;
    // MLIR's parseExtendedAttr: a dialect attribute may carry `: type` (none is not printed)
    const typed = this.consumeIf(Tok.Colon) ? this.parseType() : undefined;
    const type = typed instanceof NoneType ? undefined : typed;
    return new OpaqueAttr(this.knownToMlir(dialect) ? text : '#' + prettyDialectSymbol(text.slice(1), dialect), type);
  }

  /** `dense_resource<name> : type`, kept as text (the blob lives in the file metadata). */
  private parseDenseResourceAttr(type?: Type): Attribute {
    const at = this.lex.start;
    this.lex.next();
    this.expect(Tok.Less, "expected '<' after 'dense_resource'");
    if (this.lex.kind !== Tok.BareId) this.error("expected identifier key for 'resource' entry");
    const name = this.lex.spelling;
    this.lex.next();
    this.expect(Tok.Greater, "expected '>'");
    let typeAt = at;
    if (!type) {
      typeAt = this.lex.start;
      this.expect(Tok.Colon, "expected ':'");
      type = this.parseType();
    }
    if (!isShaped(type)) this.error('`dense_resource` expected a shaped type', typeAt);
    return new OpaqueAttr(`dense_resource<${name}>`, type);
  }

  /**
   * `distinct[N]<attr>`, kept as its source text. An id names one attribute
   * per file: a second use must reference the same attribute.
   */
  private parseDistinctAttr(type?: Type): Attribute {
    const at = this.lex.start;
    this.lex.next();
    const idAt = this.lex.start;
    this.expect(Tok.LSquare, "expected '[' after 'distinct'");
    if (this.lex.kind !== Tok.Integer) this.wrongToken('expected distinct ID');
    const id = BigInt(this.lex.spelling);
    this.lex.next();
    if (id >= 1n << 64n) this.error('expected an unsigned 64-bit integer');
    this.expect(Tok.RSquare, "expected ']' to close distinct ID");
    const bodyAt = this.lex.start;
    this.expect(Tok.Less, "expected '<' after distinct ID");
    let ref: Attribute = UnitAttr.instance;
    if ((this.lex.kind as Tok) !== Tok.Greater) {
      ref = this.parseAttribute(type);
      if ((this.lex.kind as Tok) !== Tok.Greater) this.wrongToken("expected '>' to close distinct attribute");
    }
    const end = this.lex.end;
    this.lex.next();
    const prev = this.distinctAttrs.get(id);
    if (prev === undefined) this.distinctAttrs.set(id, ref);
    else if (!prev.equals(ref)) this.error(`referenced attribute does not match previous definition: ${prev}`, at);
    const text = this.lex.text;
    return new OpaqueAttr('distinct' + text.slice(idAt, bodyAt) + text.slice(bodyAt, end));
  }
  private readonly distinctAttrs = new Map<bigint, Attribute>();

  private parseDenseArrayAttr(): Attribute {
    this.lex.next();
    this.expect(Tok.Less, "expected '<' after 'array'");
    const eltStart = this.lex.start;
    const elt = this.parseType();
    if (!(elt instanceof IntegerType || elt instanceof FloatType)) this.error(`expected integer or float type, got: '${elt}'`, eltStart);
    if (elt.width !== 1 && elt.width % 8 !== 0) this.error('element type bitwidth must be a multiple of 8', eltStart);
    const values: number[] = [];
    if (!this.consumeIf(Tok.Greater)) {
      this.expect(Tok.Colon, "expected ':' after dense array type");
      do {
        if (this.isKeyword('true') || this.isKeyword('false')) {
          values.push(this.spelling === 'true' ? 1 : 0);
          this.consume();
          continue;
        }
        const neg = this.consumeIf(Tok.Minus);
        if (this.tok !== Tok.Integer && this.tok !== Tok.Float) this.error('expected integer or float literal');
        if (elt instanceof IntegerType && this.tok === Tok.Float) this.error('expected integer literal');
        if (elt instanceof FloatType && this.tok === Tok.Integer && !this.spelling.startsWith('0x')) {
          this.error('unexpected decimal integer literal for a floating point value', this.lex.start,
            [['add a trailing dot to make the literal a float', this.lex.start]]);
        }
        const v = this.tok === Tok.Integer && this.spelling.startsWith('0x') && elt instanceof FloatType
          ? hexToFloat(this.spelling, elt) : Number(this.spelling);
        values.push(neg ? -v : v);
        this.consume();
      } while (this.consumeIf(Tok.Comma));
      this.expect(Tok.Greater, "expected '>' to close an array attribute");
    }
    return new DenseArrayAttr(elt, values);
  }

  private parseStridedLayout(): Attribute {
    const at = this.lex.start;
    this.lex.next();
    this.expect(Tok.Less, "expected '<' after 'strided'");
    const dim = (): number => {
      if (this.consumeIf(Tok.Question)) return DYNAMIC;
      return Number(this.parseInteger('a 64-bit signed integer or \'?\''));
    };
    const strides: number[] = [];
    this.parseCommaSeparated(Tok.LSquare, Tok.RSquare, () => strides.push(dim()), '', true);
    let offset = 0;
    if (!this.consumeIf(Tok.Greater)) {
      this.expect(Tok.Comma, "expected ','");
      // a token MLIR expects (parseToken), so reported where wrong tokens are
      if (!this.parseOptionalKeyword('offset')) this.wrongToken("expected 'offset' after comma");
      this.expect(Tok.Colon, "expected ':' after 'offset'");
      offset = dim();
      this.expect(Tok.Greater, "expected '>'");
    }
    // StridedLayoutAttr::verify, reported at `strided`.
    if (strides.includes(0)) this.error('strides must not be zero', at);
    return new StridedLayoutAttr(offset, strides);
  }

  /** `dense<…> : type`; the type may be left out when the context supplies it (`type`). */
  private parseDenseAttr(type?: Type): Attribute {
    const start = this.lex.start;
    this.lex.next();
    this.expect(Tok.Less, "expected '<' after 'dense'");
    let body: DenseTree | { hex: string } | null = null;
    this.denseTokens = [];
    this.firstDenseFloatAt = -1;
    if (this.lex.kind === Tok.String) {
      body = { hex: this.lex.spelling.slice(1, -1) };
      this.lex.next();
    } else if (this.lex.kind !== Tok.Greater) {
      body = this.parseDenseTree();
    }
    const tokens = this.denseTokens;
    this.expect(Tok.Greater, "expected '>'");
    // MLIR reports literal/type mismatches at the type (the ':' token), or at
    // `dense` when the type comes from the context.
    const typeAt = type ? start : this.lex.start;
    const t = this.parseElementsLiteralType(type);
    if (body && !Array.isArray(body) && 'hex' in body) {
      // Raw element data: read it as values, as MLIR does (it prints values back).
      const decoded = decodeDenseHex(body.hex, t);
      if (decoded === 'invalid') this.error(`elements hex data size is invalid for provided type: '${t}'`, typeAt);
      if (decoded !== undefined) body = decoded;
    } else {
      // A nested literal must have the type's shape (a single element is a splat).
      const shape = body ? literalShape(body) : [];
      if (shape.length && shape.join() !== t.shape.join()) {
        this.error(`inferred shape of elements literal ([${shape.join(', ')}]) does not match type ([${t.shape.join(', ')}])`, typeAt);
      }
      if (!tokens.length && t.shape.every((d) => d !== 0)) {
        this.error(`parsed zero elements, but type ('${t}') expected at least 1`, typeAt);
      }
      const bad = checkElements(tokens, t.elementType);
      if (bad) this.error(bad.message, bad.at < 0 ? this.lex.start : bad.at);
      if (body) body = this.normalizeDenseLeaves(body, t.elementType, typeAt);
    }
    return new DenseElementsAttr(body, t);
  }

  /** MLIR's parseElementsLiteralType: `: type` unless the context gives it; a statically shaped tensor or vector. */
  private parseElementsLiteralType(type?: Type): RankedTensorType | VectorType {
    if (!type) {
      this.expect(Tok.Colon, "expected ':'");
      type = this.parseType();
    }
    if (type instanceof UnrankedTensorType || (type instanceof RankedTensorType && type.shape.includes(DYNAMIC))) {
      this.error('elements literal type must have static shape');
    }
    if (!(type instanceof RankedTensorType || type instanceof VectorType)) this.error('elements literal must be a shaped type');
    return type;
  }

  /**
   * `sparse<indices, values> : type`, kept as an OpaqueAttr holding MLIR's
   * printed form: both literals print like dense ones (a splat as one value).
   */
  private parseSparseAttr(context?: Type): Attribute {
    const start = this.lex.start;
    this.lex.next();
    this.expect(Tok.Less, "Expected '<' after 'sparse'");
    if (this.consumeIf(Tok.Greater)) return new OpaqueAttr('sparse<>', this.parseElementsLiteralType(context));
    const indicesAt = this.lex.start;
    this.denseTokens = [];
    const indices = this.parseDenseTree();
    const indexTokens = this.denseTokens;
    this.expect(Tok.Comma, "expected ','");
    const valuesAt = this.lex.start;
    this.denseTokens = [];
    let values: DenseTree | { hex: string };
    if (this.lex.kind === Tok.String) {
      values = { hex: this.lex.spelling.slice(1, -1) };
      this.lex.next();
    } else values = this.parseDenseTree();
    const valueTokens = this.denseTokens;
    this.expect(Tok.Greater, "expected '>'");
    const t = this.parseElementsLiteralType(context);
    const i64 = IntegerType.get(64);
    const idxShape = literalShape(indices);
    const idxType = RankedTensorType.get(idxShape.length ? idxShape : [1, t.shape.length], i64);
    const badIndex = checkElements(indexTokens, i64);
    if (badIndex) this.error(badIndex.message, badIndex.at < 0 ? this.lex.start : badIndex.at);
    const idx = new DenseElementsAttr(this.normalizeDenseLeaves(indices, i64, indicesAt), idxType);
    const n = idxType.shape[0]!;
    let vals: DenseElementsAttr;
    if (!Array.isArray(values) && 'hex' in values) {
      const vt = RankedTensorType.get([n], t.elementType);
      const decoded = decodeDenseHex(values.hex, vt);
      if (decoded === 'invalid') this.error(`elements hex data size is invalid for provided type: '${vt}'`, valuesAt);
      vals = new DenseElementsAttr(decoded ?? values, vt);
    } else {
      const shape = literalShape(values);
      const bad = checkElements(valueTokens, t.elementType);
      if (bad) this.error(bad.message, bad.at < 0 ? this.lex.start : bad.at);
      vals = new DenseElementsAttr(this.normalizeDenseLeaves(values, t.elementType, valuesAt),
        RankedTensorType.get(shape.length ? shape : [n], t.elementType));
    }
    const problem = sparseShapeError(t, idxType, vals.type as RankedTensorType, flatInts(indices));
    if (problem) this.error(problem, start);
    return new OpaqueAttr(`sparse<${idx.printBody(false)}, ${vals.printBody()}>`, t);
  }

  /**
   * Gives leaves the element type's meaning: floats rounded to the type (f80/f128
   * keep their text), hex integers as float bits. MLIR rejects integer literals
   * for float elements and the reverse.
   */
  private normalizeDenseLeaves(body: DenseTree, elt: Type, at: number): DenseTree {
    const scalar = elt instanceof ComplexType ? elt.elementType : elt;
    const leaf = (l: DenseLeaf): DenseLeaf => {
      if (l.kind === 'complex') return { kind: 'complex', re: leaf(l.re), im: leaf(l.im) };
      if (scalar instanceof FloatType) {
        if (l.kind === 'int') {
          // MLIR reports this one at the token after the type.
          if (!l.fromHex) this.error('expected floating-point elements, but parsed integer');
          if (!isNarrow(scalar.kind)) return { kind: 'float', value: Number.NaN, raw: hexOf(l.value, scalar.width) };
          const v = fromBits(l.value, scalar.kind);
          return Number.isNaN(v) ? { kind: 'float', value: v, raw: hexOf(l.value, scalar.width) } : { kind: 'float', value: v };
        }
        if (l.kind === 'float') {
          return isNarrow(scalar.kind) ? { kind: 'float', value: roundToFormat(l.value, scalar.kind) }
            : { kind: 'float', value: l.value, raw: hexOf(wideBitsOfDouble(l.value, scalar.kind), scalar.width) };
        }
      } else if ((scalar instanceof IntegerType || scalar instanceof IndexType) && l.kind === 'float') {
        this.error('expected integer elements, but parsed floating-point', this.firstDenseFloatAt >= 0 ? this.firstDenseFloatAt : at);
      }
      return l.kind === 'float' ? { kind: 'float', value: l.value } : l;
    };
    const walk = (t: DenseTree): DenseTree => (Array.isArray(t) ? t.map(walk) : leaf(t));
    return walk(body);
  }

  /** Where the first float element of the dense literal being parsed is (MLIR reports it there). */
  private firstDenseFloatAt = -1;

  /** The elements of the dense/sparse literal being parsed, in order (MLIR checks them in this order). */
  private denseTokens: ElementToken[] = [];

  /** A list or an element; `dims` receives a list's shape (MLIR's TensorLiteralParser::parseList). */
  private parseDenseTree(dims: number[] = []): DenseTree {
    if (this.lex.kind !== Tok.LSquare) return this.parseDenseElement();
    const out: DenseTree[] = [];
    let inner: number[] | undefined;
    this.parseCommaSeparated(Tok.LSquare, Tok.RSquare, () => {
      const d: number[] = [];
      out.push(this.parseDenseTree(d));
      if (inner === undefined) inner = d;
      else if (inner.join() !== d.join()) this.error('tensor literal is invalid; ranks are not consistent between elements');
    }, '', true);
    dims.push(out.length, ...(inner ?? []));
    return out;
  }

  /** An element, or a complex `(re, im)`. */
  private parseDenseElement(): DenseTree {
    if (this.lex.kind !== Tok.LParen) return this.parseDenseLeaf();
    this.lex.next();
    const re = this.parseDenseLeaf();
    this.expect(Tok.Comma, "expected ',' between complex elements");
    const im = this.parseDenseLeaf();
    this.expect(Tok.RParen, "expected ')' after complex elements");
    return { kind: 'complex', re, im };
  }

  private parseDenseLeaf(): DenseLeaf {
    const at = this.lex.start;
    if (this.isKeyword('true') || this.isKeyword('false')) {
      const v = this.spelling === 'true';
      this.denseTokens.push({ neg: false, kind: 'bool', spelling: this.spelling, at });
      this.consume();
      return { kind: 'bool', value: v };
    }
    if (this.tok === Tok.String) {
      this.denseTokens.push({ neg: false, kind: 'string', spelling: this.spelling, at });
      return { kind: 'string', value: this.parseStringLiteral() };
    }
    const neg = this.consumeIf(Tok.Minus);
    const sp = this.spelling;
    if (this.tok === Tok.Integer) {
      this.denseTokens.push({ neg, kind: 'int', spelling: sp, at: this.lex.start });
      this.consume();
      return { kind: 'int', value: neg ? -BigInt(sp) : BigInt(sp), fromHex: sp.startsWith('0x') || undefined };
    }
    if (this.tok === Tok.Float) {
      this.denseTokens.push({ neg, kind: 'float', spelling: sp, at: this.lex.start });
      if (this.firstDenseFloatAt < 0) this.firstDenseFloatAt = this.lex.start;
      this.consume();
      // The literal text is kept for f80/f128 (see normalizeDenseLeaves).
      return { kind: 'float', value: neg ? -Number(sp) : Number(sp), raw: (neg ? '-' : '') + sp };
    }
    return this.error(neg ? 'expected integer or floating point literal' : 'expected element literal of primitive type');
  }

  // ---- locations --------------------------------------------------------------

  /** `loc(...)` */
  parseLocation(): Location {
    this.parseKeyword('loc');
    this.expect(Tok.LParen, "expected '(' in location");
    const l = this.parseLocationInner();
    this.expect(Tok.RParen, "expected ')' in location");
    return l;
  }

  parseOptionalLocation(): Location | undefined {
    return this.isKeyword('loc') ? this.parseLocation() : undefined;
  }

  private parseLocationInner(): Location {
    this.enterNesting();
    try {
      return this.parseLocationNested();
    } finally {
      this.exitNesting();
    }
  }

  private parseLocationNested(): Location {
    const k = this.lex.kind;
    if (k === Tok.HashId) {
      const name = this.lex.spelling.slice(1);
      const start = this.lex.start;
      this.lex.next();
      const known = this.locAliases.get(name);
      if (known) return known;
      const ref = new AliasLoc('#' + name);
      this.pendingLocAliases.push({ ref, offset: start });
      return ref;
    }
    if (k === Tok.String) {
      const s = this.parseStringLiteral();
      if (this.consumeIf(Tok.Colon)) {
        const line = this.parseLocNumber('line');
        let col = 0;
        if (this.consumeIf(Tok.Colon)) col = this.parseLocNumber('column');
        return new FileLineColLoc(s, line, col);
      }
      if (this.consumeIf(Tok.LParen)) {
        const child = this.parseLocationInner();
        this.expect(Tok.RParen, "expected ')' after child location of NameLoc");
        return new NameLoc(s, child);
      }
      return new NameLoc(s);
    }
    if (this.parseOptionalKeyword('unknown')) return UnknownLoc.instance;
    if (this.parseOptionalKeyword('callsite')) {
      this.expect(Tok.LParen, "expected '(' in callsite location");
      const callee = this.parseLocationInner();
      this.parseKeyword('at', ' in callsite location');
      const caller = this.parseLocationInner();
      this.expect(Tok.RParen, "expected ')' in callsite location");
      return new CallSiteLoc(callee, caller);
    }
    if (this.parseOptionalKeyword('fused')) {
      let meta: Attribute | undefined;
      if (this.consumeIf(Tok.Less)) {
        meta = this.parseAttribute();
        this.expect(Tok.Greater, "expected '>' after fused location metadata");
      }
      const locs: Location[] = [];
      this.parseCommaSeparated(Tok.LSquare, Tok.RSquare, () => locs.push(this.parseLocationInner()), ' in fused location', true);
      return fuseLocations(locs, meta);
    }
    return this.error('expected location instance');
  }

  /** Resolves `loc(#alias)` references once all aliases are known. */
  protected resolveLocationAliases(): void {
    for (const { ref, offset } of this.pendingLocAliases) {
      const target = this.locAliases.get(ref.alias.slice(1));
      if (!target) this.error(`operation location alias was never defined`, offset);
      ref.target = target;
    }
    this.pendingLocAliases.length = 0;
  }
}

/**
 * MLIR's FusedLoc::get: nested fused locations with the same metadata are
 * flattened, unknown and repeated locations dropped; no location left gives
 * `unknown`, one (without metadata) gives that location itself.
 */
function fuseLocations(locs: readonly Location[], meta: Attribute | undefined): Location {
  const seen = new Set<string>();
  const out: Location[] = [];
  const add = (l: Location) => {
    const key = l.printInner();
    if (l instanceof UnknownLoc || seen.has(key)) return;
    seen.add(key);
    out.push(l);
  };
  const sameMeta = (m: Attribute | undefined) => (m === undefined ? meta === undefined : meta !== undefined && m.equals(meta));
  for (const l of locs) {
    if (l instanceof FusedLoc && sameMeta(l.metadata)) l.locations.forEach(add);
    else add(l);
  }
  if (!out.length) return meta ? new FusedLoc([UnknownLoc.instance], meta) : UnknownLoc.instance;
  if (out.length === 1 && !meta) return out[0]!;
  return new FusedLoc(out, meta);
}

/**
 * Affine maps and sets are kept as text; this gives them the spacing MLIR
 * prints (`(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)`), without changing the
 * expressions themselves.
 */
/**
 * End (exclusive) of the bracket group opened by the `<` at `open`, or -1 when
 * brackets do not balance; in sets `>=` and `<=` are comparisons, not brackets.
 */
function scanAngleEnd(text: string, open: number, set: boolean): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 60 && set && text.charCodeAt(i + 1) === 61) continue; // `<=`
    if (c === 60 || c === 40 || c === 91) depth++;
    else if (c === 62 || c === 41 || c === 93) {
      if (c === 62 && text.charCodeAt(i - 1) === 45) continue; // `->`
      if (c === 62 && set && text.charCodeAt(i + 1) === 61) continue; // `>=`
      if (--depth === 0) return i + 1;
    } else if (c === 34 || c === 123) return -1; // never in a valid body
  }
  return -1;
}

const INT64_MAX = (1n << 63n) - 1n;

/** The dialects mlir-opt-19 registers (`mlir-opt-19 --show-dialects`). */
const MLIR_OPT_19_DIALECTS = new Set([
  'acc', 'affine', 'amdgpu', 'amx', 'arith', 'arm_neon', 'arm_sme', 'arm_sve', 'async', 'bufferization', 'builtin', 'cf',
  'complex', 'dlti', 'emitc', 'func', 'gpu', 'index', 'irdl', 'linalg', 'llvm', 'math', 'memref', 'mesh', 'ml_program',
  'mpi', 'nvgpu', 'nvvm', 'omp', 'pdl', 'pdl_interp', 'polynomial', 'ptr', 'quant', 'rocdl', 'scf', 'shape',
  'sparse_tensor', 'spirv', 'tensor', 'test', 'test_dyn', 'tosa', 'transform', 'ub', 'vector', 'x86vector', 'xegpu',
]);

/** The integers of a literal in order (sparse indices). */
function flatInts(t: DenseTree): bigint[] {
  if (Array.isArray(t)) return t.flatMap(flatInts);
  return [t.kind === 'int' ? t.value : 0n];
}

/**
 * MLIR's SparseElementsAttr::verify: values are 1-d, indices are `N x rank`
 * (or `N` for rank 1) with one value per index, and each index is in bounds.
 */
function sparseShapeError(t: RankedTensorType | VectorType, idx: RankedTensorType, vals: RankedTensorType, flat: bigint[]): string | undefined {
  if (vals.shape.length !== 1) return 'expected 1-d tensor for sparse element values';
  const rank = t.shape.length;
  const shapeError = `expected shape ([${t.shape.join(', ')}]); inferred shape of indices literal ([${idx.shape.join(', ')}]); ` +
    `inferred shape of values literal ([${vals.shape.join(', ')}])`;
  if (idx.shape.length === 2 ? idx.shape[1] !== rank : idx.shape.length !== 1 || rank !== 1) return shapeError;
  if (idx.shape[0] !== vals.shape[0]) return shapeError;
  // A one-element literal is a splat: every coordinate of the single index.
  const count = idx.shape[0]!;
  const at = (k: number): bigint => BigInt.asUintN(64, flat.length === 1 ? flat[0]! : flat[k]!);
  for (let i = 0; i < count; i++) {
    const index = Array.from({ length: rank }, (_, d) => at(i * rank + d));
    if (index.some((v, d) => v >= BigInt(t.shape[d]!))) {
      return `sparse index #${i} is not contained within the value shape, with index=[${index.join(', ')}], and type='${t}'`;
    }
  }
  return undefined;
}

/** The shape of a nested literal (`[[1, 2], [3, 4]]` → [2, 2]; a single element → []). */
function literalShape(t: DenseTree): number[] {
  const shape: number[] = [];
  for (let x: DenseTree = t; Array.isArray(x); x = x[0]!) {
    shape.push(x.length);
    if (!x.length) break;
  }
  return shape;
}

/** Skips a balanced bracket group starting at `i` (which holds the opener); returns the index after it, or -1. */
function skipBalanced(s: string, i: number): number {
  let depth = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 34) {
      i++;
      while (i < s.length && s.charCodeAt(i) !== 34) i += s.charCodeAt(i) === 92 ? 2 : 1;
      continue;
    }
    if (c === 47 && s.charCodeAt(i + 1) === 47) return -1; // comments inside: do not cache
    if (c === 40 || c === 60 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 62 || c === 93 || c === 125) {
      if (c === 62 && s.charCodeAt(i - 1) === 45) continue; // `->`
      if (--depth === 0) return i + 1;
    }
  }
  return -1;
}

/** Where the type starting at `i` ends (exclusive), by characters only; -1 when unsure. */
function scanTypeEnd(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c === 40) {
    let j = skipBalanced(s, i);
    if (j < 0) return -1;
    while (s.charCodeAt(j) === 32) j++;
    if (s.charCodeAt(j) !== 45 || s.charCodeAt(j + 1) !== 62) return -1;
    j += 2;
    while (s.charCodeAt(j) === 32) j++;
    return scanTypeEnd(s, j);
  }
  let j = i;
  if (c === 33) j++;
  while (j < s.length) {
    const d = s.charCodeAt(j);
    if ((d >= 97 && d <= 122) || (d >= 65 && d <= 90) || (d >= 48 && d <= 57) || d === 95 || d === 46 || d === 36) j++;
    else break;
  }
  if (j === i) return -1;
  if (s.charCodeAt(j) === 60) return skipBalanced(s, j);
  return j;
}

/** A decimal float literal: read as a double, then rounded to the type (as MLIR does; f80/f128 keep their bits). */
function floatLiteral(neg: boolean, sp: string, t: FloatType): FloatAttr {
  const v = neg ? -Number(sp) : Number(sp);
  if (!isNarrow(t.kind)) return new FloatAttr(v, t, hexOf(wideBitsOfDouble(v, t.kind), t.width));
  return new FloatAttr(roundToFormat(v, t.kind), t);
}

/** `0x…` bits of a float type; NaN payloads and f80/f128 keep the bits as text. */
function floatFromHex(sp: string, t: FloatType): FloatAttr {
  const width = FLOAT_FORMATS[t.kind]?.width ?? t.width;
  const bits = BigInt(sp);
  if (!isNarrow(t.kind)) return new FloatAttr(Number.NaN, t, hexOf(bits, width));
  const v = fromBits(bits, t.kind);
  return new FloatAttr(v, t, Number.isNaN(v) ? hexOf(bits, width) : undefined);
}

function hexToFloat(hex: string, t: FloatType): number {
  return fromBits(BigInt(hex), t.kind);
}

/**
 * MLIR prints an opaque dialect type or attribute `dialect<body>` as `dialect.body` when the
 * body is simple enough (isDialectSymbolSimpleEnoughForPrettyForm): a letter, then letters,
 * digits, `.` and `_`, then nothing or a `<…>` to the end. `text` has no `!` or `#`.
 */
function prettyDialectSymbol(text: string, dialect: string): string {
  if (text[dialect.length] !== '<' || !text.endsWith('>')) return text;
  const body = text.slice(dialect.length + 1, -1);
  const rest = /^[A-Za-z][A-Za-z0-9._]*/.exec(body);
  if (!rest) return text;
  const tail = body.slice(rest[0].length);
  return tail === '' || (tail.startsWith('<') && tail.endsWith('>')) ? `${dialect}.${body}` : text;
}
