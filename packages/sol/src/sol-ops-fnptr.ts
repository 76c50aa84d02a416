/**
 * Internal function pointers: a value of builtin function type `(T…) -> (R…)` names a sol.func
 * of the same contract (or none: the zero pointer, as a zero-initialised or deleted Solidity
 * function variable). Calls through a pointer dispatch on it; the zero pointer (or anything
 * that names no function) is Panic 0x51, as in solc.
 *
 *   %f = sol.func_ref @inc_13 : (ui256) -> ui256
 *   %z = sol.func_null : (ui256) -> ui256
 *   %r = sol.call_indirect %f(%x) : (ui256) -> ui256
 *
 * The callee of sol.call_indirect is not known statically, so the op declares every effect a
 * function body may have (allocation and the free pointer included) rather than the CallOp
 * interface: analyses see it as opaque.
 */
import {
  FunctionType, TypeAttr, defineOp, symbolRefSyntax, type InferContext, type SymbolRefAttr, type TypeConstraint,
} from '@lifeline/ir';
import { effect, mayRevert } from './sol-op-utils.js';

const fnPtr: TypeConstraint = { description: 'function type', accepts: (t) => t instanceof FunctionType };

function calleeType(c: InferContext): FunctionType {
  const t = c.type('callee');
  if (!(t instanceof FunctionType)) c.error("custom op 'sol.call_indirect' invalid kind of type specified");
  return t;
}

const funcRef = defineOp({
  name: 'sol.func_ref',
  summary: 'an internal function pointer to a sol.func of the contract',
  attributes: [{ name: 'callee', syntax: symbolRefSyntax }],
  results: [{ name: 'result', type: fnPtr }],
  traits: ['Pure'],
  format: '$callee attr-dict `:` type($result)',
  resultNames: () => ['fn'],
  verify(op, ctx) {
    const ref = op.getAttr('callee') as SymbolRefAttr;
    const fn = ctx.symbols.lookupNearest(op, ref);
    if (!fn || fn.name !== 'sol.func') return `'${ref.leaf}' does not reference a valid function`;
    if ((fn.getAttr('function_type') as TypeAttr).value !== op.result(0).type) return "result type does not match the function's type";
    return undefined;
  },
});

const funcNull = defineOp({
  name: 'sol.func_null',
  summary: 'the zero internal function pointer (calling it is Panic 0x51)',
  results: [{ name: 'result', type: fnPtr }],
  traits: ['Pure'],
  format: 'attr-dict `:` type($result)',
  resultNames: () => ['fn'],
});

const callIndirect = defineOp({
  name: 'sol.call_indirect',
  summary: 'a call through an internal function pointer (Panic 0x51 when it names no function)',
  operands: [
    { name: 'callee', type: fnPtr },
    { name: 'args', arity: 'variadic', infer: (c: InferContext) => [...calleeType(c).inputs] },
  ],
  results: [{ name: 'results', arity: 'variadic', infer: (c: InferContext) => [...calleeType(c).results] }],
  format: '$callee `(` $args `)` attr-dict `:` type($callee)',
  memoryEffects: () => [
    effect('allocate', undefined, 'Memory'),
    ...(['Memory', 'Storage', 'Transient', 'FreePointer'] as const).flatMap((r) => [effect('read', undefined, r), effect('write', undefined, r)]),
    effect('read', undefined, 'CallData'), effect('write', undefined, 'Log'), mayRevert(),
  ],
});

export const solFnPtrOps = [funcRef, funcNull, callIndirect];
