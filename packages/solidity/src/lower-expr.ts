/**
 * Expressions: literals and compile-time constants, locals and state variables, operators
 * (checked unless inside `unchecked`), assignments, index and member access, ternaries and
 * short-circuit logic (sol.if with a result), tuples. Calls are in lower-calls.ts.
 *
 * An lvalue is a `!sol.ptr<T, Loc>`: a local's stack slot, a state variable's storage address,
 * an element (sol.gep) or mapping value (sol.map). Reading it is sol.load; writing is sol.store,
 * or sol.copy for an aggregate written into storage.
 */
import { FunctionType, IntegerAttr, IntegerType, StringAttr, segmentSizes, type Type, type Value } from '@lifeline/ir';
import {
  AddressType, ArrayType, EnumType, FixedBytesType, MappingType, PtrType, StringLiteralType, StringType, StructType, isValueType,
} from '@lifeline/sol';
import { LowerBase, i1, ui256, virtualTarget, type AstNode } from './lower-base.js';

const ARITH: Record<string, string> = { '+': 'sol.add', '-': 'sol.sub', '*': 'sol.mul', '/': 'sol.div', '%': 'sol.mod', '**': 'sol.exp' };
const BITS: Record<string, string> = { '&': 'sol.and', '|': 'sol.or', '^': 'sol.xor', '<<': 'sol.shl', '>>': 'sol.shr' };
const CMP: Record<string, string> = { '==': 'eq', '!=': 'ne', '<': 'lt', '<=': 'le', '>': 'gt', '>=': 'ge' };

/** Solidity's mobile type of an integer constant: the smallest uintN / intN holding it. */
export function mobileType(v: bigint): IntegerType {
  for (let w = 8; w <= 256; w += 8) {
    if (v >= 0n && v < 1n << BigInt(w)) return IntegerType.get(w, 'unsigned');
    if (v < 0n && v >= -(1n << BigInt(w - 1))) return IntegerType.get(w, 'signed');
  }
  return IntegerType.get(256, v < 0n ? 'signed' : 'unsigned');
}

/** The bytes of a string literal (from solc's hexValue) as one char per byte. */
export function literalBytes(node: AstNode): string {
  const hex = (node.hexValue as string | undefined) ?? '';
  let s = '';
  for (let i = 0; i + 1 < hex.length; i += 2) s += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return s;
}

/** A string, hex or unicode literal (not a number or bool). */
export function isStringLiteral(node: AstNode): boolean {
  return node.nodeType === 'Literal' && (node.kind === 'string' || node.kind === 'hexString' || node.kind === 'unicodeString');
}

const SUBDENOMINATION: Record<string, bigint> = {
  wei: 1n, gwei: 10n ** 9n, ether: 10n ** 18n, seconds: 1n, minutes: 60n, hours: 3600n, days: 86400n, weeks: 604800n,
};

export abstract class ExprLowerer extends LowerBase {
  /** Local variables (and parameters) by declaration id: their stack slots. */
  readonly slots = new Map<number, Value>();
  unchecked = false;
  /** The current block ended in a terminator (return, break, continue, revert). */
  terminated = false;

  abstract lowerCall(node: AstNode, want?: Type): Value[];

  // ---- constants ---------------------------------------------------------------------------

  isConstExpr(node: AstNode): boolean {
    const ts = node.typeDescriptions?.typeString as string | undefined;
    return !!ts && (ts.startsWith('int_const') || ts.startsWith('rational_const'));
  }

  /** The value of a compile-time integer expression. */
  constValue(node: AstNode): bigint {
    switch (node.nodeType) {
      case 'Literal': {
        if (node.kind !== 'number') break;
        const text = (node.value as string).replace(/_/g, '');
        let v: bigint;
        if (/^0x/i.test(text)) v = BigInt(text);
        else {
          const m = /^(\d*)(?:\.(\d*))?(?:[eE](-?\d+))?$/.exec(text);
          if (!m) break;
          const frac = m[2] ?? '';
          let exp = Number(m[3] ?? 0) - frac.length;
          let mant = BigInt((m[1] || '0') + frac);
          let scale = node.subdenomination ? SUBDENOMINATION[node.subdenomination as string] : 1n;
          if (scale === undefined) break;
          while (exp < 0 && scale % 10n === 0n) { scale /= 10n; exp++; }
          while (exp < 0 && mant % 10n === 0n) { mant /= 10n; exp++; }
          if (exp < 0) break;
          v = mant * scale * 10n ** BigInt(exp);
        }
        return v;
      }
      case 'TupleExpression':
        if (node.components.length === 1) return this.constValue(node.components[0]);
        break;
      case 'UnaryOperation': {
        const x = this.constValue(node.subExpression);
        if (node.operator === '-') return -x;
        if (node.operator === '~') return ~x;
        break;
      }
      case 'BinaryOperation': {
        const a = this.constValue(node.leftExpression);
        const b = this.constValue(node.rightExpression);
        switch (node.operator) {
          case '+': return a + b;
          case '-': return a - b;
          case '*': return a * b;
          case '/': if (b !== 0n && a % b === 0n) return a / b; break;
          case '%': if (b !== 0n) return a % b; break;
          case '**': if (b >= 0n && b < 1024n) return a ** b; break;
          case '<<': return a << b;
          case '>>': return a >> b;
          case '&': return a & b;
          case '|': return a | b;
          case '^': return a ^ b;
        }
        break;
      }
    }
    return this.unsupported(node, 'this constant expression');
  }

  constOf(node: AstNode, want?: Type): Value {
    const v = this.constValue(node);
    // bytesN constants are the word with the bytes left-aligned.
    if (want instanceof FixedBytesType) return this.constant(v << BigInt(8 * (32 - want.size)), want);
    return this.constant(v, want instanceof IntegerType || want instanceof AddressType ? want : mobileType(v));
  }

  // ---- expressions -------------------------------------------------------------------------

  /** The value of `node` (converted to `want` when given). */
  expr(node: AstNode, want?: Type): Value {
    const vs = this.exprs(node, want);
    if (vs.length !== 1) this.unsupported(node, 'an expression without exactly one value here');
    const v = vs[0]!;
    return want && v.type !== want ? this.convert(v, want, node) : v;
  }

  /** The values of `node`; the ops built for it carry its source location (lifetime report, errors). */
  exprs(node: AstNode, want?: Type): Value[] {
    const saved = this.b.loc;
    this.b.loc = this.loc(node);
    try {
      return this.exprsAt(node, want);
    } finally {
      this.b.loc = saved;
    }
  }

  private exprsAt(node: AstNode, want?: Type): Value[] {
    if (this.isConstExpr(node)) return [this.constOf(node, want)];
    switch (node.nodeType) {
      case 'Literal': return [this.literal(node, want)];
      case 'Identifier': return [this.identifier(node, want)];
      case 'BinaryOperation': return [this.binary(node)];
      case 'UnaryOperation': return [this.unary(node)];
      case 'Assignment': return [this.assignment(node)];
      case 'IndexAccess':
      case 'MemberAccess': {
        if (node.nodeType === 'IndexAccess' && node.indexExpression && /^bytes\d+$/.test(node.baseExpression.typeDescriptions?.typeString ?? '')) {
          return [this.fixedBytesIndex(node)];
        }
        const special = node.nodeType === 'MemberAccess' ? this.memberValue(node, want) : undefined;
        return [special ?? this.load(this.lvalue(node))];
      }
      case 'Conditional': return this.conditional(node);
      case 'TupleExpression': return this.tuple(node, want);
      case 'FunctionCall': return this.lowerCall(node, want);
    }
    return this.unsupported(node, `expression '${node.nodeType}'`);
  }

  literal(node: AstNode, want?: Type): Value {
    switch (node.kind) {
      case 'bool': return this.constant(node.value === 'true' ? 1n : 0n, i1);
      case 'number': {
        const t = this.typeOf(node);
        return this.constant(BigInt(node.value), t);
      }
      case 'string': case 'hexString': case 'unicodeString': {
        const bytes = literalBytes(node);
        if (want instanceof FixedBytesType) {
          let v = 0n;
          for (let i = 0; i < 32; i++) v = (v << 8n) | BigInt(i < bytes.length ? bytes.charCodeAt(i) : 0);
          return this.constant(v, want);
        }
        return this.val('sol.string_lit', [], StringType.get('Memory'), [['value', new StringAttr(bytes)]]);
      }
    }
    return this.unsupported(node, `literal of kind '${node.kind}'`);
  }

  /**
   * An operand of an encoder (abi.encode*, string/bytes.concat, custom error and event data):
   * a string literal stays in the code as sol.const_string and the encoder writes its bytes
   * in place, as solc does (it copies a literal to memory only where a memory value is
   * needed: sol.string_lit). A literal meant as bytesN is a constant as usual.
   */
  encoderOperand(node: AstNode, want?: Type): Value {
    if (isStringLiteral(node) && !(want instanceof FixedBytesType)) {
      return this.val('sol.const_string', [], StringLiteralType.get(), [['value', new StringAttr(literalBytes(node))]]);
    }
    return this.expr(node, want);
  }

  identifier(node: AstNode, want?: Type): Value {
    const id = node.referencedDeclaration as number;
    const slot = this.slots.get(id);
    if (slot) return this.load(slot);
    const decl = this.ctx.nodes.get(id);
    // a constant of this contract, of a library it is in or a file-level one
    if (decl?.nodeType === 'VariableDeclaration' && decl.constant) return this.constantValue(decl, want);
    if (decl?.nodeType === 'VariableDeclaration' && decl.stateVariable) return this.load(this.stateVarPtr(node, id));
    if (decl?.nodeType === 'FunctionDefinition' && String(node.typeDescriptions?.typeIdentifier ?? '').startsWith('t_function_internal_')) {
      // an internal function as a value: a pointer to its sol.func
      const fn = this.ctx.functions.get(virtualTarget(this.ctx, id));
      if (!fn) return this.unsupported(node, `a pointer to '${node.name}'`);
      return this.val('sol.func_ref', [], FunctionType.get(fn.params, fn.results), [['callee', symRef(fn.sym)]]);
    }
    return this.unsupported(node, `use of '${node.name}' as a value`);
  }

  /**
   * The value of constant `decl`: its initializer, evaluated where it is read (solc's viaIR
   * calls a `constant_X_checked()` or `constant_X_wrapping()` function there, so the
   * initializer's arithmetic is checked unless read inside `unchecked`), at the declared
   * type. An integer constant may be built at the wider integer type the reader wants (an
   * integer constant converts only implicitly here); a bytesN one may not: widening moves its
   * bytes, which the reader's conversion does.
   */
  constantValue(decl: AstNode, want?: Type): Value {
    const declared = this.typeOf(decl);
    return this.expr(decl.value, want instanceof IntegerType && declared instanceof IntegerType ? want : declared);
  }

  stateVarPtr(node: AstNode, id: number): Value {
    const sv = this.ctx.stateVars.get(id);
    if (!sv) this.unsupported(node, 'this state variable');
    return this.val('sol.addr_of', [], PtrType.get(sv.type, sv.loc), [['var', symRef(sv.sym)]]);
  }

  arith(name: string, a: Value, b: Value, t: Type): Value {
    const checked = !this.unchecked && name !== 'sol.and' && name !== 'sol.or' && name !== 'sol.xor';
    return this.val(name, [a, b], t, checked ? [this.unit('checked')] : []);
  }

  binary(node: AstNode): Value {
    const op = node.operator as string;
    // `using {f as +} for T global`: a call of f, not the builtin on T's underlying type
    if (node.function !== undefined) this.unsupported(node, 'user-defined operators');
    if (op === '&&' || op === '||') return this.shortCircuit(node, op === '&&');
    const common = node.commonType ? this.typeOfString(node.commonType.typeString, node) : this.typeOf(node);
    if (CMP[op]) {
      const a = this.expr(node.leftExpression, common);
      const b = this.expr(node.rightExpression, common);
      if (!isValueType(common)) this.unsupported(node, `comparison of ${common}`);
      return this.op('sol.cmp', [a, b], [i1], [['predicate', new StringAttr(CMP[op]!)]]).result(0);
    }
    const t = this.typeOf(node);
    if (op === '<<' || op === '>>' || op === '**') {
      const a = this.expr(node.leftExpression, t);
      const amount = this.expr(node.rightExpression);
      if (!(amount.type instanceof IntegerType) || amount.type.signedness !== 'unsigned') {
        this.unsupported(node.rightExpression, 'a signed shift amount or exponent');
      }
      if (op === '**') return this.val('sol.exp', [a, amount], t, this.unchecked ? [] : [this.unit('checked')]);
      return this.val(BITS[op]!, [a, amount], t);
    }
    const a = this.expr(node.leftExpression, t);
    const b = this.expr(node.rightExpression, t);
    if (ARITH[op]) {
      if (!(t instanceof IntegerType)) this.unsupported(node, `arithmetic on ${t}`);
      return this.arith(ARITH[op]!, a, b, t);
    }
    if (BITS[op]) return this.val(BITS[op]!, [a, b], t);
    return this.unsupported(node, `operator '${op}'`);
  }

  /** `x[i]` of a bytesN: Panic(0x32) unless i < N, then byte i as a bytes1. */
  fixedBytesIndex(node: AstNode): Value {
    const x = this.expr(node.baseExpression);
    const t = x.type as FixedBytesType;
    const i = this.expr(node.indexExpression);
    if (!(i.type instanceof IntegerType) || i.type.signedness !== 'unsigned') this.unsupported(node.indexExpression, 'a signed index');
    const idx = i.type === ui256 ? i : this.val('sol.cast', [i], ui256);
    const oob = this.op('sol.cmp', [idx, this.constant(BigInt(t.size), ui256)], [i1], [['predicate', new StringAttr('ge')]]).result(0);
    const ifOp = this.op('sol.if', [oob], [], [], 2);
    this.inRegion(ifOp.regions[0]!, () => this.op('sol.panic', [], [], [['code', new IntegerAttr(0x32n, IntegerType.get(64))]]));
    return this.val('sol.byte_at', [x, idx], FixedBytesType.get(1));
  }

  /** `a && b` = a ? b : false;  `a || b` = a ? true : b. */
  shortCircuit(node: AstNode, and: boolean): Value {
    const a = this.expr(node.leftExpression, i1);
    const ifOp = this.op('sol.if', [a], [i1], [], 2);
    this.inRegion(ifOp.regions[0]!, () => {
      const v = and ? this.expr(node.rightExpression, i1) : this.constant(1n, i1);
      this.op('sol.yield', [v]);
    });
    this.inRegion(ifOp.regions[1]!, () => {
      const v = and ? this.constant(0n, i1) : this.expr(node.rightExpression, i1);
      this.op('sol.yield', [v]);
    });
    return ifOp.result(0);
  }

  /**
   * `c ? a : b`: a sol.if with one result per value. Tuple branches (`c ? (x, p) : (y, q)`)
   * yield their components as separate results, so a memory reference in a tuple flows
   * through the sol.if exactly as in a one-value ternary. solc evaluates the condition, then
   * only the taken branch, its components left to right.
   */
  conditional(node: AstNode): Value[] {
    const types = this.typesOf(node);
    const c = this.expr(node.condition, i1);
    const ifOp = this.op('sol.if', [c], types, [], 2);
    this.inRegion(ifOp.regions[0]!, () => this.op('sol.yield', this.branchValues(node.trueExpression, types)));
    this.inRegion(ifOp.regions[1]!, () => this.op('sol.yield', this.branchValues(node.falseExpression, types)));
    return ifOp.results.slice();
  }

  /** The values of a ternary's branch, converted to the ternary's (component) types. */
  private branchValues(branch: AstNode, types: Type[]): Value[] {
    if (types.length === 1) return [this.expr(branch, types[0])];
    // a tuple written out: each component built at its type (literals are constants of it)
    const comps = branch.nodeType === 'TupleExpression' && !branch.isInlineArray ? (branch.components as (AstNode | null)[]) : undefined;
    if (comps?.length === types.length && comps.every((c) => c)) return comps.map((c, i) => this.expr(c!, types[i]));
    const vs = this.exprs(branch);
    if (vs.length !== types.length) this.unsupported(branch, `a branch with ${vs.length} values where ${types.length} are expected`);
    return vs.map((v, i) => (v.type === types[i] ? v : this.convert(v, types[i]!, branch)));
  }

  unary(node: AstNode): Value {
    const op = node.operator as string;
    if (node.function !== undefined) this.unsupported(node, 'user-defined operators');
    if (op === '++' || op === '--') {
      const ptr = this.lvalue(node.subExpression);
      const t = (ptr.type as PtrType).pointeeType;
      const old = this.load(ptr);
      const next = this.arith(op === '++' ? 'sol.add' : 'sol.sub', old, this.constant(1n, t), t);
      // solc checks `++`/`--` with its increment/decrement helpers, `x + 1` with checked_add
      if (!this.unchecked) next.definingOp!.setAttr('inc_dec', this.unit('inc_dec')[1]);
      this.op('sol.store', [next, ptr]);
      return node.prefix ? next : old;
    }
    if (op === 'delete') {
      const ptr = this.lvalue(node.subExpression);
      const p = ptr.type as PtrType;
      if (p.loc === 'Storage') this.op('sol.delete', [ptr]);
      else this.op('sol.store', [this.zeroValue(p.pointeeType, node), ptr]);
      return ptr;
    }
    const t = this.typeOf(node);
    const x = this.expr(node.subExpression, t);
    if (op === '!' || op === '~') return this.val('sol.not', [x], t);
    if (op === '-') return this.arith('sol.sub', this.constant(0n, t), x, t);
    return this.unsupported(node, `unary operator '${op}'`);
  }

  assignment(node: AstNode): Value {
    const op = node.operator as string;
    const lhs = node.leftHandSide as AstNode;
    if (lhs.nodeType === 'TupleExpression') {
      if (op !== '=') this.unsupported(node, 'compound assignment to a tuple');
      const values = this.exprs(node.rightHandSide);
      const comps = lhs.components as (AstNode | null)[];
      if (values.length !== comps.length) this.unsupported(node, 'tuple assignment of a different arity');
      // Addresses first, left to right, then the writes from right to left, as solc does (so
      // with one target twice, `(x, x) = (1, 2)`, the leftmost value stays).
      const ptrs = comps.map((c) => (c ? this.lvalue(c) : undefined));
      for (let i = ptrs.length - 1; i >= 0; i--) {
        const p = ptrs[i];
        if (p) this.assignTo(p, this.adapt(values[i]!, (p.type as PtrType).pointeeType, comps[i]!), comps[i]!);
      }
      return values[0]!;
    }
    const lt = this.typeOf(lhs, 'Storage');
    if (op === '=') {
      const v = this.expr(node.rightHandSide, this.valueTarget(lt));
      const ptr = this.lvalue(lhs);
      this.assignTo(ptr, this.adapt(v, (ptr.type as PtrType).pointeeType, node), node);
      return v;
    }
    // solc's order for `lhs op= rhs`: the right-hand side, then the lvalue's address, then
    // the current value (so a call on the right that writes the target is seen)
    const bin = op.slice(0, -1);
    const shift = bin === '<<' || bin === '>>';
    if (!shift && !ARITH[bin] && !BITS[bin]) return this.unsupported(node, `assignment operator '${op}'`);
    const rhs = this.expr(node.rightHandSide, shift ? undefined : this.valueTarget(lt));
    const ptr = this.lvalue(lhs);
    const t = (ptr.type as PtrType).pointeeType;
    const cur = this.load(ptr);
    const r = shift || rhs.type === t ? rhs : this.convert(rhs, t, node);
    const next = ARITH[bin] && !shift ? this.arith(ARITH[bin]!, cur, r, t) : this.val(BITS[bin]!, [cur, r], t);
    this.op('sol.store', [next, ptr]);
    return next;
  }

  /** The type a right-hand side is lowered to: value types exactly, aggregates as they come. */
  valueTarget(t: Type): Type | undefined {
    return isValueType(t) ? t : undefined;
  }

  /** `v` for a slot of type `t`: value types convert; aggregates convert location unless written into storage. */
  adapt(v: Value, t: Type, node: AstNode): Value {
    if (v.type === t) return v;
    if (isValueType(t)) return this.convert(v, t, node);
    if (t instanceof ArrayType || t instanceof StringType || t instanceof StructType) {
      if (t.loc === 'Storage') return v;
      return this.convert(v, t, node);
    }
    return v;
  }

  tuple(node: AstNode, want?: Type): Value[] {
    if (node.isInlineArray) {
      const t = this.typeOf(node) as ArrayType;
      const comps = node.components as AstNode[];
      // solc allocates an array literal first and then evaluates each element and writes it:
      // whatever an element allocates (a string literal copied to memory, a call's result, a
      // conversion from storage) lies above the array. Elements that allocate nothing (values
      // named or written out) may as well be operands of sol.array_lit.
      const plain = (c: AstNode) => isValueType(t.eltType) && (c.nodeType === 'Identifier' || c.nodeType === 'Literal');
      if (comps.every(plain)) {
        const elems = comps.map((c) => this.expr(c, t.eltType));
        return [this.val('sol.array_lit', elems, t, [['operandSegmentSizes', segmentSizes([elems.length, 0])]])];
      }
      const arr = this.op('sol.malloc', [], [t], [['operandSegmentSizes', segmentSizes([0, 0])]]).result(0);
      comps.forEach((c, k) => {
        const v = this.expr(c, t.eltType);
        const p = this.val('sol.gep', [arr, this.constant(BigInt(k), ui256)], PtrType.get(t.eltType, 'Memory'), [this.unit('no_panic_bounds')]);
        this.op('sol.store', [v, p]);
      });
      return [arr];
    }
    const comps = node.components as (AstNode | null)[];
    if (comps.length === 1 && comps[0]) return [this.expr(comps[0], want)];
    return comps.map((c) => (c ? this.expr(c) : this.unsupported(node, 'an empty tuple component here')));
  }

  // ---- lvalues -----------------------------------------------------------------------------

  lvalue(node: AstNode): Value {
    switch (node.nodeType) {
      case 'Identifier': {
        const id = node.referencedDeclaration as number;
        const slot = this.slots.get(id);
        if (slot) return slot;
        const decl = this.ctx.nodes.get(id);
        // immutables too: Solidity lets only the constructor and initializers assign them
        if (decl?.nodeType === 'VariableDeclaration' && decl.stateVariable && !decl.constant) {
          return this.stateVarPtr(node, id);
        }
        return this.unsupported(node, `'${node.name}' as an lvalue`);
      }
      case 'IndexAccess': {
        if (!node.indexExpression) this.unsupported(node, 'a type expression here');
        const base = this.expr(node.baseExpression);
        if (base.type instanceof MappingType) {
          const key = this.expr(node.indexExpression, base.type.keyType);
          return this.val('sol.map', [base, key], PtrType.get(base.type.valType, 'Storage'));
        }
        if (base.type instanceof ArrayType || base.type instanceof StringType) {
          const idx = this.expr(node.indexExpression, ui256);
          const elt = base.type instanceof ArrayType ? base.type.eltType : FixedBytesType.get(1);
          return this.val('sol.gep', [base, idx], PtrType.get(elt, base.type.loc));
        }
        return this.unsupported(node, `index access on ${base.type}`);
      }
      case 'MemberAccess': {
        // `B.x`: a state variable of a base contract (B names a type; nothing is evaluated)
        const qualified = this.qualifiedDecl(node);
        if (qualified?.stateVariable && !qualified.constant) return this.stateVarPtr(node, qualified.id);
        const base = this.expr(node.expression);
        if (base.type instanceof StructType) {
          const def = this.ctx.nodes.get(node.referencedDeclaration as number);
          const structDef = def && this.ctx.nodes.get(def.scope as number);
          const index = structDef?.members?.findIndex((m: AstNode) => m.id === def!.id) ?? -1;
          if (index < 0) this.unsupported(node, 'this member');
          const idx = this.constant(BigInt(index), IntegerType.get(64, 'unsigned'));
          return this.val('sol.gep', [base, idx], PtrType.get(base.type.memberTypes[index]!, base.type.loc));
        }
        return this.unsupported(node, `member '${node.memberName}' of ${base.type}`);
      }
      case 'TupleExpression':
        if (node.components.length === 1) return this.lvalue(node.components[0]);
        break;
    }
    return this.unsupported(node, `'${node.nodeType}' as an lvalue`);
  }

  /**
   * The variable `L.P` / `C.x` / `M.P` names: a member of a library, contract or imported
   * file (its expression is a type or module, not a value), else undefined.
   */
  qualifiedDecl(node: AstNode): AstNode | undefined {
    const ets = node.expression?.typeDescriptions?.typeString as string | undefined;
    if (!ets || !(ets.startsWith('type(') || ets.startsWith('module '))) return undefined;
    const decl = this.ctx.nodes.get(node.referencedDeclaration as number);
    return decl?.nodeType === 'VariableDeclaration' ? decl : undefined;
  }

  /**
   * Member accesses that are not struct members: constants named through their library,
   * contract or file, environment values, lengths, enum values.
   */
  memberValue(node: AstNode, want?: Type): Value | undefined {
    const e = node.expression as AstNode;
    const name = node.memberName as string;
    const constant = this.qualifiedDecl(node);
    if (constant?.constant) return this.constantValue(constant, want);
    if (e.nodeType === 'Identifier' && (e.referencedDeclaration as number) < 0) {
      const env = ENV[`${e.name}.${name}`];
      if (!env) this.unsupported(node, `'${e.name}.${name}'`);
      return this.op('sol.env', [], [this.typeOf(node)], [['name', new StringAttr(env)]]).result(0);
    }
    const ets = e.typeDescriptions?.typeString as string;
    if (ets?.startsWith('type(enum ') && (name === 'min' || name === 'max')) {
      const t = this.typeOf(node) as EnumType;
      return this.constant(name === 'min' ? 0n : BigInt(t.max), t);
    }
    if (ets?.startsWith('type(enum ')) {
      const enumDef = this.ctx.nodes.get(e.referencedDeclaration as number);
      const i = enumDef?.members?.findIndex((m: AstNode) => m.name === name) ?? -1;
      if (i < 0) this.unsupported(node, 'this enum value');
      return this.constant(BigInt(i), this.typeOf(node) as EnumType);
    }
    // `E.selector` of an error, event or external function named directly (`E`, `L.E`, `I.f`,
    // `this.f`): a constant, nothing is evaluated — solc folds it the same way
    if (name === 'selector' && (e.nodeType === 'Identifier' || (e.nodeType === 'MemberAccess' && e.expression?.nodeType === 'Identifier'))) {
      const d = this.ctx.nodes.get(e.referencedDeclaration as number);
      if (d?.nodeType === 'ErrorDefinition' && d.errorSelector) return this.constant(BigInt(`0x${d.errorSelector}`) << 224n, FixedBytesType.get(4));
      if (d?.nodeType === 'EventDefinition' && d.eventSelector) return this.constant(BigInt(`0x${d.eventSelector}`), FixedBytesType.get(32));
      if (d?.nodeType === 'FunctionDefinition' && d.functionSelector) return this.constant(BigInt(`0x${d.functionSelector}`) << 224n, FixedBytesType.get(4));
    }
    // `L.f` / `B.f` as a value: a pointer to exactly that function (no virtual lookup, as a
    // call `B.f()` is not one)
    const member = this.ctx.nodes.get(node.referencedDeclaration as number);
    if (member?.nodeType === 'FunctionDefinition' && ets?.startsWith('type(') && String(node.typeDescriptions?.typeIdentifier ?? '').startsWith('t_function_internal_')) {
      const fn = this.ctx.functions.get(member.id as number);
      if (!fn) return this.unsupported(node, `a pointer to '${name}'`);
      return this.val('sol.func_ref', [], FunctionType.get(fn.params, fn.results), [['callee', symRef(fn.sym)]]);
    }
    // type(I).interfaceId: the XOR of the selectors of I's own functions (not inherited ones)
    if (name === 'interfaceId' && e.nodeType === 'FunctionCall' && e.expression?.name === 'type') {
      const iface = this.ctx.nodes.get(e.arguments?.[0]?.referencedDeclaration as number);
      if (iface?.nodeType !== 'ContractDefinition') this.unsupported(node, 'this interfaceId');
      let id = 0n;
      for (const f of iface.nodes as AstNode[]) if (f.nodeType === 'FunctionDefinition' && f.functionSelector) id ^= BigInt(`0x${f.functionSelector}`);
      return this.constant(id << 224n, FixedBytesType.get(4));
    }
    // a struct may have a member named `length` (ets 'struct C.S memory'; arrays of structs
    // are 'struct C.S memory[] memory')
    if (name === 'length' && !(ets?.startsWith('struct ') && !ets.includes('['))) {
      const base = this.expr(e);
      if (base.type instanceof ArrayType && !base.type.isDynamic) return this.constant(BigInt(base.type.size), ui256);
      if (base.type instanceof ArrayType || base.type instanceof StringType) return this.val('sol.length', [base], ui256);
      return this.unsupported(node, `length of ${base.type}`);
    }
    if (ets?.startsWith('type(') && (name === 'max' || name === 'min')) {
      const t = this.typeOf(node);
      if (t instanceof IntegerType) {
        const w = BigInt(t.width);
        const signed = t.signedness === 'signed';
        const v = name === 'max' ? (signed ? (1n << (w - 1n)) - 1n : (1n << w) - 1n) : signed ? -(1n << (w - 1n)) : 0n;
        return this.constant(v, t);
      }
    }
    return undefined;
  }
}

const ENV: Record<string, string> = {
  'msg.sender': 'caller', 'msg.value': 'callvalue', 'tx.origin': 'origin', 'tx.gasprice': 'gasprice',
  'block.timestamp': 'timestamp', 'block.number': 'number', 'block.chainid': 'chainid', 'block.coinbase': 'coinbase',
  'block.basefee': 'basefee', 'block.gaslimit': 'gaslimit', 'block.prevrandao': 'prevrandao', 'block.blobbasefee': 'blobbasefee',
};

import { SymbolRefAttr } from '@lifeline/ir';
export function symRef(sym: string): SymbolRefAttr {
  return new SymbolRefAttr(sym);
}
