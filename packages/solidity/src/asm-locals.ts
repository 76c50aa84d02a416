/**
 * How the Solidity code around an inline assembly block uses the locals the block names:
 * whether one it assigned may be read afterwards, and which value-typed locals only carry an
 * address from one block to another (asm-capture.ts).
 */
import { parseSrc, type AstNode } from './solc.js';

type Span = { start: number; length: number; file: number };
const within = (outer: Span, x: Span) => outer.file === x.file && outer.start <= x.start && x.start + x.length <= outer.start + outer.length;

/** Every node under `root` (itself included), in source order. */
function* subtree(root: AstNode): Generator<AstNode> {
  yield root;
  for (const [k, v] of Object.entries(root)) {
    if (k === 'src' || k === 'typeDescriptions') continue;
    for (const c of Array.isArray(v) ? v : [v]) if (c && typeof c === 'object' && 'nodeType' in c) yield* subtree(c as AstNode);
  }
}

/**
 * Whether the program may read local `decl` after inline assembly `asm` assigned it (`nodes`:
 * every AST node by id): it is a return variable (read when the function returns), code after
 * the block names it, it is declared outside a loop around the block (the next run reads it,
 * the block included), or the function has modifiers (which may read parameters after `_`).
 */
export function readAfterAssembly(decl: number, asm: AstNode, nodes: ReadonlyMap<number, AstNode>): boolean {
  const d = nodes.get(decl);
  const fn = enclosingFunction(asm, nodes);
  if (!d || !fn) return true;
  if ((fn.modifiers as AstNode[] | undefined)?.length) return true;
  if (((fn.returnParameters?.parameters as AstNode[] | undefined) ?? []).some((p) => p.id === decl)) return true;
  const at = parseSrc(asm.src as string);
  const declAt = parseSrc(d.src as string);
  const after = (n: AstNode) => {
    const r = parseSrc(n.src as string);
    return r.file === at.file && r.start >= at.start + at.length;
  };
  for (const n of subtree(fn)) {
    switch (n.nodeType) {
      case 'Identifier':
        if (n.referencedDeclaration === decl && after(n)) return true;
        break;
      case 'InlineAssembly':
        if (n !== asm && after(n) && ((n.externalReferences as AstNode[] | undefined) ?? []).some((r) => r.declaration === decl)) return true;
        break;
      case 'ForStatement':
      case 'WhileStatement':
      case 'DoWhileStatement':
        if (within(parseSrc(n.src as string), at) && !within(parseSrc((n.body as AstNode).src as string), declAt)) return true;
        break;
    }
  }
  return false;
}

/** The functions and modifiers of a compilation (`nodes`: every AST node by id), found once. */
const functionsOf = new WeakMap<ReadonlyMap<number, AstNode>, { node: AstNode; span: Span }[]>();

/** The function or modifier whose code holds `node`. */
function enclosingFunction(node: AstNode, nodes: ReadonlyMap<number, AstNode>): AstNode | undefined {
  let fns = functionsOf.get(nodes);
  if (!fns) {
    fns = [...nodes.values()].filter((n) => n.nodeType === 'FunctionDefinition' || n.nodeType === 'ModifierDefinition').map((n) => ({ node: n, span: parseSrc(n.src as string) }));
    functionsOf.set(nodes, fns);
  }
  const at = parseSrc(node.src as string);
  return fns.find((f) => within(f.span, at))?.node;
}

/** Each function's address carriers, found once for all its blocks. */
const carriersOf = new WeakMap<AstNode, Set<number>>();

/**
 * The value-typed locals of the function holding `asm` that only carry an address between
 * blocks (`uint256 ptr; assembly { ptr := add(buffer, 32) } … ptr--; assembly { mstore8(ptr,
 * c) }`, OpenZeppelin's toString): declared without a value or with a literal, and named
 * outside assembly only to be moved by values (`ptr++`, `ptr--`, `ptr += n`, `ptr -= n` as
 * statements). The program reads nothing of such a local but through assembly, which then
 * treats it as an address (asm-capture.ts `address`).
 */
export function addressLocals(asm: AstNode, nodes: ReadonlyMap<number, AstNode>): Set<number> {
  const fn = enclosingFunction(asm, nodes);
  if (!fn?.body) return new Set();
  let out = carriersOf.get(fn);
  if (out) return out;
  out = new Set<number>();
  carriersOf.set(fn, out);
  const candidates = new Set<number>();
  const bad = new Set<number>();
  const walk = (n: AstNode | undefined, parent: AstNode | undefined): void => {
    if (!n || typeof n !== 'object') return;
    switch (n.nodeType) {
      case 'VariableDeclarationStatement': {
        const decls = (n.declarations as (AstNode | null)[]).filter((d): d is AstNode => !!d);
        const literal = !n.initialValue || (n.initialValue.nodeType === 'Literal' && decls.length === 1);
        for (const d of decls) if (!literal || !/^u?int\d*$/.test(d.typeDescriptions?.typeString ?? '')) bad.add(d.id);
        else candidates.add(d.id);
        break;
      }
      case 'InlineAssembly':
        return;
      case 'Identifier': {
        const d = n.referencedDeclaration as number;
        const moved = parent?.nodeType === 'UnaryOperation' ? ['++', '--'].includes(parent.operator as string)
          : parent?.nodeType === 'Assignment' && parent.leftHandSide === n && ['+=', '-='].includes(parent.operator as string);
        if (!moved) bad.add(d);
        return;
      }
      case 'UnaryOperation':
      case 'Assignment':
        // moved by values only as a statement of its own: its value is not read
        if (parent?.nodeType !== 'ExpressionStatement' && parent?.nodeType !== 'ForStatement') {
          const target = n.nodeType === 'UnaryOperation' ? n.subExpression : n.leftHandSide;
          if (target?.nodeType === 'Identifier') bad.add(target.referencedDeclaration as number);
        }
        break;
    }
    for (const [k, v] of Object.entries(n)) {
      if (k === 'src' || k === 'typeDescriptions') continue;
      if (Array.isArray(v)) for (const c of v) walk(c as AstNode, n);
      else if (v && typeof v === 'object' && 'nodeType' in v) walk(v as AstNode, n);
    }
  };
  walk(fn.body as AstNode, fn);
  for (const d of candidates) if (!bad.has(d)) out.add(d);
  return out;
}

/** Each function's carriers of memory allocated from the free pointer, found once for all its blocks. */
const allocatedOf = new WeakMap<AstNode, Set<number>>();

/**
 * The address carriers of the function holding `asm` that only ever hold memory allocated
 * from the free pointer (`uint256 end; assembly { end := add(mload(0x40), 0x80) mstore(0x40,
 * add(end, 0x20)) }` … `assembly { s := sub(ptr, 0x20) }`): the largest set of carriers every
 * block assigns only such memory, given that the others in the set hold it. `carried(block,
 * assumed)` is what a block assigns its carriers, reading those in `assumed` as allocated
 * (asm-capture.ts `carried`). A later block that points a local of flat memory type there
 * allocates it, as far as the analyses see.
 */
export function allocatedCarriers(
  asm: AstNode, nodes: ReadonlyMap<number, AstNode>, carried: (block: AstNode, assumed: ReadonlySet<number>) => ReadonlyMap<number, boolean>,
): Set<number> {
  const fn = enclosingFunction(asm, nodes);
  if (!fn?.body) return new Set();
  const known = allocatedOf.get(fn);
  if (known) return known;
  const blocks = [...subtree(fn.body as AstNode)].filter((n) => n.nodeType === 'InlineAssembly');
  let out = new Set(addressLocals(asm, nodes));
  for (let changed = out.size > 0; changed; ) {
    const ok = new Set<number>();
    const bad = new Set<number>();
    for (const b of blocks) for (const [d, good] of carried(b, out)) (good ? ok : bad).add(d);
    const next: Set<number> = new Set([...out].filter((d) => ok.has(d) && !bad.has(d)));
    changed = next.size < out.size;
    out = next;
  }
  // and of those, the ones some assignment grounds in a read of the free pointer (two carriers
  // assigned only from each other hold their initial values)
  const grounded = new Set<number>();
  for (let changed = out.size > 0; changed; ) {
    changed = false;
    for (const b of blocks) {
      for (const [d, good] of carried(b, grounded)) if (good && out.has(d) && !grounded.has(d)) changed = !!grounded.add(d);
    }
  }
  allocatedOf.set(fn, grounded);
  return grounded;
}
