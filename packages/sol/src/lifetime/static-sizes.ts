/**
 * Static footprints of allocating ops, for static frames (static-frames.ts): the allocation's
 * size (what solc's allocate_memory would reserve, rounded to 32) and its reach (the bytes from
 * its address the op may WRITE), computed from its type and operands exactly as the Yul
 * emitter lays the allocation out (rt-memory.ts, abi-encode.ts, emit-ops.ts) — or undefined
 * when they are not compile-time constants or the op is not one we know.
 *
 * The reach covers the whole-word stores an encoder makes past the data's end: the packed
 * encoding stores a `uint64` as a 32-byte word at an unaligned position, and only its first
 * 8 bytes belong to the data; at a bumping free pointer the rest lands in unallocated memory,
 * at a static address it could land in a neighbour.
 *
 * Accepted:
 *  (Z1) sol.malloc without a size operand (struct, static array) or with a constant size (a
 *       dynamic array / bytes / string); when zero-initialised, only when every member /
 *       element zero value is a word (a value, or the zero slot 0x60 for a dynamic one): a
 *       static aggregate member would be a nested allocation;
 *  (Z2) sol.string_lit; sol.array_lit;
 *  (Z3) sol.encode (abi / packed / with selector) and sol.concat whose operands are value
 *       types or `!sol.string_literal` constants (encoded in place; nothing copied to memory
 *       first).
 */
import type { Operation, Value } from '@lifeline/ir';
import { IntegerAttr, StringAttr } from '@lifeline/ir';
import { ArrayType, StringLiteralType, StringType, StructType, isValueType } from '../sol-types.js';
import { literalBytes } from '../yul/lib.js';
import { isValue, ytype } from '../yul/emit-types.js';
import { valueBits } from '../yul/ytypes.js';

/** The largest constant length accepted (a static frame is never bigger than this allows). */
const MAX_LENGTH = 1n << 16n;

const roundUp32 = (n: number) => Math.ceil(n / 32) * 32;

/** A constant operand's value (a sol.constant). */
export function constantOf(v: Value): bigint | undefined {
  const def = v.definingOp;
  if (def?.name !== 'sol.constant') return undefined;
  const a = def.getAttr('value');
  return a instanceof IntegerAttr ? a.value : undefined;
}

/** Whether the zero value of a member / element of type `t` is one word (no nested allocation). */
function wordZero(t: Value['type']): boolean {
  if (isValueType(t)) return true;
  return t instanceof StringType || (t instanceof ArrayType && t.isDynamic);
}

/** The bytes of a `!sol.string_literal` operand (its sol.const_string), if it is one. */
function literalOf(v: Value): Uint8Array | undefined {
  if (v.type !== StringLiteralType.get()) return undefined;
  const def = v.definingOp;
  const a = def?.name === 'sol.const_string' ? def.getAttr('value') : undefined;
  return a instanceof StringAttr ? literalBytes(a.value) : undefined;
}

/** Packed width in bytes of a one-word value type, as the packed encoder writes it (ytypes.ts valueBits). */
function packedWidth(t: Value['type']): number | undefined {
  return isValue(t) ? valueBits(ytype(t)) / 8 : undefined;
}

/** An ABI value operand the encoders take as one word. */
const isWordValue = (t: Value['type']) => isValue(t);

export interface Footprint {
  /** Bytes of the allocation (a multiple of 32). */
  size: number;
  /** Bytes from its address the op may write (≥ size). */
  reach: number;
}

const sized = (n: number | undefined): Footprint | undefined => (n === undefined ? undefined : { size: n, reach: n });

/**
 * (Z3) The footprint of an encoding into fresh bytes at address 0: a length word, then the
 * data (4 selector bytes first when given), allocation = round_up(32 + data length).
 */
function encodeFootprint(selector: boolean, args: Value[], packed: boolean): Footprint | undefined {
  let pos = 32;
  let reach = 32;
  if (selector) {
    reach = Math.max(reach, pos + 32);
    pos += 4;
  }
  if (!packed) {
    // heads (one word each: a value, or a literal's offset) then the literals' tails, all whole words
    const headStart = pos;
    let tail = headStart + 32 * args.length;
    for (const a of args) {
      const lit = literalOf(a);
      if (lit) tail += 32 + roundUp32(lit.length);
      else if (!isWordValue(a.type)) return undefined;
    }
    return { size: roundUp32(tail), reach: roundUp32(Math.max(tail, reach)) };
  }
  for (const a of args) {
    const lit = literalOf(a);
    if (lit) {
      // literal words are stored whole from `pos`
      if (lit.length) reach = Math.max(reach, pos + roundUp32(lit.length));
      pos += lit.length;
      continue;
    }
    const w = isWordValue(a.type) ? packedWidth(a.type) : undefined;
    if (w === undefined) return undefined;
    reach = Math.max(reach, pos + 32); // one mstore of a whole word
    pos += w;
  }
  return { size: roundUp32(pos), reach: roundUp32(Math.max(pos, reach)) };
}

/** The static footprint of allocating op `op`, or undefined (see the header). */
export function staticFootprint(op: Operation): Footprint | undefined {
  return op.name === 'sol.encode' || op.name === 'sol.concat' ? encodingFootprint(op) : sized(staticSize(op));
}

function encodingFootprint(op: Operation): Footprint | undefined {
  if (op.name === 'sol.concat') return encodeFootprint(false, op.def!.operandGroup(op, 'args'), true);
  const sel = op.def!.operandGroup(op, 'selector');
  return encodeFootprint(sel.length > 0, op.def!.operandGroup(op, 'args'), !!op.getAttr('packed'));
}

function staticSize(op: Operation): number | undefined {
  switch (op.name) {
    case 'sol.malloc': {
      const t = op.result(0).type;
      const zero = !!op.getAttr('zero_init');
      if (t instanceof StructType) return zero && !t.memberTypes.every(wordZero) ? undefined : t.memberTypes.length * 32;
      if (t instanceof ArrayType && !t.isDynamic) return zero && !wordZero(t.eltType) ? undefined : t.size * 32;
      const [size] = op.def!.operandGroup(op, 'size');
      if (!size) return undefined;
      const n = constantOf(size);
      if (n === undefined || n < 0n || n > MAX_LENGTH) return undefined;
      if (t instanceof StringType) return 32 + roundUp32(Number(n));
      if (t instanceof ArrayType) return zero && !wordZero(t.eltType) ? undefined : 32 + 32 * Number(n);
      return undefined;
    }
    case 'sol.string_lit': {
      const a = op.getAttr('value');
      return a instanceof StringAttr ? 32 + roundUp32(literalBytes(a.value).length) : undefined;
    }
    case 'sol.array_lit':
      return (op.result(0).type as ArrayType).size * 32;
    default:
      return undefined;
  }
}
