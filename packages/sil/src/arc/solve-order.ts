/**
 * The order in which the ARC dense analyses (arc/dataflow.ts) first visit a
 * function. They stay analyses of the framework's solver; this only decides how
 * their `initialize` seeds it.
 *
 * (O1) Blocks are taken from a worklist ordered by reverse postorder of the CFG
 *      (forward analyses) or postorder (backward ones), smallest rank first. A
 *      visit runs the analysis's own block visit and op visits; when the block's
 *      output state (forward: after its last op; backward: before its first op)
 *      changed, its successors (forward) or predecessors (backward) go back on the
 *      worklist. A loop thus reaches its fixpoint before the code after it is
 *      visited, and straight-line and branching code is visited once.
 * (O2) Why: with program-order seeding and the solver's first-in first-out
 *      worklist, every loop whose fixpoint changed a long-lived root sent its own
 *      wave of revisits through the rest of the function (and a backward analysis
 *      met every join before its successors were known), so visits grew with the
 *      number of loops times the length of the function — superlinear time on
 *      long functions (arc/DESIGN.md, "Time").
 * (O3) The solver then runs as usual: the dependents the seeding woke are
 *      revisited and find nothing to change when the seeding reached the fixpoint;
 *      anything it did not reach is still solved by the framework. The states are
 *      the framework's fixpoint either way.
 * (O4) Only blocks reachable from the entry are ranked; the analyses' executability
 *      check skips those dead-code analysis proved dead, as the solver would.
 */
import { DepthFirst } from '@lifeline/dataflow/cfg';
import type { Block } from '@lifeline/ir';

/** A binary min-heap of block ranks. */
class RankHeap {
  private readonly items: number[] = [];
  get size(): number {
    return this.items.length;
  }
  push(x: number): void {
    const a = this.items;
    let i = a.push(x) - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (a[p]! <= x) break;
      a[i] = a[p]!;
      i = p;
    }
    a[i] = x;
  }
  pop(): number {
    const a = this.items;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= a.length) break;
        const c = l + 1 < a.length && a[l + 1]! < a[l]! ? l + 1 : l;
        if (a[c]! >= last) break;
        a[i] = a[c]!;
        i = c;
      }
      a[i] = last;
    }
    return top;
  }
}

/** (O1) Visits the blocks of one region in priority order until no output changes. */
export function seedInOrder(
  blocks: readonly Block[], forward: boolean, visit: (b: Block) => void, output: (b: Block) => unknown,
): void {
  if (!blocks.length) return;
  const index = new Map<Block, number>(blocks.map((b, i) => [b, i]));
  const succs = blocks.map((b) => (b.last?.successors ?? []).map((s) => index.get(s)!));
  const dfs = new DepthFirst({ numBlocks: blocks.length, succs: (b) => succs[b]! }, [0]);
  const order = forward ? [...dfs.postorder].reverse() : dfs.postorder; // (O4)
  const rank = new Int32Array(blocks.length).fill(-1);
  order.forEach((b, r) => (rank[b] = r));
  const queued = new Uint8Array(order.length).fill(1);
  const heap = new RankHeap();
  for (let r = 0; r < order.length; r++) heap.push(r);
  while (heap.size) {
    const r = heap.pop();
    queued[r] = 0;
    const b = blocks[order[r]!]!;
    const before = output(b);
    visit(b);
    if (output(b) === before) continue;
    const next = forward ? succs[order[r]!]!.map((s) => blocks[s]!) : b.predecessors();
    for (const n of next) {
      const nr = rank[index.get(n)!]!;
      if (nr >= 0 && !queued[nr]) {
        queued[nr] = 1;
        heap.push(nr);
      }
    }
  }
}
