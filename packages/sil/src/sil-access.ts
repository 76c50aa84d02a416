/**
 * Accessors for the attributes of sil ops, so consumers never decode attribute encodings:
 * decl references are stored as `S.x` / `E.some` strings, flags as string arrays, and so on.
 */
import {
  ArrayAttr, BlockArgument, IntegerAttr, StringAttr, SymbolRefAttr, SymbolTableCollection, TypeAttr,
  type Block, type Operation, type Value,
} from '@lifeline/ir';
import { functionTypeOf } from './sil-control.js';
import { SilType, asSilType } from './sil-types.js';

/** The SIL type of a value (every value of a sil function has one). */
export function silTypeOf(v: Value): SilType {
  return asSilType(v.type);
}

/** The instruction name of a sil op (`sil.strong_retain` → `strong_retain`), else undefined. */
export function silInstName(op: Operation): string | undefined {
  return op.name.startsWith('sil.') ? op.name.slice(4) : undefined;
}

function lastComponent(ref: string): string {
  return ref.slice(ref.lastIndexOf('.') + 1);
}
function strAttr(op: Operation, name: string): string | undefined {
  const a = op.getAttr(name);
  return a instanceof StringAttr ? a.value : undefined;
}

/** `struct_extract %0 : $S, #S.x` → `x`. */
export function structExtractField(op: Operation): string {
  return lastComponent(strAttr(op, 'field') ?? '');
}

/** `tuple_extract %0 : $(A, B), 1` → 1. */
export function tupleExtractIndex(op: Operation): number {
  const a = op.getAttr('index');
  return a instanceof IntegerAttr ? Number(a.value) : -1;
}

/** The case of `enum` / `unchecked_enum_data` (`#E.some!enumelt` → `some`). */
export function enumCaseName(op: Operation): string {
  return lastComponent(strAttr(op, 'case') ?? '');
}

/** The payload operand of an `enum`, if the case has one. */
export function enumPayload(op: Operation): Value | undefined {
  return op.operands.length ? op.operand(0) : undefined;
}

export interface SwitchEnumCase { name: string; dest: Block }
export interface SwitchEnumInfo { operand: Value; cases: SwitchEnumCase[]; default?: Block }

/** `switch_enum %0 : $E, case #E.a!enumelt: bb1, default bb2`. */
export function switchEnumCases(op: Operation): SwitchEnumInfo {
  const cases = op.getAttr('cases');
  const names = cases instanceof ArrayAttr ? cases.elements.map((c) => lastComponent((c as StringAttr).value)) : [];
  return {
    operand: op.operand(0),
    cases: names.map((name, i) => ({ name, dest: op.successors[i]! })),
    default: op.getAttr('has_default') ? op.successors[op.successors.length - 1] : undefined,
  };
}

export interface CheckedCastBrInfo { operand: Value; target: SilType; success: Block; failure: Block; exact: boolean }

export function checkedCastBr(op: Operation): CheckedCastBrInfo {
  const t = op.getAttr('target_type');
  return {
    operand: op.operand(0), target: (t as TypeAttr).value as SilType,
    success: op.successors[0]!, failure: op.successors[1]!, exact: instFlags(op).includes('exact'),
  };
}

/** `[flag]`s written after the mnemonic (`alloc_ref [stack]`, `load [copy]`, `apply [nothrow]`). */
export function instFlags(op: Operation): string[] {
  const a = op.getAttr('flags');
  return a instanceof ArrayAttr ? a.elements.map((e) => (e as StringAttr).value) : [];
}

/** `load [copy|take|trivial]`; undefined in non-OSSA SIL. */
export function loadOwnership(op: Operation): string | undefined {
  return instFlags(op).find((f) => f === 'copy' || f === 'take' || f === 'trivial');
}
/** `store … to [init|assign|trivial]`; undefined in non-OSSA SIL. */
export function storeOwnership(op: Operation): string | undefined {
  return strAttr(op, 'ownership');
}

/** The callee operand of an `apply`. */
export function applyCallee(op: Operation): Value {
  return op.operand(0);
}
export function applyArgs(op: Operation): Value[] {
  return op.operandValues().slice(1);
}

/** `function_ref @f : $T` → `f`. */
export function functionRefName(op: Operation): string | undefined {
  const a = op.getAttr('function');
  return a instanceof SymbolRefAttr ? a.root : undefined;
}

/** The function an apply calls when its callee is a `function_ref` (the `sil.function`, or a declaration), else undefined. */
export function calledFunction(apply: Operation, symbols = new SymbolTableCollection()): Operation | undefined {
  const def = applyCallee(apply).definingOp;
  if (!def || def.name !== 'sil.function_ref') return undefined;
  const a = def.getAttr('function');
  return a instanceof SymbolRefAttr ? symbols.lookupNearest(apply, a) : undefined;
}

/** The value of an `integer_literal` (Swift prints them signed: `Builtin.Int1` true is -1). */
export function integerLiteralValue(op: Operation): bigint {
  const a = op.getAttr('value');
  return a instanceof IntegerAttr ? a.value : 0n;
}

/** `builtin "name"(…)` → `name`. */
export function builtinName(op: Operation): string | undefined {
  return strAttr(op, 'name');
}

/** `string_literal utf8 "s"` → `s`. */
export function stringLiteralValue(op: Operation): string | undefined {
  return strAttr(op, 'value');
}

// ---- functions ----

export function functionName(fn: Operation): string {
  return strAttr(fn, 'sym_name') ?? '';
}
export function functionType(fn: Operation): SilType | undefined {
  return functionTypeOf(fn);
}
/** The `[…]` attributes of a function as written (`ossa`, `_semantics "programtermination_point"`, `readnone`). */
export function functionAttributes(fn: Operation): string[] {
  const a = fn.getAttr('sil_attrs');
  return a instanceof ArrayAttr ? a.elements.map((e) => (e as StringAttr).value) : [];
}
export function hasFunctionAttribute(fn: Operation, name: string): boolean {
  return functionAttributes(fn).some((a) => a === name || a.startsWith(name + ' '));
}
/** `[_semantics "name"]` values. */
export function functionSemantics(fn: Operation): string[] {
  return functionAttributes(fn).flatMap((a) => {
    const m = /^_semantics\s+"(.*)"$/.exec(a);
    return m ? [m[1]!] : [];
  });
}
export function isProgramTerminationPoint(fn: Operation): boolean {
  return functionSemantics(fn).includes('programtermination_point');
}
export function isDeclaration(fn: Operation): boolean {
  return fn.regions[0]!.blocks.length === 0;
}
/** OSSA ownership written on a block argument (`@owned`, `@guaranteed`…), or undefined. */
export function blockArgOwnership(arg: BlockArgument): string | undefined {
  const fn = arg.owner.parent?.parentOp;
  const own = fn?.getAttr('block_arg_ownership');
  if (!fn || !(own instanceof ArrayAttr)) return undefined;
  const blocks = fn.regions[0]!.blocks;
  if (own.elements.length !== blocks.length) return undefined;
  const list = own.elements[blocks.indexOf(arg.owner)];
  const v = list instanceof ArrayAttr ? (list.elements[arg.index] as StringAttr | undefined)?.value : undefined;
  return v || undefined;
}

// ---- undef and terminator results ----

export function isUndef(v: Value): boolean {
  return v.definingOp?.name === 'sil.undef';
}

/**
 * The operand a terminator result stands for (Swift's forwardedTerminatorResultOperand): for a
 * block argument produced by its single predecessor's `switch_enum` (the payload) or
 * `checked_cast_br` (the cast value), that terminator's operand; otherwise undefined.
 */
export function terminatorResultOperand(arg: Value): Value | undefined {
  if (!(arg instanceof BlockArgument)) return undefined;
  const preds = arg.owner.predEdges;
  if (preds.length !== 1) return undefined;
  const term = preds[0]!;
  const br = term.def?.spec.branch;
  const i = term.successors.indexOf(arg.owner);
  if (!br?.producedOperands || i < 0 || arg.index >= br.producedOperands(term, i)) return undefined;
  return term.operand(0);
}

export { TypeAttr };
