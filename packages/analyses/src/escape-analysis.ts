/**
 * Escape analysis: which allocations of a function may outlive it or be reached from where
 * it cannot see. Written against interfaces only, so it runs on every IR that declares them:
 * memory effects, the memory-source (pointer-flow) hooks, branches, region branches, calls.
 *
 * Pointer flow is a sparse forward analysis on the dataflow framework; each value holds the
 * set of the function's allocations it may address (a powerset, ordered by inclusion):
 *
 *     {a, b}
 *     /    \
 *   {a}    {b}
 *     \    /
 *      {}          values that address none of this function's allocations
 *
 * Specification:
 *  (P1) An allocation is a result of an op whose memory-source step is `allocate`, or that
 *       carries a value-scoped Allocate effect on that result; it addresses itself.
 *  (P2) A result whose memory-source step derives it from another value (convert, address,
 *       box, declare) addresses what that value addresses.
 *  (P3) Results of ops without memory effects (selects, casts, arithmetic on addresses)
 *       address what any of their operands address; values forwarded by branches and region
 *       branches flow to the block arguments / results they reach (the framework's joins).
 *  (P4) Everything else (loads, calls, unknown ops, function arguments) addresses none: an
 *       address can only reach memory or a callee by a use that (E1)–(E4) already counts as
 *       an escape, so what is read back from there is already escaped.
 *  (E1) A function return (a ReturnLike terminator of the function body) escapes what its
 *       operands address: "returned".
 *  (E2) A call escapes what its operands address: "passed to a call" (no summaries yet).
 *  (E3) An operand of an op with a write effect that is not the location of one of its
 *       effects is the stored value: "stored into memory".
 *  (E4) An operand of an op without memory-effect information that neither derives a
 *       result (P2) nor is forwarded (P3) is an unknown use: "used by <op name>".
 *  (E5) Reading, writing or freeing through an address, deriving another address from it,
 *       and forwarding it are not escapes.
 */
import { DataFlowSolver, DeadCodeAnalysis, powerset, SparseForwardAnalysis, type DataFlowKeys } from '@lifeline/dataflow';
import type { Block, Operation, PassDef, Region, Registry, Value } from '@lifeline/ir';
import { aliasOperandText } from './alias-test-passes.js';
import { SparseConstantPropagation } from './constant-propagation.js';
import { irDataFlowKeys } from './dataflow-test-passes.js';

type Keys = DataFlowKeys<Operation, Block, Region, Value>;
type Points = ReadonlySet<Value>;

const NONE: Points = new Set();
const pointsLattice = powerset<Value>((v) => v.toString());

/** (P1) */
export function isAllocation(v: Value): boolean {
  const op = v.definingOp;
  if (!op) return false;
  if (op.def?.spec.memorySource?.step(op, v)?.kind === 'allocate') return true;
  return op.def?.spec.memoryEffects?.(op).some((e) => e.kind === 'allocate' && e.value === v) ?? false;
}

/** (P2) The value `result` is derived from, if its op says so. */
function derivedFrom(op: Operation, result: Value): Value | undefined {
  const step = op.def?.spec.memorySource?.step(op, result);
  switch (step?.kind) {
    case 'convert': case 'address': case 'box': case 'declare': return step.source;
  }
  return op.def?.spec.viewLike?.source(op);
}

class PointerFlow extends SparseForwardAnalysis<Points, Operation, Block, Region, Value> {
  readonly name = 'pointer-flow';
  constructor(keys: Keys) {
    super(keys, 'points-to', pointsLattice);
  }
  protected entryState(): Points {
    return NONE; // (P4)
  }
  protected visitOperation(op: Operation, operands: readonly Points[], results: readonly Value[]): void {
    const effects = op.def?.spec.memoryEffects?.(op);
    for (const r of results) {
      if (isAllocation(r)) { // (P1)
        this.join(r, new Set([r]));
        continue;
      }
      const from = derivedFrom(op, r);
      if (from) this.join(r, this.get(from)); // (P2)
      else if (effects && effects.length === 0) for (const p of operands) this.join(r, p); // (P3)
      else this.join(r, NONE); // (P4)
    }
  }
}

export interface Escape {
  /** The allocation (its result value). */
  allocation: Value;
  /** Why it escapes; empty when it does not. */
  reasons: string[];
}

/** Operands `op` forwards to successors, region entries or the parent (P3). */
function forwardedOperands(op: Operation): Set<Value> {
  const out = new Set<Value>();
  const spec = op.def?.spec;
  op.successors.forEach((_, i) => spec?.branch?.successorOperands(op, i).forEach((v) => out.add(v)));
  if (spec?.regionBranch) for (const r of ['parent' as const, ...op.regions]) spec.regionBranch.entryOperands(op, r).forEach((v) => out.add(v));
  if (spec?.regionBranchTerminator) {
    const parent = op.parentOp;
    for (const target of ['parent' as const, ...(parent?.regions ?? [])]) {
      spec.regionBranchTerminator.forwardedOperands(op, target).forEach((v) => out.add(v));
    }
  }
  return out;
}

/** (E1) A terminator that returns from the function `root` (not one that yields to a region op). */
function returnsFromFunction(op: Operation): boolean {
  return !!op.def?.has('ReturnLike') && !!op.parentOp?.def?.has('FunctionLike');
}

/** Why each use of `v` lets what it addresses escape (E1)–(E5). */
function escapingUses(op: Operation, operand: Value): string | undefined {
  const spec = op.def?.spec;
  if (returnsFromFunction(op)) return 'returned'; // (E1)
  if (spec?.call) return `passed to a call (${op.name})`; // (E2)
  if (forwardedOperands(op).has(operand)) return undefined; // (E5)
  if (op.results.some((r) => derivedFrom(op, r) === operand)) return undefined; // (E5)
  const effects = spec?.memoryEffects?.(op);
  if (!effects) return `used by ${op.name}`; // (E4)
  if (effects.some((e) => e.value === operand)) return undefined; // (E5)
  if (effects.some((e) => e.kind === 'write')) return `stored into memory by ${op.name}`; // (E3)
  return undefined;
}

/**
 * Runs the analysis on one function-like op (or any op with regions) and returns each
 * allocation in it, in program order, with the reasons it escapes.
 */
export function analyzeEscapes(root: Operation, registry?: Registry): Escape[] {
  const keys = irDataFlowKeys(root, registry);
  const solver = new DataFlowSolver();
  // Dead-code analysis decides which regions run from the constants it is told about.
  solver.load(new DeadCodeAnalysis(keys));
  solver.load(new SparseConstantPropagation(keys));
  const flow = solver.load(new PointerFlow(keys));
  solver.run(root);
  const points = (v: Value): Points => (solver.has(v, flow.key) ? solver.lookup(v, flow.key) : NONE);
  const escapes = new Map<Value, Escape>();
  root.walk((op) => {
    for (const r of op.results) if (isAllocation(r)) escapes.set(r, { allocation: r, reasons: [] });
  });
  root.walk((op) => {
    for (const o of op.operands) {
      const pts = points(o.value);
      if (!pts.size) continue;
      const why = escapingUses(op, o.value);
      if (!why) continue;
      for (const a of pts) {
        const e = escapes.get(a);
        if (e && !e.reasons.includes(why)) e.reasons.push(why);
      }
    }
  });
  return [...escapes.values()];
}

/**
 * `--test-escape-analysis`: for the op it runs on, `Testing : <sym_name>` and then each
 * allocation (named like the alias test passes name values) with `local` or
 * `escapes: <reasons>`.
 */
export const testEscapeAnalysisPass: PassDef = {
  argument: 'test-escape-analysis',
  name: 'TestEscapeAnalysisPass',
  description: 'Print which allocations escape the function.',
  run(root, ctx) {
    const name = root.getAttr('sym_name');
    let out = `Testing : ${name ? name.toString() : '<<NULL ATTRIBUTE>>'}\n`;
    for (const e of analyzeEscapes(root, ctx.registry)) {
      out += `${aliasOperandText(e.allocation)}: ${e.reasons.length ? `escapes: ${e.reasons.join('; ')}` : 'local'}\n`;
    }
    ctx.errs(out);
  },
};
