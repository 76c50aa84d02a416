/**
 * FIR's types (flang/include/flang/Optimizer/Dialect/FIRTypes.td, LLVM 19), parsed and
 * printed as fir-opt-19 does:
 *
 *   !fir.ref<T> !fir.ptr<T> !fir.heap<T> !fir.llvm_ptr<T>     addresses
 *   !fir.box<T> !fir.class<T>                                 descriptors (BaseBoxType)
 *   !fir.tdesc<T> !fir.boxproc<T>                             type descriptor, procedure box
 *   !fir.array<2x?xT> !fir.array<*:T>                         sequences (`?` dynamic, `*` unknown rank)
 *   !fir.char<k[,n|?]> !fir.logical<k> !fir.int<k> !fir.real<k> !fir.complex<k> !fir.boxchar<k>
 *   !fir.type<name(len:T,…){field:T,…}>                       derived types (records)
 *   !fir.shape<r> !fir.shift<r> !fir.shapeshift<r> !fir.slice<r>
 *   !fir.vector<n:T> !fir.field !fir.len !fir.void !fir.dscope
 *
 * Records are identified by name, one object per name and registry (MLIR uniques them per
 * context): the first spelling with members defines them, every bare `!fir.type<name>` —
 * also inside its own member list — is that same object, and a different member list is
 * "cannot redefine record type members". A record prints its members except inside its own
 * member list, as fir-opt does. Types that contain records are therefore interned by the
 * identity of their element types, and print afresh each time (a record may get its members
 * after a type containing it was made).
 */
import { DYNAMIC, Type, internType, type Attribute, type DialectTypeParser } from '@lifeline/ir';

const intern = internType;

/** A number per type object: composite FIR types are uniqued by their parts' identity. */
const ids = new WeakMap<Type, number>();
let nextId = 0;
function idOf(t: Type): number {
  let id = ids.get(t);
  if (id === undefined) ids.set(t, (id = nextId++));
  return id;
}

const composites = new Map<string, Type>();
function internComposite<T extends Type>(key: string, make: () => T): T {
  let t = composites.get(key) as T | undefined;
  if (!t) composites.set(key, (t = make()));
  return t;
}

/** Whether printing `t` depends on a record's members. */
function mentionsRecord(t: Type): boolean {
  return t instanceof RecordType || (t as { hasRecord?: boolean }).hasRecord === true;
}

/** Types with one element type: `!fir.<mnemonic><T>`. */
export type WrapperKind = 'ref' | 'ptr' | 'heap' | 'llvm_ptr' | 'box' | 'class' | 'tdesc' | 'boxproc';
const WRAPPERS = new Set<string>(['ref', 'ptr', 'heap', 'llvm_ptr', 'box', 'class', 'tdesc', 'boxproc']);

export class FirWrapperType extends Type {
  readonly hasRecord: boolean;
  private constructor(readonly kind: WrapperKind, readonly eleTy: Type) {
    super();
    this.hasRecord = mentionsRecord(eleTy);
  }
  static get(kind: WrapperKind, eleTy: Type): FirWrapperType {
    return internComposite(`${kind}|${idOf(eleTy)}`, () => new FirWrapperType(kind, eleTy));
  }
  override toString(): string { return this.hasRecord ? this.render() : super.toString(); }
  protected render(): string { return `!fir.${this.kind}<${this.eleTy}>`; }
}

/** Types with one integer parameter: a kind (`int`, `real`…) or a rank (`shape`…). */
export type IntParamKind = 'int' | 'real' | 'complex' | 'logical' | 'boxchar' | 'shape' | 'shift' | 'shapeshift' | 'slice';
const INT_PARAMS = new Set<string>(['int', 'real', 'complex', 'logical', 'boxchar', 'shape', 'shift', 'shapeshift', 'slice']);

export class FirIntParamType extends Type {
  private constructor(readonly kind: IntParamKind, readonly param: number) { super(); }
  static get(kind: IntParamKind, param: number): FirIntParamType {
    return intern(new FirIntParamType(kind, param));
  }
  protected render(): string { return `!fir.${this.kind}<${this.param}>`; }
}

/** Types without parameters. */
export type SimpleKind = 'field' | 'len' | 'void' | 'dscope';
const SIMPLES = new Set<string>(['field', 'len', 'void', 'dscope']);

export class FirSimpleType extends Type {
  private constructor(readonly kind: SimpleKind) { super(); }
  static get(kind: SimpleKind): FirSimpleType {
    return intern(new FirSimpleType(kind));
  }
  protected render(): string { return `!fir.${this.kind}`; }
}

/** `!fir.char<kind[,len]>`; len -1 is `?` (unknown), 1 is not printed. */
export class CharacterType extends Type {
  static readonly UNKNOWN_LEN = -1;
  private constructor(readonly fkind: number, readonly len: number) { super(); }
  static get(fkind: number, len = 1): CharacterType {
    return intern(new CharacterType(fkind, len));
  }
  protected render(): string {
    const len = this.len === 1 ? '' : `,${this.len === CharacterType.UNKNOWN_LEN ? '?' : this.len}`;
    return `!fir.char<${this.fkind}${len}>`;
  }
}

/** `!fir.array<2x?xT[, map]>`; `shape` undefined is `*` (unknown rank). */
export class SequenceType extends Type {
  readonly hasRecord: boolean;
  private constructor(readonly shape: readonly number[] | undefined, readonly eleTy: Type, readonly layout: Attribute | undefined) {
    super();
    this.hasRecord = mentionsRecord(eleTy);
  }
  static get(shape: readonly number[] | undefined, eleTy: Type, layout?: Attribute): SequenceType {
    const dims = shape?.length ? shape : undefined;
    return internComposite(`array|${dims?.join('x') ?? '*'}|${idOf(eleTy)}|${layout ?? ''}`, () => new SequenceType(dims, eleTy, layout));
  }
  override toString(): string { return this.hasRecord ? this.render() : super.toString(); }
  protected render(): string {
    const dims = this.shape ? this.shape.map((d) => (d === DYNAMIC ? '?x' : `${d}x`)).join('') : '*:';
    return `!fir.array<${dims}${this.eleTy}${this.layout ? `, ${this.layout}` : ''}>`;
  }
}

/** `!fir.vector<len:T>` */
export class FirVectorType extends Type {
  private constructor(readonly len: number, readonly eleTy: Type) { super(); }
  static get(len: number, eleTy: Type): FirVectorType {
    return internComposite(`vector|${len}|${idOf(eleTy)}`, () => new FirVectorType(len, eleTy));
  }
  protected render(): string { return `!fir.vector<${this.len}:${this.eleTy}>`; }
}

export type Member = readonly [name: string, type: Type];

/** Records being printed: inside its own member list a record prints bare. */
const printing = new Set<RecordType>();

/** Records with members, by their full text; bare records by name. */
const recordsByText = new Map<string, RecordType>();

/**
 * `!fir.type<name(lenParams){fields}>`. A record is its name and members: two spellings of
 * the same members are one object. Its members may refer to the record itself (a bare
 * `!fir.type<name>` inside its own member list is the record being defined).
 */
export class RecordType extends Type {
  private members?: { lenParams: readonly Member[]; fields: readonly Member[] };
  private constructor(readonly name: string) { super(); }

  /** The bare record `name` (no members known). */
  static bare(name: string): RecordType {
    const key = `!fir.type<${name}>`;
    let r = recordsByText.get(key);
    if (!r) recordsByText.set(key, (r = new RecordType(name)));
    return r;
  }
  /** A record whose members are still to be given to `finish` (members may refer to it). */
  static begin(name: string): RecordType {
    return new RecordType(name);
  }
  /** Gives `r` (from `begin`) its members; returns the one record of that text. */
  static finish(r: RecordType, lenParams: readonly Member[], fields: readonly Member[]): RecordType {
    r.members = { lenParams, fields };
    const key = r.toString();
    const found = recordsByText.get(key);
    if (found) return found;
    recordsByText.set(key, r);
    return r;
  }
  static get(name: string, lenParams: readonly Member[] = [], fields: readonly Member[] = []): RecordType {
    return lenParams.length || fields.length ? RecordType.finish(RecordType.begin(name), lenParams, fields) : RecordType.bare(name);
  }
  get isBare(): boolean { return this.members === undefined; }
  get lenParams(): readonly Member[] { return this.members?.lenParams ?? []; }
  get fields(): readonly Member[] | undefined { return this.members?.fields; }
  /** The type of field `name`, if this record lists it. */
  fieldType(name: string): Type | undefined {
    return this.fields?.find((f) => f[0] === name)?.[1];
  }
  override toString(): string { return this.render(); }
  protected render(): string {
    let s = `!fir.type<${this.name}`;
    if (this.members && !printing.has(this)) {
      printing.add(this);
      try {
        if (this.lenParams.length) s += `(${this.lenParams.map(([n, t]) => `${n}:${t}`).join(',')})`;
        if (this.members.fields.length) s += `{${this.members.fields.map(([n, t]) => `${n}:${t}`).join(',')}}`;
      } finally {
        printing.delete(this);
      }
    }
    return s + '>';
  }
}


// ---- queries the analyses use (FIRType.h) ------------------------------------------------

/** fir::isa_ref_type: ref, ptr, heap or llvm_ptr. */
export function isRefLike(t: Type): t is FirWrapperType {
  return t instanceof FirWrapperType && (t.kind === 'ref' || t.kind === 'ptr' || t.kind === 'heap' || t.kind === 'llvm_ptr');
}

/** BaseBoxType: box or class. */
export function isBoxType(t: Type): t is FirWrapperType {
  return t instanceof FirWrapperType && (t.kind === 'box' || t.kind === 'class');
}

/** fir::dyn_cast_ptrEleTy: the element type of an address type. */
export function ptrEleTy(t: Type): Type | undefined {
  return isRefLike(t) ? t.eleTy : undefined;
}

/** fir::unwrapRefType: the element type of an address type, else the type itself. */
export function unwrapRefType(t: Type): Type {
  return ptrEleTy(t) ?? t;
}

/** fir::isPointerType: a descriptor of a POINTER (`!fir.box<!fir.ptr<T>>`). */
export function isPointerBox(t: Type): boolean {
  return isBoxType(t) && t.eleTy instanceof FirWrapperType && t.eleTy.kind === 'ptr';
}

// ---- parsing --------------------------------------------------------------------------------

function parseMembers(p: DialectTypeParser, close: string, message: string): Member[] {
  const out: Member[] = [];
  do {
    const name = p.parseOptionalBareId();
    if (name === undefined || !p.consumePunct(':')) p.errorAtName(message);
    out.push([name, p.parseType()]);
  } while (p.consumePunct(','));
  p.expectPunct(close);
  return out;
}

/** Records whose member lists are being parsed (a bare reference there is the record itself). */
const defining: RecordType[] = [];
/** The record each name was defined as, per registry (MLIR's context), for bare references. */
const definedIn = new WeakMap<object, Map<string, RecordType>>();

function parseRecord(p: DialectTypeParser): RecordType {
  p.expectPunct('<');
  const name = p.parseOptionalBareId();
  if (name === undefined) p.error('expected valid keyword');
  let defined = definedIn.get(p.registry);
  if (!defined) definedIn.set(p.registry, (defined = new Map()));
  const fresh = RecordType.begin(name);
  defining.push(fresh);
  let lenParams: Member[];
  let fields: Member[];
  try {
    lenParams = p.consumePunct('(') ? parseMembers(p, ')', 'expected LEN parameter list') : [];
    fields = p.consumePunct('{') ? parseMembers(p, '}', 'expected field type list') : [];
  } finally {
    defining.pop();
  }
  p.expectPunct('>');
  if (!lenParams.length && !fields.length) {
    for (let i = defining.length - 1; i >= 0; i--) if (defining[i]!.name === name) return defining[i]!;
    return defined.get(name) ?? RecordType.bare(name);
  }
  const rec = RecordType.finish(fresh, lenParams, fields);
  const prior = defined.get(name);
  if (prior && prior !== rec) p.errorAtName('cannot redefine record type members');
  const seen = new Set<string>();
  for (const [n] of [...lenParams, ...fields]) {
    if (seen.has(n)) p.errorAtName(lenParams.some((l) => l[0] === n) ? 'LEN parameter cannot have duplicate name' : 'field cannot have duplicate name');
    seen.add(n);
  }
  defined.set(name, rec);
  return rec;
}

function parseInt(p: DialectTypeParser): number {
  const v = p.parseOptionalInteger();
  if (v === undefined) p.error('expected integer value');
  return v;
}

/** The `parseTypeWith` hook of the fir dialect. */
export function parseFirType(mnemonic: string, p: DialectTypeParser): Type {
  {
    if (WRAPPERS.has(mnemonic)) {
      p.expectPunct('<');
      const ele = p.parseType();
      p.expectPunct('>');
      return FirWrapperType.get(mnemonic as WrapperKind, ele);
    }
    if (INT_PARAMS.has(mnemonic)) {
      p.expectPunct('<');
      const v = parseInt(p);
      p.expectPunct('>');
      return FirIntParamType.get(mnemonic as IntParamKind, v);
    }
    if (SIMPLES.has(mnemonic)) return FirSimpleType.get(mnemonic as SimpleKind);
    switch (mnemonic) {
      case 'char': {
        p.expectPunct('<');
        const kind = parseInt(p);
        let len = 1;
        if (p.consumePunct(',')) len = p.consumePunct('?') ? CharacterType.UNKNOWN_LEN : parseInt(p);
        p.expectPunct('>');
        return CharacterType.get(kind, len);
      }
      case 'array': {
        p.expectPunct('<');
        let shape: number[] | undefined;
        if (p.consumePunct('*')) p.expectPunct(':');
        else shape = p.parseDimensionList();
        const ele = p.parseType();
        const layout = p.consumePunct(',') ? p.parseAttribute() : undefined;
        p.expectPunct('>');
        return SequenceType.get(shape, ele, layout);
      }
      case 'vector': {
        p.expectPunct('<');
        const len = parseInt(p);
        p.expectPunct(':');
        const ele = p.parseType();
        p.expectPunct('>');
        return FirVectorType.get(len, ele);
      }
      case 'type':
        return parseRecord(p);
    }
    return p.errorAtName(`unknown fir type: ${mnemonic}`);
  }
}
