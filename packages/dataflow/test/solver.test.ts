/**
 * The solver on a toy IR that has nothing to do with packages/ir: proof that the
 * framework only needs the analyses' own view of the program.
 *
 *   entry:  x0 = 0; y0 = 0            ┌───────────┐
 *   loop:   x1 = φ(x0, x2)            ▼           │
 *           y1 = φ(y0, y2)          loop ─────────┘
 *           x2 = x1 + 0
 *           y2 = y1 + 1
 */
import { describe, expect, it } from 'vitest';
import { flat, powerset } from '../src/lattice.js';
import { DataFlowSolver, NonTerminationError, NotMonotoneError, StateKey, type DataFlowAnalysis } from '../src/solver.js';

interface Instr { def: string; kind: 'const' | 'add' | 'phi'; args: (string | number)[] }

const program: Instr[] = [
  { def: 'x0', kind: 'const', args: [0] },
  { def: 'y0', kind: 'const', args: [0] },
  { def: 'x1', kind: 'phi', args: ['x0', 'x2'] },
  { def: 'y1', kind: 'phi', args: ['y0', 'y2'] },
  { def: 'x2', kind: 'add', args: ['x1', 0] },
  { def: 'y2', kind: 'add', args: ['y1', 1] },
];

const constants = flat<number>();
const CONST = new StateKey('constant', constants);
type C = ReturnType<typeof constants.of>;

/** Sparse constant propagation: each instruction is a point, each SSA name an anchor. */
const constProp: DataFlowAnalysis = {
  name: 'const-prop',
  initialize(solver, root) {
    for (const i of root as Instr[]) solver.enqueue(i, this);
  },
  visit(solver, point) {
    const i = point as Instr;
    const arg = (a: string | number): C => (typeof a === 'number' ? constants.of(a) : solver.read(a, CONST));
    let result: C;
    if (i.kind === 'const') result = arg(i.args[0]!);
    else if (i.kind === 'phi') result = i.args.map(arg).reduce((a, b) => constants.join(a, b), constants.bottom as C);
    else {
      const [a, b] = i.args.map(arg);
      if (a!.kind === 'bottom' || b!.kind === 'bottom') return;
      result = a!.kind === 'value' && b!.kind === 'value' ? constants.of(a!.value + b!.value) : constants.top!;
    }
    solver.join(i.def, CONST, result);
  },
};

describe('DataFlowSolver on a toy IR', () => {
  it('reaches the fixpoint: x stays 0 around the loop, y does not', () => {
    const solver = new DataFlowSolver();
    solver.load(constProp);
    solver.run(program);
    const show = (n: string) => constants.print(solver.lookup(n, CONST));
    expect(program.map((i) => `${i.def}=${show(i.def)}`).join(' ')).toBe('x0=0 y0=0 x1=0 y1=<top> x2=0 y2=<top>');
  });

  it('is deterministic: the same visits in the same order', () => {
    const order = (): string[] => {
      const seen: string[] = [];
      const spy: DataFlowAnalysis = { ...constProp, visit(s, p) { seen.push((p as Instr).def); constProp.visit.call(this, s, p); } };
      const solver = new DataFlowSolver();
      solver.load(spy);
      solver.run(program);
      return seen;
    };
    expect(order()).toEqual(order());
  });

  it('loads the analyses an analysis depends on, first and once', () => {
    const log: string[] = [];
    const base: DataFlowAnalysis = { name: 'base', initialize: () => log.push('base'), visit: () => {} };
    const top: DataFlowAnalysis = { name: 'top', dependencies: () => [base], initialize: () => log.push('top'), visit: () => {} };
    const solver = new DataFlowSolver();
    solver.load(top);
    solver.load(base);
    solver.run(null);
    expect(log).toEqual(['base', 'top']);
  });

  it('reports an analysis that moves a state down', () => {
    const flip: DataFlowAnalysis = {
      name: 'flip',
      initialize(solver) {
        solver.set('v', CONST, constants.top!);
        solver.set('v', CONST, constants.of(1));
      },
      visit() {},
    };
    const solver = new DataFlowSolver();
    solver.load(flip);
    expect(() => solver.run(null)).toThrow(NotMonotoneError);
  });

  it('stops a run that never converges with a clear error', () => {
    const SET = new StateKey('names', powerset<number>());
    let fresh = 0;
    const grow: DataFlowAnalysis = {
      name: 'grow',
      initialize(solver) { solver.enqueue('p', this); },
      visit(solver) {
        solver.read('s', SET);
        solver.join('s', SET, new Set([fresh++]));
      },
    };
    const solver = new DataFlowSolver({ maxSteps: 500 });
    solver.load(grow);
    expect(() => solver.run(null)).toThrow(/did not converge after 500 steps \('grow' was visiting p/);
  });
});
