/**
 * `--sccp`: sparse conditional constant propagation, as LLVM 19's
 * lib/Transforms/SCCP.cpp does it.
 *
 *  1. Dead-code analysis and sparse constant propagation run to a fixpoint
 *     over the op the pass runs on.
 *  2. The rewrite visits blocks with a stack: the blocks of a region are pushed
 *     in reverse (so popped in order), and the regions of an op are pushed when
 *     the op is reached, so they are visited after the rest of its block.
 *  3. Each result whose lattice is a constant is replaced by a materialized
 *     constant; when every result was replaced and the op would be trivially
 *     dead, the op is erased (its regions are then never visited).
 *  4. After a block's ops, its arguments with constant lattices are replaced.
 *  5. Constants are made by the OperationFolder (constant-folder.ts): once per
 *     (value, type) in the nearest isolated region, at the very start of its
 *     entry block. Values that are not constants of a materializable kind are
 *     left alone.
 *  6. wouldOpBeTriviallyDead: not a terminator or symbol, and only reads or
 *     allocations of its own results, through nested ops for ops with
 *     recursive memory effects; an op without an effects interface is not dead.
 *
 * The lattice does not record which dialect produced a constant, so (5) picks
 * the materializer from the attribute.
 */
import { DataFlowSolver, DeadCodeAnalysis, type ConstantValue } from '@lifeline/dataflow';
import { hasTrait, type Attribute, type Block, type Operation, type PassDef, type Region, type Value } from '@lifeline/ir';
import { ConstantFolder } from './constant-folder.js';
import { SparseConstantPropagation } from './constant-propagation.js';
import { irDataFlowKeys } from './dataflow-test-passes.js';

/** (6) MLIR's wouldOpBeTriviallyDead. */
export function wouldOpBeTriviallyDead(root: Operation): boolean {
  if (!root.def || hasTrait(root, 'Terminator') || hasTrait(root, 'Symbol')) return false;
  // Hot in the greedy driver and region DCE: no work list for the usual op
  // without RecursiveMemoryEffects, and no temporary sets.
  if (!hasTrait(root, 'RecursiveMemoryEffects')) return effectsAllowErasing(root);
  const work = [root];
  while (work.length) {
    const op = work.pop()!;
    const recursive = hasTrait(op, 'RecursiveMemoryEffects');
    if (recursive) for (const r of op.regions) for (const b of r.blocks) for (let o = b.first; o; o = o.next) work.push(o);
    if (op.def?.spec.memoryEffects) {
      if (!effectsAllowErasing(op)) return false;
      continue;
    }
    if (!recursive) return false;
  }
  return true;
}

/** Every effect of `op` (which has a memoryEffects hook, or is dead without one only when it is recursive) is a read or on a value `op` allocates. */
function effectsAllowErasing(op: Operation): boolean {
  const effectsOf = op.def?.spec.memoryEffects;
  if (!effectsOf) return false;
  const effects = effectsOf(op);
  for (let i = 0; i < effects.length; i++) {
    const e = effects[i]!;
    if (e.kind === 'read') continue;
    const v = e.value;
    if (!v || v.definingOp !== op) return false;
    let allocated = false;
    for (let j = 0; j < effects.length; j++) {
      const a = effects[j]!;
      if (a.kind === 'allocate' && a.value === v) {
        allocated = true;
        break;
      }
    }
    if (!allocated) return false;
  }
  return true;
}

export const sccpPass: PassDef = {
  argument: 'sccp',
  name: 'SCCP',
  description: 'Sparse Conditional Constant Propagation',
  run(root, ctx) {
    const keys = irDataFlowKeys(root, ctx.registry);
    const solver = new DataFlowSolver();
    solver.load(new DeadCodeAnalysis(keys));
    solver.load(new SparseConstantPropagation(keys));
    solver.run(root); // (1)
    const folder = new ConstantFolder(ctx.registry);

    const replace = (v: Value, block: Block): boolean => {
      if (!solver.has(v, keys.constants)) return false;
      const c = solver.lookup(v, keys.constants) as ConstantValue;
      if (c.kind !== 'value') return false;
      const k = folder.getOrCreate(block, c.value as Attribute, v.type);
      if (!k) return false;
      v.replaceAllUsesWith(k);
      return true;
    };

    const worklist: Block[] = [];
    const push = (regions: readonly Region[]) => {
      for (const r of regions) for (let i = r.blocks.length - 1; i >= 0; i--) worklist.push(r.blocks[i]!); // (2)
    };
    push(root.regions);
    while (worklist.length) {
      const block = worklist.pop()!;
      for (const op of block.opList()) {
        let all = op.results.length !== 0;
        for (const r of op.results) all = replace(r, block) && all; // (3)
        if (all && wouldOpBeTriviallyDead(op)) {
          op.erase();
          continue;
        }
        push(op.regions);
      }
      for (const a of block.arguments) replace(a, block); // (4)
    }
  },
};
