/**
 * What the sol op definitions share: the memory-effect resources and helpers, and the type
 * constraints the verifier quotes.
 *
 * Resources (MemoryEffect.resource) name where an effect happens:
 *   Memory     EVM memory (the heap: everything sol.malloc-like ops hand out)
 *   Storage    contract storage (sload/sstore);  Transient: tload/tstore
 *   CallData   the call's input (read-only)
 *   Stack      stack slots made by sol.alloca
 *   Log        the transaction's logs (sol.emit writes it)
 *   Revert     control may end the call here (reverts, panics): a write on it keeps such ops
 *              in place and alive — removing or reordering them would change revert data
 *   FreePointer  the free memory pointer at 0x40, written only by inline assembly that is not
 *              memory-safe (allocations own it implicitly through their Allocate effect)
 *   FreeMemory the memory at and above the free pointer, where solc writes data it does not
 *              allocate (revert and event data, sha256 input, string mapping keys); such an op
 *              reads the free pointer and overwrites what lies above it
 */
import { IntegerType, type MemoryEffect, type Type, type TypeConstraint, type Value } from '@lifeline/ir';
import {
  AddressType, ArrayType, EnumType, FixedBytesType, MappingType, PtrType, StringType, StructType, dataLocation, isAggType,
  isRefType, isSolInt, isValueType, type DataLocation,
} from './sol-types.js';

export type Resource = 'Memory' | 'Storage' | 'Transient' | 'CallData' | 'Stack' | 'Log' | 'Revert' | 'FreePointer' | 'FreeMemory' | 'Immutable';

export function effect(kind: MemoryEffect['kind'], value: Value | undefined, resource: Resource): MemoryEffect {
  return value ? { kind, value, resource } : { kind, resource };
}

/** The resource a location's reads and writes happen in. */
export function resourceOf(loc: DataLocation): Resource {
  return loc;
}

/** A read of what `v` refers to, when it is a reference (value types read nothing). */
export function readThrough(v: Value): MemoryEffect[] {
  const loc = dataLocation(v.type);
  return loc ? [effect('read', v, resourceOf(loc))] : [];
}

/** The op writes scratch data at the free pointer without allocating it. */
export const writesFreeMemory = (): MemoryEffect => effect('write', undefined, 'FreeMemory');

/** The op may end the call with a revert (panic, failed check). */
export const mayRevert = (): MemoryEffect => effect('write', undefined, 'Revert');

function constraint(description: string, accepts: (t: Type) => boolean): TypeConstraint {
  return { description, accepts };
}

export const solInt = constraint('bool, integer or enum', isSolInt);
export const solBool = constraint('bool (i1)', (t) => t instanceof IntegerType && t.width === 1 && t.signedness === 'signless');
export const fixedBytes = constraint('bytesN', (t) => t instanceof FixedBytesType);
export const solBitwise = constraint('integer or bytesN', (t) => isSolInt(t) || t instanceof FixedBytesType);
export const solValue = constraint('value type', isValueType);
export const unsignedInt = constraint('unsigned integer', (t) => t instanceof IntegerType && t.signedness === 'unsigned');
export const ptrType = constraint('sol.ptr', (t) => t instanceof PtrType);
export const stackPtr = constraint('sol.ptr in Stack', (t) => t instanceof PtrType && t.loc === 'Stack');
export const aggType = constraint('string, array or struct', isAggType);
export const refType = constraint('reference type (string, array, struct, ptr)', isRefType);
export const memoryAgg = constraint('string, array or struct in Memory', (t) => isAggType(t) && t.loc === 'Memory');
export const memoryString = constraint('!sol.string<Memory>', (t) => t === StringType.get('Memory'));
export const anyString = constraint('sol.string', (t) => t instanceof StringType);
/** Bytes `bytesN(b)` reads in place (sol.to_fixed_bytes): in memory or calldata. */
export const bytesInMemoryOrCalldata = constraint('bytes in Memory or CallData', (t) => t instanceof StringType && (t.loc === 'Memory' || t.loc === 'CallData'));
export const arrayOrString = constraint('array or string', (t) => t instanceof ArrayType || t instanceof StringType);
export const dynArrayOrString = constraint('dynamic array or string',
  (t) => (t instanceof ArrayType && t.isDynamic) || t instanceof StringType);
export const mappingType = constraint('sol.mapping', (t) => t instanceof MappingType);
export const fixedBytes32 = constraint('!sol.fixedbytes<32>', (t) => t === FixedBytesType.get(32));
export const fixedBytes4 = constraint('!sol.fixedbytes<4>', (t) => t === FixedBytesType.get(4));
export const anyType = constraint('any type', () => true);

/** The type of the element `sol.gep` addresses in `base` (undefined when `base` has no elements). */
export function elementType(base: Type, index: number | undefined): Type | undefined {
  if (base instanceof ArrayType) return base.eltType;
  if (base instanceof StringType) return FixedBytesType.get(1);
  if (base instanceof StructType) return index === undefined ? undefined : base.memberTypes[index];
  if (base instanceof PtrType) return base.pointeeType;
  return undefined;
}

export { AddressType, EnumType };
