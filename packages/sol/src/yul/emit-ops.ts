/**
 * The per-op translation table: each sol op (other than control flow, emit-func.ts) becomes
 * Yul statements over the runtime library, as solc's IR generator would write them.
 */
import { IntegerAttr, IntegerType, StringAttr, type Operation, type Type, type Value } from '@lifeline/ir';
import {
  ArrayType, EnumType, FixedBytesType, MappingType, PtrType, StringLiteralType, StringType, StructType,
} from '../sol-types.js';
import { decodeAvailable, decodeTuple } from './abi-decode.js';
import { emitEvent, encodePacked, encodeToBytes, errorStringSelector, packedLength, revertStringLiteral, revertWithError } from './abi-encode.js';
import { EmitError, type FnEmitter } from './emit-func.js';
import { emitInlineAsm } from './emit-asm.js';
import { emitCallIndirect, emitFuncNull, emitFuncRef } from './emit-fnptr.js';
import { isValue, storageSlots, structLayout, ytype } from './emit-types.js';
import { hex, indent, literalBytes, literalWords, yfn } from './lib.js';
import { checked, cleanupExpr, convertExpr, negate, validatorRevert, wrapping, wrappingExp } from './rt-arith.js';
import {
  allocateAndZero, allocateUnbounded, keccakBytes,
  memoryIndexAccess, panic, PanicCode, unboundedPos,
} from './rt-memory.js';
import {
  mappingSlot, mappingSlotBytes, readStorageDynOffset, storageIndexAccess, writeStorageDynOffset,
} from './rt-storage.js';
import { isDynamic, isValueType, stringLiteral, tid, type YType } from './ytypes.js';
import { lifetimeHandlers } from './emit-lifetime.js';
import { allocationHandlers, encodeAt, staticAddress } from './emit-alloc.js';
import { calldataIndexAccess, calldataMember, calldataToMemory } from './emit-calldata.js';
import {
  clearStorage, extractByteArrayLength, memoryToStorage, storageBytesIndexAccess, storageBytesPop, storageBytesPush, storageToMemory,
} from './rt-copy.js';

type Handler = (e: FnEmitter, op: Operation) => string;

const U = (op: Operation, i = 0) => op.operand(i);
const attrInt = (op: Operation, n: string) => (op.getAttr(n) as IntegerAttr).value;
const attrStr = (op: Operation, n: string) => (op.getAttr(n) as StringAttr | undefined)?.value;
const word = (v: bigint) => hex(BigInt.asUintN(256, v));

function unsupported(op: Operation, what: string): never {
  throw new EmitError(`${op.name}: ${what} is not supported by the Yul emitter`, op);
}

function arith(name: 'add' | 'sub' | 'mul' | 'div' | 'mod'): Handler {
  return (e, op) => {
    const t = ytype(op.result(0).type);
    // checked `0 - x` on a signed type is unary minus: solc's negate helper (Panic 0x11 on the minimum)
    const zero = U(op).definingOp;
    if (name === 'sub' && op.getAttr('checked') && t.kind === 'int' && zero?.name === 'sol.constant' && attrInt(zero, 'value') === 0n) {
      return e.let(op.result(0), `${negate(e.lib, t)}(${e.w(U(op, 1))})`);
    }
    // checked `++` / `--` (`{inc_dec}`) on a full word: the overflow test is a comparison with
    // a constant (Panic 0x11 at the maximum/minimum), written in place — cheaper than
    // checked_add's comparison with the sum, and than solc's increment helper where solc's
    // inliner keeps that one a call
    if (op.getAttr('inc_dec') && op.getAttr('checked') && (t.kind === 'int' || t.kind === 'uint') && t.bits === 256) {
      const x = e.w(U(op));
      const limit = name === 'add' ? (t.kind === 'int' ? `sub(shl(255, 1), 1)` : 'not(0)') : t.kind === 'int' ? 'shl(255, 1)' : '0';
      return `if eq(${x}, ${limit}) { ${panic(e.lib, PanicCode.overflow)}() }\n${e.let(op.result(0), `${name}(${x}, 1)`)}`;
    }
    const f = op.getAttr('checked') ? checked(e.lib, name, t) : wrapping(e.lib, name, t);
    return e.let(op.result(0), `${f}(${e.w(U(op))}, ${e.w(U(op, 1))})`);
  };
}

function bitwise(name: 'and' | 'or' | 'xor'): Handler {
  return (e, op) => e.let(op.result(0), `${name}(${e.w(U(op))}, ${e.w(U(op, 1))})`);
}

const CMP: Record<string, (s: boolean, a: string, b: string) => string> = {
  eq: (_s, a, b) => `eq(${a}, ${b})`,
  ne: (_s, a, b) => `iszero(eq(${a}, ${b}))`,
  lt: (s, a, b) => `${s ? 'slt' : 'lt'}(${a}, ${b})`,
  gt: (s, a, b) => `${s ? 'sgt' : 'gt'}(${a}, ${b})`,
  le: (s, a, b) => `iszero(${s ? 'sgt' : 'gt'}(${a}, ${b}))`,
  ge: (s, a, b) => `iszero(${s ? 'slt' : 'lt'}(${a}, ${b}))`,
};

const ENV: Record<string, string> = {
  caller: 'caller()', callvalue: 'callvalue()', address: 'address()', origin: 'origin()', timestamp: 'timestamp()',
  number: 'number()', chainid: 'chainid()', gasprice: 'gasprice()', coinbase: 'coinbase()', basefee: 'basefee()',
  gaslimit: 'gaslimit()', prevrandao: 'prevrandao()', blobbasefee: 'blobbasefee()',
};

const isSigned = (t: Type) => t instanceof IntegerType && t.signedness === 'signed';

/** The text of a `!sol.string_literal` value (its sol.const_string), else undefined. */
export function literalText(v: Value): string | undefined {
  if (!(v.type instanceof StringLiteralType)) return undefined;
  const def = v.definingOp;
  return def?.name === 'sol.const_string' ? attrStr(def, 'value') : undefined;
}

/**
 * Operands for the ABI library: values and memory aggregates as they are, in-place string
 * literals, and calldata / storage aggregates copied to memory first (`pre` statements).
 */
interface AbiArgs { pre: string; types: YType[]; words: string[] }
function abiOperands(e: FnEmitter, op: Operation, vals: Value[]): AbiArgs {
  let pre = '';
  const types: YType[] = [];
  const words: string[] = [];
  for (const v of vals) {
    const lit = literalText(v);
    if (lit !== undefined) {
      types.push(stringLiteral(lit));
      words.push(e.w(v));
      continue;
    }
    const t = v.type;
    if (isValue(t)) {
      types.push(ytype(t));
      words.push(e.w(v));
      continue;
    }
    const m = toMemory(e, op, v);
    pre += m.pre;
    types.push(ytype(t));
    words.push(m.word);
  }
  return { pre, types, words };
}

/** A memory copy of an aggregate operand (the operand itself when it is in memory already). */
function toMemory(e: FnEmitter, op: Operation, v: Value): { pre: string; word: string } {
  const t = v.type;
  if (!(t instanceof ArrayType || t instanceof StringType || t instanceof StructType)) return unsupported(op, `an operand of type ${t}`);
  if (t.loc === 'Memory') return { pre: '', word: e.w(v) };
  const tmp = e.fresh('_mem');
  if (t.loc === 'CallData') return { pre: `let ${tmp} := ${calldataToMemory(e.lib, t, e.ws(v))}\n`, word: tmp };
  if (t.loc === 'Storage') return { pre: `let ${tmp} := ${storageToMemory(e.lib, t)}(${e.w(v)})\n`, word: tmp };
  return unsupported(op, `an operand of type ${t}`);
}

function abiType(op: Operation, v: Value): YType {
  // a literal kept in the code: the encoders write its bytes in place (no memory copy)
  const lit = literalText(v);
  if (lit !== undefined) return stringLiteral(lit);
  const t = v.type;
  if (isValue(t)) return ytype(t);
  if ((t instanceof ArrayType || t instanceof StringType || t instanceof StructType) && t.loc === 'Memory') return ytype(t);
  return unsupported(op, `an operand of type ${t}`);
}

/** Error(string) / custom-error revert statement for sol.revert / sol.require operands. */
function revertStmt(e: FnEmitter, op: Operation, args: Value[]): string {
  const msg = attrStr(op, 'msg');
  const at = e.scratch !== undefined;
  const scratch = at ? [e.scratch!] : [];
  if (msg !== undefined) return `${revertStringLiteral(e.lib, msg, at)}(${scratch.join('')})`;
  const err = op.getAttr('error');
  if (err) {
    const sel = attrStr(op, 'selector');
    if (!sel) return unsupported(op, 'a custom error without its selector');
    const a = abiOperands(e, op, args);
    return `${a.pre}${revertWithError(e.lib, Number(BigInt(sel)), a.types, at)}(${[...(a.types.some(isDynamic) ? scratch : []), ...a.words].join(', ')})`;
  }
  if (args.length === 1) {
    const a = abiOperands(e, op, args);
    return `${a.pre}${revertWithError(e.lib, errorStringSelector, a.types, at)}(${[...(a.types.some(isDynamic) ? scratch : []), a.words[0]!].join(', ')})`;
  }
  return 'revert(0, 0)';
}

/** `sha256(bytes)`: the precompile at address 2 over a copy at the free pointer; a failed call forwards its revert. */
function sha256Fn(e: FnEmitter): string {
  const at = unboundedPos(e.lib, e.scratch !== undefined);
  const name = `sha256_bytes_memory${at.suffix}`;
  return e.lib.fn(name, () =>
    yfn(
      name,
      [...at.params, 'value'],
      ['hash'],
      `let pos := ${at.expr}\nlet length := mload(value)\nmcopy(pos, add(value, 0x20), length)\nif iszero(staticcall(gas(), 2, pos, length, 0, 32)) {\n    let fmp := ${at.expr}\n    returndatacopy(fmp, 0, returndatasize())\n    revert(fmp, returndatasize())\n}\nhash := mload(0)`,
    ),
  );
}

/** `sha256("literal")`: the literal written at the free pointer (not allocated) and hashed there, as solc does. */
function sha256Literal(e: FnEmitter, text: string): string {
  const at = unboundedPos(e.lib, e.scratch !== undefined);
  const name = `sha256_literal_${e.lib.literalId(text)}${at.suffix}`;
  return e.lib.fn(name, () => {
    const data = literalBytes(text);
    const stores = literalWords(data).map((w, k) => `mstore(add(pos, ${hex(k * 32)}), ${w})`);
    return yfn(
      name,
      at.params,
      ['hash'],
      `let pos := ${at.expr}\n${stores.join('\n')}\nif iszero(staticcall(gas(), 2, pos, ${hex(data.length)}, 0, 32)) {\n    let fmp := ${at.expr}\n    returndatacopy(fmp, 0, returndatasize())\n    revert(fmp, returndatasize())\n}\nhash := mload(0)`,
    );
  });
}

const storageByteArrayLength = (e: FnEmitter) => extractByteArrayLength(e.lib);

const H: Record<string, Handler> = {
  ...lifetimeHandlers,
  ...allocationHandlers,
  'sol.inline_asm': emitInlineAsm,
  'sol.func_ref': emitFuncRef,
  'sol.func_null': emitFuncNull,
  'sol.call_indirect': emitCallIndirect,
  'sol.constant': (e, op) => e.let(op.result(0), word(attrInt(op, 'value'))),
  'sol.add': arith('add'),
  'sol.sub': arith('sub'),
  'sol.mul': arith('mul'),
  'sol.div': arith('div'),
  'sol.mod': arith('mod'),
  'sol.exp': (e, op) => {
    const t = ytype(op.result(0).type);
    const f = op.getAttr('checked') ? checked(e.lib, 'exp', t, ytype(U(op, 1).type)) : wrappingExp(e.lib, t);
    return e.let(op.result(0), `${f}(${e.w(U(op))}, ${e.w(U(op, 1))})`);
  },
  'sol.not': (e, op) => {
    const t = op.result(0).type;
    if (t instanceof IntegerType && t.width === 1) return e.let(op.result(0), `iszero(${e.w(U(op))})`);
    return e.let(op.result(0), cleanupExpr(ytype(t), `not(${e.w(U(op))})`));
  },
  'sol.and': bitwise('and'),
  'sol.or': bitwise('or'),
  'sol.xor': bitwise('xor'),
  // solc's shape: BYTE takes byte i of the word, a bytes1 is left-aligned
  'sol.byte_at': (e, op) => e.let(op.result(0), `shl(248, byte(${e.w(U(op, 1))}, ${e.w(U(op))}))`),
  'sol.shl': (e, op) => e.let(op.result(0), cleanupExpr(ytype(op.result(0).type), `shl(${e.w(U(op, 1))}, ${e.w(U(op))})`)),
  'sol.shr': (e, op) => {
    const t = op.result(0).type;
    const f = isSigned(t) ? 'sar' : 'shr';
    return e.let(op.result(0), cleanupExpr(ytype(t), `${f}(${e.w(U(op, 1))}, ${e.w(U(op))})`));
  },
  'sol.addmod': (e, op) => modArith(e, op, 'addmod'),
  'sol.mulmod': (e, op) => modArith(e, op, 'mulmod'),
  'sol.cmp': (e, op) => e.let(op.result(0), CMP[attrStr(op, 'predicate')!]!(isSigned(U(op).type), e.w(U(op)), e.w(U(op, 1)))),
  'sol.cast': (e, op) => {
    const from = U(op).type, to = op.result(0).type;
    if (from === to) return e.let(op.result(0), e.w(U(op)));
    if (to instanceof EnumType && from instanceof EnumType) return e.let(op.result(0), e.w(U(op)));
    return e.let(op.result(0), convertExpr(e.lib, ytype(from), ytype(to), e.w(U(op))));
  },
  'sol.env': (e, op) => e.let(op.result(0), ENV[attrStr(op, 'name')!]!),

  'sol.empty': (e, op) => e.let(op.result(0), '0x60'),
  'sol.alloca': (e, op) => {
    const names = e.bind(op.result(0));
    return `let ${names.join(', ')}`;
  },
  'sol.gep': gep,
  'sol.load': (e, op) => {
    const p = U(op).type as PtrType;
    const t = op.result(0).type;
    if (p.loc === 'Stack') {
      // a copy: the slot may be assigned again while this value is live
      const src = e.ws(U(op));
      if (e.dirtySlots.has(U(op))) return e.let(op.result(0), cleanupExpr(ytype(t), src[0]!));
      return e.bind(op.result(0)).map((d, i) => `let ${d} := ${src[i]}`).join('\n');
    }
    if (p.loc === 'Memory') {
      if (e.bytePtrs.has(U(op))) return e.let(op.result(0), `and(mload(${e.w(U(op))}), ${hex(0xffn << 248n)})`);
      return e.let(op.result(0), isValue(t) ? cleanupExpr(ytype(t), `mload(${e.w(U(op))})`) : `mload(${e.w(U(op))})`);
    }
    if (p.loc === 'Storage') {
      const [slot, off] = e.ws(U(op));
      if (isValue(t)) return e.let(op.result(0), `${readStorageDynOffset(e.lib, ytype(t))}(${slot}, ${off})`);
      return e.let(op.result(0), slot!);
    }
    if (p.loc === 'Immutable') {
      // in memory while the creation code runs; in the runtime code, solc's loadimmutable
      const sym = immutableSym(op.operand(0));
      if (e.mod.creation) return e.let(op.result(0), cleanupExpr(ytype(t), `mload(${e.w(U(op))})`));
      return e.let(op.result(0), `loadimmutable("${sym}")`);
    }
    if (p.loc === 'CallData' && e.bytePtrs.has(U(op))) return e.let(op.result(0), `and(calldataload(${e.w(U(op))}), ${hex(0xffn << 248n)})`);
    // a calldata pointer to an aggregate is the aggregate's reference (sol.gep did the tail access)
    if (p.loc === 'CallData' && !isValue(t)) {
      e.alias(op.result(0), e.ws(U(op)));
      return '';
    }
    if (p.loc === 'CallData' && isValue(t)) {
      const y = ytype(t);
      const v = e.fresh();
      return `let ${v} := calldataload(${e.w(U(op))})\n${validatorRevert(e.lib, y)}(${v})\n${e.let(op.result(0), v)}`;
    }
    return unsupported(op, `a load from ${p}`);
  },
  'sol.store': (e, op) => {
    const p = U(op, 1).type as PtrType;
    const v = U(op);
    if (p.loc === 'Stack') {
      const dst = e.ws(U(op, 1));
      const src = e.ws(v);
      return dst.map((d, i) => `${d} := ${src[i]}`).join('\n');
    }
    if (p.loc === 'Memory') {
      if (e.bytePtrs.has(U(op, 1))) return `mstore8(${e.w(U(op, 1))}, byte(0, ${e.w(v)}))`;
      return `mstore(${e.w(U(op, 1))}, ${isValue(v.type) ? cleanupExpr(ytype(v.type), e.w(v)) : e.w(v)})`;
    }
    // an immutable is assigned only by the constructor and initializers (solc's rule): creation code
    if (p.loc === 'Immutable' && e.mod.creation) return `mstore(${e.w(U(op, 1))}, ${cleanupExpr(ytype(v.type), e.w(v))})`;
    if (p.loc === 'Storage' && isValue(v.type)) {
      const [slot, off] = e.ws(U(op, 1));
      return `${writeStorageDynOffset(e.lib, ytype(v.type))}(${slot}, ${off}, ${e.w(v)})`;
    }
    return unsupported(op, `a store to ${p}`);
  },
  'sol.delete': (e, op) => {
    const p = U(op).type as PtrType;
    if (p.loc !== 'Storage') return unsupported(op, `delete of ${p}`);
    const [slot, off] = e.ws(U(op));
    if (p.pointeeType instanceof MappingType) return unsupported(op, 'delete of a mapping');
    if (!isValue(p.pointeeType)) return `${clearStorage(e.lib, p.pointeeType)}(${slot})`;
    return `${writeStorageDynOffset(e.lib, ytype(p.pointeeType))}(${slot}, ${off}, 0)`;
  },
  'sol.addr_of': (e, op) => {
    const sym = (op.getAttr('var') as unknown as { leaf: string }).leaf;
    const sv = e.mod.stateVars.get(sym);
    if (!sv) return unsupported(op, `state variable @${sym}`);
    if (sv.immutable) return e.let(op.result(0), hex(sv.slot));
    const [a, b] = e.bind(op.result(0));
    return `let ${a} := ${hex(sv.slot)}\nlet ${b} := ${sv.offset}`;
  },
  'sol.map': (e, op) => {
    const m = U(op).type as MappingType;
    const k = U(op, 1);
    const names = e.bind(op.result(0));
    let slot: string;
    if (isValue(m.keyType)) slot = `${mappingSlot(e.lib, ytype(m.keyType))}(${e.w(U(op))}, ${e.w(k)})`;
    else if (m.keyType instanceof StringType && m.keyType.loc === 'Memory') slot = `${mappingSlotBytes(e.lib, e.scratch !== undefined)}(${[...(e.scratch !== undefined ? [e.scratch] : []), e.w(U(op)), e.w(k)].join(', ')})`;
    else return unsupported(op, `a mapping key of type ${m.keyType}`);
    return `let ${names[0]} := ${slot}\nlet ${names[1]} := 0`;
  },
  'sol.length': (e, op) => {
    const t = U(op).type as ArrayType | StringType;
    if (t instanceof ArrayType && !t.isDynamic) return e.let(op.result(0), hex(t.size));
    if (t.loc === 'Memory') return e.let(op.result(0), `mload(${e.w(U(op))})`);
    if (t.loc === 'CallData') return e.let(op.result(0), e.ws(U(op))[1]!);
    if (t.loc === 'Storage') {
      if (t instanceof StringType) return e.let(op.result(0), `${storageByteArrayLength(e)}(sload(${e.w(U(op))}))`);
      return e.let(op.result(0), `sload(${e.w(U(op))})`);
    }
    return unsupported(op, `the length of ${t}`);
  },
  'sol.to_fixed_bytes': (e, op) => {
    const t = U(op).type as StringType;
    const n = (op.result(0).type as FixedBytesType).size;
    const [ref, calldataLength] = e.ws(U(op));
    const [data, len] = t.loc === 'CallData' ? [`calldataload(${ref})`, calldataLength!] : [`mload(add(${ref}, 0x20))`, `mload(${ref})`];
    // the first min(length, n) bytes: a shift of 256 bits or more leaves no mask bits
    const mask = `and(not(shr(shl(3, ${len}), not(0))), not(shr(${8 * n}, not(0))))`;
    return e.let(op.result(0), `and(${data}, ${mask})`);
  },
  'sol.push': (e, op) => {
    const t = U(op).type;
    if (t instanceof StringType) {
      const names = e.bind(op.result(0));
      return `let ${names.join(', ')} := ${storageBytesPush(e.lib)}(${e.w(U(op))})`;
    }
    if (!(t instanceof ArrayType)) return unsupported(op, 'push on this type');
    const slot = e.w(U(op));
    const len = e.fresh();
    const names = e.bind(op.result(0));
    const acc = storageIndexAccess(e.lib, ytype(t.eltType), null, storageSlots(t.eltType));
    return `let ${len} := sload(${slot})\nif iszero(lt(${len}, 18446744073709551616)) { ${panic(e.lib, PanicCode.memory)}() }\nsstore(${slot}, add(${len}, 1))\nlet ${names.join(', ')} := ${acc}(${slot}, ${len})`;
  },
  'sol.pop': (e, op) => {
    const t = U(op).type;
    if (t instanceof StringType) return `${storageBytesPop(e.lib)}(${e.w(U(op))})`;
    if (!(t instanceof ArrayType)) return unsupported(op, 'pop on this type');
    if (!isValue(t.eltType)) {
      const slot = e.w(U(op));
      const len = e.fresh();
      const [s, o] = [e.fresh(), e.fresh()];
      const acc = storageIndexAccess(e.lib, ytype(t.eltType), null, storageSlots(t.eltType));
      return `let ${len} := sload(${slot})\nif iszero(${len}) { ${panic(e.lib, PanicCode.popEmpty)}() }\n${len} := sub(${len}, 1)\nlet ${s}, ${o} := ${acc}(${slot}, ${len})\n${clearStorage(e.lib, t.eltType)}(${s})\nsstore(${slot}, ${len})`;
    }
    const slot = e.w(U(op));
    const len = e.fresh();
    const [s, o] = [e.fresh(), e.fresh()];
    const acc = storageIndexAccess(e.lib, ytype(t.eltType), null, 1);
    return `let ${len} := sload(${slot})\nif iszero(${len}) { ${panic(e.lib, PanicCode.popEmpty)}() }\n${len} := sub(${len}, 1)\nlet ${s}, ${o} := ${acc}(${slot}, ${len})\n${writeStorageDynOffset(e.lib, ytype(t.eltType))}(${s}, ${o}, 0)\nsstore(${slot}, ${len})`;
  },
  'sol.encode': (e, op) => {
    const sel = op.def!.operandGroup(op, 'selector');
    const args = op.def!.operandGroup(op, 'args');
    const a = abiOperands(e, op, args);
    const mode = op.getAttr('packed') ? 'packed' : sel.length ? 'selector' : 'abi';
    const vals = [...sel.map((v) => e.w(v)), ...a.words];
    const at = staticAddress(e, op);
    if (at !== undefined) return a.pre + encodeAt(e, op, a.types, mode, at, vals);
    return a.pre + encodeToBytes(e.lib, a.types, mode, vals, e.bind(op.result(0))[0]!);
  },
  'sol.decode': (e, op) => {
    const types = op.results.map((r) => abiType(op, r));
    const data = U(op);
    // calldata bytes are decoded where they are, as solc does (offsets relative to their start)
    if ((data.type as StringType).loc === 'CallData') {
      const [pos, len] = e.ws(data);
      const names = op.results.flatMap((r) => e.bind(r));
      return `let ${names.join(', ')} := ${decodeTuple(e.lib, types, 'calldata')}(${pos}, add(${pos}, ${len}))`;
    }
    const m = toMemory(e, op, data);
    const d = m.word;
    const names = op.results.flatMap((r) => e.bind(r));
    return `${m.pre}let ${names.join(', ')} := ${decodeTuple(e.lib, types, 'memory')}(add(${d}, 32), add(add(${d}, 32), mload(${d})))`;
  },
  'sol.keccak256': (e, op) => {
    const m = toMemory(e, op, U(op));
    return m.pre + e.let(op.result(0), `${keccakBytes(e.lib)}(${m.word})`);
  },
  'sol.sha256': (e, op) => {
    const lit = literalText(U(op));
    const scratch = e.scratch !== undefined ? [e.scratch] : [];
    if (lit !== undefined) return e.let(op.result(0), `${sha256Literal(e, lit)}(${scratch.join('')})`);
    const m = toMemory(e, op, U(op));
    return m.pre + e.let(op.result(0), `${sha256Fn(e)}(${[...scratch, m.word].join(', ')})`);
  },
  'sol.concat': (e, op) => {
    const a = abiOperands(e, op, op.def!.operandGroup(op, 'args'));
    const at = staticAddress(e, op);
    if (at !== undefined) return a.pre + encodeAt(e, op, a.types, 'packed', at, a.words);
    return a.pre + encodeToBytes(e.lib, a.types, 'packed', a.words, e.bind(op.result(0))[0]!);
  },
  // releases.ts (I''): the parts are packed after old's bytes when old lies at or above the
  // mark (the loop's own string; the analysis proved nothing else holds it and all memory after
  // it is dead) and no part in memory is overwritten before it is read; else a fresh concat
  'sol.append': (e, op) => {
    const [old, mark] = op.operandValues();
    const [below] = op.def!.operandGroup(op, 'below');
    const parts = op.def!.operandGroup(op, 'parts');
    const a = abiOperands(e, op, parts);
    const oldType = ytype(old!.type);
    const vs = a.types.map((_, i) => `v${i}`);
    const name = `append_in_place_${below ? 'above_' : ''}${a.types.map(tid).join('_')}`;
    // the other kept object, when there is one, lies below old (it is flat: it ends there)
    const ok = ['iszero(lt(old, mark))', ...(below ? ['lt(below, old)'] : [])];
    let written = '0';
    a.types.forEach((t, i) => {
      const v = vs[i]!;
      if (!isValueType(t) && t.kind !== 'stringliteral') {
        // below old, or above what the parts before it write: each write ends at most a word
        // past its bytes (a value's mstore, the zero word after copied bytes). The first part
        // is read before anything is written: above old's rounded end suffices (MCOPY is a memmove)
        const above = i ? `add(data, add(${written}, 0x20))` : 'and(add(data, 31), not(31))';
        ok.push(`or(lt(${v}, old), iszero(lt(${v}, ${above})))`);
      }
      written = written === '0' ? packedLength(t, v) : `add(${written}, ${packedLength(t, v)})`;
    });
    e.lib.fn(name, () => yfn(name, ['old', 'mark', ...(below ? ['below'] : []), ...vs], ['r'], [
      'let data := add(add(old, 32), mload(old))',
      `let ok := ${ok.reduce((x, y) => `and(${x}, ${y})`)}`,
      'switch ok',
      `case 0 {\n${indent(encodeToBytes(e.lib, [oldType, ...a.types], 'packed', ['old', ...vs], 'fresh'))}\n  r := fresh\n}`,
      'default {',
      `  let end := ${encodePacked(e.lib, a.types)}(data${vs.map((v) => `, ${v}`).join('')})`,
      '  mstore(old, sub(end, add(old, 32)))',
      '  mstore(64, and(add(end, 31), not(31)))',
      '  r := old',
      '}',
    ].join('\n')));
    return a.pre + e.let(op.result(0), `${name}(${[e.w(old!), e.w(mark!), ...(below ? [e.w(below)] : []), ...a.words].join(', ')})`);
  },
  'sol.copy': (e, op) => {
    const src = U(op), dst = U(op, 1);
    const dt = dst.type;
    if (!((dt instanceof ArrayType || dt instanceof StringType || dt instanceof StructType) && dt.loc === 'Storage')) return unsupported(op, `a copy into ${dt}`);
    const m = toMemory(e, op, src);
    const st = src.type;
    const staticToDynamic = dt instanceof ArrayType && dt.isDynamic && st instanceof ArrayType && !st.isDynamic ? st.size : undefined;
    return `${m.pre}${memoryToStorage(e.lib, dt, staticToDynamic)}(${e.w(dst)}, ${m.word})`;
  },
  // no code: each encoder that takes the literal writes its bytes itself (the helpers ignore the word passed for it)
  'sol.const_string': (e, op) => {
    const v = op.result(0);
    const consumer = (u: Operation) => ['sol.encode', 'sol.concat', 'sol.append', 'sol.revert', 'sol.require', 'sol.sha256'].includes(u.name)
      || (u.name === 'sol.emit' && !u.def!.operandGroup(u, 'indexed').includes(v));
    if (!v.users().every(consumer)) return unsupported(op, 'a string literal used other than by an encoder');
    e.alias(v, ['0']);
    return '';
  },
  'sol.data_loc_cast': dataLocCast,
  'sol.call': (e, op) => {
    const callee = (op.getAttr('callee') as unknown as { leaf: string }).leaf;
    const call = `${e.mod.funcName(callee)}(${op.operandValues().flatMap((v) => e.ws(v)).join(', ')})`;
    if (!op.results.length) return call;
    return `let ${op.results.flatMap((r) => e.bind(r)).join(', ')} := ${call}`;
  },
  'sol.require': (e, op) => `if iszero(${e.w(U(op))}) { ${revertStmt(e, op, op.operandValues().slice(1))} }`,
  'sol.revert': (e, op) => revertStmt(e, op, op.operandValues()),
  'sol.assert': (e, op) => `if iszero(${e.w(U(op))}) { ${panic(e.lib, PanicCode.assert)}() }`,
  'sol.panic': (e, op) => `${panic(e.lib, Number(attrInt(op, 'code')))}()`,
  'sol.emit': (e, op) => {
    const indexed = op.def!.operandGroup(op, 'indexed');
    const args = op.def!.operandGroup(op, 'args');
    const sel = op.getAttr('anonymous') ? null : (attrStr(op, 'selector') ?? null);
    if (!op.getAttr('anonymous') && !sel) return unsupported(op, 'an event without its selector');
    const all = [...indexed, ...args];
    const a = abiOperands(e, op, all);
    const fn = emitEvent(e.lib, sel, a.types, all.map((_, i) => i < indexed.length), e.scratch !== undefined);
    return `${a.pre}${fn}(${[...(e.scratch !== undefined ? [e.scratch] : []), ...a.words].join(', ')})`;
  },
};

function modArith(e: FnEmitter, op: Operation, f: 'addmod' | 'mulmod'): string {
  const m = e.w(U(op, 2));
  return `if iszero(${m}) { ${panic(e.lib, PanicCode.divByZero)}() }\n${e.let(op.result(0), `${f}(${e.w(U(op))}, ${e.w(U(op, 1))}, ${m})`)}`;
}

function gep(e: FnEmitter, op: Operation): string {
  const base = U(op);
  const t = base.type;
  const idx = U(op, 1);
  const noCheck = !!op.getAttr('no_panic_bounds');
  const r = op.result(0);
  if (t instanceof StructType) {
    const k = Number((idx.definingOp!.getAttr('value') as IntegerAttr).value);
    if (t.loc === 'Memory') return e.let(r, `add(${e.w(base)}, ${hex(k * 32)})`);
    if (t.loc === 'Storage') {
      const m = structLayout(t).members[k]!;
      const [s, o] = e.bind(r);
      return `let ${s} := add(${e.w(base)}, ${hex(m.slot)})\nlet ${o} := ${m.offset}`;
    }
    if (t.loc === 'CallData') {
      const names = e.bind(r);
      return `let ${names.join(', ')} := ${calldataMember(e.lib, t, e.w(base), k)}`;
    }
    return unsupported(op, `a member of ${t}`);
  }
  if (t instanceof StringType && t.loc === 'Storage') {
    const names = e.bind(r);
    return `let ${names.join(', ')} := ${storageBytesIndexAccess(e.lib)}(${e.w(base)}, ${e.w(idx)})`;
  }
  if (t instanceof StringType && t.loc === 'CallData') {
    e.bytePtrs.add(r);
    const [pos, len] = e.ws(base);
    const check = noCheck ? '' : `if iszero(lt(${e.w(idx)}, ${len})) { ${panic(e.lib, PanicCode.outOfBounds)}() }\n`;
    return `${check}${e.let(r, `add(${pos}, ${e.w(idx)})`)}`;
  }
  if (t instanceof StringType && t.loc === 'Memory') {
    e.bytePtrs.add(r);
    const y = { kind: 'bytes' } as YType;
    return e.let(r, noCheck ? `add(add(${e.w(base)}, 32), ${e.w(idx)})` : `${memoryIndexAccess(e.lib, y)}(${e.w(base)}, ${e.w(idx)})`);
  }
  if (t instanceof ArrayType) {
    if (t.loc === 'Memory') {
      if (noCheck) return e.let(r, `add(${e.w(base)}, ${t.isDynamic ? `add(32, mul(${e.w(idx)}, 32))` : `mul(${e.w(idx)}, 32)`})`);
      return e.let(r, `${memoryIndexAccess(e.lib, ytype(t))}(${e.w(base)}, ${e.w(idx)})`);
    }
    if (t.loc === 'Storage') {
      const names = e.bind(r);
      return `let ${names.join(', ')} := ${storageIndexAccess(e.lib, ytype(t.eltType), t.isDynamic ? null : t.size, storageSlots(t.eltType))}(${e.w(base)}, ${e.w(idx)})`;
    }
    if (t.loc === 'CallData') {
      const [pos, len] = t.isDynamic ? e.ws(base) : [e.w(base), hex(t.size)];
      const names = e.bind(r);
      return `let ${names.join(', ')} := ${calldataIndexAccess(e.lib, t, !noCheck)}(${pos}, ${len}, ${e.w(idx)})`;
    }
  }
  return unsupported(op, `an element of ${t}`);
}

function dataLocCast(e: FnEmitter, op: Operation): string {
  const from = U(op).type;
  const to = op.result(0).type;
  const toLoc = (to as ArrayType).loc;
  if (!(from instanceof ArrayType || from instanceof StringType || from instanceof StructType) || toLoc !== 'Memory') {
    return unsupported(op, `a copy from ${from} to ${to}`);
  }
  if (from.loc === 'Memory') {
    e.alias(op.result(0), e.ws(U(op)));
    return '';
  }
  const m = toMemory(e, op, U(op));
  return m.pre + e.let(op.result(0), m.word);
}

export function emitOp(e: FnEmitter, op: Operation): string {
  const h = H[op.name];
  if (!h) return unsupported(op, 'this operation');
  try {
    return h(e, op);
  } catch (err) {
    // helpers deep in the runtime library do not know the op: locate their errors here
    if (err instanceof EmitError && !err.op) throw new EmitError(`${op.name}: ${err.message}`, op);
    throw err;
  }
}

/** The state variable an immutable's address names (sol.addr_of). */
function immutableSym(ptr: Value): string {
  const def = ptr.definingOp;
  if (def?.name !== 'sol.addr_of') throw new EmitError('an immutable is read through sol.addr_of', def ?? undefined);
  return (def.getAttr('var') as unknown as { leaf: string }).leaf;
}
