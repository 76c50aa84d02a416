/**
 * The allocating ops' Yul: sol.malloc, sol.string_lit, sol.array_lit, and the static-frame
 * variants of every allocation (an `offset` attribute from the lifetime pipeline's static
 * frames, static-frames.ts: the object is written at its address, the free pointer is not
 * touched). Split from emit-ops.ts, which keeps the per-op table.
 */
import { ArrayAttr, IntegerAttr, StringAttr, type Operation, type Value } from '@lifeline/ir';
import { ArrayType, StructType } from '../sol-types.js';
import { encodeToBytesAt } from './abi-encode.js';
import type { FnEmitter } from './emit-func.js';
import { isValue, ytype } from './emit-types.js';
import { guardRelative, hex, literalBytes, literalWords, yfn } from './lib.js';
import { cleanupExpr } from './rt-arith.js';
import { allocateAndZero, allocateAndZeroArray, allocateAndZeroShared, allocateMemory, allocateMemoryArray, arrayAt, panic, PanicCode, zeroStaticAt } from './rt-memory.js';
import type { YType } from './ytypes.js';

type Handler = (e: FnEmitter, op: Operation) => string;
const isZeroConstant = (v: Value) => v.definingOp?.name === 'sol.constant' && (v.definingOp.getAttr('value') as IntegerAttr | undefined)?.value === 0n;
const attrStr = (op: Operation, n: string) => (op.getAttr(n) as StringAttr | undefined)?.value;

/** A string literal copied into a fresh memory string. */
function literalToMemory(e: FnEmitter, text: string): string {
  const name = `copy_literal_to_memory_${e.lib.literalId(text)}`;
  return e.lib.fn(name, () => {
    const { length, stores } = literalStores(text);
    return yfn(name, [], ['memPtr'], [`memPtr := ${allocateMemoryArray(e.lib, { kind: 'string' })}(${hex(length)})`, ...stores].join('\n'));
  });
}

/** Entry `i` of a table of string literals copied into fresh memory; Panic(0x32) past the end. */
function tableEntryToMemory(e: FnEmitter, texts: string[]): string {
  const name = `copy_table_entry_to_memory_${e.lib.literalId(texts.join('\u0000'))}`;
  return e.lib.fn(name, () => {
    const cases = texts.map((t, k) => `case ${hex(k)} { memPtr := ${literalToMemory(e, t)}() }`);
    return yfn(name, ['i'], ['memPtr'], ['switch i', ...cases, `default { ${panic(e.lib, PanicCode.outOfBounds)}() }`].join('\n'));
  });
}

/** A string literal written as a memory string at `memPtr` (a static-frame address). */
function literalToMemoryAt(e: FnEmitter, text: string): string {
  const name = `copy_literal_to_memory_at_${e.lib.literalId(text)}`;
  return e.lib.fn(name, () => {
    const { length, stores } = literalStores(text);
    return yfn(name, ['memPtr'], [], [`mstore(memPtr, ${hex(length)})`, ...stores].join('\n'));
  });
}

function literalStores(text: string): { length: number; stores: string[] } {
  const data = literalBytes(text);
  return { length: data.length, stores: literalWords(data).map((w, k) => `mstore(add(memPtr, ${hex(32 + k * 32)}), ${w})`) };
}

/**
 * The address the lifetime pipeline gave allocating `op`, if any: `offset` bytes from its
 * `at` operand (a free-pointer mark: unbounded-runs.ts), or without one a static-frame address
 * (static-frames.ts; relative to memoryguard's result).
 */
export function staticAddress(e: FnEmitter, op: Operation): string | undefined {
  const a = op.getAttr('offset');
  if (!(a instanceof IntegerAttr)) return undefined;
  const [base] = op.def!.operandGroup(op, 'base');
  if (!base) return guardRelative(a.value);
  return a.value === 0n ? e.w(base) : `add(${e.w(base)}, ${hex(a.value)})`;
}


/** An encoding into bytes at a static-frame address. */
export function encodeAt(e: FnEmitter, op: Operation, types: YType[], mode: 'abi' | 'selector' | 'packed', at: string, vals: string[]): string {
  const [p] = e.bind(op.result(0));
  return `let ${p} := ${at}\n${encodeToBytesAt(e.lib, types, mode)}(${[p, ...vals].join(', ')})`;
}


export const allocationHandlers: Record<string, Handler> = {
  'sol.malloc': (e, op) => {
    const t = op.result(0).type;
    const y = ytype(t);
    const zero = !!op.getAttr('zero_init');
    const at = staticAddress(e, op);
    const [size] = op.def!.operandGroup(op, 'size');
    if (at !== undefined) {
      // a static frame (static-frames.ts): zeroed in place, always (the address may have been used
      // before); a shared zero element is the zero slot there (static-sizes.ts (Z1)), so it is the same
      const [p] = e.bind(op.result(0));
      // an empty array is its length word alone: no helper call, whose size temporaries the
      // Yul optimizer may keep in a variable live across a later loop (a stack slot there)
      if (size && isZeroConstant(size)) return `let ${p} := ${at}\nmstore(${p}, 0)`;
      if (size) return `let ${p} := ${at}\n${arrayAt(e.lib, y, zero)}(${p}, ${e.w(size)})`;
      return zero ? `let ${p} := ${at}\n${zeroStaticAt(e.lib, y)}(${p})` : `let ${p} := ${at}`;
    }
    if (zero && op.getAttr('shared_zero')) return e.let(op.result(0), `${allocateAndZeroShared(e.lib, y)}(${size ? e.w(size) : ''})`);
    if (size) {
      const n = e.w(size);
      return e.let(op.result(0), zero ? `${allocateAndZeroArray(e.lib, y)}(${n})` : `${allocateMemoryArray(e.lib, y)}(${n})`);
    }
    if (zero) return e.let(op.result(0), `${allocateAndZero(e.lib, y)}()`);
    const bytes = t instanceof StructType ? t.memberTypes.length * 32 : (t as ArrayType).size * 32;
    return e.let(op.result(0), `${allocateMemory(e.lib)}(${hex(bytes)})`);
  },
  'sol.string_lit': (e, op) => {
    const at = staticAddress(e, op);
    if (at === undefined) return e.let(op.result(0), `${literalToMemory(e, attrStr(op, 'value')!)}()`);
    const [p] = e.bind(op.result(0));
    return `let ${p} := ${at}\n${literalToMemoryAt(e, attrStr(op, 'value')!)}(${p})`;
  },
  'sol.string_table': (e, op) => {
    const texts = (op.getAttr('values') as ArrayAttr).elements.map((a) => (a as StringAttr).value);
    return e.let(op.result(0), `${tableEntryToMemory(e, texts)}(${e.w(op.operand(0))})`);
  },
  'sol.array_lit': (e, op) => {
    const t = op.result(0).type as ArrayType;
    const [p] = e.bind(op.result(0));
    const stores = op.def!.operandGroup(op, 'elements').map((v, k) => `mstore(add(${p}, ${hex(k * 32)}), ${isValue(v.type) ? cleanupExpr(ytype(v.type), e.w(v)) : e.w(v)})`);
    return [`let ${p} := ${staticAddress(e, op) ?? `${allocateMemory(e.lib)}(${hex(t.size * 32)})`}`, ...stores].join('\n');
  },
};
