/**
 * expand-realloc (MLIR 19 ExpandRealloc.cpp semantics), option `emit-deallocs`
 * (default true).
 *
 * Specification, for `%r = memref.realloc %src [(%n)] : S to R` (both 1-D, identity):
 *  (1) Current size: S's static size, or `memref.dim %src, %c0` (a fresh index 0
 *      constant) when dynamic. Target size: R's static size or %n.
 *  (2) Each size that is static becomes an index constant (current first), then
 *      `arith.cmpi ult, cur, target`.
 *  (3) `scf.if` yielding R: the then region allocates R (sizes [%n] when dynamic, the
 *      realloc's alignment kept), takes `subview %new[0][cur][1]` (static size when
 *      the current size is static; result type `memref<cur x T, strided<[1]>, space>`),
 *      copies %src into it, frees %src when emit-deallocs, yields the new buffer; the
 *      else region yields `reinterpret_cast %src to offset: [0], sizes: [target],
 *      strides: [1]`.
 *  (4) The scf.if result replaces %r.
 */
import { Builder, DYNAMIC, DenseArrayAttr, IntegerAttr, MemRefType, StridedLayoutAttr, segmentSizes, type PassDef, type Value } from '@lifeline/ir';
import { alloc, cmpi, constIndex, dim, i64, memrefDealloc, scfIf, yieldOp, DYN } from './build.js';
import { registryOf } from './pass-registry.js';

/** MLIR's kDynamic in static offset/size/stride lists. */

type Size = number | Value;

/** memref.subview / memref.reinterpret_cast with one offset, size and stride. */
function offsetSizeStride(b: Builder, name: string, type: MemRefType, source: Value, size: Size): Value {
  const dynSizes = typeof size === 'number' ? [] : [size];
  const dense = (v: number) => new DenseArrayAttr(i64, [v]);
  return b.create(name, {
    operands: [source, ...dynSizes],
    resultTypes: [type],
    attributes: [
      ['operandSegmentSizes', segmentSizes([1, 0, dynSizes.length, 0])],
      ['static_offsets', dense(0)],
      ['static_sizes', dense(typeof size === 'number' ? size : DYNAMIC)],
      ['static_strides', dense(1)],
    ],
  }).result(0);
}

export const expandReallocPass: PassDef = {
  argument: 'expand-realloc',
  name: 'ExpandReallocPass',
  description: 'Expand memref.realloc operations into its components',
  options: [{ name: 'emit-deallocs', description: 'Emit deallocation operations for the original MemRef', type: 'bool', default: true }],
  run(root, ctx) {
    const emitDeallocs = ctx.options['emit-deallocs'] !== false;
    const b = new Builder(registryOf(ctx));
    const reallocs: import('@lifeline/ir').Operation[] = [];
    root.walk((op) => {
      if (op.name === 'memref.realloc') reallocs.push(op);
    });
    for (const op of reallocs) {
      b.setInsertionPointBefore(op);
      b.loc = op.loc;
      const src = op.operand(0);
      const srcType = src.type as MemRefType;
      const resType = op.result(0).type as MemRefType;
      const dynSize = op.operands.length > 1 ? op.operand(1) : undefined;
      // (1)
      let cur: Size = srcType.shape[0]!;
      if (cur === DYN) cur = dim(b, src, constIndex(b, 0)).result(0);
      const target: Size = resType.shape[0] === DYN ? dynSize! : resType.shape[0]!;
      // (2)
      const lhs = typeof cur === 'number' ? constIndex(b, cur) : cur;
      const rhs = typeof target === 'number' ? constIndex(b, target) : target;
      const cond = cmpi(b, 'ult', lhs, rhs);
      // (3)
      const subType = MemRefType.get([typeof cur === 'number' ? cur : DYN], resType.elementType,
        new StridedLayoutAttr(0, [1]), resType.memorySpace);
      const alignment = op.getAttr('alignment') as IntegerAttr | undefined;
      const ifOp = scfIf(b, cond, [resType], () => {
        const fresh = alloc(b, resType, dynSize ? [dynSize] : [], alignment);
        const sub = offsetSizeStride(b, 'memref.subview', subType, fresh, cur);
        b.create('memref.copy', { operands: [src, sub] });
        if (emitDeallocs) memrefDealloc(b, src);
        yieldOp(b, [fresh]);
      }, () => {
        yieldOp(b, [offsetSizeStride(b, 'memref.reinterpret_cast', resType, src, target)]);
      });
      // (4)
      op.result(0).replaceAllUsesWith(ifOp.result(0));
      op.erase();
    }
  },
};
