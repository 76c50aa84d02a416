/**
 * The framework's test passes, printing what mlir-opt-19's print:
 *
 * - `--test-dead-code-analysis` (stderr): for every op with a `tag` attribute, in
 *   post-order, the executability of each block and incoming edge of its regions,
 *   the predecessors of each region entry and of the op itself. Constants come
 *   only from ConstantLike ops; other results and region arguments are unknown.
 * - `--test-liveness-analysis` (stdout): for every tagged op, whether each operand
 *   and result is live, after dead code, sparse constant propagation and liveness.
 */
import { CFGEdge, DataFlowSolver, DeadCodeAnalysis, dataFlowKeys, type DataFlowAnalysis, type DataFlowKeys } from '@lifeline/dataflow';
import { Attribute, StringAttr, nestedOpPrinter, type Block, type Operation, type PassDef, type Region, type Registry, type Value } from '@lifeline/ir';
import { constantOf, SparseConstantPropagation } from './constant-propagation.js';
import { IrControlFlowView } from './ir-view.js';
import { LivenessAnalysis, livenessLattice } from './liveness-analysis.js';

type Keys = DataFlowKeys<Operation, Block, Region, Value>;

function topLevel(op: Operation): Operation {
  let top = op;
  while (top.parentOp) top = top.parentOp;
  return top;
}

/** Keys for a fresh view of the IR (every pass run sees the IR as it is now). */
export function irDataFlowKeys(root: Operation, registry?: Registry): Keys {
  // Numbering the module for op printing costs a walk: only when something is printed.
  let printer: ((op: Operation) => string) | undefined;
  const show = (op: Operation) => (printer ??= nestedOpPrinter(topLevel(root)))(op);
  const view = new IrControlFlowView(registry ? (d) => registry.hasDialect(d) : undefined);
  return dataFlowKeys(view, { constantEquals: (a, b) => (a as Attribute).equals(b as Attribute), showOp: show });
}

function tagOf(op: Operation): string | undefined {
  const t = op.getAttr('tag');
  return t instanceof StringAttr ? t.value : undefined;
}

const blockName = (b: Block): string => `^bb${b.parent!.blocks.indexOf(b)}`;

/** The test's constant provider: ConstantLike results are constants, everything else unknown. */
class ConstantOpAnalysis implements DataFlowAnalysis {
  readonly name = 'constant-ops';
  constructor(private readonly keys: Keys) {}
  initialize(solver: DataFlowSolver, root: unknown): void {
    // Post-order, as MLIR's walk: the order values get their states decides the
    // order in which subscribers are woken, and so the order of predecessors.
    (root as Operation).walkPostOrder((op) => this.visit(solver, op));
  }
  visit(solver: DataFlowSolver, point: unknown): void {
    const op = point as Operation;
    const c = op.def?.spec.constant;
    if (c) {
      solver.join(op.results[0]!, this.keys.constants, constantOf(c.value(op)));
      return;
    }
    for (const r of op.results) solver.join(r, this.keys.constants, { kind: 'top' });
    for (const region of op.regions) for (const a of region.blocks[0]?.arguments ?? []) solver.join(a, this.keys.constants, { kind: 'top' });
  }
}

export const testDeadCodeAnalysisPass: PassDef = {
  argument: 'test-dead-code-analysis',
  name: 'TestDeadCodeAnalysisPass',
  description: 'Print the executable blocks and edges and the predecessors found by dead-code analysis',
  run(root, ctx) {
    const keys = irDataFlowKeys(root, ctx.registry);
    const solver = new DataFlowSolver();
    solver.load(new DeadCodeAnalysis(keys));
    solver.load(new ConstantOpAnalysis(keys));
    solver.run(root);
    const live = (anchor: unknown) => (solver.lookup(anchor, keys.executable) ? 'live' : 'dead');
    const preds = keys.predecessors.lattice;
    let out = '';
    root.walkPostOrder((op) => {
      const tag = tagOf(op);
      if (tag === undefined) return;
      out += `${tag}:\n`;
      op.regions.forEach((region, i) => {
        out += ` region #${i}\n`;
        for (const b of region.blocks) {
          out += `  ${blockName(b)} = ${live(b)}\n`;
          for (const { block: p } of keys.view.predecessors(b)) {
            out += `   from ${blockName(p)} = ${live(CFGEdge.get(p, b))}\n`;
          }
        }
        const entry = region.blocks[0];
        if (entry && solver.has(entry, keys.predecessors)) out += `region_preds: ${preds.print(solver.lookup(entry, keys.predecessors))}\n`;
      });
      if (solver.has(op, keys.predecessors)) out += `op_preds: ${preds.print(solver.lookup(op, keys.predecessors))}\n`;
    });
    ctx.errs(out);
  },
};

export const testLivenessAnalysisPass: PassDef = {
  argument: 'test-liveness-analysis',
  name: 'TestLivenessAnalysisPass',
  description: 'Print which operands and results of tagged ops are live (sparse backward liveness)',
  run(root, ctx) {
    const keys = irDataFlowKeys(root, ctx.registry);
    const solver = new DataFlowSolver();
    solver.load(new DeadCodeAnalysis(keys));
    solver.load(new SparseConstantPropagation(keys));
    const liveness = solver.load(new LivenessAnalysis(keys));
    solver.run(root);
    let out = '';
    let failed = false;
    const show = (op: Operation, v: Value, what: string): string => {
      if (!solver.has(v, liveness.key)) {
        // mlir-opt-19 dereferences a missing state here and crashes; we say why instead.
        if (!failed) ctx.emitError(op, `no liveness was computed for ${what} (is the op in dead code?)`);
        failed = true;
        return '';
      }
      return livenessLattice.print(solver.lookup(v, liveness.key));
    };
    root.walkPostOrder((op) => {
      const tag = tagOf(op);
      if (tag === undefined) return;
      out += `test_tag: ${tag}:\n`;
      op.operandValues().forEach((v, i) => (out += ` operand #${i}: ${show(op, v, `operand #${i}`)}\n`));
      op.results.forEach((v, i) => (out += ` result #${i}: ${show(op, v, `result #${i}`)}\n`));
    });
    if (!failed) ctx.outs(out);
  },
};
