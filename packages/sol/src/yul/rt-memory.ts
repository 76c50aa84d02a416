/**
 * Memory helpers in solc's IR style: the free pointer at 0x40 (set from memoryguard(128) at
 * object entry), allocations rounded to 32 bytes with Panic(0x41) when the free pointer
 * would pass 2^64-1 or wrap, the zero slot 0x60 as the empty dynamic value, zeroing by
 * `calldatacopy` from past the end of calldata, and the panic / empty revert helpers every
 * other piece uses.
 */
import { hex, MEM_LIMIT, type YulLib, yfn } from './lib.js';
import { isByteArray, isValueType, memorySize, tid, type YType } from './ytypes.js';

/** Panic codes solc uses (docs: "Panic via assert and Error via require"). */
export const PanicCode = {
  assert: 0x01,
  overflow: 0x11,
  divByZero: 0x12,
  enumConversion: 0x21,
  storageEncoding: 0x22,
  popEmpty: 0x31,
  outOfBounds: 0x32,
  memory: 0x41,
  zeroFunction: 0x51,
} as const;

/** `Panic(uint256)`'s selector shifted into the top 4 bytes, as solc stores it at 0. */
const PANIC_WORD = (0x4e487b71n << 224n).toString();

export function panic(lib: YulLib, code: number): string {
  const name = `panic_error_0x${code.toString(16).padStart(2, '0')}`;
  return lib.fn(name, () => yfn(name, [], [], `mstore(0, ${PANIC_WORD})\nmstore(4, ${hex(code)})\nrevert(0, 0x24)`));
}

/** All of solc's ABI validation failures revert with empty data. */
export function revertEmpty(lib: YulLib): string {
  return lib.fn('revert_empty', () => yfn('revert_empty', [], [], 'revert(0, 0)'));
}

export function allocateUnbounded(lib: YulLib): string {
  return lib.fn('allocate_unbounded', () => yfn('allocate_unbounded', [], ['memPtr'], 'memPtr := mload(64)'));
}

/**
 * Where a helper writes what solc writes at the free pointer without allocating (return,
 * revert and event data, hashing scratch): `allocate_unbounded()`, or — `at`, in functions
 * with static frames (lifetime/static-frames.ts (L4)) — a `scratch` parameter the caller
 * passes (its frame top), so the free pointer is never read. `suffix` names the variant.
 */
export function unboundedPos(lib: YulLib, at: boolean): { params: string[]; expr: string; suffix: string } {
  return at ? { params: ['scratch'], expr: 'scratch', suffix: '_at' } : { params: [], expr: `${allocateUnbounded(lib)}()`, suffix: '' };
}

export function roundUp32(lib: YulLib): string {
  return lib.fn('round_up_to_mul_of_32', () =>
    yfn('round_up_to_mul_of_32', ['value'], ['result'], 'result := and(add(value, 31), not(31))'),
  );
}

export function finalizeAllocation(lib: YulLib): string {
  return lib.fn('finalize_allocation', () =>
    yfn(
      'finalize_allocation',
      ['memPtr', 'size'],
      [],
      `let newFreePtr := add(memPtr, ${roundUp32(lib)}(size))
// the free pointer may not pass 2^64-1 nor wrap around
if or(gt(newFreePtr, ${MEM_LIMIT}), lt(newFreePtr, memPtr)) { ${panic(lib, PanicCode.memory)}() }
mstore(64, newFreePtr)`,
    ),
  );
}

export function allocateMemory(lib: YulLib): string {
  return lib.fn('allocate_memory', () =>
    yfn('allocate_memory', ['size'], ['memPtr'], `memPtr := ${allocateUnbounded(lib)}()\n${finalizeAllocation(lib)}(memPtr, size)`),
  );
}

/** Bytes to allocate for a memory array of `length` elements (with its length word if dynamic). */
export function arrayAllocationSize(lib: YulLib, t: YType): string {
  const name = `array_allocation_size_${tid(t)}`;
  return lib.fn(name, () => {
    const data = isByteArray(t) ? `${roundUp32(lib)}(length)` : 'mul(length, 0x20)';
    const lenWord = t.kind === 'array' && t.length !== null ? '' : '\nsize := add(size, 0x20)';
    return yfn(name, ['length'], ['size'], `if gt(length, ${MEM_LIMIT}) { ${panic(lib, PanicCode.memory)}() }\nsize := ${data}${lenWord}`);
  });
}

/** A dynamic memory array (or bytes/string) of `length` with its length word stored; data not zeroed. */
export function allocateMemoryArray(lib: YulLib, t: YType): string {
  const name = `allocate_memory_array_${tid(t)}`;
  return lib.fn(name, () =>
    yfn(name, ['length'], ['memPtr'], `memPtr := ${allocateMemory(lib)}(${arrayAllocationSize(lib, t)}(length))\nmstore(memPtr, length)`),
  );
}

/** Zeroes memory by copying from past the end of calldata (reads as zeros). */
export function zeroMemoryChunk(lib: YulLib): string {
  return lib.fn('zero_memory_chunk', () =>
    yfn('zero_memory_chunk', ['dataStart', 'dataSizeInBytes'], [], 'calldatacopy(dataStart, calldatasize(), dataSizeInBytes)'),
  );
}

/**
 * The zero value of a type as solc makes it for `T x;` in memory: 0 for value types, the
 * zero slot 0x60 for bytes/string/dynamic arrays, a fresh zeroed allocation for static
 * arrays and structs.
 */
export function zeroValue(lib: YulLib, t: YType): string {
  return wordZeroValue(t) ?? `${allocateAndZero(lib, t)}()`;
}

/** The zero value of `t` when it is a word (0, or the zero slot 0x60), else undefined: static arrays and structs are memory of their own. */
export function wordZeroValue(t: YType): '0' | '0x60' | undefined {
  if (isValueType(t)) return '0';
  if (isByteArray(t) || (t.kind === 'array' && t.length === null)) return '0x60';
  return undefined;
}

function staticZero(lib: YulLib, t: YType): string {
  if (!lib.staticZeros?.has(t)) throw new Error(`shared zero element of ${tid(t)} outside the object's static zeros`);
  return lib.staticZeros.address(t);
}

/** Fills `count` words from `start` with the element type's zero value. */
function zeroElements(lib: YulLib, elem: YType): string {
  if (isValueType(elem)) return zeroMemoryChunk(lib);
  const name = `zero_complex_memory_array_${tid(elem)}`;
  return lib.fn(name, () =>
    yfn(
      name,
      ['dataStart', 'dataSizeInBytes'],
      [],
      `for { let i := 0 } lt(i, dataSizeInBytes) { i := add(i, 32) } {\n    mstore(add(dataStart, i), ${zeroValue(lib, elem)})\n}`,
    ),
  );
}

/** Statements zeroing a static array or struct at `memPtr` (shared by the bump and at-address paths). */
function zeroStatic(lib: YulLib, t: YType): string[] {
  if (t.kind === 'struct') return t.members.map((m, i) => `mstore(add(memPtr, ${hex(i * 32)}), ${zeroValue(lib, m.type)})`);
  if (t.kind !== 'array' || t.length === null) throw new Error(`allocateAndZero: ${tid(t)} is not static`);
  return [`${zeroElements(lib, t.elem)}(memPtr, ${hex(memorySize(t))})`];
}

/** A zero-initialised static array or struct (`uint[3] memory a;`, `S memory s;`). */
export function allocateAndZero(lib: YulLib, t: YType): string {
  const name = `allocate_and_zero_memory_${tid(t)}`;
  return lib.fn(name, () => {
    // helpers are emitted in first-request order: a struct's member zeros first, as always
    const stores = t.kind === 'struct' ? zeroStatic(lib, t) : undefined;
    const alloc = `memPtr := ${allocateMemory(lib)}(${hex(memorySize(t))})`;
    return yfn(name, [], ['memPtr'], [alloc, ...(stores ?? zeroStatic(lib, t))].join('\n'));
  });
}

/** `new T[](length)` / `new bytes(length)`: allocated, length stored, data zeroed. */
export function allocateAndZeroArray(lib: YulLib, t: YType): string {
  const name = `allocate_and_zero_memory_array_${tid(t)}`;
  return lib.fn(name, () => {
    const zero = zeroArrayData(lib, t);
    return yfn(name, ['length'], ['memPtr'], `memPtr := ${allocateMemoryArray(lib, t)}(length)\n${zero()}`);
  });
}

/** Zeroes the data of the dynamic array / bytes of `length` at `memPtr` (the zeroing helper is requested now, the size helper when called). */
function zeroArrayData(lib: YulLib, t: YType): () => string {
  const elem = t.kind === 'array' ? t.elem : null;
  const zero = elem ? zeroElements(lib, elem) : zeroMemoryChunk(lib);
  return () => `${zero}(add(memPtr, 32), sub(${arrayAllocationSize(lib, t)}(length), 32))`;
}

// ---- at a static address (static frames: packages/sol/src/lifetime/static-frames.ts) ----
// The same layout and zeroing as the helpers above, at an address the lifetime pipeline
// chose: no read or bump of the free pointer, and no Panic(0x41) (the address is a constant
// below memoryguard's argument). Zero-initialised memory is always zeroed: another site may
// have used it before (re-zeroing).

/** A zero-initialised static array or struct at `memPtr`. */
export function zeroStaticAt(lib: YulLib, t: YType): string {
  const name = `zero_memory_at_${tid(t)}`;
  return lib.fn(name, () => yfn(name, ['memPtr'], [], zeroStatic(lib, t).join('\n')));
}

/** A dynamic array (or bytes/string) of `length` at `memPtr`: length stored, data zeroed when `zero`. */
export function arrayAt(lib: YulLib, t: YType, zero: boolean): string {
  const name = `${zero ? 'zero_' : ''}memory_array_at_${tid(t)}`;
  return lib.fn(name, () => yfn(name, ['memPtr', 'length'], [], `mstore(memPtr, length)${zero ? `\n${zeroArrayData(lib, t)()}` : ''}`));
}

/** keccak256 of a memory byte array's contents. */
export function keccakBytes(lib: YulLib): string {
  return lib.fn('keccak256_bytes_memory', () =>
    yfn('keccak256_bytes_memory', ['value'], ['hash'], 'hash := keccak256(add(value, 0x20), mload(value))'),
  );
}

/** Copies `length` bytes memory→memory and zeroes the word after them (ABI padding). */
export function copyMemoryToMemoryWithCleanup(lib: YulLib): string {
  return lib.fn('copy_memory_to_memory_with_cleanup', () =>
    yfn('copy_memory_to_memory_with_cleanup', ['src', 'dst', 'length'], [], 'mcopy(dst, src, length)\nmstore(add(dst, length), 0)'),
  );
}

export function copyCalldataToMemoryWithCleanup(lib: YulLib): string {
  return lib.fn('copy_calldata_to_memory_with_cleanup', () =>
    yfn('copy_calldata_to_memory_with_cleanup', ['src', 'dst', 'length'], [], 'calldatacopy(dst, src, length)\nmstore(add(dst, length), 0)'),
  );
}

/** Reads a memory array's length word; fails with Panic(0x32) when `index >= length`. */
export function memoryIndexAccess(lib: YulLib, t: YType): string {
  const name = `memory_array_index_access_${tid(t)}`;
  return lib.fn(name, () => {
    const isDyn = isByteArray(t) || (t.kind === 'array' && t.length === null);
    const len = isDyn ? 'mload(baseRef)' : hex(t.kind === 'array' ? t.length! : 0);
    const data = isDyn ? 'add(baseRef, 32)' : 'baseRef';
    const off = isByteArray(t) ? 'index' : 'mul(index, 32)';
    return yfn(
      name,
      ['baseRef', 'index'],
      ['addr'],
      `if iszero(lt(index, ${len})) { ${panic(lib, PanicCode.outOfBounds)}() }\naddr := add(${data}, ${off})`,
    );
  });
}

/**
 * A zero-initialised array of memory aggregates whose elements all address ONE zero element
 * (the lifetime pipeline's `shared_zero`, legal when no element is ever written in place —
 * elements are only replaced — so the shared element stays zero): the object's static zero
 * element of the type (static-zeros.ts), no allocation but the array's.
 */
export function allocateAndZeroShared(lib: YulLib, t: YType): string {
  const name = `allocate_and_zero_shared_memory_array_${tid(t)}`;
  return lib.fn(name, () => {
    if (t.kind !== 'array' || isValueType(t.elem)) throw new Error(`allocateAndZeroShared: ${tid(t)} has no aggregate elements`);
    const dynamic = t.length === null;
    const alloc = dynamic ? `memPtr := ${allocateMemoryArray(lib, t)}(length)` : `memPtr := ${allocateMemory(lib)}(${hex(memorySize(t))})`;
    const start = dynamic ? 'add(memPtr, 32)' : 'memPtr';
    const size = dynamic ? 'mul(length, 32)' : hex(memorySize(t));
    const body = [
      alloc,
      `let zero := ${wordZeroValue(t.elem) ?? staticZero(lib, t.elem)}`,
      `let dataStart := ${start}`,
      `for { let i := 0 } lt(i, ${size}) { i := add(i, 32) } { mstore(add(dataStart, i), zero) }`,
    ].join('\n');
    return yfn(name, dynamic ? ['length'] : [], ['memPtr'], body);
  });
}
