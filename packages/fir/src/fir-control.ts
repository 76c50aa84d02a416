/**
 * fir ops for calls and structured control flow (LLVM 19 FIROps.td), with fir-opt-19's
 * custom syntax (FIROps.cpp parse/print):
 *
 *   %r = fir.call @f(%a) fastmath<contract> {attrs} : (T) -> R      direct
 *   %r = fir.call %fp(%a) : (T) -> R                                 indirect (%fp : (T) -> R)
 *   %r = fir.if %c -> (T) { … fir.result %x : T } else { … } {attrs}
 *   fir.do_loop / fir.iterate_while                                 (fir-loops.ts)
 *   fir.result %x : T        fir.unreachable        %y = fir.no_reassoc %x : T
 *   %v = fir.extract_value %a, [0 : index] : (A) -> T      %b = fir.insert_value %a, %v, [..] : (A, T) -> A
 *   %s = fir.string_lit "Hello"(5) : !fir.char<1>
 *
 * Interfaces as 19 declares them: fir.call is a CallOpInterface with no MemoryEffects
 * interface (unknown effects); fir.if is the only RegionBranchOpInterface here (fir.do_loop
 * and fir.iterate_while are LoopLikeOpInterface only, which has no counterpart in OpSpec);
 * the region ops carry RecursiveMemoryEffects; fir.result is ReturnLike, which in MLIR 19
 * makes it a RegionBranchTerminatorOpInterface forwarding all its operands.
 */
import {
  ArrayAttr, DenseElementsAttr, FunctionType, IntegerAttr, Region, StringAttr, SymbolRefAttr, Tok, UnitAttr,
  defineOp, i1, i64, index,
  type OpParser, type OpPrinter, type OpSpec, type Operation, type OperationState, type RegionSuccessor, type Type,
  type TypeConstraint, type Value,
} from '@lifeline/ir';
import {
  ArithFlagsAttr, checkImplicitTerminator, checkRegionBranchTypes, checkRegionSize, errorAtOp, ensureTerminator,
  fastmathNone, firstFailure, flagsCheck, flagsSyntax, ifRegionBranch, ifSyntax,
} from '@lifeline/dialects';
import { CharacterType } from './fir-types.js';
import { firLoopOps } from './fir-loops.js';

const I1: TypeConstraint = { description: '1-bit signless integer', accepts: (t) => t === i1 };
/** NoMemoryEffect without AlwaysSpeculatable (so not the Pure trait). */
const noEffects = (): [] => [];
const typesOf = (vs: readonly { type: Type }[]): string => vs.map((v) => String(v.type)).join(', ');
const entryArgs = (r: Region): Value[] => r.blocks[0]?.arguments ?? [];

// ---- fir.call -----------------------------------------------------------------------------

function parseCall(p: OpParser, st: OperationState): void {
  const operands = p.parseOperandList();
  const direct = operands.length === 0;
  if (direct) {
    const at = p.offset;
    const callee = p.tok === Tok.AtId ? p.parseSymbolRef() : p.parseAttribute();
    if (!(callee instanceof SymbolRefAttr)) p.error("custom op 'fir.call' invalid kind of attribute specified", at);
    st.addAttr('callee', callee);
  }
  operands.push(...p.parseParenOperandList());
  if (p.parseOptionalKeyword('fastmath')) {
    const fmf = flagsSyntax('fastmath', 'fir.call').parse(p);
    if (!fmf) p.error("custom op 'fir.call' expected '<'");
    st.addAttr('fastmath', fmf);
  }
  p.parseOptionalAttrDict(st);
  p.expect(Tok.Colon, "expected ':'");
  const type = p.parseType();
  if (!(type instanceof FunctionType)) errorAtOp(st, "custom op 'fir.call' expected function type");
  const args = direct ? operands : operands.slice(1);
  if (args.length !== type.inputs.length) {
    errorAtOp(st, `custom op 'fir.call' ${args.length} operands present, but expected ${type.inputs.length}`);
  }
  // The callee first, as FIROps.cpp resolves them.
  const callee = direct ? [] : [p.resolveOperand(operands[0]!, type)];
  st.operands = [...callee, ...p.resolveOperands(args, type.inputs)];
  st.types = [...type.results];
  // DefaultValuedAttr: the property exists even when not spelled.
  if (!st.getAttr('fastmath')) st.addAttr('fastmath', fastmathNone);
}

function printCall(op: Operation, p: OpPrinter): void {
  const callee = op.getAttr('callee');
  const direct = callee instanceof SymbolRefAttr;
  const args = op.operandValues().slice(direct ? 0 : 1);
  p.print(` ${direct ? callee.toString() : op.operands.length ? p.valueName(op.operand(0)) : ''}(`);
  p.printOperands(args);
  p.print(')');
  const fmf = op.getAttr('fastmath');
  if (fmf instanceof ArithFlagsAttr && fmf.bits !== 0) p.print(` fastmath${fmf.body()}`);
  p.printOptionalAttrDict(p.allAttrs(op), ['callee', 'fastmath']);
  p.print(' : ');
  p.printFunctionalType(args.map((v) => v.type), op.results.map((r) => r.type));
}

const callOp = defineOp({
  name: 'fir.call',
  operands: [{ name: 'args', arity: 'variadic' }],
  results: [{ name: 'results', arity: 'variadic' }],
  attributes: [
    { name: 'callee', optional: true, check: (a) => (a instanceof SymbolRefAttr ? undefined : 'symbol reference attribute') },
    { name: 'fastmath', default: fastmathNone, check: flagsCheck('fastmath') },
    { name: 'is_bind_c', optional: true, check: (a) => (a instanceof UnitAttr ? undefined : 'unit attribute') },
  ],
  traits: ['CallOp'],
  parse: parseCall,
  print: printCall,
  // getCallableForCallee: the callee symbol, else operand 0.
  call: {
    callee: (op) => {
      const c = op.getAttr('callee');
      return c instanceof SymbolRefAttr ? c : op.operand(0);
    },
    args: (op) => op.operandValues().slice(op.getAttr('callee') instanceof SymbolRefAttr ? 0 : 1),
  },
});

// ---- fir.result / fir.unreachable ----------------------------------------------------------

const resultOp = defineOp({
  name: 'fir.result',
  operands: [{ name: 'results', arity: 'variadic' }],
  traits: ['ReturnLike', 'Terminator'],
  parents: ['fir.if', 'fir.do_loop', 'fir.iterate_while'],
  format: '($results^ `:` type($results))? attr-dict',
  memoryEffects: noEffects,
  regionBranchTerminator: { forwardedOperands: (op) => op.operandValues() },
  verify(op) {
    const parent = op.parentOp;
    if (!parent) return undefined;
    if (parent.results.length !== op.operands.length) return 'parent of result must have same arity';
    for (let i = 0; i < op.operands.length; i++) {
      if (parent.results[i]!.type !== op.operand(i).type) return 'types mismatch between result op and its parent';
    }
    return undefined;
  },
});

const unreachableOp = defineOp({
  name: 'fir.unreachable',
  traits: ['Terminator'],
  format: 'attr-dict',
});

// ---- fir.if -------------------------------------------------------------------------------

const ifOpSyntax = ifSyntax('fir.result');

const ifOp = defineOp({
  name: 'fir.if',
  operands: [{ name: 'condition', type: I1 }],
  results: [{ name: 'results', arity: 'variadic' }],
  regions: [{ name: 'thenRegion' }, { name: 'elseRegion' }],
  traits: ['RecursiveMemoryEffects', 'NoRegionArguments', 'SingleBlock'],
  implicitTerminator: 'fir.result',
  parse: ifOpSyntax.parse,
  print: ifOpSyntax.print,
  // fir::IfOp::getSuccessorRegions / getEntrySuccessorRegions (FIROps.cpp, LLVM 19) are scf.if's.
  regionBranch: ifRegionBranch,
  verify: (op) => firstFailure(
    () => checkRegionSize(op, 0, 'thenRegion', 'exact') ?? checkRegionSize(op, 1, 'elseRegion', 'max'),
    () => {
      for (let i = 0; i < 2; i++) if (entryArgs(op.regions[i]!).length) return `region #${i} should have no arguments`;
      return undefined;
    },
    () => checkImplicitTerminator(op, 'fir.result'),
    () => (op.results.length && op.regions[1]!.empty ? 'must have an else block if defining values' : undefined),
  ),
  // RegionBranchOpInterface's verifier runs with the regions (after fir.result's own checks).
  verifyRegions: (op) => checkRegionBranchTypes(op),
});

// ---- value ops ----------------------------------------------------------------------------

const noReassocOp = defineOp({
  name: 'fir.no_reassoc',
  operands: [{ name: 'val' }],
  results: [{ name: 'res' }],
  traits: ['SameOperandsAndResultType'],
  format: '$val attr-dict `:` type($val)',
  memoryEffects: noEffects,
});

const extractValueOp = defineOp({
  name: 'fir.extract_value',
  operands: [{ name: 'adt' }],
  results: [{ name: 'res' }],
  attributes: [{ name: 'coor' }],
  format: '$adt `,` $coor attr-dict `:` functional-type(operands, results)',
  memoryEffects: noEffects,
});

const insertValueOp = defineOp({
  name: 'fir.insert_value',
  operands: [{ name: 'adt' }, { name: 'val' }],
  results: [{ name: 'res' }],
  attributes: [{ name: 'coor' }],
  format: '$adt `,` $val `,` $coor attr-dict `:` functional-type(operands, results)',
  memoryEffects: noEffects,
});

// ---- fir.string_lit ----------------------------------------------------------------------

/**
 * `fir.string_lit "text"(len) : !fir.char<k>` (or a dense / array list of code points):
 * the constant and its size are discardable attributes (`value` or `xlist`, `size`); the
 * result is the character type of the spelled kind with `len` as its length.
 */
function parseStringLit(p: OpParser, st: OperationState): void {
  const val = p.parseAttribute();
  if (val instanceof StringAttr) st.attributes.set('value', val);
  else if (val instanceof DenseElementsAttr || val instanceof ArrayAttr) st.attributes.set('xlist', val);
  else p.error("custom op 'fir.string_lit' found an invalid constant");
  p.expect(Tok.LParen, "expected '('");
  const at = p.offset;
  const size = p.parseAttribute(i64);
  if (!(size instanceof IntegerAttr)) p.error("custom op 'fir.string_lit' invalid kind of attribute specified", at);
  st.attributes.set('size', size);
  p.expect(Tok.RParen, "expected ')'");
  // FIROps.cpp takes the location before `: type`.
  const typeAt = p.offset;
  p.expect(Tok.Colon, "expected ':'");
  const type = p.parseType();
  if (!(type instanceof CharacterType)) p.error("custom op 'fir.string_lit' must have character type", typeAt);
  st.types = [CharacterType.get(type.fkind, Number(size.value))];
}

const stringLitOp = defineOp({
  name: 'fir.string_lit',
  results: [{ name: 'res' }],
  parse: parseStringLit,
  print(op, p) {
    const size = op.getAttr('size');
    p.print(` ${op.getAttr('value') ?? op.getAttr('xlist')}(${size instanceof IntegerAttr ? size.value : size}) : ${op.result(0).type}`);
  },
  memoryEffects: noEffects,
  verify(op) {
    const size = op.getAttr('size');
    if (size instanceof IntegerAttr && size.value < 0n) return 'size must be non-negative';
    const xl = op.getAttr('xlist');
    if (xl instanceof ArrayAttr && xl.elements.some((a) => !(a instanceof IntegerAttr))) return 'values in initializer must be integers';
    if (xl && !(xl instanceof ArrayAttr) && !(xl instanceof DenseElementsAttr)) return 'has unexpected attribute';
    return undefined;
  },
});

export const firControlOps: OpSpec[] = [
  callOp, resultOp, unreachableOp, ifOp, ...firLoopOps, noReassocOp, extractValueOp, insertValueOp, stringLitOp,
];
