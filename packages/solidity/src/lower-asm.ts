/**
 * Inline assembly → sol.inline_asm: solc's AST gives the block as a Yul AST (`AST`) and the
 * identifiers that name Solidity declarations (`externalReferences`, keyed by their `src`).
 * We print the Yul back as text, in which
 *   - a reference to a Solidity local becomes `$N`, the placeholder of slot operand N (the
 *     local's sol.alloca; the Yul emitter puts the slot's Yul variable there);
 *   - every asm-local identifier (variables, functions, parameters) gets solc's `usr$` prefix,
 *     so it cannot clash with the emitter's names (Yul forbids shadowing);
 *   - string literals are byte-escaped, so no `$` in the text is anything but a placeholder
 *     or part of a `usr$` name.
 *   - a reference to a constant becomes its value as a number literal (solc allows only
 *     constants of value types whose value is a literal or a compile-time number, and its
 *     IR generator inlines them the same way).
 * What we cannot represent with a slot is UnsupportedFeature at the identifier: `.slot` /
 * `.offset` / `.length` suffixes, state variables, immutables, functions, locals that are
 * not a value or a memory reference, and `verbatim`.
 */
import type { AstNode } from './solc.js';

/** What the lowering of one assembly block needs from the function being lowered. */
export interface AsmContext {
  /** The placeholder index of Solidity declaration `decl` referenced at `ident` (fails if unsupported). */
  reference(decl: number, ident: AstNode): number;
  /** The Yul literal of Solidity declaration `decl` when it is a constant, else undefined. */
  constant(decl: number, ident: AstNode): string | undefined;
  fail(node: AstNode, message: string): never;
}

export interface AsmText {
  yul: string;
  /** The block reads or writes memory at 0x40 (the free pointer) with a literal address. */
  freePtr: boolean;
}

const pad = (s: string) => s.split('\n').map((l) => (l ? `    ${l}` : l)).join('\n');

/** Memory-accessing builtins: [index of the address argument, bytes accessed (undefined: a length argument)]. */
const ADDRESSED: Record<string, [number, number | undefined, number?][]> = {
  mload: [[0, 32]], mstore: [[0, 32]], mstore8: [[0, 1]],
  mcopy: [[0, undefined, 2], [1, undefined, 2]], calldatacopy: [[0, undefined, 2]], codecopy: [[0, undefined, 2]],
  returndatacopy: [[0, undefined, 2]], extcodecopy: [[1, undefined, 3]],
  keccak256: [[0, undefined, 1]], return: [[0, undefined, 1]], revert: [[0, undefined, 1]],
  log0: [[0, undefined, 1]], log1: [[0, undefined, 1]], log2: [[0, undefined, 1]], log3: [[0, undefined, 1]], log4: [[0, undefined, 1]],
};

export const literalNumber = (n: AstNode | undefined): bigint | undefined => {
  if (n?.nodeType !== 'YulLiteral' || n.kind !== 'number') return undefined;
  try { return BigInt(n.value as string); } catch { return undefined; }
};

/** Whether builtin `name` accesses memory overlapping the free pointer's word [0x40, 0x60) at a literal address. */
export function overlapsFreePointer(name: string, args: readonly AstNode[]): boolean {
  return (ADDRESSED[name] ?? []).some(([i, size, lenArg]) => {
    const a = literalNumber(args[i]);
    const len = size ?? (lenArg === undefined ? undefined : literalNumber(args[lenArg]));
    return a !== undefined && a < 0x60n && (len === undefined || a + BigInt(len) > 0x40n);
  });
}

/** The functions an InlineAssembly node's Yul defines (at any depth), by name. */
export function userFunctions(node: AstNode): Map<string, AstNode> {
  const names = new Map<string, AstNode>();
  const collect = (n: unknown): void => {
    if (!n || typeof n !== 'object') return;
    if (Array.isArray(n)) return n.forEach(collect);
    const o = n as AstNode;
    if (o.nodeType === 'YulFunctionDefinition') names.set(o.name as string, o);
    for (const k of Object.keys(o)) if (k !== 'src' && k !== 'nativeSrc') collect(o[k]);
  };
  collect(node.AST);
  return names;
}

export function printInlineAssembly(node: AstNode, cx: AsmContext): AsmText {
  const refs = new Map<string, AstNode>();
  for (const r of (node.externalReferences as AstNode[] | undefined) ?? []) refs.set(r.src as string, r);
  const userFns = userFunctions(node);
  let freePtr = false;

  const ident = (n: AstNode): string => {
    const ref = refs.get(n.src as string);
    if (!ref) return `usr$${n.name as string}`;
    if (ref.suffix || ref.isSlot || ref.isOffset) cx.fail(n, `'.${ref.suffix ?? (ref.isSlot ? 'slot' : 'offset')}' in inline assembly`);
    return cx.constant(ref.declaration as number, n) ?? `$${cx.reference(ref.declaration as number, n)}`;
  };
  const typed = (ns: AstNode[] | undefined) => (ns ?? []).map((t) => `usr$${t.name as string}`).join(', ');

  const literal = (n: AstNode): string => {
    if (n.kind === 'number') return n.value as string;
    if (n.kind === 'bool') return n.value as string;
    // strings: every byte escaped but letters and digits (the text keeps no `$` or quote)
    const hex = (n.hexValue as string | undefined) ?? Buffer.from((n.value as string) ?? '', 'utf8').toString('hex');
    let s = '';
    for (let i = 0; i < hex.length; i += 2) {
      const c = String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
      s += /[A-Za-z0-9 ]/.test(c) ? c : `\\x${hex.slice(i, i + 2)}`;
    }
    return `"${s}"`;
  };

  const expr = (n: AstNode): string => {
    switch (n.nodeType) {
      case 'YulLiteral':
        return literal(n);
      case 'YulIdentifier':
        return ident(n);
      case 'YulFunctionCall': {
        const name = n.functionName.name as string;
        const args = n.arguments as AstNode[];
        if (name.startsWith('verbatim')) cx.fail(n, 'verbatim in inline assembly');
        if (overlapsFreePointer(name, args)) freePtr = true;
        const callee = userFns.has(name) ? `usr$${name}` : name;
        return `${callee}(${args.map(expr).join(', ')})`;
      }
    }
    return cx.fail(n, `Yul expression '${n.nodeType as string}'`);
  };

  const block = (b: AstNode): string => {
    const body = (b.statements as AstNode[]).map(stmt).join('\n');
    return body ? `{\n${pad(body)}\n}` : '{ }';
  };

  const stmt = (n: AstNode): string => {
    switch (n.nodeType) {
      case 'YulBlock':
        return block(n);
      case 'YulVariableDeclaration':
        return `let ${typed(n.variables)}${n.value ? ` := ${expr(n.value)}` : ''}`;
      case 'YulAssignment':
        return `${(n.variableNames as AstNode[]).map(ident).join(', ')} := ${expr(n.value)}`;
      case 'YulExpressionStatement':
        return expr(n.expression);
      case 'YulIf':
        return `if ${expr(n.condition)} ${block(n.body)}`;
      case 'YulSwitch':
        return [`switch ${expr(n.expression)}`, ...(n.cases as AstNode[]).map((c) =>
          `${c.value === 'default' ? 'default' : `case ${literal(c.value)}`} ${block(c.body)}`)].join('\n');
      case 'YulForLoop':
        return `for ${block(n.pre)} ${expr(n.condition)} ${block(n.post)} ${block(n.body)}`;
      case 'YulBreak':
        return 'break';
      case 'YulContinue':
        return 'continue';
      case 'YulLeave':
        return 'leave';
      case 'YulFunctionDefinition': {
        const rets = typed(n.returnVariables);
        return `function usr$${n.name as string}(${typed(n.parameters)})${rets ? ` -> ${rets}` : ''} ${block(n.body)}`;
      }
    }
    return cx.fail(n, `Yul statement '${n.nodeType as string}'`);
  };

  const top = node.AST as AstNode | undefined;
  if (top?.nodeType !== 'YulBlock') cx.fail(node, 'inline assembly without its Yul AST');
  return { yul: (top.statements as AstNode[]).map(stmt).join('\n'), freePtr };
}

/** `assembly ("memory-safe")` or the older `/// @solidity memory-safe-assembly` comment. */
export function isMemorySafe(node: AstNode): boolean {
  const flags = (node.flags as string[] | undefined) ?? [];
  const doc = typeof node.documentation === 'string' ? node.documentation : (node.documentation?.text as string | undefined) ?? '';
  return flags.includes('memory-safe') || /@solidity\s+memory-safe-assembly/.test(doc);
}
