/**
 * A toy IR that has nothing to do with packages/ir, and its ControlFlowView: the
 * proof that the framework's analyses only need the view.
 *
 * A program is one function: blocks of instructions, each block ending in a
 * terminator. Instructions define at most one value and read any:
 *   def  x = op(a, b)        pure
 *   eff  op(a, b)            has memory effects (a store, a print)
 *   br   ^k(args)            cbr c ^t(args) ^f(args)      ret (args)
 * A `cbr` on a value defined by `const` with a known boolean takes one side.
 */
import type { BranchView, ControlFlowView } from '../src/index.js';

export class ToyValue {
  constructor(readonly name: string) {}
  users: ToyInstr[] = [];
  toString(): string { return this.name; }
}

export class ToyInstr {
  block!: ToyBlock;
  index = 0;
  constructor(
    readonly kind: 'def' | 'eff' | 'const' | 'br' | 'cbr' | 'ret' | 'func',
    readonly operands: ToyValue[],
    readonly result: ToyValue | undefined,
    readonly targets: { block: ToyBlock; args: ToyValue[] }[] = [],
    readonly constant?: boolean,
  ) {}
  regions: ToyRegion[] = [];
  toString(): string { return `${this.kind}${this.result ? ' ' + this.result.name : ''}`; }
}

export class ToyBlock {
  instrs: ToyInstr[] = [];
  args: ToyValue[] = [];
  region!: ToyRegion;
  constructor(readonly id: number) {}
  toString(): string { return `^bb${this.id}`; }
}

export class ToyRegion {
  blocks: ToyBlock[] = [];
  owner!: ToyInstr;
}

/** The root: a `func` instruction owning one region. */
export function toyFunction(blocks: ToyBlock[]): ToyInstr {
  const f = new ToyInstr('func', [], undefined);
  const r = new ToyRegion();
  r.owner = f;
  r.blocks = blocks;
  f.regions = [r];
  for (const b of blocks) {
    b.region = r;
    b.instrs.forEach((i, k) => {
      i.block = b;
      i.index = k;
      for (const v of i.operands) v.users.unshift(i);
      for (const t of i.targets) for (const a of t.args) a.users.unshift(i);
    });
  }
  return f;
}

type View = ControlFlowView<ToyInstr, ToyBlock, ToyRegion, ToyValue>;

export const toyView: View = {
  isOp: (p): p is ToyInstr => p instanceof ToyInstr,
  regions: (op) => op.regions,
  blocks: (r) => r.blocks,
  ops: (b) => b.instrs,
  opsReversed: (b) => [...b.instrs].reverse(),
  prevOp: (op) => op.block.instrs[op.index - 1],
  nextOp: (op) => op.block.instrs[op.index + 1],
  firstOp: (b) => b.instrs[0],
  arguments: (b) => b.args,
  operands: (op) => [...op.operands, ...op.targets.flatMap((t) => t.args)],
  results: (op) => (op.result ? [op.result] : []),
  users: (v) => v.users,
  parentBlock: (op) => (op.kind === 'func' ? null : op.block),
  parentRegion: (b) => b.region,
  regionOwner: (r) => r.owner,
  terminator: (b) => b.instrs[b.instrs.length - 1],
  successors: (op) => op.targets.map((t) => t.block),
  predecessors: (b) => {
    const out: { block: ToyBlock; index: number }[] = [];
    for (const p of b.region.blocks) {
      const t = p.instrs[p.instrs.length - 1]!;
      t.targets.forEach((x, index) => x.block === b && out.push({ block: p, index }));
    }
    return out;
  },
  isAncestor: (a, op) => a === op || a.kind === 'func',
  branch: (op): BranchView<ToyBlock, ToyValue> | undefined => {
    if (op.kind !== 'br' && op.kind !== 'cbr') return undefined;
    const base = op.operands.length;
    return {
      successorOperands: (i) => op.targets[i]!.args,
      successorOperandIndices: (i) => {
        let start = base;
        for (let k = 0; k < i; k++) start += op.targets[k]!.args.length;
        return op.targets[i]!.args.map((_, j) => start + j);
      },
      successorForConstants: (c) => (op.kind === 'br' ? op.targets[0]!.block : typeof c[0] === 'boolean' ? op.targets[c[0] ? 0 : 1]!.block : undefined),
    };
  },
  regionBranch: () => undefined,
  regionTerminator: () => undefined,
  call: () => undefined,
  callable: (op) => (op.kind === 'func' ? { region: () => op.regions[0] } : undefined),
  isReturnLike: (op) => op.kind === 'ret',
  isMemoryEffectFree: (op) => op.kind !== 'eff',
  callablesWithUnknownCallers: (root) => [root],
};
