/**
 * scf: structured control flow — if/else, counted loops, while loops, switches,
 * single-execution regions, and (in scf-parallel.ts) parallel loops.
 *
 * Each op declares the RegionBranch interface with MLIR's exact successors and
 * inputs; its terminators (scf.yield, scf.condition, scf.reduce) say what they
 * forward. Verification follows MLIR's trait order: ODS constraints, the op's
 * own checks, then the region checks (implicit terminator, LoopLike,
 * RegionBranch edges) with MLIR's wording.
 */
import {
  DenseArrayAttr, FunctionType, IndexType, IntegerAttr, IntegerType, Region, Tok, defineDialect, defineOp, i1, index,
  type OpParser, type OpPrinter, type Operation, type OperationState, type RegionSuccessor, type Type,
  type TypeConstraint, type Value,
} from '@lifeline/ir';
import {
  checkImplicitTerminator, checkLoopLike, checkRegionBranchTypes, checkRegionSize, checkTerminator, elidableTerminator,
  ensureTerminator, errorAtOp, firstFailure, ifRegionBranch, ifSyntax, parseAssignmentList, printInitList,
} from './scf-common.js';
import { parallelOps } from './scf-parallel.js';

export const I1: TypeConstraint = { description: '1-bit signless integer', accepts: (t) => t === i1 };
export const INDEX: TypeConstraint = { description: 'index', accepts: (t) => t instanceof IndexType };
const SIGNLESS_INT_OR_INDEX: TypeConstraint = {
  description: 'signless integer or index',
  accepts: (t) => t instanceof IndexType || (t instanceof IntegerType && t.signedness === 'signless'),
};

const entryArgs = (r: Region): Value[] => r.blocks[0]?.arguments ?? [];
/** Operands of the region's scf.yield (none when it ends otherwise). */
const yielded = (r: Region): Value[] => {
  const t = r.blocks[0]?.last;
  return t?.name === 'scf.yield' ? t.operandValues() : [];
};
const toParent = (op: Operation): RegionSuccessor[] => [{ target: 'parent', inputs: op.results }];
const typesOf = (vs: readonly Value[]): string => vs.map((v) => String(v.type)).join(', ');

// ---- terminators ------------------------------------------------------------------------

const yieldOp = defineOp({
  name: 'scf.yield',
  operands: [{ name: 'results', arity: 'variadic' }],
  traits: ['Pure', 'ReturnLike', 'Terminator'],
  parents: ['scf.execute_region', 'scf.for', 'scf.if', 'scf.index_switch', 'scf.while'],
  format: 'attr-dict ($results^ `:` type($results))?',
  regionBranchTerminator: { forwardedOperands: (op) => op.operandValues() },
});

const condition = defineOp({
  name: 'scf.condition',
  operands: [{ name: 'condition', type: I1, infer: () => i1 }, { name: 'args', arity: 'variadic' }],
  traits: ['Pure', 'Terminator'],
  parents: ['scf.while'],
  format: '`(` $condition `)` attr-dict ($args^ `:` type($args))?',
  // Everything but the condition goes to the "after" region or the while's results.
  regionBranchTerminator: {
    forwardedOperands: (op) => op.operandValues().slice(1),
    // A constant condition picks one: true continues to "after", false leaves the loop.
    successorsForConstants(op, [cond]) {
      const loop = op.parentOp!;
      const after = loop.regions[1]!;
      const known = cond instanceof IntegerAttr ? cond.value !== 0n : undefined;
      const out: RegionSuccessor[] = [];
      if (known !== false) out.push({ target: after, inputs: after.blocks[0]?.arguments ?? [] });
      if (known !== true) out.push({ target: 'parent', inputs: loop.results });
      return out;
    },
  },
});

// ---- scf.if -----------------------------------------------------------------------------

const ifOpSyntax = ifSyntax('scf.yield');

/**
 * An scf.if every check below accepts, recognised without them: a then block, at most
 * one else block (one when there are results), no block arguments, and each block
 * ending in an scf.yield of the result types. The deallocation pipeline makes tens of
 * thousands of ifs and verifies after every pass; the general checks build successor
 * lists and closures per op. Anything else takes them, and they give the message.
 */
function plainIf(op: Operation): boolean {
  const results = op.results;
  for (let i = 0; i < 2; i++) {
    const blocks = op.regions[i]!.blocks;
    if (!blocks.length) {
      if (i === 0 || results.length) return false;
      continue;
    }
    if (blocks.length !== 1 || blocks[0]!.arguments.length) return false;
    const t = blocks[0]!.last;
    if (!t || t.name !== 'scf.yield' || t.operands.length !== results.length) return false;
    for (let k = 0; k < results.length; k++) if (t.operands[k]!.value.type !== results[k]!.type) return false;
  }
  return true;
}

const ifOp = defineOp({
  name: 'scf.if',
  operands: [{ name: 'condition', type: I1 }],
  results: [{ name: 'results', arity: 'variadic' }],
  regions: [{ name: 'thenRegion' }, { name: 'elseRegion' }],
  traits: ['RecursiveMemoryEffects', 'NoRegionArguments', 'SingleBlock'],
  implicitTerminator: 'scf.yield',
  parse: ifOpSyntax.parse,
  print: ifOpSyntax.print,
  regionBranch: ifRegionBranch,
  verify: (op) => plainIf(op) ? undefined : firstFailure(
    () => checkRegionSize(op, 0, 'thenRegion', 'exact') ?? checkRegionSize(op, 1, 'elseRegion', 'max'),
    () => {
      for (let i = 0; i < 2; i++) if (entryArgs(op.regions[i]!).length) return `region #${i} should have no arguments`;
      return undefined;
    },
    () => (op.results.length && op.regions[1]!.empty ? 'must have an else block if defining values' : undefined),
    () => checkRegionBranchTypes(op),
    () => checkImplicitTerminator(op, 'scf.yield'),
  ),
});

// ---- scf.for ----------------------------------------------------------------------------

/** `scf.for %iv = %lb to %ub step %s (iter_args(%a = %x) -> (T))? (: iT)? { … }` */
function parseFor(p: OpParser, st: OperationState): void {
  const iv = p.parseArgument(false);
  p.expect(Tok.Equal, "expected '='");
  const lb = p.parseOperand();
  p.parseKeyword('to');
  const ub = p.parseOperand();
  p.parseKeyword('step');
  const step = p.parseOperand();
  let iter: ReturnType<typeof parseAssignmentList> = { args: [], operands: [] };
  if (p.parseOptionalKeyword('iter_args')) {
    iter = parseAssignmentList(p);
    p.expect(Tok.Arrow, "expected '->'");
    st.types = p.parseFunctionResultTypes();
  }
  if (iter.args.length !== st.types.length) {
    errorAtOp(st, "custom op 'scf.for' mismatch in number of loop-carried values and defined values");
  }
  const type: Type = p.consumeIf(Tok.Colon) ? p.parseType() : index;
  st.operands = [p.resolveOperand(lb, type), p.resolveOperand(ub, type), p.resolveOperand(step, type)];
  iter.args.forEach((a, i) => {
    a.type = st.types[i]!;
    st.operands.push(p.resolveOperand(iter.operands[i]!, a.type));
  });
  iv.type = type;
  const body = p.parseOpRegion(st, [iv, ...iter.args]);
  ensureTerminator(p, st, body, 'scf.yield');
  st.regions = [body];
  p.parseOptionalAttrDict(st);
}

function printFor(op: Operation, p: OpPrinter): void {
  const args = entryArgs(op.regions[0]!);
  const iv = args[0];
  const [lb, ub, step] = [op.operand(0), op.operand(1), op.operand(2)];
  p.print(` ${iv ? p.valueName(iv) : '%<<UNKNOWN SSA VALUE>>'} = ${p.valueName(lb)} to ${p.valueName(ub)} step ${p.valueName(step)}`);
  const inits = op.operandValues().slice(3);
  printInitList(p, args.slice(1), inits, ' iter_args');
  if (inits.length) p.print(` -> (${typesOf(inits)})`);
  p.print(' ');
  // Sic: MLIR prints two spaces before the colon.
  if (iv && !(iv.type instanceof IndexType)) p.print(` : ${iv.type} `);
  p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: inits.length > 0 });
  p.printOptionalAttrDict(p.allAttrs(op));
}

const forOp = defineOp({
  name: 'scf.for',
  operands: [
    { name: 'lowerBound', type: SIGNLESS_INT_OR_INDEX },
    { name: 'upperBound', type: SIGNLESS_INT_OR_INDEX },
    { name: 'step', type: SIGNLESS_INT_OR_INDEX },
    { name: 'initArgs', arity: 'variadic' },
  ],
  results: [{ name: 'results', arity: 'variadic' }],
  regions: [{ name: 'region' }],
  traits: ['AutomaticAllocationScope', 'RecursiveMemoryEffects', 'SingleBlock'],
  implicitTerminator: 'scf.yield',
  parse: parseFor,
  print: printFor,
  regionBranch: {
    // The body may run again or exit; the loop may also not run at all.
    successors: (op) => [{ target: op.regions[0]!, inputs: entryArgs(op.regions[0]!).slice(1) }, ...toParent(op)],
    entryOperands: (op) => op.operandValues().slice(3),
  },
  verify(op) {
    const body = op.regions[0]!;
    const inits = op.operandValues().slice(3);
    // ODS checks trait predicates (AllTypesMatch) before region constraints
    return firstFailure(
      () => {
        const t = op.operand(0).type;
        return op.operand(1).type !== t || op.operand(2).type !== t
          ? 'failed to verify that all of {lowerBound, upperBound, step} have same type' : undefined;
      },
      () => checkRegionSize(op, 0, 'region', 'exact'),
      () => (inits.length !== op.results.length ? 'mismatch in number of loop-carried values and defined values' : undefined),
      () => checkImplicitTerminator(op, 'scf.yield'),
      () => checkLoopLike(op, inits, entryArgs(body).slice(1), yielded(body), op.results),
      () => checkRegionBranchTypes(op),
      () => {
        const args = entryArgs(body);
        if (!args.length || args[0]!.type !== op.operand(0).type) return 'expected induction variable to be same type as bounds and step';
        if (args.length - 1 !== op.results.length) return 'mismatch in number of basic block args and defined values';
        for (let i = 0; i < op.results.length; i++) {
          const r = op.results[i]!.type;
          if (inits[i]!.type !== r) return `types mismatch between ${i}th iter operand and defined value`;
          if (args[i + 1]!.type !== r) return `types mismatch between ${i}th iter region arg and defined value`;
        }
        return undefined;
      },
    );
  },
});

// ---- scf.while --------------------------------------------------------------------------

/** `scf.while (%a = %x)? : (T) -> R { before } do { after } (attributes {…})?` */
function parseWhile(p: OpParser, st: OperationState): void {
  const assign = p.tok === Tok.LParen ? parseAssignmentList(p) : { args: [], operands: [] };
  const typeOffset = p.offset;
  p.expect(Tok.Colon, "expected ':'");
  const fnOffset = p.offset;
  const fn = p.parseType();
  if (!(fn instanceof FunctionType)) return p.error("custom op 'scf.while' invalid kind of type specified", fnOffset);
  const { inputs, results } = fn;
  st.types = [...results];
  if (inputs.length !== assign.operands.length) {
    p.error(`custom op 'scf.while' expected as many input types as operands (expected ${assign.operands.length} got ${inputs.length})`, typeOffset);
  }
  st.operands = p.resolveOperands(assign.operands, inputs);
  assign.args.forEach((a, i) => (a.type = inputs[i]!));
  const before = p.parseOpRegion(st, assign.args);
  p.parseKeyword('do');
  const after = p.parseOpRegion(st);
  st.regions = [before, after];
  p.parseOptionalAttrDictWithKeyword(st);
}

function printWhile(op: Operation, p: OpPrinter): void {
  printInitList(p, entryArgs(op.regions[0]!), op.operandValues(), ' ');
  p.print(' : ');
  p.printFunctionalType(op.operandValues().map((v) => v.type), op.results.map((r) => r.type));
  p.print(' ');
  p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: true });
  p.print(' do ');
  p.printRegion(op.regions[1]!, { printEntryBlockArgs: true, printBlockTerminators: true });
  p.printOptionalAttrDictWithKeyword(p.allAttrs(op));
}

const whileOp = defineOp({
  name: 'scf.while',
  operands: [{ name: 'inits', arity: 'variadic' }],
  results: [{ name: 'results', arity: 'variadic' }],
  regions: [{ name: 'before' }, { name: 'after' }],
  traits: ['RecursiveMemoryEffects', 'SingleBlock'],
  parse: parseWhile,
  print: printWhile,
  regionBranch: {
    successors(op, point) {
      const [before, after] = [op.regions[0]!, op.regions[1]!];
      const toBefore = { target: before, inputs: entryArgs(before) };
      if (point === 'parent' || point === after) return [toBefore];
      return [...toParent(op), { target: after, inputs: entryArgs(after) }];
    },
    entryOperands: (op) => op.operandValues(),
  },
  verify(op) {
    const [before, after] = [op.regions[0]!, op.regions[1]!];
    return firstFailure(
      () => checkRegionSize(op, 0, 'before', 'exact') ?? checkRegionSize(op, 1, 'after', 'exact'),
      () => checkTerminator(op, before, 'scf.condition', "expects the 'before' region to terminate with 'scf.condition'"),
      () => checkTerminator(op, after, 'scf.yield', "expects the 'after' region to terminate with 'scf.yield'"),
      () => checkRegionBranchTypes(op),
      () => checkLoopLike(op, op.operandValues(), entryArgs(before), yielded(after), undefined),
    );
  },
});

// ---- scf.execute_region -----------------------------------------------------------------

const executeRegion = defineOp({
  name: 'scf.execute_region',
  results: [{ name: 'results', arity: 'variadic' }],
  regions: [{ name: 'region' }],
  parse(p, st) {
    st.types = p.parseOptionalArrowTypeList();
    st.regions = [p.parseOpRegion(st)];
    p.parseOptionalAttrDict(st);
  },
  print(op, p) {
    p.printArrowTypeList(op.results.map((r) => r.type));
    p.print(' ');
    p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: true });
    p.printOptionalAttrDict(p.allAttrs(op));
  },
  regionBranch: {
    successors: (op, point) => (point === 'parent' ? [{ target: op.regions[0]!, inputs: [] }] : toParent(op)),
    entryOperands: () => [],
  },
  verify: (op) => firstFailure(
    () => (op.regions[0]!.empty ? 'region needs to have at least one block' : undefined),
    () => (entryArgs(op.regions[0]!).length ? 'region cannot have any arguments' : undefined),
    () => checkRegionBranchTypes(op),
  ),
});

// ---- scf.index_switch -------------------------------------------------------------------

/** `scf.index_switch %arg attr-dict (-> types)? (case N { … })* default { … }` */
function parseIndexSwitch(p: OpParser, st: OperationState): void {
  st.operands = [p.resolveOperand(p.parseOperand(), index)];
  p.parseOptionalAttrDict(st);
  if (p.consumeIf(Tok.Arrow)) st.types = p.parseTypeList();
  const cases: number[] = [];
  const caseRegions: Region[] = [];
  while (p.parseOptionalKeyword('case')) {
    cases.push(Number(p.parseInteger()));
    // Case regions get no implicit terminator (only the default region does, as in MLIR).
    caseRegions.push(p.parseOpRegion(st));
  }
  st.properties.set('cases', new DenseArrayAttr(IntegerType.get(64), cases));
  p.parseKeyword('default');
  const def = p.parseOpRegion(st);
  ensureTerminator(p, st, def, 'scf.yield');
  st.regions = [def, ...caseRegions];
}

function printIndexSwitch(op: Operation, p: OpPrinter): void {
  p.print(` ${p.valueName(op.operand(0))}`);
  p.printOptionalAttrDict(p.allAttrs(op), ['cases']);
  if (op.results.length) p.print(` -> ${typesOf(op.results)}`);
  // The declarative format puts a space before the case list even when it is empty.
  p.print(' ');
  const cases = (op.getAttr('cases') as DenseArrayAttr | undefined)?.values ?? [];
  cases.forEach((c, i) => {
    const r = op.regions[i + 1];
    if (!r) return;
    p.printNewline();
    p.print(`case ${c} `);
    p.printRegion(r, { printEntryBlockArgs: false, printBlockTerminators: true });
  });
  p.printNewline();
  p.print('default ');
  const def = op.regions[0]!;
  p.printRegion(def, { printEntryBlockArgs: true, printBlockTerminators: !elidableTerminator(def) });
}

function verifyIndexSwitch(op: Operation): ReturnType<typeof checkRegionBranchTypes> {
  const cases = (op.getAttr('cases') as DenseArrayAttr | undefined)?.values ?? [];
  const caseRegions = op.regions.slice(1);
  if (cases.length !== caseRegions.length) return `has ${caseRegions.length} case regions but ${cases.length} case values`;
  const seen = new Set<number>();
  for (const c of cases) {
    if (seen.has(c)) return `has duplicate case value: ${c}`;
    seen.add(c);
  }
  const check = (r: Region, name: string): ReturnType<typeof checkRegionBranchTypes> => {
    const t = r.blocks[0]?.last;
    if (!t || t.name !== 'scf.yield') return `expected region to end with scf.yield, but got ${t?.name ?? ''}`;
    if (t.operands.length !== op.results.length) {
      return {
        opError: `expected each region to return ${op.results.length} values, but ${name} returns ${t.operands.length}`,
        notes: [{ loc: t.loc, message: 'see yield operation here' }],
      };
    }
    for (let i = 0; i < op.results.length; i++) {
      if (t.operand(i).type === op.results[i]!.type) continue;
      return {
        opError: `expected result #${i} of each region to be '${op.results[i]!.type}'`,
        notes: [{ loc: t.loc, message: `${name} returns '${t.operand(i).type}' here` }],
      };
    }
    return undefined;
  };
  const d = check(op.regions[0]!, 'default region');
  if (d) return d;
  for (let i = 0; i < caseRegions.length; i++) {
    const c = check(caseRegions[i]!, `case region #${i}`);
    if (c) return c;
  }
  return undefined;
}

const indexSwitch = defineOp({
  name: 'scf.index_switch',
  operands: [{ name: 'arg', type: INDEX }],
  results: [{ name: 'results', arity: 'variadic' }],
  attributes: [{ name: 'cases' }],
  regions: [{ name: 'defaultRegion' }, { name: 'caseRegions', variadic: true }],
  traits: ['RecursiveMemoryEffects', 'SingleBlock'],
  implicitTerminator: 'scf.yield',
  parse: parseIndexSwitch,
  print: printIndexSwitch,
  regionBranch: {
    // From the op: any region (default first, as MLIR lists them); every region returns to the op.
    successors: (op, point) => (point === 'parent' ? op.regions.map((r) => ({ target: r, inputs: [] })) : toParent(op)),
    entryOperands: () => [],
    // A constant index enters its case, or the default region when no case matches.
    entrySuccessorsForConstants(op, [arg]) {
      if (!(arg instanceof IntegerAttr)) return op.regions.map((r) => ({ target: r, inputs: [] }));
      const cases = op.getAttr('cases');
      const values = cases instanceof DenseArrayAttr ? [...cases.values].map(BigInt) : [];
      const i = values.indexOf(arg.value);
      return [{ target: op.regions[i < 0 ? 0 : i + 1]!, inputs: [] }];
    },
  },
  verify: (op) => firstFailure(
    () => {
      if (!op.regions.length) return 'requires at least 1 region';
      for (let i = 0; i < op.regions.length; i++) {
        const e = checkRegionSize(op, i, i === 0 ? 'defaultRegion' : 'caseRegions', 'exact');
        if (e) return e;
      }
      return undefined;
    },
    () => verifyIndexSwitch(op),
    () => checkRegionBranchTypes(op),
    () => checkImplicitTerminator(op, 'scf.yield'),
  ),
});

export const scfDialect = defineDialect('scf', [
  condition, executeRegion, forOp, ifOp, indexSwitch, whileOp, yieldOp, ...parallelOps,
]);
