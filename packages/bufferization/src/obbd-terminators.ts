/**
 * The deallocs MLIR 19 puts before terminators (OwnershipBasedBufferDeallocation.cpp,
 * BufferDeallocationOpInterface.cpp, the cf.cond_br model), materialised from the
 * analysis' plans.
 *
 * (1) Each memref to deallocate is passed as its base buffer
 *     (`memref.extract_strided_metadata`), made before the terminator. What is
 *     made for a terminator carries its location (MLIR builds at op->getLoc()).
 * (2) Branch: one dealloc (even an empty one); the forwarded memrefs' updated
 *     conditions are appended to the successor operands.
 * (3) cf.cond_br: conditions `andi(c, cond)` for the true successor's dealloc, then
 *     per condition `true`, `xori(true, cond)`, `andi(c, that)` for the false one; an
 *     `arith.select cond, a, b` per value retained by both; each successor gets the
 *     updated conditions of its own dealloc.
 * (4) Return-like: returns of functions without dynamic ownership first get owned
 *     values (clone, or `scf.if` that clones); then a dealloc unless it would be
 *     empty; dynamic-ownership returns and region terminators append the updated
 *     conditions of their memref operands.
 */
import { Block, Operation, type Value } from '@lifeline/ir';
import type { DeallocPlan, Step } from '@lifeline/analyses';
import { i1, type Materializer } from './obbd-materialize.js';

type StepOf<K extends Step['kind']> = Extract<Step, { kind: K }>;

/** (1) */
function baseBuffers(m: Materializer, plan: DeallocPlan): Value[] {
  return plan.memrefs.map((x) => m.baseBuffer(m.memref(x)));
}

/** (2) */
export function materializeBranch(m: Materializer, step: StepOf<'branch'>): void {
  const op = step.op;
  m.builder.setInsertionPointBefore(op);
  m.builder.loc = op.loc;
  const bases = baseBuffers(m, step.dealloc);
  const d = m.dealloc(bases, step.dealloc.conditions.map((c) => m.resolve(c)), step.dealloc.retained.map((r) => m.memref(r)));
  m.deallocs.set(op, [d.results.slice()]);
  op.insertOperands(op.operands.length, d.results.slice(0, step.forwarded));
}

/** (3) */
export function materializeCondBranch(m: Materializer, step: StepOf<'condBranch'>): void {
  const op = step.op;
  const b = m.builder;
  b.setInsertionPointBefore(op);
  b.loc = op.loc;
  const cond = op.operand(0);
  const plan0 = step.deallocs[0];
  const bases = baseBuffers(m, plan0);
  const conditions = plan0.conditions.map((c) => m.resolve(c));
  const thenConds = conditions.map((c) => m.create('arith.andi', [c, cond], [i1]).result(0));
  const d0 = m.dealloc(bases, thenConds, plan0.retained.map((r) => m.memref(r)));
  const elseConds = conditions.map((c) => {
    const t = m.boolConstant(true);
    const x = m.create('arith.xori', [t, cond], [i1]).result(0);
    return m.create('arith.andi', [c, x], [i1]).result(0);
  });
  const d1 = m.dealloc(bases, elseConds, step.deallocs[1].retained.map((r) => m.memref(r)));
  const results: Value[][] = [d0.results.slice(), d1.results.slice(), []];
  m.deallocs.set(op, results);
  const last = (plan: DeallocPlan, v: Value, rs: readonly Value[]): Value => {
    let at = -1;
    plan.retained.forEach((r, i) => { if (r === v) at = i; });
    return rs[at]!;
  };
  for (const v of step.common) {
    const a = last(plan0, v, d0.results);
    const c = last(step.deallocs[1], v, d1.results);
    results[2]!.push(m.create('arith.select', [cond, a, c], [i1]).result(0));
  }
  // Successor operands: [cond, true operands + appended, false operands + appended].
  const br = op.def!.spec.branch!;
  const t = [...br.successorOperands(op, 0), ...step.appended[0].map((x) => m.resolve(x))];
  const f = [...br.successorOperands(op, 1), ...step.appended[1].map((x) => m.resolve(x))];
  op.setOperands([cond, ...t, ...f]);
  op.setAttr('operandSegmentSizes', m.segmentSizes([1, t.length, f.length]));
}


/** (4) */
export function materializeReturnLike(m: Materializer, step: StepOf<'returnLike'>): void {
  const op = step.op;
  const b = m.builder;
  b.loc = op.loc;
  for (const a of step.actions) {
    if (a.kind === 'asis') continue;
    b.setInsertionPointBefore(op);
    const v = op.operand(a.operand);
    const p = a.placeholder!;
    let owned: Value;
    if (a.kind === 'clone') {
      owned = m.create('bufferization.clone', [v], [v.type]).result(0);
    } else {
      let condition: Value;
      if (a.select) {
        condition = m.create('arith.select', [v.definingOp!.operand(0), m.resolve(a.select.trueInd), m.resolve(a.select.falseInd)], [i1]).result(0);
        m.values.set(v, condition);
      } else {
        condition = m.resolve(a.condition!);
      }
      owned = ifClone(m, condition, v);
    }
    m.values.set(p, owned);
    b.setInsertionPointBefore(op);
    m.constantFor({ kind: 'const', value: true, site: p, block: op.parent! });
    op.setOperand(a.operand, owned);
  }
  if (!step.dealloc) return;
  b.setInsertionPointBefore(op);
  const bases = baseBuffers(m, step.dealloc);
  const d = m.dealloc(bases, step.dealloc.conditions.map((c) => m.resolve(c)), step.dealloc.retained.map((r) => m.memref(r)));
  m.deallocs.set(op, [d.results.slice()]);
  if (step.appendOwnership) op.insertOperands(op.operands.length, d.results.slice(0, step.appendOwnership));
}

/** `scf.if %c -> T { yield v } else { %clone = clone v; yield %clone }` before the builder's point. */
function ifClone(m: Materializer, condition: Value, v: Value): Value {
  const ifOp = m.builder.create('scf.if', { operands: [condition], resultTypes: [v.type], regions: 2 });
  const thenB = new Block();
  const elseB = new Block();
  ifOp.regions[0]!.pushBlock(thenB);
  ifOp.regions[1]!.pushBlock(elseB);
  const yieldDef = m.registry.lookup('scf.yield');
  thenB.append(new Operation({ name: 'scf.yield', def: yieldDef, operands: [v] }));
  const clone = new Operation({ name: 'bufferization.clone', def: m.registry.lookup('bufferization.clone'), operands: [v], resultTypes: [v.type] });
  elseB.append(clone);
  elseB.append(new Operation({ name: 'scf.yield', def: yieldDef, operands: [clone.result(0)] }));
  return ifOp.result(0);
}
