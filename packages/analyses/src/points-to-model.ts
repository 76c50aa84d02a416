/**
 * The vocabulary of the interprocedural points-to / escape analysis (points-to.ts): abstract
 * memory objects, escape reasons, function summaries, and the small IR predicates the
 * constraint builder needs (which types hold an address, which ops are function returns,
 * inline assembly, what a call resolves to). Kept apart so the builder, the solver and the
 * escape report share one definition of each.
 */
import {
  BlockArgument, FloatType, IndexType, IntegerType, NameTable, StringAttr, SymbolRefAttr, UnknownLoc,
  type Operation, type SymbolTableCollection, type Type, type Value,
} from '@lifeline/ir';

export type MemObjectKind = 'alloc' | 'call' | 'slot' | 'param' | 'unknown';

/** Lazily built SSA names of one function (for messages and the test pass only). */
export class FunctionNames {
  private table?: NameTable;
  private labels?: Map<MemObject, string>;
  /** The function's objects, set once they are all made (for unique labels). */
  objects: readonly MemObject[] = [];
  constructor(private readonly fn: Operation) {}
  name(v: Value): string {
    this.table ??= new NameTable(this.fn, false);
    return this.table.valueName(v);
  }
  /** Labels are unique in the function: names reused in sibling regions get `#k` (object index). */
  label(o: MemObject): string {
    if (!this.labels) {
      this.labels = new Map();
      const count = new Map<string, number>();
      const base = this.objects.map((x) => x.baseText());
      for (const b of base) count.set(b, (count.get(b) ?? 0) + 1);
      this.objects.forEach((x, i) => this.labels!.set(x, count.get(base[i]!)! > 1 ? `${base[i]}#${x.index}` : base[i]!));
    }
    return this.labels.get(o) ?? o.baseText();
  }
}

/** An abstract memory object; identity is the object itself (O1). */
export class MemObject {
  constructor(
    readonly kind: MemObjectKind,
    /** alloc: the allocating result; slot: the slot value; param: the block argument. */
    readonly value: Value | undefined,
    /** alloc/slot: the defining op; call: the call op. */
    readonly op: Operation | undefined,
    /** Position among the function's objects (program order). */
    public index: number,
    private readonly names: FunctionNames,
    /**
     * param (O2): the caller's memory argument i reaches through at least one address, not its
     * own object; alloc (C1'): the memory its op allocates besides the object (zero elements,
     * decoded nested data).
     */
    readonly inner = false,
  ) {}
  /** `alloc %mem_3`, `slot %slot`, `param %arg0`, `call @f_12 (%4)`, `unknown`; unique in the function. */
  toString(): string {
    return this.names.label(this);
  }
  /** @internal The label before disambiguation. */
  baseText(): string {
    const v = this.value;
    switch (this.kind) {
      case 'unknown': return 'unknown';
      case 'call': {
        const callee = this.op!.getAttr('callee');
        const at = this.op!.results.length ? ` (${this.names.name(this.op!.results[0]!)})` : '';
        return `call ${callee instanceof SymbolRefAttr ? callee.toString() : this.op!.name}${at}`;
      }
      default: return `${this.kind} ${this.names.name(v!)}${this.inner ? ' (inner)' : ''}`;
    }
  }
  /** A value name for messages (`%mem_3`). */
  valueName(v: Value): string {
    return this.names.name(v);
  }
}

export interface EscapeReason {
  kind: 'returned' | 'stored' | 'captured' | 'inline-asm' | 'unknown-use';
  op: Operation;
  message: string;
}

/** What a summarised set of objects may hold (S2)–(S4): callee memory, the caller's, unknown memory. */
export interface ObjectsFlow {
  fresh: boolean;
  /** Arguments whose data structure (their object or anything it reaches) may be in the set. */
  params: number[];
  unknown: boolean;
}

/**
 * (S6) The same sets before closing them over contents, with each argument's own object
 * (`roots`) apart from the memory it reaches (`inner`): what a call's constraints apply.
 */
export interface DirectFlow {
  fresh: boolean;
  roots: number[];
  inner: number[];
  unknown: boolean;
}

/** (S1)–(S6) in points-to.ts. */
export interface FunctionSummary {
  params: { captured: boolean }[];
  /** `unknown`: the result may address memory the callee did not allocate and no argument reaches (S2). */
  results: { fresh: boolean; aliasesParams: number[]; unknown: boolean }[];
  /** What the callee may store into the data structure of argument i (S3). */
  paramContents: { fresh: boolean; params: number[]; unknown: boolean }[];
  /** What callee memory handed back to the caller may itself contain (S4). */
  freshContents: ObjectsFlow;
  /** (S6) */
  direct: { results: DirectFlow[]; paramContents: DirectFlow[]; freshContents: DirectFlow };
  opaque: boolean;
}

const noFlow = (): DirectFlow => ({ fresh: false, roots: [], inner: [], unknown: false });

export function bottomSummary(nParams: number, nResults: number): FunctionSummary {
  return {
    params: Array.from({ length: nParams }, () => ({ captured: false })),
    results: Array.from({ length: nResults }, () => ({ fresh: false, aliasesParams: [], unknown: false })),
    paramContents: Array.from({ length: nParams }, () => ({ fresh: false, params: [], unknown: false })),
    freshContents: { fresh: false, params: [], unknown: false },
    direct: { results: Array.from({ length: nResults }, noFlow), paramContents: Array.from({ length: nParams }, noFlow), freshContents: noFlow() },
    opaque: false,
  };
}

/** A summary for a callee whose body cannot be seen: everything (C11). */
export function worstSummary(nParams: number, nResults: number): FunctionSummary {
  const all = Array.from({ length: nParams }, (_, i) => i);
  return {
    params: Array.from({ length: nParams }, () => ({ captured: true })),
    results: Array.from({ length: nResults }, () => ({ fresh: true, aliasesParams: all, unknown: true })),
    paramContents: Array.from({ length: nParams }, () => ({ fresh: true, params: all, unknown: true })),
    freshContents: { fresh: true, params: all, unknown: true },
    direct: { results: Array.from({ length: nResults }, () => anyFlow(all)), paramContents: Array.from({ length: nParams }, () => anyFlow(all)), freshContents: anyFlow(all) },
    opaque: true,
  };
}

function anyFlow(all: number[]): DirectFlow {
  return { fresh: true, roots: all, inner: all, unknown: true };
}

export function sameSummary(a: FunctionSummary, b: FunctionSummary): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * (T1) The default address predicate: sol types hold an address iff they live in Memory or
 * Stack (storage / calldata references and value types do not); builtin integers, index and
 * floats do not; anything else (memrefs, FIR references, unknown types) may.
 */
export function defaultHoldsAddress(t: Type): boolean {
  if (t instanceof IntegerType || t instanceof IndexType || t instanceof FloatType) return false;
  const s = t.toString();
  if (s.startsWith('!sol.')) {
    const loc = (t as { loc?: unknown }).loc;
    return loc === 'Memory' || loc === 'Stack';
  }
  return true;
}

/**
 * (T2) Whether memory of type `t` (an allocation's result type, a slot's pointer type) may
 * hold addresses, by the IR's typing: a sol array / struct / slot holds what its elements /
 * members / pointee hold, bytes and strings nothing; a shaped builtin type (memref) what its
 * element type holds; anything else may. Only inline assembly could store an address into
 * memory typed otherwise, and what it can name escapes anyway (C12).
 */
export function mayContainAddresses(t: Type, holdsAddress: (t: Type) => boolean): boolean {
  const x = t as { eltType?: Type; memberTypes?: readonly Type[]; pointeeType?: Type; elementType?: Type };
  if (x.eltType) return holdsAddress(x.eltType);
  if (x.memberTypes) return x.memberTypes.some(holdsAddress);
  if (x.pointeeType) return holdsAddress(x.pointeeType);
  if (t.toString().startsWith('!sol.string<')) return false;
  if (x.elementType) return holdsAddress(x.elementType);
  return true;
}

/** (C12) Inline assembly, recognised by name: its body is opaque to every interface. */
export function isInlineAsm(op: Operation): boolean {
  return op.name === 'sol.inline_asm';
}

/** (C12) The operands (indices) of inline assembly whose addresses it neither keeps nor assigns (`no_capture`). */
export function uncapturedOperands(op: Operation): readonly number[] {
  const a = op.getAttr('no_capture') as { values?: readonly number[] } | undefined;
  return a?.values ?? [];
}

/**
 * (C12) The operands (indices) of inline assembly it assigns only places in their own objects
 * or values, which the program never reads afterwards (`reassigns`): it keeps no address.
 */
export function reassignedOperands(op: Operation): readonly number[] {
  const a = op.getAttr('reassigns') as { values?: readonly number[] } | undefined;
  return a?.values ?? [];
}

/** (C12') The operands (indices) of inline assembly it points at memory it allocates (`fp_allocates`). */
export function allocatingOperands(op: Operation): readonly number[] {
  const a = op.getAttr('fp_allocates') as { values?: readonly number[] } | undefined;
  return a?.values ?? [];
}

/**
 * (C12) Inline assembly that may break the allocator's invariants: not memory-safe, or
 * letting the program see where the free pointer lies (not `fp_hidden`) or where any memory
 * lies (`layout_seen`: an address kept as a value).
 */
export function isOpaqueAsm(op: Operation): boolean {
  return !op.getAttr('memory_safe') || !!op.getAttr('layout_seen') || (!!op.getAttr('free_ptr') && !op.getAttr('fp_hidden'));
}

/**
 * (E1) A terminator that leaves the function: ReturnLike and either directly in the function
 * body or, without forwarding to its parent (no RegionBranchTerminator), nested in structured
 * control flow (sol.return inside sol.if / loops: an early return).
 */
export function returnsFromFunction(op: Operation, fn: Operation): boolean {
  if (!op.def?.has('ReturnLike')) return false;
  const parent = op.parentOp;
  if (parent === fn) return true;
  return !op.def.spec.regionBranchTerminator && !!parent?.def?.spec.regionBranch;
}

/**
 * (E1') An entry point called only by the ABI dispatcher (sol: external functions,
 * constructors, fallback and receive): its memory arguments are decoded by the dispatcher
 * and die with the call, and its return values are ABI-encoded (read), not handed to a caller.
 */
export function defaultIsEntry(fn: Operation): boolean {
  const vis = fn.getAttr('visibility');
  if (vis instanceof StringAttr && vis.value === 'external') return true;
  const kind = fn.getAttr('kind');
  return kind instanceof StringAttr && ['constructor', 'fallback', 'receive'].includes(kind.value);
}

/** The callee of a call op, if its symbol resolves to an op in `symbols`. */
export function resolveCallee(op: Operation, symbols: SymbolTableCollection): Operation | undefined {
  const c = op.def?.spec.call?.callee(op);
  if (!(c instanceof SymbolRefAttr)) return undefined;
  return symbols.lookupNearest(op, c);
}

/** The entry-block arguments of a callable's body; undefined for a declaration. */
export function bodyArguments(fn: Operation): readonly BlockArgument[] | undefined {
  const spec = fn.def?.spec.callable;
  const body = spec ? spec.body(fn) : fn.regions[0];
  if (!body || body.empty) return undefined;
  return body.blocks[0]!.arguments;
}

/** `sol.store at file:3:5` (the location only when known). */
export function opDesc(op: Operation): string {
  const loc = op.loc;
  return loc && !(loc instanceof UnknownLoc) ? `${op.name} at ${loc.toString()}` : op.name;
}

/** How a container reads in a message: "an element of %mem_3 (array of arrays)". */
export function containerDesc(o: MemObject): string {
  switch (o.kind) {
    case 'unknown': return 'memory that code outside the function may read';
    case 'param': return `the caller's memory (argument ${o.valueName(o.value!)})`;
    case 'slot': return `the local variable ${o.valueName(o.value!)}`;
    case 'call': return `memory returned by ${o.toString().slice(5)}`;
    default: {
      const t = o.value!.type.toString();
      const name = o.valueName(o.value!);
      if (t.startsWith('!sol.struct<')) return `a member of ${name} (struct)`;
      if (/^!sol\.array<[^,]*x !sol\.(array|string|struct)/.test(t)) return `an element of ${name} (array of ${/x !sol\.(\w+)/.exec(t)![1]}s)`;
      return name;
    }
  }
}
