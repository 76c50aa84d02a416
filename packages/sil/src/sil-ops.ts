/**
 * The sil dialect's instructions: one op `sil.<instruction>` per SIL instruction, declared
 * as data. Operands are in SIL text order; every value instruction has one result.
 *
 * Memory effects (what the framework's analyses read):
 *   load / is_unique           read the address operand
 *   store                      writes the destination address (operand 1)
 *   alloc_stack / alloc_ref    allocate their result; dealloc_stack frees its operand
 *   strong_retain, retain_value, copy_value
 *                              read + write the operand's reference count (resource 'RefCount')
 *   strong_release, release_value, destroy_value
 *                              read + write the reference count, may free the object, and may run
 *                              a deinit: a write of unknown memory (the default resource)
 *   fix_lifetime               reads the reference count (a use that keeps the object alive)
 *   apply, builtin, cond_fail  none declared: unknown effects
 *   everything else            no effects (casts, aggregates, literals, function_ref, branches)
 */
import { defineOp, type MemoryEffect, type OpSpec, type Operation, type TypeConstraint } from '@lifeline/ir';
import { SilType } from './sil-types.js';

/** The resource reference counts live in (MemoryEffect.resource). */
export const REF_COUNT = 'RefCount';

const pure = (): MemoryEffect[] => [];

export const silAddress: TypeConstraint = {
  description: 'SIL address type',
  accepts: (t) => t instanceof SilType && t.kind === 'address',
};
export const silObject: TypeConstraint = {
  description: 'SIL object type',
  accepts: (t) => t instanceof SilType && t.kind !== 'address',
};
export const silFunctionType: TypeConstraint = {
  description: 'SIL function type',
  accepts: (t) => t instanceof SilType && (t.kind === 'function' || t.kind === 'verbatim'),
};

const one = (name: string, type?: TypeConstraint) => ({ name, type });
const many = (name: string) => ({ name, arity: 'variadic' as const });
const result = [{ name: 'result' }];

function op(name: string, spec: Omit<OpSpec, 'name'>): OpSpec {
  return defineOp({ name: `sil.${name}`, ...spec });
}

function incrementEffects(o: Operation): MemoryEffect[] {
  const v = o.operand(0);
  return [{ kind: 'read', value: v, resource: REF_COUNT }, { kind: 'write', value: v, resource: REF_COUNT }];
}

function decrementEffects(o: Operation): MemoryEffect[] {
  const v = o.operand(0);
  return [
    { kind: 'read', value: v, resource: REF_COUNT }, { kind: 'write', value: v, resource: REF_COUNT },
    { kind: 'free', value: v }, { kind: 'write' },
  ];
}

const flags = { name: 'flags', optional: true };

/** `%0 : $T` instructions without a result that change or use a reference count. */
const refCountOps: OpSpec[] = [
  op('strong_retain', { operands: [one('operand', silObject)], attributes: [flags], memoryEffects: incrementEffects }),
  op('retain_value', { operands: [one('operand', silObject)], attributes: [flags], memoryEffects: incrementEffects }),
  op('strong_release', { operands: [one('operand', silObject)], attributes: [flags], memoryEffects: decrementEffects }),
  op('release_value', { operands: [one('operand', silObject)], attributes: [flags], memoryEffects: decrementEffects }),
  op('copy_value', { operands: [one('operand', silObject)], results: result, attributes: [flags], memoryEffects: incrementEffects }),
  op('destroy_value', { operands: [one('operand', silObject)], attributes: [flags], memoryEffects: decrementEffects }),
  op('fix_lifetime', {
    operands: [one('operand')], attributes: [flags],
    memoryEffects: (o) => [{ kind: 'read', value: o.operand(0), resource: REF_COUNT }],
  }),
  op('is_unique', {
    operands: [one('operand', silAddress)], results: result,
    memoryEffects: (o) => [{ kind: 'read', value: o.operand(0) }, { kind: 'read', resource: REF_COUNT }],
  }),
];

/** Instructions whose result is their operand seen at another type (`%0 : $A to $B`). */
const castNames = [
  'upcast', 'unchecked_ref_cast', 'open_existential_ref', 'bridge_object_to_ref', 'convert_function',
  'address_to_pointer', 'raw_pointer_to_ref', 'unconditional_checked_cast',
];
const castOps: OpSpec[] = castNames.map((n) => op(n, {
  operands: [one('operand', n === 'address_to_pointer' ? silAddress : silObject)], results: result,
  attributes: [flags, { name: 'formal_target', optional: true }], traits: ['Pure'],
}));

const aggregateOps: OpSpec[] = [
  op('init_existential_ref', {
    operands: [one('operand', silObject)], results: result,
    attributes: [{ name: 'formal_concrete_type' }], traits: ['Pure'],
  }),
  op('ref_to_bridge_object', { operands: [one('operand', silObject), one('bits', silObject)], results: result, traits: ['Pure'] }),
  op('struct', { operands: [many('elements')], results: result, traits: ['Pure'] }),
  op('struct_extract', { operands: [one('operand', silObject)], results: result, attributes: [{ name: 'field' }], traits: ['Pure'] }),
  op('tuple', { operands: [many('elements')], results: result, traits: ['Pure'] }),
  op('tuple_extract', { operands: [one('operand', silObject)], results: result, attributes: [{ name: 'index' }], traits: ['Pure'] }),
  op('enum', { operands: [{ name: 'payload', arity: 'optional' }], results: result, attributes: [{ name: 'case' }], traits: ['Pure'] }),
  op('unchecked_enum_data', { operands: [one('operand', silObject)], results: result, attributes: [{ name: 'case' }], traits: ['Pure'] }),
  op('mark_dependence', { operands: [one('value'), one('base')], results: result, attributes: [flags], traits: ['Pure'] }),
];

const literalOps: OpSpec[] = [
  op('integer_literal', {
    results: result, attributes: [{ name: 'value' }], traits: ['Pure', 'ConstantLike'],
    constant: { value: (o) => o.getAttr('value')! },
  }),
  op('string_literal', { results: result, attributes: [{ name: 'encoding' }, { name: 'value' }], traits: ['Pure'] }),
  op('metatype', { results: result, traits: ['Pure'] }),
  op('function_ref', { results: result, attributes: [{ name: 'function' }], traits: ['Pure'] }),
  op('builtin', { operands: [many('args')], results: result, attributes: [{ name: 'name' }, { name: 'substitutions', optional: true }] }),
  op('cond_fail', { operands: [one('condition', silObject)], attributes: [{ name: 'message', optional: true }] }),
];

const memoryOps: OpSpec[] = [
  op('alloc_stack', {
    results: result, attributes: [flags], traits: [],
    memoryEffects: (o) => [{ kind: 'allocate', value: o.result(0) }],
  }),
  op('dealloc_stack', {
    operands: [one('operand', silAddress)], attributes: [flags],
    memoryEffects: (o) => [{ kind: 'free', value: o.operand(0) }],
  }),
  op('alloc_ref', {
    results: result, attributes: [flags],
    memoryEffects: (o) => [{ kind: 'allocate', value: o.result(0) }, { kind: 'write', value: o.result(0), resource: REF_COUNT }],
  }),
  op('load', {
    operands: [one('address', silAddress)], results: result, attributes: [flags],
    memoryEffects: (o) => [{ kind: 'read', value: o.operand(0) }],
  }),
  op('store', {
    operands: [one('value', silObject), one('address', silAddress)], attributes: [{ name: 'ownership', optional: true }],
    memoryEffects: (o) => [{ kind: 'write', value: o.operand(1) }],
  }),
];

const callOps: OpSpec[] = [
  op('apply', {
    operands: [one('callee', silFunctionType), many('args')], results: result,
    attributes: [flags, { name: 'substitutions', optional: true }],
    traits: ['CallOp'],
    call: { callee: (o) => o.operand(0), args: (o) => o.operandValues().slice(1) },
  }),
];

export const silValueOps: OpSpec[] = [...refCountOps, ...castOps, ...aggregateOps, ...literalOps, ...memoryOps, ...callOps];
export { pure as noEffects };
