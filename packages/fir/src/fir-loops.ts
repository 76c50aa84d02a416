/**
 * fir's loops (LLVM 19 FIROps.td / FIROps.cpp), with fir-opt-19's custom syntax:
 *
 *   %r = fir.do_loop %i = %lb to %ub step %s unordered? reduce(#a -> %v : T)?
 *          iter_args(%x = %v) -> (T) attributes {…} { … }          (`-> (index, T)`: final value)
 *   %r:2 = fir.iterate_while (%i = %lb to %ub step %s) and (%ok = %in) iter_args(…) -> (…) { … }
 *
 * Both are LoopLikeOpInterface (no counterpart in OpSpec; its verifier runs with the regions)
 * and RecursiveMemoryEffects; neither is a RegionBranchOpInterface in 19. The body ends in
 * fir.result (SingleBlockImplicitTerminator).
 */
import {
  ArrayAttr, IndexType, Tok, UnitAttr, defineOp, i1, index,
  type ArgumentDecl, type Attribute, type OpParser, type OpPrinter, type OpSpec, type Operation, type OperationState,
  type Region, type Type, type TypeConstraint, type Value,
} from '@lifeline/ir';
import {
  checkImplicitTerminator, checkLoopLike, checkRegionSize, ensureTerminator, errorAtOp, firstFailure, parseAssignmentList,
} from '@lifeline/dialects';

const INDEX: TypeConstraint = { description: 'index', accepts: (t) => t instanceof IndexType };
const I1: TypeConstraint = { description: '1-bit signless integer', accepts: (t) => t === i1 };
const typesOf = (vs: readonly { type: Type }[]): string => vs.map((v) => String(v.type)).join(', ');
const entryArgs = (r: Region): Value[] => r.blocks[0]?.arguments ?? [];
const isIndex = (t: Type | undefined): boolean => t instanceof IndexType;

/** OpAsmParser::parseKeyword: its error goes through the custom op's emitError (prefixed). */
function keyword(p: OpParser, st: OperationState, kw: string): void {
  if (!p.parseOptionalKeyword(kw)) p.error(`custom op '${st.name}' expected '${kw}'`);
}

// ---- fir.do_loop --------------------------------------------------------------------------

/** The `#fir.reduce_attr<…>` list of a do_loop, one per reduce operand. */
function reduceAttrs(op: Operation): readonly Attribute[] {
  const a = op.getAttr('reduceAttrs');
  return a instanceof ArrayAttr ? a.elements : [];
}

function parseDoLoop(p: OpParser, st: OperationState): void {
  const iv = p.parseArgument(false);
  p.expect(Tok.Equal, "expected '='");
  const lb = p.parseOperand();
  st.operands.push(p.resolveOperand(lb, index));
  keyword(p, st, 'to');
  st.operands.push(p.resolveOperand(p.parseOperand(), index));
  keyword(p, st, 'step');
  st.operands.push(p.resolveOperand(p.parseOperand(), index));
  if (p.parseOptionalKeyword('unordered')) st.addAttr('unordered', UnitAttr.instance);
  let reduceCount = 0;
  if (p.parseOptionalKeyword('reduce')) {
    const attrs: Attribute[] = [];
    const refs: ReturnType<OpParser['parseOperand']>[] = [];
    const types: Type[] = [];
    p.parseCommaSeparated(Tok.LParen, Tok.RParen, () => {
      attrs.push(p.parseAttribute());
      p.expect(Tok.Arrow, "expected '->'");
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
    p.expect(Tok.Arrow, "expected '->'");
    st.types = p.parseFunctionResultTypes();
    prependCount = st.types.length === iter.operands.length + 1;
    const resTypes = prependCount ? st.types.slice(1) : st.types;
    iter.operands.forEach((u, i) => {
      if (i < resTypes.length) st.operands.push(p.resolveOperand(u, resTypes[i]!));
    });
    iterCount = Math.min(iter.operands.length, resTypes.length);
    regionArgs.push(...iter.args);
  } else if (p.consumeIf(Tok.Arrow)) {
    keyword(p, st, 'index');
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
  p.expect(Tok.LParen, "expected '('");
  const iv = p.parseArgument(false);
  p.expect(Tok.Equal, "expected '='");
  st.operands.push(p.resolveOperand(p.parseOperand(), index));
  keyword(p, st, 'to');
  st.operands.push(p.resolveOperand(p.parseOperand(), index));
  keyword(p, st, 'step');
  const step = p.parseOperand();
  p.expect(Tok.RParen, "expected ')'");
  st.operands.push(p.resolveOperand(step, index));
  keyword(p, st, 'and');
  p.expect(Tok.LParen, "expected '('");
  const ok = p.parseArgument(false);
  p.expect(Tok.Equal, "expected '='");
  const okIn = p.parseOperand();
  p.expect(Tok.RParen, "expected ')'");
  st.operands.push(p.resolveOperand(okIn, i1));
  const regionArgs: ArgumentDecl[] = [iv, ok];
  let prependCount = false;
  if (p.parseOptionalKeyword('iter_args')) {
    const iter = parseAssignmentList(p);
    p.expect(Tok.Arrow, "expected '->'");
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

export const firLoopOps: OpSpec[] = [doLoopOp, iterWhileOp];
