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
  srcLine: number;
  col: number;
  matched: boolean;
}

const EXPECT_RE = /expected-(error|warning|remark|note)(-re)?\s*(@(?:above|below|unknown|[+-]\d+))?\s*(?:(\d+)\s*)?\{\{(.*?)\}\}(?!\})/g;

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
    const matches = [...text.matchAll(EXPECT_RE)];
    if (matches.length === 0) {
      for (const e of pendingBelow) e.line = line;
      pendingBelow = [];
      lastPlain = line;
      return;
    }
    for (const m of matches) {
      const [, severity, re, at, count, msg] = m;
      let target: number | 'unknown' = line;
      if (at === '@above') target = lastPlain;
      else if (at === '@below') target = line + 1;
      else if (at === '@unknown') target = 'unknown';
      else if (at) target = line + Number(at.slice(1));
      const n = count ? Number(count) : 1;
      for (let k = 0; k < n; k++) {
        const e: Expected = {
          severity: severity!, line: target, pattern: re ? reFromPattern(msg!) : msg!, text: msg!,
          srcLine: line, col: (m.index ?? 0) + 1, matched: false,
        };
        out.push(e);
        if (at === '@below') pendingBelow.push(e);
      }
    }
  });
  return out;
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
    problems.push(`${where}: error: unexpected ${d.severity}: ${d.message}\n`);
  }
  for (const e of expected) {
    if (e.matched) continue;
    problems.push(`${source.name}:${e.srcLine}:${e.col}: error: expected ${e.severity} "${e.text}" was not produced\n`);
  }
  return problems;
}
