/**
 * Function bodies and statements. Parameters and locals live in sol.alloca slots (a Yul
 * variable each after emission), so control flow is structured ops without loop-carried
 * values: if → sol.if, while / do-while / for → sol.while / sol.do_while / sol.for, break /
 * continue / return / revert end their block (later statements in it are unreachable and
 * not lowered). A body that falls off its end returns the named return variables.
 */
import { DenseArrayAttr, FunctionType, IntegerType, StringAttr, TypeAttr, type Block, type Operation, type Type, type Value } from '@lifeline/ir';
import { AddressType, ArrayType, FixedBytesType, PtrType, StringType, dataLocation, isAggType, isFlatMemoryType, type StructType } from '@lifeline/sol';
import { isMemorySafe, printInlineAssembly } from './lower-asm.js';
import { analyseAssembly, type AsmLocals } from './asm-capture.js';
import { addressLocals, allocatedCarriers, readAfterAssembly } from './asm-locals.js';
import { i1, type AstNode } from './lower-base.js';
import { CallLowerer } from './lower-calls.js';
import { literalBytes } from './lower-expr.js';

export class FnLowerer extends CallLowerer {
  private returnSlots: Value[] = [];

  /** What `_` runs in a modifier body (lower-modifiers.ts). */
  placeholder?: () => void;

  /**
   * Builds `fn`'s body: parameters into slots, return variables zeroed (or, with
   * `returnsIn`, set from leading block arguments of those types), statements, implicit
   * return.
   */
  lowerBody(fn: Operation, node: AstNode, params: Type[], results: Type[], prologue?: () => void, returnsIn = false): void {
    this.enter(fn, node, params, results, returnsIn);
    prologue?.();
    this.statements(node.body.statements as AstNode[]);
    if (!this.terminated) this.implicitReturn();
  }

  /** The entry block of `fn` and the slots of `node`'s parameters; its return variables in slots too (see lowerBody). */
  enter(fn: Operation, node: AstNode, params: Type[], results: Type[], returnsIn: boolean): { block: Block; paramSlots: Value[] } {
    const block = this.b.createBlock(fn.regions[0]!, returnsIn ? [...results, ...params] : params);
    const first = returnsIn ? results.length : 0;
    const paramSlots = (node.parameters?.parameters as AstNode[] | undefined ?? []).map((p, i) => {
      const slot = this.slot(params[i]!);
      this.op('sol.store', [block.arguments[first + i]!, slot]);
      if (p.name) this.slots.set(p.id, slot);
      return slot;
    });
    this.returnSlots = (node.returnParameters?.parameters as AstNode[] | undefined ?? []).map((p, i) => {
      if (dataLocation(results[i]!) === 'CallData') this.unsupported(p, 'calldata return values');
      const slot = this.slot(results[i]!);
      this.op('sol.store', [returnsIn ? block.arguments[i]! : this.zeroValue(results[i]!, p), slot]);
      if (p.name) this.slots.set(p.id, slot);
      return slot;
    });
    return { block, paramSlots };
  }

  /** Stores `values` into the return variables (a modifier's `_`). */
  setReturnValues(values: readonly Value[]): void {
    values.forEach((v, k) => this.op('sol.store', [v, this.returnSlots[k]!]));
  }

  /** The return variables' current values. */
  returnValues(): Value[] {
    return this.returnSlots.map((s) => this.load(s));
  }


  slot(t: Type): Value {
    return this.val('sol.alloca', [], PtrType.get(t, 'Stack'));
  }

  implicitReturn(): void {
    this.op('sol.return', this.returnValues());
    this.terminated = true;
  }

  statements(list: readonly AstNode[]): void {
    for (const s of list) {
      if (this.terminated) return;
      this.statement(s);
    }
  }

  /** Lowers `stmts` into a fresh block of `region`, ended by `end` unless it terminated. */
  blockInto(region: import('@lifeline/ir').Region, stmts: () => void, end: () => void): void {
    const saved = this.terminated;
    this.terminated = false;
    this.inRegion(region, () => {
      stmts();
      if (!this.terminated) end();
    });
    this.terminated = saved;
  }

  body(node: AstNode | undefined): void {
    if (!node) return;
    if (node.nodeType === 'Block') this.statements(node.statements);
    else this.statement(node);
  }

  /** Lowers one statement; its ops carry its source location unless an expression's is closer. */
  statement(node: AstNode): void {
    const saved = this.b.loc;
    this.b.loc = this.loc(node);
    try {
      this.statementAt(node);
    } finally {
      this.b.loc = saved;
    }
  }

  private statementAt(node: AstNode): void {
    switch (node.nodeType) {
      case 'Block':
        this.statements(node.statements);
        return;
      case 'UncheckedBlock': {
        const saved = this.unchecked;
        this.unchecked = true;
        try {
          this.statements(node.statements);
        } finally {
          this.unchecked = saved;
        }
        return;
      }
      case 'VariableDeclarationStatement':
        return this.declaration(node);
      case 'ExpressionStatement':
        this.exprs(node.expression);
        return;
      case 'IfStatement': {
        const c = this.expr(node.condition, i1);
        const op = this.op('sol.if', [c], [], [], 2);
        this.blockInto(op.regions[0]!, () => this.body(node.trueBody), () => this.op('sol.yield'));
        if (node.falseBody) this.blockInto(op.regions[1]!, () => this.body(node.falseBody), () => this.op('sol.yield'));
        return;
      }
      case 'WhileStatement':
      case 'DoWhileStatement': {
        const doWhile = node.nodeType === 'DoWhileStatement';
        const op = this.op(doWhile ? 'sol.do_while' : 'sol.while', [], [], [], 2);
        const [condR, bodyR] = doWhile ? [op.regions[1]!, op.regions[0]!] : [op.regions[0]!, op.regions[1]!];
        if (doWhile) this.blockInto(bodyR, () => this.body(node.body), () => this.op('sol.yield'));
        this.blockInto(condR, () => this.op('sol.condition', [this.expr(node.condition, i1)]), () => {});
        if (!doWhile) this.blockInto(bodyR, () => this.body(node.body), () => this.op('sol.yield'));
        return;
      }
      case 'ForStatement': {
        if (node.initializationExpression) this.statement(node.initializationExpression);
        const op = this.op('sol.for', [], [], [], 3);
        this.blockInto(op.regions[0]!, () => {
          this.op('sol.condition', [node.condition ? this.expr(node.condition, i1) : this.constant(1n, i1)]);
        }, () => {});
        this.blockInto(op.regions[1]!, () => this.body(node.body), () => this.op('sol.yield'));
        this.blockInto(op.regions[2]!, () => {
          if (!node.loopExpression) return;
          // solc's simple counter loop (`for (uint i = …; i < n; ++i)`, i not assigned in the
          // body; the AST's isSimpleCounterLoop): the increment cannot overflow, and solc's
          // optimizer setting simpleCounterForLoopUncheckedIncrement (on with the optimizer)
          // emits it unchecked — so do we
          const saved = this.unchecked;
          if (node.isSimpleCounterLoop) this.unchecked = true;
          this.statement(node.loopExpression);
          this.unchecked = saved;
        }, () => this.op('sol.yield'));
        return;
      }
      case 'Break':
      case 'Continue':
        this.op(node.nodeType === 'Break' ? 'sol.break' : 'sol.continue');
        this.terminated = true;
        return;
      case 'Return':
        return this.returnStatement(node);
      case 'EmitStatement':
        return this.emit(node);
      case 'RevertStatement': {
        const r = this.reason(node.errorCall);
        this.op('sol.revert', r.args, [], r.attrs);
        this.terminated = true;
        return;
      }
      case 'PlaceholderStatement':
        if (!this.placeholder) return this.unsupported(node, 'modifiers');
        return this.placeholder();
      case 'InlineAssembly':
        return this.inlineAssembly(node);
      case 'TryStatement':
        return this.unsupported(node, 'try/catch');
    }
    this.unsupported(node, `statement '${node.nodeType}'`);
  }

  declaration(node: AstNode): void {
    const decls = node.declarations as (AstNode | null)[];
    const types = decls.map((d) => (d ? this.typeOf(d) : undefined));
    let values: (Value | undefined)[];
    if (!node.initialValue) values = types.map((t, i) => (t ? this.zeroValue(t, decls[i]!) : undefined));
    else if (decls.length === 1) values = [this.expr(node.initialValue, this.valueTarget(types[0]!))];
    else values = this.exprs(node.initialValue);
    decls.forEach((d, i) => {
      if (!d) return;
      const t = types[i]!;
      const slot = this.slot(t);
      this.op('sol.store', [this.adapt(values[i]!, t, d), slot]);
      this.slots.set(d.id, slot);
    });
  }

  /**
   * `assembly { … }` → sol.inline_asm over the slots of the Solidity locals it names (value
   * types, and memory references — the slot holds the pointer).
   */
  inlineAssembly(node: AstNode): void {
    const slots: Value[] = [];
    const decls: number[] = [];
    const { yul, freePtr } = printInlineAssembly(node, {
      fail: (n, message) => this.unsupported(n, message),
      constant: (decl, ident) => {
        const d = this.ctx.nodes.get(decl);
        return d?.nodeType === 'VariableDeclaration' && d.constant ? this.asmConstant(d, ident) : undefined;
      },
      reference: (decl, ident) => {
        const slot = this.slots.get(decl);
        if (!slot) return this.unsupported(ident, 'state variables, immutables and functions in inline assembly');
        const t = (slot.type as PtrType).pointeeType;
        const ok = t instanceof IntegerType || t instanceof AddressType || t instanceof FixedBytesType || t instanceof FunctionType || dataLocation(t) === 'Memory';
        if (!ok) this.unsupported(ident, `a local of type ${t} in inline assembly`);
        const at = slots.indexOf(slot);
        if (at >= 0) return at;
        decls.push(decl);
        return slots.push(slot) - 1;
      },
    });
    const attrs: [string, import('@lifeline/ir').Attribute][] = [['yul', new StringAttr(yul)]];
    // flat memory references the block only reads and writes through: no escape; the free
    // pointer's value kept to the block, and the locals it allocates into (asm-capture.ts)
    const flat = (i: number) => isFlatMemoryType((slots[i]!.type as PtrType).pointeeType);
    // any local of the function (other blocks are read too, for the carriers); a constant or a
    // state variable: a value
    const typeOf = (d: number) => {
      const n = this.ctx.nodes.get(d);
      return n?.nodeType === 'VariableDeclaration' && !n.constant && !n.stateVariable ? this.typeOf(n) : undefined;
    };
    const carriers = addressLocals(node, this.ctx.nodes);
    const locals: AsmLocals = {
      kind: (d) => {
        const t = typeOf(d);
        if (carriers.has(d)) return 'address';
        return t && isFlatMemoryType(t) ? 'flat' : t && dataLocation(t) === 'Memory' ? 'memory' : 'value';
      },
      depth: (d) => (carriers.has(d) ? 1 : pointerDepth(typeOf(d))),
      lengthFirst: (d) => {
        const t = typeOf(d);
        return !carriers.has(d) && t instanceof ArrayType && t.isDynamic && dataLocation(t) === 'Memory';
      },
    };
    const allocated = allocatedCarriers(node, this.ctx.nodes, (b, assumed) => analyseAssembly(b, locals, assumed).carried);
    const use = analyseAssembly(node, locals, allocated);
    // (one that holds addresses, if the block also keeps none it reads out of memory and
    // writes through none: it only reads the objects below)
    const memoryRef = (i: number) => dataLocation((slots[i]!.type as PtrType).pointeeType) === 'Memory';
    const uncaptured = slots.flatMap((_, i) => ((flat(i) || (use.readsOnly && memoryRef(i))) && use.uncaptured.has(decls[i]!) ? [i] : []));
    if (uncaptured.length) attrs.push(['no_capture', new DenseArrayAttr(IntegerType.get(32), uncaptured)]);
    // a local it only walks through its own object (`s := add(s, 1)`) keeps nothing of it,
    // when nothing reads the local afterwards
    const reassigns = slots.flatMap((_, i) => (flat(i) && use.reassigned.has(decls[i]!) && !readAfterAssembly(decls[i]!, node, this.ctx.nodes) ? [i] : []));
    if (reassigns.length) attrs.push(['reassigns', new DenseArrayAttr(IntegerType.get(32), reassigns)]);
    const memorySafe = isMemorySafe(node);
    if (memorySafe) attrs.push(this.unit('memory_safe'));
    // reading a carrier of memory allocated from the free pointer reads the free pointer
    const touchesFree = freePtr || !!use.freePointer;
    if (touchesFree) attrs.push(this.unit('free_ptr'));
    if (use.seesLayout) attrs.push(this.unit('layout_seen'));
    if (memorySafe && touchesFree && use.freePointer?.hidden) {
      attrs.push(this.unit('fp_hidden'));
      const allocates = slots.flatMap((_, i) => (use.freePointer!.allocates.has(decls[i]!) ? [i] : []));
      if (allocates.length) attrs.push(['fp_allocates', new DenseArrayAttr(IntegerType.get(32), allocates)]);
    }
    this.op('sol.inline_asm', slots, [], attrs);
  }

  /**
   * A constant read in inline assembly, as solc's IR generator writes it (CopyTranslate): the
   * value of the constant it names, through constants initialised with another constant's
   * name, as a 256-bit word — a compile-time number in two's complement, shifted to the left
   * for bytesN; a bool, address or string literal as its word (the string left-aligned).
   * solc's type checker has already rejected any other constant there.
   */
  asmConstant(decl: AstNode, ident: AstNode): string {
    let root = decl;
    while (root.value?.nodeType === 'Identifier') {
      const next = this.ctx.nodes.get(root.value.referencedDeclaration as number);
      if (next?.nodeType !== 'VariableDeclaration' || !next.constant) break;
      root = next;
    }
    const value = root.value as AstNode | undefined;
    if (!value) return this.unsupported(ident, 'this constant in inline assembly');
    const t = this.typeOf(root);
    let v: bigint;
    if (this.isConstExpr(value)) {
      v = BigInt.asUintN(256, this.constValue(value));
      if (t instanceof FixedBytesType) v = BigInt.asUintN(256, v << BigInt(256 - 8 * t.size));
    } else if (value.nodeType === 'Literal' && value.kind === 'bool') v = value.value === 'true' ? 1n : 0n;
    else if (value.nodeType === 'Literal' && value.kind === 'number') v = BigInt(value.value as string); // an address
    else if (value.nodeType === 'Literal' && t instanceof FixedBytesType) {
      const bytes = literalBytes(value);
      v = 0n;
      for (let i = 0; i < 32; i++) v = (v << 8n) | BigInt(i < bytes.length ? bytes.charCodeAt(i) : 0);
    } else return this.unsupported(ident, 'this constant in inline assembly');
    return String(v);
  }

  returnStatement(node: AstNode): void {
    if (!node.expression) {
      this.implicitReturn();
      return;
    }
    const want = this.returnSlots.map((s) => (s.type as PtrType).pointeeType);
    const values = want.length === 1 ? [this.expr(node.expression, this.valueTarget(want[0]!))] : this.exprs(node.expression);
    if (values.length !== want.length) this.unsupported(node, 'a return of this arity');
    this.op('sol.return', values.map((v, i) => this.adapt(v, want[i]!, node)));
    this.terminated = true;
  }

  emit(node: AstNode): void {
    const call = node.eventCall as AstNode;
    const decl = this.ctx.nodes.get(call.expression.referencedDeclaration as number);
    if (decl?.nodeType !== 'EventDefinition') return this.unsupported(node, 'this event');
    const params = decl.parameters.parameters as AstNode[];
    const values: Value[] = [];
    // evaluated as written (named arguments too), encoded in the parameters' order
    for (const { arg, at } of this.bound(call, params)) {
      const want = this.valueTarget(this.typeOf(params[at]!, 'Memory'));
      // data literals are encoded in place; an indexed one is hashed from memory
      values[at] = params[at]!.indexed ? this.expr(arg, want) : this.encoderOperand(arg, want);
    }
    const indexed = values.filter((_, i) => params[i]!.indexed);
    const data = values.filter((_, i) => !params[i]!.indexed);
    const attrs: [string, import('@lifeline/ir').Attribute][] = [['signature', new StringAttr(this.signature(node, decl))]];
    if (decl.anonymous) attrs.push(this.unit('anonymous'));
    else attrs.push(['selector', new StringAttr(`0x${decl.eventSelector}`)]);
    const op = this.op('sol.emit', [...indexed, ...data], [], attrs);
    op.setAttr('operandSegmentSizes', segmentSizes([indexed.length, data.length]));
  }
}

import { segmentSizes } from '@lifeline/ir';
export { FunctionType, TypeAttr };

/**
 * How many loads through an address of type `t` may give addresses (asm-capture.ts): 0 for a
 * value, 1 for flat memory, one more per level of memory references inside; a recursive
 * type counts as deep.
 */
function pointerDepth(t: Type | undefined, level = 0): number {
  if (!t || !isAggType(t) || t.loc !== 'Memory') return 0;
  if (level >= 8) return 8;
  const inner = t instanceof StringType ? [] : t instanceof ArrayType ? [t.eltType] : (t as StructType).memberTypes;
  return 1 + Math.max(0, ...inner.map((x) => pointerDepth(x, level + 1)));
}
