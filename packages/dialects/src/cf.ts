/**
 * cf: unstructured control flow between the blocks of one region — branches,
 * conditional branches, multi-way switches — and runtime assertions.
 *
 * Every branch implements the `branch` interface (which operands become the
 * arguments of which successor); the verifier checks each successor's operand
 * count and types against the target block's arguments, with MLIR's wording.
 */
import {
  DenseArrayAttr, DenseElementsAttr, IntegerAttr, IntegerType, Tok, VectorType, defineDialect, defineOp, i1, isShaped,
  stringSyntax, type Block, type BranchInterface, type DenseLeaf, type OpParser, type OpPrinter, type Operation,
  type OperationState, type Type, type TypeConstraint, type Value,
} from '@lifeline/ir';

const I1: TypeConstraint = {
  description: '1-bit signless integer',
  accepts: (t) => t === i1,
};
const ANY_INTEGER: TypeConstraint = {
  description: 'integer',
  accepts: (t) => t instanceof IntegerType,
};

/**
 * MLIR's BranchOpInterface verifier: each successor gets as many operands as
 * its block has arguments, of the same types. Reported without the op prefix
 * (MLIR uses emitError here).
 */
export function verifyBranchOperands(op: Operation, branch: BranchInterface): { error: string } | undefined {
  for (let i = 0; i < op.successors.length; i++) {
    const dest: Block = op.successors[i]!;
    const operands = branch.successorOperands(op, i);
    if (operands.length !== dest.arguments.length) {
      return { error: `branch has ${operands.length} operands for successor #${i}, but target block has ${dest.arguments.length}` };
    }
    for (let k = 0; k < operands.length; k++) {
      if (operands[k]!.type !== dest.arguments[k]!.type) return { error: `type mismatch for bb argument #${k} of successor #${i}` };
    }
  }
  return undefined;
}

// ---- cf.br / cf.cond_br -----------------------------------------------------------------

const brBranch: BranchInterface = {
  successorOperands: (op) => op.operandValues(),
  successorOperandStart: () => 0,
  successorForConstants: (op) => op.successors[0],
};

const br = defineOp({
  name: 'cf.br',
  operands: [{ name: 'destOperands', arity: 'variadic' }],
  successors: [{ name: 'dest' }],
  traits: ['Pure', 'Terminator'],
  format: '$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict',
  branch: brBranch,
  verify: (op) => verifyBranchOperands(op, brBranch),
});

const condBrBranch: BranchInterface = {
  successorOperands: (op, i) => op.def!.operandGroup(op, i === 0 ? 'trueDestOperands' : 'falseDestOperands'),
  successorOperandStart: (op, i) => op.def!.operandGroupStart(op, i === 0 ? 'trueDestOperands' : 'falseDestOperands'),
  successorForConstants: (op, [cond]) => (cond instanceof IntegerAttr ? op.successors[cond.value === 1n || cond.value === -1n ? 0 : 1] : undefined),
};

const condBr = defineOp({
  name: 'cf.cond_br',
  operands: [
    { name: 'condition', type: I1, infer: () => i1 },
    { name: 'trueDestOperands', arity: 'variadic' },
    { name: 'falseDestOperands', arity: 'variadic' },
  ],
  successors: [{ name: 'trueDest' }, { name: 'falseDest' }],
  traits: ['Pure', 'Terminator'],
  // LLVM 19 has no `weights(...)` / branch_weights on cf.cond_br (added in LLVM 20).
  format: '$condition `,` $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` ' +
    '$falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict',
  branch: condBrBranch,
  verify: (op) => verifyBranchOperands(op, condBrBranch),
});

// ---- cf.assert --------------------------------------------------------------------------

const assert = defineOp({
  name: 'cf.assert',
  operands: [{ name: 'arg', type: I1, infer: () => i1 }],
  attributes: [{ name: 'msg', syntax: stringSyntax }],
  format: '$arg `,` $msg attr-dict',
  // Aborting the program is modelled as a write to the default resource (as MLIR does).
  memoryEffects: () => [{ kind: 'write' }],
});

// ---- cf.switch --------------------------------------------------------------------------

/** Operand counts of each case (the `case_operand_segments` property). */
function caseSegments(op: Operation): number[] {
  const a = op.getAttr('case_operand_segments');
  return a instanceof DenseArrayAttr ? [...a.values] : [];
}

/** How many case values there are, without listing them (a splat may stand for billions). */
function switchCaseCount(op: Operation): number {
  const a = op.getAttr('case_values');
  if (!(a instanceof DenseElementsAttr)) return 0;
  return isShaped(a.type) && a.type.shape ? a.type.shape.reduce((n, d) => n * d, 1) : a.leaves().length;
}

/** Case values as integers (a splat stands for all of them); only for a verified op. */
export function switchCaseValues(op: Operation): bigint[] {
  const a = op.getAttr('case_values');
  if (!(a instanceof DenseElementsAttr)) return [];
  const leaves = a.leaves();
  const count = switchCaseCount(op);
  const value = (l: DenseLeaf): bigint => (l.kind === 'int' ? l.value : l.kind === 'bool' ? (l.value ? 1n : 0n) : 0n);
  if (leaves.length === 1 && count !== 1) return Array.from({ length: count }, () => value(leaves[0]!));
  return leaves.map(value);
}

const switchBranch: BranchInterface = {
  successorOperands(op, i) {
    const start = switchBranch.successorOperandStart(op, i);
    const n = i === 0 ? op.def!.operandGroup(op, 'defaultOperands').length : caseSegments(op)[i - 1] ?? 0;
    return op.operandValues().slice(start, start + n);
  },
  successorOperandStart(op, i) {
    let start = op.def!.operandGroupStart(op, 'defaultOperands');
    if (i === 0) return start;
    start = op.def!.operandGroupStart(op, 'caseOperands');
    const segs = caseSegments(op);
    for (let k = 0; k < i - 1; k++) start += segs[k] ?? 0;
    return start;
  },
  successorForConstants(op, [flag]) {
    if (!op.getAttr('case_values')) return op.successors[0];
    if (!(flag instanceof IntegerAttr)) return undefined;
    const width = flag.type instanceof IntegerType ? flag.type.width : 0;
    const wrap = (v: bigint) => (width ? BigInt.asUintN(width, v) : v);
    const i = switchCaseValues(op).findIndex((c) => wrap(c) === wrap(flag.value));
    return op.successors[i + 1];
  },
};

/**
 *   cf.switch %flag : i32, [
 *     default: ^bb1(%a : i32),
 *     42: ^bb2
 *   ] attr-dict
 */
function parseSwitch(p: OpParser, st: OperationState): void {
  const flag = p.parseOperand();
  p.expect(Tok.Colon, "expected ':'");
  const typeOffset = p.offset;
  const flagType: Type = p.parseType();
  if (!(flagType instanceof IntegerType)) p.error("custom op 'cf.switch' invalid kind of type specified", typeOffset);
  p.expect(Tok.Comma, "expected ','");
  p.expect(Tok.LSquare, "expected '['");
  p.parseKeyword('default');
  p.expect(Tok.Colon, "expected ':'");
  const [defaultDest, defaultOperands] = p.parseSuccessorAndUseList();
  const values: bigint[] = [];
  const dests: Block[] = [];
  const caseOperands: Value[][] = [];
  while (p.consumeIf(Tok.Comma)) {
    // MLIR reads an int64 into APInt(width, uint64): truncated, or zero-extended past 64 bits.
    // Its parseInteger reads the literal into 4 bits a digit and checks the int64 it made
    // against that, zero-extended: a value of 2^64 or more fails, and so does a negative one
    // of more than 16 digits (its 68+ bits are negative, the zero-extension is not).
    const at = p.offset;
    const v = p.parseInteger();
    if (v >= 1n << 64n || (v < 0n && String(-v).length > 16)) p.error("custom op 'cf.switch' integer value too large", at);
    values.push(BigInt.asUintN(64, v));
    p.expect(Tok.Colon, "expected ':'");
    const [dest, ops] = p.parseSuccessorAndUseList();
    dests.push(dest);
    caseOperands.push(ops);
  }
  p.expect(Tok.RSquare, "expected ']'");
  p.parseOptionalAttrDict(st);
  st.operands = [p.resolveOperand(flag, flagType), ...defaultOperands, ...caseOperands.flat()];
  st.successors = [defaultDest, ...dests];
  p.setSegmentSizes(st, [1, defaultOperands.length, caseOperands.reduce((n, o) => n + o.length, 0)]);
  st.properties.set('case_operand_segments', new DenseArrayAttr(IntegerType.get(32), caseOperands.map((o) => o.length)));
  if (values.length) {
    const leaves: DenseLeaf[] = values.map((v) => ({ kind: 'int', value: v }));
    st.properties.set('case_values', new DenseElementsAttr(leaves, VectorType.get([values.length], flagType)));
  }
}

function printSwitch(op: Operation, p: OpPrinter): void {
  const flag = op.operand(0);
  p.print(` ${p.valueName(flag)} : ${flag.type}, [`);
  p.printNewline();
  p.print('  default: ');
  p.printSuccessorAndUseList(op.successors[0]!, switchBranch.successorOperands(op, 0));
  const values = switchCaseValues(op);
  if (op.getAttr('case_values')) {
    const width = flag.type instanceof IntegerType ? flag.type.width : 64;
    values.forEach((v, i) => {
      p.print(',');
      p.printNewline();
      // MLIR prints APInt::getLimitedValue(): the zero-extended value, capped at 2^64-1.
      const u = BigInt.asUintN(width, v);
      const limited = u > 0xffffffffffffffffn ? 0xffffffffffffffffn : u;
      p.print(`  ${limited}: `);
      p.printSuccessorAndUseList(op.successors[i + 1]!, switchBranch.successorOperands(op, i + 1));
    });
    p.printNewline();
  }
  p.print(']');
  p.printOptionalAttrDict(p.allAttrs(op), ['case_values', 'case_operand_segments', 'operandSegmentSizes']);
}

const switchOp = defineOp({
  name: 'cf.switch',
  operands: [
    { name: 'flag', type: ANY_INTEGER },
    { name: 'defaultOperands', arity: 'variadic' },
    { name: 'caseOperands', arity: 'variadic' },
  ],
  attributes: [{ name: 'case_values', optional: true }, { name: 'case_operand_segments' }],
  successors: [{ name: 'defaultDestination' }, { name: 'caseDestinations', variadic: true }],
  traits: ['Pure', 'Terminator'],
  parse: parseSwitch,
  print: printSwitch,
  branch: switchBranch,
  verify(op) {
    const b = verifyBranchOperands(op, switchBranch);
    if (b) return b;
    const cv = op.getAttr('case_values');
    const caseDests = op.successors.length - 1;
    if (!cv && caseDests === 0) return undefined;
    const flagType = op.operand(0).type;
    const cvType = cv instanceof DenseElementsAttr && isShaped(cv.type) ? cv.type.elementType : undefined;
    if (cvType !== flagType) return `'flag' type ('${flagType}') should match case value type ('${cvType}')`;
    const n = switchCaseCount(op);
    if (n !== caseDests) return `number of case values (${n}) should match number of case destinations (${caseDests})`;
    return undefined;
  },
});

export const cfDialect = defineDialect('cf', [assert, br, condBr, switchOp]);
