/**
 * `--ownership-based-buffer-deallocation` (MLIR 19, with its option
 * `private-function-dynamic-ownership`): inserts `bufferization.dealloc` ops and
 * ownership indicators so that every owned buffer is freed exactly once.
 *
 * (1) Decisions come from the ownership analysis (@lifeline/analyses,
 *     ownership-analysis.ts); this pass only materialises its plan, block by block
 *     in the analysis' (MLIR's) order, so the IR is MLIR's, op for op.
 * (2) A function whose analysis stopped at an error reports it with MLIR's wording
 *     and the pass fails (MLIR stops at the first failing function, in walk order).
 * (3) Function boundary ABI: after its blocks, a function's type takes the operand
 *     types of its returns (they differ from the old results only under dynamic
 *     ownership); returns with different operand types are an error.
 * (4) Region-branch ops get one `false` operand per memref entry operand (regions
 *     never own what they receive) and one i1 result per memref result;
 *     dynamic-ownership calls get one i1 result per memref result.
 * (5) Functions are analysed and materialised one at a time, in walk order (the
 *     analysis of one function does not read another's body; callees are resolved
 *     through one shared symbol table collection), and each block right after its
 *     analysis (ownership-analysis.ts (8)).
 */
import { FunctionType, StringAttr, SymbolTableCollection, TypeAttr, hasTrait, type Block, type Operation, type PassContext, type PassDef, type Type } from '@lifeline/ir';
import { analyzeOwnership, isExternal, type BlockPlan, type FunctionPlan } from '@lifeline/analyses';
import { Materializer, i1 } from './obbd-materialize.js';
import { registryOf } from './pass-registry.js';
import { materializeBranch, materializeCondBranch, materializeReturnLike } from './obbd-terminators.js';


export const ownershipBasedBufferDeallocationPass: PassDef = {
  argument: 'ownership-based-buffer-deallocation',
  name: 'OwnershipBasedBufferDeallocation',
  description: 'Adds all required dealloc operations for all allocations in the input program',
  options: [{
    name: 'private-function-dynamic-ownership', type: 'bool', default: false,
    description: 'Allows to add additional arguments to private functions to dynamically pass ownership of memrefs to callees. This can enable earlier deallocations.',
  }],
  run(root: Operation, ctx: PassContext): void {
    const registry = registryOf(ctx);
    const m = new Materializer(registry);
    const options = {
      privateFunctionDynamicOwnership: ctx.options['private-function-dynamic-ownership'] === true,
      symbols: new SymbolTableCollection(),
      // (5) Each block is built as soon as it is analysed (as MLIR does); its plan is then garbage.
      onBlock: (bp: BlockPlan) => materializeBlock(m, bp),
    };
    // (5) One function at a time, so that analysis state dies young.
    const funcs: Operation[] = [];
    root.walk((op) => {
      if (!hasTrait(op, 'FunctionLike')) return undefined;
      if (!isExternal(op)) funcs.push(op);
      return 'skip';
    });
    for (const func of funcs) {
      m.startFunction();
      const plan = analyzeOwnership(func, options).plan(func)!;
      // (2)
      if (plan.error) {
        if (plan.error.loc && ctx.emitErrorAt) ctx.emitErrorAt(plan.error.loc, plan.error.message);
        else ctx.emitError(plan.error.op, plan.error.message);
        return;
      }
      if (!updateSignature(plan)) {
        ctx.emitError(plan.func, 'there are multiple return operations with different operand types');
        return;
      }
    }
  },
};

function materializeBlock(m: Materializer, bp: BlockPlan): void {
  const block = bp.block;
  const entryAnchor = block.first;
  const b = m.builder;
  for (const step of bp.steps) {
    b.loc = undefined;
    switch (step.kind) {
      case 'constAtEntry':
        if (entryAnchor) b.setInsertionPointBefore(entryAnchor);
        else b.setInsertionPointToEnd(block);
        m.constantFor(step.indicator);
        break;
      case 'constAtFront':
        b.setInsertionPointToStart(block);
        m.constantFor(step.indicator);
        break;
      case 'constBefore':
        b.setInsertionPointBefore(step.op);
        m.constantFor(step.indicator);
        break;
      case 'assertNotOwned': {
        b.setInsertionPointBefore(step.op);
        b.loc = step.op.loc;
        const t = m.boolConstant(true);
        const x = m.create('arith.xori', [m.resolve(step.indicator), t], [i1]).result(0);
        b.create('cf.assert', { operands: [x], attributes: [['msg', new StringAttr('expected that the block does not have ownership')]] });
        break;
      }
      case 'addArg':
        m.values.set(step.of, block.addArgument(i1, step.of.loc));
        break;
      case 'regionBranch': regionBranch(m, block, step.op, step.memrefOperands, step.memrefResults); break;
      case 'dynamicCall': {
        const added = m.appendResults(step.op, step.memrefResults.map(() => i1));
        step.memrefResults.forEach((r, i) => m.values.set(r, added[i]!));
        break;
      }
      case 'branch': materializeBranch(m, step); break;
      case 'condBranch': materializeCondBranch(m, step); break;
      case 'returnLike': materializeReturnLike(m, step); break;
    }
  }
}

/** (4) */
function regionBranch(m: Materializer, block: Block, op: Operation, memrefOperands: number, memrefResults: readonly import('@lifeline/ir').Value[]): void {
  m.builder.setInsertionPointToStart(block);
  const f = m.boolConstant(false);
  op.insertOperands(op.operands.length, Array.from({ length: memrefOperands }, () => f));
  const added = m.appendResults(op, memrefResults.map(() => i1));
  memrefResults.forEach((r, i) => m.values.set(r, added[i]!));
}

/** (3) */
function updateSignature(plan: FunctionPlan): boolean {
  const func = plan.func;
  const returns: Type[][] = [];
  for (const b of func.regions[0]!.blocks) {
    // Return-like ops are terminators: only the last op of a block can be one.
    const op = b.last;
    const rbt = op?.def?.spec.regionBranchTerminator;
    if (rbt) returns.push(rbt.forwardedOperands(op!, 'parent').map((v) => v.type));
  }
  const same = (a: Type[], c: Type[]) => a.length === c.length && a.every((t, i) => t === c[i]);
  if (!returns.every((r) => same(r, returns[0]!))) return false;
  const old = (func.getAttr('function_type') as TypeAttr | undefined)?.value;
  if (!(old instanceof FunctionType)) return true;
  const results = returns.length ? returns[0]! : old.results;
  const inputs = func.regions[0]!.blocks[0]!.arguments.map((a) => a.type);
  const next = FunctionType.get(inputs, results);
  if (next !== old) func.setAttr('function_type', new TypeAttr(next));
  return true;
}
