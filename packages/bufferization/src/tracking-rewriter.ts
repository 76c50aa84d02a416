/**
 * A Rewriter that reports every change the way MLIR 19's RewriterBase does when a
 * listener is attached (lib/IR/PatternMatch.cpp), so the greedy driver's
 * worklist sees the same events as MLIR's:
 *
 *  1. eraseOp erases nested ops first: blocks of each region in post-order of
 *     the CFG from the entry (unreached blocks in later rounds), the ops of a
 *     block in reverse; each op is reported just before it is unlinked, while
 *     its operands still hold their uses.
 *  2. replaceAllUsesWith reports each user after its operand changed.
 *  3. Moving an op (moveOpBefore/After, inlineBlockBefore, mergeBlocks,
 *     splitBlock) reports it as inserted; inlining first replaces the source
 *     block's arguments (2).
 */
import { Block, Rewriter, type Operation, type Region, type Value } from '@lifeline/ir';

export class TrackingRewriter extends Rewriter {
  /** (1) */
  override eraseOp(op: Operation): void {
    for (const r of op.results) {
      if (r.hasUses) throw new Error(`eraseOp: '${op.name}' still has uses`);
    }
    this.eraseTree(op);
  }

  private eraseTree(op: Operation): void {
    for (const region of op.regions) {
      while (region.blocks.length) {
        const order = postOrderFromEntry(region);
        for (const b of order) {
          for (let o = b.last; o;) {
            const prev: Operation | null = o.prev;
            this.eraseTree(o);
            o = prev;
          }
        }
        for (const b of order) {
          for (const a of b.arguments) a.dropAllUses();
          this.eraseBlock(b);
        }
      }
    }
    this.listener.onErased?.(op);
    // Uses of its results by ops of a cycle of blocks were dropped above.
    for (const r of op.results) r.dropAllUses();
    op.erase();
  }

  /** Erases a block: its ops (1), then the block itself. */
  eraseBlock(b: Block): void {
    for (let o = b.last; o;) {
      const prev: Operation | null = o.prev;
      for (const r of o.results) r.dropAllUses();
      this.eraseTree(o);
      o = prev;
    }
    b.erase();
  }

  /** (2) */
  override replaceAllUsesWith(from: Value, to: Value): void {
    if (from === to) return;
    while (from.firstUse) {
      const use = from.firstUse;
      use.owner.setOperand(use.index, to);
      this.listener.onModified?.(use.owner);
    }
  }

  override replaceOp(op: Operation, values: readonly Value[]): void {
    if (values.length !== op.results.length) throw new Error('replaceOp: result count mismatch');
    this.listener.onReplaced?.(op, values);
    op.results.forEach((r, i) => this.replaceAllUsesWith(r, values[i]!));
    this.eraseOp(op);
  }

  /** (3) */
  override moveOpBefore(op: Operation, before: Operation): void {
    op.moveBefore(before);
    this.listener.onInserted?.(op);
  }
  override moveOpAfter(op: Operation, after: Operation): void {
    op.moveAfter(after);
    this.listener.onInserted?.(op);
  }
  /** Moves `op` to the end of `block` (or before `before`). */
  moveOpInto(op: Operation, block: Block, before: Operation | null): void {
    op.remove();
    block.insertBefore(op, before);
    this.listener.onInserted?.(op);
  }

  override inlineBlockBefore(src: Block, before: Operation, args: readonly Value[] = []): void {
    this.inlineBlockAt(src, before.parent!, before, args);
  }
  override mergeBlocks(src: Block, dest: Block, args: readonly Value[] = []): void {
    this.inlineBlockAt(src, dest, null, args);
  }
  /** Moves `src`'s ops into `dest` before `before` (null: the end), replacing its arguments; erases `src`. */
  inlineBlockAt(src: Block, dest: Block, before: Operation | null, args: readonly Value[]): void {
    src.arguments.forEach((a, i) => this.replaceAllUsesWith(a, args[i]!));
    while (src.first) this.moveOpInto(src.first, dest, before);
    src.erase();
  }

  override splitBlock(block: Block, op: Operation | null): Block {
    const nb = new Block();
    const region = block.parent!;
    region.insertBlock(nb, region.blocks.indexOf(block) + 1);
    if (!op) return nb;
    while (op.parent !== nb) this.moveOpInto(block.last!, nb, nb.first);
    return nb;
  }
}

/** Post-order of the blocks reachable from the entry of `region` (successors first). */
export function postOrderFromEntry(region: Region): Block[] {
  const out: Block[] = [];
  const entry = region.blocks[0];
  if (!entry) return out;
  // Most regions have one block: no traversal state needed.
  if (region.blocks.length === 1) return [entry];
  const seen = new Set<Block>([entry]);
  const stack: { b: Block; i: number }[] = [{ b: entry, i: 0 }];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const succs = top.b.successors();
    if (top.i < succs.length) {
      const s = succs[top.i++]!;
      if (s.parent === region && !seen.has(s)) {
        seen.add(s);
        stack.push({ b: s, i: 0 });
      }
      continue;
    }
    out.push(top.b);
    stack.pop();
  }
  return out;
}
