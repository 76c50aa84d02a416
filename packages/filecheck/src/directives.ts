/**
 * Reading a check file: finding `PREFIX[-SUFFIX]:` directives and grouping
 * them into check strings (a positive directive plus the CHECK-DAG/CHECK-NOT
 * directives that precede it), as LLVM FileCheck does.
 */
import { PatternError, parsePattern, type CheckKind, type Pattern } from './pattern.js';
import { SourceBuffer } from './source.js';

export interface CheckString {
  /** The positive directive (plain, NEXT, SAME, EMPTY, LABEL, COUNT or EOF). */
  pat: Pattern;
  /** CHECK-DAG / CHECK-NOT directives (in order) to handle before `pat`. */
  dagNot: Pattern[];
}

export interface ReadOptions {
  prefixes: string[];
  implicitCheckNot: string[];
  matchFullLines: boolean;
  strictWhitespace: boolean;
  allowUnusedPrefixes: boolean;
}

/** A problem with the check file or options; FileCheck exits with 2. */
export class CheckFileError extends Error {
  readonly diagnostics: string;
  constructor(diagnostics: string) {
    super(diagnostics);
    this.diagnostics = diagnostics;
  }
}

const SUFFIXES: Record<string, CheckKind> = {
  NEXT: 'next',
  SAME: 'same',
  NOT: 'not',
  DAG: 'dag',
  LABEL: 'label',
  EMPTY: 'empty',
};

interface Directive {
  kind: CheckKind;
  count: number;
  literal: boolean;
  /** Offset (in the line) where the pattern text starts, just after the colon. */
  patternStart: number;
}

function isWordChar(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9_-]/.test(c);
}

/**
 * Prefixes named in `--check-prefix(es)` options inside the check file (its
 * RUN lines). A `CHECK-FOO:` line is only an error for prefix `CHECK` when
 * `CHECK-FOO` is not itself one of those prefixes.
 */
function declaredPrefixes(text: string): string[] {
  const out: string[] = [];
  const re = /check-prefix(?:es)?(?:=|[ \t]+)['"]?([A-Za-z0-9_,-]+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    for (const p of m[1]!.split(',')) if (p) out.push(p);
  }
  return out;
}

type DirectiveResult = Directive | { error: string } | null;

/** Try to read a directive for `prefix` at `p` in `line`. */
function directiveAt(line: string, p: number, prefix: string, others: string[]): DirectiveResult {
  let j = p + prefix.length;
  const literalAt = (k: number) => line.startsWith('{LITERAL}:', k);
  if (line[j] === ':') return { kind: 'plain', count: 1, literal: false, patternStart: j + 1 };
  if (literalAt(j)) return { kind: 'plain', count: 1, literal: true, patternStart: j + 10 };
  const sep = line[j];
  if (sep !== '-' && sep !== '_') return null;
  const m = /^([A-Za-z0-9_-]*)(\{LITERAL\})?:/.exec(line.slice(j + 1));
  if (!m) return null;
  const suffix = m[1]!;
  const literal = m[2] !== undefined;
  const patternStart = j + 1 + m[0].length;
  const token = `${prefix}${sep}${suffix}`;
  // `CHECK-FOO:` where CHECK-FOO is another prefix used by this file.
  if (others.some((o) => token === o || token.startsWith(`${o}-`))) return null;
  const kind = SUFFIXES[suffix];
  const count = /^COUNT-(.*)$/.exec(suffix);
  if (sep === '_') {
    if (kind !== undefined || count) return { error: `misspelled directive '${token}:'` };
    return null;
  }
  if (kind !== undefined) return { kind, count: 1, literal, patternStart };
  if (count) {
    const n = /^\d+$/.test(count[1]!) ? Number(count[1]) : 0;
    if (n <= 0) return { error: `invalid count in -COUNT specification on prefix '${prefix}'` };
    return { kind: 'plain', count: n, literal, patternStart };
  }
  if (/(^|-)NOT(-|$)/.test(suffix)) return { error: `unsupported -NOT combo on prefix '${prefix}'` };
  return {
    error:
      `unknown directive '${token}:' for prefix '${prefix}' (supported suffixes: ` +
      `-NEXT -SAME -NOT -DAG -LABEL -EMPTY -COUNT-<n>; pass --check-prefixes=${token} ` +
      `if it is a separate prefix)`,
  };
}

/** Find the first directive on a line: [offset, prefix, directive]. */
function findDirective(
  line: string,
  prefixes: string[],
  others: string[],
): { at: number; prefix: string; d: Directive | { error: string } } | null {
  for (let p = 0; p < line.length; p++) {
    if (p > 0 && isWordChar(line[p - 1])) continue;
    for (const prefix of prefixes) {
      if (!line.startsWith(prefix, p)) continue;
      const d = directiveAt(line, p, prefix, others);
      if (d) return { at: p, prefix, d };
    }
  }
  return null;
}

/** Parse the check file into check strings; throws CheckFileError. */
export function readCheckFile(buf: SourceBuffer, opts: ReadOptions): CheckString[] {
  // Longest prefixes first so that `CHECK-A:` prefers prefix `CHECK-A` to `CHECK`.
  const prefixes = [...opts.prefixes].sort((a, b) => b.length - a.length);
  const others = declaredPrefixes(buf.text).filter((o) => !opts.prefixes.includes(o));
  const implicit = opts.implicitCheckNot.map((text) => implicitPattern(text, opts));
  const used = new Set<string>();
  const checks: CheckString[] = [];
  let dagNot: Pattern[] = [...implicit];
  function fail(pos: number, msg: string): never {
    throw new CheckFileError(buf.diag(pos, 'error', msg));
  }

  const text = buf.text;
  let lineStart = 0;
  for (let lineNo = 1; lineStart <= text.length; lineNo++) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl === -1 ? text.length : nl;
    const line = text.slice(lineStart, lineEnd);
    const found = findDirective(line, prefixes, others);
    if (found) {
      const { prefix, d } = found;
      if ('error' in d) fail(lineStart + found.at, d.error);
      const dir = d;
      used.add(prefix);
      let start = dir.patternStart;
      if (!(opts.strictWhitespace && opts.matchFullLines)) {
        while (line[start] === ' ' || line[start] === '\t') start++;
      }
      let end = line.length;
      while (end > start && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
      const patText = line.slice(start, end);
      const loc = lineStart + start;
      if (dir.kind === 'empty' && patText !== '') {
        fail(loc, `found non-empty check string for empty check with prefix '${prefix}:'`);
      }
      if (dir.kind !== 'empty' && patText === '') {
        fail(loc, `found empty check string with prefix '${prefix}:'`);
      }
      if ((dir.kind === 'next' || dir.kind === 'same' || dir.kind === 'empty') && checks.length === 0) {
        const suffix = dir.kind === 'next' ? 'NEXT' : dir.kind === 'same' ? 'SAME' : 'EMPTY';
        fail(lineStart + found.at, `found '${prefix}-${suffix}' without previous '${prefix}: line`);
      }
      let pat: Pattern;
      try {
        pat = parsePattern(patText, {
          kind: dir.kind,
          prefix,
          count: dir.count,
          source: buf,
          loc,
          literal: dir.literal,
          matchFullLines: opts.matchFullLines,
          strictWhitespace: opts.strictWhitespace,
          line: lineNo,
        });
      } catch (e) {
        if (e instanceof PatternError) fail(loc + e.offset, e.message);
        throw e;
      }
      if (pat.kind === 'dag' || pat.kind === 'not') {
        dagNot.push(pat);
      } else {
        checks.push({ pat, dagNot });
        dagNot = [...implicit];
      }
    }
    if (nl === -1) break;
    lineStart = nl + 1;
  }

  // Trailing CHECK-DAG/CHECK-NOT (or implicit ones) are checked up to the end.
  if (dagNot.length > 0) {
    const eof = parsePattern('', {
      kind: 'eof',
      prefix: opts.prefixes[0]!,
      count: 1,
      source: buf,
      loc: text.length,
      literal: true,
      matchFullLines: false,
      strictWhitespace: opts.strictWhitespace,
      line: 0,
    });
    checks.push({ pat: eof, dagNot });
  }

  const unused = opts.prefixes.filter((p) => !used.has(p));
  if (used.size === 0 || (!opts.allowUnusedPrefixes && unused.length > 0)) {
    const list = (used.size === 0 ? opts.prefixes : unused).map((p) => `'${p}:'`);
    const plural = list.length > 1 ? 'es' : '';
    throw new CheckFileError(`error: no check strings found with prefix${plural} ${list.join(', ')}\n`);
  }
  return checks;
}

/** An `--implicit-check-not` pattern, located in a synthetic command-line buffer. */
function implicitPattern(text: string, opts: ReadOptions): Pattern {
  const head = "-implicit-check-not='";
  const buf = new SourceBuffer('command line', `${head}${text}'`);
  try {
    return parsePattern(text, {
      kind: 'not',
      prefix: 'IMPLICIT-CHECK',
      count: 1,
      source: buf,
      loc: head.length,
      literal: false,
      matchFullLines: false,
      strictWhitespace: opts.strictWhitespace,
      line: 1,
    });
  } catch (e) {
    if (e instanceof PatternError) {
      throw new CheckFileError(buf.diag(head.length + e.offset, 'error', e.message));
    }
    throw e;
  }
}
