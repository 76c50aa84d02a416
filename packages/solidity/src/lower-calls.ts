/**
 * Calls: type conversions, struct constructors, internal calls (sol.call), the builtins
 * (require / assert / revert, keccak256 / sha256, addmod / mulmod, abi.*, string.concat /
 * bytes.concat, push / pop, `new T[](n)`), calls through internal function pointers
 * (sol.call_indirect). External calls, contract creation and the remaining builtins are
 * UnsupportedFeature.
 */
import { FunctionType, IntegerType, StringAttr, segmentSizes, type Type, type Value } from '@lifeline/ir';
import { ArrayType, FixedBytesType, PtrType, StringType, isValueType, type StructType } from '@lifeline/sol';
import { id as keccakId, keccak256 } from 'ethers';
import { i1, ui256, virtualTarget, type AstNode } from './lower-base.js';
import { ExprLowerer, isStringLiteral, literalBytes, symRef } from './lower-expr.js';

const memString = () => StringType.get('Memory');

export abstract class CallLowerer extends ExprLowerer {
  lowerCall(node: AstNode, want?: Type): Value[] {
    const callee = node.expression as AstNode;
    if (node.kind === 'typeConversion') return [this.typeConversion(node, want)];
    if (node.kind === 'structConstructorCall') return [this.structConstructor(node)];
    if (callee.nodeType === 'NewExpression') return [this.newArray(node)];
    const direct = callee.nodeType === 'Identifier' && this.ctx.nodes.get(callee.referencedDeclaration as number)?.nodeType === 'FunctionDefinition';
    // a call through a pointer value (a member access `L.f` / `s.f` is a library or member call, handled below)
    if (!direct && callee.nodeType !== 'MemberAccess' && String(callee.typeDescriptions?.typeIdentifier ?? '').startsWith('t_function_internal_')) {
      return this.indirectCall(node, callee);
    }
    if (callee.nodeType === 'Identifier') {
      const ref = callee.referencedDeclaration as number;
      if (ref < 0) return this.builtin(node, callee.name as string);
      const decl = this.ctx.nodes.get(ref);
      // a virtual function runs its final override in the lowered contract
      if (decl?.nodeType === 'FunctionDefinition') return this.internalCall(node, virtualTarget(this.ctx, ref));
      return this.unsupported(node, `a call of '${callee.name}'`);
    }
    if (callee.nodeType === 'MemberAccess') return this.memberCall(node, callee);
    return this.unsupported(node, 'this kind of call');
  }

  /** The arguments of a call that takes them by position only (named ones are an UnsupportedFeature here). */
  args(node: AstNode): AstNode[] {
    if ((node.names as string[] | undefined)?.length) this.unsupported(node, 'named arguments of this call');
    return node.arguments as AstNode[];
  }

  /**
   * The arguments of a call of `params` as written, each with the index of the parameter it
   * binds (`f({b: 2, a: 1})`): solc evaluates them in the written order, then passes them in
   * the parameters' order.
   */
  bound(node: AstNode, params: AstNode[], first = 0): { arg: AstNode; at: number }[] {
    const names = (node.names as string[] | undefined) ?? [];
    const args = node.arguments as AstNode[];
    if (!names.length) return args.map((arg, i) => ({ arg, at: first + i }));
    return args.map((arg, i) => {
      const at = params.findIndex((p, k) => k >= first && p.name === names[i]);
      return at < 0 ? this.unsupported(arg, `the named argument '${names[i]}'`) : { arg, at };
    });
  }

  typeConversion(node: AstNode, _want?: Type): Value {
    const [arg] = this.args(node);
    const to = this.typeOf(node);
    if (arg!.nodeType === 'Identifier' && arg!.name === 'this') return this.op('sol.env', [], [to], [['name', new StringAttr('address')]]).result(0);
    const v = this.expr(arg!, to instanceof IntegerType || to instanceof FixedBytesType ? (this.isConstExpr(arg!) || arg!.nodeType === 'Literal' ? to : undefined) : undefined);
    if (v.type === to) return v;
    if ((to instanceof StringType || to instanceof ArrayType) && v.type instanceof StringType && v.type.loc === to.loc) return v;
    return this.convert(v, to, node);
  }

  structConstructor(node: AstNode): Value {
    const t = this.typeOf(node) as StructType;
    // named arguments (`S({b: 1, a: 2})`) are evaluated as written and stored by member name
    const def = this.ctx.scope.structs.get(String(node.typeDescriptions.typeString).replace(/^struct /, '').replace(/ (memory|storage ref|storage pointer|calldata)$/, ''));
    const values: Value[] = [];
    for (const { arg, at } of this.bound(node, (def?.members as AstNode[] | undefined) ?? [])) values[at] = this.expr(arg, this.valueTarget(t.memberTypes[at]!));
    const s = this.op('sol.malloc', [], [t], [['operandSegmentSizes', segmentSizes([0, 0])]]).result(0);
    values.forEach((v, i) => {
      const p = this.val('sol.gep', [s, this.constant(BigInt(i), IntegerType.get(64, 'unsigned'))], PtrType.get(t.memberTypes[i]!, 'Memory'));
      this.op('sol.store', [this.adapt(v, t.memberTypes[i]!, node), p]);
    });
    return s;
  }

  newArray(node: AstNode): Value {
    const t = this.typeOf(node);
    if (!((t instanceof ArrayType && t.isDynamic) || t instanceof StringType) || t.loc !== 'Memory') {
      return this.unsupported(node, 'contract creation or this kind of new');
    }
    const [n] = this.args(node);
    const size = this.expr(n!, ui256);
    return this.op('sol.malloc', [size], [t], [this.unit('zero_init'), ['operandSegmentSizes', segmentSizes([1, 0])]]).result(0);
  }

  /** A call of an internal function; `self` is the receiver a `using … for` call binds to the first parameter. */
  internalCall(node: AstNode, ref: number, self?: AstNode): Value[] {
    const fn = this.ctx.functions.get(ref);
    if (!fn) return this.unsupported(node, 'a call of this function');
    const formal = (fn.node.parameters?.parameters as AstNode[] | undefined) ?? [];
    const written = [...(self ? [{ arg: self, at: 0 }] : []), ...this.bound(node, formal, self ? 1 : 0)];
    const args: Value[] = [];
    for (const { arg, at } of written) args[at] = this.adapt(this.expr(arg, this.valueTarget(fn.params[at]!)), fn.params[at]!, arg);
    if (fn.params.some((_, i) => !args[i])) return this.unsupported(node, 'a call with these arguments');
    return this.op('sol.call', args, fn.results, [['callee', symRef(fn.sym)]]).results;
  }

  /** A call through an internal function pointer: the pointer first, then the arguments (solc's order). */
  indirectCall(node: AstNode, callee: AstNode): Value[] {
    const fp = this.expr(callee);
    if (!(fp.type instanceof FunctionType)) return this.unsupported(callee, 'a call of this function value');
    const t = fp.type;
    const args = this.args(node).map((a, i) => this.adapt(this.expr(a, this.valueTarget(t.inputs[i]!)), t.inputs[i]!, a));
    return this.op('sol.call_indirect', [fp, ...args], t.results).results;
  }

  /** Revert data: a literal message, a string operand, or a custom error call. */
  reason(node: AstNode | undefined): { attrs: [string, import('@lifeline/ir').Attribute][]; args: Value[] } {
    if (!node) return { attrs: [], args: [] };
    if (node.nodeType === 'Literal' && node.kind !== 'number' && node.kind !== 'bool') return { attrs: [['msg', new StringAttr(literalBytes(node))]], args: [] };
    // `Err(…)`, or an error of another contract or interface: `I.Err(…)`
    if (node.nodeType === 'FunctionCall' && (node.expression.nodeType === 'Identifier' || node.expression.nodeType === 'MemberAccess')) {
      const decl = this.ctx.nodes.get(node.expression.referencedDeclaration as number);
      if (decl?.nodeType === 'ErrorDefinition') return this.customError(node, decl);
    }
    return { attrs: [], args: [this.expr(node, memString())] };
  }

  customError(call: AstNode, decl: AstNode): { attrs: [string, import('@lifeline/ir').Attribute][]; args: Value[] } {
    const params = decl.parameters.parameters as AstNode[];
    const args: Value[] = [];
    for (const { arg, at } of this.bound(call, params)) args[at] = this.encoderOperand(arg, this.typeOf(params[at]!, 'Memory'));
    return {
      attrs: [['error', new StringAttr(this.signature(call, decl))], ['selector', new StringAttr(`0x${decl.errorSelector}`)]],
      args,
    };
  }

  builtin(node: AstNode, name: string): Value[] {
    const args = this.args(node);
    switch (name) {
      case 'require': {
        const c = this.expr(args[0]!, i1);
        const r = this.reason(args[1]);
        this.op('sol.require', [c, ...r.args], [], r.attrs);
        return [];
      }
      case 'assert':
        this.op('sol.assert', [this.expr(args[0]!, i1)]);
        return [];
      case 'revert': {
        const r = this.reason(args[0]);
        this.op('sol.revert', r.args, [], r.attrs);
        this.terminated = true;
        return [];
      }
      case 'keccak256': case 'sha256': {
        // solc hashes a literal argument of keccak256 at compile time (no memory touched)
        if (name === 'keccak256' && isStringLiteral(args[0]!)) {
          return [this.constant(BigInt(keccak256(Buffer.from(literalBytes(args[0]!), 'latin1'))), FixedBytesType.get(32))];
        }
        // sha256 of a literal: solc writes it in place at the free pointer (no allocation)
        if (isStringLiteral(args[0]!)) return [this.val('sol.sha256', [this.encoderOperand(args[0]!)], FixedBytesType.get(32))];
        const data = this.expr(args[0]!);
        const bytes = data.type instanceof StringType ? data : this.convert(data, memString(), args[0]!);
        return [this.val(`sol.${name}`, [bytes], FixedBytesType.get(32))];
      }
      case 'addmod': case 'mulmod':
        return [this.val(`sol.${name}`, args.map((a) => this.expr(a, ui256)), ui256)];
    }
    return this.unsupported(node, `the builtin '${name}'`);
  }

  memberCall(node: AstNode, callee: AstNode): Value[] {
    const base = callee.expression as AstNode;
    const member = callee.memberName as string;
    if (base.nodeType === 'Identifier' && base.name === 'abi' && (base.referencedDeclaration as number) < 0) return this.abi(node, member, this.args(node));
    const bts = base.typeDescriptions?.typeString as string;
    const decl = this.ctx.nodes.get(callee.referencedDeclaration as number);
    if (decl?.nodeType === 'FunctionDefinition') {
      // `L.f(…)` / `C.f(…)` name an internal function; `x.f(…)` binds x to a library or free function's first parameter
      const owner = this.ctx.nodes.get(decl.scope as number);
      const helper = decl.kind === 'freeFunction' || owner?.contractKind === 'library';
      if (helper && !this.ctx.functions.has(decl.id)) return this.unsupported(node, 'calls of public or external library functions');
      // `super.f(…)`: the next implementation after the contract holding the call, in the lowered contract's linearization
      if (bts?.startsWith('type(contract super ')) {
        const inh = this.ctx.inherit;
        const from = inh?.ownerOf(callee.id as number);
        const target = inh && from !== undefined ? inh.superOf(decl.id, from) : undefined;
        return target === undefined ? this.unsupported(node, 'this super call') : this.internalCall(node, target);
      }
      // `B.f(…)` runs exactly B's f (no virtual lookup)
      if (bts?.startsWith('type(')) return this.internalCall(node, decl.id);
      if (helper) return this.internalCall(node, decl.id, base);
    }
    // the builtins below take positional arguments only
    const args = this.args(node);
    // `T.wrap(x)` / `T.unwrap(x)` of a user-defined value type: the value itself (T is its
    // underlying type here)
    if ((member === 'wrap' || member === 'unwrap') && /^t_function_(un)?wrap_/.test(String(callee.typeDescriptions?.typeIdentifier ?? ''))) {
      return [this.expr(args[0]!, this.typeOf(node))];
    }
    if (member === 'concat' && (bts === 'type(string storage pointer)' || bts === 'type(bytes storage pointer)')) {
      const vs = args.map((a) => (this.isConstExpr(a) ? this.unsupported(a, 'a number literal in concat') : this.encoderOperand(a)));
      return [this.val('sol.concat', vs, memString(), [['operandSegmentSizes', segmentSizes([vs.length, 0])]])];
    }
    if (member === 'push' || member === 'pop') {
      const ref = this.expr(base);
      if (!((ref.type instanceof ArrayType && ref.type.isDynamic) || ref.type instanceof StringType) || ref.type.loc !== 'Storage') {
        return this.unsupported(node, `${member} on ${ref.type}`);
      }
      if (member === 'pop') {
        this.op('sol.pop', [ref]);
        return [];
      }
      const elt = ref.type instanceof ArrayType ? ref.type.eltType : FixedBytesType.get(1);
      const value = args[0] ? this.expr(args[0], this.valueTarget(elt)) : undefined;
      const ptr = this.val('sol.push', [ref], PtrType.get(elt, 'Storage'));
      if (value) {
        this.assignTo(ptr, this.adapt(value, elt, node), node);
        return [];
      }
      return [this.load(ptr)];
    }
    return this.unsupported(node, `a call of '${member}' (external calls are not supported)`);
  }

  abi(node: AstNode, member: string, args: AstNode[]): Value[] {
    const encodeArgs = (list: AstNode[]) => list.map((a) => {
      if (this.isConstExpr(a)) return this.constOf(a);
      return this.encoderOperand(a);
    });
    switch (member) {
      case 'encode':
        return [this.encode(undefined, encodeArgs(args))];
      case 'encodePacked':
        return [this.encode(undefined, encodeArgs(args), true)];
      case 'encodeWithSelector': {
        const sel = this.expr(args[0]!, FixedBytesType.get(4));
        return [this.encode(sel, encodeArgs(args.slice(1)))];
      }
      case 'encodeWithSignature': {
        const sig = args[0]!;
        let sel: Value;
        if (sig.nodeType === 'Literal') {
          sel = this.constant(BigInt(keccakId(Buffer.from(literalBytes(sig), 'latin1').toString('utf8')).slice(0, 10)) << 224n, FixedBytesType.get(4));
        } else {
          const h = this.val('sol.keccak256', [this.expr(sig, memString())], FixedBytesType.get(32));
          sel = this.val('sol.cast', [h], FixedBytesType.get(4));
        }
        return [this.encode(sel, encodeArgs(args.slice(1)))];
      }
      case 'encodeCall':
        return [this.encodeCall(node, args[0]!, args[1])];
      case 'decode': {
        const data = this.expr(args[0]!);
        return this.op('sol.decode', [data], this.typesOf(node)).results;
      }
    }
    return this.unsupported(node, `abi.${member}`);
  }

  /**
   * `abi.encodeCall(I.f, (a, b))`: the selector of the function named, then the arguments
   * converted to its parameters' types (a literal `1` for a `bytes4` parameter is bytes4's
   * encoding, not uint256's); reference values encode as they are, whatever the parameter's
   * data location — the encoding is the same.
   */
  encodeCall(node: AstNode, fn: AstNode, tuple: AstNode | undefined): Value {
    const decl = this.ctx.nodes.get(fn.referencedDeclaration as number);
    if (decl?.nodeType !== 'FunctionDefinition' || !decl.functionSelector) return this.unsupported(fn, 'abi.encodeCall of a function that is not named directly');
    const sel = this.constant(BigInt(`0x${decl.functionSelector}`) << 224n, FixedBytesType.get(4));
    const comps = !tuple ? [] : tuple.nodeType === 'TupleExpression' && !tuple.isInlineArray ? (tuple.components as AstNode[]) : [tuple];
    const params = decl.parameters.parameters as AstNode[];
    const values = comps.map((c, i) => {
      const t = this.typeOf(params[i]!);
      return isValueType(t) ? this.adapt(this.expr(c, this.valueTarget(t)), t, c) : this.encoderOperand(c);
    });
    return this.encode(sel, values);
  }

  /** sol.encode (its operand groups: the optional selector, then the arguments). */
  encode(sel: Value | undefined, args: Value[], packed = false): Value {
    const op = this.op('sol.encode', sel ? [sel, ...args] : args, [memString()], packed ? [this.unit('packed')] : []);
    op.setAttr('operandSegmentSizes', segmentSizes([sel ? 1 : 0, args.length, 0]));
    return op.result(0);
  }
}
