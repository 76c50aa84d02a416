/**
 * sol ops on data: allocation, addresses, loads and stores, storage arrays and mappings,
 * copies between locations, ABI encoding, hashing, literals.
 *
 * The allocation contract (what the lifetime passes key on): every op that hands out fresh
 * EVM memory declares `allocate` on its result in the `Memory` resource and a memorySource
 * step `allocate` for it — sol.malloc, sol.data_loc_cast to Memory, sol.encode, sol.concat,
 * sol.string_lit, sol.array_lit, sol.decode (memory reference results). Nothing else
 * allocates memory: sol.empty is the zero slot 0x60, sol.alloca is a stack slot, and
 * sol.const_string is a literal kept in the code (`!sol.string_literal`) that the encoders
 * write in place into their own buffer — solc allocates for a literal only where a memory
 * value is needed, and so do we (sol.string_lit).
 */
import {
  ArrayAttr, IntegerAttr, StringAttr, defineOp, stringSyntax, symbolRefSyntax, unitKeywordSyntax,
  type MemoryEffect, type Operation, type SymbolRefAttr, type Type, type Value,
} from '@lifeline/ir';
import {
  aggType, anyType, bytesInMemoryOrCalldata, dynArrayOrString, fixedBytes, effect, elementType, fixedBytes32, mappingType, memoryAgg, memoryString, ptrType,
  readThrough, refType, resourceOf, solInt, stackPtr, unsignedInt, arrayOrString, mayRevert, anyString, writesFreeMemory,
} from './sol-op-utils.js';
import {
  ArrayType, FixedBytesType, MappingType, PtrType, StringLiteralType, StringType, StructType, dataLocation, isAggType, ui256,
  withLocation, zeroHasInnerObjects,
} from './sol-types.js';

/** A storage or calldata operand the Yul copies to memory at the free pointer before reading it. */
const copiedToFreeMemory = (v: Value): MemoryEffect[] => {
  const loc = dataLocation(v.type);
  return loc && loc !== 'Memory' ? [writesFreeMemory()] : [];
};
const fresh = (v: Value): MemoryEffect[] => [effect('allocate', v, 'Memory'), effect('write', v, 'Memory')];
const allocates = { step: () => ({ kind: 'allocate' as const }) };
/** Memory reference results are fresh allocations. */
const memoryResults = (op: Operation): Value[] => op.results.filter((r) => dataLocation(r.type) === 'Memory');

/**
 * The optional `at %mark` operand of an allocating op (lifetime/unbounded-runs.ts): the op
 * writes its object at `%mark + offset` (the `offset` attribute, bytes) instead of allocating
 * at the free pointer, and does not move the free pointer. Without it, an `offset` attribute
 * is an absolute static-frame address (lifetime/static-frames.ts).
 */
const atOperand = { name: 'base', arity: 'optional' as const, type: { description: 'ui256', accepts: (t: Type) => t === ui256 }, infer: () => ui256 };
const atSyntax = '(`at` $base^)?';
const verifyAt = (op: Operation): string | undefined =>
  op.def!.operandGroup(op, 'base').length && !(op.getAttr('offset') instanceof IntegerAttr) ? '`at` needs an `offset` attribute' : undefined;

const malloc = defineOp({
  name: 'sol.malloc',
  summary: 'allocates memory for a string, array or struct (bumps the free pointer; Panic 0x41 past 2^64)',
  operands: [{ name: 'size', arity: 'optional', type: unsignedInt }, atOperand],
  results: [{ name: 'addr', type: memoryAgg }],
  attributes: [{ name: 'zero_init', optional: true, syntax: unitKeywordSyntax('zero_init') }],
  format: `(\`size\` \`(\` $size^ \`:\` type($size) \`)\`)? ($zero_init^)? ${atSyntax} attr-dict \`:\` type($addr)`,
  memoryEffects: (op) => [effect('allocate', op.result(0), 'Memory'),
    ...(op.getAttr('zero_init') ? [effect('write', op.result(0), 'Memory')] : []), mayRevert()],
  // zero elements of a zero_init array / struct of references are inner memory it allocates,
  // unless their zero values are words (0, the zero slot) or one static zero element
  // (`shared_zero`, rt-memory.ts allocateAndZeroShared) that no allocation owns
  memorySource: {
    step: (op) => ({
      kind: 'allocate' as const,
      noInnerMemory: !op.getAttr('zero_init') || !!op.getAttr('shared_zero') || !zeroHasInnerObjects(op.result(0).type),
    }),
  },
  resultNames: () => ['mem'],
  verify(op) {
    const t = op.result(0).type;
    const dynamic = (t instanceof ArrayType && t.isDynamic) || t instanceof StringType;
    const sized = op.def!.operandGroup(op, 'size').length > 0;
    if (dynamic && !sized) return 'a dynamic array or string needs a size operand (its length)';
    if (!dynamic && sized) return 'only dynamic arrays and strings take a size operand';
    return verifyAt(op);
  },
});

const empty = defineOp({
  name: 'sol.empty',
  summary: 'the empty dynamic array / string in memory: the zero slot 0x60 (allocates nothing)',
  results: [{ name: 'addr', type: { description: 'dynamic array or string in Memory', accepts: (t) => dynArrayOrString.accepts(t) && dataLocation(t) === 'Memory' } }],
  traits: ['Pure'],
  format: 'attr-dict `:` type($addr)',
});

const alloca = defineOp({
  name: 'sol.alloca',
  summary: 'a stack slot for a local variable (a Yul variable after emission; not memory)',
  results: [{ name: 'addr', type: stackPtr }],
  format: 'attr-dict `:` type($addr)',
  memoryEffects: (op) => [effect('allocate', op.result(0), 'Stack')],
  resultNames: () => ['slot'],
});

const gep = defineOp({
  name: 'sol.gep',
  summary: 'the address of an element (array, string) or member (struct; constant index); bounds-checked (Panic 0x32)',
  operands: [{ name: 'base', type: aggType }, { name: 'index', type: solInt }],
  results: [{ name: 'addr', type: ptrType }],
  attributes: [{ name: 'no_panic_bounds', optional: true, syntax: unitKeywordSyntax('no_panic_bounds') }],
  format: '$base `[` $index `]` ($no_panic_bounds^)? attr-dict `:` type($base) `,` type($index) `->` type($addr)',
  memoryEffects(op) {
    const base = op.operand(0);
    if (base.type instanceof StructType || op.getAttr('no_panic_bounds')) return [];
    const dyn = (base.type instanceof ArrayType && base.type.isDynamic) || base.type instanceof StringType;
    return [...(dyn ? readThrough(base) : []), mayRevert()];
  },
  memorySource: { step: (op) => ({ kind: 'address', source: op.operand(0), offset: true }) },
  verify(op) {
    const base = op.operand(0).type;
    let index: number | undefined;
    if (base instanceof StructType) {
      const c = op.operand(1).definingOp;
      const v = c?.name === 'sol.constant' ? c.getAttr('value') : undefined;
      if (!(v instanceof IntegerAttr)) return 'a struct member index must be a sol.constant';
      index = Number(v.value);
      if (index < 0 || index >= base.memberTypes.length) return `struct member index ${index} out of range`;
    }
    const elt = elementType(base, index)!;
    const want = PtrType.get(elt, dataLocation(base)!);
    return op.result(0).type === want ? undefined : `result type must be ${want}`;
  },
});

const load = defineOp({
  name: 'sol.load',
  summary: 'reads the value at an address (a reference element of a storage/calldata aggregate reads as the reference itself)',
  operands: [{ name: 'addr', type: ptrType }],
  results: [{ name: 'result', infer: (c) => (c.type('addr') as PtrType).pointeeType }],
  format: '$addr attr-dict `:` type($addr)',
  memoryEffects: (op) => [effect('read', op.operand(0), resourceOf((op.operand(0).type as PtrType).loc))],
  memorySource: { step: (op) => ({ kind: 'load', memref: op.operand(0) }) },
  verify: (op) => (op.result(0).type === (op.operand(0).type as PtrType).pointeeType ? undefined : 'result type must be the pointee type'),
});

const store = defineOp({
  name: 'sol.store',
  summary: 'writes a value to an address (aggregates into storage go through sol.copy)',
  operands: [{ name: 'value', infer: (c) => (c.type('addr') as PtrType).pointeeType }, { name: 'addr', type: ptrType }],
  format: '$value `,` $addr attr-dict `:` type($addr)',
  memoryEffects: (op) => [effect('write', op.operand(1), resourceOf((op.operand(1).type as PtrType).loc))],
  verify(op) {
    const p = op.operand(1).type as PtrType;
    if (op.operand(0).type !== p.pointeeType) return 'value type must be the pointee type';
    if ((p.loc === 'Storage' || p.loc === 'Transient') && (isAggType(p.pointeeType) || p.pointeeType instanceof MappingType)) {
      return 'aggregates are copied into storage with sol.copy';
    }
    return undefined;
  },
});

const addrOf = defineOp({
  name: 'sol.addr_of',
  summary: 'the storage address (slot, offset) of a state variable',
  attributes: [{ name: 'var', syntax: symbolRefSyntax }],
  results: [{ name: 'addr', type: ptrType }],
  traits: ['Pure'],
  format: '$var attr-dict `:` type($addr)',
  memorySource: { step: (op) => ({ kind: 'global', symbol: op.getAttr('var')! }) },
  verify(op, ctx) {
    const ref = op.getAttr('var') as SymbolRefAttr;
    const v = ctx.symbols.lookupNearest(op, ref);
    if (!v || v.name !== 'sol.state_var') return `'${ref.leaf}' does not reference a sol.state_var`;
    return undefined;
  },
});

const map = defineOp({
  name: 'sol.map',
  summary: "the storage address of a mapping's value for a key (keccak256 of key and slot, in scratch space)",
  operands: [{ name: 'mapping', type: mappingType }, { name: 'key', infer: (c) => (c.type('mapping') as MappingType).keyType }],
  results: [{ name: 'addr', infer: (c) => PtrType.get((c.type('mapping') as MappingType).valType, 'Storage') }],
  format: '$mapping `,` $key attr-dict `:` type($mapping)',
  // a memory string key is copied to the free pointer to be hashed with the slot
  memoryEffects: (op) => [...readThrough(op.operand(1)), ...(dataLocation(op.operand(1).type) === 'Memory' ? [writesFreeMemory()] : [])],
  memorySource: { step: (op) => ({ kind: 'address', source: op.operand(0), offset: true }) },
});

const length = defineOp({
  name: 'sol.length',
  summary: 'the length of an array or string',
  operands: [{ name: 'ref', type: arrayOrString }],
  results: [{ name: 'len', infer: () => ui256 }],
  format: '$ref attr-dict `:` type($ref)',
  memoryEffects: (op) => (dynArrayOrString.accepts(op.operand(0).type) ? readThrough(op.operand(0)) : []),
});

const toFixedBytes = defineOp({
  name: 'sol.to_fixed_bytes',
  summary: "`bytesN(b)`: b's first N bytes, left-aligned, zeros past its length",
  operands: [{ name: 'ref', type: bytesInMemoryOrCalldata }],
  results: [{ name: 'value', type: fixedBytes }],
  format: '$ref attr-dict `:` type($ref) `->` type($value)',
  memoryEffects: (op) => readThrough(op.operand(0)),
});

const storageDyn = { description: 'dynamic array or bytes in Storage', accepts: (t: import('@lifeline/ir').Type) => dynArrayOrString.accepts(t) && dataLocation(t) === 'Storage' };
const readWrite = (v: Value): MemoryEffect[] => [effect('read', v, 'Storage'), effect('write', v, 'Storage')];

const push = defineOp({
  name: 'sol.push',
  summary: 'appends a zero element to a storage array / bytes; the result addresses it',
  operands: [{ name: 'ref', type: storageDyn }],
  results: [{ name: 'addr', infer: (c) => PtrType.get(elementType(c.type('ref'), undefined)!, 'Storage') }],
  format: '$ref attr-dict `:` type($ref)',
  memoryEffects: (op) => [...readWrite(op.operand(0)), mayRevert()],
});

const pop = defineOp({
  name: 'sol.pop',
  summary: 'removes the last element of a storage array / bytes (Panic 0x31 when empty)',
  operands: [{ name: 'ref', type: storageDyn }],
  format: '$ref attr-dict `:` type($ref)',
  memoryEffects: (op) => [...readWrite(op.operand(0)), mayRevert()],
});

const copy = defineOp({
  name: 'sol.copy',
  summary: 'deep copy of an aggregate into an existing one (into storage: the assignment `s.a = m`)',
  operands: [{ name: 'src', type: refType }, { name: 'dst', type: refType }],
  format: '$src `,` $dst attr-dict `:` type($src) `,` type($dst)',
  memoryEffects: (op) => [
    ...readThrough(op.operand(0)), effect('write', op.operand(1), resourceOf(dataLocation(op.operand(1).type)!)), mayRevert(),
    ...copiedToFreeMemory(op.operand(0)),
  ],
});

const deleteOp = defineOp({
  name: 'sol.delete',
  summary: 'resets what a storage address holds to its zero value (`delete x`; clears arrays and structs)',
  operands: [{ name: 'addr', type: ptrType }],
  format: '$addr attr-dict `:` type($addr)',
  memoryEffects: (op) => [effect('write', op.operand(0), resourceOf((op.operand(0).type as PtrType).loc))],
});

const dataLocCast = defineOp({
  name: 'sol.data_loc_cast',
  summary: 'the same aggregate in another data location (to Memory: a fresh deep copy)',
  operands: [{ name: 'src', type: refType }],
  results: [{ name: 'result', type: refType }],
  format: '$src attr-dict `:` type($src) `->` type($result)',
  memoryEffects: (op) => [...readThrough(op.operand(0)), ...(dataLocation(op.result(0).type) === 'Memory' ? [...fresh(op.result(0)), mayRevert()] : [])],
  memorySource: {
    step: (op) => (dataLocation(op.result(0).type) === 'Memory' ? { kind: 'allocate' } : { kind: 'convert', source: op.operand(0) }),
  },
  verify(op) {
    const to = dataLocation(op.result(0).type)!;
    return withLocation(op.operand(0).type, to) === op.result(0).type ? undefined : 'source and result must differ only in data location';
  },
});

const encode = defineOp({
  name: 'sol.encode',
  summary: 'abi.encode / encodePacked / encodeWithSelector (encodeWithSignature: the selector of the signature) into fresh memory bytes',
  operands: [{ name: 'selector', arity: 'optional', infer: () => FixedBytesType.get(4) }, { name: 'args', arity: 'variadic' }, atOperand],
  results: [{ name: 'result', type: memoryString }],
  attributes: [{ name: 'packed', optional: true, syntax: unitKeywordSyntax('packed') }],
  format: `($packed^)? (\`selector\` \`(\` $selector^ \`)\`)? \`(\` $args \`)\` ${atSyntax} attr-dict \`:\` functional-type($args, $result)`,
  verify: verifyAt,
  memoryEffects: (op) => [...op.operandValues().flatMap(readThrough), ...fresh(op.result(0)), mayRevert()],
  memorySource: allocates,
});

const decode = defineOp({
  name: 'sol.decode',
  summary: 'abi.decode (validates like solc: reverts on bad data); memory reference results are fresh',
  operands: [{ name: 'data', type: anyString }],
  results: [{ name: 'results', arity: 'variadic' }],
  format: '$data attr-dict `:` type($data) `->` `(` type($results) `)`',
  memoryEffects: (op) => [...readThrough(op.operand(0)), ...memoryResults(op).flatMap(fresh), mayRevert()],
  memorySource: { step: (_op, r) => (dataLocation(r.type) === 'Memory' ? { kind: 'allocate' } : undefined) },
});

const keccak = defineOp({
  name: 'sol.keccak256',
  summary: 'keccak256 of bytes (in place in memory; storage or calldata bytes are copied to the free pointer first)',
  operands: [{ name: 'data', type: anyString }],
  results: [{ name: 'result', type: fixedBytes32, infer: () => FixedBytesType.get(32) }],
  format: '$data attr-dict `:` type($data)',
  memoryEffects: (op) => [...readThrough(op.operand(0)), ...copiedToFreeMemory(op.operand(0))],
});

const sha256 = defineOp({
  name: 'sol.sha256',
  summary: 'sha256 of bytes or of a literal written in place (the precompile at address 2; reverts if the call fails)',
  operands: [{ name: 'data', type: { description: 'sol.string or !sol.string_literal', accepts: (t) => anyString.accepts(t) || t === StringLiteralType.get() } }],
  results: [{ name: 'result', type: fixedBytes32, infer: () => FixedBytesType.get(32) }],
  format: '$data attr-dict `:` type($data)',
  memoryEffects: (op) => [...readThrough(op.operand(0)), mayRevert(), writesFreeMemory()],
});

const concat = defineOp({
  name: 'sol.concat',
  summary: 'string.concat / bytes.concat into fresh memory (operands: strings, bytes, bytesN)',
  operands: [{ name: 'args', arity: 'variadic', type: anyType }, atOperand],
  results: [{ name: 'result', type: memoryString }],
  format: `\`(\` $args \`)\` ${atSyntax} attr-dict \`:\` functional-type($args, $result)`,
  verify: verifyAt,
  memoryEffects: (op) => [...op.operandValues().flatMap(readThrough), ...fresh(op.result(0)), mayRevert()],
  memorySource: allocates,
});

const stringLit = defineOp({
  name: 'sol.string_lit',
  summary: 'a string / bytes literal copied into fresh memory (value: one char per byte)',
  attributes: [{ name: 'value', syntax: stringSyntax, check: (a) => (a instanceof StringAttr ? undefined : 'must be a string') }],
  operands: [atOperand],
  results: [{ name: 'result', type: memoryString }],
  format: `$value ${atSyntax} attr-dict \`:\` type($result)`,
  verify: verifyAt,
  memoryEffects: (op) => [...fresh(op.result(0)), mayRevert()],
  memorySource: allocates,
  resultNames: () => ['str'],
});

/**
 * One entry of a table of string literals copied into fresh memory: `values[index]`, Panic(0x32)
 * past the last (an index into a static array). The lifetime pipeline makes it from a table
 * read one entry at a time (lifetime/literal-tables.ts), so only the entry read is copied.
 */
const stringTable = defineOp({
  name: 'sol.string_table',
  summary: 'entry `index` of a table of string literals, copied into fresh memory (Panic 0x32 past the end)',
  operands: [{ name: 'index', type: unsignedInt }],
  attributes: [{
    name: 'values',
    check: (a) => (a instanceof ArrayAttr && a.elements.length > 0 && a.elements.every((v) => v instanceof StringAttr) ? undefined : 'must be a non-empty array of strings'),
  }],
  results: [{ name: 'result', type: memoryString }],
  format: '$index $values attr-dict `:` type($index) `->` type($result)',
  memoryEffects: (op) => [...fresh(op.result(0)), mayRevert()],
  memorySource: allocates,
  resultNames: () => ['entry'],
});

const constString = defineOp({
  name: 'sol.const_string',
  summary: 'a string / bytes literal kept in the code (value: one char per byte); allocates nothing — encoders write it in place',
  attributes: [{ name: 'value', syntax: stringSyntax, check: (a) => (a instanceof StringAttr ? undefined : 'must be a string') }],
  results: [{ name: 'result', type: { description: '!sol.string_literal', accepts: (t) => t === StringLiteralType.get() }, infer: () => StringLiteralType.get() }],
  traits: ['Pure'],
  format: '$value attr-dict `:` type($result)',
  resultNames: () => ['lit'],
});

const arrayLit = defineOp({
  name: 'sol.array_lit',
  summary: 'an array literal `[a, b, …]` in fresh memory (a static array)',
  operands: [{ name: 'elements', arity: 'variadic', infer: (c) => (c.type('result') as ArrayType).eltType }, atOperand],
  results: [{ name: 'result', type: { description: 'static array in Memory', accepts: (t) => t instanceof ArrayType && !t.isDynamic && t.loc === 'Memory' } }],
  format: `\`(\` $elements \`)\` ${atSyntax} attr-dict \`:\` type($result)`,
  memoryEffects: (op) => [...fresh(op.result(0)), mayRevert()],
  memorySource: { step: () => ({ kind: 'allocate' as const, noInnerMemory: true }) },
  verify(op) {
    const t = op.result(0).type as ArrayType;
    const elements = op.def!.operandGroup(op, 'elements');
    if (t.size !== elements.length) return `expects ${t.size} elements`;
    return elements.every((v) => v.type === t.eltType) ? verifyAt(op) : 'elements must have the element type';
  },
});

export const solMemoryOps = [
  malloc, empty, alloca, gep, load, store, addrOf, map, length, toFixedBytes, push, pop, copy, deleteOp, dataLocCast,
  encode, decode, keccak, sha256, concat, stringLit, stringTable, constString, arrayLit,
];
