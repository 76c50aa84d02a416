/**
 * bufferization semantics.
 *
 *  1. clone makes a new heap Base holding the source view's elements in row-major
 *     order (compact strides, offset 0: the alloc + copy MLIR lowers it to) and counts
 *     one clone. A dead source counts a use-after-free.
 *  2. dealloc (MLIR 19 BufferizationOps.td, "deallocates the given memrefs if no alias
 *     is retained"): two memrefs alias iff they share a Base (the LLVM lowering compares
 *     aligned pointers). For each distinct Base among `memrefs`:
 *       a. it is freed iff some entry on it has a true condition and no retained memref
 *          is on it ("If two memrefs alias each other, only one will be deallocated");
 *       b. it is freed at most once, however often it is listed (no double free);
 *       c. freeing goes through memory.ts (4), so a dead, stack or global Base still
 *          counts a double or invalid free.
 *     Result i (one per retained memref) is the OR of the conditions of the entries
 *     whose Base is the Base of retained i, false when there is none.
 *     The op text also says a memref is kept when an *earlier* memref aliases it; read
 *     literally that would leak a Base listed as (false, true). We follow the intent
 *     (a), which is what a correct lowering must do; mlir-opt-19's library lowering
 *     differs there (see the tests).
 */
import { MemRefType } from '@lifeline/ir';
import { OPS, type FuncCompiler } from './engine.js';
import type { Base, View } from './memory.js';
import { copyView } from './sem-memref.js';
import { compactStrides, numElements } from './memory.js';
import { zeroOf } from './values.js';

OPS.set('bufferization.clone', (op, c) => {
  const [s, r] = [c.slot(op.operand(0)), c.slot(op.results[0]!)];
  const zero = zeroOf((op.results[0]!.type as MemRefType).elementType);
  const m = c.m;
  return (f) => {
    const src = f.r[s] as View;
    m.work.clones++;
    const sizes = [...src.sizes];
    const base = m.mem.allocate(numElements(sizes), zero, 'heap');
    const dst: View = { base, offset: 0, sizes, strides: compactStrides(sizes) };
    copyView(op, m, src, dst);
    f.r[r] = dst;
  };
});

OPS.set('bufferization.dealloc', (op, c: FuncCompiler) => {
  const def = op.def!;
  const memrefs = c.slotsOf(def.operandGroup(op, 'memrefs'));
  const conds = c.slotsOf(def.operandGroup(op, 'conditions'));
  const retained = c.slotsOf(def.operandGroup(op, 'retained'));
  const out = c.slotsOf(op.results);
  const mem = c.m.mem;
  return (f) => {
    const want = new Map<Base, boolean>();
    memrefs.forEach((s, i) => {
      const b = (f.r[s] as View).base;
      want.set(b, (want.get(b) ?? false) || f.r[conds[i]!] === 1n);
    });
    const kept = new Set(retained.map((s) => (f.r[s] as View).base));
    retained.forEach((s, i) => {
      const b = (f.r[s] as View).base;
      let any = false;
      memrefs.forEach((ms, k) => {
        if ((f.r[ms] as View).base === b && f.r[conds[k]!] === 1n) any = true;
      });
      f.r[out[i]!] = any ? 1n : 0n;
      f.t[out[i]!] = 0;
    });
    for (const [b, w] of want) if (w && !kept.has(b)) mem.free(b);
  };
});
