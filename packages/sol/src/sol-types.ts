/**
 * The sol dialect's types, after solx's SolBase.td (NomicFoundation/solx-llvm), our own code:
 *
 *   ui8 … ui256, si8 … si256, i1        Solidity uintN / intN / bool: builtin integers with signedness
 *   !sol.address                        address (payable or not: the same 20-byte value)
 *   !sol.fixedbytes<N>                  bytesN (1 ≤ N ≤ 32), left-aligned in its word
 *   !sol.enum<MAX>                      an enum whose members are 0 … MAX (conversion into it checks)
 *   !sol.array<N x T, Loc>              static array; `? x T` is a dynamic array
 *   !sol.string<Loc>                    `bytes` and `string` (same layout; the AST keeps the distinction)
 *   !sol.struct<(T, …), Loc>            struct with its member types in declaration order
 *   !sol.mapping<K, V>                  mapping (always in storage)
 *   !sol.ptr<T, Loc>                    the address of a T in Loc (element, member, slot, stack slot)
 *   !sol.string_literal                 a string literal kept in the code (solc's literal_string): no
 *                                       memory, only encoders take it and write its bytes in place
 *
 * Loc (data location) ∈ Storage | CallData | Memory | Stack | Immutable | Transient.
 * A reference type (array / string / struct) in a location is itself an address: a memory
 * array value is the address of its length word, a storage array its slot, and so on.
 *
 * Types are uniqued by their printed form (as builtin types are), so `a === b` is type equality.
 */
import { IntegerType, Type, internType, type DialectTypeParser } from '@lifeline/ir';

export const DATA_LOCATIONS = ['Storage', 'CallData', 'Memory', 'Stack', 'Immutable', 'Transient'] as const;
export type DataLocation = (typeof DATA_LOCATIONS)[number];

const intern = internType;

/** `!sol.address`. */
export class AddressType extends Type {
  private constructor() { super(); }
  static readonly instance = intern(new AddressType());
  static get(): AddressType { return AddressType.instance; }
  protected render(): string { return '!sol.address'; }
}

/** `!sol.fixedbytes<N>`: bytesN. */
export class FixedBytesType extends Type {
  private constructor(readonly size: number) { super(); }
  static get(size: number): FixedBytesType { return intern(new FixedBytesType(size)); }
  protected render(): string { return `!sol.fixedbytes<${this.size}>`; }
}

/** `!sol.enum<MAX>`: an enum with members 0 … MAX, stored as uint8. */
export class EnumType extends Type {
  private constructor(readonly max: number) { super(); }
  static get(max: number): EnumType { return intern(new EnumType(max)); }
  protected render(): string { return `!sol.enum<${this.max}>`; }
}

/** `!sol.array<N x T, Loc>`; size -1 (`?`) is a dynamic array. */
export class ArrayType extends Type {
  static readonly DYNAMIC = -1;
  private constructor(readonly size: number, readonly eltType: Type, readonly loc: DataLocation) { super(); }
  static get(size: number, eltType: Type, loc: DataLocation): ArrayType { return intern(new ArrayType(size, eltType, loc)); }
  get isDynamic(): boolean { return this.size === ArrayType.DYNAMIC; }
  protected render(): string {
    return `!sol.array<${this.size === ArrayType.DYNAMIC ? '?' : this.size} x ${this.eltType}, ${this.loc}>`;
  }
}

/** `!sol.string<Loc>`: bytes and string. */
export class StringType extends Type {
  private constructor(readonly loc: DataLocation) { super(); }
  static get(loc: DataLocation): StringType { return intern(new StringType(loc)); }
  protected render(): string { return `!sol.string<${this.loc}>`; }
}

/**
 * `!sol.string_literal`: solc's `literal_string` type — a literal that is not (yet) in memory.
 * The encoders (abi.encode*, string/bytes.concat, revert and event data) write its bytes in
 * place, as solc does; anywhere else a literal is converted to memory by sol.string_lit.
 */
export class StringLiteralType extends Type {
  private constructor() { super(); }
  static readonly instance = intern(new StringLiteralType());
  static get(): StringLiteralType { return StringLiteralType.instance; }
  protected render(): string { return '!sol.string_literal'; }
}

/** `!sol.struct<(T, …), Loc>`: members in declaration order. */
export class StructType extends Type {
  private constructor(readonly memberTypes: readonly Type[], readonly loc: DataLocation) { super(); }
  static get(memberTypes: readonly Type[], loc: DataLocation): StructType { return intern(new StructType(memberTypes, loc)); }
  protected render(): string { return `!sol.struct<(${this.memberTypes.join(', ')}), ${this.loc}>`; }
}

/** `!sol.mapping<K, V>`. */
export class MappingType extends Type {
  private constructor(readonly keyType: Type, readonly valType: Type) { super(); }
  static get(keyType: Type, valType: Type): MappingType { return intern(new MappingType(keyType, valType)); }
  protected render(): string { return `!sol.mapping<${this.keyType}, ${this.valType}>`; }
}

/** `!sol.ptr<T, Loc>`: the address of a T in Loc. */
export class PtrType extends Type {
  private constructor(readonly pointeeType: Type, readonly loc: DataLocation) { super(); }
  static get(pointeeType: Type, loc: DataLocation): PtrType { return intern(new PtrType(pointeeType, loc)); }
  protected render(): string { return `!sol.ptr<${this.pointeeType}, ${this.loc}>`; }
}

// ---- queries --------------------------------------------------------------------------

/** Aggregates: string, array, struct (solx's Sol_AggType). */
export type AggType = StringType | ArrayType | StructType;
export function isAggType(t: Type): t is AggType {
  return t instanceof StringType || t instanceof ArrayType || t instanceof StructType;
}

/** Reference types: aggregates and pointers (solx's Sol_RefType). */
export function isRefType(t: Type): t is AggType | PtrType {
  return isAggType(t) || t instanceof PtrType;
}

/** Integer-like values (solx's Sol_Int): bool, intN/uintN, enums. */
export function isSolInt(t: Type): boolean {
  return t instanceof EnumType || (t instanceof IntegerType && (t.signedness !== 'signless' || t.width === 1));
}

/** Value types that fit one word: ints, bool, enums, address, bytesN. */
export function isValueType(t: Type): boolean {
  return isSolInt(t) || t instanceof AddressType || t instanceof FixedBytesType;
}

/** The data location of a reference type (mappings live in storage); undefined for value types. */
export function dataLocation(t: Type): DataLocation | undefined {
  if (isAggType(t) || t instanceof PtrType) return t.loc;
  if (t instanceof MappingType) return 'Storage';
  return undefined;
}

/** `t` with its outer data location replaced (inner member types of memory and storage aggregates follow). */
export function withLocation(t: Type, loc: DataLocation): Type {
  if (t instanceof StringType) return StringType.get(loc);
  if (t instanceof ArrayType) return ArrayType.get(t.size, withLocation(t.eltType, loc), loc);
  if (t instanceof StructType) return StructType.get(t.memberTypes.map((m) => withLocation(m, loc)), loc);
  return t;
}

export const ui256 = IntegerType.get(256, 'unsigned');

// ---- parsing --------------------------------------------------------------------------

function parseLoc(p: DialectTypeParser): DataLocation {
  const id = p.parseOptionalBareId();
  if (id === undefined || !(DATA_LOCATIONS as readonly string[]).includes(id)) {
    p.error(`expected data location (${DATA_LOCATIONS.join(', ')})`);
  }
  return id as DataLocation;
}

function parseSize(p: DialectTypeParser, what: string): number {
  const v = p.parseOptionalInteger();
  if (v === undefined) p.error(`expected ${what}`);
  return Number(v);
}

/** The `parseTypeWith` hook of the sol dialect. */
export function parseSolType(mnemonic: string, p: DialectTypeParser): Type {
  switch (mnemonic) {
    case 'address':
      return AddressType.instance;
    case 'string_literal':
      return StringLiteralType.instance;
    case 'fixedbytes': {
      p.expectPunct('<');
      const n = parseSize(p, 'byte count');
      if (n < 1 || n > 32) p.errorAtName('fixedbytes size must be between 1 and 32');
      p.expectPunct('>');
      return FixedBytesType.get(n);
    }
    case 'enum': {
      p.expectPunct('<');
      const n = parseSize(p, 'enum max value');
      p.expectPunct('>');
      return EnumType.get(n);
    }
    case 'array': {
      p.expectPunct('<');
      const size = p.consumePunct('?') ? ArrayType.DYNAMIC : parseSize(p, "array size or '?'");
      if (p.parseOptionalBareId() !== 'x') p.error("expected 'x'");
      const elt = p.parseType();
      p.expectPunct(',');
      const loc = parseLoc(p);
      p.expectPunct('>');
      return ArrayType.get(size, elt, loc);
    }
    case 'string': {
      p.expectPunct('<');
      const loc = parseLoc(p);
      p.expectPunct('>');
      return StringType.get(loc);
    }
    case 'struct': {
      p.expectPunct('<');
      p.expectPunct('(');
      const members: Type[] = [];
      if (!p.consumePunct(')')) {
        do members.push(p.parseType()); while (p.consumePunct(','));
        p.expectPunct(')');
      }
      p.expectPunct(',');
      const loc = parseLoc(p);
      p.expectPunct('>');
      return StructType.get(members, loc);
    }
    case 'mapping': {
      p.expectPunct('<');
      const k = p.parseType();
      p.expectPunct(',');
      const v = p.parseType();
      p.expectPunct('>');
      return MappingType.get(k, v);
    }
    case 'ptr': {
      p.expectPunct('<');
      const t = p.parseType();
      p.expectPunct(',');
      const loc = parseLoc(p);
      p.expectPunct('>');
      return PtrType.get(t, loc);
    }
  }
  return p.errorAtName(`unknown sol type: ${mnemonic}`);
}

/**
 * A memory aggregate with no memory references inside (bytes / string, arrays and structs of
 * value types): moving it with mcopy moves all of it. Memory that holds addresses may not
 * move (the objects they address would stay behind).
 */
export function isFlatMemoryType(t: Type): boolean {
  if (!isAggType(t) || t.loc !== 'Memory') return false;
  if (t instanceof StringType) return true;
  if (t instanceof ArrayType) return isValueType(t.eltType);
  return t.memberTypes.every(isValueType);
}

/**
 * The fields of a fixed-size memory aggregate held by address — a struct or a static array,
 * one per word, in order (what a zero element may be); undefined for anything else.
 */
export function fixedSizeFields(t: Type): readonly Type[] | undefined {
  if (t instanceof StructType && t.loc === 'Memory') return t.memberTypes;
  if (t instanceof ArrayType && t.loc === 'Memory' && !t.isDynamic) return Array.from({ length: t.size }, () => t.eltType);
  return undefined;
}

/**
 * A memory aggregate that can move as a whole object graph (a *deep move*, LIFETIME.md
 * "Deep moves"): flat, or every field that holds an address is itself a movable memory
 * aggregate of a known type, and the type is not recursive. Every field of a memory array or
 * struct is one word, so the type alone tells which words are inner pointers.
 */
export function isMovableMemoryType(t: Type, seen: readonly Type[] = []): boolean {
  if (isFlatMemoryType(t)) return true;
  if (!isAggType(t) || t.loc !== 'Memory' || seen.includes(t)) return false;
  const fields = t instanceof ArrayType ? [t.eltType] : (t as StructType).memberTypes;
  return fields.every((f) => isValueType(f) || isMovableMemoryType(f, [...seen, t]));
}

/**
 * A graph a held release (lifetime/held-release.ts) copies field by field: flat, or a struct or
 * a static array of at most eight elements whose address fields hold such graphs.
 */
export function isHeldGraphType(t: Type, seen: readonly Type[] = []): boolean {
  if (isFlatMemoryType(t)) return true;
  if (!isAggType(t) || t.loc !== 'Memory' || seen.includes(t)) return false;
  if (t instanceof ArrayType && (t.isDynamic || t.size > 8)) return false;
  const fields = t instanceof ArrayType ? [t.eltType] : (t as StructType).memberTypes;
  return fields.every((f) => isValueType(f) || isHeldGraphType(f, [...seen, t]));
}

/**
 * A root a rooted release (lifetime/releases.ts (R7)) slides the fields of: a struct or a
 * static array whose address fields (one to four: the slide's variables stay on solc's stack) hold
 * flat objects.
 */
export function isRootedSlideType(t: Type): boolean {
  const fields = fixedSizeFields(t);
  const addresses = fields?.filter((f) => !isValueType(f)) ?? [];
  return addresses.length > 0 && addresses.length <= 4 && addresses.every(isFlatMemoryType);
}

/** Whether a value of type `t` may hold a memory or stack address (what pointer analyses track). */
export function holdsAddress(t: Type): boolean {
  return (isAggType(t) || t instanceof PtrType) && (t.loc === 'Memory' || t.loc === 'Stack');
}

/**
 * Whether zeroing a memory aggregate of type `t` allocates inner objects: some field's zero
 * value is a struct or a static array of its own. A value's zero is 0 and a dynamic
 * one's is the zero slot 0x60 — no memory of the aggregate's.
 */
export function zeroHasInnerObjects(t: Type): boolean {
  const fields = t instanceof ArrayType && t.isDynamic ? [t.eltType] : fixedSizeFields(t) ?? [];
  return fields.some((f) => fixedSizeFields(f) !== undefined);
}

/** A memory aggregate that holds addresses of inner aggregates (which the op that allocates it may allocate too). */
export function holdsInnerAddresses(t: Type): boolean {
  return isAggType(t) && t.loc === 'Memory' && !isFlatMemoryType(t);
}
