/**
 * convert-bufferization-to-memref (MLIR 19 BufferizationToMemRef.cpp semantics).
 *
 * Specification:
 *  (1) Root and library-function handling as bufferization-lower-deallocations (1)(2);
 *      deallocs lower as there (3)-(7).
 *  (2) A ranked `bufferization.clone %x : T to R` becomes, before the clone: for each
 *      dynamic dim i of R, `memref.dim %x, %ci` created and folded (the index constant
 *      stays; a dim of an alloc-like producer folds to its size operand, a static dim to
 *      a constant); `memref.alloc(dims)` of R's shape, element type and memory space
 *      with identity layout; `memref.cast` to R when R differs; then `memref.copy %x`
 *      into the (cast) allocation, which replaces the clone. When the identity-layout
 *      allocation cannot be cast to R, the clone stays illegal. The dim fold also gives
 *      the size operand of a (non-rank-reducing) subview producer.
 *  (2a) Before the pattern, the clone is folded as the legalizer does: an input made by
 *      memref.cast of a ranked memref is replaced by the cast's source (in place).
 *  (3) An unranked clone: constants 0 and 1, `memref.rank`, an `alloca(rank)` shape
 *      buffer, an `scf.for` storing each dim and multiplying the sizes, a 1-D alloc of
 *      the product, a `memref.reshape` to the unranked type, then the copy.
 *  (4) Every other bufferization op is illegal too: "failed to legalize operation
 *      'NAME' that was explicitly marked illegal" (the first one met fails the pass).
 */
import {
  Builder, DYNAMIC, DenseArrayAttr, IntegerAttr, MemRefType, Operation, UnrankedMemRefType, type PassDef, type Registry, type Value,
} from '@lifeline/ir';
import {
  alloc, binary, cast, constIndex, dim, index, memrefOf, scfFor, store, yieldOp, DYN,
} from './build.js';
import { lowerDeallocs, prepareHelpers } from './lower-deallocations.js';
import { registryOf } from './pass-registry.js';

/**
 * The part of memref.dim's fold the dialect's hook leaves out: a dynamic dim of a
 * non-rank-reducing memref.subview is the subview's size operand for that dim.
 */
function subviewSize(op: Operation, i: number): Value | undefined {
  const sv = op.operand(0).definingOp;
  if (sv?.name !== 'memref.subview') return undefined;
  const src = sv.operand(0).type as MemRefType;
  const res = sv.result(0).type as MemRefType;
  if (src.rank !== res.rank) return undefined;
  const sizes = (sv.getAttr('static_sizes') as DenseArrayAttr).values;
  if (sizes[i] !== DYNAMIC) return undefined;
  const k = sizes.slice(0, i).filter((v) => v === DYNAMIC).length;
  return sv.def!.operandGroup(sv, 'sizes')[k];
}


/** createOrFold of memref.dim: the folded value, or the dim op's result. */
function dimOrFold(b: Builder, source: Value, i: number): Value {
  const c = constIndex(b, i);
  const op = dim(b, source, c);
  const folded = op.def?.spec.fold?.(op, [undefined, new IntegerAttr(i, index)]);
  const r = folded?.[0] ?? subviewSize(op, i);
  if (r === undefined) return op.result(0);
  op.erase();
  if (r instanceof IntegerAttr) return constIndex(b, Number(r.value));
  return r as Value;
}

/** Whether memref.cast from `from` to `to` verifies (MLIR's areCastCompatible). */
function castCompatible(registry: Registry, from: MemRefType, to: MemRefType): boolean {
  if (from === to) return true;
  const def = registry.lookup('memref.cast');
  const probe = new Operation({ name: 'memref.cast', def, operands: [], resultTypes: [to] });
  const src = new Operation({ name: 'probe.src', resultTypes: [from] });
  probe.setOperands([src.result(0)]);
  const bad = def?.spec.verify?.(probe, { symbols: undefined as never });
  probe.dropAllReferences();
  return bad === undefined;
}

/** (2)(3) Returns the replacement, or undefined when the clone cannot be lowered. */
function lowerClone(b: Builder, registry: Registry, op: Operation): Value | undefined {
  // (2a) CloneOp::fold, which the legalizer tries first: a cast of a ranked memref is
  // looked through, in place.
  const producer = op.operand(0).definingOp;
  if (producer?.name === 'memref.cast' && producer.operand(0).type instanceof MemRefType) op.setOperand(0, producer.operand(0));
  const input = op.operand(0);
  const type = op.result(0).type;
  let result: Value;
  if (type instanceof UnrankedMemRefType) {
    const zero = constIndex(b, 0);
    const one = constIndex(b, 1);
    const rank = b.create('memref.rank', { operands: [input], resultTypes: [index] }).result(0);
    const shape = alloc(b, memrefOf([DYN], index), [rank], undefined, 'memref.alloca');
    const size = scfFor(b, zero, rank, one, [one], (i, [acc]) => {
      const d = dim(b, input, i).result(0);
      store(b, d, shape, [i]);
      yieldOp(b, [binary(b, 'arith.muli', acc!, d)]);
    }).result(0);
    const flat = alloc(b, MemRefType.get([DYN], type.elementType, undefined, type.memorySpace), [size]);
    result = b.create('memref.reshape', { operands: [flat, shape], resultTypes: [type] }).result(0);
  } else {
    const t = type as MemRefType;
    const allocType = MemRefType.get(t.shape, t.elementType, undefined, t.memorySpace);
    if (!castCompatible(registry, allocType, t)) return undefined;
    const dyn: Value[] = [];
    t.shape.forEach((d, i) => {
      if (d === DYN) dyn.push(dimOrFold(b, input, i));
    });
    result = alloc(b, allocType, dyn);
    if (allocType !== t) result = cast(b, t, result);
  }
  b.create('memref.copy', { operands: [input, result] });
  return result;
}

export const convertBufferizationToMemrefPass: PassDef = {
  argument: 'convert-bufferization-to-memref',
  name: 'ConvertBufferizationToMemRef',
  description: 'Convert operations from the Bufferization dialect to the MemRef dialect',
  run(root, ctx) {
    const registry = registryOf(ctx);
    const helpers = prepareHelpers(root, registry, ctx);
    if (!helpers) return;
    const b = new Builder(registry);
    const illegal: Operation[] = [];
    root.walk((op) => {
      if (op.dialect === 'bufferization' && op !== root) illegal.push(op);
    });
    for (const op of illegal) {
      if (op.name === 'bufferization.dealloc') continue;
      let repl: Value | undefined;
      if (op.name === 'bufferization.clone') {
        b.setInsertionPointBefore(op);
        b.loc = op.loc;
        repl = lowerClone(b, registry, op);
      }
      if (!repl) {
        ctx.emitError(op, `failed to legalize operation '${op.name}' that was explicitly marked illegal`);
        return;
      }
      op.result(0).replaceAllUsesWith(repl);
      op.erase();
    }
    lowerDeallocs(root, registry, helpers, ctx);
  },
};
