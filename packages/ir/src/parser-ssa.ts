/**
 * The parser's SSA layer: what custom syntax builds before an op exists
 * (OperationState), name scopes (isolated-from-above trees, nested regions,
 * forward references), operands and arguments, and the helpers custom parsers
 * use for types and attribute dictionaries. parser.ts adds blocks, regions,
 * operations and the top level.
 */
import type { Attribute } from './attributes.js';
import { DiagnosticError, SourceLoc, diag } from './diagnostics.js';
import { Block, BlockArgument, Region, Value } from './ir.js';
import { Tok } from './lexer.js';
import type { Location } from './location.js';
import type { PropList } from './ir.js';
import type { OpDef } from './opdef.js';
import { AttrTypeParser } from './parse-attr-type.js';
import type { Type } from './types.js';

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
  // Inherent attributes set through setProperty/addAttr start as a flat [name, value, …]
  // list, the form Operation keeps them in (see PropList in ir.ts): half the ops of a
  // module carry one or two, and a Map made per op only to be flattened is garbage.
  private props: Map<string, Attribute> | PropList | undefined;
  private attrs: Map<string, Attribute> | undefined;
  constructor(readonly name: string, readonly def: OpDef | undefined, public loc: Location) {}
  /** Where the op's name was spelled (MLIR's getNameLoc), for custom parsers' errors. */
  get nameOffset(): number | undefined {
    return this.loc instanceof SourceLoc ? this.loc.offset : undefined;
  }
  get properties(): Map<string, Attribute> {
    const p = this.props;
    if (p instanceof Map) return p;
    const m = new Map<string, Attribute>();
    if (p) for (let i = 0; i < p.length; i += 2) m.set(p[i] as string, p[i + 1] as Attribute);
    return (this.props = m);
  }
  get attributes(): Map<string, Attribute> {
    return (this.attrs ??= new Map());
  }
  /** The maps if they were made (for building the op without empty maps). */
  get propertiesIfAny(): Map<string, Attribute> | undefined { return this.props ? this.properties : undefined; }
  get attributesIfAny(): Map<string, Attribute> | undefined { return this.attrs; }
  /** @internal The inherent attributes as kept (a Map or a flat list), for createOperation. */
  get propertyStore(): Map<string, Attribute> | PropList | undefined { return this.props; }
  /** `properties.set(name, a)` without making the Map. */
  setProperty(name: string, a: Attribute): void {
    const p = this.props;
    if (p instanceof Map) {
      p.set(name, a);
      return;
    }
    if (!p) {
      this.props = [name, a];
      return;
    }
    for (let i = 0; i < p.length; i += 2) {
      if (p[i] === name) {
        p[i + 1] = a;
        return;
      }
    }
    p.push(name, a);
  }
  /** Inherent attributes become properties, as in MLIR. */
  addAttr(name: string, a: Attribute): void {
    if (this.def?.isInherent(name)) this.setProperty(name, a);
    else this.attributes.set(name, a);
  }
  getAttr(name: string): Attribute | undefined {
    return this.getProperty(name) ?? this.attrs?.get(name);
  }
  private getProperty(name: string): Attribute | undefined {
    const p = this.props;
    if (p instanceof Map) return p.get(name);
    if (p) for (let i = 0; i < p.length; i += 2) if (p[i] === name) return p[i + 1] as Attribute;
    return undefined;
  }
  addRegion(r = new Region()): Region {
    this.regions.push(r);
    return r;
  }
}

/** A `%name` or `%name:N` to the left of an op's `=`. */
export interface ResultName {
  name: string;
  count: number;
  offset: number;
}

/** A use of a name before its definition. */
export class ForwardRef extends Value {
  /**
   * The definition, once parsed. An op whose own region defines the name holds the
   * reference in its operand list before it is created (no use to replace yet); it
   * takes the definition when it is created, so the verifier sees a real value.
   */
  resolved?: Value;
  constructor(type: Type, readonly offset: number) { super(type); }
  get parentBlock(): null { return null; }
  get definingOp(): null { return null; }
}

export interface BlockDef {
  block: Block;
  defined: boolean;
  offset: number;
}

/** The values a name stands for, and where it was defined (for "previously defined here" / "prior use here" notes). */
export interface Binding {
  values: Value[];
  offset: number;
}

/** Names visible in one isolated-from-above region tree. */
export interface IsolatedScope {
  /** One entry per name: a single Map update per definition (names are defined once per op). */
  values: Map<string, Binding>;
  forwardRefs: Map<string, ForwardRef[]>;
  /** Names defined in each open (non-isolated) nested region, removed when it closes. */
  regionNames: string[][];
}

export abstract class SsaParser extends AttrTypeParser {
  protected isolated: IsolatedScope[] = [];
  protected blockScopes: Map<string, BlockDef>[] = [];
  /** MLIR's default-dialect stack; the top level is builtin's. */
  protected defaultDialects: string[] = ['builtin'];

  // ---- SSA scopes -------------------------------------------------------------

  protected pushIsolated(): void {
    this.isolated.push({ values: new Map(), forwardRefs: new Map(), regionNames: [] });
  }
  protected popIsolated(): void {
    const scope = this.isolated.pop()!;
    // A name still only forward-referenced at the end of its scope was never defined.
    for (const refs of scope.forwardRefs.values()) this.error(`use of undeclared SSA value name`, refs[0]!.offset);
  }
  protected get scope(): IsolatedScope {
    return this.isolated[this.isolated.length - 1]!;
  }
  protected pushRegionNames(): void {
    this.scope.regionNames.push([]);
  }
  protected popRegionNames(): void {
    const scope = this.scope;
    const names = scope.regionNames.pop()!;
    for (const n of names) scope.values.delete(n);
  }

  /** Binds `%name` to values (one per result in a `%name:N` group). */
  protected defineValues(name: string, values: Value[], offset: number): void {
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
        this.error(`definition of SSA value '${name}#${number}' has type '${v.type}'`, offset, [[`previously used here with type '${ref.type}'`, ref.offset]]);
      }
      ref.resolved = v;
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
  parseArgument(withType = true, colonMessage = "expected ':'"): ArgumentDecl & { offset: number } {
    const offset = this.offset;
    const name = this.parseOperand();
    let type!: Type;
    if (withType) {
      this.expect(Tok.Colon, colonMessage);
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
    this.parseAttrDict((k, v) => state.addAttr(k, v));
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
    this.parseAttrDict((k, v) => state.setProperty(k, v));
    this.expect(Tok.Greater, "expected '>' to close properties");
  }
}
