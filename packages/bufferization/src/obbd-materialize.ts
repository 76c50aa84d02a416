/**
 * Materialisation of the ownership analysis' symbolic indicators for the
 * ownership-based deallocation pass: each symbol becomes the one i1 value MLIR 19
 * creates for it, created where MLIR creates it.
 *
 * (1) A constant indicator is the `arith.constant` made at its site (the memref or
 *     op whose handling made it) in its block; the pass creates it when it replays
 *     the analysis step that names it.
 * (2) `arg`/`result` indicators are the appended i1 block argument / op result;
 *     `dealloc` indicators are updated conditions of the dealloc made before the
 *     terminator; `select` indicators are the `arith.select` made at a return.
 * (4) A memref is deallocated through its base buffer (`memref.extract_strided_metadata`
 *     result 0); an unranked one is first `memref.reinterpret_cast` to a 0-d memref.
 * (3) Op results are appended in place (MLIR rebuilds the op with Operation::create;
 *     the printed IR is the same and no use needs rewriting).
 */
import {
  Builder, DenseArrayAttr, IndexType, IntegerAttr, IntegerType, MemRefType, OpResult, UnrankedMemRefType, segmentSizes,
  type Block, type Operation, type Registry, type Type, type Value,
} from '@lifeline/ir';
import { Placeholder, type Indicator, type MemrefRef } from '@lifeline/analyses';

export const i1 = IntegerType.get(1);
const i64 = IntegerType.get(64);

export class Materializer {
  readonly builder: Builder;
  private readonly consts = new Map<Block, Map<object, Value>>();
  /** (2) memref value (or returned select) → its i1 value; placeholder → created memref. */
  readonly values = new Map<object, Value>();
  /** (2) terminator → updated conditions of its deallocs (0, 1) and selects (2). */
  readonly deallocs = new Map<Operation, Value[][]>();

  // Attributes and types are immutable: one instance serves every op made (no per-op allocation).
  private readonly boolAttrs: readonly [[string, IntegerAttr]][] = [[['value', IntegerAttr.bool(false)]], [['value', IntegerAttr.bool(true)]]];
  private readonly segments = new Map<string, DenseArrayAttr>();
  private readonly metadataTypes = new Map<Type, Type[]>();

  constructor(readonly registry: Registry) {
    this.builder = new Builder(registry);
  }

  /** Indicators never cross functions: small per-function tables stay in cache. */
  startFunction(): void {
    this.consts.clear();
    this.values.clear();
    this.deallocs.clear();
  }

  /** Creates `arith.constant <value>` at the builder's insertion point. */
  boolConstant(value: boolean): Value {
    return this.builder.create('arith.constant', { resultTypes: [i1], attributes: this.boolAttrs[value ? 1 : 0] }).result(0);
  }

  /** `operandSegmentSizes`, shared between ops with the same sizes. */
  segmentSizes(sizes: readonly number[]): DenseArrayAttr {
    const key = sizes.join(',');
    let a = this.segments.get(key);
    if (!a) this.segments.set(key, (a = segmentSizes(sizes)));
    return a;
  }

  /** (1) */
  constantFor(ind: Indicator & { kind: 'const' }): Value {
    const v = this.boolConstant(ind.value);
    let m = this.consts.get(ind.block);
    if (!m) this.consts.set(ind.block, (m = new Map()));
    m.set(ind.site, v);
    return v;
  }

  resolve(ind: Indicator): Value {
    let v: Value | undefined;
    switch (ind.kind) {
      case 'const': v = this.consts.get(ind.block)?.get(ind.site); break;
      case 'arg': case 'result': case 'select': v = this.values.get(ind.of); break;
      case 'dealloc': v = this.deallocs.get(ind.term)?.[ind.which]?.[ind.index]; break;
    }
    if (!v) throw new Error(`ownership-based-buffer-deallocation: indicator ${ind.kind} was not materialised`);
    return v;
  }

  memref(m: MemrefRef): Value {
    if (!(m instanceof Placeholder)) return m;
    const v = this.values.get(m);
    if (!v) throw new Error('ownership-based-buffer-deallocation: placeholder was not materialised');
    return v;
  }

  /** (3) */
  appendResults(op: Operation, types: readonly Type[]): OpResult[] {
    return types.map((t) => {
      const r = new OpResult(t, op, op.results.length);
      (op.results as OpResult[]).push(r);
      return r;
    });
  }

  /** The base buffer of `m` (memref.extract_strided_metadata result 0) at the insertion point. */
  baseBuffer(m: Value): Value {
    let t = m.type;
    if (t instanceof UnrankedMemRefType) {
      // (4) MLIR casts unranked memrefs to 0-d ones (element type only, default memory space).
      t = MemRefType.get([], t.elementType);
      m = this.builder.create('memref.reinterpret_cast', {
        operands: [m], resultTypes: [t],
        attributes: [
          ['static_offsets', new DenseArrayAttr(i64, [0])], ['static_sizes', new DenseArrayAttr(i64, [])],
          ['static_strides', new DenseArrayAttr(i64, [])], ['operandSegmentSizes', this.segmentSizes([1, 0, 0, 0])],
        ],
      }).result(0);
    }
    let types = this.metadataTypes.get(t);
    if (!types) {
      const mt = t as MemRefType;
      const base = MemRefType.get([], mt.elementType, undefined, mt.memorySpace);
      const index = IndexType.instance;
      types = [base, index, ...mt.shape.map(() => index), ...mt.shape.map(() => index)];
      this.metadataTypes.set(t, types);
    }
    return this.builder.create('memref.extract_strided_metadata', { operands: [m], resultTypes: types }).result(0);
  }

  /** `bufferization.dealloc (memrefs) if (conditions) retain (retained)` at the insertion point. */
  dealloc(memrefs: readonly Value[], conditions: readonly Value[], retained: readonly Value[]): Operation {
    return this.builder.create('bufferization.dealloc', {
      operands: [...memrefs, ...conditions, ...retained],
      resultTypes: retained.map(() => i1),
      attributes: [['operandSegmentSizes', this.segmentSizes([memrefs.length, conditions.length, retained.length])]],
    });
  }

  create(name: string, operands: readonly Value[], resultTypes: readonly Type[]): Operation {
    return this.builder.create(name, { operands, resultTypes });
  }
}
