/**
 * Diagnostics in mlir-opt's format:
 *
 *   file.mlir:3:7: error: expected ':'
 *     %x = foo
 *         ^
 */
import { FileLineColLoc, Location } from './location.js';
import type { Operation } from './ir.js';

/** A FileLineColLoc that keeps the offset and computes line/column lazily (parsing makes one per op). */
export class SourceLoc extends Location {
  private resolved?: FileLineColLoc;
  constructor(readonly source: SourceFile, readonly offset: number) { super(); }
  override fileLineCol(): FileLineColLoc {
    if (!this.resolved) {
      const { line, col } = this.source.lineCol(this.offset);
      this.resolved = new FileLineColLoc(this.source.name, line, col);
    }
    return this.resolved;
  }
  printInner(): string { return this.fileLineCol().printInner(); }
}

export type Severity = 'error' | 'warning' | 'remark' | 'note';

export class SourceFile {
  private lineStarts?: number[];
  /** `offsetBase` is where this buffer starts in the original file (for --split-input-file). */
  constructor(readonly name: string, readonly text: string, readonly lineBase = 0) {}

  private starts(): number[] {
    if (!this.lineStarts) {
      const s = [0];
      for (let i = this.text.indexOf('\n'); i >= 0; i = this.text.indexOf('\n', i + 1)) s.push(i + 1);
      this.lineStarts = s;
    }
    return this.lineStarts;
  }
  /** 1-based line and column of an offset (lines counted in the original file). */
  lineCol(offset: number): { line: number; col: number } {
    const s = this.starts();
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1 + this.lineBase, col: offset - s[lo]! + 1 };
  }
  /** The text of a 1-based line in the original file's numbering. */
  lineText(line: number): string | undefined {
    const s = this.starts();
    const i = line - 1 - this.lineBase;
    if (i < 0 || i >= s.length) return undefined;
    const end = this.text.indexOf('\n', s[i]!);
    return this.text.slice(s[i]!, end < 0 ? undefined : end);
  }
  /** A location in this file, resolved to line:col only when someone asks. */
  loc(offset: number): Location {
    return new SourceLoc(this, offset);
  }
}

export interface Diagnostic {
  severity: Severity;
  message: string;
  loc: Location;
  notes: Diagnostic[];
  /** The op an error was reported on (MLIR's Operation::emitError), for "see current operation". */
  op?: Operation;
}

/** An error in user input, carried to the driver; never a crash. */
export class DiagnosticError extends Error {
  /** `earlier` are errors reported before this one by the same failed parse (MLIR sometimes emits two). */
  constructor(readonly diagnostic: Diagnostic, readonly earlier: readonly Diagnostic[] = []) {
    super(diagnostic.message);
  }
}

export function diag(severity: Severity, loc: Location, message: string, notes: Diagnostic[] = []): Diagnostic {
  return { severity, message, loc, notes };
}

/** An error reported on an op, at its location (MLIR's Operation::emitError / emitOpError). */
export function opError(op: Operation, message: string, notes: Diagnostic[] = []): Diagnostic {
  return { severity: 'error', message, loc: op.loc, notes, op };
}

/** Renders a diagnostic with the source line and a caret when the location is in `sources`. */
export function renderDiagnostic(d: Diagnostic, sources: readonly SourceFile[], hideSourceLine = false): string {
  const flc = d.loc.fileLineCol();
  let out: string;
  if (!flc) {
    out = `loc(unknown): ${d.severity}: ${d.message}\n`;
  } else {
    out = `${flc.file}:${flc.line}:${flc.col}: ${d.severity}: ${d.message}\n`;
    const src = sources.find((s) => s.name === flc.file);
    const text = hideSourceLine ? undefined : src?.lineText(flc.line);
    if (text !== undefined) out += `${text}\n${' '.repeat(Math.max(0, flc.col - 1))}^\n`;
  }
  // A note at the diagnostic's own location does not repeat the source line (as MLIR's handler).
  for (const n of d.notes) out += renderDiagnostic(n, sources, sameLocation(n.loc, d.loc));
  return out;
}

function sameLocation(a: Location, b: Location): boolean {
  if (a === b) return true;
  const [x, y] = [a.fileLineCol(), b.fileLineCol()];
  return !!x && !!y && x.file === y.file && x.line === y.line && x.col === y.col;
}
