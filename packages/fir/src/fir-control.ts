/**
 * fir ops for calls and structured control flow (LLVM 19 FIROps.td), with fir-opt-19's
 * custom syntax (FIROps.cpp parse/print):
 *
 *   %r = fir.call @f(%a) fastmath<contract> {attrs} : (T) -> R      direct
 *   %r = fir.call %fp(%a) : (T) -> R                                 indirect (%fp : (T) -> R)
 *   %r = fir.if %c -> (T) { … fir.result %x : T } else { … } {attrs}
 *   %r = fir.do_loop %i = %lb to %ub step %s unordered? reduce(#a -> %v : T)?
 *          iter_args(%x = %v) -> (T) attributes {…} { … }          (`-> (index, T)`: final value)
 *   %r:2 = fir.iterate_while (%i = %lb to %ub step %s) and (%ok = %in) iter_args(…) -> (…) { … }
 *   fir.result %x : T        fir.unreachable        %y = fir.no_reassoc %x : T
 *   %v = fir.extract_value %a, [0 : index] : (A) -> T      %b = fir.insert_value %a, %v, [..] : (A, T) -> A
 *
 * Interfaces as 19 declares them: fir.call is a CallOpInterface with no MemoryEffects
 * interface (unknown effects); fir.if is the only RegionBranchOpInterface here (fir.do_loop
 * and fir.iterate_while are LoopLikeOpInterface only, which has no counterpart in OpSpec);
 * the region ops carry RecursiveMemoryEffects; fir.result is ReturnLike, which in MLIR 19
 * makes it a RegionBranchTerminatorOpInterface forwarding all its operands.
 */
import {
  ArrayAttr, FunctionType, IndexType, IntegerAttr, Region, SymbolRefAttr, Tok, UnitAttr, defineOp, i1, index,
  type ArgumentDecl, type Attribute, type OpParser, type OpPrinter, type OpSpec, type Operation, type OperationState, type RegionSuccessor, type Type,
  type TypeConstraint, type Value,
} from '@lifeline/ir';
import {
  ArithFlagsAttr, checkImplicitTerminator, checkLoopLike, checkRegionBranchTypes, checkRegionSize, errorAtOp,
  ensureTerminator, fastmathNone, firstFailure, flagsCheck, flagsSyntax, parseAssignmentList,
} from '@lifeline/dialects';

const INDEX: TypeConstraint = { description: 'index', accepts: (t) => t instanceof IndexType };
const I1: TypeConstraint = { description: '1-bit signless integer', accepts: (t) => t === i1 };
/** NoMemoryEffect without AlwaysSpeculatable (so not the Pure trait). */
const noEffects = (): [] => [];
const typesOf = (vs: readonly { type: Type }[]): string => vs.map((v) => String(v.type)).join(', ');
const entryArgs = (r: Region): Value[] => r.blocks[0]?.arguments ?? [];
const isIndex = (t: Type | undefined): boolean => t instanceof IndexType;

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
  p.expect(Tok.Colon, "custom op 'fir.call' expected ':'");
  const type = p.parseType();
  if (!(type instanceof FunctionType)) errorAtOp(st, "custom op 'fir.call' expected function type");
  const at = st.nameOffset;
  if (direct) st.operands = p.resolveOperands(operands, type.inputs, at);
  else st.operands = [p.resolveOperand(operands[0]!, type), ...p.resolveOperands(operands.slice(1), type.inputs, at)];
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

function parseIf(p: OpParser, st: OperationState): void {
  st.operands = [p.resolveOperand(p.parseOperand(), i1)];
  st.types = p.parseOptionalArrowTypeList();
  const thenRegion = p.parseOpRegion(st);
  ensureTerminator(p, st, thenRegion, 'fir.result');
  let elseRegion = new Region();
  if (p.parseOptionalKeyword('else')) {
    elseRegion = p.parseOpRegion(st);
    ensureTerminator(p, st, elseRegion, 'fir.result');
  }
  st.regions = [thenRegion, elseRegion];
  p.parseOptionalAttrDict(st);
}

function printIf(op: Operation, p: OpPrinter): void {
  p.print(` ${p.valueName(op.operand(0))}`);
  const terms = op.results.length > 0;
  if (terms) p.print(` -> (${typesOf(op.results)})`);
  p.print(' ');
  p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: terms });
  if (!op.regions[1]!.empty) {
    p.print(' else ');
    p.printRegion(op.regions[1]!, { printEntryBlockArgs: false, printBlockTerminators: terms });
  }
  p.printOptionalAttrDict(p.allAttrs(op));
}

const knownCondition = (c: unknown): boolean | undefined =>
  c instanceof IntegerAttr && c.type === i1 ? c.value !== 0n : undefined;

const ifOp = defineOp({
  name: 'fir.if',
  operands: [{ name: 'condition', type: I1 }],
  results: [{ name: 'results', arity: 'variadic' }],
  regions: [{ name: 'thenRegion' }, { name: 'elseRegion' }],
  traits: ['RecursiveMemoryEffects', 'NoRegionArguments', 'SingleBlock'],
  implicitTerminator: 'fir.result',
  parse: parseIf,
  print: printIf,
  // fir::IfOp::getSuccessorRegions / getEntrySuccessorRegions (FIROps.cpp, LLVM 19).
  regionBranch: {
    successors(op, point): RegionSuccessor[] {
      if (point !== 'parent') return [{ target: 'parent', inputs: op.results }];
      const els = op.regions[1]!;
      // An empty else region: control may skip the op; that successor has no inputs.
      return [{ target: op.regions[0]!, inputs: [] }, els.empty ? { target: 'parent', inputs: [] } : { target: els, inputs: [] }];
    },
    entryOperands: () => [],
    entrySuccessorsForConstants(op, [cond]) {
      const known = knownCondition(cond);
      const els = op.regions[1]!;
      const out: RegionSuccessor[] = [];
      if (known !== false) out.push({ target: op.regions[0]!, inputs: [] });
      if (known !== true) out.push(els.empty ? { target: 'parent', inputs: op.results } : { target: els, inputs: [] });
      return out;
    },
  },
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

// ---- fir.do_loop --------------------------------------------------------------------------

/** The `#fir.reduce_attr<…>` list of a do_loop, one per reduce operand. */
function reduceAttrs(op: Operation): readonly Attribute[] {
  const a = op.getAttr('reduceAttrs');
  return a instanceof ArrayAttr ? a.elements : [];
}

function parseDoLoop(p: OpParser, st: OperationState): void {
  const iv = p.parseArgument(false);
  p.expect(Tok.Equal, "custom op 'fir.do_loop' expected '='");
  const lb = p.parseOperand();
  st.operands.push(p.resolveOperand(lb, index));
  p.parseKeyword('to');
  st.operands.push(p.resolveOperand(p.parseOperand(), index));
  p.parseKeyword('step');
  st.operands.push(p.resolveOperand(p.parseOperand(), index));
  if (p.parseOptionalKeyword('unordered')) st.addAttr('unordered', UnitAttr.instance);
  let reduceCount = 0;
  if (p.parseOptionalKeyword('reduce')) {
    const attrs: Attribute[] = [];
    const refs: ReturnType<OpParser['parseOperand']>[] = [];
    const types: Type[] = [];
    p.parseCommaSeparated(Tok.LParen, Tok.RParen, () => {
      attrs.push(p.parseAttribute());
      p.expect(Tok.Arrow, "custom op 'fir.do_loop' expected '->'");
      refs.push(p.parseOperand());
      types.push(p.parseColonType());
    });
    refs.forEach((r, i) => st.operands.push(p.resolveOperand(r, types[i]!)));
    reduceCount = refs.length;
    st.addAttr('reduceAttrs', new ArrayAttr(attrs));
  }
  const regionArgs: ArgumentDecl[] = [iv];
  let iterCount = 0;
  let prependCount = false;
  if (p.parseOptionalKeyword('iter_args')) {
    const iter = parseAssignmentList(p);
    p.expect(Tok.Arrow, "custom op 'fir.do_loop' expected '->'");
    st.types = p.parseFunctionResultTypes();
    prependCount = st.types.length === iter.operands.length + 1;
    const resTypes = prependCount ? st.types.slice(1) : st.types;
    iter.operands.forEach((u, i) => {
      if (i < resTypes.length) st.operands.push(p.resolveOperand(u, resTypes[i]!));
    });
    iterCount = Math.min(iter.operands.length, resTypes.length);
    regionArgs.push(...iter.args);
  } else if (p.consumeIf(Tok.Arrow)) {
    p.parseKeyword('index');
    st.types = [index];
    prependCount = true;
  }
  p.setSegmentSizes(st, [1, 1, 1, reduceCount, iterCount]);
  p.parseOptionalAttrDictWithKeyword(st);
  if (prependCount) st.addAttr('finalValue', UnitAttr.instance);
  const argTypes = prependCount ? st.types : [index, ...st.types];
  if (regionArgs.length !== argTypes.length) {
    errorAtOp(st, "custom op 'fir.do_loop' mismatch in number of loop-carried values and defined values");
  }
  regionArgs.forEach((a, i) => (a.type = argTypes[i]!));
  const body = p.parseOpRegion(st, regionArgs);
  ensureTerminator(p, st, body, 'fir.result');
  st.regions = [body];
}

function printDoLoop(op: Operation, p: OpPrinter): void {
  const def = op.def!;
  const args = entryArgs(op.regions[0]!);
  const name = (v: Value | undefined) => (v ? p.valueName(v) : '<<UNKNOWN SSA VALUE>>');
  let terms = false;
  p.print(` ${name(args[0])} = ${name(op.operand(0))} to ${name(op.operand(1))} step ${name(op.operand(2))}`);
  if (op.getAttr('unordered')) p.print(' unordered');
  const reduce = def.operandGroup(op, 'reduceOperands');
  if (reduce.length) {
    const attrs = reduceAttrs(op);
    const n = Math.min(attrs.length, reduce.length);
    p.print(` reduce(${reduce.slice(0, n).map((v, i) => `${attrs[i]} -> ${p.valueName(v)} : ${v.type}`).join(', ')})`);
    terms = true;
  }
  const inits = def.operandGroup(op, 'initArgs');
  if (inits.length) {
    const iter = args.slice(1);
    const n = Math.min(iter.length, inits.length);
    p.print(` iter_args(${iter.slice(0, n).map((a, i) => `${p.valueName(a)} = ${p.valueName(inits[i]!)}`).join(', ')}) -> (${typesOf(op.results)})`);
    terms = true;
  } else if (op.getAttr('finalValue')) {
    // Sic: FIROps.cpp streams the result type range, no parentheses.
    p.print(` -> ${typesOf(op.results)}`);
    terms = true;
  }
  p.printOptionalAttrDictWithKeyword(p.allAttrs(op), ['unordered', 'finalValue', 'reduceAttrs', 'operandSegmentSizes']);
  p.print(' ');
  p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: terms });
}

/** Operands and results of the loop-carried values (after the final value, if any). */
function carried(op: Operation, initsName: string): { inits: Value[]; iterArgs: Value[]; results: Value[]; yielded: Value[] } {
  const inits = op.def!.operandGroup(op, initsName);
  const final = !!op.getAttr('finalValue');
  const body = op.regions[0]!;
  const term = body.blocks[0]?.last;
  const yielded = term?.name === 'fir.result' ? term.operandValues() : [];
  return {
    inits,
    iterArgs: entryArgs(body).slice(1),
    results: op.results.slice(final ? 1 : 0),
    yielded: final ? yielded.slice(1) : yielded,
  };
}

/** The shared tail of fir::DoLoopOp::verify / IterWhileOp::verify: carried values agree. */
function checkCarried(inits: readonly Value[], iterArgs: readonly Value[], results: readonly Value[]): string | undefined {
  if (inits.length !== results.length) return 'mismatch in number of loop-carried values and defined values';
  if (iterArgs.length !== results.length) return 'mismatch in number of basic block args and defined values';
  for (let i = 0; i < results.length; i++) {
    if (inits[i]!.type !== results[i]!.type) return `types mismatch between ${i}th iter operand and defined value`;
    if (iterArgs[i]!.type !== results[i]!.type) return `types mismatch between ${i}th iter region arg and defined value`;
  }
  return undefined;
}

const doLoopOp = defineOp({
  name: 'fir.do_loop',
  operands: [
    { name: 'lowerBound', type: INDEX }, { name: 'upperBound', type: INDEX }, { name: 'step', type: INDEX },
    { name: 'reduceOperands', arity: 'variadic' }, { name: 'initArgs', arity: 'variadic' },
  ],
  results: [{ name: 'results', arity: 'variadic' }],
  attributes: [
    { name: 'unordered', optional: true }, { name: 'finalValue', optional: true },
    { name: 'reduceAttrs', optional: true }, { name: 'loopAnnotation', optional: true },
  ],
  regions: [{ name: 'region' }],
  traits: ['RecursiveMemoryEffects', 'SingleBlock'],
  implicitTerminator: 'fir.result',
  parse: parseDoLoop,
  print: printDoLoop,
  verify(op) {
    const c = carried(op, 'initArgs');
    return firstFailure(
      () => checkRegionSize(op, 0, 'region', 'exact'),
      () => checkImplicitTerminator(op, 'fir.result'),
      () => {
        if (!isIndex(entryArgs(op.regions[0]!)[0]?.type)) {
          return 'expected body first argument to be an index argument for the induction variable';
        }
        if (!op.results.length) return undefined;
        if (op.getAttr('finalValue') && op.getAttr('unordered')) return 'unordered loop has no final value';
        const e = checkCarried(c.inits, c.iterArgs, c.results);
        if (e) return e;
        if (op.def!.operandGroupSize(op, 'reduceOperands') !== reduceAttrs(op).length) {
          return 'mismatch in number of reduction variables and reduction attributes';
        }
        return undefined;
      },
    );
  },
  // LoopLikeOpInterface's verifier runs with the regions; getLoopResults is not declared in
  // 19, so results are not compared.
  verifyRegions(op) {
    const c = carried(op, 'initArgs');
    return checkLoopLike(op, c.inits, c.iterArgs, c.yielded, undefined);
  },
});

// ---- fir.iterate_while --------------------------------------------------------------------

function parseIterWhile(p: OpParser, st: OperationState): void {
  p.expect(Tok.LParen, "custom op 'fir.iterate_while' expected '('");
  const iv = p.parseArgument(false);
  p.expect(Tok.Equal, "custom op 'fir.iterate_while' expected '='");
  st.operands.push(p.resolveOperand(p.parseOperand(), index));
  p.parseKeyword('to');
  st.operands.push(p.resolveOperand(p.parseOperand(), index));
  p.parseKeyword('step');
  const step = p.parseOperand();
  p.expect(Tok.RParen, "custom op 'fir.iterate_while' expected ')'");
  st.operands.push(p.resolveOperand(step, index));
  p.parseKeyword('and');
  p.expect(Tok.LParen, "custom op 'fir.iterate_while' expected '('");
  const ok = p.parseArgument(false);
  p.expect(Tok.Equal, "custom op 'fir.iterate_while' expected '='");
  const okIn = p.parseOperand();
  p.expect(Tok.RParen, "custom op 'fir.iterate_while' expected ')'");
  st.operands.push(p.resolveOperand(okIn, i1));
  const regionArgs: ArgumentDecl[] = [iv, ok];
  let prependCount = false;
  if (p.parseOptionalKeyword('iter_args')) {
    const iter = parseAssignmentList(p);
    p.expect(Tok.Arrow, "custom op 'fir.iterate_while' expected '->'");
    const regionTypes = p.parseFunctionResultTypes();
    prependCount = regionTypes.length === iter.operands.length + 2;
    const resTypes = prependCount ? regionTypes.slice(2) : regionTypes;
    iter.operands.forEach((u, i) => {
      if (i < resTypes.length) st.operands.push(p.resolveOperand(u, resTypes[i]!));
    });
    st.types = prependCount ? regionTypes : [i1, ...resTypes];
    regionArgs.push(...iter.args);
  } else if (p.consumeIf(Tok.Arrow)) {
    const at = p.offset;
    const list = p.parseFunctionResultTypes();
    if (list.length !== 2 || !isIndex(list[0]) || list[1] !== i1) p.error("custom op 'fir.iterate_while' expected (index, i1)", at);
    st.types = list;
    prependCount = true;
  } else {
    st.types = [i1];
  }
  p.parseOptionalAttrDictWithKeyword(st);
  if (prependCount) st.addAttr('finalValue', UnitAttr.instance);
  const argTypes = prependCount ? st.types : [index, ...st.types];
  if (regionArgs.length !== argTypes.length) {
    errorAtOp(st, "custom op 'fir.iterate_while' mismatch in number of loop-carried values and defined values");
  }
  regionArgs.forEach((a, i) => (a.type = argTypes[i]!));
  const body = p.parseOpRegion(st, regionArgs);
  ensureTerminator(p, st, body, 'fir.result');
  st.regions = [body];
}

function printIterWhile(op: Operation, p: OpPrinter): void {
  const args = entryArgs(op.regions[0]!);
  const name = (v: Value | undefined) => (v ? p.valueName(v) : '<<UNKNOWN SSA VALUE>>');
  const operands = op.operandValues().slice(3);
  p.print(` (${name(args[0])} = ${name(op.operand(0))} to ${name(op.operand(1))} step ${name(op.operand(2))}) and (`);
  p.print(`${name(args[1])} = ${name(operands[0])})`);
  const final = !!op.getAttr('finalValue');
  if (args.length > 2) {
    const iter = args.slice(2);
    p.print(` iter_args(${iter.map((a, i) => `${p.valueName(a)} = ${name(operands[i + 1])}`).join(', ')}) -> (`);
    p.print(`${typesOf(op.results.slice(final ? 0 : 1))})`);
  } else if (final) {
    p.print(` -> (${typesOf(op.results)})`);
  }
  p.printOptionalAttrDictWithKeyword(p.allAttrs(op), ['finalValue']);
  p.print(' ');
  p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: true });
}

const iterWhileOp = defineOp({
  name: 'fir.iterate_while',
  operands: [
    { name: 'lowerBound', type: INDEX }, { name: 'upperBound', type: INDEX }, { name: 'step', type: INDEX },
    { name: 'iterateIn', type: I1 }, { name: 'initArgs', arity: 'variadic' },
  ],
  results: [{ name: 'results', arity: 'variadic' }],
  attributes: [{ name: 'finalValue', optional: true }],
  regions: [{ name: 'region' }],
  traits: ['RecursiveMemoryEffects', 'SingleBlock'],
  implicitTerminator: 'fir.result',
  parse: parseIterWhile,
  print: printIterWhile,
  verify(op) {
    const body = op.regions[0]!;
    const args = entryArgs(body);
    const final = !!op.getAttr('finalValue');
    // getIterOperands / getRegionIterArgs include the early-exit flag.
    const inits = op.operandValues().slice(3);
    const iterArgs = args.slice(1);
    return firstFailure(
      () => checkRegionSize(op, 0, 'region', 'exact'),
      () => checkImplicitTerminator(op, 'fir.result'),
      () => {
        if (args[1]?.type !== i1) return 'expected body second argument to be an index argument for the induction variable';
        if (!isIndex(args[0]?.type)) return 'expected body first argument to be an index argument for the induction variable';
        let n = op.results.length;
        if (final) {
          if (!isIndex(op.results[0]?.type)) return 'result #0 expected to be index';
          if (op.results[1]?.type !== i1) return 'result #1 expected to be i1';
          n--;
        } else if (op.results[0]?.type !== i1) {
          return 'result #0 expected to be i1';
        }
        if (n === 0) return 'must have results';
        return checkCarried(inits, iterArgs, op.results.slice(final ? 1 : 0));
      },
    );
  },
  verifyRegions(op) {
    const body = op.regions[0]!;
    const term = body.blocks[0]?.last;
    const yielded = term?.name === 'fir.result' ? term.operandValues() : [];
    const final = !!op.getAttr('finalValue');
    return checkLoopLike(op, op.operandValues().slice(3), entryArgs(body).slice(1), final ? yielded.slice(1) : yielded, undefined);
  },
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

export const firControlOps: OpSpec[] = [
  callOp, resultOp, unreachableOp, ifOp, doLoopOp, iterWhileOp, noReassocOp, extractValueOp, insertValueOp,
];
