/**
 * The SIL interpreter's machine: functions run block by block over a frame that maps
 * each SSA value to its runtime value (heap.ts for objects and counts).
 *
 *  1. Every instruction of the subset has a semantics in `INSTS` (by SIL name); an
 *     instruction outside it is a runtime error when executed, so a program with an
 *     unsupported but unexecuted instruction still runs.
 *  2. Terminators move values into the successor's block arguments all at once;
 *     `switch_enum` hands the payload to a case block that takes one argument,
 *     `checked_cast_br` the cast value to its success block.
 *  3. `apply` of a function with a body runs it in a new frame; the arguments are
 *     uses (heap.ts (4)). A function without a body (a declaration) returning `()` is an
 *     *observation hook*: the call appends `@name(args)` to the trace (integers in
 *     decimal, objects as `#id`); the trace is the program's observable behaviour.
 *  4. Runtime errors (cond_fail, unreachable, a failed unconditional_checked_cast, a
 *     load of a dead or uninitialized stack slot, an unsupported builtin, the step
 *     limit) stop the run; they carry the instruction for a located diagnostic.
 *  5. `heap.at` is the instruction being executed, so memory problems are located too.
 */
import type { Block, Operation, Value } from '@lifeline/ir';
import {
  SilType, SilTypeInfo, applyArgs, applyCallee, builtinName, checkedCastBr, enumCaseName, functionName,
  functionRefName, integerLiteralValue, isDeclaration, silInstName, silTypeOf, structExtractField,
  switchEnumCases, tupleExtractIndex,
} from '@lifeline/sil';
import { BuiltinError, compileBuiltin, normalize } from './builtins.js';
import { Cell, Heap, HeapObject, UNIT, type SilValue } from './heap.js';

export class SilRuntimeError extends Error {
  constructor(readonly op: Operation, message: string) {
    super(message);
  }
}

type Frame = Map<Value, SilValue>;
type Inst = (op: Operation, f: Frame, m: Machine) => void;

const MAX_DEPTH = 500;

function get(f: Frame, v: Value, op: Operation): SilValue {
  const x = f.get(v);
  if (x === undefined) throw new SilRuntimeError(op, 'use of a value that has no runtime value (undef)');
  return x;
}
function int(f: Frame, v: Value, op: Operation): bigint {
  const x = get(f, v, op);
  if (typeof x !== 'bigint') throw new SilRuntimeError(op, 'expected an integer value');
  return x;
}
const same: Inst = (op, f) => void f.set(op.result(0), get(f, op.operand(0), op));

/** Value formatting for the trace and the results (3). */
export function formatValue(v: SilValue | undefined): string {
  if (v === undefined) return 'undef';
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof HeapObject) return `#${v.id}`;
  switch (v.kind) {
    case 'agg': return `(${v.fields.map(formatValue).join(', ')})`;
    case 'enum': return v.payload === undefined ? `.${v.tag}` : `.${v.tag}(${formatValue(v.payload)})`;
    case 'unit': return '()';
    case 'fn': return `@${v.name}`;
    case 'addr': return '<address>';
  }
}

/** Whether object o's class is `target` or a subclass of it. */
function isInstanceOf(info: SilTypeInfo, o: HeapObject, target: SilType): boolean {
  const want = info.resolve(target.objectType).sil;
  if (want === 'Builtin.NativeObject' || want === 'AnyObject' || want === 'Builtin.AnyObject') return true;
  for (let t: SilType | undefined = o.type; t; t = info.superclass(t)) if (info.resolve(t).sil === want) return true;
  return false;
}

/** (1) */
export const INSTS: Record<string, Inst> = {
  integer_literal: (op, f) => {
    const w = silTypeOf(op.result(0)).builtinIntWidth ?? 64;
    f.set(op.result(0), normalize(integerLiteralValue(op), w));
  },
  builtin: (op, f, m) => {
    const name = builtinName(op) ?? '';
    const fn = compileBuiltin(name);
    if (!fn) throw new SilRuntimeError(op, `builtin "${name}" is not supported by the interpreter`);
    try {
      f.set(op.result(0), fn(op.operandValues().map((v) => int(f, v, op))));
    } catch (e) {
      if (e instanceof BuiltinError) throw new SilRuntimeError(op, e.message);
      throw e;
    }
    void m;
  },
  function_ref: (op, f) => void f.set(op.result(0), { kind: 'fn', name: functionRefName(op) ?? '' }),
  alloc_ref: (op, f, m) => {
    const o = m.heap.alloc(silTypeOf(op.result(0)).sil);
    o.type = silTypeOf(op.result(0));
    o.site = op;
    f.set(op.result(0), o);
  },
  strong_retain: (op, f, m) => m.heap.retain(get(f, op.operand(0), op), 'strong_retain'),
  retain_value: (op, f, m) => m.heap.retain(get(f, op.operand(0), op), 'retain_value'),
  copy_value: (op, f, m) => {
    const v = get(f, op.operand(0), op);
    m.heap.retain(v, 'copy_value');
    f.set(op.result(0), v);
  },
  strong_release: (op, f, m) => m.heap.release(get(f, op.operand(0), op), 'strong_release'),
  release_value: (op, f, m) => m.heap.release(get(f, op.operand(0), op), 'release_value'),
  destroy_value: (op, f, m) => m.heap.release(get(f, op.operand(0), op), 'destroy_value'),
  fix_lifetime: (op, f, m) => m.heap.use(get(f, op.operand(0), op), 'fix_lifetime'),
  mark_dependence: (op, f, m) => {
    m.heap.use(get(f, op.operand(1), op), 'mark_dependence');
    same(op, f, m);
  },
  // Casts that reinterpret the pointer bits: not uses (heap.ts (4)).
  upcast: same, unchecked_ref_cast: same, open_existential_ref: same, init_existential_ref: same,
  bridge_object_to_ref: same, ref_to_bridge_object: same, convert_function: same,
  address_to_pointer: same, raw_pointer_to_ref: same,
  unconditional_checked_cast: (op, f, m) => {
    const v = get(f, op.operand(0), op);
    m.heap.use(v, 'unconditional_checked_cast');
    if (v instanceof HeapObject && !isInstanceOf(m.info, v, silTypeOf(op.result(0)))) {
      throw new SilRuntimeError(op, `failed cast of object #${v.id} (${v.className}) to ${silTypeOf(op.result(0)).sil}`);
    }
    f.set(op.result(0), v);
  },
  struct: (op, f) => void f.set(op.result(0), { kind: 'agg', fields: op.operandValues().map((v) => get(f, v, op)) }),
  tuple: (op, f) => void f.set(op.result(0), { kind: 'agg', fields: op.operandValues().map((v) => get(f, v, op)) }),
  struct_extract: (op, f, m) => {
    const agg = get(f, op.operand(0), op);
    const fields = m.info.structFields(silTypeOf(op.operand(0))) ?? [];
    const i = fields.findIndex((x) => x.name === structExtractField(op));
    if (typeof agg === 'bigint' || !('kind' in agg) || agg.kind !== 'agg' || i < 0) throw new SilRuntimeError(op, 'struct_extract of a value that is not that struct');
    f.set(op.result(0), agg.fields[i]!);
  },
  tuple_extract: (op, f) => {
    const agg = get(f, op.operand(0), op);
    if (typeof agg === 'bigint' || !('kind' in agg) || agg.kind !== 'agg') throw new SilRuntimeError(op, 'tuple_extract of a value that is not a tuple');
    f.set(op.result(0), agg.fields[tupleExtractIndex(op)]!);
  },
  enum: (op, f) => {
    const payload = op.operands.length ? get(f, op.operand(0), op) : undefined;
    f.set(op.result(0), { kind: 'enum', tag: enumCaseName(op), payload });
  },
  unchecked_enum_data: (op, f) => {
    const e = get(f, op.operand(0), op);
    if (typeof e === 'bigint' || !('kind' in e) || e.kind !== 'enum' || e.tag !== enumCaseName(op) || e.payload === undefined) {
      throw new SilRuntimeError(op, `unchecked_enum_data of case '${enumCaseName(op)}' on ${formatValue(e)}`);
    }
    f.set(op.result(0), e.payload);
  },
  alloc_stack: (op, f) => void f.set(op.result(0), { kind: 'addr', cell: new Cell('stack') }),
  dealloc_stack: (op, f) => {
    cell(f, op.operand(0), op).live = false;
  },
  store: (op, f) => {
    cell(f, op.operand(1), op).value = get(f, op.operand(0), op);
  },
  load: (op, f) => void f.set(op.result(0), loadCell(f, op.operand(0), op)),
  is_unique: (op, f, m) => {
    const v = loadCell(f, op.operand(0), op);
    f.set(op.result(0), m.heap.isUnique(v, 'is_unique') ? 1n : 0n);
  },
  cond_fail: (op, f) => {
    if (int(f, op.operand(0), op) !== 0n) {
      const msg = op.getAttr('message') as { value?: string } | undefined;
      throw new SilRuntimeError(op, `cond_fail${msg?.value ? `: ${msg.value}` : ''}`);
    }
  },
  apply: (op, f, m) => {
    const callee = get(f, applyCallee(op), op);
    if (typeof callee === 'bigint' || !('kind' in callee) || callee.kind !== 'fn') throw new SilRuntimeError(op, 'apply of a value that is not a function');
    const args = applyArgs(op).map((v) => get(f, v, op));
    for (const a of args) m.heap.use(a, `apply of @${callee.name}`);
    f.set(op.result(0), m.call(callee.name, args, op));
  },
};

function cell(f: Frame, v: Value, op: Operation): Cell {
  const a = get(f, v, op);
  if (typeof a === 'bigint' || !('kind' in a) || a.kind !== 'addr') throw new SilRuntimeError(op, 'expected an address');
  if (!a.cell.live) throw new SilRuntimeError(op, 'access to a deallocated stack slot');
  return a.cell;
}
function loadCell(f: Frame, v: Value, op: Operation): SilValue {
  const c = cell(f, v, op);
  if (c.value === undefined) throw new SilRuntimeError(op, 'load of an uninitialized stack slot');
  return c.value;
}

export class Machine {
  readonly heap = new Heap();
  readonly info: SilTypeInfo;
  steps = 0;
  private depth = 0;
  private readonly functions = new Map<string, Operation>();

  constructor(readonly module: Operation, readonly maxSteps: number) {
    this.info = SilTypeInfo.of(module);
    for (const b of module.regions[0]!.blocks) for (let op = b.first; op; op = op.next) {
      if (op.name === 'sil.function') this.functions.set(functionName(op), op);
    }
  }

  function(name: string): Operation | undefined { return this.functions.get(name); }

  /** (3) calls function `name`; `at` is the apply (or the function itself for the entry). */
  call(name: string, args: SilValue[], at: Operation): SilValue {
    const fn = this.functions.get(name);
    if (!fn) throw new SilRuntimeError(at, `call to unknown function '@${name}'`);
    if (isDeclaration(fn)) {
      this.heap.observe(`@${name}(${args.map(formatValue).join(', ')})`);
      return UNIT;
    }
    if (++this.depth > MAX_DEPTH) throw new SilRuntimeError(at, `call depth exceeds ${MAX_DEPTH}`);
    try {
      return this.run(fn.regions[0]!.blocks[0]!, args);
    } finally {
      this.depth--;
    }
  }

  private run(entry: Block, args: SilValue[]): SilValue {
    const f: Frame = new Map();
    if (entry.arguments.length !== args.length) throw new SilRuntimeError(entry.parentOp!, `expects ${entry.arguments.length} argument(s), got ${args.length}`);
    entry.arguments.forEach((a, i) => f.set(a, args[i]!));
    let b = entry;
    for (;;) {
      let op = b.first!;
      for (; op !== b.last; op = op.next!) this.exec(op, f);
      const next = this.terminate(op, f);
      if (!next) return get(f, op.operand(0), op);
      b = next;
    }
  }

  private exec(op: Operation, f: Frame): void {
    if (++this.steps > this.maxSteps) throw new SilRuntimeError(op, `step limit (${this.maxSteps}) exceeded`);
    this.heap.at = op;
    const name = silInstName(op);
    const sem = name === undefined ? undefined : INSTS[name];
    if (!sem) throw new SilRuntimeError(op, `instruction '${name ?? op.name}' is not supported by the interpreter`);
    sem(op, f, this);
  }

  /** (2) the next block, or undefined for `return`. */
  private terminate(op: Operation, f: Frame): Block | undefined {
    if (++this.steps > this.maxSteps) throw new SilRuntimeError(op, `step limit (${this.maxSteps}) exceeded`);
    this.heap.at = op;
    const move = (dest: Block, vals: readonly Value[]) => {
      const xs = vals.map((v) => get(f, v, op));
      dest.arguments.forEach((a, i) => f.set(a, xs[i]!));
      return dest;
    };
    switch (silInstName(op)) {
      case 'br': return move(op.successors[0]!, op.operandValues());
      case 'cond_br': {
        const c = int(f, op.operand(0), op) !== 0n;
        const group = c ? 'trueArgs' : 'falseArgs';
        return move(op.successors[c ? 0 : 1]!, op.def!.operandGroup(op, group));
      }
      case 'switch_enum': {
        const sw = switchEnumCases(op);
        const e = get(f, sw.operand, op);
        if (typeof e === 'bigint' || !('kind' in e) || e.kind !== 'enum') throw new SilRuntimeError(op, 'switch_enum of a value that is not an enum');
        const dest = sw.cases.find((c) => c.name === e.tag)?.dest ?? sw.default;
        if (!dest) throw new SilRuntimeError(op, `switch_enum has no destination for case '${e.tag}'`);
        const isCase = dest !== sw.default || sw.cases.some((c) => c.dest === dest);
        if (dest.arguments.length === 1) f.set(dest.arguments[0]!, isCase && e.payload !== undefined ? e.payload : e);
        return dest;
      }
      case 'checked_cast_br': {
        const cc = checkedCastBr(op);
        const v = get(f, cc.operand, op);
        this.heap.use(v, 'checked_cast_br');
        const ok = v instanceof HeapObject && isInstanceOf(this.info, v, cc.target);
        const dest = ok ? cc.success : cc.failure;
        if (dest.arguments.length === 1) f.set(dest.arguments[0]!, v);
        return dest;
      }
      case 'return': return undefined;
      case 'unreachable': throw new SilRuntimeError(op, 'unreachable executed');
      default: throw new SilRuntimeError(op, `terminator '${op.name}' is not supported by the interpreter`);
    }
  }
}
