/**
 * Immediate dominators of the blocks of one region, by Cooper, Harvey and Kennedy,
 * "A Simple, Fast Dominance Algorithm" (2001): iterate `idom(b) = ∩ idom(preds)`
 * over reverse postorder until nothing changes. Entry is `blocks[0]`; blocks
 * unreachable from it are absent from the result.
 */
import type { Block } from './ir.js';

export function computeDominators(blocks: readonly Block[]): Map<Block, Block | null> {
  const result = new Map<Block, Block | null>();
  const entry = blocks[0];
  if (!entry) return result;
  // Postorder numbering by an explicit-stack DFS (regions can have many blocks).
  const order: Block[] = [];
  const index = new Map<Block, number>();
  const visited = new Set<Block>([entry]);
  const stack: [Block, number][] = [[entry, 0]];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const succs = top[0].successors();
    if (top[1] < succs.length) {
      const s = succs[top[1]++]!;
      if (!visited.has(s)) {
        visited.add(s);
        stack.push([s, 0]);
      }
    } else {
      stack.pop();
      index.set(top[0], order.length);
      order.push(top[0]);
    }
  }
  const preds = new Map<Block, Block[]>();
  for (const b of order) for (const s of b.successors()) {
    let l = preds.get(s);
    if (!l) preds.set(s, (l = []));
    l.push(b);
  }
  const idom = new Map<Block, Block>([[entry, entry]]);
  const intersect = (a: Block, b: Block): Block => {
    while (a !== b) {
      while (index.get(a)! < index.get(b)!) a = idom.get(a)!;
      while (index.get(b)! < index.get(a)!) b = idom.get(b)!;
    }
    return a;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (let i = order.length - 2; i >= 0; i--) {
      const b = order[i]!;
      let next: Block | undefined;
      for (const p of preds.get(b) ?? []) {
        if (!idom.has(p)) continue;
        next = next ? intersect(p, next) : p;
      }
      if (next && idom.get(b) !== next) {
        idom.set(b, next);
        changed = true;
      }
    }
  }
  for (const b of order) result.set(b, b === entry ? null : idom.get(b)!);
  return result;
}
