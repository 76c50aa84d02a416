/**
 * memref ops with hand-written syntax (MLIR's hasCustomAssemblyFormat): global,
 * alloca_scope, generic_atomic_rmw, prefetch, dma_start; plus their terminators and
 * dma_wait. Spacing copies MLIR's C++ printers (alloca_scope prints two spaces).
 */
import {
  Block, DenseElementsAttr, IntegerAttr, IntegerType, MemRefType, OpaqueAttr, Operation, RankedTensorType, StringAttr,
  Tok, TypeAttr, UnitAttr, defineOp, index,
  type Attribute, type OpParser, type OperationState, type Region, type Type, type UnresolvedOperand,
} from '@lifeline/ir';
import {
  anyMemRef, boolAttrCheck, effect, i64AttrCheck, intOrFloat, intOrFloatMemRef, isMemRef, memrefTypeAttrCheck, noEffects,
  stringAttrCheck, unitAttrCheck, variadicIndex,
} from './memref-types.js';

const i32 = IntegerType.get(32);

function parseIndexList(p: OpParser): UnresolvedOperand[] {
  const out: UnresolvedOperand[] = [];
  p.parseCommaSeparated(Tok.LSquare, Tok.RSquare, () => out.push(p.parseOperand()));
  return out;
}

function resolveIndices(p: OpParser, st: OperationState, us: UnresolvedOperand[]): void {
  st.operands.push(...p.resolveOperands(us, us.map(() => index)));
}

// ---- memref.global ---------------------------------------------------------------

const GLOBAL_SYNTAX_ATTRS = ['sym_visibility', 'constant', 'sym_name', 'type', 'initial_value'];

/** An elements attribute printed without its type (`dense<1.0>`), as printAttributeWithoutType. */
function printWithoutType(a: Attribute): string {
  if (a instanceof DenseElementsAttr) return `dense<${a.printBody()}>`;
  if (a instanceof OpaqueAttr) return a.text;
  return a.toString();
}

function isElementsAttr(a: Attribute): a is DenseElementsAttr | OpaqueAttr {
  return a instanceof DenseElementsAttr || (a instanceof OpaqueAttr && !!a.type && /^(dense_resource|sparse)</.test(a.text));
}

function staticMemRef(t: Type): t is MemRefType {
  return isMemRef(t) && t.shape.every((d) => d >= 0);
}

export const globalOp = defineOp({
  name: 'memref.global',
  attributes: [
    // Alphabetical, the order MLIR verifies them in.
    { name: 'alignment', optional: true, check: i64AttrCheck }, { name: 'constant', optional: true, check: unitAttrCheck },
    { name: 'initial_value', optional: true }, { name: 'sym_name', check: stringAttrCheck },
    { name: 'sym_visibility', optional: true, check: stringAttrCheck }, { name: 'type', check: memrefTypeAttrCheck },
  ],
  traits: ['Symbol'],
  parse(p, st) {
    const start = p.offset;
    if (p.tok === Tok.String) st.addAttr('sym_visibility', new StringAttr(p.parseStringLiteral()));
    if (p.parseOptionalKeyword('constant')) st.addAttr('constant', UnitAttr.instance);
    st.addAttr('sym_name', new StringAttr(p.parseSymbolName()));
    p.expect(Tok.Colon, "expected ':'");
    const type = p.parseType();
    if (!staticMemRef(type)) return p.error(`custom op 'memref.global' type should be static shaped memref, but got '${type}'`, st.nameOffset ?? start);
    st.addAttr('type', new TypeAttr(type));
    if (p.consumeIf(Tok.Equal)) {
      if (p.parseOptionalKeyword('uninitialized')) st.addAttr('initial_value', UnitAttr.instance);
      else {
        const init = p.parseAttribute(RankedTensorType.get(type.shape, type.elementType));
        if (!isElementsAttr(init)) p.error("custom op 'memref.global' initial value should be a unit or elements attribute", start);
        st.addAttr('initial_value', init);
      }
    }
    p.parseOptionalAttrDict(st);
  },
  print(op, p) {
    const vis = op.getAttr('sym_visibility');
    let s = ' ';
    if (vis) s += `${vis} `;
    if (op.getAttr('constant')) s += 'constant ';
    p.print(s);
    p.printSymbolName((op.getAttr('sym_name') as StringAttr).value);
    p.print(` : ${(op.getAttr('type') as TypeAttr).value}`);
    const init = op.getAttr('initial_value');
    if (init) p.print(' = ' + (init instanceof UnitAttr ? 'uninitialized' : printWithoutType(init)));
    p.printOptionalAttrDict(p.allAttrs(op), GLOBAL_SYNTAX_ATTRS);
  },
  verify(op) {
    const typeAttr = op.getAttr('type');
    const type = typeAttr instanceof TypeAttr ? typeAttr.value : undefined;
    if (!type || !staticMemRef(type)) return `type should be static shaped memref, but got ${type ? `'${type}'` : typeAttr}`;
    const init = op.getAttr('initial_value');
    if (init && !(init instanceof UnitAttr)) {
      if (!isElementsAttr(init)) return `initial value should be a unit or elements attribute, but got ${init}`;
      const tensorType = RankedTensorType.get(type.shape, type.elementType);
      if (init.type !== tensorType) return `initial value expected to be of type '${tensorType}', but was of type '${init.type}'`;
    }
    // MLIR reports this one with emitError: no `'memref.global' op` prefix ('!')
    const align = op.getAttr('alignment');
    if (align instanceof IntegerAttr && (align.value <= 0n || (align.value & (align.value - 1n)) !== 0n)) {
      return `!alignment attribute value ${BigInt.asUintN(64, align.value)} is not a power of 2`;
    }
    return undefined;
  },
});

// ---- memref.alloca_scope -------------------------------------------------------------

const ALLOCA_SCOPE_RETURN = 'memref.alloca_scope.return';

export const allocaScopeOp = defineOp({
  name: 'memref.alloca_scope',
  results: [{ name: 'results', arity: 'variadic' }],
  regions: [{ name: 'bodyRegion' }],
  traits: ['AutomaticAllocationScope', 'RecursiveMemoryEffects', 'NoRegionArguments', 'SingleBlock'],
  implicitTerminator: ALLOCA_SCOPE_RETURN,
  parse(p, st) {
    st.types.push(...p.parseOptionalArrowTypeList());
    const body = st.addRegion(p.parseOpRegion(st));
    ensureTerminator(p, st, body);
    p.parseOptionalAttrDict(st);
  },
  print(op, p) {
    // MLIR prints ' ' then ' -> (types)' then ' ', hence two spaces before the arrow or brace.
    p.print(' ');
    if (op.results.length) p.print(` -> (${op.results.map((r) => r.type).join(', ')})`);
    p.print(' ');
    p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: op.results.length > 0 });
    p.printOptionalAttrDict(p.allAttrs(op));
  },
  regionBranch: {
    successors: (op, point) => (point === 'parent'
      ? [{ target: op.regions[0]!, inputs: [] }]
      : [{ target: 'parent', inputs: op.results }]),
    entryOperands: () => [],
  },
});

function ensureTerminator(p: OpParser, st: OperationState, r: Region): void {
  if (!r.blocks.length) r.pushBlock(new Block());
  const b = r.blocks[0]!;
  if (b.last?.def?.has('Terminator')) return;
  b.append(new Operation({ name: ALLOCA_SCOPE_RETURN, def: p.registry.lookup(ALLOCA_SCOPE_RETURN), loc: st.loc }));
}

export const allocaScopeReturnOp = defineOp({
  name: ALLOCA_SCOPE_RETURN,
  operands: [{ name: 'results', arity: 'variadic' }],
  traits: ['Terminator', 'ReturnLike', 'Pure'],
  parents: ['memref.alloca_scope'],
  format: 'attr-dict ($results^ `:` type($results))?',
  memoryEffects: noEffects,
  regionBranchTerminator: { forwardedOperands: (op) => op.operandValues() },
});

// ---- memref.generic_atomic_rmw --------------------------------------------------------

/** Memory-effect free: declares no effects (recursively for RecursiveMemoryEffects ops). */
function isMemoryEffectFree(op: Operation): boolean {
  if (op.def?.has('RecursiveMemoryEffects')) {
    let free = true;
    for (const r of op.regions) r.walk((o) => { if (free && !isMemoryEffectFree(o)) free = false; });
    return free && (!op.def.spec.memoryEffects || op.def.spec.memoryEffects(op).length === 0);
  }
  return !!op.def?.spec.memoryEffects && op.def.spec.memoryEffects(op).length === 0;
}

export const genericAtomicRmwOp = defineOp({
  name: 'memref.generic_atomic_rmw',
  operands: [{ name: 'memref', type: intOrFloatMemRef }, { name: 'indices', arity: 'variadic', type: variadicIndex }],
  results: [{ name: 'result', type: intOrFloat }],
  regions: [{ name: 'atomic_body' }],
  traits: ['SingleBlock'],
  parse(p, st) {
    const m = p.parseOperand();
    const ivs = parseIndexList(p);
    const type = p.parseColonType();
    st.operands.push(p.resolveOperand(m, type));
    resolveIndices(p, st, ivs);
    st.addRegion(p.parseOpRegion(st));
    p.parseOptionalAttrDict(st);
    if (!isMemRef(type)) return p.error("custom op 'memref.generic_atomic_rmw' invalid kind of type specified");
    st.types.push(type.elementType);
  },
  print(op, p) {
    p.print(` ${p.valueName(op.operand(0))}[`);
    p.printOperands(op.operandValues().slice(1));
    p.print(`] : ${op.operand(0).type} `);
    p.printRegion(op.regions[0]!, { printEntryBlockArgs: true, printBlockTerminators: true });
    p.printOptionalAttrDict(p.allAttrs(op));
  },
  memoryEffects: (op) => [effect('read', op.operand(0)), effect('write', op.operand(0))],
  verify(op) {
    const t = op.operand(0).type as MemRefType;
    if (op.result(0).type !== t.elementType) return 'failed to verify that result type matches element type of memref';
    const entry = op.regions[0]!.blocks[0];
    if ((entry?.arguments.length ?? 0) !== 1) return 'expected single number of entry block arguments';
    if (op.result(0).type !== entry!.arguments[0]!.type) return 'expected block argument of the same type result type';
    let bad = false;
    op.regions[0]!.walk((o) => { if (!bad && !isMemoryEffectFree(o)) bad = true; });
    // MLIR reports this at the nested op; we can only report at this op.
    if (bad) return { error: "body of 'memref.generic_atomic_rmw' should contain only operations with no side effects" };
    return undefined;
  },
});

export const atomicYieldOp = defineOp({
  name: 'memref.atomic_yield',
  operands: [{ name: 'result' }],
  traits: ['Terminator', 'Pure'],
  parents: ['memref.generic_atomic_rmw'],
  format: '$result attr-dict `:` type($result)',
  memoryEffects: noEffects,
  verify(op) {
    const parentType = op.parentOp?.results[0]?.type;
    const t = op.operand(0).type;
    if (parentType && parentType !== t) return `types mismatch between yield op: '${t}' and its parent: '${parentType}'`;
    return undefined;
  },
});

// ---- memref.prefetch ---------------------------------------------------------------------

export const prefetchOp = defineOp({
  name: 'memref.prefetch',
  operands: [{ name: 'memref', type: anyMemRef }, { name: 'indices', arity: 'variadic', type: variadicIndex }],
  attributes: [
    { name: 'isDataCache', check: boolAttrCheck },
    { name: 'isWrite', check: boolAttrCheck },
    {
      name: 'localityHint',
      check: (a) => (a instanceof IntegerAttr && a.type === i32 && a.value >= 0n && a.value <= 3n ? undefined
        : '32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3'),
    },
  ],
  parse(p, st) {
    const start = p.offset;
    const m = p.parseOperand();
    const ivs = parseIndexList(p);
    p.expect(Tok.Comma, "expected ','");
    const rw = p.parseBareId('valid keyword');
    p.expect(Tok.Comma, "expected ','");
    p.parseKeyword('locality');
    p.expect(Tok.Less, "expected '<'");
    st.addAttr('localityHint', p.parseAttribute(i32));
    p.expect(Tok.Greater, "expected '>'");
    p.expect(Tok.Comma, "expected ','");
    const cache = p.parseBareId('valid keyword');
    const type = p.parseColonType();
    st.operands.push(p.resolveOperand(m, type));
    resolveIndices(p, st, ivs);
    if (rw !== 'read' && rw !== 'write') p.error("custom op 'memref.prefetch' rw specifier has to be 'read' or 'write'", start);
    st.addAttr('isWrite', IntegerAttr.bool(rw === 'write'));
    if (cache !== 'data' && cache !== 'instr') p.error("custom op 'memref.prefetch' cache type has to be 'data' or 'instr'", start);
    st.addAttr('isDataCache', IntegerAttr.bool(cache === 'data'));
  },
  print(op, p) {
    const flag = (n: string) => (op.getAttr(n) as IntegerAttr | undefined)?.value === 1n;
    p.print(` ${p.valueName(op.operand(0))}[`);
    p.printOperands(op.operandValues().slice(1));
    const hint = op.getAttr('localityHint') as IntegerAttr;
    p.print(`], ${flag('isWrite') ? 'write' : 'read'}, locality<${hint.value}>, ${flag('isDataCache') ? 'data' : 'instr'}`);
    p.printOptionalAttrDict(p.allAttrs(op), ['localityHint', 'isWrite', 'isDataCache']);
    p.print(` : ${op.operand(0).type}`);
  },
  verify(op) {
    const t = op.operand(0).type as MemRefType;
    return op.operands.length !== 1 + t.rank ? 'too few indices' : undefined;
  },
});

// ---- memref.dma_start / dma_wait ------------------------------------------------------------

/** Operand positions of a dma_start (undefined while the memref operands are not memrefs). */
function dmaLayout(op: Operation) {
  const rank = (i: number) => { const t = op.operands[i]?.value.type; return t && isMemRef(t) ? t.rank : undefined; };
  const srcRank = rank(0);
  if (srcRank === undefined) return undefined;
  const dst = 1 + srcRank;
  const dstRank = rank(dst);
  if (dstRank === undefined) return undefined;
  const num = dst + 1 + dstRank;
  const tag = num + 1;
  const tagRank = rank(tag);
  if (tagRank === undefined) return undefined;
  const end = tag + 1 + tagRank;
  return { srcRank, dst, dstRank, num, tag, tagRank, end, strided: op.operands.length !== end };
}

export const dmaStartOp = defineOp({
  name: 'memref.dma_start',
  operands: [{ name: 'operands', arity: 'variadic' }],
  parse(p, st) {
    const start = p.offset;
    const src = p.parseOperand();
    const srcIdx = parseIndexList(p);
    p.expect(Tok.Comma, "expected ','");
    const dst = p.parseOperand();
    const dstIdx = parseIndexList(p);
    p.expect(Tok.Comma, "expected ','");
    const num = p.parseOperand();
    p.expect(Tok.Comma, "expected ','");
    const tag = p.parseOperand();
    const tagIdx = parseIndexList(p);
    const strides = p.consumeIf(Tok.Comma) ? p.parseOperandList() : [];
    if (strides.length && strides.length !== 2) p.error("custom op 'memref.dma_start' expected two stride related operands", start);
    const types = p.parseColonTypeList();
    if (types.length !== 3) p.error("custom op 'memref.dma_start' fewer/more types expected", start);
    st.operands.push(p.resolveOperand(src, types[0]!));
    resolveIndices(p, st, srcIdx);
    st.operands.push(p.resolveOperand(dst, types[1]!));
    resolveIndices(p, st, dstIdx);
    st.operands.push(p.resolveOperand(num, index));
    st.operands.push(p.resolveOperand(tag, types[2]!));
    resolveIndices(p, st, tagIdx);
    resolveIndices(p, st, strides);
  },
  print(op, p) {
    const l = dmaLayout(op)!;
    const vs = op.operandValues();
    const list = (from: number, n: number) => vs.slice(from, from + n).map((v) => p.valueName(v)).join(', ');
    let s = ` ${p.valueName(vs[0]!)}[${list(1, l.srcRank)}], ${p.valueName(vs[l.dst]!)}[${list(l.dst + 1, l.dstRank)}], `;
    s += `${p.valueName(vs[l.num]!)}, ${p.valueName(vs[l.tag]!)}[${list(l.tag + 1, l.tagRank)}]`;
    if (l.strided) s += `, ${list(l.end, 2)}`;
    p.print(s);
    p.printOptionalAttrDict(p.allAttrs(op));
    p.print(` : ${vs[0]!.type}, ${vs[l.dst]!.type}, ${vs[l.tag]!.type}`);
  },
  memoryEffects(op) {
    const l = dmaLayout(op);
    if (!l) return [];
    return [effect('read', op.operand(0)), effect('write', op.operand(l.dst)), effect('read', op.operand(l.tag))];
  },
  verify(op) {
    const n = op.operands.length;
    const types = op.operandValues().map((v) => v.type);
    const allIndex = (from: number, k: number) => types.slice(from, from + k).every((t) => t === index);
    if (n < 4) return 'expected at least 4 operands';
    if (!isMemRef(types[0]!)) return 'expected source to be of memref type';
    const srcRank = (types[0] as MemRefType).rank;
    if (n < srcRank + 4) return `expected at least ${srcRank + 4} operands`;
    if (!allIndex(1, srcRank)) return 'expected source indices to be of index type';
    const dst = 1 + srcRank;
    if (!isMemRef(types[dst]!)) return 'expected destination to be of memref type';
    const dstRank = (types[dst] as MemRefType).rank;
    let expected = srcRank + dstRank + 4;
    if (n < expected) return `expected at least ${expected} operands`;
    if (!allIndex(dst + 1, dstRank)) return 'expected destination indices to be of index type';
    if (types[dst + 1 + dstRank] !== index) return 'expected num elements to be of index type';
    const tag = dst + 2 + dstRank;
    if (!isMemRef(types[tag]!)) return 'expected tag to be of memref type';
    const tagRank = (types[tag] as MemRefType).rank;
    expected += tagRank;
    if (n < expected) return `expected at least ${expected} operands`;
    if (!allIndex(tag + 1, tagRank)) return 'expected tag indices to be of index type';
    if (n !== expected && n !== expected + 2) return 'incorrect number of operands';
    if (n === expected + 2 && !allIndex(expected, 2)) return 'expected stride and num elements per stride to be of type index';
    return undefined;
  },
});

export const dmaWaitOp = defineOp({
  name: 'memref.dma_wait',
  operands: [
    { name: 'tagMemRef', type: anyMemRef, typeKind: isMemRef },
    { name: 'tagIndices', arity: 'variadic', type: variadicIndex, infer: () => index },
    { name: 'numElements', infer: () => index },
  ],
  format: '$tagMemRef `[` $tagIndices `]` `,` $numElements attr-dict `:` type($tagMemRef)',
  // No memory-effect interface: LLVM 19's getEffects is a plain method here, so
  // mlir-opt-19's --test-alias-analysis-modref reports ModRef for every location.
  verify(op) {
    const rank = (op.operand(0).type as MemRefType).rank;
    const n = op.operands.length - 2;
    if (n !== rank) {
      return `expected tagIndices to have the same number of elements as the tagMemRef rank, expected ${rank}, but got ${n}`;
    }
    return undefined;
  },
});

