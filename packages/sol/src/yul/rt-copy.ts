/**
 * Deep copies between storage and memory, clearing of storage aggregates and storage
 * `bytes` / `string` in solc's encoding, for any aggregate type (sol types: the storage
 * layout of structs and packed arrays comes from emit-types.ts).
 *
 * Storage bytes/string (solc docs, "bytes and string"): a short value (< 32 bytes) lives in
 * its slot, data left-aligned, `2 * length` in the lowest byte; a long one stores
 * `2 * length + 1` in the slot and the data from keccak256(slot), 32 bytes per slot. Any
 * other bit pattern (short flag with length ≥ 32 or long flag with length < 32) is corrupt:
 * Panic(0x22) when the length is read.
 *
 * Writes leave storage in the canonical state solc leaves it in (what an observer of the
 * chain sees): elements past a shrunk length and slots of a long byte array that became
 * shorter are zeroed, the unused bytes of a last (or short) data word are zero. Copies into
 * storage read their whole source first (storage and calldata sources go through memory),
 * so a copy of an aggregate onto itself or onto a part of itself is well defined.
 */
import type { Type } from '@lifeline/ir';
import { ArrayType, MappingType, StringType, StructType } from '../sol-types.js';
import { EmitError } from './emit-func.js';
import { isValue, storageBytes, storageSlots, structLayout, ytype } from './emit-types.js';
import { hex, MEM_LIMIT, type YulLib, yfn } from './lib.js';
import { allocateMemory, allocateMemoryArray, panic, PanicCode } from './rt-memory.js';
import { arrayDataSlot, readStorageDynOffset, writeStorageDynOffset } from './rt-storage.js';
import { tid } from './ytypes.js';

const id = (t: Type) => tid(ytype(t));

function perSlotOf(elt: Type): number {
  return isValue(elt) && storageBytes(elt) <= 16 ? Math.floor(32 / storageBytes(elt)) : 1;
}

/** `(slot, offset)` expressions of element `i` of a storage array whose data starts at `data`. */
function elementAt(elt: Type, data: string, i: string): [string, string] {
  const per = perSlotOf(elt);
  if (per === 1) return [`add(${data}, mul(${i}, ${storageSlots(elt)}))`, '0'];
  return [`add(${data}, div(${i}, ${per}))`, `mul(mod(${i}, ${per}), ${storageBytes(elt)})`];
}

function noMappings(t: Type): void {
  if (t instanceof MappingType) throw new EmitError('copying or clearing a type that contains a mapping is not supported');
}

/** Length of a storage byte array from its slot word (Panic 0x22 when the encoding is corrupt). */
export function extractByteArrayLength(lib: YulLib): string {
  return lib.fn('extract_byte_array_length', () =>
    yfn(
      'extract_byte_array_length',
      ['data'],
      ['length'],
      `length := div(data, 2)\nlet outOfPlaceEncoding := and(data, 1)\nif iszero(outOfPlaceEncoding) { length := and(length, 0x7f) }\nif eq(outOfPlaceEncoding, lt(length, 32)) { ${panic(lib, PanicCode.storageEncoding)}() }`,
    ),
  );
}

/** Zeroes slots [start, end). */
function clearStorageRange(lib: YulLib): string {
  return lib.fn('clear_storage_range', () =>
    yfn('clear_storage_range', ['start', 'end'], [], 'for {} lt(start, end) { start := add(start, 1) } { sstore(start, 0) }'),
  );
}

/** `(slot, offset)` of byte `index` of a storage byte array (Panic 0x32 out of bounds). */
export function storageBytesIndexAccess(lib: YulLib): string {
  return lib.fn('storage_array_index_access_t_bytes_storage', () =>
    yfn(
      'storage_array_index_access_t_bytes_storage',
      ['array', 'index'],
      ['slot', 'offset'],
      `let length := ${extractByteArrayLength(lib)}(sload(array))
if iszero(lt(index, length)) { ${panic(lib, PanicCode.outOfBounds)}() }
offset := sub(31, mod(index, 32))
switch lt(length, 32)
case 1 { slot := array }
default { slot := add(${arrayDataSlot(lib)}(array), div(index, 32)) }`,
    ),
  );
}

/** `b.push()` on storage bytes: appends a zero byte (short → long at 32 bytes); returns the new byte's (slot, offset). */
export function storageBytesPush(lib: YulLib): string {
  return lib.fn('storage_byte_array_push_zero', () =>
    yfn(
      'storage_byte_array_push_zero',
      ['array'],
      ['slot', 'offset'],
      `let data := sload(array)
let oldLen := ${extractByteArrayLength(lib)}(data)
if iszero(lt(oldLen, ${MEM_LIMIT})) { ${panic(lib, PanicCode.memory)}() }
switch eq(oldLen, 31)
case 1 {
    // short → long: the 31 bytes move to the first data slot
    sstore(${arrayDataSlot(lib)}(array), and(data, not(0xff)))
    sstore(array, 65)
}
default { sstore(array, add(data, 2)) }
slot, offset := ${storageBytesIndexAccess(lib)}(array, oldLen)`,
    ),
  );
}

/** `b.pop()` on storage bytes: Panic(0x31) when empty; long → short at 32 bytes. */
export function storageBytesPop(lib: YulLib): string {
  return lib.fn('storage_byte_array_pop', () =>
    yfn(
      'storage_byte_array_pop',
      ['array'],
      [],
      `let data := sload(array)
let oldLen := ${extractByteArrayLength(lib)}(data)
if iszero(oldLen) { ${panic(lib, PanicCode.popEmpty)}() }
switch oldLen
case 32 {
    let dataSlot := ${arrayDataSlot(lib)}(array)
    let first := sload(dataSlot)
    sstore(dataSlot, 0)
    sstore(array, or(and(first, not(0xff)), 62))
}
default {
    let slot, offset := ${storageBytesIndexAccess(lib)}(array, sub(oldLen, 1))
    ${writeStorageDynOffset(lib, { kind: 'fixedbytes', size: 1 })}(slot, offset, 0)
    sstore(array, sub(sload(array), 2))
}`,
    ),
  );
}

/** `copy_<T>_from_storage_to_memory(slot) -> memPtr`: a fresh memory copy of a storage aggregate. */
export function storageToMemory(lib: YulLib, t: Type): string {
  const name = `copy_${id(t)}_from_storage_to_memory`;
  return lib.fn(name, () => {
    if (t instanceof StringType)
      return yfn(
        name,
        ['slot'],
        ['memPtr'],
        `let data := sload(slot)
let length := ${extractByteArrayLength(lib)}(data)
memPtr := ${allocateMemoryArray(lib, { kind: 'bytes' })}(length)
let dst := add(memPtr, 0x20)
switch and(data, 1)
case 0 { if length { mstore(dst, and(data, not(0xff))) } }
default {
    let src := ${arrayDataSlot(lib)}(slot)
    for { let i := 0 } lt(i, length) { i := add(i, 0x20) } {
        mstore(add(dst, i), sload(src))
        src := add(src, 1)
    }
}`,
      );
    if (t instanceof ArrayType) {
      const elt = t.eltType;
      noMappings(elt);
      const head = t.isDynamic
        ? `let length := sload(slot)\nmemPtr := ${allocateMemoryArray(lib, ytype(t))}(length)\nlet dst := add(memPtr, 0x20)\nlet data := ${arrayDataSlot(lib)}(slot)`
        : `let length := ${hex(t.size)}\nmemPtr := ${allocateMemory(lib)}(${hex(t.size * 32)})\nlet dst := memPtr\nlet data := slot`;
      const [s, o] = elementAt(elt, 'data', 'i');
      const read = isValue(elt) ? `${readStorageDynOffset(lib, ytype(elt))}(${s}, ${o})` : `${storageToMemory(lib, elt)}(${s})`;
      return yfn(name, ['slot'], ['memPtr'], `${head}\nfor { let i := 0 } lt(i, length) { i := add(i, 1) } {\n    mstore(add(dst, mul(i, 0x20)), ${read})\n}`);
    }
    if (t instanceof StructType) {
      const layout = structLayout(t);
      const parts = t.memberTypes.map((m, i) => {
        noMappings(m);
        const at = layout.members[i]!;
        const slot = `add(slot, ${hex(at.slot)})`;
        const v = isValue(m) ? `${readStorageDynOffset(lib, ytype(m))}(${slot}, ${at.offset})` : `${storageToMemory(lib, m)}(${slot})`;
        return `mstore(add(memPtr, ${hex(i * 32)}), ${v})`;
      });
      return yfn(name, ['slot'], ['memPtr'], [`memPtr := ${allocateMemory(lib)}(${hex(t.memberTypes.length * 32)})`, ...parts].join('\n'));
    }
    throw new EmitError(`a storage to memory copy of ${t}`);
  });
}

/**
 * `copy_<T>_from_memory_to_storage(slot, src)`: assigns a memory aggregate to a storage one.
 * `srcLength`: the source is a static memory array of that length (no length word) assigned
 * to a dynamic storage array (`xs = [uint256(1), 2]`).
 */
export function memoryToStorage(lib: YulLib, t: Type, srcLength?: number): string {
  const name = `copy_${id(t)}_from_memory${srcLength === undefined ? '' : `_static_${srcLength}`}_to_storage`;
  return lib.fn(name, () => {
    if (t instanceof StringType)
      return yfn(
        name,
        ['slot', 'src'],
        [],
        `let newLen := mload(src)
if gt(newLen, ${MEM_LIMIT}) { ${panic(lib, PanicCode.memory)}() }
let oldLen := ${extractByteArrayLength(lib)}(sload(slot))
if gt(oldLen, 31) {
    // the slots of the old long value past the new data are cleared
    let dataArea := ${arrayDataSlot(lib)}(slot)
    let keep := div(add(newLen, 31), 32)
    if lt(newLen, 32) { keep := 0 }
    ${clearStorageRange(lib)}(add(dataArea, keep), add(dataArea, div(add(oldLen, 31), 32)))
}
switch gt(newLen, 31)
case 1 {
    let dst := ${arrayDataSlot(lib)}(slot)
    let loopEnd := and(newLen, not(0x1f))
    let i := 0
    for {} lt(i, loopEnd) { i := add(i, 0x20) } {
        sstore(dst, mload(add(add(src, 0x20), i)))
        dst := add(dst, 1)
    }
    if lt(loopEnd, newLen) {
        sstore(dst, and(mload(add(add(src, 0x20), i)), not(shr(mul(8, and(newLen, 0x1f)), not(0)))))
    }
    sstore(slot, add(mul(newLen, 2), 1))
}
default {
    let value := 0
    if newLen { value := mload(add(src, 0x20)) }
    sstore(slot, or(and(value, not(shr(mul(8, newLen), not(0)))), mul(newLen, 2)))
}`,
      );
    if (t instanceof ArrayType) {
      const elt = t.eltType;
      noMappings(elt);
      const [s, o] = elementAt(elt, 'data', 'i');
      const write = isValue(elt)
        ? `${writeStorageDynOffset(lib, ytype(elt))}(${s}, ${o}, mload(add(srcData, mul(i, 0x20))))`
        : `${memoryToStorage(lib, elt)}(${s}, mload(add(srcData, mul(i, 0x20))))`;
      const head = t.isDynamic
        ? `let length := ${srcLength === undefined ? 'mload(src)' : hex(srcLength)}
if gt(length, ${MEM_LIMIT}) { ${panic(lib, PanicCode.memory)}() }
let oldLen := sload(slot)
sstore(slot, length)
let data := ${arrayDataSlot(lib)}(slot)
if lt(length, oldLen) { ${clearElements(lib, elt)}(data, length, oldLen) }
let srcData := ${srcLength === undefined ? 'add(src, 0x20)' : 'src'}`
        : `let length := ${hex(t.size)}\nlet data := slot\nlet srcData := src`;
      return yfn(name, ['slot', 'src'], [], `${head}\nfor { let i := 0 } lt(i, length) { i := add(i, 1) } {\n    ${write}\n}`);
    }
    if (t instanceof StructType) {
      const layout = structLayout(t);
      const parts = t.memberTypes.map((m, i) => {
        noMappings(m);
        const at = layout.members[i]!;
        const slot = `add(slot, ${hex(at.slot)})`;
        const v = `mload(add(src, ${hex(i * 32)}))`;
        return isValue(m) ? `${writeStorageDynOffset(lib, ytype(m))}(${slot}, ${at.offset}, ${v})` : `${memoryToStorage(lib, m)}(${slot}, ${v})`;
      });
      return yfn(name, ['slot', 'src'], [], parts.join('\n'));
    }
    throw new EmitError(`a memory to storage copy of ${t}`);
  });
}

/** Zeroes elements [from, to) of a storage array of `elt` whose data starts at `data`. */
function clearElements(lib: YulLib, elt: Type): string {
  const name = `clear_storage_array_elements_${id(elt)}`;
  return lib.fn(name, () => {
    const [s, o] = elementAt(elt, 'data', 'i');
    const clear = isValue(elt) ? `${writeStorageDynOffset(lib, ytype(elt))}(${s}, ${o}, 0)` : `${clearStorage(lib, elt)}(${s})`;
    return yfn(name, ['data', 'from', 'to'], [], `for { let i := from } lt(i, to) { i := add(i, 1) } {\n    ${clear}\n}`);
  });
}

/** `clear_storage_<T>(slot)`: `delete` of a storage aggregate (mappings inside are left alone, as in solc). */
export function clearStorage(lib: YulLib, t: Type): string {
  const name = `clear_storage_${id(t)}`;
  return lib.fn(name, () => {
    if (t instanceof StringType)
      return yfn(
        name,
        ['slot'],
        [],
        `let oldLen := ${extractByteArrayLength(lib)}(sload(slot))
if gt(oldLen, 31) {
    let dataArea := ${arrayDataSlot(lib)}(slot)
    ${clearStorageRange(lib)}(dataArea, add(dataArea, div(add(oldLen, 31), 32)))
}
sstore(slot, 0)`,
      );
    if (t instanceof ArrayType) {
      if (t.eltType instanceof MappingType) return yfn(name, ['slot'], [], t.isDynamic ? 'sstore(slot, 0)' : '');
      if (t.isDynamic) return yfn(name, ['slot'], [], `let oldLen := sload(slot)\nsstore(slot, 0)\n${clearElements(lib, t.eltType)}(${arrayDataSlot(lib)}(slot), 0, oldLen)`);
      if (isValue(t.eltType)) return yfn(name, ['slot'], [], `${clearStorageRange(lib)}(slot, add(slot, ${hex(storageSlots(t))}))`);
      return yfn(name, ['slot'], [], `${clearElements(lib, t.eltType)}(slot, 0, ${hex(t.size)})`);
    }
    if (t instanceof StructType) {
      const layout = structLayout(t);
      const parts = t.memberTypes.flatMap((m, i) => {
        if (m instanceof MappingType) return [];
        const at = layout.members[i]!;
        const slot = `add(slot, ${hex(at.slot)})`;
        return [isValue(m) ? `${writeStorageDynOffset(lib, ytype(m))}(${slot}, ${at.offset}, 0)` : `${clearStorage(lib, m)}(${slot})`];
      });
      return yfn(name, ['slot'], [], parts.join('\n'));
    }
    throw new EmitError(`delete of ${t}`);
  });
}
