/** Source locations, printed `loc(...)` as in MLIR. */
import { escapeString, type Attribute } from './attributes.js';

export abstract class Location {
  abstract printInner(): string;
  toString(): string { return `loc(${this.printInner()})`; }
  /** The first file:line:col this location points into, for diagnostics. */
  fileLineCol(): FileLineColLoc | undefined { return undefined; }
}

export class UnknownLoc extends Location {
  static readonly instance = new UnknownLoc();
  printInner(): string { return 'unknown'; }
}

export class FileLineColLoc extends Location {
  constructor(readonly file: string, readonly line: number, readonly col: number) { super(); }
  printInner(): string { return `${escapeString(this.file)}:${this.line}:${this.col}`; }
  override fileLineCol(): FileLineColLoc { return this; }
}

export class NameLoc extends Location {
  constructor(readonly name: string, readonly child?: Location) { super(); }
  printInner(): string {
    // an unknown child is not printed, also when named by an alias
    const child = this.child && this.child.printInner() !== 'unknown' ? `(${this.child.printInner()})` : '';
    return escapeString(this.name) + child;
  }
  override fileLineCol(): FileLineColLoc | undefined { return this.child?.fileLineCol(); }
}

export class CallSiteLoc extends Location {
  constructor(readonly callee: Location, readonly caller: Location) { super(); }
  printInner(): string { return `callsite(${this.callee.printInner()} at ${this.caller.printInner()})`; }
  override fileLineCol(): FileLineColLoc | undefined { return this.callee.fileLineCol() ?? this.caller.fileLineCol(); }
}

export class FusedLoc extends Location {
  constructor(readonly locations: readonly Location[], readonly metadata?: Attribute) { super(); }
  printInner(): string {
    const meta = this.metadata ? `<${this.metadata}>` : '';
    return `fused${meta}[${this.locations.map((l) => l.printInner()).join(', ')}]`;
  }
  override fileLineCol(): FileLineColLoc | undefined {
    for (const l of this.locations) {
      const f = l.fileLineCol();
      if (f) return f;
    }
    return undefined;
  }
}

/** A location alias reference (`loc(#loc3)`) that is resolved once the file is parsed. */
export class AliasLoc extends Location {
  target: Location | undefined;
  constructor(readonly alias: string) { super(); }
  printInner(): string { return this.target ? this.target.printInner() : this.alias; }
  override fileLineCol(): FileLineColLoc | undefined { return this.target?.fileLineCol(); }
}
