/**
 * The execution engine: ops are compiled once into closures over a register frame.
 *
 *  1. Each function gets one frame: every SSA value of its body (nested regions
 *     included, they are not isolated) has a slot in `r`, and a taint bit in `t`.
 *  2. A non-terminator compiles to an Exec `(frame) => void`; a terminator to a Term
 *     returning the index of the next block in its region, or -1 when control leaves
 *     the region (the forwarded values are then in `frame.out` / `frame.outT`).
 *  3. Branch terminators move values to the successor's block arguments all at once
 *     (read every operand, then write), so swaps through block arguments are right.
 *  4. Every executed op counts one step; over `maxSteps` is a runtime error at that op.
 *  5. An op the interpreter does not know compiles to an Exec that fails when run, so
 *     programs with unsupported but unexecuted ops still run.
 *  6. Runtime errors are InterpErrors carrying the op; the runner turns them into
 *     located diagnostics.
 *  7. Functions compile on their first call (a module's unused helpers cost nothing).
 */
import type { Block, Operation, Region, Value } from '@lifeline/ir';
import { Memory, type Base } from './memory.js';

export interface Frame {
  r: unknown[];
  t: Uint8Array;
  out: unknown[];
  outT: number[];
  /** (5 of memory.ts) stack Bases of the innermost AutomaticAllocationScope. */
  scope: Base[];
}

export type Exec = (f: Frame) => void;
export type Term = (f: Frame) => number;

export class InterpError extends Error {
  constructor(readonly op: Operation, message: string) {
    super(message);
  }
}

export interface CompiledBlock {
  ops: Exec[];
  opRefs: Operation[];
  term: Term;
  termOp: Operation;
}

export interface CompiledRegion {
  blocks: CompiledBlock[];
  /** Slots of the entry block's arguments. */
  entryArgs: number[];
}

export interface CompiledFunc {
  name: string;
  op: Operation;
  nslots: number;
  body: CompiledRegion | undefined;
}

/** A callee resolved at compile time, compiled on first call (7). */
export interface FuncRef {
  name: string;
  op: Operation | undefined;
  compiled?: CompiledFunc;
}

export interface WorkCounters {
  deallocHelperCalls: number;
  pointerExtracts: number;
  pointerCompares: number;
  clones: number;
}

/** Per-op compilers, registered by the dialect semantics files. */
export type OpCompiler = (op: Operation, c: FuncCompiler) => Exec;
export type TermCompiler = (op: Operation, c: FuncCompiler) => Term;
export const OPS = new Map<string, OpCompiler>();
export const TERMS = new Map<string, TermCompiler>();

/** Interpreted call depth limit; deeper recursion is a runtime error at the call. */
const MAX_DEPTH = 1000;

export class Machine {
  readonly mem = new Memory();
  readonly work: WorkCounters = { deallocHelperCalls: 0, pointerExtracts: 0, pointerCompares: 0, clones: 0 };
  steps = 0;
  depth = 0;
  readonly globals = new Map<string, Base>();
  private readonly funcs = new Map<string, FuncRef>();
  private readonly symbols = new Map<string, Operation>();

  constructor(readonly module: Operation, readonly maxSteps: number) {
    for (const r of module.regions) for (const b of r.blocks) for (let op = b.first; op; op = op.next) {
      const name = op.getAttr('sym_name') as { value?: string } | undefined;
      if (typeof name?.value === 'string' && !this.symbols.has(name.value)) this.symbols.set(name.value, op);
    }
  }

  symbol(name: string): Operation | undefined { return this.symbols.get(name); }

  funcRef(name: string): FuncRef {
    let f = this.funcs.get(name);
    if (!f) {
      const op = this.symbols.get(name);
      f = { name, op: op?.name === 'func.func' ? op : undefined };
      this.funcs.set(name, f);
    }
    return f;
  }

  compiled(ref: FuncRef): CompiledFunc | undefined {
    if (!ref.compiled && ref.op) {
      const c = new FuncCompiler(this);
      const region = ref.op.regions[0];
      const body = region && !region.empty ? c.compileRegion(region) : undefined;
      ref.compiled = { name: ref.name, op: ref.op, nslots: c.slotCount, body };
    }
    return ref.compiled;
  }

  /** Calls `ref` with `args`; returns the results (taints in the second array). */
  call(ref: FuncRef, args: unknown[], argT: ArrayLike<number>, at: Operation): [unknown[], number[]] {
    const fn = this.compiled(ref);
    if (!fn) throw new InterpError(at, `call to unknown function '@${ref.name}'`);
    if (!fn.body) throw new InterpError(at, `call to external function '@${ref.name}' (no body to run)`);
    if (++this.depth > MAX_DEPTH) throw new InterpError(at, `call depth exceeds ${MAX_DEPTH}`);
    const f: Frame = { r: new Array(fn.nslots), t: new Uint8Array(fn.nslots), out: [], outT: [], scope: [] };
    const slots = fn.body.entryArgs;
    for (let i = 0; i < slots.length; i++) {
      f.r[slots[i]!] = args[i];
      f.t[slots[i]!] = argT[i]!;
    }
    try {
      this.run(fn.body, f);
    } catch (e) {
      // The JS stack can run out before MAX_DEPTH when regions nest deeply.
      if (e instanceof RangeError) throw new InterpError(at, `call depth ${this.depth} exhausts the interpreter's stack`);
      throw e;
    } finally {
      this.depth--;
      for (const b of f.scope) b.live = false;
    }
    return [f.out, f.outT];
  }

  /** Runs a region from its entry block; its entry arguments must be set (2)(4). */
  run(cr: CompiledRegion, f: Frame): void {
    const blocks = cr.blocks;
    let b = blocks[0]!;
    const max = this.maxSteps;
    for (;;) {
      const ops = b.ops;
      const n = ops.length;
      for (let i = 0; i < n; i++) {
        if (++this.steps > max) throw new InterpError(b.opRefs[i]!, `step limit (${max}) exceeded`);
        ops[i]!(f);
      }
      if (++this.steps > max) throw new InterpError(b.termOp, `step limit (${max}) exceeded`);
      const next = b.term(f);
      if (next < 0) return;
      b = blocks[next]!;
    }
  }
}

export class FuncCompiler {
  private readonly slots = new Map<Value, number>();
  private readonly blockIndex = new Map<Block, number>();
  constructor(readonly m: Machine) {}

  get slotCount(): number { return this.slots.size; }

  slot(v: Value): number {
    let s = this.slots.get(v);
    if (s === undefined) {
      s = this.slots.size;
      this.slots.set(v, s);
    }
    return s;
  }
  slotsOf(vs: readonly Value[]): number[] { return vs.map((v) => this.slot(v)); }

  /** Index of a block in its region (branch targets). */
  indexOf(b: Block): number { return this.blockIndex.get(b)!; }

  compileRegion(r: Region): CompiledRegion {
    r.blocks.forEach((b, i) => this.blockIndex.set(b, i));
    const blocks = r.blocks.map((b) => this.compileBlock(b));
    return { blocks, entryArgs: this.slotsOf(r.blocks[0]?.arguments ?? []) };
  }

  private compileBlock(b: Block): CompiledBlock {
    const ops: Exec[] = [];
    const opRefs: Operation[] = [];
    for (let op = b.first; op && op !== b.last; op = op.next) {
      ops.push(this.compileOp(op));
      opRefs.push(op);
    }
    const termOp = b.last;
    if (!termOp) throw new Error('empty block'); // the verifier rejects these
    const tc = TERMS.get(termOp.name);
    // A block that ends in a non-terminator (NoTerminator regions) simply falls off.
    const term: Term = tc ? tc(termOp, this) : (() => {
      const e = this.compileOp(termOp);
      return (f: Frame) => (e(f), -1);
    })();
    return { ops, opRefs, term, termOp };
  }

  compileOp(op: Operation): Exec {
    const oc = OPS.get(op.name);
    if (oc) return oc(op, this);
    // (5) fails only when executed.
    return () => {
      throw new InterpError(op, `operation '${op.name}' is not supported by the interpreter`);
    };
  }

  /** (3) moves `from` (operands) into `to` (block arguments), reading all before writing. */
  transfer(from: readonly Value[], to: readonly Value[]): Exec {
    const src = this.slotsOf(from);
    const dst = this.slotsOf(to);
    const n = src.length;
    if (n === 0) return () => {};
    if (n === 1) {
      const [s, d] = [src[0]!, dst[0]!];
      return (f) => {
        f.r[d] = f.r[s];
        f.t[d] = f.t[s]!;
      };
    }
    return (f) => {
      const vals = src.map((s) => f.r[s]);
      const ts = src.map((s) => f.t[s]!);
      for (let i = 0; i < n; i++) {
        f.r[dst[i]!] = vals[i];
        f.t[dst[i]!] = ts[i]!;
      }
    };
  }

  /** (2) a terminator that leaves its region forwarding `values`. */
  exitWith(values: readonly Value[]): Term {
    const src = this.slotsOf(values);
    return (f) => {
      f.out = src.map((s) => f.r[s]);
      f.outT = src.map((s) => f.t[s]!);
      return -1;
    };
  }

  /** Writes `vals`/`ts` (e.g. a region's out values) into the slots of `to`. */
  assign(to: readonly Value[]): (f: Frame, vals: unknown[], ts: number[]) => void {
    const dst = this.slotsOf(to);
    return (f, vals, ts) => {
      for (let i = 0; i < dst.length; i++) {
        f.r[dst[i]!] = vals[i];
        f.t[dst[i]!] = ts[i]!;
      }
    };
  }
}
