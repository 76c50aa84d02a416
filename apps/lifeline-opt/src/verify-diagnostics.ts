/**
 * --verify-diagnostics: every diagnostic must be announced in the source by
 *   // expected-error@+1 {{substring}}     (also -warning, -remark, -note; -re for regexes)
 * with `@+N`, `@-N`, `@above`, `@below`, `@unknown`; every announcement must be met.
 */
import type { Diagnostic, SourceFile } from '@lifeline/ir';

interface Expected {
  severity: string;
  line: number | 'unknown';
  pattern: RegExp | string;
  text: string;
  /** Columns underlined when it is not met: the length of its text. */
  width: number;
  srcLine: number;
  col: number;
  matched: boolean;
}

/**
 * MLIR 19's pattern, matched once per line: no repeat count, and the text runs to the last
 * `}}`, which must end the line (`{{a}} b}}` expects "a}} b").
 */
const EXPECT_RE = /expected-(error|warning|remark|note)(-re)? *(@(?:above|below|unknown|[+-]\d+))? *\{\{(.*)\}\}$/;

/** `{{re}}` pieces inside an `-re` pattern are regexes; the rest is literal. */
function reFromPattern(p: string): RegExp {
  let out = '';
  let i = 0;
  while (i < p.length) {
    const open = p.indexOf('{{', i);
    if (open < 0) {
      out += escapeRe(p.slice(i));
      break;
    }
    out += escapeRe(p.slice(i, open));
    const close = p.indexOf('}}', open + 2);
    out += `(?:${p.slice(open + 2, close < 0 ? undefined : close)})`;
    i = close < 0 ? p.length : close + 2;
  }
  return new RegExp(out);
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * As MLIR's SourceMgrDiagnosticVerifierHandler: `@above` names the last line before
 * it that holds no expected-* designator, `@below` the next such line (so a run of
 * stacked `@below` lines all name the op under the run).
 */
function parseExpectations(source: SourceFile): Expected[] {
  const out: Expected[] = [];
  const lines = source.text.split('\n');
  let lastPlain = source.lineBase;
  let pendingBelow: Expected[] = [];
  lines.forEach((text, idx) => {
    const line = idx + 1 + source.lineBase;
    const m = EXPECT_RE.exec(text.endsWith('\r') ? text.slice(0, -1) : text);
    if (!m) {
      for (const e of pendingBelow) e.line = line;
      pendingBelow = [];
      lastPlain = line;
      return;
    }
    const [, severity, re, at, msg] = m;
    let target: number | 'unknown' = line;
    if (at === '@above') target = lastPlain;
    else if (at === '@below') target = line + 1;
    else if (at === '@unknown') target = 'unknown';
    else if (at) target = line + Number(at.slice(1));
    const e: Expected = {
      severity: severity!, line: target, pattern: re ? reFromPattern(msg!) : msg!, text: msg!,
      // MLIR underlines as many columns as the expected text has, from the designator
      srcLine: line, col: m.index + 1, width: msg!.length, matched: false,
    };
    out.push(e);
    if (at === '@below') pendingBelow.push(e);
  });
  return out;
}

/** The source line and MLIR's caret under `width` columns from `col` (`^~~~`). */
function sourceExcerpt(source: SourceFile, line: number, col: number, width: number): string {
  const text = source.lineText(line);
  return text === undefined ? '' : `${text}\n${' '.repeat(col - 1)}^${'~'.repeat(Math.max(0, width - 1))}\n`;
}

function flatten(ds: readonly Diagnostic[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const d of ds) {
    out.push(d);
    out.push(...flatten(d.notes));
  }
  return out;
}

/** Returns error messages (already formatted) for every mismatch; empty when all agree. */
export function checkExpectedDiagnostics(source: SourceFile, diagnostics: readonly Diagnostic[]): string[] {
  const expected = parseExpectations(source);
  const problems: string[] = [];
  for (const d of flatten(diagnostics)) {
    const flc = d.loc.fileLineCol();
    const line = flc && flc.file === source.name ? flc.line : 'unknown';
    const hit = expected.find((e) => !e.matched && e.severity === d.severity && e.line === line &&
      (typeof e.pattern === 'string' ? d.message.includes(e.pattern) : e.pattern.test(d.message)));
    if (hit) {
      hit.matched = true;
      continue;
    }
    const where = flc ? `${flc.file}:${flc.line}:${flc.col}` : `${source.name}:0:0`;
    const excerpt = line === 'unknown' ? '' : sourceExcerpt(source, line, flc!.col, 1);
    problems.push(`${where}: error: unexpected ${d.severity}: ${d.message}\n${excerpt}`);
  }
  for (const e of expected) {
    if (e.matched) continue;
    problems.push(`${source.name}:${e.srcLine}:${e.col}: error: expected ${e.severity} "${e.text}" was not produced\n` +
      sourceExcerpt(source, e.srcLine, e.col, e.width));
  }
  return problems;
}
