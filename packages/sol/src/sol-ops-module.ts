/**
 * sol ops that structure a program: contracts, state variables, functions, calls, returns.
 *
 *   sol.contract @C_12 attributes {kind = "contract"} { … }
 *   sol.state_var @x_3 slot 0 offset 0 : ui256
 *   sol.func @f_20(%a: ui256) -> ui256 attributes {orig_name = "f", selector = "0x…", state_mutability = "view",
 *                                                  visibility = "public"} { … sol.return %v : ui256 }
 *   %r = sol.call @g_30(%a) : (ui256) -> ui256
 *   sol.return %v : ui256
 *
 * Attributes are plain strings (not dialect enums) so the generic form needs nothing but the
 * builtin attribute syntax, which mlir-opt reads with --allow-unregistered-dialect.
 */
import {
  FunctionType, IntegerAttr, IntegerType, StringAttr, Tok, TypeAttr, defineOp, symbolNameSyntax, symbolRefSyntax,
  type Attribute, type Operation, type SymbolRefAttr,
} from '@lifeline/ir';
import { functionCallable, parseFunctionOp, printFunctionOp } from '@lifeline/dialects';

const i64 = IntegerType.get(64);

function oneOf(what: string, cases: readonly string[]): (a: Attribute) => string | undefined {
  return (a) => (a instanceof StringAttr && cases.includes(a.value) ? undefined : `${what} must be one of ${cases.map((c) => `"${c}"`).join(', ')}`);
}
const isString = (a: Attribute): string | undefined => (a instanceof StringAttr ? undefined : 'must be a string');
const isInt = (a: Attribute): string | undefined => (a instanceof IntegerAttr ? undefined : 'must be an integer');

export const CONTRACT_KINDS = ['contract', 'interface', 'library'] as const;
export const STATE_MUTABILITIES = ['pure', 'view', 'nonpayable', 'payable'] as const;
export const VISIBILITIES = ['external', 'public', 'internal', 'private'] as const;
export const FUNCTION_KINDS = ['function', 'constructor', 'fallback', 'receive', 'getter'] as const;

const contract = defineOp({
  name: 'sol.contract',
  summary: 'a contract: the symbol table of its state variables and functions',
  attributes: [{ name: 'sym_name', syntax: symbolNameSyntax }, { name: 'kind', check: oneOf('kind', CONTRACT_KINDS) }],
  regions: [{ name: 'body' }],
  traits: ['SymbolTable', 'Symbol', 'NoTerminator', 'SingleBlock', 'IsolatedFromAbove'],
  format: '$sym_name attr-dict-with-keyword $body',
});

/** `@name slot S offset O : T attr-dict` */
const stateVar = defineOp({
  name: 'sol.state_var',
  summary: "a state variable with solc's storage layout (slot, byte offset in the slot)",
  attributes: [
    { name: 'sym_name' }, { name: 'type' },
    { name: 'slot', check: isInt }, { name: 'offset', check: isInt },
  ],
  traits: ['Symbol'],
  parse(p, st) {
    st.addAttr('sym_name', new StringAttr(p.parseSymbolName()));
    p.parseKeyword('slot');
    st.addAttr('slot', new IntegerAttr(p.parseInteger('slot'), i64));
    p.parseKeyword('offset');
    st.addAttr('offset', new IntegerAttr(p.parseInteger('offset'), i64));
    p.expect(Tok.Colon, "expected ':'");
    st.addAttr('type', new TypeAttr(p.parseType()));
    p.parseOptionalAttrDict(st);
  },
  print(op, p) {
    p.print(' ');
    p.printSymbolName((op.getAttr('sym_name') as StringAttr).value);
    p.print(` slot ${(op.getAttr('slot') as IntegerAttr).value} offset ${(op.getAttr('offset') as IntegerAttr).value}`);
    p.print(` : ${(op.getAttr('type') as TypeAttr).value}`);
    p.printOptionalAttrDict(p.allAttrs(op), ['sym_name', 'slot', 'offset', 'type']);
  },
  parents: ['sol.contract'],
});

const fnType = (op: Operation): FunctionType => (op.getAttr('function_type') as TypeAttr).value as FunctionType;

const func = defineOp({
  name: 'sol.func',
  summary: 'a Solidity function (also constructors, fallback, receive, generated getters)',
  attributes: [
    { name: 'sym_name' }, { name: 'function_type' }, { name: 'sym_visibility', optional: true },
    { name: 'arg_attrs', optional: true }, { name: 'res_attrs', optional: true },
    { name: 'orig_name', optional: true, check: isString, description: 'the Solidity name (ABI name)' },
    { name: 'selector', optional: true, check: isString, description: 'the 4-byte selector as "0x…" (external/public only)' },
    { name: 'state_mutability', check: oneOf('state_mutability', STATE_MUTABILITIES) },
    { name: 'visibility', check: oneOf('visibility', VISIBILITIES) },
    { name: 'kind', optional: true, check: oneOf('kind', FUNCTION_KINDS) },
  ],
  regions: [{ name: 'body' }],
  traits: ['IsolatedFromAbove', 'Symbol', 'FunctionLike', 'CallableOp', 'AutomaticAllocationScope'],
  parents: ['sol.contract'],
  parse: (p, st) => parseFunctionOp(p, st),
  print: (op, p) => printFunctionOp(op, p),
  callable: functionCallable,
  verify(op) {
    const body = op.regions[0]!;
    const t = fnType(op);
    if (body.empty) return undefined;
    const args = body.blocks[0]!.arguments;
    if (args.length !== t.inputs.length) return `entry block must have ${t.inputs.length} arguments to match function signature`;
    for (let i = 0; i < args.length; i++) {
      if (args[i]!.type !== t.inputs[i]) return `type of entry block argument #${i} must match the function signature`;
    }
    return undefined;
  },
});

const call = defineOp({
  name: 'sol.call',
  summary: 'an internal call of a sol.func in the same contract',
  operands: [{ name: 'operands', arity: 'variadic' }],
  results: [{ name: 'results', arity: 'variadic' }],
  attributes: [{ name: 'callee', syntax: symbolRefSyntax }],
  traits: ['CallOp'],
  format: '$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)',
  call: { callee: (op) => op.getAttr('callee') as SymbolRefAttr, args: (op) => op.operandValues() },
  verify(op, ctx) {
    const ref = op.getAttr('callee') as SymbolRefAttr;
    const fn = ctx.symbols.lookupNearest(op, ref);
    if (!fn || fn.name !== 'sol.func') return `'${ref.leaf}' does not reference a valid function`;
    const t = fnType(fn);
    if (t.inputs.length !== op.operands.length || t.inputs.some((ty, i) => op.operand(i).type !== ty)) return 'operand types do not match the callee';
    if (t.results.length !== op.results.length || t.results.some((ty, i) => op.result(i).type !== ty)) return 'result types do not match the callee';
    return undefined;
  },
});

const ret = defineOp({
  name: 'sol.return',
  summary: 'returns from the enclosing sol.func (may sit inside nested sol.if / loops: an early return)',
  operands: [{ name: 'operands', arity: 'variadic' }],
  traits: ['Terminator', 'ReturnLike', 'Pure'],
  format: 'attr-dict ($operands^ `:` type($operands))?',
  verify(op) {
    let fn = op.parentOp;
    while (fn && fn.name !== 'sol.func') fn = fn.parentOp;
    if (!fn) return "expects a 'sol.func' ancestor";
    const results = fnType(fn).results;
    if (op.operands.length !== results.length || results.some((t, i) => op.operand(i).type !== t)) {
      return `operand types (${op.operandValues().map((v) => v.type).join(', ')}) do not match the function results (${results.join(', ')})`;
    }
    return undefined;
  },
});

export const solModuleOps = [contract, stateVar, func, call, ret];
