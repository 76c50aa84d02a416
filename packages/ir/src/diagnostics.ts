/**
 * Diagnostics in mlir-opt's format:
 *
 *   file.mlir:3:7: error: expected ':'
 *     %x = foo
 *         ^
 */
import { AliasLoc, CallSiteLoc, FileLineColLoc, FusedLoc, Location, NameLoc } from './location.js';
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

/**
 * How deep regions, attributes, types, locations and affine parentheses may nest in
 * parsed text. MLIR's parser has no limit and overflows its stack (mlir-opt-19
 * segfaults on 10,000 nested `[`); ours would too, and every recursive walk after the
 * parser (printer, verifier, passes) runs well within this depth.
 */
export const MAX_NESTING = 256;

/** Input nested deeper than MAX_NESTING; never wrapped in the errors of the levels around it. */
export class NestingError extends DiagnosticError {
  constructor(loc: Location) {
    super(diag('error', loc, `nesting too deep (more than ${MAX_NESTING} levels)`));
  }
}

export function diag(severity: Severity, loc: Location, message: string, notes: Diagnostic[] = []): Diagnostic {
  return { severity, message, loc, notes };
}

/** An error reported on an op, at its location (MLIR's Operation::emitError / emitOpError). */
export function opError(op: Operation, message: string, notes: Diagnostic[] = []): Diagnostic {
  return { severity: 'error', message, loc: op.loc, notes, op };
}

/** SourceMgrDiagnosticHandler's callStackLimit. */
const CALL_STACK_LIMIT = 10;

/** getCallSiteLoc: the call site a location is, or names, or fuses first. */
function callSiteOf(l: Location): CallSiteLoc | undefined {
  if (l instanceof AliasLoc) return l.target && callSiteOf(l.target);
  if (l instanceof CallSiteLoc) return l;
  if (l instanceof NameLoc) return l.child && callSiteOf(l.child);
  if (l instanceof FusedLoc) {
    for (const c of l.locations) {
      const call = callSiteOf(c);
      if (call) return call;
    }
  }
  return undefined;
}

/**
 * The "called from" notes MLIR adds below an error at a call site location, one per
 * caller, and the location the notes after them compare with.
 */
function callStack(l: Location): { notes: Diagnostic[]; last: Location } {
  const notes: Diagnostic[] = [];
  let call = callSiteOf(l);
  let last = l;
  for (let depth = 0; call && depth < CALL_STACK_LIMIT; depth++) {
    last = call.caller;
    notes.push(diag('note', last, 'called from'));
    call = callSiteOf(last);
  }
  return { notes, last };
}

/**
 * Renders a diagnostic with the source line and a caret when the location is in `sources`;
 * at a call site location, a "called from" note for each caller follows. As MLIR's
 * SourceMgrDiagnosticHandler, a note shows its source line only when its location is
 * not the one printed just before it.
 */
export function renderDiagnostic(d: Diagnostic, sources: readonly SourceFile[]): string {
  let out = renderLine(d, sources, false);
  const { notes, last } = callStack(d.loc);
  for (const c of notes) out += renderLine(c, sources, false);
  let previous = last;
  for (const n of d.notes) {
    out += renderLine(n, sources, sameLocation(n.loc, previous));
    previous = n.loc;
  }
  return out;
}

function renderLine(d: Diagnostic, sources: readonly SourceFile[], hideSourceLine: boolean): string {
  const flc = d.loc.fileLineCol();
  if (!flc) {
    // SourceMgrDiagnosticHandler: no file position, so the whole location (unless unknown) leads the message
    const where = d.loc.printInner() === 'unknown' ? '' : `${d.loc}: `;
    return `<unknown>:0: ${d.severity}: ${where}${d.message}\n`;
  }
  let out = `${flc.file}:${flc.line}:${flc.col}: ${d.severity}: ${d.message}\n`;
  const src = sources.find((s) => s.name === flc.file);
  const text = hideSourceLine ? undefined : src?.lineText(flc.line);
  if (text !== undefined) out += `${text}\n${' '.repeat(Math.max(0, flc.col - 1))}^\n`;
  return out;
}

function sameLocation(a: Location, b: Location): boolean {
  if (a === b) return true;
  const [x, y] = [a.fileLineCol(), b.fileLineCol()];
  return !!x && !!y && x.file === y.file && x.line === y.line && x.col === y.col;
}
