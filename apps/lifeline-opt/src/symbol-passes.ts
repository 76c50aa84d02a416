/**
 * symbol-dce and symbol-privatize, as MLIR's SymbolDCE / SymbolPrivatize passes.
 *
 *  1. A symbol is an op with the Symbol trait, or a symbol table that carries a
 *     `sym_name` (MLIR's optional symbols: a named builtin.module). Any other op,
 *     registered or not, is never erased or privatized, whatever attributes it has.
 *  2. A symbol table is hidden when nothing outside it can name its symbols: the
 *     pass root is hidden unless it is itself a symbol with a parent that is not
 *     private; a nested table is hidden if its parent table is, if it is not a
 *     symbol, or if it is private.
 *  3. Seeds of liveness in a table: every non-symbol op, and every symbol that can
 *     not be discarded when unused: public ones, and nested ones of a table that is
 *     not hidden. Private symbols (and nested ones of a hidden table) are discardable.
 *  4. A live op that is a symbol table gets its own liveness (2, 3). A live op that
 *     is not looks through its regions: each op there that has regions is live too,
 *     so symbol tables nested in plain regions are reached.
 *  5. A live op directly in a table makes live every symbol its attributes (and those
 *     of the ops nested in it, not inside a nested table) reference, resolved in that
 *     table; every symbol on an `@a::@b` path is live. Unresolvable references are
 *     ignored. An unregistered op with one region may be a symbol table we cannot
 *     read; meeting one is an error.
 *  6. Afterwards every symbol directly in a symbol table under the root that was not
 *     found live is erased.
 */
import {
  StringAttr, SymbolRefAttr, SymbolTableCollection, hasTrait, isSymbolTable, symbolName, symbolVisibility,
  type Attribute, type Operation, type PassContext,
} from '@lifeline/ir';

// (1)
export function isSymbol(op: Operation): boolean {
  return hasTrait(op, 'Symbol') || (isSymbolTable(op) && symbolName(op) !== undefined);
}


// (5) MLIR's isPotentiallyUnknownSymbolTable
function mayBeUnknownSymbolTable(op: Operation): boolean {
  return !op.def && op.regions.length === 1;
}

function symbolRefsIn(a: Attribute, out: SymbolRefAttr[]): void {
  if (a instanceof SymbolRefAttr) out.push(a);
  const nested = (a as { elements?: readonly Attribute[] }).elements ??
    (a as { entries?: ReadonlyArray<readonly [string, Attribute]> }).entries?.map((e) => e[1]);
  if (nested) for (const n of nested) symbolRefsIn(n, out);
}

/** (5) References made by `op` and the ops nested in it outside nested tables; undefined if one may be an unknown table. */
function symbolUses(op: Operation): SymbolRefAttr[] | undefined {
  const out: SymbolRefAttr[] = [];
  const visit = (o: Operation): boolean => {
    for (const a of o.properties.values()) symbolRefsIn(a, out);
    for (const a of o.attributes.values()) symbolRefsIn(a, out);
    if (isSymbolTable(o) && o !== op) return true;
    if (mayBeUnknownSymbolTable(o)) return false;
    for (const r of o.regions) for (const b of r.blocks) for (let c = b.first; c; c = c.next) if (!visit(c)) return false;
    return true;
  };
  return visit(op) ? out : undefined;
}

class SymbolLiveness {
  readonly live = new Set<Operation>();
  private readonly tables = new SymbolTableCollection();

  constructor(private readonly ctx: PassContext) {}

  /** Marks what is live in `table`; false after reporting an error. */
  run(table: Operation, hidden: boolean): boolean {
    const worklist: Operation[] = [];
    for (const r of table.regions) for (const b of r.blocks) for (let op = b.first; op; op = op.next) {
      if (!isSymbol(op)) { worklist.push(op); continue; }
      const vis = symbolVisibility(op);
      const discardable = vis === 'private' || (vis === 'nested' && hidden); // (3)
      if (!discardable && !this.live.has(op)) { this.live.add(op); worklist.push(op); }
    }
    while (worklist.length) {
      const op = worklist.pop()!;
      if (isSymbolTable(op)) {
        // (2) nested table
        if (!this.run(op, hidden || !isSymbol(op) || symbolVisibility(op) === 'private')) return false;
      } else {
        // (4)
        for (const r of op.regions) for (const b of r.blocks) for (let c = b.first; c; c = c.next) if (c.regions.length) worklist.push(c);
      }
      const parent = op.parentOp;
      if (!parent || !isSymbolTable(parent)) continue;
      const uses = symbolUses(op);
      if (!uses) {
        this.ctx.emitError(op, "operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses");
        return false;
      }
      for (const ref of uses) for (const sym of this.resolvePath(parent, ref)) {
        if (!this.live.has(sym)) { this.live.add(sym); worklist.push(sym); }
      }
    }
    return true;
  }

  /** (5) Every symbol along `ref` from `table`, or none if some step does not resolve. */
  private resolvePath(table: Operation, ref: SymbolRefAttr): Operation[] {
    const path: Operation[] = [];
    let op = this.tables.table(table).lookup(ref.root);
    for (const name of ref.nested) {
      if (!op || !isSymbolTable(op)) return [];
      path.push(op);
      op = this.tables.table(op).lookup(name);
    }
    if (!op) return [];
    path.push(op);
    return path;
  }
}

export function runSymbolDce(root: Operation, ctx: PassContext): void {
  if (!isSymbolTable(root)) {
    ctx.emitError(root, `'${root.name}' op  was scheduled to run under SymbolDCE, but does not define a symbol table`);
    return;
  }
  const hidden = root.parentOp && isSymbol(root) ? symbolVisibility(root) === 'private' : true; // (2)
  const liveness = new SymbolLiveness(ctx);
  if (!liveness.run(root, hidden)) return;
  // (6)
  let erased = 0;
  const dead: Operation[] = [];
  root.walk((table) => {
    if (!isSymbolTable(table)) return;
    for (const r of table.regions) for (const b of r.blocks) for (let op = b.first; op; op = op.next) {
      if (isSymbol(op) && !liveness.live.has(op)) dead.push(op);
    }
  });
  for (const op of dead) if (op.parent) { op.erase(); erased++; }
  if (erased) ctx.stat('num-dce', erased);
}

/** Makes every symbol directly under `root` private, except the excluded names. */
export function runSymbolPrivatize(root: Operation, exclude: readonly string[]): void {
  for (const r of root.regions) for (const b of r.blocks) for (let op = b.first; op; op = op.next) {
    const name = symbolName(op);
    if (name !== undefined && isSymbol(op) && !exclude.includes(name)) op.setAttr('sym_visibility', new StringAttr('private'));
  }
}
