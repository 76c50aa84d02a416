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
 * Records are named: a record spelled with members defines the name for the rest of the
 * registry's life (a later bare `!fir.type<name>` is that record, printed with its members,
 * and a different member list is "cannot redefine record type members"); a bare name inside
 * its own definition (a recursive component) stays bare, as fir-opt prints it.
 */
import { DYNAMIC, Type, type Attribute, type DialectTypeParser, type Registry } from '@lifeline/ir';

const interned = new Map<string, Type>();
function intern<T extends Type>(t: T): T {
  const key = t.toString();
  const found = interned.get(key);
  if (found) return found as T;
  interned.set(key, t);
  return t;
}

/** Types with one element type: `!fir.<mnemonic><T>`. */
export type WrapperKind = 'ref' | 'ptr' | 'heap' | 'llvm_ptr' | 'box' | 'class' | 'tdesc' | 'boxproc';
const WRAPPERS = new Set<string>(['ref', 'ptr', 'heap', 'llvm_ptr', 'box', 'class', 'tdesc', 'boxproc']);

export class FirWrapperType extends Type {
  private constructor(readonly kind: WrapperKind, readonly eleTy: Type) { super(); }
  static get(kind: WrapperKind, eleTy: Type): FirWrapperType {
    return intern(new FirWrapperType(kind, eleTy));
  }
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
  private constructor(readonly shape: readonly number[] | undefined, readonly eleTy: Type, readonly layout: Attribute | undefined) {
    super();
  }
  static get(shape: readonly number[] | undefined, eleTy: Type, layout?: Attribute): SequenceType {
    return intern(new SequenceType(shape?.length ? shape : undefined, eleTy, layout));
  }
  protected render(): string {
    const dims = this.shape ? this.shape.map((d) => (d === DYNAMIC ? '?x' : `${d}x`)).join('') : '*:';
    return `!fir.array<${dims}${this.eleTy}${this.layout ? `, ${this.layout}` : ''}>`;
  }
}

/** `!fir.vector<len:T>` */
export class FirVectorType extends Type {
  private constructor(readonly len: number, readonly eleTy: Type) { super(); }
  static get(len: number, eleTy: Type): FirVectorType {
    return intern(new FirVectorType(len, eleTy));
  }
  protected render(): string { return `!fir.vector<${this.len}:${this.eleTy}>`; }
}

export type Member = readonly [name: string, type: Type];

/** `!fir.type<name(lenParams){fields}>`; `fields` undefined: the bare name. */
export class RecordType extends Type {
  private constructor(readonly name: string, readonly lenParams: readonly Member[], readonly fields: readonly Member[] | undefined) {
    super();
  }
  static get(name: string, lenParams: readonly Member[] = [], fields?: readonly Member[]): RecordType {
    return intern(new RecordType(name, lenParams, lenParams.length || fields?.length ? fields ?? [] : undefined));
  }
  get isBare(): boolean { return this.fields === undefined; }
  /** The type of field `name`, if this record lists it. */
  fieldType(name: string): Type | undefined {
    return this.fields?.find((f) => f[0] === name)?.[1];
  }
  protected render(): string {
    let s = `!fir.type<${this.name}`;
    if (this.lenParams.length) s += `(${this.lenParams.map(([n, t]) => `${n}:${t}`).join(',')})`;
    if (this.fields?.length) s += `{${this.fields.map(([n, t]) => `${n}:${t}`).join(',')}}`;
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

/** Records with members, per registry (MLIR's context-wide record uniquing). */
const definedRecords = new WeakMap<Registry, Map<string, RecordType>>();

function parseMembers(p: DialectTypeParser, close: string, message: string): Member[] {
  const out: Member[] = [];
  do {
    const name = p.parseOptionalBareId();
    if (name === undefined || !p.consumePunct(':')) p.error(message);
    out.push([name, p.parseType()]);
  } while (p.consumePunct(','));
  p.expectPunct(close);
  return out;
}

/** Names of the records whose member lists are being parsed. */
const defining: string[] = [];

function parseRecord(p: DialectTypeParser, registry: Registry): RecordType {
  p.expectPunct('<');
  const name = p.parseOptionalBareId();
  if (name === undefined) p.error('expected valid keyword');
  // A bare reference to a record inside its own member list stays bare, also when the
  // record is spelled again (so a repeated identical definition is the same type).
  defining.push(name);
  let lenParams: Member[];
  let fields: Member[];
  try {
    lenParams = p.consumePunct('(') ? parseMembers(p, ')', 'expected LEN parameter list') : [];
    fields = p.consumePunct('{') ? parseMembers(p, '}', 'expected field type list') : [];
  } finally {
    defining.pop();
  }
  p.expectPunct('>');
  let known = definedRecords.get(registry);
  if (!known) definedRecords.set(registry, (known = new Map()));
  const prior = known.get(name);
  if (!lenParams.length && !fields.length) return (defining.includes(name) ? undefined : prior) ?? RecordType.get(name);
  const rec = RecordType.get(name, lenParams, fields);
  if (prior && prior !== rec) p.error('cannot redefine record type members');
  const seen = new Set<string>();
  for (const [n] of [...lenParams, ...fields]) {
    if (seen.has(n)) p.error(lenParams.some((l) => l[0] === n) ? 'LEN parameter cannot have duplicate name' : 'field cannot have duplicate name');
    seen.add(n);
  }
  known.set(name, rec);
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
        return parseRecord(p, p.registry);
    }
    return p.error(`unknown fir type: ${mnemonic}`);
  }
}
