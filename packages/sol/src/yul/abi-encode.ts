/**
 * ABI encoding of stack/memory values in solc's layout: heads in order, dynamic components
 * referenced by an offset from the start of their enclosing head and written to the tail;
 * bytes/string padded to 32 with zeros; values cleaned before they are stored. Also the
 * packed encoding (`abi.encodePacked`), `abi.encode*` into a fresh `bytes memory`, revert
 * data for `Error(string)` and custom errors, and event logs — all written at the free
 * pointer without moving it when the data does not outlive the statement (as solc does).
 */
import { hex, indent, literalBytes, literalWords, type YulLib, yfn } from './lib.js';
import { cleanupExpr } from './rt-arith.js';
import { allocateUnbounded, copyMemoryToMemoryWithCleanup, finalizeAllocation, roundUp32, unboundedPos } from './rt-memory.js';
import { headSize, ownHeadSize, isByteArray, isDynamic, isValueType, tid, valueBits, type YType } from './ytypes.js';

/** `abi_encode_<t>(value, pos) -> end`: encodes one value at `pos` (its tail if dynamic). */
export function encodeValue(lib: YulLib, t: YType): string {
  const name = `abi_encode_${tid(t)}`;
  return lib.fn(name, () => {
    if (isValueType(t)) return yfn(name, ['value', 'pos'], ['end'], `mstore(pos, ${cleanupExpr(t, 'value')})\nend := add(pos, 0x20)`);
    if (t.kind === 'stringliteral') return yfn(name, ['value', 'pos'], ['end'], `end := ${encodeStringLiteral(lib, t.value)}(pos)`);
    if (isByteArray(t))
      return yfn(
        name,
        ['value', 'pos'],
        ['end'],
        `let length := mload(value)\nmstore(pos, length)\npos := add(pos, 0x20)\n${copyMemoryToMemoryWithCleanup(lib)}(add(value, 0x20), pos, length)\nend := add(pos, ${roundUp32(lib)}(length))`,
      );
    if (t.kind === 'struct') return encodeStruct(lib, name, t);
    if (t.kind !== 'array') throw new Error('unreachable');
    const dyn = t.length === null;
    const lenInit = dyn ? 'let length := mload(value)\nmstore(pos, length)\npos := add(pos, 0x20)\nlet srcPtr := add(value, 0x20)' : `let length := ${hex(t.length!)}\nlet srcPtr := value`;
    const enc = encodeValue(lib, t.elem);
    if (!isDynamic(t.elem))
      return yfn(
        name,
        ['value', 'pos'],
        ['end'],
        `${lenInit}\nfor { let i := 0 } lt(i, length) { i := add(i, 1) } {\n    pos := ${enc}(mload(srcPtr), pos)\n    srcPtr := add(srcPtr, 0x20)\n}\nend := pos`,
      );
    return yfn(
      name,
      ['value', 'pos'],
      ['end'],
      `${lenInit}
let headStart := pos
let tail := add(pos, mul(length, 0x20))
for { let i := 0 } lt(i, length) { i := add(i, 1) } {
    mstore(pos, sub(tail, headStart))
    tail := ${enc}(mload(srcPtr), tail)
    srcPtr := add(srcPtr, 0x20)
    pos := add(pos, 0x20)
}
end := tail`,
    );
  });
}

function encodeStruct(lib: YulLib, name: string, t: YType & { kind: 'struct' }): string {
  let off = 0;
  const parts = t.members.map((m, i) => {
    const enc = encodeValue(lib, m.type);
    const v = `mload(add(value, ${hex(i * 32)}))`;
    const s = isDynamic(m.type)
      ? `mstore(add(pos, ${hex(off)}), sub(tail, pos))\ntail := ${enc}(${v}, tail)`
      : `pop(${enc}(${v}, add(pos, ${hex(off)})))`;
    off += headSize(m.type);
    return `// ${m.name}\n${s}`;
  });
  return yfn(name, ['value', 'pos'], ['end'], `let tail := add(pos, ${hex(ownHeadSize(t))})\n${parts.join('\n')}\nend := tail`);
}

/** `abi_encode_tuple_<ts>(headStart, value0, …) -> tail`. */
export function encodeTuple(lib: YulLib, types: YType[]): string {
  const name = `abi_encode_tuple_${types.map(tid).join('')}`;
  return lib.fn(name, () => {
    let off = 0;
    const parts = types.map((t, i) => {
      const enc = encodeValue(lib, t);
      const s = isDynamic(t)
        ? `mstore(add(headStart, ${off}), sub(tail, headStart))\ntail := ${enc}(value${i}, tail)`
        : `pop(${enc}(value${i}, add(headStart, ${off})))`;
      off += headSize(t);
      return s;
    });
    return yfn(
      name,
      ['headStart', ...types.map((_, i) => `value${i}`)],
      ['tail'],
      `tail := add(headStart, ${off})\n${parts.join('\n')}`,
    );
  });
}

/** `abi_encode_packed_<ts>(pos, value0, …) -> end`: value types at their own width, bytes/string raw, arrays' elements padded. */
export function encodePacked(lib: YulLib, types: YType[]): string {
  const name = `abi_encode_packed_${types.map(tid).join('')}`;
  return lib.fn(name, () => {
    const parts = types.map((t, i) => packedOne(lib, t, `value${i}`));
    return yfn(name, ['pos', ...types.map((_, i) => `value${i}`)], ['end'], `${parts.join('\n')}\nend := pos`);
  });
}

/** The number of bytes `packedOne` writes for `v` of type `t` (a Yul expression). */
export function packedLength(t: YType, v: string): string {
  if (isValueType(t)) return `${valueBits(t) / 8}`;
  if (t.kind === 'stringliteral') return hex(literalBytes(t.value).length);
  if (isByteArray(t)) return `mload(${v})`;
  if (t.kind === 'array' && isValueType(t.elem)) return t.length === null ? `mul(mload(${v}), 0x20)` : hex(t.length! * 32);
  throw new Error(`encodePacked: ${tid(t)} is not supported`);
}

function packedOne(lib: YulLib, t: YType, v: string): string {
  if (isValueType(t)) {
    const b = valueBits(t);
    const word = t.kind === 'fixedbytes' ? cleanupExpr(t, v) : b === 256 ? v : `shl(${256 - b}, ${cleanupExpr(t, v)})`;
    return `mstore(pos, ${word})\npos := add(pos, ${b / 8})`;
  }
  if (t.kind === 'stringliteral') {
    const data = literalBytes(t.value);
    return literalWords(data).map((w, k) => `mstore(add(pos, ${hex(k * 32)}), ${w})`).join('\n') + `\npos := add(pos, ${hex(data.length)})`;
  }
  // solc copies with cleanup (a zero word after the data) here too: same memory footprint
  if (isByteArray(t)) return `{\n    let length := mload(${v})\n    ${copyMemoryToMemoryWithCleanup(lib)}(add(${v}, 0x20), pos, length)\n    pos := add(pos, length)\n}`;
  if (t.kind === 'array' && isValueType(t.elem)) {
    const dyn = t.length === null;
    return `{\n    let length := ${dyn ? `mload(${v})` : hex(t.length!)}\n    let srcPtr := ${dyn ? `add(${v}, 0x20)` : v}\n    for { let i := 0 } lt(i, length) { i := add(i, 1) } {\n        mstore(pos, ${cleanupExpr(t.elem, 'mload(srcPtr)')})\n        pos := add(pos, 0x20)\n        srcPtr := add(srcPtr, 0x20)\n    }\n}`;
  }
  throw new Error(`encodePacked: ${tid(t)} is not supported`);
}

/**
 * `abi.encode(...)`, `abi.encodeWithSelector(sel, ...)` (sel a left-aligned bytes4 word),
 * `abi.encodePacked(...)` into a new `bytes memory` (written at the free pointer, length
 * stored, allocation finalized), written in place as a block assigning `result`, as solc's IR
 * generator writes it: solc's optimizer then schedules it with the caller, where a helper
 * called from several places stayed a call (a Merkle loop paid ≈ 10 jumps a round, 3–6 %).
 */
export function encodeToBytes(lib: YulLib, types: YType[], mode: 'abi' | 'selector' | 'packed', args: string[], result: string): string {
  const { params, body } = encodeBytesBody(lib, types, mode, `let memPtr := ${allocateUnbounded(lib)}()\n`);
  const binds = params.map((p, i) => `let ${p} := ${args[i]}`);
  return `let ${result}\n{\n${indent([...binds, body.trimEnd(), `${finalizeAllocation(lib)}(memPtr, sub(end, memPtr))`, `${result} := memPtr`].join('\n'))}\n}`;
}

/**
 * The same encoding into bytes at `memPtr`, an address the lifetime pipeline chose (static
 * frames): no read or bump of the free pointer.
 */
export function encodeToBytesAt(lib: YulLib, types: YType[], mode: 'abi' | 'selector' | 'packed'): string {
  const name = `abi_encode_to_bytes_at_${mode}_${types.map(tid).join('')}`;
  return lib.fn(name, () => {
    const { params, body } = encodeBytesBody(lib, types, mode, '');
    return yfn(name, ['memPtr', ...params], [], body.trimEnd());
  });
}

/** The encoding of `encodeToBytes` from `memPtr` on: length word, data, `end`; `start` sets `memPtr` first. */
function encodeBytesBody(lib: YulLib, types: YType[], mode: 'abi' | 'selector' | 'packed', start: string): { params: string[]; body: string } {
  const vs = types.map((_, i) => `value${i}`);
  const params = mode === 'selector' ? ['selector', ...vs] : vs;
  const args = vs.length ? ', ' + vs.join(', ') : '';
  let body = `${start}let dataStart := add(memPtr, 0x20)\nlet pos := dataStart\n`;
  if (mode === 'selector') body += 'mstore(pos, selector)\npos := add(pos, 4)\n';
  body += mode === 'packed' ? `let end := ${encodePacked(lib, types)}(pos${args})\n` : `let end := ${encodeTuple(lib, types)}(pos${args})\n`;
  body += 'mstore(memPtr, sub(end, dataStart))\n';
  return { params, body };
}

/** Writes a string literal's ABI encoding (length word then padded data) at `pos`. */
export function encodeStringLiteral(lib: YulLib, text: string): string {
  const name = `abi_encode_string_literal_${lib.literalId(text)}`;
  return lib.fn(name, () => {
    const data = literalBytes(text);
    const stores = literalWords(data).map((w, i) => `mstore(add(pos, ${hex(32 + i * 32)}), ${w})`);
    return yfn(name, ['pos'], ['end'], [`// "${escapeComment(text)}"`, `mstore(pos, ${hex(data.length)})`, ...stores, `end := add(pos, ${hex(32 + Math.ceil(data.length / 32) * 32)})`].join('\n'));
  });
}

function escapeComment(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, '?').replace(/\*\//g, '*?');
}

const ERROR_STRING = 0x08c379a0;

/** `revert("literal")` / a failed `require(c, "literal")`: `Error(string)` data written at the free pointer. */
export function revertStringLiteral(lib: YulLib, text: string, at = false): string {
  const pos = unboundedPos(lib, at);
  const name = `revert_error_string_${lib.literalId(text)}${pos.suffix}`;
  return lib.fn(name, () =>
    yfn(
      name,
      pos.params,
      [],
      `let memPtr := ${pos.expr}\nmstore(memPtr, ${hex(BigInt(ERROR_STRING) << 224n)})\nmstore(add(memPtr, 4), 0x20)\nlet end := ${encodeStringLiteral(lib, text)}(add(memPtr, 0x24))\nrevert(memPtr, sub(end, memPtr))`,
    ),
  );
}

/** `revert Err(args)` (custom error; `Error(string)` is selector 0x08c379a0 with a string). */
export function revertWithError(lib: YulLib, selector: number, types: YType[], at = false): string {
  // static revert data is written from 0 (scratch space) without touching the free pointer, as solc does
  const pos = types.some(isDynamic) ? unboundedPos(lib, at) : { params: [], expr: '0', suffix: '' };
  const name = `revert_error_0x${selector.toString(16).padStart(8, '0')}_${types.map(tid).join('')}${pos.suffix}`;
  return lib.fn(name, () => {
    const vs = types.map((_, i) => `value${i}`);
    const args = vs.length ? ', ' + vs.join(', ') : '';
    return yfn(
      name,
      [...pos.params, ...vs],
      [],
      `let memPtr := ${pos.expr}\nmstore(memPtr, ${hex(BigInt(selector) << 224n)})\nlet end := ${encodeTuple(lib, types)}(add(memPtr, 4)${args})\nrevert(memPtr, sub(end, memPtr))`,
    );
  });
}

export const errorStringSelector = ERROR_STRING;

/**
 * `emit E(...)`: topic 0 is the signature hash (absent for anonymous events), indexed value
 * types are topics as cleaned words, indexed reference types are the keccak256 of their
 * in-place encoding; the rest is ABI-encoded as the data, at the free pointer.
 */
export function emitEvent(lib: YulLib, sigHash: string | null, types: YType[], indexed: boolean[], at = false): string {
  const key = types.map((t, i) => (indexed[i] ? 'i' : '') + tid(t)).join('');
  const pos = unboundedPos(lib, at);
  const name = `emit_event_${sigHash ? sigHash.slice(2, 10) : 'anon'}_${key}${pos.suffix}`;
  return lib.fn(name, () => {
    const vs = types.map((_, i) => `value${i}`);
    const data = types.map((t, i) => ({ t, v: vs[i]! })).filter((_, i) => !indexed[i]);
    const topics: string[] = sigHash ? [sigHash] : [];
    let pre = '';
    types.forEach((t, i) => {
      if (!indexed[i]) return;
      if (isValueType(t)) topics.push(cleanupExpr(t, vs[i]!));
      else {
        pre += `let topic${i} := ${indexedTopic(lib, t, at)}(${[...(isByteArray(t) ? [] : pos.params), vs[i]!].join(', ')})\n`;
        topics.push(`topic${i}`);
      }
    });
    const args = data.length ? ', ' + data.map((d) => d.v).join(', ') : '';
    return yfn(
      name,
      [...pos.params, ...vs],
      [],
      `${pre}let memPos := ${pos.expr}\nlet memEnd := ${encodeTuple(lib, data.map((d) => d.t))}(memPos${args})\nlog${topics.length}(memPos, sub(memEnd, memPos)${topics.length ? ', ' + topics.join(', ') : ''})`,
    );
  });
}

/**
 * keccak256 of the in-place encoding of an indexed reference argument (Solidity docs,
 * "Encoding of Indexed Event Parameters"): bytes / string alone are their raw contents;
 * inside arrays and structs every element and member is padded to 32 bytes, bytes / string
 * contents included, and no lengths or offsets are written.
 */
function indexedTopic(lib: YulLib, t: YType, at: boolean): string {
  if (isByteArray(t)) {
    const name = `event_topic_${tid(t)}`;
    return lib.fn(name, () => yfn(name, ['value'], ['topic'], 'topic := keccak256(add(value, 0x20), mload(value))'));
  }
  const pos = unboundedPos(lib, at);
  const name = `event_topic_${tid(t)}${pos.suffix}`;
  return lib.fn(name, () => {
    return yfn(name, [...pos.params, 'value'], ['topic'], `let pos := ${pos.expr}\nlet end := ${encodeInPlace(lib, t)}(value, pos)\ntopic := keccak256(pos, sub(end, pos))`);
  });
}

/** `abi_encode_in_place_<t>(value, pos) -> end`: the padded in-place encoding of indexed event arguments. */
function encodeInPlace(lib: YulLib, t: YType): string {
  const name = `abi_encode_in_place_${tid(t)}`;
  return lib.fn(name, () => {
    if (isValueType(t)) return yfn(name, ['value', 'pos'], ['end'], `mstore(pos, ${cleanupExpr(t, 'value')})\nend := add(pos, 0x20)`);
    if (isByteArray(t))
      return yfn(name, ['value', 'pos'], ['end'], `let length := mload(value)\n${copyMemoryToMemoryWithCleanup(lib)}(add(value, 0x20), pos, length)\nend := add(pos, ${roundUp32(lib)}(length))`);
    if (t.kind === 'struct') {
      const parts = t.members.map((m, i) => `end := ${encodeInPlace(lib, m.type)}(mload(add(value, ${hex(i * 32)})), end)`);
      return yfn(name, ['value', 'pos'], ['end'], ['end := pos', ...parts].join('\n'));
    }
    if (t.kind === 'array') {
      const dyn = t.length === null;
      return yfn(
        name,
        ['value', 'pos'],
        ['end'],
        `let length := ${dyn ? 'mload(value)' : hex(t.length!)}\nlet src := ${dyn ? 'add(value, 0x20)' : 'value'}\nend := pos\nfor { let i := 0 } lt(i, length) { i := add(i, 1) } {\n    end := ${encodeInPlace(lib, t.elem)}(mload(add(src, mul(i, 0x20))), end)\n}`,
      );
    }
    throw new Error(`indexed event argument of type ${tid(t)} is not supported`);
  });
}
