/**
 * func and cf semantics.
 *
 *  1. func.call runs the callee in a fresh frame (engine.ts (1)); a call to a function
 *     named `dealloc_helper` (the library function of bufferization-lower-deallocations)
 *     counts one dealloc-helper call.
 *  2. func.constant yields a function reference; func.call_indirect calls it.
 *  3. func.return leaves the function body with its operands.
 *  4. cf.br / cf.cond_br / cf.switch pick a successor and forward the operands the
 *     BranchInterface names for it to the successor's block arguments.
 *  5. cf.assert with a false condition is a runtime error carrying the message.
 */
import { DenseElementsAttr, SymbolRefAttr, StringAttr, type Operation } from '@lifeline/ir';
import { InterpError, OPS, TERMS, type Exec, type Frame, type FuncCompiler, type FuncRef, type Term } from './engine.js';
import { intWidth, normalizer } from './values.js';

function compileCall(op: Operation, c: FuncCompiler, ref: (f: Frame) => FuncRef, argStart: number): Exec {
  const args = c.slotsOf(op.operandValues().slice(argStart));
  const assign = c.assign(op.results);
  const m = c.m;
  return (f) => {
    const callee = ref(f);
    if (callee.name === 'dealloc_helper') m.work.deallocHelperCalls++;
    const [vals, ts] = m.call(callee, args.map((s) => f.r[s]), args.map((s) => f.t[s]!), op);
    assign(f, vals, ts);
  };
}

OPS.set('func.call', (op, c) => {
  const ref = c.m.funcRef((op.getAttr('callee') as SymbolRefAttr).leaf);
  return compileCall(op, c, () => ref, 0);
});
OPS.set('func.call_indirect', (op, c) => {
  const s = c.slot(op.operand(0));
  return compileCall(op, c, (f) => f.r[s] as FuncRef, 1);
});
OPS.set('func.constant', (op, c) => {
  const ref = c.m.funcRef((op.getAttr('value') as SymbolRefAttr).leaf);
  const r = c.slot(op.results[0]!);
  return (f) => {
    f.r[r] = ref;
  };
});
TERMS.set('func.return', (op, c) => c.exitWith(op.operandValues()));

/** (4) the forwarding to successor `i` and its index. */
function edge(op: Operation, c: FuncCompiler, i: number): [Exec, number] {
  const operands = op.def!.spec.branch!.successorOperands(op, i);
  return [c.transfer(operands, op.successors[i]!.arguments), c.indexOf(op.successors[i]!)];
}

TERMS.set('cf.br', (op, c) => {
  const [move, to] = edge(op, c, 0);
  return (f) => (move(f), to);
});
TERMS.set('cf.cond_br', (op, c) => {
  const k = c.slot(op.operand(0));
  const [moveT, t] = edge(op, c, 0);
  const [moveF, e] = edge(op, c, 1);
  return (f) => {
    if (f.r[k]) return moveT(f), t;
    return moveF(f), e;
  };
});
TERMS.set('cf.switch', (op, c): Term => {
  const k = c.slot(op.operand(0));
  const cv = op.getAttr('case_values');
  const norm = normalizer(intWidth(op.operand(0).type) ?? 64);
  const values = cv instanceof DenseElementsAttr ? cv.leaves().map((l) => (l.kind === 'int' ? norm(l.value) : l.kind === 'bool' ? (l.value ? 1n : 0n) : undefined)) : [];
  const edges = op.successors.map((_, i) => edge(op, c, i));
  // A splat literal (one leaf) gives every case the same value.
  const caseValue = (i: number) => (values.length === 1 ? values[0] : values[i]);
  return (f) => {
    const v = f.r[k] as bigint;
    let i = 0;
    for (let j = 1; j < edges.length; j++) if (caseValue(j - 1) === v) { i = j; break; }
    const [move, to] = edges[i]!;
    move(f);
    return to;
  };
});

OPS.set('cf.assert', (op, c) => {
  const k = c.slot(op.operand(0));
  const msg = (op.getAttr('msg') as StringAttr | undefined)?.value ?? '';
  return (f) => {
    if (!f.r[k]) throw new InterpError(op, `assertion failed: ${msg}`);
  };
});
