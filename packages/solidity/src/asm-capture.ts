/**
 * Which Solidity locals an inline assembly block neither assigns nor captures: the block uses
 * their values only to compute addresses it reads or writes through (`mload(add(data, 32))`,
 * `mstore8(resultPtr, c)` with `resultPtr := add(result, 32)`), in arithmetic and comparisons,
 * and as the memory ranges of builtins (hashing, copying, returning, logging). Such a block
 * reads the object while it runs and keeps nothing of its address, so a memory reference it
 * is given escapes no more than it would through a read (the lifetime analyses treat the
 * block like any other reader of the local's slot: points-to.ts (C12)).
 *
 * A value is *derived* from a local when it is the local or computed from a derived value by
 * a pure builtin (arithmetic, comparisons, bit operations), and where it can the walk keeps
 * it as a sum of addresses times constants: a difference or comparison of two places in one
 * object then derives from neither (`sub(p, start)`, `iszero(xor(p, end))`). The address is
 * captured when a derived value goes anywhere else: stored into memory or storage (`mstore(p,
 * data)`), into another Solidity local, used as a log topic, a call's gas, address or value,
 * or as an argument of any builtin not listed here. Scratch space at literal addresses is a
 * variable of the block (`mstore(0x00, end)` … `mload(0x00)`), and a function of the block
 * takes what its calls give it. A value loaded from flat memory (bytes, strings, arrays of
 * values) or hashed is not derived; one loaded from memory that holds addresses is an address
 * (`LOADED`). Flow-insensitive: the taint of an assembly variable is the join over all its
 * assignments, iterated to a fixed point, and what the block does is read off the last pass.
 * A local the block assigns only places in its own object or values (`s := add(s, 1)`) is
 * `reassigned`: uncaptured if nothing reads it after the block (asm-locals.ts).
 *
 * The same walk follows the free pointer read in the block (`mload(0x40)`, source FREE): the
 * block keeps its value to itself (`hidden`) when what derives from it is only used as memory
 * addresses and ranges, written back to 0x40 (`mstore(0x40, add(p, size))`: it allocates), or
 * assigned on its own to a Solidity local of a flat memory type (the memory it allocated:
 * `allocates`). Anything else — the value in a value-typed local, stored into memory, a
 * condition, 0x40 set from something else or accessed any other way, or read inside a
 * function of the block — lets the program observe the free pointer, which the lifetime
 * passes move (packages/sol/LIFETIME.md 5.). Any other address used as a value the same way
 * shows where memory lies (`seesLayout`).
 */
import type { AstNode } from './solc.js';
import { literalNumber, overlapsFreePointer, userFunctions } from './lower-asm.js';

/** Builtins whose result is computed from their arguments alone. */
const PURE = new Set([
  'add', 'sub', 'mul', 'div', 'sdiv', 'mod', 'smod', 'exp', 'not', 'lt', 'gt', 'slt', 'sgt', 'eq', 'iszero',
  'and', 'or', 'xor', 'byte', 'shl', 'shr', 'sar', 'addmod', 'mulmod', 'signextend', 'clz',
]);

/**
 * Builtins' arguments that are memory addresses (`at`: where a range starts; its contents
 * `out` leave the contract or the block's view when listed) and lengths, offsets and keys
 * (`sized`): none keeps an address, but a length or key computed from one depends on where
 * memory lies. The result derives from nothing.
 */
const ARGS: Record<string, { at: readonly number[]; sized: readonly number[]; out?: readonly number[] }> = {
  mload: { at: [0], sized: [] }, mstore: { at: [0], sized: [] }, mstore8: { at: [0], sized: [] }, pop: { at: [0], sized: [] },
  keccak256: { at: [0], sized: [1], out: [0] }, mcopy: { at: [0, 1], sized: [2], out: [1] },
  calldatacopy: { at: [0], sized: [1, 2] }, codecopy: { at: [0], sized: [1, 2] }, returndatacopy: { at: [0], sized: [1, 2] },
  extcodecopy: { at: [1], sized: [2, 3] },
  return: { at: [0], sized: [1], out: [0] }, revert: { at: [0], sized: [1], out: [0] },
  log0: { at: [0], sized: [1], out: [0] }, log1: { at: [0], sized: [1], out: [0] }, log2: { at: [0], sized: [1], out: [0] },
  log3: { at: [0], sized: [1], out: [0] }, log4: { at: [0], sized: [1], out: [0] },
  sload: { at: [], sized: [0] }, tload: { at: [], sized: [0] }, sstore: { at: [], sized: [0] }, tstore: { at: [], sized: [0] },
  calldataload: { at: [], sized: [0] },
  call: { at: [3, 5], sized: [4, 6], out: [3] }, callcode: { at: [3, 5], sized: [4, 6], out: [3] },
  delegatecall: { at: [2, 4], sized: [3, 5], out: [2] }, staticcall: { at: [2, 4], sized: [3, 5], out: [2] },
  create: { at: [1], sized: [2], out: [1] }, create2: { at: [1], sized: [2], out: [1] },
};

/** The argument of builtins that is the start of a range they write. */
const WRITES: Record<string, number> = {
  mstore: 0, mstore8: 0, mcopy: 0, calldatacopy: 0, codecopy: 0, returndatacopy: 0, extcodecopy: 1, call: 5, callcode: 5, delegatecall: 4, staticcall: 4,
};

/** The free pointer read in the block, as a taint source (declarations are ids ≥ 0). */
const FREE = -1;
/** Scratch space's contents, as a variable of the block's (not a Yul identifier). */
const SCRATCH = '#scratch';
/**
 * An address read out of a memory reference that holds addresses (`mload(add(rows, 32))`), as
 * a taint source: `LOADED - k` for memory from which k more loads may still give addresses.
 */
const LOADED = -10;
/** Builtins whose result does not change when both arguments move by the same amount. */
const RELATIVE = new Set(['sub', 'lt', 'gt', 'slt', 'sgt', 'eq']);

export interface AssemblyUse {
  /** The declarations (ids) the block references and neither assigns nor captures. */
  uncaptured: Set<number>;
  /**
   * The declarations the block assigns only from their own address and values (`s := add(s,
   * 1)` walking a parameter): not captured, if the program never reads them after the block.
   */
  reassigned: Set<number>;
  /** What the block does with the free pointer, when it keeps its value to itself (above). */
  freePointer?: { hidden: boolean; allocates: Set<number> };
  /**
   * Whether the program may see where memory lies through an address other than the free
   * pointer: one kept as a value (in a value-typed local, memory that holds values, a
   * condition, a length or storage key, a function of the block), compared with an address
   * in another object, or an address a memory reference holds read out as a value or with
   * the range that leaves (hashed, logged, returned). solc's layout is then part of the
   * results, so memory must stay as solc lays it out wherever the block can run.
   */
  seesLayout: boolean;
  /**
   * Whether the block keeps to itself every address it reads out of memory (`LOADED`) and writes
   * through none: then a memory reference that holds addresses (`bytes[]`, a struct) it leaves
   * uncaptured is only read, its inner objects included.
   */
  readsOnly: boolean;
  /**
   * The address carriers (`LocalKind` 'address') the block assigns, each with whether every
   * value it assigns is in memory allocated from the free pointer (asm-locals.ts
   * `allocatedCarriers` joins them over a function's blocks).
   */
  carried: Map<number, boolean>;
}

/**
 * What a referenced Solidity local holds: a flat memory reference (bytes, string, array of
 * values: the only kind the block may allocate), another memory reference, a value, or a
 * value-typed local that only carries an address into flat memory between blocks
 * (asm-locals.ts `addressLocals`: assigning it an address shows nothing).
 */
export type LocalKind = 'flat' | 'memory' | 'value' | 'address';

/**
 * What a Yul value derives from (`from`: taint sources) and, when it is exactly a sum of
 * addresses times constants plus something no address decides (`add(p, mul(i, 32))`), those
 * constants (`lin`: address source → coefficient, zeros left out). The constants let
 * differences and comparisons of addresses cancel (`sub(add(s, n), s)`, `lt(o, add(r, k))` with
 * `o` and `r` in the same object): the result does not depend on where the memory lies.
 */
interface Taint {
  from: Set<number>;
  lin?: Lin;
}
/** A known sum; `undefined`: not one; `null`: nothing known yet (a variable not yet assigned in the fixpoint). */
type Lin = Map<number, bigint> | null | undefined;

const sameLin = (a: Lin, b: Lin) => !!a && !!b && a.size === b.size && [...a].every(([k, c]) => b.get(k) === c);
const scaled = (a: Lin, by: bigint): Lin => (a ? new Map(by === 0n ? [] : [...a].map(([k, c]) => [k, c * by] as const)) : a);
/** The sum `cur` a variable holds joined with another it is assigned, and whether it changed. */
function joined(cur: Lin, next: Lin): [Lin, boolean] {
  if (next === null || cur === undefined) return [cur, false];
  if (cur === null) return [next, true];
  return sameLin(cur, next) ? [cur, false] : [undefined, true];
}
function summed(a: Lin, b: Lin, sign: bigint): Lin {
  if (a === null || b === null) return null;
  if (!a || !b) return undefined;
  const out = new Map(a);
  for (const [k, c] of b) {
    const v = (out.get(k) ?? 0n) + sign * c;
    if (v === 0n) out.delete(k);
    else out.set(k, v);
  }
  return out;
}

/**
 * What the lowering knows of the Solidity locals a block names: what each holds (`kind`), how
 * many loads through its address may give addresses (`depth`: 0 for a value, 1 for flat memory
 * (its words are values), one more per level of memory references it holds (`bytes[]`: 2);
 * unknown nesting counts as deep), and whether the word at its address is a length (a dynamic
 * array's) rather than an element.
 */
export interface AsmLocals {
  kind(decl: number): LocalKind;
  depth(decl: number): number;
  lengthFirst(decl: number): boolean;
}

/**
 * How an InlineAssembly AST node uses the Solidity locals it references and the free pointer,
 * reading the carriers in `allocatedCarriers` as holding memory allocated from it.
 */
export function analyseAssembly(node: AstNode, locals: AsmLocals, allocatedCarriers: ReadonlySet<number> = new Set()): AssemblyUse {
  const kindOf = (d: number) => locals.kind(d);
  const refs = new Map<string, number>();
  for (const r of (node.externalReferences as AstNode[] | undefined) ?? []) refs.set(r.src as string, r.declaration as number);
  const userFns = userFunctions(node);
  /** The Solidity locals the block assigns (where they point is then the block's). */
  const assignedHere = new Set<number>();
  const findAssigned = (n: unknown): void => {
    if (!n || typeof n !== 'object') return;
    if (Array.isArray(n)) return n.forEach(findAssigned);
    const a = n as AstNode;
    if (a.nodeType === 'YulAssignment') for (const v of a.variableNames as AstNode[]) if (refs.has(v.src as string)) assignedHere.add(refs.get(v.src as string)!);
    for (const [k, v] of Object.entries(a)) if (k !== 'src') findAssigned(v);
  };
  findAssigned(node.AST);
  const referenced = new Set<number>();
  const captured = new Set<number>();
  const reassigned = new Set<number>();
  const taint = new Map<string, Taint>();
  const allocates = new Set<number>();
  /** The ranges of scratch space the block stores into, by the name of the variable that holds what it stores. */
  const scratch = new Map<string, { at: bigint; width: bigint }>();
  /** A store of `value` into scratch space [at, at + width): a variable of the block's own. */
  const storeScratch = (at: bigint, width: bigint, value: Taint) => {
    const name = `${SCRATCH}${at}:${width}`;
    scratch.set(name, { at, width });
    addTaint(name, value);
  };
  /** What the locals the block allocates into are assigned, as sums over the free pointer it read. */
  const allocated = new Map<number, Taint>();
  const carried = new Map<number, boolean>();
  let readsFree = false;
  let observed = false;
  let seen = false;
  let inFunction = false;
  /** Whether an address read out of memory was kept, or memory other than the block's own written. */
  let leaky = false;
  let changed = true;

  const external = (n: AstNode): number | undefined => refs.get(n.src as string);
  /** Sources that are addresses: the free pointer and memory references (values are not). */
  const isAddress = (d: number) => d === FREE || d <= LOADED || kindOf(d) !== 'value';
  /** How many loads through an address from source `d` may give addresses (the block's own memory holds values). */
  const depth = (d: number) => (d === FREE ? 1 : d <= LOADED ? LOADED - d : locals.depth(d));
  const deepest = (t: Taint) => Math.max(0, ...[...t.from].filter(isAddress).map(depth));
  /** Whether `t` is in memory whose words may be addresses. */
  const holdsAddresses = (t: Taint) => deepest(t) >= 2;
  /** `t` used as a value: where memory lies shows in it if an address does. */
  const shows = (t: Taint) => {
    if (t.from.has(FREE)) observed = true;
    if ([...t.from].some((d) => d !== FREE && isAddress(d))) seen = true;
  };
  const addTaint = (name: string, t: Taint) => {
    const cur = taint.get(name);
    if (!cur) {
      taint.set(name, { from: new Set(t.from), lin: t.lin });
      changed = true;
      return;
    }
    for (const d of t.from) if (!cur.from.has(d)) {
      cur.from.add(d);
      changed = true;
    }
    // assigned two different sums: no longer a known one
    const [lin, moved] = joined(cur.lin, t.lin);
    cur.lin = lin;
    changed ||= moved;
  };
  /**
   * Whether `t` is an address in the memory the block allocates: derived from the free
   * pointer it read, values (sizes) and no other memory reference.
   */
  const onlyAllocated = (t: Taint) => t.from.has(FREE) && [...t.from].every((d) => d === FREE || allocates.has(d) || (d >= 0 && kindOf(d) === 'value'));
  const capture = (t: Taint) => {
    for (const d of t.from) captured.add(d);
    if ([...t.from].some((d) => d <= LOADED)) leaky = true;
    if (t.from.has(FREE)) observed = true;
  };
  /** Whether an address `at` is in memory references that hold addresses, and in nothing else. */
  const storesAddress = (at: Taint) => {
    const addrs = [...at.from].filter(isAddress);
    return addrs.length > 0 && addrs.every((d) => d !== FREE && depth(d) >= 2);
  };
  /**
   * The word read from scratch space at `at` (or anything in [at, at + size)): what the one
   * store of that word put there, or, when other stores overlap it, what any of them did.
   * A range the block stores nothing into holds what code before it left there, which may be
   * an address another block stored: read as one (`LOADED`). (Bytes a partly written word
   * keeps from before are taken as the block's own leftovers; flow-insensitive: a store
   * anywhere in the block counts for a read before it.)
   */
  const scratchWord = (at: bigint, size = 32n): Taint => {
    const ranges = [...scratch].filter(([, r]) => r.at < at + size && at < r.at + r.width);
    const got = ranges.map(([name]) => taint.get(name)).filter((t): t is Taint => !!t);
    const [only] = ranges;
    if (ranges.length === 1 && only![1].at === at && only![1].width === 32n && size === 32n && got[0]) return { from: new Set(got[0].from), lin: got[0].lin };
    const from = new Set(got.flatMap((t) => [...t.from]));
    if (!ranges.length) from.add(LOADED - 1);
    return { from, lin: [...from].some(isAddress) ? undefined : new Map() };
  };
  /** A value computed from `args` by a pure builtin: linear when no address enters it. */
  const mixed = (args: Taint[]): Taint => {
    const from = new Set(args.flatMap((a) => [...a.from]));
    return { from, lin: [...from].some(isAddress) ? undefined : args.some((a) => a.lin === null) ? null : new Map() };
  };
  /**
   * `a` and `b` compared (an order, an equality or a difference tested against zero): when
   * their difference is a known sum, the addresses in which it has no term cancel — two
   * places in the same object, wherever it lies. Two addresses in what the block allocates
   * also cancel when the sums are unknown (`lt(p, end)`).
   */
  const compared = (a: Taint, b: Taint): Taint => {
    const diff = summed(a.lin, b.lin, -1n);
    const out = mixed([a, b]);
    if (diff) {
      for (const d of out.from) if (isAddress(d) && !diff.has(d)) out.from.delete(d);
    } else if (a.from.has(FREE) && b.from.has(FREE)) {
      for (const d of out.from) if (d === FREE || (allocates.has(d) && a.from.has(d) && b.from.has(d))) out.from.delete(d);
    } else {
      // sums not known (`shr(6, add(l, h))` halving a range): two addresses into the same
      // objects, and no other, are taken to compare places in them
      const addrs = (t: Taint) => [...t.from].filter(isAddress).sort().join();
      if (addrs(a) && addrs(a) === addrs(b)) for (const d of [...out.from]) if (isAddress(d)) out.from.delete(d);
    }
    if ([...out.from].every((d) => !isAddress(d))) out.lin = new Map();
    return out;
  };

  const expr = (n: AstNode): Taint => {
    if (n.nodeType === 'YulIdentifier') {
      const d = external(n);
      if (d !== undefined) {
        referenced.add(d);
        // a local the block allocates into holds the free pointer it read
        const a = allocated.get(d);
        if (a) return { from: new Set([d, ...a.from]), lin: a.lin };
        // a carrier of memory allocated from the free pointer (in this block or an earlier
        // one): the free pointer read there, plus values
        if (allocatedCarriers.has(d)) return { from: new Set([FREE]), lin: new Map([[FREE, 1n]]) };
        return { from: new Set([d]), lin: new Map(isAddress(d) ? [[d, 1n]] : []) };
      }
      const t = taint.get(n.name as string);
      return t ? { from: new Set(t.from), lin: t.lin } : { from: new Set(), lin: null };
    }
    if (n.nodeType !== 'YulFunctionCall') return { from: new Set(), lin: new Map() };
    const name = n.functionName.name as string;
    const argNodes = n.arguments as AstNode[];
    if (PURE.has(name) && !userFns.has(name)) return pure(name, argNodes);
    const args = argNodes.map(expr);
    const def = userFns.get(name);
    if (def) {
      // a function of the block: its parameters take what it is given (by name, joined over
      // its calls), its call gives what its return variables hold
      ((def.parameters as AstNode[] | undefined) ?? []).forEach((p, i) => args[i] && addTaint(p.name as string, args[i]!));
      const returns = ((def.returnVariables as AstNode[] | undefined) ?? []).map((r) => r.name as string);
      const from = new Set(returns.flatMap((r) => [...(taint.get(r)?.from ?? [])]));
      return { from, lin: [...from].some(isAddress) ? undefined : returns.some((r) => !taint.has(r)) ? null : new Map() };
    }
    const fp = freePointerAccess(name, argNodes);
    if (fp === 'other' || (fp && inFunction)) observed = true;
    if (fp === 'write') {
      // 0x40 set from the value read: the block allocates; from anything else it moves the
      // free pointer where the program chose
      if (!onlyAllocated(args[1]!)) observed = true;
      capture({ from: new Set([...args[1]!.from].filter((d) => d !== FREE && !allocates.has(d))) });
      return { from: new Set(), lin: new Map() };
    }
    // scratch space [0, 0x40) at a literal address: variables of the block's own, one per
    // range stored (a stored address is kept, not shown, until it is read back or leaves)
    const at = literalNumber(argNodes[0]);
    const width = name === 'mstore8' ? 1n : 32n;
    if ((name === 'mstore' || name === 'mstore8') && at !== undefined && at + width <= 0x40n) {
      storeScratch(at, width, args[1]!);
      return { from: new Set(), lin: new Map() };
    }
    // an address computed from values alone is a fixed one, in scratch space for memory-safe
    // assembly: a store somewhere in it
    if ((name === 'mstore' || name === 'mstore8') && at === undefined && ![...args[0]!.from].some(isAddress)) storeScratch(0n, 0x40n, args[1]!);
    if (name === 'mload' && at !== undefined && at + 32n <= 0x40n) return scratchWord(at);
    const spec = ARGS[name];
    const written = args[WRITES[name] ?? -1];
    if (written && [...written.from].some((d) => d <= LOADED || (d >= 0 && kindOf(d) === 'memory'))) leaky = true;
    args.forEach((a, i) => {
      if (spec?.at.includes(i)) {
        // a range that leaves with the addresses a memory reference (or scratch space) holds
        if (spec.out?.includes(i) && holdsAddresses(a)) seen = true;
        // the part of scratch space it covers (its length is the next argument)
        const from = literalNumber(argNodes[i]);
        const len = literalNumber(argNodes[i + 1]) ?? 0x40n;
        if (spec.out?.includes(i) && from !== undefined && from < 0x40n && len > 0n) shows(scratchWord(from, (from + len < 0x40n ? from + len : 0x40n) - from));
      } else if (spec?.sized.includes(i)) shows(a);
      else {
        capture(a);
        // an address kept as a value, but for one stored into memory that holds addresses
        if (!(name === 'mstore' && i === 1 && storesAddress(args[0]!))) shows(a);
      }
    });
    if (fp === 'read') {
      readsFree = true;
      return { from: new Set([FREE]), lin: new Map([[FREE, 1n]]) };
    }
    // a word of a memory reference that holds addresses: an address
    // (but for a dynamic array's length: `mload(parts)`)
    const d0 = argNodes[0]?.nodeType === 'YulIdentifier' ? external(argNodes[0]) : undefined;
    const length = d0 !== undefined && locals.lengthFirst(d0) && !assignedHere.has(d0);
    if (name === 'mload' && spec && holdsAddresses(args[0]!) && !length) return { from: new Set([LOADED - (deepest(args[0]!) - 1)]) };
    return { from: new Set(), lin: new Map() };
  };

  const pure = (name: string, argNodes: AstNode[]): Taint => {
    // `iszero(xor(a, b))`, `iszero(sub(a, b))`: whether a and b are equal
    if (name === 'iszero') return truth(argNodes[0]!);
    const args = argNodes.map(expr);
    const [a, b] = args;
    if (name === 'add' || name === 'sub') {
      const out = mixed(args);
      out.lin = summed(a!.lin, b!.lin, name === 'add' ? 1n : -1n);
      return name === 'sub' && !out.lin ? compared(a!, b!) : exact(out);
    }
    if (RELATIVE.has(name)) return compared(a!, b!);
    const out = mixed(args);
    const k0 = literalNumber(argNodes[0]);
    const k1 = literalNumber(argNodes[1]);
    if (name === 'mul' && (k0 !== undefined || k1 !== undefined)) out.lin = scaled(k0 !== undefined ? b!.lin : a!.lin, k0 ?? k1!);
    else if (name === 'shl' && k0 !== undefined && k0 < 256n) out.lin = scaled(b!.lin, 1n << k0);
    else if (name === 'not') out.lin = scaled(a!.lin, -1n); // not(x) = -1 - x
    return exact(out);
  };

  /** Drops the addresses a known sum has no term in (they cancelled, or were multiplied by 0). */
  const exact = (t: Taint): Taint => {
    if (t.lin) for (const d of t.from) if (isAddress(d) && !t.lin.has(d)) t.from.delete(d);
    return t;
  };

  /**
   * A value tested only for being zero: a difference or exclusive or of two values compares
   * them; a product or a bitwise or is zero by its factors' zeros.
   */
  const truth = (n: AstNode): Taint => {
    const name = n.nodeType === 'YulFunctionCall' && !userFns.has(n.functionName.name as string) ? (n.functionName.name as string) : '';
    if (name === 'xor' || name === 'sub') {
      const [a, b] = (n.arguments as AstNode[]).map(expr);
      return compared(a!, b!);
    }
    if (name === 'mul' || name === 'or') {
      const [a, b] = (n.arguments as AstNode[]).map(truth);
      return { from: new Set([...a!.from, ...b!.from]), lin: a!.lin?.size === 0 && b!.lin?.size === 0 ? new Map() : undefined };
    }
    const t = expr(n);
    return { from: t.from, lin: [...t.from].some(isAddress) ? undefined : new Map() };
  };

  /** A branch on an address (the free pointer's included) depends on where memory lies. */
  const condition = (n: AstNode): void => shows(truth(n));

  const block = (b: AstNode): void => {
    for (const s of b.statements as AstNode[]) stmt(s);
  };

  const stmt = (n: AstNode): void => {
    switch (n.nodeType) {
      case 'YulBlock':
        return block(n);
      case 'YulVariableDeclaration': {
        const t = n.value ? expr(n.value) : { from: new Set<number>(), lin: new Map<number, bigint>() };
        for (const v of n.variables as AstNode[]) addTaint(v.name as string, t);
        return;
      }
      case 'YulAssignment': {
        const t = expr(n.value);
        for (const v of n.variableNames as AstNode[]) {
          const d = external(v);
          if (d === undefined) addTaint(v.name as string, t);
          else if (kindOf(d) === 'address' && allocatedCarriers.has(d) && onlyAllocated(t)) {
            // carried to a later block, which may point a local of flat memory type there
            referenced.add(d);
            carried.set(d, carried.get(d) ?? true);
          } else if (onlyAllocated(t) && kindOf(d) === 'flat') {
            // memory the block allocated, and nothing else: the local's new object
            referenced.add(d);
            allocates.add(d);
            const lin = t.lin && new Map([...t.lin].filter(([x]) => !allocates.has(x)));
            const cur = allocated.get(d);
            if (!cur) {
              allocated.set(d, { from: new Set([FREE]), lin });
              changed = true;
            } else {
              const [next, moved] = joined(cur.lin, lin);
              cur.lin = next;
              changed ||= moved;
            }
          } else if (kindOf(d) === 'flat' && [...t.from].every((x) => x === d || !isAddress(x))) {
            // a place in its own object, or a value: what the local held stays with the block
            referenced.add(d);
            reassigned.add(d);
          } else {
            // the block assigns a Solidity local: it is not only read, and whatever flows
            // into it leaves the block (as a value, when the local holds one)
            referenced.add(d);
            captured.add(d);
            capture(t);
            if (kindOf(d) === 'value') shows(t);
            // (whether it could have carried the memory, had it been taken as a carrier of it)
            if (kindOf(d) === 'address') carried.set(d, onlyAllocated(t) && (carried.get(d) ?? true));
          }
        }
        return;
      }
      case 'YulExpressionStatement':
        expr(n.expression);
        return;
      case 'YulIf':
        condition(n.condition);
        return block(n.body);
      case 'YulSwitch':
        condition(n.expression);
        for (const c of n.cases as AstNode[]) block(c.body);
        return;
      case 'YulForLoop':
        block(n.pre);
        condition(n.condition);
        block(n.post);
        return block(n.body);
      case 'YulFunctionDefinition': {
        // its body names no Solidity local (what it is given flows in at its calls), and a
        // free pointer it reads is shown
        const outer = inFunction;
        inFunction = true;
        block(n.body);
        inFunction = outer;
        return;
      }
      default:
        return;
    }
  };

  const top = node.AST as AstNode | undefined;
  if (top?.nodeType !== 'YulBlock') return { uncaptured: new Set(), reassigned: new Set(), seesLayout: false, readsOnly: false, carried };
  // what the block does is read off the last pass, which runs on the taints' fixpoint (earlier
  // passes see variables before all their assignments)
  while (changed) {
    changed = false;
    for (const s of [referenced, captured, reassigned, carried]) s.clear();
    readsFree = observed = seen = leaky = false;
    block(top);
  }
  // a local the block allocates into and also captures: its memory would be unknown to the
  // analyses, which must then not move the free pointer under the block
  for (const d of captured) if (allocates.delete(d)) observed = true;
  for (const d of [...reassigned]) if (captured.has(d) || allocates.has(d)) reassigned.delete(d);
  const uncaptured = new Set([...referenced].filter((d) => !captured.has(d) && !allocates.has(d) && !reassigned.has(d)));
  const touches = readsFree || observed || allocates.size > 0 || [...carried].some(([d, ok]) => ok && allocatedCarriers.has(d));
  return { uncaptured, reassigned, freePointer: touches ? { hidden: !observed, allocates } : undefined, seesLayout: seen, readsOnly: !leaky, carried };
}

/**
 * How builtin `name` with `args` accesses the free pointer's word [0x40, 0x60) through a
 * literal address: `read` (`mload(0x40)`), `write` (`mstore(0x40, v)`), `other` (any other
 * overlapping access), or not at all.
 */
function freePointerAccess(name: string, args: readonly AstNode[]): 'read' | 'write' | 'other' | undefined {
  const at = literalNumber(args[0]);
  if (at === 0x40n && name === 'mload') return 'read';
  if (at === 0x40n && name === 'mstore') return 'write';
  return overlapsFreePointer(name, args) ? 'other' : undefined;
}
