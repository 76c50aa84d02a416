/**
 * The subset of MLIR's `test` dialect that bufferization, deallocation, alias,
 * side-effect and dataflow tests use.
 *
 * Why register it at all (the evidence, from mlir-opt-19 = Debian LLVM 19.1.7):
 * - `mlir-opt-19 --show-dialects` lists `test`, and test passes such as
 *   `--test-side-effects`, `--test-alias-analysis`, `--test-last-modified` exist:
 *   the Debian build links MLIR's test dialect in.
 * - Custom forms parse (`test.copy(%a, %b) : (…)`, `test.region_if …`) and
 *   registered ops print in custom form; wrong operand counts are verifier
 *   errors ("'test.copy' op expected 2 operands, but found 0").
 * - Unknown names (`"test.foo"() : () -> ()`) are accepted WITHOUT
 *   -allow-unregistered-dialect (the test dialect calls allowUnknownOperations)
 *   and print generically; their custom form is "custom op 'test.foo' is unknown".
 * So: the ops below have their LLVM 19 syntax, traits and interfaces; every
 * other `test.*` op stays an unknown op (`allowUnknownOperations`), exactly as
 * mlir-opt-19 treats the ops it does not define. Test types/attributes
 * (`!test.…`) are not modelled.
 *
 * Syntax was checked against mlir-opt-19's own printing (LLVM 19 differs from
 * today's TestOps.td, e.g. `test.store_with_a_region` has no prop-dict), and
 * memory effects against `mlir-opt-19 --test-side-effects`.
 */
import {
  ArrayAttr, DictionaryAttr, FloatType, IntegerAttr, IntegerType, MemRefType, RankedTensorType,
  StringAttr, SymbolRefAttr, Tok, UnrankedMemRefType, defineDialect, defineOp,
  symbolRefSyntax,
  type MemoryEffect, type EffectKind, type Operation, type OpSpec, type Region, type RegionBranchInterface,
  type RegionPoint, type RegionSuccessor, type Type, type TypeConstraint, type Value,
} from '@lifeline/ir';

const i32 = IntegerType.get(32);
const f32 = FloatType.get('f32');

// ---- ODS type constraints with MLIR's descriptions ------------------------------------

const c = (description: string, accepts: (t: Type) => boolean): TypeConstraint => ({ description, accepts });
const variadic = (t: TypeConstraint): TypeConstraint => c(`variadic of ${t.description}`, t.accepts);
const anyType = c('any type', () => true);
const rankedOrUnrankedMemRef = c('ranked or unranked memref of any type values',
  (t) => t instanceof MemRefType || t instanceof UnrankedMemRefType);
const anyMemRef = c('memref of any type values', (t) => t instanceof MemRefType);
const rankedTensor = c('ranked tensor of any type values', (t) => t instanceof RankedTensorType);
const i32Type = c('32-bit signless integer', (t) => t === i32);
const f32Type = c('32-bit float', (t) => t === f32);
const anyInteger = c('integer', (t) => t instanceof IntegerType);
const boolAttr = (a: unknown) => (a instanceof IntegerAttr && a.isBool ? undefined : 'bool attribute');

// ---- helpers for interfaces --------------------------------------------------------------

const entryArgs = (r: Region): readonly Value[] => r.blocks[0]?.arguments ?? [];
const to = (target: RegionPoint, op: Operation): RegionSuccessor =>
  ({ target, inputs: target === 'parent' ? op.results : entryArgs(target) });

/** A terminator that forwards all its operands (ReturnLike). */
const forwardsAll = { forwardedOperands: (op: Operation) => op.operandValues() };

const noEffects = (): MemoryEffect[] => [];

/**
 * The `effects` attribute of test.side_effect_op / side_effect_with_region_op:
 * `[{effect = "read", on_result, test_resource}, …]`.
 */
function effectsFromAttr(op: Operation, withOperandAndArgument: boolean): MemoryEffect[] {
  const list = op.getAttr('effects');
  if (!(list instanceof ArrayAttr)) return [];
  const out: MemoryEffect[] = [];
  for (const e of list.elements) {
    if (!(e instanceof DictionaryAttr)) continue;
    const kind = (e.get('effect') as StringAttr | undefined)?.value as EffectKind;
    const effect: MemoryEffect = { kind };
    if (e.get('test_resource')) effect.resource = '<Test>';
    const ref = e.get('on_reference');
    if (e.get('on_result')) effect.value = op.result(0);
    else if (withOperandAndArgument && e.get('on_operand')) effect.value = op.operand(0);
    else if (withOperandAndArgument && e.get('on_argument')) effect.value = entryArgs(op.regions[0]!)[0];
    else if (ref) effect.symbol = ref;
    out.push(effect);
  }
  return out;
}

// ---- buffer / tensor ops (ownership-based deallocation tests) --------------------------

const copy = defineOp({
  name: 'test.copy',
  operands: [{ name: 'source', type: rankedOrUnrankedMemRef }, { name: 'target', type: rankedOrUnrankedMemRef }],
  format: '`(` $source `,` $target `)` `:` `(` type($source) `,` type($target) `)` attr-dict',
  memoryEffects: (op) => [{ kind: 'read', value: op.operand(0) }, { kind: 'write', value: op.operand(1) }],
});

const regionYield = defineOp({
  name: 'test.region_yield',
  operands: [{ name: 'result', type: anyType }],
  traits: ['Pure', 'ReturnLike', 'Terminator'],
  format: '$result `:` type($result) attr-dict',
  regionBranchTerminator: forwardsAll,
});

const bufferOperands = [
  { name: 'input', type: rankedOrUnrankedMemRef }, { name: 'output', type: rankedOrUnrankedMemRef },
];
const readInputWriteOutput = (op: Operation): MemoryEffect[] =>
  [{ kind: 'read', value: op.operand(0) }, { kind: 'write', value: op.operand(1) }];
const inOut = '`in` `(` $input `:` type($input) `)` `out` `(` $output `:` type($output) `)`';

const bufferBased = defineOp({
  name: 'test.buffer_based',
  operands: bufferOperands,
  format: `${inOut} attr-dict`,
  memoryEffects: readInputWriteOutput,
});

const regionBufferBased = defineOp({
  name: 'test.region_buffer_based',
  operands: bufferOperands,
  regions: [{ name: 'region' }],
  traits: ['SingleBlock'],
  implicitTerminator: 'test.region_yield',
  format: `${inOut} $region attr-dict`,
  // Only the operand effects: the op is not RecursiveMemoryEffects.
  memoryEffects: readInputWriteOutput,
});

const tensorBased = defineOp({
  name: 'test.tensor_based',
  operands: [{ name: 'input', type: rankedTensor }],
  results: [{ name: 'result', type: rankedTensor }],
  format: '`in` `(` $input `:` type($input) `)` `->` type($result) attr-dict',
});

const readBuffer = defineOp({
  name: 'test.read_buffer',
  operands: [{ name: 'buffer', type: rankedOrUnrankedMemRef }],
  // The buffer is read, and its contents are dumped (a write to the default resource).
  memoryEffects: (op) => [{ kind: 'read', value: op.operand(0) }, { kind: 'write' }],
});

const forwardBuffer = defineOp({
  name: 'test.forward_buffer',
  operands: [{ name: 'buffer', type: rankedOrUnrankedMemRef }],
  results: [{ name: 'result', type: rankedOrUnrankedMemRef }],
  traits: ['Pure'],
});

// ---- region control flow (RegionBranchOpInterface tests) --------------------------------

const regionIfYield = defineOp({
  name: 'test.region_if_yield',
  operands: [{ name: 'results', arity: 'variadic', type: variadic(anyType) }],
  traits: ['ReturnLike', 'Terminator'],
  format: '$results `:` type($results) attr-dict',
  memoryEffects: noEffects,
  regionBranchTerminator: forwardsAll,
});

/** then/else are entered from the op, both continue in join, join returns to the op. */
const regionIfBranch: RegionBranchInterface = {
  successors(op, point) {
    const [thenR, elseR, joinR] = op.regions as [Region, Region, Region];
    if (point === 'parent') return [to(thenR, op), to(elseR, op)];
    return point === joinR ? [to('parent', op)] : [to(joinR, op)];
  },
  entryOperands: (op, target) => (target === op.regions[0] || target === op.regions[1] ? op.operandValues() : []),
};

const regionIf = defineOp({
  name: 'test.region_if',
  operands: [{ name: 'operands', arity: 'variadic', type: variadic(anyType) }],
  results: [{ name: 'results', arity: 'variadic', type: variadic(anyType) }],
  regions: [{ name: 'thenRegion' }, { name: 'elseRegion' }, { name: 'joinRegion' }],
  traits: ['RecursiveMemoryEffects', 'SingleBlock'],
  implicitTerminator: 'test.region_if_yield',
  regionBranch: regionIfBranch,
  // `%a, %b: t1, t2 -> (r) then {…} else {…} join {…}` (no space before the colon).
  parse(p, st) {
    const operands = p.parseOperandList();
    const types = p.parseColonTypeList();
    p.expect(Tok.Arrow, "expected '->'");
    st.types.push(...p.parseFunctionResultTypes());
    for (const kw of ['then', 'else', 'join']) {
      p.parseKeyword(kw);
      st.regions.push(p.parseOpRegion(st));
    }
    st.operands.push(...p.resolveOperands(operands, types));
  },
  print(op, p) {
    p.print(' ');
    p.printOperands(op.operandValues());
    p.print(': ');
    p.printTypes(op.operands.map((o) => o.value.type));
    p.printArrowTypeList(op.results.map((r) => r.type));
    ['then', 'else', 'join'].forEach((kw, i) => {
      p.print(` ${kw} `);
      p.printRegion(op.regions[i]!, { printEntryBlockArgs: true, printBlockTerminators: true });
    });
  },
});

const anyCond = defineOp({
  name: 'test.any_cond',
  results: [{ name: 'results', arity: 'variadic', type: variadic(anyType) }],
  regions: [{ name: 'region' }],
  traits: ['RecursiveMemoryEffects'],
  regionBranch: {
    successors: (op, point) => [point === 'parent' ? { target: op.regions[0]!, inputs: [] } : to('parent', op)],
    entryOperands: () => [],
  },
});

const loopBlock = defineOp({
  name: 'test.loop_block',
  operands: [{ name: 'init', type: i32Type }],
  results: [{ name: 'floatResult', type: f32Type }],
  regions: [{ name: 'body' }],
  traits: ['RecursiveMemoryEffects'],
  format: '$init `:` functional-type($init, $floatResult) $body attr-dict-with-keyword',
  regionBranch: {
    // The body always runs at least once, then either loops or exits.
    successors: (op, point) => (point === 'parent' ? [to(op.regions[0]!, op)] : [to(op.regions[0]!, op), to('parent', op)]),
    entryOperands: (op) => op.operandValues(),
  },
});

const loopBlockTerm = defineOp({
  name: 'test.loop_block_term',
  operands: [{ name: 'nextIterArg', type: i32Type, infer: () => i32 }, { name: 'exitArg', type: f32Type, infer: () => f32 }],
  traits: ['Pure', 'Terminator'],
  format: '`iter` $nextIterArg `exit` $exitArg attr-dict',
  regionBranchTerminator: {
    forwardedOperands: (op, target) => [op.operand(target === 'parent' ? 1 : 0)],
  },
});

const oneRegionRecursive = defineOp({
  name: 'test.one_region_with_recursive_memory_effects',
  results: [{ name: 'result', type: anyType }],
  regions: [{ name: 'body' }],
  traits: ['RecursiveMemoryEffects'],
});

const ret = defineOp({
  name: 'test.return',
  operands: [{ name: 'operands', arity: 'variadic', type: variadic(anyType) }],
  traits: ['Pure', 'ReturnLike', 'Terminator'],
  regionBranchTerminator: forwardsAll,
});

// ---- side effects (alias / mod-ref / side-effect tests) ----------------------------------

const sideEffectOp = defineOp({
  name: 'test.side_effect_op',
  results: [{ name: 'result', type: anyType }],
  memoryEffects: (op) => effectsFromAttr(op, false),
});

const sideEffectWithRegion = defineOp({
  name: 'test.side_effect_with_region_op',
  operands: [{ name: 'operand', type: anyType }],
  results: [{ name: 'result', type: anyType }],
  regions: [{ name: 'region' }],
  format: '`(` $operand `)` $region attr-dict `:` type($operand) `->` type($result)',
  memoryEffects: (op) => effectsFromAttr(op, true),
});

const memRead = defineOp({
  name: 'test.op_with_memread',
  results: [{ name: 'result', type: anyInteger }],
  memoryEffects: () => [{ kind: 'read' }],
});

const memWrite = defineOp({
  name: 'test.op_with_memwrite',
  memoryEffects: () => [{ kind: 'write' }],
});

const effectsA = defineOp({
  name: 'test.op_with_effects_a',
  operands: [{ name: 'operands', arity: 'variadic', type: variadic(anyMemRef) }],
  results: [{ name: 'result', type: anyMemRef }],
  attributes: [
    { name: 'first', syntax: symbolRefSyntax }, { name: 'second', syntax: symbolRefSyntax },
    { name: 'optional_symbol', optional: true, syntax: symbolRefSyntax },
  ],
  memoryEffects: (op) => {
    const out: MemoryEffect[] = op.operandValues().map((v) => ({ kind: 'read', value: v }));
    out.push({ kind: 'read', symbol: op.getAttr('first') }, { kind: 'write', symbol: op.getAttr('second') });
    const opt = op.getAttr('optional_symbol');
    if (opt) out.push({ kind: 'read', symbol: opt });
    out.push({ kind: 'allocate', value: op.result(0), resource: '<Test>' });
    return out;
  },
});

const effectsB = defineOp({
  name: 'test.op_with_effects_b',
  memoryEffects: () => [{ kind: 'write', resource: '<Test>' }],
});

const effectsResult = defineOp({
  name: 'test.test_effects_result',
  results: [{ name: 'result', type: i32Type }],
  memoryEffects: (op) => [{ kind: 'allocate', value: op.result(0) }, { kind: 'write', value: op.result(0) }],
});

// ---- dataflow tests (last-modified, next-access, dead code) -------------------------------

const storeRegionSpec = (name: string, loop: boolean): OpSpec => ({
  name,
  operands: [{ name: 'address', type: anyMemRef }],
  attributes: [{ name: 'store_before_region', check: boolAttr }],
  regions: [{ name: 'body' }],
  traits: ['SingleBlock'],
  format: '$address attr-dict-with-keyword regions `:` type($address)',
  memoryEffects: (op) => [{ kind: 'write', value: op.operand(0) }],
  regionBranch: {
    // The plain op runs its body once; the loop form may skip it or repeat it.
    successors: (op, point) => (loop || point === 'parent'
      ? [to(op.regions[0]!, op), ...(loop ? [to('parent', op)] : [])]
      : [to('parent', op)]),
    entryOperands: () => [],
  },
});

const storeWithRegion = defineOp(storeRegionSpec('test.store_with_a_region', false));
const storeWithLoopRegion = defineOp(storeRegionSpec('test.store_with_a_loop_region', true));

const storeRegionTerminator = defineOp({
  name: 'test.store_with_a_region_terminator',
  traits: ['ReturnLike', 'Terminator'],
  format: 'attr-dict',
  memoryEffects: noEffects,
  regionBranchTerminator: forwardsAll,
});

const callAndStore = defineOp({
  name: 'test.call_and_store',
  operands: [{ name: 'address', type: anyMemRef }, { name: 'callee_operands', arity: 'variadic', type: variadic(anyType) }],
  results: [{ name: 'results', arity: 'variadic', type: variadic(anyType) }],
  attributes: [{ name: 'callee', syntax: symbolRefSyntax }, { name: 'store_before_call', check: boolAttr }],
  format: '$callee `(` $callee_operands `)` `,` $address attr-dict `:` functional-type(operands, results)',
  memoryEffects: (op) => [{ kind: 'write', value: op.operand(0) }],
  call: { callee: (op) => op.getAttr('callee')!, args: (op) => op.operandValues().slice(1) },
});

const callOnDevice = defineOp({
  name: 'test.call_on_device',
  operands: [
    { name: 'forwarded_operands', arity: 'variadic', type: variadic(anyType) },
    { name: 'non_forwarded_device_operand', type: anyType },
  ],
  results: [{ name: 'results', arity: 'variadic', type: variadic(anyType) }],
  attributes: [{ name: 'callee', syntax: symbolRefSyntax }],
  format: '$callee `(` $forwarded_operands `)` `,` $non_forwarded_device_operand attr-dict `:` functional-type(operands, results)',
  call: { callee: (op) => op.getAttr('callee')!, args: (op) => op.operandValues().slice(0, -1) },
});

// ---- regions, branches, symbols, constants --------------------------------------------------

const graphRegion = defineOp({
  name: 'test.graph_region',
  regions: [{ name: 'region' }],
  graphRegion: true,
  format: 'attr-dict-with-keyword $region',
});

const ssacfgRegion = defineOp({
  name: 'test.ssacfg_region',
  operands: [{ name: 'operands', arity: 'variadic', type: variadic(anyType) }],
  results: [{ name: 'results', arity: 'variadic', type: variadic(anyType) }],
  regions: [{ name: 'regions', variadic: true }],
});

const br = defineOp({
  name: 'test.br',
  operands: [{ name: 'targetOperands', arity: 'variadic', type: variadic(anyType) }],
  successors: [{ name: 'target' }],
  traits: ['Terminator'],
  branch: { successorOperands: (op) => op.operandValues(), successorOperandStart: () => 0 },
});

const finish = defineOp({ name: 'test.finish', traits: ['Terminator'] });

const symbol = defineOp({
  name: 'test.symbol',
  attributes: [{ name: 'sym_name' }, { name: 'sym_visibility', optional: true }],
  traits: ['Symbol'],
  memoryEffects: noEffects,
  verify: (op) => (op.parentOp?.def?.has('SymbolTable') ? undefined : "symbol's parent must have the SymbolTable trait"),
});

const symbolScope = defineOp({
  name: 'test.symbol_scope',
  regions: [{ name: 'region' }],
  traits: ['SymbolTable', 'SingleBlock'],
  implicitTerminator: 'test.finish',
});

const constant = defineOp({
  name: 'test.constant',
  attributes: [{ name: 'value' }],
  results: [{ name: 'result', type: anyType }],
  traits: ['ConstantLike'],
  memoryEffects: noEffects,
  constant: { value: (op) => op.getAttr('value')! },
});

const call = defineOp({
  name: 'test.call',
  operands: [{ name: 'operands', arity: 'variadic', type: variadic(anyType) }],
  results: [{ name: 'results', arity: 'variadic', type: variadic(anyType) }],
  attributes: [{ name: 'callee', syntax: symbolRefSyntax }],
  format: '$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)',
  verify(op, ctx) {
    // SymbolUserOpInterface only (test.call is no CallOpInterface in LLVM 19).
    const ref = op.getAttr('callee') as SymbolRefAttr;
    const fn = ctx.symbols.lookupNearest(op, ref);
    return fn?.def?.has('FunctionLike') ? undefined : `'${ref.leaf}' does not reference a valid function`;
  },
});

export const testDialect = defineDialect('test', [
  copy, regionYield, bufferBased, regionBufferBased, tensorBased, readBuffer, forwardBuffer,
  regionIfYield, regionIf, anyCond, loopBlock, loopBlockTerm, oneRegionRecursive, ret,
  sideEffectOp, sideEffectWithRegion, memRead, memWrite, effectsA, effectsB, effectsResult,
  storeWithRegion, storeWithLoopRegion, storeRegionTerminator, callAndStore, callOnDevice,
  graphRegion, ssacfgRegion, br, finish, symbol, symbolScope, constant, call,
], { allowUnknownOperations: true });
