/**
 * The types Yul emission works with: Solidity's ABI-visible types, independent of the sol
 * dialect's type objects (emit-types.ts maps those to these). Each type knows its solc-style
 * id (used to name helpers, e.g. `t_uint8`, `t_array$_t_uint256_$dyn`), its ABI signature
 * spelling, whether it is dynamically encoded, its ABI head size and its memory layout:
 *
 *   value types            one 32-byte word (cleaned: uintN zero-extended, intN sign-extended,
 *                          bytesN left-aligned, bool 0/1, address 160 bits, enum < count)
 *   bytes / string         [length][data, rounded to 32]            — a pointer to the length
 *   T[] (dynamic)          [length][one word per element]           — elements are values or pointers
 *   T[k] (static)          [one word per element]                   — no length word
 *   struct                 [one word per member]                    — members are values or pointers
 *
 * The empty dynamic value (bytes, string, T[]) is the zero slot 0x60, as in solc.
 */
import { literalBytes } from './lib.js';

export type YType =
  | { kind: 'uint'; bits: number }
  | { kind: 'int'; bits: number }
  | { kind: 'bool' }
  | { kind: 'address' }
  | { kind: 'fixedbytes'; size: number }
  | { kind: 'enum'; name: string; count: number }
  | { kind: 'bytes' }
  | { kind: 'string' }
  | { kind: 'array'; elem: YType; length: number | null }
  | { kind: 'struct'; name: string; members: { name: string; type: YType }[] }
  /** A string literal argument encoded in place (no memory copy), e.g. in `revert E("x")`; its value operand is ignored. */
  | { kind: 'stringliteral'; value: string };

export const uint = (bits = 256): YType => ({ kind: 'uint', bits });
export const int = (bits = 256): YType => ({ kind: 'int', bits });
export const bool: YType = { kind: 'bool' };
export const address: YType = { kind: 'address' };
export const fixedbytes = (size: number): YType => ({ kind: 'fixedbytes', size });
export const bytes: YType = { kind: 'bytes' };
export const string: YType = { kind: 'string' };
export const array = (elem: YType, length: number | null = null): YType => ({ kind: 'array', elem, length });
export const struct = (name: string, members: { name: string; type: YType }[]): YType => ({ kind: 'struct', name, members });

export const stringLiteral = (value: string): YType => ({ kind: 'stringliteral', value });

export function isValueType(t: YType): boolean {
  return !['bytes', 'string', 'array', 'struct', 'stringliteral'].includes(t.kind);
}

export function isByteArray(t: YType): t is { kind: 'bytes' } | { kind: 'string' } {
  return t.kind === 'bytes' || t.kind === 'string';
}

/** solc-style type id, used in helper names (unique per type; struct names must be unique). */
export function tid(t: YType): string {
  switch (t.kind) {
    case 'uint':
      return `t_uint${t.bits}`;
    case 'int':
      return `t_int${t.bits}`;
    case 'bool':
      return 't_bool';
    case 'address':
      return 't_address';
    case 'fixedbytes':
      return `t_bytes${t.size}`;
    case 'enum':
      return `t_enum$_${t.name}`;
    case 'bytes':
      return 't_bytes';
    case 'string':
      return 't_string';
    case 'array':
      return `t_array$_${tid(t.elem)}_$${t.length === null ? 'dyn' : t.length}`;
    case 'struct':
      return `t_struct$_${t.name}`;
    case 'stringliteral':
      return `t_stringliteral_${fnv1a(t.value)}`;
  }
}

/** FNV-1a (64 bit) of a string's UTF-8 bytes: a stable short name for a literal. */
function fnv1a(s: string): string {
  let h = 0xcbf29ce484222325n;
  for (const b of literalBytes(s)) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h.toString(16).padStart(16, '0');
}

/** The canonical ABI spelling (`uint256`, `(uint256,bytes)[]`), for selectors and signatures. */
export function abiName(t: YType): string {
  switch (t.kind) {
    case 'uint':
      return `uint${t.bits}`;
    case 'int':
      return `int${t.bits}`;
    case 'enum':
      return 'uint8';
    case 'fixedbytes':
      return `bytes${t.size}`;
    case 'array':
      return `${abiName(t.elem)}[${t.length === null ? '' : t.length}]`;
    case 'struct':
      return `(${t.members.map((m) => abiName(m.type)).join(',')})`;
    case 'stringliteral':
      return 'string';
    default:
      return t.kind;
  }
}

/** Dynamically encoded in the ABI (encoded in the tail, referenced by an offset in the head). */
export function isDynamic(t: YType): boolean {
  switch (t.kind) {
    case 'bytes':
    case 'string':
    case 'stringliteral':
      return true;
    case 'array':
      return t.length === null || isDynamic(t.elem);
    case 'struct':
      return t.members.some((m) => isDynamic(m.type));
    default:
      return false;
  }
}

/** Bytes the type occupies in an ABI head (32 for dynamic types: the offset). */
export function headSize(t: YType): number {
  if (isDynamic(t)) return 32;
  if (t.kind === 'array') return (t.length ?? 0) * headSize(t.elem);
  if (t.kind === 'struct') return t.members.reduce((s, m) => s + headSize(m.type), 0);
  return 32;
}

/** Bytes of the type's own head when it is encoded (a struct's members' heads, a static array's elements' heads). */
export function ownHeadSize(t: YType): number {
  if (t.kind === 'struct') return t.members.reduce((s, m) => s + headSize(m.type), 0);
  if (t.kind === 'array' && t.length !== null) return t.length * headSize(t.elem);
  return 32;
}

/** Bytes a value of this type occupies in memory when it is the target of a pointer. */
export function memorySize(t: YType): number {
  if (t.kind === 'array' && t.length !== null) return t.length * 32;
  if (t.kind === 'struct') return t.members.length * 32;
  return 32;
}

/** Bit width of a value type as stored (address 160, bool 8, bytesN 8N, enum 8). */
export function valueBits(t: YType): number {
  switch (t.kind) {
    case 'uint':
    case 'int':
      return t.bits;
    case 'bool':
    case 'enum':
      return 8;
    case 'address':
      return 160;
    case 'fixedbytes':
      return t.size * 8;
    default:
      return 256;
  }
}

export function sameType(a: YType, b: YType): boolean {
  return tid(a) === tid(b);
}
