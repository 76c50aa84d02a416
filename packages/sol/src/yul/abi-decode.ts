/**
 * ABI decoding with solc's validation, from calldata (external function arguments) or from
 * memory (`abi.decode`). Every failed check reverts with empty data, exactly where solc's
 * decoder does: tuple shorter than its static head, offsets above 2^64-1, an array or bytes
 * header not starting before the end (`slt(add(offset, 0x1f), end)`), a tail running past the
 * end, words that are not clean values (validator_revert_*). Lengths above 2^64-1 are
 * Panic(0x41) from the allocation size, as in solc. Reference types are decoded into fresh
 * memory in solc's layout (ytypes.ts).
 */
import { hex, MEM_LIMIT, type YulLib, yfn } from './lib.js';
import { validatorRevert } from './rt-arith.js';
import {
  allocateMemory,
  arrayAllocationSize,
  copyCalldataToMemoryWithCleanup,
  copyMemoryToMemoryWithCleanup,
} from './rt-memory.js';
import { headSize, ownHeadSize, isByteArray, isDynamic, isValueType, memorySize, tid, type YType } from './ytypes.js';

export type Source = 'calldata' | 'memory';
const load = (src: Source) => (src === 'calldata' ? 'calldataload' : 'mload');
const sfx = (src: Source) => (src === 'calldata' ? '' : '_fromMemory');

/** `abi_decode_<t>(offset, end) -> value`: one value whose head (or tail, if dynamic) is at `offset`. */
export function decodeValue(lib: YulLib, t: YType, src: Source): string {
  const name = `abi_decode_${tid(t)}${sfx(src)}`;
  return lib.fn(name, () => {
    if (isValueType(t)) return yfn(name, ['offset', 'end'], ['value'], `value := ${load(src)}(offset)\n${validatorRevert(lib, t)}(value)`);
    if (t.kind === 'struct') return decodeStruct(lib, name, t, src);
    const header = `if iszero(slt(add(offset, 0x1f), end)) { revert(0, 0) }\n`;
    if (t.kind !== 'array' && !isByteArray(t)) throw new Error('unreachable');
    if (isByteArray(t) || (t.kind === 'array' && t.length === null))
      return yfn(name, ['offset', 'end'], ['array'], `${header}let length := ${load(src)}(offset)\narray := ${decodeAvailable(lib, t, src)}(add(offset, 0x20), length, end)`);
    return yfn(name, ['offset', 'end'], ['array'], `${header}array := ${decodeAvailable(lib, t, src)}(offset, ${hex((t as { length: number }).length)}, end)`);
  });
}

/** Decodes `length` elements whose heads start at `offset` into a fresh memory array (also calldata → memory copies). */
export function decodeAvailable(lib: YulLib, t: YType, src: Source): string {
  const name = `abi_decode_available_length_${tid(t)}${sfx(src)}`;
  return lib.fn(name, () => {
    const alloc = `array := ${allocateMemory(lib)}(${arrayAllocationSize(lib, t)}(length))`;
    if (isByteArray(t)) {
      const copy = src === 'calldata' ? copyCalldataToMemoryWithCleanup(lib) : copyMemoryToMemoryWithCleanup(lib);
      return yfn(
        name,
        ['src', 'length', 'end'],
        ['array'],
        `${alloc}\nmstore(array, length)\nlet dst := add(array, 0x20)\nif gt(add(src, length), end) { revert(0, 0) }\n${copy}(src, dst, length)`,
      );
    }
    if (t.kind !== 'array') throw new Error('decodeAvailable: not an array');
    const dyn = t.length === null;
    const stride = headSize(t.elem);
    const elemDyn = isDynamic(t.elem);
    const pos = elemDyn
      ? `let innerOffset := ${load(src)}(src)\n    if gt(innerOffset, ${MEM_LIMIT}) { revert(0, 0) }\n    let elementPos := add(offset, innerOffset)`
      : 'let elementPos := src';
    return yfn(
      name,
      ['offset', 'length', 'end'],
      ['array'],
      `${alloc}
let dst := array
${dyn ? 'mstore(array, length)\ndst := add(array, 0x20)\n' : ''}let srcEnd := add(offset, mul(length, ${hex(stride)}))
if gt(srcEnd, end) { revert(0, 0) }
for { let src := offset } lt(src, srcEnd) { src := add(src, ${hex(stride)}) } {
    ${pos}
    mstore(dst, ${decodeValue(lib, t.elem, src)}(elementPos, end))
    dst := add(dst, 0x20)
}`,
    );
  });
}

function decodeStruct(lib: YulLib, name: string, t: YType & { kind: 'struct' }, src: Source): string {
  let off = 0;
  const parts = t.members.map((m, i) => {
    const part = memberDecode(lib, m.type, src, 'headStart', off, 'end');
    off += headSize(m.type);
    return `{\n    // ${m.name}\n${part.replace(/^/gm, '    ')}\n    mstore(add(value, ${hex(i * 32)}), v)\n}`;
  });
  return yfn(
    name,
    ['headStart', 'end'],
    ['value'],
    `if slt(sub(end, headStart), ${hex(ownHeadSize(t))}) { revert(0, 0) }\nvalue := ${allocateMemory(lib)}(${hex(memorySize(t))})\n${parts.join('\n')}`,
  );
}

/** Decodes one tuple/struct component whose head is at `base + off` into `v`. */
function memberDecode(lib: YulLib, t: YType, src: Source, base: string, off: number, end: string): string {
  if (isDynamic(t))
    return `let offset := ${load(src)}(add(${base}, ${off}))\nif gt(offset, ${MEM_LIMIT}) { revert(0, 0) }\nlet v := ${decodeValue(lib, t, src)}(add(${base}, offset), ${end})`;
  return `let v := ${decodeValue(lib, t, src)}(add(${base}, ${off}), ${end})`;
}

/**
 * `abi_decode_tuple_<ts>(headStart, dataEnd) -> value0, …`: a whole argument list. Checks
 * the static head fits (`slt(sub(dataEnd, headStart), headSize)`), then each component.
 */
export function decodeTuple(lib: YulLib, types: YType[], src: Source): string {
  const name = `abi_decode_tuple_${types.map(tid).join('')}${sfx(src)}`;
  return lib.fn(name, () => {
    const size = types.reduce((s, t) => s + headSize(t), 0);
    let off = 0;
    const parts = types.map((t, i) => {
      const part = memberDecode(lib, t, src, 'headStart', off, 'dataEnd');
      off += headSize(t);
      return `{\n${part.replace(/^/gm, '    ')}\n    value${i} := v\n}`;
    });
    return yfn(
      name,
      ['headStart', 'dataEnd'],
      types.map((_, i) => `value${i}`),
      `if slt(sub(dataEnd, headStart), ${size}) { revert(0, 0) }\n${parts.join('\n')}`,
    );
  });
}

/**
 * A calldata `bytes`/`string`/`T[]` argument of an external function kept in calldata:
 * validates the header as solc does and yields (position of the data, length).
 */
export function decodeCalldataArray(lib: YulLib, t: YType): string {
  const name = `abi_decode_${tid(t)}_calldata_ptr`;
  return lib.fn(name, () => {
    const stride = isByteArray(t) ? 1 : headSize((t as YType & { kind: 'array' }).elem);
    return yfn(
      name,
      ['offset', 'end'],
      ['arrayPos', 'length'],
      `if iszero(slt(add(offset, 0x1f), end)) { revert(0, 0) }
length := calldataload(offset)
if gt(length, ${MEM_LIMIT}) { revert(0, 0) }
arrayPos := add(offset, 0x20)
if gt(add(arrayPos, mul(length, ${hex(stride)})), end) { revert(0, 0) }`,
    );
  });
}
