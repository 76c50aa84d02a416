/**
 * Calldata aggregates as solc keeps them: external `calldata` parameters are not decoded at
 * entry (only their offsets and lengths are checked); elements and members are reached
 * lazily, each dynamic one through `access_calldata_tail` (its relative offset checked
 * against calldatasize), and value reads validate the word (empty revert when dirty).
 *
 * Yul words of a calldata reference (emit-types.ts): dynamic arrays and bytes/string are
 * (address of the first element / byte, length); static arrays and structs are the address
 * of their head. A `!sol.ptr<T, CallData>` to an aggregate T is already the inner reference
 * (sol.gep does the tail access), so loading it reads nothing; to a value, it is the word's
 * address.
 */
import type { Type } from '@lifeline/ir';
import { ArrayType, StringType, StructType } from '../sol-types.js';
import { decodeAvailable, decodeCalldataArray, decodeValue } from './abi-decode.js';
import { EmitError } from './emit-func.js';
import { ytype } from './emit-types.js';
import { hex, MEM_LIMIT, type YulLib, yfn } from './lib.js';
import { panic, PanicCode } from './rt-memory.js';
import { headSize, isDynamic, ownHeadSize, tid } from './ytypes.js';

/** A calldata reference of two words: dynamic arrays and bytes/string. */
export const isPairRef = (t: Type) => t instanceof StringType || (t instanceof ArrayType && t.isDynamic);

/** Bytes of `t`'s own head in calldata (what access_calldata_tail requires to be present). */
function tailHeadSize(t: Type): number {
  return isPairRef(t) ? 32 : ownHeadSize(ytype(t));
}

/** `access_calldata_tail_<T>(base_ref, ptr_to_tail) -> addr[, length]`. */
export function accessCalldataTail(lib: YulLib, t: Type): string {
  const name = `access_calldata_tail_${tid(ytype(t))}_calldata_ptr`;
  return lib.fn(name, () => {
    const check = `let rel_offset_of_tail := calldataload(ptr_to_tail)\nif iszero(slt(rel_offset_of_tail, sub(sub(calldatasize(), base_ref), ${hex(tailHeadSize(t) - 1)}))) { revert(0, 0) }\naddr := add(base_ref, rel_offset_of_tail)`;
    if (!isPairRef(t)) return yfn(name, ['base_ref', 'ptr_to_tail'], ['addr'], check);
    const stride = t instanceof StringType ? 1 : headSize(ytype((t as ArrayType).eltType));
    return yfn(
      name,
      ['base_ref', 'ptr_to_tail'],
      ['addr', 'length'],
      `${check}\nlength := calldataload(addr)\nif gt(length, ${MEM_LIMIT}) { revert(0, 0) }\naddr := add(addr, 32)\nif sgt(addr, sub(calldatasize(), mul(length, ${hex(stride)}))) { revert(0, 0) }`,
    );
  });
}

/**
 * The statements decoding external parameter `t` (a calldata aggregate) whose head word is
 * at `headPos`, defining `names` (1 or 2 words), with solc's checks.
 */
export function decodeCalldataParam(lib: YulLib, t: Type, headPos: string, names: string[]): string {
  const y = ytype(t);
  const end = 'calldatasize()';
  let pos = headPos;
  let pre = '';
  if (isDynamic(y)) {
    const off = `${names[0]}_off`;
    pre = `let ${off} := calldataload(${headPos})\nif gt(${off}, ${MEM_LIMIT}) { revert(0, 0) }\n`;
    pos = `add(4, ${off})`;
  }
  if (isPairRef(t)) return `${pre}let ${names[0]}, ${names[1]} := ${decodeCalldataArray(lib, y)}(${pos}, ${end})`;
  if (t instanceof ArrayType)
    return `${pre}let ${names[0]} := ${pos}\nif gt(add(${names[0]}, ${hex(t.size * headSize(ytype(t.eltType)))}), ${end}) { revert(0, 0) }`;
  if (t instanceof StructType) return `${pre}let ${names[0]} := ${pos}\nif slt(sub(${end}, ${names[0]}), ${hex(ownHeadSize(y))}) { revert(0, 0) }`;
  throw new EmitError(`calldata parameter of type ${t}`);
}

/** Yul for the address of struct member `k` / array element `i` of a calldata aggregate; `words` of the result. */
export function calldataMember(lib: YulLib, t: StructType, base: string, k: number): string {
  let off = 0;
  for (let i = 0; i < k; i++) off += headSize(ytype(t.memberTypes[i]!));
  const m = t.memberTypes[k]!;
  const at = `add(${base}, ${hex(off)})`;
  return isDynamic(ytype(m)) ? `${accessCalldataTail(lib, m)}(${base}, ${at})` : at;
}

/** `calldata_array_index_access_<T>(base_ref, length, index) -> addr[, len]` (Panic 0x32 out of bounds). */
export function calldataIndexAccess(lib: YulLib, t: ArrayType, checked: boolean): string {
  const name = `calldata_array_index_access_${tid(ytype(t))}${checked ? '' : '_unchecked'}`;
  return lib.fn(name, () => {
    const elt = t.eltType;
    const ey = ytype(elt);
    const rets = isPairRef(elt) ? ['addr', 'len'] : ['addr'];
    const check = checked ? `if iszero(lt(index, length)) { ${panic(lib, PanicCode.outOfBounds)}() }\n` : '';
    const tail = isDynamic(ey) ? `\n${rets.join(', ')} := ${accessCalldataTail(lib, elt)}(base_ref, addr)` : '';
    return yfn(name, ['base_ref', 'length', 'index'], rets, `${check}addr := add(base_ref, mul(index, ${hex(headSize(ey))}))${tail}`);
  });
}

/** An expression copying a calldata aggregate (its Yul words) into fresh memory, ABI-decoded with solc's validation. */
export function calldataToMemory(lib: YulLib, t: Type, words: string[]): string {
  const y = ytype(t);
  if (isPairRef(t)) return `${decodeAvailable(lib, y, 'calldata')}(${words[0]}, ${words[1]}, calldatasize())`;
  if (t instanceof ArrayType) return `${decodeAvailable(lib, y, 'calldata')}(${words[0]}, ${hex(t.size)}, calldatasize())`;
  if (t instanceof StructType) return `${decodeValue(lib, y, 'calldata')}(${words[0]}, calldatasize())`;
  throw new EmitError(`a calldata to memory copy of ${t}`);
}
