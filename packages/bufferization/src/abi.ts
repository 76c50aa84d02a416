/**
 * Facts of the ownership-based deallocation function-boundary ABI
 * (docs/OwnershipBasedBufferDeallocation.md, "Function boundary ABI") that alias
 * reasoning may rely on.
 *
 *  (A1) "Returning a MemRef from a function always passes ownership to the caller"
 *       and "a function must not return a MemRef with the same allocated base buffer
 *       as one of its arguments": a call's memref results are fresh buffers, distinct
 *       from every buffer the caller holds — the call's own arguments included. Not
 *       from each other: a function may return one owned buffer twice (OBBD keeps
 *       `return %a, %a`), so two results of one call may be the same buffer.
 *  (A2) (A1) does not hold for callees rewritten with private-function-dynamic-
 *       ownership: they return (memref, i1) and may return a buffer they do not own,
 *       e.g. their argument. That option only touches private functions with a body
 *       and always appends an i1 result per memref result, so a call is trusted when
 *       it has no i1 result, or when its callee resolves to a public function or to a
 *       declaration (declarations are never rewritten). Indirect calls with an i1
 *       result are not trusted.
 *  (A3) "When a MemRef is passed as a function argument, ownership is never acquired":
 *       arguments are never freed by the callee. This is NOT used to drop deallocs:
 *       it speaks about the ownership indicators OBBD computes, and a hand-written
 *       dealloc may still pass `true` for an argument; the simplification must free
 *       exactly what its input frees. Arguments stay "distinct from fresh buffers"
 *       only (already MLIR's rule).
 *  (A4) A buffer defined by an op with declared memory effects and no operands and no
 *       regions (memref.get_global) was not made from any SSA buffer, so it is distinct
 *       from fresh buffers. Ops without declared effects stay unknown.
 */
import {
  IntegerType, SymbolRefAttr, SymbolTable, hasTrait, symbolName, symbolVisibility, type Operation,
} from '@lifeline/ir';

/** (A1)(A2) A predicate over call ops, with symbol tables built once per table op. */
export function abiFreshCallResults(): (op: Operation) => boolean {
  const tables = new Map<Operation, SymbolTable>();
  const resolve = (op: Operation, ref: SymbolRefAttr): Operation | undefined => {
    for (let p = op.parentOp; p; p = p.parentOp) {
      if (!hasTrait(p, 'SymbolTable')) continue;
      let t = tables.get(p);
      if (!t) tables.set(p, (t = new SymbolTable(p)));
      if (ref.nested.length === 0) return t.lookup(ref.root);
      return undefined;
    }
    return undefined;
  };
  return (op) => {
    const call = op.def?.spec.call;
    if (!call) return false;
    if (!op.results.some((r) => r.type instanceof IntegerType && r.type.width === 1)) return true;
    const callee = call.callee(op);
    if (!(callee instanceof SymbolRefAttr)) return false;
    const fn = resolve(op, callee);
    if (!fn || symbolName(fn) === undefined) return false;
    const isPrivate = symbolVisibility(fn) === 'private';
    const hasBody = fn.regions.some((r) => r.blocks.length > 0);
    return !isPrivate || !hasBody;
  };
}
