/**
 * bufferization dialect (LLVM 19): the ops that bridge tensors and buffers and
 * the ownership-based deallocation op.
 *
 * Memory effects follow MLIR's interfaces exactly, as `mlir-opt-19
 * --test-side-effects` reports them:
 *   clone        read input, write + allocate output (MemoryEffectsOpInterface)
 *   to_tensor    read memref (MemReadAt<0>)
 *   to_memref    none (Pure)
 *   materialize_in_destination  write dest when dest is a memref, else none
 *   dealloc, alloc_tensor, dealloc_tensor: no MemoryEffectOpInterface in LLVM 19,
 *     so no `memoryEffects` here either: their effects are unknown to generic
 *     analyses, as in MLIR (deallocation passes treat `dealloc` by name there).
 */
import {
  DYNAMIC, IndexType, IntegerType, MemRefType, NoneType, RankedTensorType, Tok, UnrankedMemRefType,
  UnrankedTensorType, VectorType, defineDialect, defineOp, unitKeywordSyntax,
  type InferContext, type OpParser, type Type, type TypeConstraint, type UnresolvedOperand,
} from '@lifeline/ir';

const i1 = IntegerType.get(1);
const index = IndexType.instance;

const isMemRef = (t: Type): boolean => t instanceof MemRefType || t instanceof UnrankedMemRefType;
const isTensor = (t: Type): boolean => t instanceof RankedTensorType || t instanceof UnrankedTensorType;

/** ODS type constraints, with their descriptions as MLIR prints them. */
const anyMemRef: TypeConstraint = { description: 'ranked or unranked memref of any type values', accepts: isMemRef };
const anyTensor: TypeConstraint = { description: 'tensor of any type values', accepts: isTensor };
const anyShaped: TypeConstraint = {
  description: 'shaped of any type values',
  accepts: (t) => isMemRef(t) || isTensor(t) || t instanceof VectorType,
};
const indexType: TypeConstraint = { description: 'index', accepts: (t) => t === index };
const i1Type: TypeConstraint = { description: '1-bit signless integer', accepts: (t) => t === i1 };
const variadic = (c: TypeConstraint): TypeConstraint => ({ description: `variadic of ${c.description}`, accepts: c.accepts });

/** memref::getTensorTypeFromMemRefType: same shape and element type; layout and memory space dropped. */
export function tensorTypeOfMemRef(t: Type): Type {
  if (t instanceof MemRefType) return RankedTensorType.get(t.shape, t.elementType);
  if (t instanceof UnrankedMemRefType) return UnrankedTensorType.get(t.elementType);
  return NoneType.instance;
}

const unit = (name: string) => ({ name, optional: true, syntax: unitKeywordSyntax(name) });

// ---- dealloc ----------------------------------------------------------------------

const dealloc = defineOp({
  name: 'bufferization.dealloc',
  summary: 'deallocates the given memrefs if no alias is retained',
  operands: [
    { name: 'memrefs', arity: 'variadic', type: variadic(anyMemRef) },
    { name: 'conditions', arity: 'variadic', type: variadic(i1Type), infer: () => i1 },
    { name: 'retained', arity: 'variadic', type: variadic(anyMemRef) },
  ],
  // InferTypeOpInterface: one updated condition (i1) per retained memref.
  results: [{
    name: 'updatedConditions', arity: 'variadic', type: variadic(i1Type),
    infer: (c: InferContext) => Array.from({ length: c.operandCount('retained') }, () => i1),
  }],
  format: '(` ` `(` $memrefs^ `:` type($memrefs) `)` `if` ` ` `(` $conditions `)` )? ' +
    '(`retain` ` ` `(` $retained^ `:` type($retained) `)` )? attr-dict',
  verify(op) {
    const def = op.def!;
    if (def.operandGroup(op, 'memrefs').length !== def.operandGroup(op, 'conditions').length) {
      return 'must have the same number of conditions as memrefs to deallocate';
    }
    if (def.operandGroup(op, 'retained').length !== op.results.length) {
      return 'must have the same number of updated conditions (results) as retained operands';
    }
    return undefined;
  },
});

// ---- clone ------------------------------------------------------------------------

const clone = defineOp({
  name: 'bufferization.clone',
  summary: 'clones the data in the input view into an implicitly defined output view',
  operands: [{ name: 'input', type: anyMemRef }],
  results: [{ name: 'output', type: anyMemRef }],
  format: '$input attr-dict `:` type($input) `to` type($output)',
  memoryEffects: (op) => [
    { kind: 'read', value: op.operand(0) },
    { kind: 'write', value: op.result(0) },
    { kind: 'allocate', value: op.result(0) },
  ],
});

// ---- to_memref / to_tensor --------------------------------------------------------

const toMemref = defineOp({
  name: 'bufferization.to_memref',
  summary: 'cast a tensor to memref',
  operands: [{ name: 'tensor', type: anyTensor, infer: (c: InferContext) => tensorTypeOfMemRef(c.type('memref')) }],
  results: [{ name: 'memref', type: anyMemRef }],
  attributes: [unit('read_only')],
  traits: ['Pure'],
  format: '$tensor ($read_only^)? attr-dict `:` type($memref)',
  verify(op) {
    // TypesMatchWith: the operand is the tensor equivalent of the result memref.
    if (op.operand(0).type !== tensorTypeOfMemRef(op.result(0).type)) {
      return "failed to verify that type of 'tensor' is the tensor equivalent of 'memref'";
    }
    return undefined;
  },
});

const toTensor = defineOp({
  name: 'bufferization.to_tensor',
  summary: 'create a tensor from a memref',
  operands: [{ name: 'memref', type: anyMemRef }],
  results: [{ name: 'result', type: anyTensor, infer: (c: InferContext) => tensorTypeOfMemRef(c.type('memref')) }],
  attributes: [unit('restrict'), unit('writable')],
  format: '$memref ($restrict^)? ($writable^)? attr-dict `:` type($memref)',
  memoryEffects: (op) => [{ kind: 'read', value: op.operand(0) }],
  verify(op) {
    if (op.result(0).type !== tensorTypeOfMemRef(op.operand(0).type)) {
      return "failed to verify that result type matches tensor equivalent of 'memref'";
    }
    return undefined;
  },
});

// ---- alloc_tensor -----------------------------------------------------------------

const allocTensor = defineOp({
  name: 'bufferization.alloc_tensor',
  summary: 'allocate buffer for a tensor',
  operands: [
    { name: 'dynamic_sizes', arity: 'variadic', type: variadic(indexType) },
    { name: 'copy', arity: 'optional', type: anyTensor },
    { name: 'size_hint', arity: 'optional', type: indexType },
  ],
  results: [{ name: 'result', type: anyTensor }],
  attributes: [{ name: 'memory_space', optional: true }],
  // `(%d, …) copy(%t)? size_hint=%h? {attrs} : tensor<…>`, printed with no space after the name.
  parse(p, st) {
    const sizes = p.parseParenOperandList();
    const copy = p.parseOptionalKeyword('copy') ? parenOperand(p) : undefined;
    let hint: UnresolvedOperand | undefined;
    if (p.parseOptionalKeyword('size_hint')) {
      p.expect(Tok.Equal, "expected '='");
      hint = p.parseOperand();
    }
    p.parseOptionalAttrDict(st);
    p.expect(Tok.Colon, "expected ':'");
    const typeAt = p.offset;
    const type = p.parseType();
    if (!isTensor(type)) p.error("custom op 'bufferization.alloc_tensor' invalid kind of type specified", typeAt);
    st.types.push(type);
    st.operands.push(...p.resolveOperands(sizes, sizes.map(() => index)));
    if (copy) st.operands.push(p.resolveOperand(copy, type));
    if (hint) st.operands.push(p.resolveOperand(hint, index));
    p.setSegmentSizes(st, [sizes.length, copy ? 1 : 0, hint ? 1 : 0]);
  },
  print(op, p) {
    const def = op.def!;
    p.print('(');
    p.printOperands(def.operandGroup(op, 'dynamic_sizes'));
    p.print(')');
    const copy = def.operandGroup(op, 'copy');
    if (copy.length) {
      p.print(' copy(');
      p.printOperands(copy);
      p.print(')');
    }
    const hint = def.operandGroup(op, 'size_hint');
    if (hint.length) {
      p.print(' size_hint=');
      p.printOperands(hint);
    }
    p.printOptionalAttrDict(p.allAttrs(op), ['operandSegmentSizes']);
    p.print(' : ');
    p.printType(op.result(0).type);
  },
  verify(op) {
    // emitError (not emitOpError) in MLIR: reported without the op prefix.
    const def = op.def!;
    const sizes = def.operandGroup(op, 'dynamic_sizes');
    const copy = def.operandGroup(op, 'copy')[0];
    const type = op.result(0).type;
    if (copy && sizes.length) return { error: 'dynamic sizes not needed when copying a tensor' };
    const dynamic = type instanceof RankedTensorType ? type.shape.filter((d) => d === DYNAMIC).length : 0;
    if (!copy && dynamic !== sizes.length) return { error: `expected ${dynamic} dynamic sizes` };
    if (copy && copy.type !== type) return { error: 'expected that `copy` and return type match' };
    return undefined;
  },
});

function parenOperand(p: OpParser): UnresolvedOperand {
  p.expect(Tok.LParen, "expected '('");
  const u = p.parseOperand();
  p.expect(Tok.RParen, "expected ')'");
  return u;
}

// ---- materialize_in_destination ---------------------------------------------------

const shapeOf = (t: Type): readonly number[] | undefined =>
  t instanceof RankedTensorType || t instanceof MemRefType ? t.shape : undefined;
const elementOf = (t: Type): Type | undefined => (t as { elementType?: Type }).elementType;

const materialize = defineOp({
  name: 'bufferization.materialize_in_destination',
  summary: 'copy a tensor',
  operands: [{ name: 'source', type: anyTensor }, { name: 'dest', type: anyShaped }],
  results: [{ name: 'result', arity: 'optional', type: anyTensor }],
  attributes: [unit('restrict'), unit('writable')],
  format: '$source `in` ($restrict^)? ($writable^)? $dest attr-dict `:` functional-type(operands, results)',
  memoryEffects: (op) => (isMemRef(op.operand(1).type) ? [{ kind: 'write', value: op.operand(1) }] : []),
  verify(op) {
    const src = op.operand(0).type;
    const dest = op.operand(1).type;
    // AllElementTypesMatch (an ODS invariant, checked before the op's verifier).
    if (elementOf(src) !== elementOf(dest)) return 'failed to verify that all of {source, dest} have same element type';
    const memref = isMemRef(dest);
    if (!isTensor(dest) && !memref) return "'dest' must be a tensor or a memref";
    if (isTensor(dest)) {
      if (op.results.length !== 1) return "tensor 'dest' implies exactly one tensor result";
      if (dest !== op.result(0).type) return "result and 'dest' types must match";
    }
    if (memref && op.results.length !== 0) return "memref 'dest' implies zero results";
    if (op.getAttr('restrict') && !memref) return "'restrict' is valid only for memref destinations";
    if (!!op.getAttr('writable') !== memref) {
      return "'writable' must be specified if and only if the destination is of memref type";
    }
    const ss = shapeOf(src);
    const ds = shapeOf(dest);
    if (!!ss !== !!ds) return 'source/destination shapes are incompatible';
    if (ss && ds) {
      if (ss.length !== ds.length) return 'rank mismatch between source and destination shape';
      for (let i = 0; i < ss.length; i++) {
        if (ss[i] !== DYNAMIC && ds[i] !== DYNAMIC && ss[i] !== ds[i]) return 'source/destination shapes are incompatible';
      }
    }
    return undefined;
  },
});

// ---- dealloc_tensor ---------------------------------------------------------------

const deallocTensor = defineOp({
  name: 'bufferization.dealloc_tensor',
  summary: 'release underlying storage format of given tensor',
  operands: [{ name: 'tensor', type: anyTensor }],
  format: '$tensor attr-dict `:` type($tensor)',
});

export const bufferizationDialect = defineDialect('bufferization', [
  allocTensor, clone, dealloc, deallocTensor, materialize, toMemref, toTensor,
], {
  // BufferizationDialect::verifyOperationAttribute (LLVM 19): only the manual-deallocation marker
  verifyOpAttribute: (_op, name) => name === 'bufferization.manual_deallocation'
    ? undefined : `attribute '"${name}"' not supported as an op attribute by the bufferization dialect`,
});
