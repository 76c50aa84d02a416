/**
 * SIL terminators, functions and `undef`.
 *
 * (1) `br` forwards all its operands to its one successor.
 * (2) `cond_br %c, bbT(args…), bbF(args…)`: operand groups condition / trueArgs / falseArgs
 *     (operandSegmentSizes), forwarded to successor 0 and 1.
 * (3) `switch_enum` and `checked_cast_br` forward nothing: the arguments of their successors
 *     (the payload of a case, the cast result, in OSSA the failure's original value) are
 *     produced by the terminator itself (BranchInterface.producedOperands), so the dataflow
 *     framework treats them as fresh values and RC identity can map them to the operand.
 * (4) `return` is ReturnLike; `unreachable` ends a block that control never leaves.
 * (5) A `sil.function` is a Symbol (sym_name), FunctionLike and Callable, with one region;
 *     a declaration has no blocks. `function_type` holds its SIL function type.
 * (6) `sil.undef` defines the value `undef` stands for at one use; the printer writes
 *     `undef` in its place and omits the op.
 */
import { TypeAttr, defineOp, type BranchInterface, type OpSpec, type Operation } from '@lifeline/ir';
import { SilType } from './sil-types.js';

function op(name: string, spec: Omit<OpSpec, 'name'>): OpSpec {
  return defineOp({ name: `sil.${name}`, ...spec });
}

/** (1) */
const brBranch: BranchInterface = {
  successorOperands: (o) => o.operandValues(),
  successorOperandStart: () => 0,
  successorForConstants: (o) => o.successors[0],
};

/** (2) */
const condBrBranch: BranchInterface = {
  successorOperands: (o, i) => o.def!.operandGroup(o, i === 0 ? 'trueArgs' : 'falseArgs'),
  successorOperandStart: (o, i) => o.def!.operandGroupStart(o, i === 0 ? 'trueArgs' : 'falseArgs'),
};

/** (3) */
const producingBranch: BranchInterface = {
  successorOperands: () => [],
  successorOperandStart: (o) => o.operands.length,
  producedOperands: (o, i) => o.successors[i]!.arguments.length,
};

const terminators: OpSpec[] = [
  op('br', { operands: [{ name: 'args', arity: 'variadic' }], successors: [{ name: 'dest' }], traits: ['Terminator', 'Pure'], branch: brBranch }),
  op('cond_br', {
    operands: [{ name: 'condition' }, { name: 'trueArgs', arity: 'variadic' }, { name: 'falseArgs', arity: 'variadic' }],
    successors: [{ name: 'trueDest' }, { name: 'falseDest' }], traits: ['Terminator', 'Pure'], branch: condBrBranch,
  }),
  op('switch_enum', {
    operands: [{ name: 'operand' }], successors: [{ name: 'dests', variadic: true }],
    attributes: [{ name: 'cases' }, { name: 'has_default', optional: true }],
    traits: ['Terminator', 'Pure'], branch: producingBranch,
  }),
  op('checked_cast_br', {
    operands: [{ name: 'operand' }], successors: [{ name: 'success' }, { name: 'failure' }],
    attributes: [{ name: 'target_type' }, { name: 'source_formal_type', optional: true }, { name: 'formal_target', optional: true }, { name: 'flags', optional: true }],
    traits: ['Terminator', 'Pure'], branch: producingBranch,
  }),
  op('return', { operands: [{ name: 'operand' }], traits: ['Terminator', 'ReturnLike', 'Pure'] }),
  op('unreachable', { traits: ['Terminator', 'Pure'] }),
];

/** The SIL function type of a `sil.function`. */
export function functionTypeOf(fn: Operation): SilType | undefined {
  const a = fn.getAttr('function_type');
  return a instanceof TypeAttr && a.value instanceof SilType ? a.value : undefined;
}

const functionOp = op('function', {
  attributes: [
    { name: 'sym_name' }, { name: 'function_type' }, { name: 'linkage', optional: true }, { name: 'sil_attrs', optional: true },
    { name: 'block_arg_ownership', optional: true },
  ],
  regions: [{ name: 'body' }],
  traits: ['Symbol', 'FunctionLike', 'CallableOp', 'IsolatedFromAbove', 'AutomaticAllocationScope'],
  callable: {
    body: (o) => (o.regions[0]!.blocks.length ? o.regions[0] : undefined),
    argTypes: (o) => functionTypeOf(o)?.params.map((p) => p.type) ?? [],
    resultTypes: (o) => {
      const t = functionTypeOf(o);
      return t && t.kind === 'function' ? [t.applyResultType] : [];
    },
  },
});

const undefOp = op('undef', { results: [{ name: 'result' }], traits: ['Pure'] });

export const silControlOps: OpSpec[] = [...terminators, functionOp, undefOp];
