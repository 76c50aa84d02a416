/**
 * Tokens of SIL text (Swift's docs/SIL.rst lexical structure, the subset our parser reads):
 *
 *   ident    Builtin, bb0, struct_extract, τ_0_0      (letters, digits, `_`; Unicode letters)
 *   value    %0 %x                                     (`%` then identifier characters)
 *   symbol   @f @$s4main1fyyF @convention              (`@` then identifier characters, `$`, `.`),
 *            @"quoted name"                            (then `text` is the unquoted name)
 *   string   "..."                                     (Swift escapes \n \t \\ \" \0 \u{…})
 *   int      42 0x2A                                   (a sign is the parser's `-`)
 *   punct    ( ) [ ] { } < > , : = * ? . # ! $ & -  and `->`
 *
 * `//` comments run to the end of the line and are dropped (Swift's printer writes them,
 * e.g. `// end sil function`, and its parser ignores them). Every token records whether it
 * is the first on its line: a type written without delimiters (`return %0 : $T`) ends at
 * the line's end.
 */
import { DiagnosticError, SourceFile, diag } from '@lifeline/ir';

export type TokKind = 'ident' | 'value' | 'symbol' | 'string' | 'int' | 'punct' | 'eof';

export interface Token {
  kind: TokKind;
  /** The token's text; for strings and quoted symbols the decoded contents. */
  text: string;
  /** Offset of the first character. */
  start: number;
  /** Offset after the last character. */
  end: number;
  /** First token on its line. */
  bol: boolean;
}

const IDENT_START = /[\p{L}_]/u;
const IDENT_CHAR = /[\p{L}\p{N}_]/u;
const SYMBOL_CHAR = /[\p{L}\p{N}_$.]/u;
const PUNCT = '()[]{}<>,:=*?.#!$&~-';

/** Reports a located error (`file:line:col: error: message`) and never returns. */
export function silError(source: SourceFile, offset: number, message: string): never {
  throw new DiagnosticError(diag('error', source.loc(offset), message));
}

export function lexSil(source: SourceFile): Token[] {
  const text = source.text;
  const toks: Token[] = [];
  let i = 0;
  let bol = true;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '\n') {
      bol = true;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      while (i < n && text[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) silError(source, i, 'unterminated \'/*\' comment');
      for (let k = i; k < close; k++) if (text[k] === '\n') bol = true;
      i = close + 2;
      continue;
    }
    const start = i;
    const push = (kind: TokKind, tokText: string) => {
      toks.push({ kind, text: tokText, start, end: i, bol });
      bol = false;
    };
    if (c === '"') {
      const s = readString(source, i);
      i = s.end;
      push('string', s.value);
    } else if (c === '%' || c === '@') {
      i++;
      if (c === '@' && text[i] === '"') {
        const s = readString(source, i);
        i = s.end;
        push('symbol', s.value);
        continue;
      }
      const re = c === '%' ? IDENT_CHAR : SYMBOL_CHAR;
      while (i < n && (re.test(text[i]!) || (c === '%' && text[i] === '$'))) i++;
      if (i === start + 1) silError(source, start, c === '%' ? 'expected SIL value name' : 'expected name after \'@\'');
      push(c === '%' ? 'value' : 'symbol', text.slice(start + 1, i));
    } else if (/[0-9]/.test(c)) {
      if (c === '0' && (text[i + 1] === 'x' || text[i + 1] === 'X')) {
        i += 2;
        while (i < n && /[0-9a-fA-F_]/.test(text[i]!)) i++;
      } else {
        while (i < n && /[0-9_]/.test(text[i]!)) i++;
      }
      push('int', text.slice(start, i).replace(/_/g, ''));
    } else if (IDENT_START.test(c)) {
      while (i < n && IDENT_CHAR.test(text[i]!)) i++;
      push('ident', text.slice(start, i));
    } else if (c === '-' && text[i + 1] === '>') {
      i += 2;
      push('punct', '->');
    } else if (PUNCT.includes(c)) {
      i++;
      push('punct', c);
    } else {
      silError(source, i, `invalid character '${c}' in SIL`);
    }
  }
  toks.push({ kind: 'eof', text: '', start: n, end: n, bol: true });
  return toks;
}

function readString(source: SourceFile, at: number): { value: string; end: number } {
  const text = source.text;
  let i = at + 1;
  let out = '';
  while (true) {
    const c = text[i];
    if (c === undefined || c === '\n') silError(source, at, 'unterminated string literal');
    if (c === '"') return { value: out, end: i + 1 };
    if (c === '\\') {
      const e = text[i + 1];
      const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', '\\': '\\', '"': '"', "'": "'" };
      if (e !== undefined && e in simple) {
        out += simple[e];
        i += 2;
        continue;
      }
      const m = /^u\{([0-9a-fA-F]{1,8})\}/.exec(text.slice(i + 1, i + 13));
      if (m) {
        out += String.fromCodePoint(parseInt(m[1]!, 16));
        i += 1 + m[0].length;
        continue;
      }
      silError(source, i, 'invalid escape sequence in literal');
    }
    out += c;
    i++;
  }
}

/** Swift's string literal spelling of `s` (the printer's inverse of readString). */
export function quoteSwiftString(s: string): string {
  let out = '"';
  for (const ch of s) {
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\0') out += '\\0';
    else if (ch.codePointAt(0)! < 0x20) out += `\\u{${ch.codePointAt(0)!.toString(16)}}`;
    else out += ch;
  }
  return out + '"';
}
