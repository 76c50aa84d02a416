/**
 * sol dialect types → the emitter's view of them: the YType used by the runtime library, how
 * many Yul words a value of the type takes, and solc's storage layout of aggregates.
 *
 * Yul words per value:
 *   value types, Memory aggregates (their address), Storage aggregates and mappings (their
 *   slot), static CallData aggregates (their offset)                         1
 *   dynamic CallData arrays / bytes (data offset, length)                      2
 *   !sol.ptr<T, Storage> (slot, byte offset in the slot)                       2
 *   !sol.ptr<T, Memory | CallData> (address)                                  1
 *   !sol.ptr<T, Stack> — the slot's own Yul variables                          words of T
 */
import { FunctionType, IntegerType, type Type } from '@lifeline/ir';
import {
  AddressType, ArrayType, EnumType, FixedBytesType, MappingType, PtrType, StringType, StructType,
} from '../sol-types.js';
import { headSize, tid, valueBits, type YType } from './ytypes.js';

export class UnsupportedType extends Error {}

/** The library type of a sol type (value types and aggregates; the location is dropped). */
export function ytype(t: Type): YType {
  if (t instanceof IntegerType) {
    if (t.width === 1) return { kind: 'bool' };
    return { kind: t.signedness === 'signed' ? 'int' : 'uint', bits: t.width };
  }
  if (t instanceof AddressType) return { kind: 'address' };
  if (t instanceof FixedBytesType) return { kind: 'fixedbytes', size: t.size };
  if (t instanceof EnumType) return { kind: 'enum', name: `${t.max + 1}`, count: t.max + 1 };
  if (t instanceof StringType) return { kind: 'bytes' };
  if (t instanceof ArrayType) return { kind: 'array', elem: ytype(t.eltType), length: t.isDynamic ? null : t.size };
  // an internal function pointer in memory (an element of an array of them) is a word holding
  // the function's id, 0 for none (emit-fnptr.ts): stored, loaded and zeroed as a uint256
  if (t instanceof FunctionType) return { kind: 'uint', bits: 256 };
  if (t instanceof StructType) {
    const members = t.memberTypes.map((m, i) => ({ name: `m${i}`, type: ytype(m) }));
    return { kind: 'struct', name: structName(members.map((m) => tid(m.type)).join(',')), members };
  }
  throw new UnsupportedType(`type ${t} has no ABI/Yul representation`);
}

function structName(key: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return 's' + h.toString(16).padStart(8, '0');
}

/** Yul words a value of type `t` takes (see the header). */
export function wordsOf(t: Type): number {
  if (t instanceof PtrType) {
    if (t.loc === 'Storage' || t.loc === 'Transient') return 2;
    if (t.loc === 'Stack') return wordsOf(t.pointeeType);
    // a calldata pointer to an aggregate is the inner reference itself (emit-calldata.ts)
    if (t.loc === 'CallData') return wordsOf(withCallData(t.pointeeType));
    return 1;
  }
  if ((t instanceof ArrayType || t instanceof StringType) && t.loc === 'CallData') {
    return t instanceof StringType || t.isDynamic ? 2 : 1;
  }
  return 1;
}

/** `t` as a calldata reference (the pointee of a calldata pointer is in calldata). */
function withCallData(t: Type): Type {
  if (t instanceof StringType) return StringType.get('CallData');
  if (t instanceof ArrayType) return ArrayType.get(t.isDynamic ? ArrayType.DYNAMIC : t.size, t.eltType, 'CallData');
  return t;
}

export function isValue(t: Type): boolean {
  return t instanceof IntegerType || t instanceof AddressType || t instanceof FixedBytesType || t instanceof EnumType;
}

// ---- storage layout (solc's: docs "Layout of State Variables in Storage") -------------

/** Bytes a value type takes in storage; aggregates and mappings take whole slots. */
export function storageBytes(t: Type): number {
  return isValue(t) ? valueBits(ytype(t)) / 8 : 32;
}

/** Slots a type occupies in storage. */
export function storageSlots(t: Type): number {
  if (isValue(t) || t instanceof MappingType || t instanceof StringType) return 1;
  if (t instanceof ArrayType) {
    if (t.isDynamic) return 1;
    if (isValue(t.eltType) && storageBytes(t.eltType) <= 16) {
      const per = Math.floor(32 / storageBytes(t.eltType));
      return Math.ceil(t.size / per);
    }
    return t.size * storageSlots(t.eltType);
  }
  if (t instanceof StructType) {
    const last = structLayout(t);
    return last.slots;
  }
  throw new UnsupportedType(`type ${t} cannot be stored`);
}

/** (slot, byte offset) of each member of a struct in storage, and the struct's slot count. */
export function structLayout(t: StructType): { members: { slot: number; offset: number }[]; slots: number } {
  let slot = 0;
  let offset = 0;
  const members = t.memberTypes.map((m) => {
    const whole = !isValue(m);
    const size = storageBytes(m);
    if (whole || offset + size > 32) {
      if (offset > 0) slot++;
      offset = 0;
    }
    const at = { slot, offset };
    if (whole) {
      slot += storageSlots(m);
      offset = 0;
    } else offset += size;
    return at;
  });
  return { members, slots: slot + (offset > 0 ? 1 : 0) };
}

/** ABI head size of the type (for calldata strides). */
export function abiHeadSize(t: Type): number {
  return headSize(ytype(t));
}
