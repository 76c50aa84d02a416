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
 */
import type { AstNode } from './solc.js';
import { userFunctions } from './lower-asm.js';

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

/**
 * The declarations (ids) `node` (an InlineAssembly AST node) references and neither assigns
 * nor captures.
 */
export function uncapturedReferences(node: AstNode): Set<number> {
  const refs = new Map<string, number>();
  for (const r of (node.externalReferences as AstNode[] | undefined) ?? []) refs.set(r.src as string, r.declaration as number);
  const userFns = userFunctions(node);
  const referenced = new Set<number>();
  const captured = new Set<number>();
  const taint = new Map<string, Set<number>>();
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
  const capture = (t: ReadonlySet<number>) => {
    for (const d of t) captured.add(d);
  };

  const expr = (n: AstNode): Set<number> => {
    if (n.nodeType === 'YulIdentifier') {
      const d = external(n);
      if (d !== undefined) {
        referenced.add(d);
        return new Set([d]);
      }
      return new Set(taint.get(n.name as string) ?? []);
    }
    if (n.nodeType !== 'YulFunctionCall') return new Set();
    const name = n.functionName.name as string;
    const args = (n.arguments as AstNode[]).map(expr);
    if (PURE.has(name) && !userFns.has(name)) return new Set(args.flatMap((a) => [...a]));
    const ranges = userFns.has(name) ? [] : RANGES[name] ?? [];
    args.forEach((a, i) => {
      if (!ranges.includes(i)) capture(a);
    });
    return new Set();
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
          else {
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
        expr(n.condition);
        return block(n.body);
      case 'YulSwitch':
        expr(n.expression);
        for (const c of n.cases as AstNode[]) block(c.body);
        return;
      case 'YulForLoop':
        block(n.pre);
        expr(n.condition);
        block(n.post);
        return block(n.body);
      case 'YulFunctionDefinition':
        // its body names no Solidity local; what it is given is captured at the call
        return;
      default:
        return;
    }
  };

  const top = node.AST as AstNode | undefined;
  if (top?.nodeType !== 'YulBlock') return new Set();
  while (changed) {
    changed = false;
    block(top);
  }
  return new Set([...referenced].filter((d) => !captured.has(d)));
}
