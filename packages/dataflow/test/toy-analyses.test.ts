/**
 * The dead-code analysis and the sparse and dense bases, run on a toy IR
 * (toy-ir.ts) that is not built from packages/ir, each checked against a naive,
 * obviously-correct fixpoint on random programs (STYLE.md habit 5).
 *
 *   random blocks:  ^bk(args):  x = const true | x = def(...) | eff(...)
 *                               br ^j(...) | cbr x ^t(...) ^f(...) | ret(...)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DataFlowSolver, DeadCodeAnalysis, DenseBackwardAnalysis, DenseForwardAnalysis, SparseBackwardAnalysis,
  SparseForwardAnalysis, dataFlowKeys, flat, powerset, CFGEdge, type ConstantValue,
} from '../src/index.js';
import { ToyBlock, ToyInstr, ToyValue, toyFunction, toyView, type ToyRegion } from './toy-ir.js';

type Keys = ReturnType<typeof dataFlowKeys<ToyInstr, ToyBlock, ToyRegion, ToyValue>>;

// ---- random programs --------------------------------------------------------------

interface Spec {
  blocks: { args: number; body: { kind: 'def' | 'eff' | 'const'; reads: number[]; value: boolean }[]; term: { kind: 'br' | 'cbr' | 'ret'; targets: number[]; cond: number; args: number[] } }[];
}

const specArb: fc.Arbitrary<Spec> = fc.integer({ min: 1, max: 10 }).chain((n) =>
  fc.record({
    blocks: fc.array(
      fc.record({
        args: fc.integer({ min: 0, max: 2 }),
        body: fc.array(fc.record({
          kind: fc.constantFrom('def' as const, 'eff' as const, 'const' as const),
          reads: fc.array(fc.nat(30), { maxLength: 2 }),
          value: fc.boolean(),
        }), { maxLength: 4 }),
        term: fc.record({
          kind: fc.constantFrom('br' as const, 'cbr' as const, 'cbr' as const, 'ret' as const),
          targets: fc.array(fc.nat(n - 1), { minLength: 2, maxLength: 2 }),
          cond: fc.nat(30),
          args: fc.array(fc.nat(30), { minLength: 4, maxLength: 4 }),
        }),
      }),
      { minLength: n, maxLength: n },
    ),
  }));

/** Builds the program; values are read from a pool of everything defined (dominance is not needed here). */
function build(spec: Spec): { root: ToyInstr; blocks: ToyBlock[] } {
  const blocks = spec.blocks.map((_, i) => new ToyBlock(i));
  const pool: ToyValue[] = [];
  const conds: ToyValue[] = [];
  spec.blocks.forEach((b, i) => {
    for (let k = 0; k < b.args; k++) pool.push((blocks[i]!.args[k] = new ToyValue(`a${i}_${k}`)));
  });
  let n = 0;
  const pending: (() => void)[] = [];
  spec.blocks.forEach((b, i) => {
    for (const ins of b.body) {
      const result = ins.kind === 'eff' ? undefined : new ToyValue(`v${n++}`);
      const instr = new ToyInstr(ins.kind, [], result, [], ins.kind === 'const' ? ins.value : undefined);
      blocks[i]!.instrs.push(instr);
      if (result) {
        pool.push(result);
        if (ins.kind === 'const' || ins.kind === 'def') conds.push(result);
      }
      pending.push(() => instr.operands.push(...(ins.kind === 'const' ? [] : ins.reads.map((r) => pool[r % pool.length]!))));
    }
  });
  if (!pool.length) pool.push(new ToyValue('none'));
  for (const p of pending) p();
  const pick = (k: number) => pool[k % pool.length]!;
  spec.blocks.forEach((b, i) => {
    const t = b.term;
    // Nothing branches to the entry block (MLIR's rule: its state comes from callers only).
    const dest = (j: number) => blocks[1 + (t.targets[j]! % (blocks.length - 1))]!;
    const target = (j: number, from: number) => ({ block: dest(j), args: dest(j).args.map((_, k) => pick(t.args[from + k]!)) });
    let term: ToyInstr;
    if (t.kind === 'ret' || blocks.length === 1 || (t.kind === 'cbr' && !conds.length)) term = new ToyInstr('ret', [pick(t.args[0]!)], undefined);
    else if (t.kind === 'br') term = new ToyInstr('br', [], undefined, [target(0, 0)]);
    else term = new ToyInstr('cbr', [conds[t.cond % conds.length]!], undefined, [target(0, 0), target(1, 2)]);
    blocks[i]!.instrs.push(term);
  });
  return { root: toyFunction(blocks), blocks };
}

// ---- the analyses under test ---------------------------------------------------------

/** Constants: `const` gives its boolean, everything else is unknown (⊤). */
class ToyConstants extends SparseForwardAnalysis<ConstantValue, ToyInstr, ToyBlock, ToyRegion, ToyValue> {
  readonly name = 'toy-constants';
  constructor(keys: Keys) { super(keys, 'constant', keys.constants.lattice); }
  protected entryState(): ConstantValue { return { kind: 'top' }; }
  protected visitOperation(op: ToyInstr, _operands: readonly ConstantValue[], results: readonly ToyValue[]): void {
    for (const r of results) this.join(r, op.kind === 'const' ? { kind: 'value', value: op.constant } : { kind: 'top' });
  }
}

const bool = flat<boolean>();
class ToyLiveness extends SparseBackwardAnalysis<ReturnType<typeof bool.of> | typeof bool.bottom, ToyInstr, ToyBlock, ToyRegion, ToyValue> {
  readonly name = 'toy-liveness';
  constructor(keys: Keys) { super(keys, 'toy-live', bool); }
  private readonly LIVE = bool.of(true);
  protected exitState() { return this.LIVE; }
  protected visitOperation(op: ToyInstr, operands: readonly ToyValue[], results: readonly ReturnType<typeof bool.of>[]): void {
    if (op.kind === 'eff' || results.some((r) => r.kind !== 'bottom')) for (const x of operands) this.join(x, this.LIVE);
  }
  protected visitBranchOperand(op: ToyInstr, i: number): void {
    if (op.targets.some((t) => t.block.instrs.some((x) => x.kind === 'eff'))) this.join(toyView.operands(op)[i]!, this.LIVE);
  }
  protected visitCallOperand(): void {}
}

const names = powerset<string>();
class ReachingDefs extends DenseForwardAnalysis<ReadonlySet<string>, ToyInstr, ToyBlock, ToyRegion, ToyValue> {
  readonly name = 'reaching-defs';
  constructor(keys: Keys) { super(keys, 'reaching-defs', names); }
  protected entryState() { return names.bottom; }
  protected transfer(op: ToyInstr, before: ReadonlySet<string>) {
    return op.result ? names.join(before, new Set([op.result.name])) : before;
  }
}
class UsedLater extends DenseBackwardAnalysis<ReadonlySet<string>, ToyInstr, ToyBlock, ToyRegion, ToyValue> {
  readonly name = 'used-later';
  constructor(keys: Keys) { super(keys, 'used-later', names); }
  protected exitState() { return names.bottom; }
  protected transfer(op: ToyInstr, after: ReadonlySet<string>) {
    return names.join(after, new Set(toyView.operands(op).map((v) => v.name)));
  }
}

function solve(root: ToyInstr) {
  const keys = dataFlowKeys(toyView);
  const solver = new DataFlowSolver();
  solver.load(new DeadCodeAnalysis(keys));
  solver.load(new ToyConstants(keys));
  const live = solver.load(new ToyLiveness(keys));
  const rd = solver.load(new ReachingDefs(keys));
  const ul = solver.load(new UsedLater(keys));
  solver.run(root);
  return { keys, solver, live, rd, ul };
}

// ---- naive oracles ---------------------------------------------------------------------

/**
 * Executable blocks and edges. As in MLIR, a branch is resolved only once every
 * operand has some constant state: results of live ops, arguments of the entry
 * block, and block arguments fed over a live edge by a value that has one.
 */
function naiveExecutable(blocks: ToyBlock[]) {
  const live = new Set<ToyBlock>([blocks[0]!]);
  const edges = new Set<string>();
  const known = new Set<ToyValue>(blocks[0]!.args);
  const defOf = new Map<ToyValue, ToyInstr>();
  for (const b of blocks) for (const i of b.instrs) if (i.result) defOf.set(i.result, i);
  for (let changed = true; changed;) {
    changed = false;
    const add = <T>(set: Set<T>, x: T) => { if (!set.has(x)) { set.add(x); changed = true; } };
    for (const b of blocks) {
      if (!live.has(b)) continue;
      for (const i of b.instrs) if (i.result) add(known, i.result);
      const t = b.instrs[b.instrs.length - 1]!;
      if (!toyView.operands(t).every((v) => known.has(v))) continue;
      let taken = t.targets;
      if (t.kind === 'cbr') {
        const def = defOf.get(t.operands[0]!)!;
        if (def.kind === 'const') taken = [t.targets[def.constant ? 0 : 1]!];
      }
      for (const target of taken) {
        add(live, target.block);
        add(edges, `${b.id}->${target.block.id}`);
        target.args.forEach((a, k) => { if (known.has(a)) add(known, target.block.args[k]!); });
      }
    }
  }
  return { live, edges };
}

function naiveLiveValues(blocks: ToyBlock[], exec: ReturnType<typeof naiveExecutable>): Set<ToyValue> {
  const live = new Set<ToyValue>();
  const mark = (v: ToyValue) => (live.has(v) ? false : (live.add(v), true));
  for (let changed = true; changed;) {
    changed = false;
    for (const b of blocks) {
      if (!exec.live.has(b)) continue;
      for (const i of b.instrs) {
        if (i.kind === 'eff' || i.kind === 'ret' || (i.result && live.has(i.result))) for (const x of i.operands) changed = mark(x) || changed;
        i.targets.forEach((t) => t.args.forEach((a, k) => { if (live.has(t.block.args[k]!)) changed = mark(a) || changed; }));
        if (i.kind === 'cbr' && i.targets.some((t) => t.block.instrs.some((x) => x.kind === 'eff'))) changed = mark(i.operands[0]!) || changed;
      }
    }
  }
  return live;
}

/** Reaching definitions after each instruction, over live blocks and edges. */
function naiveReaching(blocks: ToyBlock[], exec: ReturnType<typeof naiveExecutable>): Map<ToyInstr, Set<string>> {
  const atStart = new Map<ToyBlock, Set<string>>(blocks.map((b) => [b, new Set<string>()]));
  const after = new Map<ToyInstr, Set<string>>();
  for (let changed = true; changed;) {
    changed = false;
    for (const b of blocks) {
      if (!exec.live.has(b)) continue;
      let cur = new Set(atStart.get(b));
      for (const i of b.instrs) {
        if (i.result) cur = new Set([...cur, i.result.name]);
        after.set(i, cur);
      }
      for (const t of b.instrs[b.instrs.length - 1]!.targets) {
        if (!exec.edges.has(`${b.id}->${t.block.id}`)) continue;
        const s = atStart.get(t.block)!;
        for (const x of cur) if (!s.has(x)) { s.add(x); changed = true; }
      }
    }
  }
  return after;
}

/** Names read at or after each instruction on some path, over live blocks and edges. */
function naiveUsedLater(blocks: ToyBlock[], exec: ReturnType<typeof naiveExecutable>): Map<ToyInstr, Set<string>> {
  const atEnd = new Map<ToyBlock, Set<string>>(blocks.map((b) => [b, new Set<string>()]));
  const before = new Map<ToyInstr, Set<string>>();
  for (let changed = true; changed;) {
    changed = false;
    for (const b of blocks) {
      if (!exec.live.has(b)) continue;
      const end = atEnd.get(b)!;
      for (const t of b.instrs[b.instrs.length - 1]!.targets) {
        if (!exec.edges.has(`${b.id}->${t.block.id}`)) continue;
        const first = before.get(t.block.instrs[0]!);
        for (const x of first ?? []) if (!end.has(x)) { end.add(x); changed = true; }
      }
      let cur = new Set(end);
      for (const i of [...b.instrs].reverse()) {
        cur = new Set([...cur, ...toyView.operands(i).map((v) => v.name)]);
        const old = before.get(i);
        if (!old || old.size !== cur.size) changed = true;
        before.set(i, cur);
      }
    }
  }
  return before;
}

const sorted = (s: Iterable<string>) => [...s].sort();

describe('framework analyses on a toy IR, against naive fixpoints', () => {
  it('dead code, constants, sparse liveness, dense forward and backward', () => {
    fc.assert(fc.property(specArb, (spec) => {
      const { root, blocks } = build(spec);
      const { keys, solver, live, rd, ul } = solve(root);
      const exec = naiveExecutable(blocks);
      for (const b of blocks) {
        expect(solver.lookup(b, keys.executable), `block ${b}`).toBe(exec.live.has(b));
        for (const { block: p } of toyView.predecessors(b)) {
          expect(solver.lookup(CFGEdge.get(p, b), keys.executable), `edge ${p}->${b}`).toBe(exec.edges.has(`${p.id}->${b.id}`));
        }
      }
      const liveValues = naiveLiveValues(blocks, exec);
      for (const b of blocks) {
        if (!exec.live.has(b)) continue;
        for (const i of b.instrs) for (const v of toyView.operands(i)) {
          expect(solver.lookup(v, live.key).kind !== 'bottom', `liveness of ${v}`).toBe(liveValues.has(v));
        }
      }
      const reaching = naiveReaching(blocks, exec);
      const usedLater = naiveUsedLater(blocks, exec);
      for (const b of blocks) {
        if (!exec.live.has(b)) continue;
        for (const i of b.instrs) {
          expect(sorted(rd.stateAt(i)), `reaching defs after ${i} in ${b}`).toEqual(sorted(reaching.get(i)!));
          expect(sorted(ul.stateAt(i)), `used later before ${i} in ${b}`).toEqual(sorted(usedLater.get(i)!));
        }
      }
    }), { numRuns: 300 });
  });

  it('is deterministic: two runs make the same number of visits', () => {
    const { root } = build(fc.sample(specArb, { seed: 7, numRuns: 1 })[0]!);
    const a = solve(root).solver.stepCount;
    const { root: again } = build(fc.sample(specArb, { seed: 7, numRuns: 1 })[0]!);
    expect(solve(again).solver.stepCount).toBe(a);
  });
});
