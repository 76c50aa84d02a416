/**
 * Translation of LLVM FileCheck regular expressions (POSIX ERE with a few
 * extensions, matched with REG_NEWLINE) into JavaScript RegExp source.
 *
 * Differences handled here:
 *  - bracket expressions: `[[:alpha:]]`-style classes, `[[.c.]]`, `[[=c=]]`,
 *    a leading `]` is literal, backslash is literal inside brackets, and a
 *    negated list never matches a newline (REG_NEWLINE semantics);
 *  - `\N` back-references are renumbered so that they stay relative to the
 *    fragment they were written in (FileCheck wraps fragments in groups);
 *  - `\c` for a non-special `c` is the literal `c`.
 * JS-only conveniences (`\d`, `\w`, `\s`, `\b`, `(?:...)`) are accepted too.
 */

export class RegexSyntaxError extends Error {
  /** Offset inside the regex source where the problem was detected. */
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

const POSIX_CLASSES: Record<string, string> = {
  alnum: 'a-zA-Z0-9',
  alpha: 'a-zA-Z',
  blank: ' \\t',
  cntrl: '\\x00-\\x1f\\x7f',
  digit: '0-9',
  graph: '\\x21-\\x7e',
  lower: 'a-z',
  print: '\\x20-\\x7e',
  punct: '!-\\/:-@\\[-`{-~',
  space: ' \\t\\n\\r\\f\\v',
  upper: 'A-Z',
  xdigit: '0-9A-Fa-f',
};

/** Escape every character that is special in a JS regex (outside classes). */
export function escapeRegex(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}/]/g, '\\$&');
}

/** Escape a single character for use inside a JS character class. */
function escapeClassChar(c: string): string {
  return /[\\\]\[^]/.test(c) ? `\\${c}` : c;
}

export interface TranslatedRegex {
  source: string;
  /** Number of capturing groups the fragment introduces. */
  groups: number;
}

/**
 * Translate `src` into JS RegExp source. `groupBase` is the number of
 * capturing groups that precede this fragment in the final expression.
 */
export function translateRegex(src: string, groupBase: number): TranslatedRegex {
  let out = '';
  let groups = 0;
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\\') {
      const n = src[i + 1];
      if (n === undefined) throw new RegexSyntaxError('trailing backslash (\\) in regex', i);
      if (n >= '1' && n <= '9') {
        out += `(?:\\${groupBase + Number(n)})`;
      } else if ('dDwWsSbB'.includes(n)) {
        out += `\\${n}`;
      } else if (n === 'n') {
        out += '\\n';
      } else if (n === 't') {
        out += '\\t';
      } else {
        out += escapeRegex(n);
      }
      i += 2;
      continue;
    }
    if (c === '[') {
      const r = translateBracket(src, i);
      out += r.source;
      i = r.end;
      continue;
    }
    if (c === '(') {
      if (src[i + 1] === '?') {
        // JS extension syntax; only `(?<name>` captures.
        if (src[i + 2] === '<' && src[i + 3] !== '=' && src[i + 3] !== '!') groups++;
      } else {
        groups++;
      }
      out += c;
      i++;
      continue;
    }
    out += c;
    i++;
  }
  return { source: out, groups };
}

/** Translate the bracket expression starting at `start` (which is `[`). */
function translateBracket(src: string, start: number): { source: string; end: number } {
  let i = start + 1;
  let negate = false;
  if (src[i] === '^') {
    negate = true;
    i++;
  }
  let body = '';
  let first = true;
  for (;;) {
    if (i >= src.length) {
      throw new RegexSyntaxError('unterminated bracket expression in regex', start);
    }
    const c = src[i]!;
    if (c === ']' && !first) {
      i++;
      break;
    }
    first = false;
    if (c === '[' && (src[i + 1] === ':' || src[i + 1] === '.' || src[i + 1] === '=')) {
      const kind = src[i + 1]!;
      const close = src.indexOf(`${kind}]`, i + 2);
      if (close === -1) {
        throw new RegexSyntaxError(`unterminated [${kind} in bracket expression`, i);
      }
      const name = src.slice(i + 2, close);
      if (kind === ':') {
        const cls = POSIX_CLASSES[name];
        if (cls === undefined) {
          throw new RegexSyntaxError(`unknown character class [:${name}:]`, i);
        }
        body += cls;
      } else {
        if (name.length !== 1) {
          throw new RegexSyntaxError(`unsupported collating element [${kind}${name}${kind}]`, i);
        }
        body += escapeClassChar(name);
      }
      i = close + 2;
      continue;
    }
    // POSIX: backslash, `[` and `^` (not in first position) are literal here.
    body += c === '-' ? '-' : escapeClassChar(c);
    i++;
  }
  const source = negate ? `[^${body}\\n]` : `[${body}]`;
  return { source, end: i };
}
