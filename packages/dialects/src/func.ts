/** func: functions, calls and returns. */
import {
  FunctionType, StringAttr, SymbolRefAttr, TypeAttr, defineDialect, defineOp,
  type InferContext, type Operation,
} from '@lifeline/ir';
import { symbolNameSyntax, symbolRefSyntax } from '@lifeline/ir';
import { functionCallable, parseFunctionOp, printFunctionOp } from './func-signature.js';

/** The callee's function type; anything else is MLIR's "invalid kind of type". */
function calleeType(c: InferContext): FunctionType {
  const t = c.type('callee');
  if (!(t instanceof FunctionType)) c.error("custom op 'func.call_indirect' invalid kind of type specified");
  return t;
}

const fnType = (op: Operation): FunctionType => (op.getAttr('function_type') as TypeAttr).value as FunctionType;

const func = defineOp({
  name: 'func.func',
  attributes: [
    { name: 'sym_name' }, { name: 'function_type' }, { name: 'sym_visibility', optional: true },
    { name: 'arg_attrs', optional: true }, { name: 'res_attrs', optional: true },
  ],
  regions: [{ name: 'body' }],
  traits: ['IsolatedFromAbove', 'Symbol', 'FunctionLike', 'CallableOp', 'AutomaticAllocationScope'],
  defaultDialect: 'func',
  parse: (p, st) => parseFunctionOp(p, st),
  print: (op, p) => printFunctionOp(op, p),
  callable: functionCallable,
  verify(op) {
    const body = op.regions[0]!;
    const t = fnType(op);
    // MLIR's Symbol interface: a declaration (no body) is private or nested.
    if (body.empty) {
      const vis = op.getAttr('sym_visibility');
      return !vis || (vis instanceof StringAttr && vis.value === 'public') ? 'symbol declaration cannot have public visibility' : undefined;
    }
    const args = body.blocks[0]!.arguments;
    if (args.length !== t.inputs.length) {
      return `entry block must have ${t.inputs.length} arguments to match function signature`;
    }
    for (let i = 0; i < args.length; i++) {
      if (args[i]!.type !== t.inputs[i]) {
        return `type of entry block argument #${i}(${args[i]!.type}) must match the type of the corresponding argument in function signature(${t.inputs[i]})`;
      }
    }
    return undefined;
  },
});

const call = defineOp({
  name: 'func.call',
  operands: [{ name: 'operands', arity: 'variadic' }],
  results: [{ name: 'results', arity: 'variadic' }],
  attributes: [{ name: 'callee', syntax: symbolRefSyntax }, { name: 'no_inline', optional: true }],
  traits: ['CallOp'],
  format: '$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)',
  call: {
    callee: (op) => op.getAttr('callee') as SymbolRefAttr,
    args: (op) => op.operandValues(),
  },
  verify(op, ctx) {
    // verifySymbolUses: the callee must be a func.func whose signature matches.
    const ref = op.getAttr('callee') as SymbolRefAttr;
    const fn = ctx.symbols.lookupNearest(op, ref);
    if (!fn || fn.name !== 'func.func') return `'${ref.leaf}' does not reference a valid function`;
    const t = fnType(fn);
    if (t.inputs.length !== op.operands.length) return 'incorrect number of operands for callee';
    for (let i = 0; i < t.inputs.length; i++) {
      if (op.operand(i).type !== t.inputs[i]) {
        return `operand type mismatch: expected operand type '${t.inputs[i]}', but provided '${op.operand(i).type}' for operand number ${i}`;
      }
    }
    if (t.results.length !== op.results.length) return 'incorrect number of results for callee';
    for (let i = 0; i < t.results.length; i++) {
      if (op.result(i).type !== t.results[i]) {
        const list = (ts: readonly unknown[]) => ts.map((x) => `'${x}'`).join(', ');
        return {
          opError: `result type mismatch at index ${i}`,
          notes: [
            { loc: op.loc, message: `      op result types: ${list(op.results.map((r) => r.type))}` },
            { loc: op.loc, message: `function result types: ${list(t.results)}` },
          ],
        };
      }
    }
    return undefined;
  },
});

const callIndirect = defineOp({
  name: 'func.call_indirect',
  operands: [
    { name: 'callee' },
    {
      name: 'callee_operands', arity: 'variadic',
      infer: (c: InferContext) => [...calleeType(c).inputs],
    },
  ],
  results: [{ name: 'results', arity: 'variadic', infer: (c: InferContext) => [...calleeType(c).results] }],
  traits: ['CallOp'],
  format: '$callee `(` $callee_operands `)` attr-dict `:` type($callee)',
  call: {
    callee: (op) => op.operand(0),
    args: (op) => op.operandValues().slice(1),
  },
});

const ret = defineOp({
  name: 'func.return',
  operands: [{ name: 'operands', arity: 'variadic' }],
  traits: ['Terminator', 'ReturnLike', 'Pure'],
  parents: ['func.func'],
  format: 'attr-dict ($operands^ `:` type($operands))?',
  regionBranchTerminator: { forwardedOperands: (op) => op.operandValues() },
  verify(op) {
    const fn = op.parentOp;
    if (!fn || fn.name !== 'func.func') return undefined;
    const results = fnType(fn).results;
    const name = (fn.getAttr('sym_name') as StringAttr).value;
    if (op.operands.length !== results.length) {
      return `has ${op.operands.length} operands, but enclosing function (@${name}) returns ${results.length}`;
    }
    for (let i = 0; i < results.length; i++) {
      if (op.operand(i).type !== results[i]) {
        return { error: `type of return operand ${i} ('${op.operand(i).type}') doesn't match function result type ('${results[i]}') in function @${name}` };
      }
    }
    return undefined;
  },
});

const constant = defineOp({
  name: 'func.constant',
  results: [{ name: 'result' }],
  attributes: [{ name: 'value', syntax: symbolRefSyntax }],
  traits: ['ConstantLike', 'Pure'],
  format: 'attr-dict $value `:` type(results)',
  constant: { value: (op) => op.getAttr('value')! },
  verify(op, ctx) {
    // MLIR looks the name up in the enclosing module only.
    const ref = op.getAttr('value') as SymbolRefAttr;
    let module: Operation | null = op.parentOp;
    while (module && module.name !== 'builtin.module') module = module.parentOp;
    const fn = module ? ctx.symbols.lookupIn(module, ref) : undefined;
    if (!fn || fn.name !== 'func.func') return `reference to undefined function '${ref.leaf}'`;
    if (fnType(fn) !== op.result(0).type) return 'reference to function with mismatched type';
    return undefined;
  },
  resultNames: (op) => [`f`],
});
void symbolNameSyntax;

export const funcDialect = defineDialect('func', [func, call, callIndirect, ret, constant]);
