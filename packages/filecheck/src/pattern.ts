/**
 * FileCheck patterns: literal text with `{{regex}}` blocks, `[[VAR:regex]]`
 * definitions, `[[VAR]]` uses and the `[[@LINE]]` pseudo variable, compiled to
 * JavaScript regular expressions.
 */
import { RegexSyntaxError, escapeRegex, translateRegex } from './regex.js';
import type { SourceBuffer } from './source.js';

export type CheckKind = 'plain' | 'next' | 'same' | 'not' | 'dag' | 'label' | 'empty' | 'eof';

/** A syntax error inside a pattern, at `offset` from the pattern start. */
export class PatternError extends Error {
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

type Piece = { t: 'src'; s: string } | { t: 'use'; name: string };

export interface Pattern {
  kind: CheckKind;
  /** The prefix that introduced the directive (e.g. `CHECK`). */
  prefix: string;
  /** Repetition count (`CHECK-COUNT-<n>`); 1 otherwise. */
  count: number;
  /** Buffer holding the pattern text (check file or synthetic command line). */
  source: SourceBuffer;
  /** Offset of the pattern text in `source`. */
  loc: number;
  pieces: Piece[];
  /** Variables defined by this pattern and the named group capturing each. */
  defs: { name: string; group: string }[];
  /** Names of previously defined variables substituted into the pattern. */
  uses: string[];
  /** Compiled regex when the pattern uses no variables. */
  compiled: RegExp | null;
}

export interface PatternOptions {
  kind: CheckKind;
  prefix: string;
  count: number;
  source: SourceBuffer;
  loc: number;
  /** Treat the whole text literally (`{LITERAL}` modifier). */
  literal: boolean;
  matchFullLines: boolean;
  strictWhitespace: boolean;
  /** 1-based line of the directive, for `[[@LINE]]`. */
  line: number;
}

const VAR_NAME = /^\$?[A-Za-z_][A-Za-z0-9_]*$/;
let groupCounter = 0;

/** Description used in diagnostics, e.g. `CHECK-NEXT`. */
export function describe(pat: Pattern): string {
  switch (pat.kind) {
    case 'plain':
      return pat.count > 1 ? `${pat.prefix}-COUNT` : pat.prefix;
    case 'next':
      return `${pat.prefix}-NEXT`;
    case 'same':
      return `${pat.prefix}-SAME`;
    case 'not':
      return `${pat.prefix}-NOT`;
    case 'dag':
      return `${pat.prefix}-DAG`;
    case 'label':
      return `${pat.prefix}-LABEL`;
    case 'empty':
      return `${pat.prefix}-EMPTY`;
    case 'eof':
      return `${pat.prefix}-EOF`;
  }
}

/** Find the `]]` closing a substitution block, skipping nested `[...]`. */
function findBlockEnd(text: string, from: number): number {
  let depth = 0;
  let i = from;
  while (i < text.length) {
    if (depth === 0 && text.startsWith(']]', i)) return i;
    const c = text[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '[') depth++;
    else if (c === ']') {
      if (depth === 0) throw new PatternError('missing closing "]" for regex variable', i);
      depth--;
    }
    i++;
  }
  return -1;
}

function translateAt(src: string, groupBase: number, offset: number) {
  try {
    return translateRegex(src, groupBase);
  } catch (e) {
    if (e instanceof RegexSyntaxError) throw new PatternError(e.message, offset + e.offset);
    throw e;
  }
}

/** Parse pattern text into a Pattern; throws PatternError on bad syntax. */
export function parsePattern(text: string, opts: PatternOptions): Pattern {
  const pieces: Piece[] = [];
  const defs: { name: string; group: string }[] = [];
  const uses: string[] = [];
  const defined = new Map<string, string>();
  let groups = 0;
  let src = '';
  const flush = () => {
    if (src) pieces.push({ t: 'src', s: src });
    src = '';
  };

  const fullLine = opts.matchFullLines && opts.kind !== 'not';
  if (fullLine) src += opts.strictWhitespace ? '^' : '^ *';

  let i = 0;
  while (i < text.length) {
    if (opts.literal) {
      src += escapeRegex(text.slice(i));
      break;
    }
    if (text.startsWith('{{', i)) {
      const end = text.indexOf('}}', i + 2);
      if (end === -1) throw new PatternError("found start of regex string with no end '}}'", i);
      const t = translateAt(text.slice(i + 2, end), groups, i + 2);
      src += `(?:${t.source})`;
      groups += t.groups;
      i = end + 2;
      continue;
    }
    if (text.startsWith('[[', i)) {
      const end = findBlockEnd(text, i + 2);
      if (end === -1) throw new PatternError('invalid substitution block, no ]] found', i);
      const inner = text.slice(i + 2, end);
      const line = /^#?\s*@LINE\s*(?:([+-])\s*(\d+))?\s*$/.exec(inner);
      if (line) {
        const delta = line[2] === undefined ? 0 : Number(line[2]) * (line[1] === '-' ? -1 : 1);
        src += String(opts.line + delta);
      } else if (inner.startsWith('#')) {
        throw new PatternError('numeric substitution blocks ([[#...]]) are not supported', i);
      } else {
        const colon = inner.indexOf(':');
        const name = colon === -1 ? inner : inner.slice(0, colon);
        if (!VAR_NAME.test(name)) {
          throw new PatternError(`invalid variable name '${name}'`, i + 2);
        }
        if (colon !== -1) {
          if (defined.has(name)) {
            throw new PatternError(`redefinition of variable '${name}' in the same pattern`, i + 2);
          }
          const group = `fcv${++groupCounter}`;
          const t = translateAt(inner.slice(colon + 1), groups + 1, i + 3 + colon);
          src += `(?<${group}>${t.source})`;
          groups += 1 + t.groups;
          defined.set(name, group);
          defs.push({ name, group });
        } else if (defined.has(name)) {
          src += `\\k<${defined.get(name)!}>`;
        } else {
          flush();
          pieces.push({ t: 'use', name });
          if (!uses.includes(name)) uses.push(name);
        }
      }
      i = end + 2;
      continue;
    }
    // Literal run up to the next block opener.
    let j = i + 1;
    while (j < text.length && !text.startsWith('{{', j) && !text.startsWith('[[', j)) j++;
    src += escapeRegex(text.slice(i, j));
    i = j;
  }
  if (fullLine) src += opts.strictWhitespace ? '$' : ' *$';
  flush();

  const pat: Pattern = {
    kind: opts.kind,
    prefix: opts.prefix,
    count: opts.count,
    source: opts.source,
    loc: opts.loc,
    pieces,
    defs,
    uses,
    compiled: null,
  };
  // Validate the expression now (uses replaced by an empty string).
  let probe: RegExp;
  try {
    probe = new RegExp(pieces.map((p) => (p.t === 'src' ? p.s : '')).join(''), 'm');
  } catch (e) {
    throw new PatternError(`invalid regex: ${(e as Error).message}`, 0);
  }
  if (uses.length === 0) pat.compiled = probe;
  return pat;
}

export type MatchOutcome =
  | { kind: 'match'; pos: number; len: number; captures: Map<string, string> }
  | { kind: 'nomatch' }
  | { kind: 'undefined'; names: string[] };

/** Build the regex for `pat` with the current variable values. */
function regexFor(pat: Pattern, vars: ReadonlyMap<string, string>): RegExp | string[] {
  if (pat.compiled) return pat.compiled;
  const missing = pat.uses.filter((n) => !vars.has(n));
  if (missing.length > 0) return missing;
  const source = pat.pieces
    .map((p) => (p.t === 'src' ? p.s : escapeRegex(vars.get(p.name)!)))
    .join('');
  return new RegExp(source, 'm');
}

/**
 * Search for `pat` in `text[start, end)`. The region is matched as its own
 * string, so `^`/`$` also match at the region boundaries (as in LLVM).
 */
export function matchPattern(
  pat: Pattern,
  text: string,
  start: number,
  end: number,
  vars: ReadonlyMap<string, string>,
): MatchOutcome {
  if (pat.kind === 'eof') return { kind: 'match', pos: end, len: 0, captures: new Map() };
  const region = text.slice(start, end);
  if (pat.kind === 'empty') {
    // A newline followed by another newline or the end of the region; the
    // match is the (empty) line after that newline.
    const m = /\n(?=\n|$)/.exec(region);
    if (!m) return { kind: 'nomatch' };
    return { kind: 'match', pos: start + m.index + 1, len: 0, captures: new Map() };
  }
  const re = regexFor(pat, vars);
  if (Array.isArray(re)) return { kind: 'undefined', names: re };
  const m = re.exec(region);
  if (!m) return { kind: 'nomatch' };
  const captures = new Map<string, string>();
  for (const d of pat.defs) captures.set(d.name, m.groups?.[d.group] ?? '');
  return { kind: 'match', pos: start + m.index, len: m[0].length, captures };
}
