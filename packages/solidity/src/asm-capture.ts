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
 * a pure builtin (arithmetic, comparisons, bit operations). The address is captured when a
 * derived value goes anywhere else: stored into memory or storage (`mstore(p, data)`), into
 * another Solidity local or returned from the block, passed to a function the block defines,
 * used as a log topic, a call's gas, address or value, or as an argument of any builtin not
 * listed here. A value loaded from memory or hashed is not derived (the locals this serves
 * are flat: bytes, strings, arrays of values hold no addresses). Flow-insensitive: the taint
 * of an assembly variable is the union over all its assignments, iterated to a fixed point.
 *
 * The same walk follows the free pointer read in the block (`mload(0x40)`, source FREE): the
 * block keeps its value to itself (`hidden`) when what derives from it is only used as memory
 * addresses and ranges, written back to 0x40 (`mstore(0x40, add(p, size))`: it allocates), or
 * assigned on its own to a Solidity local of a flat memory type (the memory it allocated:
 * `allocates`). Differences and comparisons of two such values (`sub(end, p)`, `lt(p, end)`)
 * derive from nothing: they do not depend on where the free pointer lies. Anything else — the
 * value in a value-typed local, stored into memory, a condition, given to a function of the
 * block or another builtin, 0x40 set from something else or accessed any other way, or read
 * inside a function of the block — lets the program observe the free pointer, which the
 * lifetime passes move (packages/sol/LIFETIME.md 5.).
 */
import type { AstNode } from './solc.js';
import { literalNumber, overlapsFreePointer, userFunctions } from './lower-asm.js';

/** Builtins whose result is computed from their arguments alone. */
const PURE = new Set([
  'add', 'sub', 'mul', 'div', 'sdiv', 'mod', 'smod', 'exp', 'not', 'lt', 'gt', 'slt', 'sgt', 'eq', 'iszero',
  'and', 'or', 'xor', 'byte', 'shl', 'shr', 'sar', 'addmod', 'mulmod', 'signextend', 'clz',
]);

/** Builtins whose listed arguments are memory or code ranges (or a storage key), never kept; the result derives from nothing. */
const RANGES: Record<string, readonly number[]> = {
  mload: [0], mstore: [0], mstore8: [0], keccak256: [0, 1], mcopy: [0, 1, 2], pop: [0],
  calldatacopy: [0, 1, 2], codecopy: [0, 1, 2], returndatacopy: [0, 1, 2], extcodecopy: [1, 2, 3],
  return: [0, 1], revert: [0, 1], log0: [0, 1], log1: [0, 1], log2: [0, 1], log3: [0, 1], log4: [0, 1],
  sload: [0], tload: [0], sstore: [0], tstore: [0], calldataload: [0],
  call: [3, 4, 5, 6], callcode: [3, 4, 5, 6], delegatecall: [2, 3, 4, 5], staticcall: [2, 3, 4, 5],
  create: [1, 2], create2: [1, 2],
};

/** The free pointer read in the block, as a taint source (declarations are ids ≥ 0). */
const FREE = -1;
/** Builtins whose result does not change when both arguments move by the same amount. */
const RELATIVE = new Set(['sub', 'lt', 'gt', 'slt', 'sgt', 'eq']);

export interface AssemblyUse {
  /** The declarations (ids) the block references and neither assigns nor captures. */
  uncaptured: Set<number>;
  /** What the block does with the free pointer, when it keeps its value to itself (above). */
  freePointer?: { hidden: boolean; allocates: Set<number> };
}

/**
 * What a referenced Solidity local holds: a flat memory reference (bytes, string, array of
 * values: the only kind the block may allocate), another memory reference, or a value.
 */
export type LocalKind = 'flat' | 'memory' | 'value';

/** How an InlineAssembly AST node uses the Solidity locals it references and the free pointer. */
export function analyseAssembly(node: AstNode, kindOf: (decl: number) => LocalKind): AssemblyUse {
  const refs = new Map<string, number>();
  for (const r of (node.externalReferences as AstNode[] | undefined) ?? []) refs.set(r.src as string, r.declaration as number);
  const userFns = userFunctions(node);
  const referenced = new Set<number>();
  const captured = new Set<number>();
  const taint = new Map<string, Set<number>>();
  const allocates = new Set<number>();
  let readsFree = false;
  let observed = false;
  let inFunction = false;
  let changed = true;

  const external = (n: AstNode): number | undefined => refs.get(n.src as string);
  const addTaint = (name: string, t: ReadonlySet<number>) => {
    const cur = taint.get(name) ?? new Set<number>();
    for (const d of t) if (!cur.has(d)) {
      cur.add(d);
      changed = true;
    }
    taint.set(name, cur);
  };
  /**
   * Whether `t` is an address in the memory the block allocates: derived from the free
   * pointer it read, values (sizes) and no other memory reference.
   */
  const onlyAllocated = (t: ReadonlySet<number>) => t.has(FREE) && [...t].every((d) => d === FREE || allocates.has(d) || kindOf(d) === 'value');
  const capture = (t: ReadonlySet<number>) => {
    for (const d of t) captured.add(d);
    if (t.has(FREE)) observed = true;
  };

  const expr = (n: AstNode): Set<number> => {
    if (n.nodeType === 'YulIdentifier') {
      const d = external(n);
      if (d !== undefined) {
        referenced.add(d);
        // a local the block allocates into holds the free pointer it read
        return new Set(allocates.has(d) ? [d, FREE] : [d]);
      }
      return new Set(taint.get(n.name as string) ?? []);
    }
    if (n.nodeType !== 'YulFunctionCall') return new Set();
    const name = n.functionName.name as string;
    const args = (n.arguments as AstNode[]).map(expr);
    if (PURE.has(name) && !userFns.has(name)) {
      const out = new Set(args.flatMap((a) => [...a]));
      // two addresses in what the block allocates: an offset or an order, wherever it lies
      if (RELATIVE.has(name) && args.every((a) => a.has(FREE))) {
        for (const d of out) if (d === FREE || (allocates.has(d) && args.every((a) => a.has(d)))) out.delete(d);
      }
      return out;
    }
    const fp = userFns.has(name) ? undefined : freePointerAccess(name, n.arguments as AstNode[]);
    if (fp === 'other' || (fp && inFunction)) observed = true;
    if (fp === 'write') {
      // 0x40 set from the value read: the block allocates; from anything else it moves the
      // free pointer where the program chose
      if (!onlyAllocated(args[1]!)) observed = true;
      capture(new Set([...args[1]!].filter((d) => d !== FREE && !allocates.has(d))));
      return new Set();
    }
    const ranges = userFns.has(name) ? [] : RANGES[name] ?? [];
    args.forEach((a, i) => {
      if (!ranges.includes(i)) capture(a);
    });
    if (fp === 'read') {
      readsFree = true;
      return new Set([FREE]);
    }
    return new Set();
  };

  /** A branch on a value derived from the free pointer depends on where it lies. */
  const condition = (n: AstNode): void => {
    if (expr(n).has(FREE)) observed = true;
  };

  const block = (b: AstNode): void => {
    for (const s of b.statements as AstNode[]) stmt(s);
  };

  const stmt = (n: AstNode): void => {
    switch (n.nodeType) {
      case 'YulBlock':
        return block(n);
      case 'YulVariableDeclaration': {
        const t = n.value ? expr(n.value) : new Set<number>();
        for (const v of n.variables as AstNode[]) addTaint(v.name as string, t);
        return;
      }
      case 'YulAssignment': {
        const t = expr(n.value);
        for (const v of n.variableNames as AstNode[]) {
          const d = external(v);
          if (d === undefined) addTaint(v.name as string, t);
          else if (onlyAllocated(t) && kindOf(d) === 'flat') {
            // memory the block allocated, and nothing else: the local's new object
            referenced.add(d);
            if (!allocates.has(d)) changed = true;
            allocates.add(d);
          } else {
            // the block assigns a Solidity local: it is not only read, and whatever flows
            // into it leaves the block
            referenced.add(d);
            captured.add(d);
            capture(t);
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
        // its body names no Solidity local (what it is given is captured at the call), but
        // may read the free pointer
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
  if (top?.nodeType !== 'YulBlock') return { uncaptured: new Set() };
  while (changed) {
    changed = false;
    block(top);
  }
  // a local the block allocates into and also captures: its memory would be unknown to the
  // analyses, which must then not move the free pointer under the block
  for (const d of captured) if (allocates.delete(d)) observed = true;
  const uncaptured = new Set([...referenced].filter((d) => !captured.has(d) && !allocates.has(d)));
  const touches = readsFree || observed || allocates.size > 0;
  return { uncaptured, freePointer: touches ? { hidden: !observed, allocates } : undefined };
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
