/**
 * Layout and ownership questions about SIL types, answered from a module's declarations
 * (Swift's TypeLowering, for our subset). Specification:
 *
 * (1) Trivial (no reference counting at all, Swift's `isTrivial`): Builtin integers, Word,
 *     RawPointer, floats; metatypes; thin functions (`@convention(thin|c|method|witness_method)`)
 *     and `@noescape` closures; the undeclared stdlib scalars (Int, UInt, IntN, UIntN, Bool,
 *     Float, Double); structs and tuples whose fields all are; enums whose payloads all are;
 *     optionals of a trivial type. Addresses are trivial here: an address is not a value one
 *     retains (the memory it points to is owned elsewhere).
 * (2) Not trivial: classes, Builtin.NativeObject / BridgeObject / UnknownObject / AnyObject,
 *     existentials, archetypes, thick closures, unknown names and verbatim types
 *     (conservatively), and a type that contains itself (indirect enums).
 * (3) Reference (Swift's `isReferenceCounted`, what strong_retain accepts): classes,
 *     Builtin.NativeObject / BridgeObject / UnknownObject / AnyObject, `AnyObject`, existentials
 *     and opened archetypes whose protocols are all class-bound (`: AnyObject`/`: class`),
 *     `@convention(block)` functions, boxes (`{ var T }`), `@sil_unowned` storage. Optionals of references are not references (they
 *     need retain_value).
 * (4) Generic declarations are instantiated by substitution (`FakeOptional<C>` has `some(C)`);
 *     typealiases resolve before any question; `Optional<T>` / `T?` have `none` and `some(T)`
 *     unless the module declares its own `Optional`.
 * (5) hasValueDeinit: a struct or enum that declares `deinit`. isMoveOnly: one inheriting
 *     `~Copyable`. Classes' deinits run on release and do not count (as in Swift).
 */
import { ArrayAttr, DictionaryAttr, StringAttr, TypeAttr, type Attribute, type Operation } from '@lifeline/ir';
import { DECL_KEYWORDS, type DeclKeyword } from './sil-decls.js';
import { SilType } from './sil-types.js';

export interface SilField { name: string; type: SilType }
export interface SilEnumCase { name: string; payload?: SilType }

export interface SilDecl {
  keyword: DeclKeyword | 'typealias';
  name: string;
  genericParams: string[];
  inherits: SilType[];
  fields: SilField[];
  cases: SilEnumCase[];
  /** Tolerated member lines (`init()`, `deinit`, …). */
  others: string[];
  aliased?: SilType;
  op?: Operation;
}

const STDLIB_TRIVIAL = new Set(['Int', 'UInt', 'Int8', 'Int16', 'Int32', 'Int64', 'UInt8', 'UInt16', 'UInt32', 'UInt64', 'Bool', 'Float', 'Double']);
const THIN_CONVENTIONS = new Set(['thin', 'c', 'method', 'witness_method', 'objc_method']);
const REFERENCE_BUILTINS = new Set(['NativeObject', 'BridgeObject', 'UnknownObject', 'AnyObject']);

function strings(a: Attribute | undefined): string[] {
  return a instanceof ArrayAttr ? a.elements.map((e) => (e instanceof StringAttr ? e.value : String(e))) : [];
}
function types(a: Attribute | undefined): SilType[] {
  return a instanceof ArrayAttr ? a.elements.flatMap((e) => (e instanceof TypeAttr && e.value instanceof SilType ? [e.value] : [])) : [];
}

/** The declaration an op (`sil.struct_decl` …) describes, or undefined for other ops. */
export function declOf(op: Operation): SilDecl | undefined {
  const m = /^sil\.(\w+)_decl$/.exec(op.name);
  if (!m) return undefined;
  const keyword = m[1] as SilDecl['keyword'];
  const name = op.getAttr('name');
  const decl: SilDecl = {
    keyword, name: name instanceof StringAttr ? name.value : '', genericParams: strings(op.getAttr('generic_params')),
    inherits: types(op.getAttr('inherits')), fields: [], cases: [], others: [], op,
  };
  const aliased = op.getAttr('aliased');
  if (aliased instanceof TypeAttr && aliased.value instanceof SilType) decl.aliased = aliased.value;
  const members = op.getAttr('members');
  for (const mem of members instanceof ArrayAttr ? members.elements : []) {
    if (!(mem instanceof DictionaryAttr)) continue;
    const kind = (mem.get('kind') as StringAttr | undefined)?.value;
    const mname = (mem.get('name') as StringAttr | undefined)?.value ?? '';
    if (kind === 'var' || kind === 'let') {
      const t = mem.get('type');
      if (t instanceof TypeAttr && t.value instanceof SilType) decl.fields.push({ name: mname, type: t.value });
    } else if (kind === 'case') {
      const payload = types(mem.get('payload'));
      decl.cases.push({ name: mname, payload: payload.length === 0 ? undefined : payload.length === 1 ? payload[0] : SilType.tuple(payload) });
    } else {
      decl.others.push((mem.get('text') as StringAttr | undefined)?.value ?? '');
    }
  }
  return decl;
}

export class SilTypeInfo {
  private readonly decls = new Map<string, SilDecl>();
  private readonly trivialCache = new Map<SilType, boolean>();

  /** Reads the declarations of `module` (a builtin.module of SIL). */
  static of(module: Operation): SilTypeInfo {
    const info = new SilTypeInfo();
    for (const r of module.regions) for (const b of r.blocks) for (let o = b.first; o; o = o.next) {
      const d = declOf(o);
      if (d) info.add(d);
    }
    return info;
  }

  add(d: SilDecl): void {
    this.decls.set(d.name, d);
    this.trivialCache.clear();
  }
  decl(name: string): SilDecl | undefined { return this.decls.get(name); }
  declarations(): IterableIterator<SilDecl> { return this.decls.values(); }

  /** (4) `t` with typealiases resolved (outermost level only). */
  resolve(t: SilType): SilType {
    for (let i = 0; i < 16 && t.kind === 'nominal'; i++) {
      const d = this.decls.get(t.name);
      if (!d || d.keyword !== 'typealias' || !d.aliased) break;
      t = d.aliased;
    }
    return t;
  }

  /** The declaration of a nominal type and the substitution of its generic parameters. */
  private nominal(t: SilType): { decl: SilDecl; subst: Map<string, SilType> } | undefined {
    t = this.resolve(t);
    if (t.kind !== 'nominal') return undefined;
    const decl = this.decls.get(t.name);
    if (!decl || decl.keyword === 'typealias') return undefined;
    return { decl, subst: new Map(decl.genericParams.map((p, i) => [p, t.args[i] ?? SilType.nominal(p)])) };
  }

  nominalKind(t: SilType): DeclKeyword | undefined {
    const k = this.nominal(t)?.decl.keyword;
    return k === 'typealias' ? undefined : k;
  }
  isClass(t: SilType): boolean { return this.nominalKind(t) === 'class'; }

  /** The superclass of a class type (the first inherited type that is a declared class). */
  superclass(t: SilType): SilType | undefined {
    const n = this.nominal(t);
    if (!n || n.decl.keyword !== 'class') return undefined;
    const sup = n.decl.inherits.find((i) => this.isClass(i));
    return sup && substitute(sup, n.subst);
  }

  structFields(t: SilType): SilField[] | undefined {
    const n = this.nominal(t);
    if (!n || n.decl.keyword !== 'struct') return undefined;
    return n.decl.fields.map((f) => ({ name: f.name, type: substitute(f.type, n.subst) }));
  }

  /** Stored properties of a class (for ref_element_addr-style consumers). */
  classFields(t: SilType): SilField[] | undefined {
    const n = this.nominal(t);
    if (!n || n.decl.keyword !== 'class') return undefined;
    return n.decl.fields.map((f) => ({ name: f.name, type: substitute(f.type, n.subst) }));
  }

  tupleElements(t: SilType): SilType[] | undefined {
    t = this.resolve(t);
    return t.kind === 'tuple' ? [...t.args] : undefined;
  }

  /** (4) */
  enumCases(t: SilType): SilEnumCase[] | undefined {
    t = this.resolve(t);
    const wrapped = this.optionalPayload(t);
    if (wrapped) return [{ name: 'none' }, { name: 'some', payload: wrapped }];
    const n = this.nominal(t);
    if (!n || n.decl.keyword !== 'enum') return undefined;
    return n.decl.cases.map((c) => ({ name: c.name, payload: c.payload && substitute(c.payload, n.subst) }));
  }

  /** The wrapped type of `T?` / `Optional<T>` (when the module does not declare Optional itself). */
  optionalPayload(t: SilType): SilType | undefined {
    t = this.resolve(t);
    if (t.kind === 'optional') return t.args[0];
    if (t.kind === 'nominal' && t.name === 'Optional' && t.args.length === 1 && !this.decls.has('Optional')) return t.args[0];
    return undefined;
  }

  /** (5) */
  hasValueDeinit(t: SilType): boolean {
    const n = this.nominal(t);
    return !!n && n.decl.keyword !== 'class' && n.decl.others.some((o) => /^deinit\b/.test(o));
  }
  isMoveOnly(t: SilType): boolean {
    const n = this.nominal(t);
    return !!n && n.decl.inherits.some((i) => i.kind === 'verbatim' && i.name.replace(/\s/g, '') === '~Copyable');
  }

  /** (1), (2) */
  isTrivial(t: SilType): boolean {
    const cached = this.trivialCache.get(t);
    if (cached !== undefined) return cached;
    // (2) a type met again while deciding is not trivial (recursion through indirect payloads).
    this.trivialCache.set(t, false);
    const v = this.computeTrivial(t);
    this.trivialCache.set(t, v);
    return v;
  }

  private computeTrivial(t: SilType): boolean {
    t = this.resolve(t);
    switch (t.kind) {
      case 'builtin': return !REFERENCE_BUILTINS.has(t.name) && /^(Int\d+|Word|RawPointer|FPIEEE\d+|IntLiteral|FloatLiteral)$/.test(t.name);
      case 'address': case 'metatype': return true;
      case 'tuple': return t.args.every((a) => this.isTrivial(a));
      case 'optional': return this.isTrivial(t.args[0]!);
      case 'function': return THIN_CONVENTIONS.has(t.convention ?? '') || t.attrs.includes('@noescape');
      case 'nominal': {
        const wrapped = this.optionalPayload(t);
        if (wrapped) return this.isTrivial(wrapped);
        const n = this.nominal(t);
        if (!n) return STDLIB_TRIVIAL.has(t.name) && !t.args.length;
        if (n.decl.keyword === 'struct') return this.structFields(t)!.every((f) => this.isTrivial(f.type));
        if (n.decl.keyword === 'enum') return this.enumCases(t)!.every((c) => !c.payload || this.isTrivial(c.payload));
        return false;
      }
      default: return false;
    }
  }

  /** (3) */
  isReference(t: SilType): boolean {
    t = this.resolve(t);
    switch (t.kind) {
      case 'builtin': return REFERENCE_BUILTINS.has(t.name);
      case 'nominal': {
        if (t.name === 'AnyObject' && !this.decls.has('AnyObject')) return true;
        const n = this.nominal(t);
        if (!n) return false;
        return n.decl.keyword === 'class' || (n.decl.keyword === 'protocol' && this.isClassBound(t));
      }
      case 'existential': return t.args.length > 0 && t.args.every((p) => this.isClassBound(p));
      case 'archetype': return t.args.length > 0 && this.isClassBoundConstraint(t.args[0]!);
      case 'function': return t.convention === 'block';
      case 'box': return true;
      // `@sil_unowned C` / `@sil_unmanaged C` storage: strong_retain/release accept it.
      case 'verbatim': return /^@sil_(unowned|unmanaged) /.test(t.name);
      default: return false;
    }
  }
  /** Swift's name for (3). */
  isReferenceCounted(t: SilType): boolean { return this.isReference(t); }

  /** A protocol (or composition member) that only classes conform to. */
  private isClassBound(p: SilType, seen = new Set<string>()): boolean {
    p = this.resolve(p);
    if (p.kind === 'builtin') return p.name === 'AnyObject';
    if (p.kind !== 'nominal') return false;
    if (p.name === 'AnyObject') return true;
    const n = this.nominal(p);
    if (!n) return false;
    if (n.decl.keyword === 'class') return true;
    if (n.decl.keyword !== 'protocol' || seen.has(p.name)) return false;
    seen.add(p.name);
    return n.decl.inherits.some((i) => (i.kind === 'nominal' && i.name === 'class') || this.isClassBound(i, seen));
  }

  private isClassBoundConstraint(c: SilType): boolean {
    c = this.resolve(c);
    if (c.kind === 'existential') return c.args.every((p) => this.isClassBound(p));
    return this.isClassBound(c) || this.isReference(c);
  }
}

/** `t` with generic parameter names replaced (4). */
export function substitute(t: SilType, subst: ReadonlyMap<string, SilType>): SilType {
  if (!subst.size) return t;
  const s = (x: SilType) => substitute(x, subst);
  switch (t.kind) {
    case 'nominal':
      if (!t.args.length && subst.has(t.name)) return subst.get(t.name)!;
      return t.args.length ? SilType.nominal(t.name, t.args.map(s)) : t;
    case 'tuple': return SilType.tuple(t.args.map(s), t.labels);
    case 'address': return SilType.address(s(t.args[0]!));
    case 'optional': return SilType.optional(s(t.args[0]!));
    case 'metatype': return SilType.metatype(s(t.args[0]!), t.attrs[0], t.name as 'Type' | 'Protocol');
    case 'existential': return SilType.existential(t.args.map(s));
    case 'function':
      return SilType.function(t.attrs, t.params.map((p) => ({ attrs: p.attrs, type: s(p.type) })),
        t.results.map((r) => ({ attrs: r.attrs, type: s(r.type) })), t.parenResults);
    case 'box': return SilType.box(t.labels as string[], t.params.map((f) => ({ attrs: f.attrs, type: s(f.type) })), t.args.map(s));
    default: return t;
  }
}

/** The type of field `i` of box type `t`, its generic parameters substituted (project_box's address). */
export function boxFieldType(t: SilType, i: number): SilType | undefined {
  if (t.kind !== 'box' || i < 0 || i >= t.params.length) return undefined;
  const subst = new Map<string, SilType>();
  t.labels.forEach((n, k) => { if (n !== undefined && t.args[k]) subst.set(n, t.args[k]!); });
  return substitute(t.params[i]!.type, subst);
}

export { DECL_KEYWORDS };
