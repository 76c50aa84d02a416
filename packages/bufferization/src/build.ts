/**
 * Op construction for the lowerings: each helper creates one op at the builder's
 * insertion point with the operands, attributes and segment sizes MLIR's builders
 * give it, so the printed IR matches what mlir-opt-19's builders produce.
 */
import {
  Block, Builder, DYNAMIC, DenseArrayAttr, Operation, FunctionType, IndexType, IntegerAttr, IntegerType, MemRefType, StringAttr,
  SymbolRefAttr, TypeAttr, segmentSizes, type Type, type Value,
} from '@lifeline/ir';

export const i1 = IntegerType.get(1);
export const i64 = IntegerType.get(64);
export const index = IndexType.instance;
/** MLIR's ShapedType::kDynamic in our type constructors. */
export const DYN = DYNAMIC;

/** arith.cmpi predicates in MLIR's enum order. */
const CMPI_PREDICATES = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'] as const;
export type CmpPredicate = (typeof CMPI_PREDICATES)[number];

export function constIndex(b: Builder, v: number): Value {
  return b.create('arith.constant', { resultTypes: [index], attributes: [['value', new IntegerAttr(v, index)]] }).result(0);
}

export function constBool(b: Builder, v: boolean): Value {
  return b.create('arith.constant', { resultTypes: [i1], attributes: [['value', IntegerAttr.bool(v)]] }).result(0);
}

export function binary(b: Builder, name: string, lhs: Value, rhs: Value): Value {
  return b.create(name, { operands: [lhs, rhs], resultTypes: [lhs.type] }).result(0);
}

export function cmpi(b: Builder, pred: CmpPredicate, lhs: Value, rhs: Value): Value {
  const p = new IntegerAttr(CMPI_PREDICATES.indexOf(pred), i64);
  return b.create('arith.cmpi', { operands: [lhs, rhs], resultTypes: [i1], attributes: [['predicate', p]] }).result(0);
}

/** memref.alloc/alloca with dynamic sizes (no symbol operands). */
export function alloc(b: Builder, type: Type, dynSizes: readonly Value[] = [], alignment?: IntegerAttr, name = 'memref.alloc'): Value {
  const attrs: [string, IntegerAttr | DenseArrayAttr][] = [['operandSegmentSizes', segmentSizes([dynSizes.length, 0])]];
  if (alignment) attrs.push(['alignment', alignment]);
  return b.create(name, { operands: dynSizes, resultTypes: [type], attributes: attrs }).result(0);
}

export function cast(b: Builder, type: Type, v: Value): Value {
  return b.create('memref.cast', { operands: [v], resultTypes: [type] }).result(0);
}

export function extractPointer(b: Builder, v: Value): Value {
  return b.create('memref.extract_aligned_pointer_as_index', { operands: [v], resultTypes: [index] }).result(0);
}

export function store(b: Builder, value: Value, memref: Value, indices: readonly Value[]): Operation {
  return b.create('memref.store', { operands: [value, memref, ...indices] });
}

export function load(b: Builder, memref: Value, indices: readonly Value[]): Value {
  const t = memref.type as MemRefType;
  return b.create('memref.load', { operands: [memref, ...indices], resultTypes: [t.elementType] }).result(0);
}

export function memrefDealloc(b: Builder, v: Value): Operation {
  return b.create('memref.dealloc', { operands: [v] });
}

export function dim(b: Builder, v: Value, i: Value): Operation {
  return b.create('memref.dim', { operands: [v, i], resultTypes: [index] });
}

export function yieldOp(b: Builder, values: readonly Value[] = []): Operation {
  return b.create('scf.yield', { operands: values });
}

/**
 * scf.if with a then region built by `then` (which creates its own yield) and,
 * when `els` is given, an else region; the builder returns after the op.
 */
export function scfIf(b: Builder, cond: Value, resultTypes: readonly Type[], then: () => void, els?: () => void): Operation {
  const op = b.create('scf.if', { operands: [cond], resultTypes, regions: 2 });
  b.createBlock(op.regions[0]!);
  then();
  if (els) {
    b.createBlock(op.regions[1]!);
    els();
  }
  b.setInsertionPointAfter(op);
  return op;
}

/** scf.for lb..ub step s with iter args; `body(iv, iterArgs)` creates the yield. */
export function scfFor(b: Builder, lb: Value, ub: Value, step: Value, inits: readonly Value[],
  body: (iv: Value, args: readonly Value[]) => void): Operation {
  const op = b.create('scf.for', { operands: [lb, ub, step, ...inits], resultTypes: inits.map((v) => v.type), regions: 1 });
  const block = b.createBlock(op.regions[0]!, [lb.type, ...inits.map((v) => v.type)]);
  body(block.arguments[0]!, block.arguments.slice(1));
  b.setInsertionPointAfter(op);
  return op;
}

export function call(b: Builder, callee: string, args: readonly Value[], results: readonly Type[] = []): Operation {
  return b.create('func.call', { operands: args, resultTypes: results, attributes: [['callee', new SymbolRefAttr(callee)]] });
}

/** A detached `func.func` with an entry block; returns the op and its entry block. */
export function funcOp(b: Builder, name: string, args: readonly Type[], results: readonly Type[], visibility?: string): [Operation, Block] {
  const attrs: [string, StringAttr | TypeAttr][] = [
    ['sym_name', new StringAttr(name)], ['function_type', new TypeAttr(FunctionType.get(args, results))],
  ];
  if (visibility) attrs.push(['sym_visibility', new StringAttr(visibility)]);
  const op = new Operation({ name: 'func.func', def: b.registry.lookup('func.func'), regions: 1, loc: b.loc });
  for (const [k, v] of attrs) op.setAttr(k, v);
  const block = new Block(args);
  op.regions[0]!.pushBlock(block);
  return [op, block];
}

/** The operand groups of a bufferization.dealloc. */
export interface DeallocParts {
  memrefs: Value[];
  conditions: Value[];
  retained: Value[];
}

export function deallocParts(op: Operation): DeallocParts {
  // Every pattern asks this of every dealloc it visits: read the segment sizes and
  // the operand values directly rather than through copies of them.
  const seg = op.getAttr('operandSegmentSizes');
  const [m, c] = seg instanceof DenseArrayAttr ? seg.values : op.def!.operandGroupSizes(op);
  const operands = op.operands;
  const part = (from: number, to: number): Value[] => {
    const out = new Array<Value>(to - from);
    for (let i = from; i < to; i++) out[i - from] = operands[i]!.value;
    return out;
  };
  return { memrefs: part(0, m!), conditions: part(m!, m! + c!), retained: part(m! + c!, operands.length) };
}

/** Creates `bufferization.dealloc (memrefs) if (conditions) retain (retained)`. */
export function bufferizationDealloc(b: Builder, memrefs: readonly Value[], conditions: readonly Value[],
  retained: readonly Value[]): Operation {
  return b.create('bufferization.dealloc', {
    operands: [...memrefs, ...conditions, ...retained],
    resultTypes: retained.map(() => i1),
    attributes: [['operandSegmentSizes', segmentSizes([memrefs.length, conditions.length, retained.length])]],
  });
}

/** `memref<{shape} x elem>` with identity layout in the default memory space. */
export function memrefOf(shape: readonly number[], elem: Type): MemRefType {
  return MemRefType.get(shape, elem);
}
