/**
 * `--test-ownership-analysis`: prints the ownership analysis (ownership-analysis.ts)
 * for every function with a body.
 *
 * (1) Per function: `Testing : "<sym_name>"`, then each block the analysis handled,
 *     in textual pre-order (a block, then the blocks nested in its ops), as
 *     `^bbN:` — or `^bbN in <op name>:` for a block of a nested region.
 * (2) Per block, one line per memref the block knows when it ends (live-in,
 *     argument, or defined in it), in the order the analysis met them:
 *     `  %name -> uninitialized | unique(<indicator>) | unknown`, where an indicator
 *     prints as `true`/`false`, `indicator(%v)` (appended i1 of %v), `retained(%v)`
 *     (an updated condition of a terminator's dealloc), `select(%v)`. A clone the
 *     pass will make at a return prints as `clone(%v)`.
 * (3) Then `  deallocate: …` lists the memrefs the block must consider for
 *     deallocation (MLIR's memrefsToDeallocatePerBlock), or `none`.
 *     Then, per dealloc before the terminator, `  dealloc: %m if <indicator>, … retain: …`
 *     (for cf.cond_br the conditions before they are and-ed with the branch condition).
 * (4) A function the pass rejects prints `  error: <MLIR's message>` after the
 *     blocks handled before the error.
 * Values are named as the IR printer names them in the function.
 */
import { NameTable, hasTrait, type Block, type Operation, type PassDef, type Value } from '@lifeline/ir';
import { Placeholder, analyzeOwnership, type MemrefRef } from './ownership-analysis.js';
import { printIndicator, printOwnership } from './ownership.js';
import { nestedBlocksPreorder } from './liveness.js';

export function printOwnershipAnalysis(root: Operation, dynamic = false): string {
  const analysis = analyzeOwnership(root, { privateFunctionDynamicOwnership: dynamic });
  let out = '';
  for (const plan of analysis.functions()) {
    const func = plan.func;
    const names = new NameTable(func, false);
    const name = (v: Value): string => names.valueName(v);
    const ref = (m: MemrefRef): string => (m instanceof Placeholder ? `clone(${name(m.source)})` : name(m));
    out += `Testing : ${func.getAttr('sym_name')?.toString() ?? '""'}\n`;
    const byBlock = new Map(plan.blocks.map((b) => [b.block, b]));
    for (const block of nestedBlocksPreorder(func)) {
      const bp = byBlock.get(block);
      if (!bp) continue;
      out += `${blockLabel(names, block, func)}:\n`;
      for (const [v, o] of bp.ownership) out += `  ${ref(v)} -> ${printOwnership(o, name)}\n`;
      out += `  deallocate: ${bp.toDeallocate.length ? bp.toDeallocate.map(ref).join(', ') : 'none'}\n`;
      for (const step of bp.steps) {
        const plans = step.kind === 'branch' || step.kind === 'returnLike' ? (step.dealloc ? [step.dealloc] : [])
          : step.kind === 'condBranch' ? [step.deallocs[0]] : [];
        for (const d of plans) {
          out += `  dealloc: ${d.memrefs.map((m, i) => `${ref(m)} if ${printIndicator(d.conditions[i]!, name)}`).join(', ') || 'none'}` +
            ` retain: ${d.retained.map(ref).join(', ') || 'none'}\n`;
        }
      }
    }
    if (plan.error) out += `  error: ${plan.error.message}\n`;
  }
  return out;
}

function blockLabel(names: NameTable, block: Block, func: Operation): string {
  const owner = block.parentOp;
  return owner === func || !owner ? names.blockName(block) : `${names.blockName(block)} in ${owner.name}`;
}

export const testOwnershipAnalysisPass: PassDef = {
  argument: 'test-ownership-analysis',
  name: 'TestOwnershipAnalysis',
  description: 'Print the ownership analysis of ownership-based buffer deallocation',
  options: [{ name: 'private-function-dynamic-ownership', type: 'bool', default: false, description: 'as the deallocation pass' }],
  run(op, ctx) {
    if (!hasTrait(op, 'SymbolTable') && !hasTrait(op, 'FunctionLike')) return;
    ctx.errs(printOwnershipAnalysis(op, ctx.options['private-function-dynamic-ownership'] === true));
  },
};
