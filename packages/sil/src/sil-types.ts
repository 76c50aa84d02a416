/**
 * SIL types (Swift's docs/SIL.rst "Types"), as one IR Type subclass interned through the
 * IR core, so `a === b` iff they are the same type (as for every Lifeline type).
 *
 *   kind          SIL text (after `$`)                    fields
 *   builtin       Builtin.NativeObject, Builtin.Int64      name ('NativeObject', 'Int64', 'Word', 'FPIEEE64'…)
 *   nominal       S, C, FakeOptional<C>, Optional<C>       name, args (generic arguments)
 *   tuple         (), (Builtin.Int64, C), (a: C, b: D)     args (elements), labels
 *   address       *T                                       args[0] (the pointee)
 *   function      @convention(thin) (@owned C) -> ()       attrs, params, results, parenResults
 *   metatype      @thick C.Type                            attrs ([repr] or []), args[0] (instance), name ('Type'|'Protocol')
 *   optional      C?                                       args[0] (wrapped)
 *   existential   any P, any P & Q                         args (the protocol types)
 *   archetype     @opened("UUID", AnyObject) Self          name ('Self'), uuid, args ([constraint] or [])
 *   box           <τ_0_0> { var τ_0_0 } <C>, { var C }      labels (generic parameter names), params (fields:
 *                                                          attrs ['var'|'let'], type), args (substitutions)
 *   verbatim      anything else                            name (the text, whitespace kept as written)
 *
 * A struct, class, enum and protocol type are all `nominal` here: which one a name is
 * comes from the module's declarations (`SilTypeInfo`). In MLIR text a SIL type prints as
 * `!sil.type<"T">` with T its SIL spelling (without the `$`).
 */
import { Type, escapeString, internType } from '@lifeline/ir';

export type SilTypeKind =
  | 'builtin' | 'nominal' | 'tuple' | 'address' | 'function' | 'metatype' | 'optional' | 'existential' | 'archetype' | 'box'
  | 'verbatim';

/** A parameter or result of a SIL function type: its attributes (`@owned`, `@in_guaranteed`, `@error`…) and type. */
export interface SilFnParam {
  readonly attrs: readonly string[];
  readonly type: SilType;
}

/** Swift's parameter/result conventions that our consumers ask about. */
export const CONVENTIONS = [
  '@owned', '@guaranteed', '@in', '@in_guaranteed', '@in_constant', '@inout', '@inout_aliasable', '@out', '@unowned',
  '@unowned_inner_pointer', '@autoreleased', '@error', '@pack_owned', '@pack_guaranteed', '@pack_inout', '@pack_out',
] as const;

interface Parts {
  kind: SilTypeKind;
  name?: string;
  args?: readonly SilType[];
  labels?: readonly (string | undefined)[];
  attrs?: readonly string[];
  params?: readonly SilFnParam[];
  results?: readonly SilFnParam[];
  parenResults?: boolean;
  uuid?: string;
}

export class SilType extends Type {
  readonly kind: SilTypeKind;
  readonly name: string;
  readonly args: readonly SilType[];
  readonly labels: readonly (string | undefined)[];
  readonly attrs: readonly string[];
  readonly params: readonly SilFnParam[];
  readonly results: readonly SilFnParam[];
  readonly parenResults: boolean;
  readonly uuid: string;
  private silCached?: string;

  private constructor(p: Parts) {
    super();
    this.kind = p.kind;
    this.name = p.name ?? '';
    this.args = p.args ?? [];
    this.labels = p.labels ?? [];
    this.attrs = p.attrs ?? [];
    this.params = p.params ?? [];
    this.results = p.results ?? [];
    this.parenResults = p.parenResults ?? false;
    this.uuid = p.uuid ?? '';
  }

  private static make(p: Parts): SilType {
    return internType(new SilType(p));
  }
  static builtin(name: string): SilType { return SilType.make({ kind: 'builtin', name }); }
  static nominal(name: string, args: readonly SilType[] = []): SilType { return SilType.make({ kind: 'nominal', name, args }); }
  static tuple(elements: readonly SilType[], labels: readonly (string | undefined)[] = []): SilType {
    return SilType.make({ kind: 'tuple', args: elements, labels: labels.some((l) => l !== undefined) ? labels : [] });
  }
  static address(pointee: SilType): SilType { return SilType.make({ kind: 'address', args: [pointee] }); }
  static function(attrs: readonly string[], params: readonly SilFnParam[], results: readonly SilFnParam[], parenResults = results.length !== 1): SilType {
    // Swift prints one result without parentheses (`-> (Builtin.Int1)` is `-> Builtin.Int1`).
    void parenResults;
    return SilType.make({ kind: 'function', attrs, params, results, parenResults: results.length !== 1 });
  }
  static metatype(instance: SilType, repr: string | undefined, which: 'Type' | 'Protocol' = 'Type'): SilType {
    return SilType.make({ kind: 'metatype', args: [instance], attrs: repr ? [repr] : [], name: which });
  }
  static optional(wrapped: SilType): SilType { return SilType.make({ kind: 'optional', args: [wrapped] }); }
  static existential(protocols: readonly SilType[]): SilType { return SilType.make({ kind: 'existential', args: protocols }); }
  static archetype(uuid: string, constraint: SilType | undefined, name: string): SilType {
    return SilType.make({ kind: 'archetype', uuid, args: constraint ? [constraint] : [], name });
  }
  /** A box (alloc_box's reference-counted heap cell): generic parameter names, fields, substitutions. */
  static box(genericParams: readonly string[], fields: readonly SilFnParam[], subs: readonly SilType[]): SilType {
    return SilType.make({ kind: 'box', labels: genericParams, params: fields, args: subs });
  }
  static verbatim(text: string): SilType { return SilType.make({ kind: 'verbatim', name: text }); }

  /** `()`: the result of an apply of a function returning nothing, of `tuple ()`. */
  static get empty(): SilType { return SilType.tuple([]); }

  get isAddress(): boolean { return this.kind === 'address'; }
  /** The object type of an address type (`*T` → `T`), the type itself otherwise. */
  get objectType(): SilType { return this.kind === 'address' ? this.args[0]! : this; }
  get addressType(): SilType { return this.kind === 'address' ? this : SilType.address(this); }
  /** Builtin integer width (`Builtin.Int32` → 32, `Builtin.Word` → 64), else undefined. */
  get builtinIntWidth(): number | undefined {
    if (this.kind !== 'builtin') return undefined;
    if (this.name === 'Word') return 64;
    const m = /^Int(\d+)$/.exec(this.name);
    return m ? Number(m[1]) : undefined;
  }
  /** The convention (`@convention(thin)` → 'thin'), for function types. */
  get convention(): string | undefined {
    for (const a of this.attrs) {
      const m = /^@convention\(([^):]*)/.exec(a);
      if (m) return m[1]!.trim();
    }
    return undefined;
  }
  /** The direct results of a function type: without the `@error` and the indirect (`@out`) results. */
  get directResults(): readonly SilFnParam[] { return this.results.filter((r) => !r.attrs.includes('@error') && !r.attrs.includes('@out')); }
  /** What an apply of this function type returns: its one direct result, else their tuple. */
  get applyResultType(): SilType {
    const rs = this.directResults;
    return rs.length === 1 ? rs[0]!.type : SilType.tuple(rs.map((r) => r.type));
  }

  /** The SIL spelling, without the leading `$`. */
  get sil(): string {
    return (this.silCached ??= printSilType(this));
  }
  protected render(): string {
    return `!sil.type<${escapeString(this.sil)}>`;
  }
}

function printParam(p: SilFnParam): string {
  return [...p.attrs, p.type.sil].join(' ');
}

/** Whether `t` needs parentheses before a postfix (`?`, `.Type`). */
function needsParens(t: SilType): boolean {
  return t.kind === 'function' || t.kind === 'existential' || t.kind === 'verbatim' && /\s/.test(t.name);
}

function postfixOperand(t: SilType): string {
  return needsParens(t) ? `(${t.sil})` : t.sil;
}

export function printSilType(t: SilType): string {
  switch (t.kind) {
    case 'builtin': return `Builtin.${t.name}`;
    case 'nominal': return t.args.length ? `${t.name}<${t.args.map((a) => a.sil).join(', ')}>` : t.name;
    case 'tuple':
      return `(${t.args.map((a, i) => (t.labels[i] !== undefined ? `${t.labels[i]}: ${a.sil}` : a.sil)).join(', ')})`;
    case 'address': return `*${t.args[0]!.sil}`;
    case 'function': {
      const results = t.results.map(printParam).join(', ');
      const prefix = t.attrs.length ? t.attrs.join(' ') + ' ' : '';
      return `${prefix}(${t.params.map(printParam).join(', ')}) -> ${t.parenResults ? `(${results})` : results}`;
    }
    case 'metatype': return `${t.attrs.length ? t.attrs[0] + ' ' : ''}${postfixOperand(t.args[0]!)}.${t.name}`;
    case 'optional': return `${postfixOperand(t.args[0]!)}?`;
    case 'existential': return `any ${t.args.map((a) => a.sil).join(' & ')}`;
    case 'archetype': {
      const c = t.args.length ? `, ${t.args[0]!.sil}` : '';
      return `@opened(${JSON.stringify(t.uuid)}${c}) ${t.name}`;
    }
    case 'box': {
      const sig = t.labels.length ? `<${t.labels.join(', ')}> ` : '';
      const subs = t.args.length ? ` <${t.args.map((a) => a.sil).join(', ')}>` : '';
      return `${sig}{ ${t.params.map(printParam).join(', ')} }${subs}`;
    }
    case 'verbatim': return t.name;
  }
}

/** The SIL type of `t`, or an error naming what was found (for consumers' checks). */
export function asSilType(t: Type): SilType {
  if (t instanceof SilType) return t;
  throw new Error(`expected a SIL type, found '${t}'`);
}
