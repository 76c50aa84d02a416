/**
 * scf's parallel loops: `scf.parallel` with its `scf.reduce` terminator (one
 * reduction region per result, each ending in `scf.reduce.return`), and
 * `scf.forall` with mixed static/dynamic bounds, `shared_outs` and its
 * `scf.forall.in_parallel` terminator.
 */
import {
  ArrayAttr, Block, DYNAMIC, DenseArrayAttr, IndexType, IntegerAttr, IntegerType, OpaqueAttr, RankedTensorType, Region, Tok, defineOp,
  index, type ArgumentDecl, type Attribute, type OpParser, type OpPrinter, type Operation, type OperationState, type OpSpec,
  type TypeConstraint, type UnresolvedOperand, type Value,
} from '@lifeline/ir';
import {
  checkImplicitTerminator, checkRegionBranchTypes, checkRegionSize, checkTerminator, ensureTerminator, errorAtOp,
  firstFailure, parseAssignmentList, printInitList, type VerifyResult,
} from './scf-common.js';

const VARIADIC_INDEX: TypeConstraint = { description: 'variadic of index', accepts: (t) => t instanceof IndexType };
const VARIADIC_RANKED_TENSOR: TypeConstraint = {
  description: 'variadic of ranked tensor of any type values',
  accepts: (t) => t instanceof RankedTensorType,
};

/** ShapedType::kDynamic: marks a dynamic entry of a static index list. */

const entryArgs = (r: Region): Value[] => r.blocks[0]?.arguments ?? [];

/** The integer a constant-like op defines for `v` (MLIR's getConstantIntValue). */
function constantInt(v: Value): bigint | undefined {
  const d = v.definingOp;
  const c = d?.def?.spec.constant;
  if (!d || !c) return undefined;
  const a = c.value(d);
  return a instanceof IntegerAttr ? a.value : undefined;
}

/** `(%a, %b)` with exactly `count` operands, resolved as index. */
function parseIndexOperands(p: OpParser, st: OperationState, count: number): Value[] {
  const offset = p.offset;
  const us: UnresolvedOperand[] = [];
  p.parseCommaSeparated(Tok.LParen, Tok.RParen, () => us.push(p.parseOperand()));
  if (us.length !== count) p.error(`custom op '${st.name}' expected ${count} operands`, offset);
  return us.map((u) => p.resolveOperand(u, index));
}

// ---- scf.parallel -----------------------------------------------------------------------

/** `scf.parallel (%i) = (%lb) to (%ub) step (%s) (init (%x))? (-> types)? { … }` */
function parseParallel(p: OpParser, st: OperationState): void {
  const ivs: ArgumentDecl[] = [];
  p.parseCommaSeparated(Tok.LParen, Tok.RParen, () => ivs.push(p.parseArgument(false)));
  p.expect(Tok.Equal, "expected '='");
  const lbs = parseIndexOperands(p, st, ivs.length);
  p.parseKeyword('to');
  const ubs = parseIndexOperands(p, st, ivs.length);
  p.parseKeyword('step');
  const steps = parseIndexOperands(p, st, ivs.length);
  let inits: UnresolvedOperand[] = [];
  if (p.parseOptionalKeyword('init')) inits = p.parseParenOperandList();
  st.types = p.parseOptionalArrowTypeList();
  for (const iv of ivs) iv.type = index;
  const body = p.parseOpRegion(st, ivs);
  p.parseOptionalAttrDict(st);
  if (inits.length !== st.types.length) errorAtOp(st, `custom op 'scf.parallel' ${inits.length} operands present, but expected ${st.types.length}`);
  st.operands = [...lbs, ...ubs, ...steps, ...inits.map((u, i) => p.resolveOperand(u, st.types[i]!))];
  p.setSegmentSizes(st, [lbs.length, ubs.length, steps.length, inits.length]);
  ensureTerminator(p, st, body, 'scf.reduce');
  st.regions = [body];
}

function printParallel(op: Operation, p: OpPrinter): void {
  const g = (name: string) => op.def!.operandGroup(op, name).map((v) => p.valueName(v)).join(', ');
  const ivs = entryArgs(op.regions[0]!).map((v) => p.valueName(v)).join(', ');
  p.print(` (${ivs}) = (${g('lowerBound')}) to (${g('upperBound')}) step (${g('step')})`);
  if (op.def!.operandGroup(op, 'initVals').length) p.print(` init (${g('initVals')})`);
  p.printArrowTypeList(op.results.map((r) => r.type));
  p.print(' ');
  p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: true });
  p.printOptionalAttrDict(p.allAttrs(op), ['operandSegmentSizes']);
}

function verifyParallel(op: Operation): VerifyResult {
  const steps = op.def!.operandGroup(op, 'step');
  const body = op.regions[0]!;
  return firstFailure(
    () => checkRegionSize(op, 0, 'region', 'exact'),
    () => (steps.length ? undefined : 'needs at least one tuple element for lowerBound, upperBound and step'),
    () => (steps.some((s) => (constantInt(s) ?? 1n) <= 0n) ? 'constant step operand must be positive' : undefined),
    () => {
      const args = entryArgs(body);
      if (args.length !== steps.length) {
        return `expects the same number of induction variables: ${args.length} as bound and step values: ${steps.length}`;
      }
      if (args.some((a) => !(a.type instanceof IndexType))) return 'expects arguments for the induction variable to be of index type';
      return undefined;
    },
    () => checkTerminator(op, body, 'scf.reduce', "expects body to terminate with 'scf.reduce'"),
    () => {
      const reduce = body.blocks[0]!.last!;
      const reductions = reduce.regions.length;
      const inits = op.def!.operandGroup(op, 'initVals').length;
      const n = op.results.length;
      if (n !== reductions) return `expects number of results: ${n} to be the same as number of reductions: ${reductions}`;
      if (n !== inits) return `expects number of results: ${n} to be the same as number of initial values: ${inits}`;
      // The operand/result type check is reported at the scf.reduce (see its verifier).
      return undefined;
    },
    () => checkRegionBranchTypes(op),
    () => checkImplicitTerminator(op, 'scf.reduce'),
  );
}

const parallel = defineOp({
  name: 'scf.parallel',
  operands: [
    { name: 'lowerBound', arity: 'variadic', type: VARIADIC_INDEX },
    { name: 'upperBound', arity: 'variadic', type: VARIADIC_INDEX },
    { name: 'step', arity: 'variadic', type: VARIADIC_INDEX },
    { name: 'initVals', arity: 'variadic' },
  ],
  results: [{ name: 'results', arity: 'variadic' }],
  regions: [{ name: 'region' }],
  traits: ['AutomaticAllocationScope', 'RecursiveMemoryEffects', 'SingleBlock'],
  implicitTerminator: 'scf.reduce',
  parse: parseParallel,
  print: printParallel,
  regionBranch: {
    // The body (entered without inputs) may run any number of times; results come from the reductions.
    successors: (op) => [{ target: op.regions[0]!, inputs: [] }, { target: 'parent', inputs: [] }],
    entryOperands: () => [],
  },
  verify: verifyParallel,
});

// ---- scf.reduce / scf.reduce.return -----------------------------------------------------

/** `scf.reduce ((%a, %b : f32, i32))? { region }, { region } attr-dict` */
function parseReduce(p: OpParser, st: OperationState): void {
  if (p.consumeIf(Tok.LParen)) {
    const us = p.parseOperandList();
    const offset = p.offset;
    const types = p.parseColonTypeList();
    p.expect(Tok.RParen, "expected ')'");
    st.operands = p.resolveOperands(us, types, offset);
  }
  if (p.atRegion()) {
    do st.regions.push(p.parseOpRegion(st)); while (p.consumeIf(Tok.Comma));
  }
  p.parseOptionalAttrDict(st);
}

function printReduce(op: Operation, p: OpPrinter): void {
  if (op.operands.length) {
    const vs = op.operandValues();
    p.print(`(${vs.map((v) => p.valueName(v)).join(', ')} : ${vs.map((v) => String(v.type)).join(', ')})`);
  }
  // The format's region list always gets its leading space, even when empty.
  p.print(' ');
  op.regions.forEach((r, i) => {
    if (i) p.print(', ');
    p.printRegion(r, { printEntryBlockArgs: true, printBlockTerminators: true });
  });
  p.printOptionalAttrDict(p.allAttrs(op));
}

const reduce = defineOp({
  name: 'scf.reduce',
  operands: [{ name: 'operands', arity: 'variadic' }],
  regions: [{ name: 'reductions', variadic: true }],
  traits: ['Terminator', 'RecursiveMemoryEffects'],
  parents: ['scf.parallel'],
  parse: parseReduce,
  print: printReduce,
  // Nothing flows to the next iteration or the results through the terminator itself.
  regionBranchTerminator: { forwardedOperands: () => [] },
  verify(op) {
    // Part of ParallelOp::verify in MLIR, reported at the scf.reduce.
    const parallelOp = op.parentOp;
    if (parallelOp?.name === 'scf.parallel' && parallelOp.results.length === op.regions.length) {
      for (let i = 0; i < op.regions.length; i++) {
        const rt = parallelOp.results[i]!.type;
        const ot = op.operands[i]?.value.type;
        if (ot !== rt) return `expects type of ${i}-th reduction operand: '${ot}' to be the same as the ${i}-th result type: '${rt}'`;
      }
    }
    for (let i = 0; i < op.regions.length; i++) {
      const e = checkRegionSize(op, i, 'reductions', 'exact');
      if (e) return e;
    }
    return undefined;
  },
  // MLIR's ReduceOp::verifyRegions: after the blocks (an empty one is reported as such first)
  verifyRegions(op) {
    for (let i = 0; i < op.regions.length; i++) {
      const type = op.operands[i]?.value.type;
      const block = op.regions[i]!.blocks[0]!;
      if (block.empty) return `${i}-th reduction has an empty body`;
      if (block.arguments.length !== 2 || block.arguments.some((a) => a.type !== type)) {
        return `expected two block arguments with type '${type}' in the ${i}-th reduction region`;
      }
      if (block.last!.name !== 'scf.reduce.return') return "reduction bodies must be terminated with an 'scf.reduce.return' op";
    }
    return undefined;
  },
});

const reduceReturn = defineOp({
  name: 'scf.reduce.return',
  operands: [{ name: 'result' }],
  traits: ['Pure', 'Terminator'],
  parents: ['scf.reduce'],
  format: '$result attr-dict `:` type($result)',
  verify(op) {
    const expected = op.parent?.arguments[0]?.type;
    if (expected !== op.operand(0).type) return `must have type '${expected}' (the type of the reduction inputs)`;
    return undefined;
  },
});

// ---- scf.forall -------------------------------------------------------------------------

/** `(%a, 4, %b)`: operands for dynamic entries, integers for static ones (MLIR's dynamic index list). */
function parseDynamicIndexList(p: OpParser): { operands: Value[]; statics: number[] } {
  const operands: Value[] = [];
  const statics: number[] = [];
  p.parseCommaSeparated(Tok.LParen, Tok.RParen, () => {
    if (p.atOperand()) {
      operands.push(p.resolveOperand(p.parseOperand(), index));
      statics.push(DYNAMIC);
      return;
    }
    const v = p.parseOptionalInteger();
    if (v === undefined) p.error('expected SSA value or integer');
    statics.push(Number(v));
  }, ' in dynamic index list');
  return { operands, statics };
}

function printDynamicIndexList(p: OpPrinter, values: readonly Value[], statics: readonly number[]): string {
  let k = 0;
  return `(${statics.map((s) => (s === DYNAMIC ? p.valueName(values[k++]!) : String(s))).join(', ')})`;
}

const i64Array = (vals: readonly number[]) => new DenseArrayAttr(IntegerType.get(64), vals);
const staticsOf = (op: Operation, name: string): readonly number[] => (op.getAttr(name) as DenseArrayAttr | undefined)?.values ?? [];

/**
 * `scf.forall (%i, %j) in (%n, 8)` or `= (lbs) to (ubs) step (steps)`, then
 * `(shared_outs(%o = %t) -> (types))?` and the body.
 */
function parseForall(p: OpParser, st: OperationState): void {
  const ivs: ArgumentDecl[] = [];
  p.parseCommaSeparated(Tok.LParen, Tok.RParen, () => ivs.push(p.parseArgument(false)));
  const n = ivs.length;
  let lbs = { operands: [] as Value[], statics: Array<number>(n).fill(0) };
  let ubs: typeof lbs;
  let steps = { operands: [] as Value[], statics: Array<number>(n).fill(1) };
  if (p.parseOptionalKeyword('in')) {
    ubs = parseDynamicIndexList(p);
  } else {
    p.expect(Tok.Equal, "expected '='");
    lbs = parseDynamicIndexList(p);
    p.parseKeyword('to');
    ubs = parseDynamicIndexList(p);
    p.parseKeyword('step');
    steps = parseDynamicIndexList(p);
  }
  let outs: ReturnType<typeof parseAssignmentList> = { args: [], operands: [] };
  const outsOffset = p.offset;
  if (p.parseOptionalKeyword('shared_outs')) {
    outs = parseAssignmentList(p);
    st.types = p.parseOptionalArrowTypeList();
  }
  const outValues = p.resolveOperands(outs.operands, st.types, outsOffset);
  for (const iv of ivs) iv.type = index;
  outs.args.forEach((a, i) => (a.type = st.types[i]!));
  const body = p.parseOpRegion(st, [...ivs, ...outs.args]);
  // The terminator is built with its (empty) region and block, like InParallelOp::build.
  ensureTerminator(p, st, body, 'scf.forall.in_parallel', 1);
  st.regions = [body];
  p.parseOptionalAttrDict(st);
  st.operands = [...lbs.operands, ...ubs.operands, ...steps.operands, ...outValues];
  st.properties.set('staticLowerBound', i64Array(lbs.statics));
  st.properties.set('staticUpperBound', i64Array(ubs.statics));
  st.properties.set('staticStep', i64Array(steps.statics));
  p.setSegmentSizes(st, [lbs.operands.length, ubs.operands.length, steps.operands.length, outValues.length]);
}

/** Lower bounds all 0 and steps all 1 (static, or dynamic values defined by constants). */
function isNormalized(op: Operation): boolean {
  const all = (statics: readonly number[], dyn: readonly Value[], want: bigint) => {
    let k = 0;
    return statics.every((s) => (s === DYNAMIC ? constantInt(dyn[k++]!) === want : BigInt(s) === want));
  };
  return all(staticsOf(op, 'staticLowerBound'), op.def!.operandGroup(op, 'dynamicLowerBound'), 0n) &&
    all(staticsOf(op, 'staticStep'), op.def!.operandGroup(op, 'dynamicStep'), 1n);
}

function printForall(op: Operation, p: OpPrinter): void {
  const rank = staticsOf(op, 'staticLowerBound').length;
  const args = entryArgs(op.regions[0]!);
  const list = (attr: string, group: string) => printDynamicIndexList(p, op.def!.operandGroup(op, group), staticsOf(op, attr));
  p.print(` (${args.slice(0, rank).map((a) => p.valueName(a)).join(', ')}`);
  if (isNormalized(op)) p.print(`) in ${list('staticUpperBound', 'dynamicUpperBound')}`);
  else {
    p.print(`) = ${list('staticLowerBound', 'dynamicLowerBound')} to ${list('staticUpperBound', 'dynamicUpperBound')}`);
    p.print(` step ${list('staticStep', 'dynamicStep')}`);
  }
  printInitList(p, args.slice(rank), op.def!.operandGroup(op, 'outputs'), ' shared_outs');
  p.print(' ');
  if (args.length > rank) p.print(`-> (${op.results.map((r) => String(r.type)).join(', ')}) `);
  p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: op.results.length > 0 });
  p.printOptionalAttrDict(p.allAttrs(op), ['operandSegmentSizes', 'staticLowerBound', 'staticUpperBound', 'staticStep']);
}

/** MLIR's verifyListOfOperandsOrIntegers (reported without the op prefix). */
function checkMixedList(name: string, rank: number, statics: readonly number[], dyn: readonly Value[]): VerifyResult {
  if (statics.length !== rank) return { error: `expected ${rank} ${name} values, got ${statics.length}` };
  const dynamic = statics.filter((s) => s === DYNAMIC).length;
  if (dyn.length !== dynamic) return { error: `expected ${dynamic} dynamic ${name} values` };
  return undefined;
}

function verifyForall(op: Operation): VerifyResult {
  const rank = staticsOf(op, 'staticLowerBound').length;
  const outs = op.def!.operandGroup(op, 'outputs');
  const body = op.regions[0]!;
  return firstFailure(
    () => checkRegionSize(op, 0, 'region', 'exact'),
    () => (op.results.length !== outs.length ? `produces ${op.results.length} results, but has only ${outs.length} outputs` : undefined),
    () => {
      const args = entryArgs(body);
      if (args.length !== rank + outs.length) return `region expects ${rank} arguments`;
      for (let i = 0; i < rank; i++) if (!(args[i]!.type instanceof IndexType)) return `expects ${i}-th block argument to be an index`;
      for (let i = 0; i < outs.length; i++) {
        if (args[rank + i]!.type !== outs[i]!.type) return `type mismatch between ${i}-th output and corresponding block argument`;
      }
      return undefined;
    },
    () => {
      const m = op.getAttr('mapping');
      if (m instanceof ArrayAttr && m.elements.length && m.elements.length !== rank) return 'mapping attribute size must match op rank';
      return undefined;
    },
    () => checkMixedList('lower bound', rank, staticsOf(op, 'staticLowerBound'), op.def!.operandGroup(op, 'dynamicLowerBound')),
    () => checkMixedList('upper bound', rank, staticsOf(op, 'staticUpperBound'), op.def!.operandGroup(op, 'dynamicUpperBound')),
    () => checkMixedList('step', rank, staticsOf(op, 'staticStep'), op.def!.operandGroup(op, 'dynamicStep')),
    () => checkRegionBranchTypes(op),
    () => checkImplicitTerminator(op, 'scf.forall.in_parallel'),
  );
}

/** DeviceMappingArrayAttr: an array of device mapping attributes (the gpu dialect's). */
function checkMapping(a: Attribute): string | undefined {
  const ok = a instanceof ArrayAttr && a.elements.every((e) => e instanceof OpaqueAttr && e.dialect === 'gpu');
  return ok ? undefined : 'Device Mapping array attribute';
}

const forall = defineOp({
  name: 'scf.forall',
  operands: [
    { name: 'dynamicLowerBound', arity: 'variadic', type: VARIADIC_INDEX },
    { name: 'dynamicUpperBound', arity: 'variadic', type: VARIADIC_INDEX },
    { name: 'dynamicStep', arity: 'variadic', type: VARIADIC_INDEX },
    { name: 'outputs', arity: 'variadic', type: VARIADIC_RANKED_TENSOR },
  ],
  results: [{ name: 'results', arity: 'variadic' }],
  attributes: [
    { name: 'staticLowerBound' }, { name: 'staticUpperBound' }, { name: 'staticStep' },
    { name: 'mapping', optional: true, check: checkMapping },
  ],
  regions: [{ name: 'region' }],
  traits: ['AutomaticAllocationScope', 'RecursiveMemoryEffects', 'SingleBlock'],
  implicitTerminator: 'scf.forall.in_parallel',
  parse: parseForall,
  print: printForall,
  regionBranch: {
    // Threads run the body in parallel; control then returns to the op.
    successors: (op) => [{ target: op.regions[0]!, inputs: [] }, { target: 'parent', inputs: [] }],
    entryOperands: () => [],
  },
  verify: verifyForall,
});

const inParallel = defineOp({
  name: 'scf.forall.in_parallel',
  regions: [{ name: 'region' }],
  traits: ['Pure', 'Terminator', 'NoTerminator', 'SingleBlock'],
  parents: ['scf.forall'],
  graphRegion: true,
  parse(p, st) {
    const r = p.parseOpRegion(st);
    if (!r.blocks.length) r.pushBlock(new Block());
    st.regions = [r];
    p.parseOptionalAttrDict(st);
  },
  print(op, p) {
    p.print(' ');
    p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: false });
    p.printOptionalAttrDict(p.allAttrs(op));
  },
  verify(op) {
    const e = checkRegionSize(op, 0, 'region', 'exact');
    if (e) return e;
    // Only parallel-combining ops may appear; in LLVM 19 that is tensor.parallel_insert_slice.
    for (let c = op.regions[0]!.blocks[0]!.first; c; c = c.next) {
      if (c.name !== 'tensor.parallel_insert_slice') return 'expected only tensor.parallel_insert_slice ops';
    }
    return undefined;
  },
});

export const parallelOps: OpSpec[] = [forall, inParallel, parallel, reduce, reduceReturn];
