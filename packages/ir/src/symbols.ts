/**
 * Symbol tables. An op with the SymbolTable trait owns the symbols (ops with a
 * `sym_name`) directly in its single region. `SymbolTableCollection` caches one
 * table per owner so that resolving every call in a module stays linear (MLIR 19
 * rebuilds tables per function; see shared/notes/mlir-dealloc.md).
 */
import { StringAttr, SymbolRefAttr } from './attributes.js';
import type { Operation } from './ir.js';

export function symbolName(op: Operation): string | undefined {
  const a = op.getAttr('sym_name');
  return a instanceof StringAttr ? a.value : undefined;
}

/** A symbol's visibility: its `sym_visibility`, public when it has none. */
export function symbolVisibility(op: Operation): string {
  const v = op.getAttr('sym_visibility');
  return v instanceof StringAttr ? v.value : 'public';
}

export function isSymbolTable(op: Operation): boolean {
  return op.def?.has('SymbolTable') ?? false;
}

export class SymbolTable {
  private readonly symbols = new Map<string, Operation>();

  constructor(readonly owner: Operation) {
    for (const r of owner.regions) {
      for (const b of r.blocks) {
        for (let op = b.first; op; op = op.next) {
          const n = symbolName(op);
          if (n !== undefined && !this.symbols.has(n)) this.symbols.set(n, op);
        }
      }
    }
  }

  lookup(name: string): Operation | undefined {
    return this.symbols.get(name);
  }

  /** Inserts `op` at the end of the owner's body, renaming it `name_N` if the name is taken. */
  insert(op: Operation): string {
    let name = symbolName(op) ?? 'sym';
    if (this.symbols.has(name)) {
      let i = 0;
      while (this.symbols.has(`${name}_${i}`)) i++;
      name = `${name}_${i}`;
      op.setAttr('sym_name', new StringAttr(name));
    }
    this.symbols.set(name, op);
    if (!op.parent) this.owner.regions[0]!.blocks[0]!.append(op);
    return name;
  }

  erase(op: Operation): void {
    const n = symbolName(op);
    if (n !== undefined && this.symbols.get(n) === op) this.symbols.delete(n);
    op.erase();
  }

  names(): string[] {
    return [...this.symbols.keys()];
  }
}

export class SymbolTableCollection {
  private readonly tables = new Map<Operation, SymbolTable>();

  table(owner: Operation): SymbolTable {
    let t = this.tables.get(owner);
    if (!t) this.tables.set(owner, (t = new SymbolTable(owner)));
    return t;
  }

  /** Resolves `@a::@b::@c` starting in the symbol table `owner`. */
  lookupIn(owner: Operation, ref: SymbolRefAttr): Operation | undefined {
    let op = this.table(owner).lookup(ref.root);
    for (const n of ref.nested) {
      if (!op || !isSymbolTable(op)) return undefined;
      op = this.table(op).lookup(n);
    }
    return op;
  }

  /** Resolves `ref` from the nearest enclosing symbol table of `from`, as MLIR's lookupNearestSymbolFrom. */
  lookupNearest(from: Operation, ref: SymbolRefAttr): Operation | undefined {
    for (let o: Operation | null = isSymbolTable(from) ? from : from.parentOp; o; o = o.parentOp) {
      if (isSymbolTable(o)) return this.lookupIn(o, ref);
      // MLIR's getNearestSymbolTable stops at an op it cannot know is not one: one region, no dialect
      if (!o.def && o.regions.length === 1) return undefined;
    }
    return undefined;
  }

  /** Forgets cached tables (after symbols were added or removed without going through a table). */
  invalidate(owner?: Operation): void {
    if (owner) this.tables.delete(owner);
    else this.tables.clear();
  }
}
