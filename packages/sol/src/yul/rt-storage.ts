/**
 * Storage helpers in solc's layout: value types packed right-to-left into 32-byte slots
 * (offset in bytes from the low end), mappings at keccak256(key . slot), dynamic arrays with
 * the length at their slot and the data from keccak256(slot), elements packed when they are
 * smaller than 16 bytes. Index access checks bounds with Panic(0x32); push panics with 0x41
 * past 2^64 elements, pop with 0x31 on an empty array; popped elements are zeroed.
 */
import { hex, type YulLib, yfn } from './lib.js';
import { cleanupExpr } from './rt-arith.js';
import { panic, PanicCode, unboundedPos } from './rt-memory.js';
import { isValueType, tid, valueBits, type YType } from './ytypes.js';

/** Bytes a value type occupies in storage. */
export function storageBytes(t: YType): number {
  return isValueType(t) ? valueBits(t) / 8 : 32;
}

/** Reads value type `t` at (slot, byte offset). */
export function readStorage(lib: YulLib, t: YType, offset: number): string {
  const name = `read_from_storage_offset_${offset}_${tid(t)}`;
  return lib.fn(name, () => {
    const word = offset === 0 ? 'sload(slot)' : `shr(${offset * 8}, sload(slot))`;
    return yfn(name, ['slot'], ['value'], `value := ${storageCleanup(t, word)}`);
  });
}

/** A stored value: integers are kept zero-extended in storage; intN is sign-extended on read, bytesN shifted up. */
function storageCleanup(t: YType, word: string): string {
  const bits = valueBits(t);
  if (t.kind === 'fixedbytes') return t.size === 32 ? word : `shl(${256 - bits}, ${word})`;
  if (bits === 256) return word;
  const masked = `and(${word}, ${hex((1n << BigInt(bits)) - 1n)})`;
  return t.kind === 'int' ? `signextend(${bits / 8 - 1}, ${masked})` : masked;
}

/** Writes value type `t` at (slot, byte offset), keeping the other bytes of the slot. */
export function writeStorage(lib: YulLib, t: YType, offset: number): string {
  const name = `update_storage_value_offset_${offset}_${tid(t)}`;
  return lib.fn(name, () => {
    const bits = valueBits(t);
    let v = cleanupExpr(t, 'value');
    if (t.kind === 'fixedbytes' && bits < 256) v = `shr(${256 - bits}, ${v})`;
    if (t.kind === 'int' && bits < 256) v = `and(${v}, ${hex((1n << BigInt(bits)) - 1n)})`;
    if (bits === 256) return yfn(name, ['slot', 'value'], [], `sstore(slot, ${v})`);
    const mask = hex(((1n << BigInt(bits)) - 1n) << BigInt(offset * 8));
    const ins = offset === 0 ? v : `shl(${offset * 8}, ${v})`;
    return yfn(name, ['slot', 'value'], [], `sstore(slot, or(and(sload(slot), not(${mask})), ${ins}))`);
  });
}

/** The slot of `m[key]` for a value-type key. */
export function mappingSlot(lib: YulLib, key: YType): string {
  const name = `mapping_index_access_${tid(key)}`;
  return lib.fn(name, () =>
    yfn(name, ['slot', 'key'], ['dataSlot'], `mstore(0, ${cleanupExpr(key, 'key')})\nmstore(0x20, slot)\ndataSlot := keccak256(0, 0x40)`),
  );
}

/**
 * The slot of `m[key]` for a bytes/string key (memory): keccak256(key bytes . slot), built at
 * the free pointer (or at a `scratch` parameter, `at`: rt-memory.ts unboundedPos).
 */
export function mappingSlotBytes(lib: YulLib, at = false): string {
  const pos = unboundedPos(lib, at);
  const name = `mapping_index_access_t_bytes_memory${pos.suffix}`;
  return lib.fn(name, () =>
    yfn(
      name,
      [...pos.params, 'slot', 'key'],
      ['dataSlot'],
      `let pos := ${pos.expr}\nlet length := mload(key)\nmcopy(pos, add(key, 0x20), length)\nmstore(add(pos, length), slot)\ndataSlot := keccak256(pos, add(length, 0x20))`,
    ),
  );
}

/** Elements per slot of a storage array of `t` (1 for 32-byte or reference elements). */
export function perSlot(t: YType): number {
  const b = storageBytes(t);
  return b > 16 ? 1 : Math.floor(32 / b);
}

/** Data slot of a dynamic storage array. */
export function arrayDataSlot(lib: YulLib): string {
  return lib.fn('array_dataslot_storage', () => yfn('array_dataslot_storage', ['ptr'], ['data'], 'mstore(0, ptr)\ndata := keccak256(0, 0x20)'));
}

/**
 * `(slot, offset)` of element `index` of a storage array of `elem` (elements taking
 * `elemSlots` slots each when not packed); Panic(0x32) when out of bounds. `length` is the
 * static length, or null for a dynamic array (length read from the slot).
 */
export function storageIndexAccess(lib: YulLib, elem: YType, length: number | null, elemSlots = 1): string {
  const name = `storage_array_index_access_${tid(elem)}_${length ?? 'dyn'}_${elemSlots}`;
  return lib.fn(name, () => {
    const len = length === null ? 'sload(array)' : hex(length);
    const data = length === null ? `${arrayDataSlot(lib)}(array)` : 'array';
    const per = perSlot(elem);
    const pos =
      per === 1
        ? `slot := add(${data}, mul(index, ${elemSlots}))\noffset := 0`
        : `slot := add(${data}, div(index, ${per}))\noffset := mul(mod(index, ${per}), ${storageBytes(elem)})`;
    return yfn(name, ['array', 'index'], ['slot', 'offset'], `if iszero(lt(index, ${len})) { ${panic(lib, PanicCode.outOfBounds)}() }\n${pos}`);
  });
}

/** Reads a value at a dynamic (runtime) byte offset within a slot. */
export function readStorageDynOffset(lib: YulLib, t: YType): string {
  const name = `read_from_storage_dynamic_${tid(t)}`;
  return lib.fn(name, () => yfn(name, ['slot', 'offset'], ['value'], `value := ${storageCleanup(t, 'shr(mul(offset, 8), sload(slot))')}`));
}

/** Writes a value at a dynamic byte offset within a slot. */
export function writeStorageDynOffset(lib: YulLib, t: YType): string {
  const name = `update_storage_value_dynamic_${tid(t)}`;
  return lib.fn(name, () => {
    const bits = valueBits(t);
    let v = cleanupExpr(t, 'value');
    if (t.kind === 'fixedbytes' && bits < 256) v = `shr(${256 - bits}, ${v})`;
    if (t.kind === 'int' && bits < 256) v = `and(${v}, ${hex((1n << BigInt(bits)) - 1n)})`;
    if (bits === 256) return yfn(name, ['slot', 'offset', 'value'], [], `sstore(slot, ${v})`);
    const m = hex((1n << BigInt(bits)) - 1n);
    return yfn(
      name,
      ['slot', 'offset', 'value'],
      [],
      `let shift := mul(offset, 8)\nsstore(slot, or(and(sload(slot), not(shl(shift, ${m}))), shl(shift, ${v})))`,
    );
  });
}

/** `arr.push(value)` for a dynamic storage array of value type `elem`. */
export function storagePush(lib: YulLib, elem: YType): string {
  const name = `storage_array_push_${tid(elem)}`;
  return lib.fn(name, () =>
    yfn(
      name,
      ['array', 'value'],
      [],
      `let oldLen := sload(array)
if iszero(lt(oldLen, 18446744073709551616)) { ${panic(lib, PanicCode.memory)}() }
sstore(array, add(oldLen, 1))
let slot, offset := ${storageIndexAccess(lib, elem, null)}(array, oldLen)
${writeStorageDynOffset(lib, elem)}(slot, offset, value)`,
    ),
  );
}

/** `arr.pop()` for a dynamic storage array of value type `elem`: Panic(0x31) when empty; the element is zeroed. */
export function storagePop(lib: YulLib, elem: YType): string {
  const name = `storage_array_pop_${tid(elem)}`;
  return lib.fn(name, () =>
    yfn(
      name,
      ['array'],
      [],
      `let oldLen := sload(array)
if iszero(oldLen) { ${panic(lib, PanicCode.popEmpty)}() }
let newLen := sub(oldLen, 1)
let slot, offset := ${storageIndexAccess(lib, elem, null)}(array, newLen)
${writeStorageDynOffset(lib, elem)}(slot, offset, 0)
sstore(array, newLen)`,
    ),
  );
}
