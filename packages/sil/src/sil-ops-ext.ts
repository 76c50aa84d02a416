/**
 * Op definitions for the instructions of `sil-syntax-ext.ts`, as data. Memory effects:
 *
 * (1) partial_apply / alloc_box allocate their result, a new object at +1 (its RefCount is
 *     written); partial_apply reads its captured arguments (their ownership moves into the
 *     closure, which the ARC model treats separately).
 * (2) Address projections (project_box, ref/struct/tuple_element_addr, init_enum_data_addr,
 *     global_addr, begin_access's result) are pure: they compute an address. begin_access /
 *     end_access read and write their address (an access scope orders memory operations).
 * (3) copy_addr reads its source and writes its destination; it retains the copied value
 *     (unknown RefCount write); `[take]` also writes the source; without `[init]` it destroys
 *     the old destination value (a release of an unknown object: an unknown RefCount write,
 *     a free of no named value and a deinit's unknown write).
 *     destroy_addr releases the value at its address the same way.
 * (4) unowned_retain / unowned_release read and write the operand's unowned count (resource
 *     UnownedRefCount), unowned_release may free the object's memory; strong_retain_unowned
 *     also reads the strong count (a use, not a pairable retain); autorelease_value reads
 *     the count and writes the autorelease pool (its release happens at the pool's drain).
 * (1') A captured argument of an escaping partial_apply is consumed: a `free` of it.
 * (5) unchecked_take_enum_data_addr and inject_enum_addr write the enum's memory; select_enum
 *     and the casts are pure; alloc_global has unknown effects (none declared).
 * (6) Terminators: try_apply is a call whose normal/error block arguments it produces;
 *     throw leaves the function (ReturnLike); switch_enum_addr reads its address.
 */
import { defineOp, type BranchInterface, type MemoryEffect, type OpSpec, type Operation, type TypeConstraint } from '@lifeline/ir';
import { REF_COUNT, silAddress, silObject } from './sil-ops.js';
import { SilType } from './sil-types.js';

function op(name: string, spec: Omit<OpSpec, 'name'>): OpSpec {
  return defineOp({ name: `sil.${name}`, ...spec });
}
const one = (name: string, type?: TypeConstraint) => ({ name, type });
const many = (name: string) => ({ name, arity: 'variadic' as const });
const result = [{ name: 'result' }];
const flags = { name: 'flags', optional: true };

/** Resources of the unowned reference count and of the autorelease pool (not RefCount). */
export const UNOWNED_REF_COUNT = 'UnownedRefCount';
const AUTORELEASE = 'AutoreleasePool';
const unownedRc = (o: Operation): MemoryEffect[] => [
  { kind: 'read', value: o.operand(0), resource: UNOWNED_REF_COUNT }, { kind: 'write', value: o.operand(0), resource: UNOWNED_REF_COUNT },
];
/** A release of an unknown object (the value stored in memory): may free it and run a deinit. */
const releaseUnknown = (): MemoryEffect[] => [{ kind: 'write', resource: REF_COUNT }, { kind: 'free' }, { kind: 'write' }];
const isAddress = (v: { type: unknown }) => v.type instanceof SilType && v.type.kind === 'address';
const allocates = (o: Operation): MemoryEffect[] => [{ kind: 'allocate', value: o.result(0) }, { kind: 'write', value: o.result(0), resource: REF_COUNT }];

const projection = (name: string, operandType: TypeConstraint, extra: NonNullable<OpSpec['attributes']> = []) =>
  op(name, { operands: [one('operand', operandType)], results: result, attributes: extra, traits: ['Pure'] });

const closureAndBoxOps: OpSpec[] = [
  // (1)
  op('partial_apply', {
    operands: [one('callee'), many('args')], results: result,
    attributes: [flags, { name: 'substitutions', optional: true }, { name: 'callee_type' }],
    memoryEffects: (o) => {
      // A closure that escapes owns its captures: it releases them when it is destroyed,
      // so capturing is a consuming use (a possible decrement) of each captured object.
      const onStack = o.getAttr('flags')?.toString().includes('on_stack') ?? false;
      const out = allocates(o);
      for (const v of o.operandValues().slice(1)) {
        out.push({ kind: 'read', value: v, resource: REF_COUNT });
        if (!onStack && !isAddress(v)) out.push({ kind: 'free', value: v });
      }
      return out;
    },
  }),
  op('alloc_box', { results: result, attributes: [flags], memoryEffects: allocates }),
  op('dealloc_box', { operands: [one('operand', silObject)], attributes: [flags], memoryEffects: (o) => [{ kind: 'free', value: o.operand(0) }] }),
  op('dealloc_ref', { operands: [one('operand', silObject)], attributes: [flags], memoryEffects: (o) => [{ kind: 'free', value: o.operand(0) }] }),
  // (2)
  projection('project_box', silObject, [{ name: 'index' }]),
  projection('ref_element_addr', silObject, [flags, { name: 'field' }]),
  projection('struct_element_addr', silAddress, [{ name: 'field' }]),
  projection('tuple_element_addr', silAddress, [{ name: 'index' }]),
  projection('init_enum_data_addr', silAddress, [{ name: 'case' }]),
  op('global_addr', { results: result, attributes: [{ name: 'global' }], traits: ['Pure'] }),
  op('alloc_global', { attributes: [{ name: 'global' }] }),
  op('begin_access', {
    operands: [one('operand', silAddress)], results: result, attributes: [flags],
    memoryEffects: (o) => [{ kind: 'read', value: o.operand(0) }, { kind: 'write', value: o.operand(0) }],
  }),
  op('end_access', {
    operands: [one('operand', silAddress)], attributes: [flags],
    memoryEffects: (o) => [{ kind: 'read', value: o.operand(0) }, { kind: 'write', value: o.operand(0) }],
  }),
];

const memoryOps: OpSpec[] = [
  // (3)
  op('copy_addr', {
    operands: [one('source', silAddress), one('dest', silAddress)], attributes: [flags, { name: 'dest_init', optional: true }],
    memoryEffects: (o) => {
      const take = o.getAttr('flags')?.toString().includes('take') ?? false;
      const init = o.getAttr('dest_init') !== undefined;
      const out: MemoryEffect[] = [{ kind: 'read', value: o.operand(0) }, { kind: 'write', value: o.operand(1) }];
      if (take) out.push({ kind: 'write', value: o.operand(0) });
      else out.push({ kind: 'write', resource: REF_COUNT });
      if (!init) out.push(...releaseUnknown());
      return out;
    },
  }),
  op('destroy_addr', {
    operands: [one('operand', silAddress)],
    memoryEffects: (o) => [{ kind: 'read', value: o.operand(0) }, { kind: 'write', value: o.operand(0) }, ...releaseUnknown()],
  }),
  // (5)
  op('unchecked_take_enum_data_addr', {
    operands: [one('operand', silAddress)], results: result, attributes: [{ name: 'case' }],
    memoryEffects: (o) => [{ kind: 'read', value: o.operand(0) }, { kind: 'write', value: o.operand(0) }],
  }),
  op('inject_enum_addr', {
    operands: [one('operand', silAddress)], attributes: [{ name: 'case' }],
    memoryEffects: (o) => [{ kind: 'write', value: o.operand(0) }],
  }),
  op('select_enum', {
    operands: [one('operand', silObject), many('values')], results: result,
    attributes: [{ name: 'cases' }, { name: 'has_default', optional: true }], traits: ['Pure'],
  }),
];

const refCountOps: OpSpec[] = [
  // (4) The unowned count is its own resource: these are not strong retains/releases.
  op('unowned_retain', { operands: [one('operand', silObject)], attributes: [flags], memoryEffects: (o) => unownedRc(o) }),
  op('unowned_release', {
    operands: [one('operand', silObject)], attributes: [flags],
    memoryEffects: (o) => [...unownedRc(o), { kind: 'free', value: o.operand(0) }],
  }),
  // A strong increment, but not one ARC pairs (Swift pairs strong_retain / retain_value
  // only): a use of the object. An extra increment never frees anything earlier.
  op('strong_retain_unowned', {
    operands: [one('operand', silObject)], attributes: [flags],
    memoryEffects: (o) => [{ kind: 'read', value: o.operand(0), resource: REF_COUNT }, ...unownedRc(o)],
  }),
  // The release happens when the autorelease pool drains, outside this function's ops.
  op('autorelease_value', {
    operands: [one('operand', silObject)], attributes: [flags],
    memoryEffects: (o) => [{ kind: 'read', value: o.operand(0), resource: REF_COUNT }, { kind: 'write', value: o.operand(0), resource: AUTORELEASE }],
  }),
];

const castNames = [
  'ref_to_unowned', 'unowned_to_ref', 'ref_to_raw_pointer', 'unchecked_addr_cast', 'unchecked_trivial_bitcast',
  'unchecked_bitwise_cast', 'pointer_to_address',
];
const castOps: OpSpec[] = castNames.map((n) => op(n, {
  operands: [one('operand')], results: result, attributes: [flags, { name: 'to_flags', optional: true }], traits: ['Pure'],
}));

/** (6) try_apply produces its successors' arguments (the result, the error). */
const producing: BranchInterface = {
  successorOperands: () => [],
  successorOperandStart: (o) => o.operands.length,
  producedOperands: (o, i) => o.successors[i]!.arguments.length,
};

const terminatorOps: OpSpec[] = [
  op('try_apply', {
    operands: [one('callee'), many('args')], successors: [{ name: 'normal' }, { name: 'error' }],
    attributes: [flags, { name: 'substitutions', optional: true }],
    traits: ['Terminator', 'CallOp'], branch: producing,
    call: { callee: (o) => o.operand(0), args: (o) => o.operandValues().slice(1) },
  }),
  op('throw', { operands: [one('operand')], traits: ['Terminator', 'ReturnLike'], memoryEffects: () => [] }),
  op('switch_enum_addr', {
    operands: [one('operand', silAddress)], successors: [{ name: 'dests', variadic: true }],
    attributes: [{ name: 'cases' }, { name: 'has_default', optional: true }],
    traits: ['Terminator'], branch: producing,
    memoryEffects: (o) => [{ kind: 'read', value: o.operand(0) }],
  }),
];

export const silExtOps: OpSpec[] = [...closureAndBoxOps, ...memoryOps, ...refCountOps, ...castOps, ...terminatorOps];
