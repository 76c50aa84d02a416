/**
 * Statements and structured control flow: one Yul function per sol.func, in solc's IR style.
 * SSA values become Yul variables (`_N`, multi-word values `_N`, `_N_1`); sol.alloca slots
 * become mutable Yul variables; regions become Yul blocks:
 *
 *   sol.if %c {A} else {B}       if c { A }   |   switch c case 0 { B } default { A }
 *     with results              let r… declared before, assigned by each sol.yield
 *   sol.while {C} do {B}         for {} 1 {} { C  if iszero(c) { break }  B }
 *   sol.for cond{C} body{B} step{S}   for {} 1 { S } { C  if iszero(c) { break }  B }
 *   sol.do_while {B} while {C}   for { let first := 1 } 1 { first := 0 } { if iszero(first) { C  if iszero(c) { break } }  B }
 *   sol.break / sol.continue     break / continue (continue reaches the step, as in solc)
 *   sol.return %v                ret := v  leave
 *
 * The per-op translations of everything else are in emit-ops.ts.
 */
import { IntegerAttr, type Block, type Operation, type Region, type Value } from '@lifeline/ir';
import { guardRelative, indent, type YulLib } from './lib.js';
import { wordsOf } from './emit-types.js';
import { emitOp } from './emit-ops.js';
import { asmAssigned } from './emit-asm.js';
import { PtrType } from '../sol-types.js';

export class EmitError extends Error {
  constructor(
    message: string,
    readonly op?: Operation,
  ) {
    super(message);
  }
}

/** What the function emitter needs to know about the module. */
export interface ModuleInfo {
  /** sol.state_var symbol → (slot, offset); an immutable's slot is its memory address during construction. */
  stateVars: Map<string, { slot: bigint; offset: number; immutable?: boolean }>;
  /**
   * The object being emitted is the creation object: immutables are read and written in
   * memory there (solc keeps them at 0x80 + 32·i until the runtime code is returned), and
   * read with `loadimmutable` in the runtime object.
   */
  creation?: boolean;
  /** sol.func symbol → Yul function name. */
  funcName: (sym: string) => string;
  /** sol.func symbol → its internal function pointer value (never 0: the zero pointer names none). */
  funcId?: (sym: string) => number;
  /**
   * The functions of this object whose pointer is taken with a function type of `t`'s arity
   * (words in and out; sorted symbols): the cases of its dispatch function; and per target,
   * per parameter, the type to clean the argument to (undefined: none); per result of a call
   * at type `t`, the type to clean the result to.
   */
  pointerTargets?: (t: import('@lifeline/ir').FunctionType) => {
    syms: string[];
    cleanups: (import('./ytypes.js').YType | undefined)[][];
    results: (import('./ytypes.js').YType | undefined)[];
  };
}

export class FnEmitter {
  private readonly names = new Map<Value, string[]>();
  /** Pointers made by sol.gep on a string: byte-addressed (mload/mstore8 of one byte). */
  readonly bytePtrs = new Set<Value>();
  private counter = 0;
  retVars: string[] = [];
  /**
   * Where the function being emitted writes solc's unbounded scratch (return / revert / event
   * data, hashing input): its frame top when it has a static frame (lifetime/static-frames.ts
   * (L4)), as a Yul expression; undefined: at the free pointer (`allocate_unbounded`).
   */
  scratch: string | undefined;
  /** Slots inline assembly may leave dirty (emit-asm.ts): Solidity reads of them are cleaned. */
  dirtySlots: ReadonlySet<Value> = new Set();

  constructor(
    readonly lib: YulLib,
    readonly mod: ModuleInfo,
  ) {}

  fresh(prefix = '_'): string {
    return `${prefix}${++this.counter}`;
  }

  /** Names new Yul variables for `v` (one per word). */
  bind(v: Value): string[] {
    const base = this.fresh();
    const n = wordsOf(v.type);
    const names = Array.from({ length: n }, (_, k) => (k === 0 ? base : `${base}_${k}`));
    this.names.set(v, names);
    return names;
  }

  /** Uses existing Yul variables as `v`'s words (stack slots, aliases). */
  alias(v: Value, names: string[]): void {
    this.names.set(v, names);
  }

  /** All words of `v`. */
  ws(v: Value): string[] {
    const n = this.names.get(v);
    if (!n) throw new EmitError('value used before its definition was emitted');
    return n;
  }

  /** The first (usually only) word of `v`. */
  w(v: Value): string {
    return this.ws(v)[0]!;
  }

  /** `let <words of v> := expr`. */
  let(v: Value, expr: string): string {
    return `let ${this.bind(v).join(', ')} := ${expr}`;
  }

  emitFunction(fn: Operation, name: string): string {
    const body = fn.regions[0]!.blocks[0]!;
    this.scratch = frameTop(fn);
    this.dirtySlots = asmAssigned(fn);
    const params = body.arguments.flatMap((a) => this.bind(a));
    const fnType = (fn.getAttr('function_type') as unknown as { value: { results: readonly import('@lifeline/ir').Type[] } }).value;
    this.retVars = fnType.results.flatMap((t, i) => Array.from({ length: wordsOf(t) }, (_, k) => (k ? `ret_${i}_${k}` : `ret_${i}`)));
    const text = this.block(body, true);
    const r = this.retVars.length ? ` -> ${this.retVars.join(', ')}` : '';
    return `function ${name}(${params.join(', ')})${r} {\n${indent(text)}\n}`;
  }

  /** The statements of a block. `fnTop`: the function's own body (a final return needs no leave). */
  block(b: Block, fnTop = false): string {
    const out: string[] = [];
    for (const op of b.opList()) {
      const last = op === b.terminator;
      const s = this.op(op, fnTop && last);
      if (s && !this.inlinedIntoStore(op, s)) out.push(s);
    }
    return out.join('\n');
  }

  /**
   * An address computed only for the memory store right after it is written inside that
   * store, `mstore(<address>, value)`, as solc's IR generator shapes an assignment: Yul
   * evaluates arguments right to left, so the value (a variable, or a cleanup of one: no
   * effects) is read first and the address computed next, as before. In that shape the Yul
   * optimizer joins the value's expression into the store too; with a separate `let` of the
   * address between them it cannot (it joins only what a statement evaluates first), and
   * solc's stack layout then costs ≈ 6 gas more per store (`b[i] = a[i]` in a loop).
   */
  private inlinedIntoStore(op: Operation, text: string): boolean {
    if (op.results.length !== 1 || !op.result(0).hasOneUse) return false;
    const store = op.next;
    const v = op.result(0);
    if (store?.name !== 'sol.store' || store.operand(1) !== v || store.operand(0) === v) return false;
    if (!(v.type instanceof PtrType) || v.type.loc !== 'Memory' || this.ws(v).length !== 1) return false;
    const head = `let ${this.w(v)} := `;
    if (!text.startsWith(head) || text.includes('\n')) return false;
    this.alias(v, [text.slice(head.length)]);
    return true;
  }

  region(r: Region): string {
    return r.blocks[0] ? this.block(r.blocks[0]) : '';
  }

  private op(op: Operation, finalReturn: boolean): string {
    switch (op.name) {
      case 'sol.return': {
        const vals = op.operandValues().flatMap((v) => this.ws(v));
        const assigns = vals.map((v, i) => `${this.retVars[i]} := ${v}`);
        if (!finalReturn) assigns.push('leave');
        return assigns.join('\n');
      }
      case 'sol.if':
        return this.ifOp(op);
      case 'sol.while':
        return `for {} 1 {} {\n${indent(this.region(op.regions[0]!))}\n${indent(this.region(op.regions[1]!))}\n}`;
      case 'sol.for':
        return `for {} 1 {\n${indent(this.region(op.regions[2]!))}\n} {\n${indent(this.region(op.regions[0]!))}\n${indent(this.region(op.regions[1]!))}\n}`;
      case 'sol.do_while': {
        const first = this.fresh('first_');
        return `for { let ${first} := 1 } 1 { ${first} := 0 } {\n    if iszero(${first}) {\n${indent(this.region(op.regions[1]!), 2)}\n    }\n${indent(this.region(op.regions[0]!))}\n}`;
      }
      case 'sol.condition':
        return `if iszero(${this.w(op.operand(0))}) { break }`;
      case 'sol.break':
        return 'break';
      case 'sol.continue':
        return 'continue';
      case 'sol.yield': {
        const parent = op.parentOp!;
        if (parent.name !== 'sol.if' || !parent.results.length) return '';
        const targets = parent.results.flatMap((r) => this.ws(r));
        const vals = op.operandValues().flatMap((v) => this.ws(v));
        return targets.map((t, i) => `${t} := ${vals[i]}`).join('\n');
      }
      default:
        return emitOp(this, op);
    }
  }

  private ifOp(op: Operation): string {
    let decl = '';
    if (op.results.length) decl = `let ${op.results.flatMap((r) => this.bind(r)).join(', ')}\n`;
    const c = this.w(op.operand(0));
    const then = this.region(op.regions[0]!);
    const els = op.regions[1]!.empty ? '' : this.region(op.regions[1]!);
    if (!els.trim()) return `${decl}if ${c} {\n${indent(then)}\n}`;
    return `${decl}switch ${c}\ncase 0 {\n${indent(els)}\n}\ndefault {\n${indent(then)}\n}`;
  }
}

/** A function's frame top (static frames) as a Yul address, if it has one. */
export function frameTop(fn: Operation): string | undefined {
  const top = fn.getAttr('frame_top');
  return top instanceof IntegerAttr ? guardRelative(top.value) : undefined;
}
