/**
 * The MLIR lexer. It keeps one current token in mutable fields (no token objects)
 * because parsing a million-op file is dominated by lexing.
 */

export const enum Tok {
  Eof, Error,
  BareId, PercentId, CaretId, HashId, BangId, AtId,
  Integer, Float, String,
  LParen, RParen, LSquare, RSquare, LBrace, RBrace, Less, Greater,
  Comma, Colon, ColonColon, Equal, Arrow, Question, Star, Plus, Minus, Ellipsis, Vertical,
  FileMetadataBegin, FileMetadataEnd,
}

const TOK_TEXT: Record<number, string> = {
  [Tok.Eof]: 'end of file', [Tok.LParen]: '(', [Tok.RParen]: ')', [Tok.LSquare]: '[', [Tok.RSquare]: ']',
  [Tok.LBrace]: '{', [Tok.RBrace]: '}', [Tok.Less]: '<', [Tok.Greater]: '>', [Tok.Comma]: ',',
  [Tok.Colon]: ':', [Tok.ColonColon]: '::', [Tok.Equal]: '=', [Tok.Arrow]: '->', [Tok.Question]: '?',
  [Tok.Star]: '*', [Tok.Plus]: '+', [Tok.Minus]: '-', [Tok.Ellipsis]: '...', [Tok.Vertical]: '|',
  [Tok.FileMetadataBegin]: '{-#', [Tok.FileMetadataEnd]: '#-}',
};

export function tokSpelling(t: Tok): string {
  return TOK_TEXT[t] ?? '?';
}

function isIdStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}
/** letters, digits, `_`, `$`, `.` */
export function isBareIdChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36 || c === 46;
}
/** Suffix ids (`%x`, `^bb`, `#a`, `!t`) also allow `-`. */
function isSuffixIdChar(c: number): boolean {
  return isBareIdChar(c) || c === 45;
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isHexDigit(c: number): boolean {
  return isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

export class Lexer {
  kind: Tok = Tok.Eof;
  start = 0;
  end = 0;
  /** Message for Tok.Error. */
  error = '';
  /** Where MLIR reports a Tok.Error (the token start unless the lexer says otherwise). */
  errorAt = 0;

  constructor(readonly text: string) {}

  get spelling(): string {
    return this.text.slice(this.start, this.end);
  }

  resetTo(pos: number): void {
    this.end = pos;
    this.next();
  }

  next(): void {
    const s = this.text;
    let i = this.end;
    const n = s.length;
    // Skip whitespace and `//` comments.
    for (;;) {
      if (i >= n) {
        this.kind = Tok.Eof;
        this.start = this.end = n;
        return;
      }
      const c = s.charCodeAt(i);
      if (c === 32 || c === 10 || c === 9 || c === 13) { i++; continue; }
      if (c === 47 && s.charCodeAt(i + 1) === 47) {
        const nl = s.indexOf('\n', i);
        i = nl < 0 ? n : nl + 1;
        continue;
      }
      break;
    }
    this.start = i;
    const c = s.charCodeAt(i);
    if (isIdStart(c)) {
      i++;
      while (i < n && isBareIdChar(s.charCodeAt(i))) i++;
      return this.set(Tok.BareId, i);
    }
    if (isDigit(c)) return this.lexNumber(i);
    switch (c) {
      case 37: return this.lexPrefixed(Tok.PercentId, i);
      case 94: return this.lexPrefixed(Tok.CaretId, i);
      case 33: return this.lexPrefixed(Tok.BangId, i);
      case 35:
        if (s.charCodeAt(i + 1) === 45 && s.charCodeAt(i + 2) === 125) return this.set(Tok.FileMetadataEnd, i + 3);
        return this.lexPrefixed(Tok.HashId, i);
      case 64: return this.lexAt(i);
      case 34: return this.lexString(i);
      case 40: return this.set(Tok.LParen, i + 1);
      case 41: return this.set(Tok.RParen, i + 1);
      case 91: return this.set(Tok.LSquare, i + 1);
      case 93: return this.set(Tok.RSquare, i + 1);
      case 123:
        if (s.charCodeAt(i + 1) === 45 && s.charCodeAt(i + 2) === 35) return this.set(Tok.FileMetadataBegin, i + 3);
        return this.set(Tok.LBrace, i + 1);
      case 125: return this.set(Tok.RBrace, i + 1);
      case 60: return this.set(Tok.Less, i + 1);
      case 62: return this.set(Tok.Greater, i + 1);
      case 44: return this.set(Tok.Comma, i + 1);
      case 58: return s.charCodeAt(i + 1) === 58 ? this.set(Tok.ColonColon, i + 2) : this.set(Tok.Colon, i + 1);
      case 61: return this.set(Tok.Equal, i + 1);
      case 63: return this.set(Tok.Question, i + 1);
      case 42: return this.set(Tok.Star, i + 1);
      case 43: return this.set(Tok.Plus, i + 1);
      case 124: return this.set(Tok.Vertical, i + 1);
      case 45: return s.charCodeAt(i + 1) === 62 ? this.set(Tok.Arrow, i + 2) : this.set(Tok.Minus, i + 1);
      case 46:
        if (s.charCodeAt(i + 1) === 46 && s.charCodeAt(i + 2) === 46) return this.set(Tok.Ellipsis, i + 3);
        return this.fail(i + 1, "expected three consecutive dots for an ellipsis");
    }
    return this.fail(i + 1, 'unexpected character');
  }

  private set(kind: Tok, end: number): void {
    this.kind = kind;
    this.end = end;
  }

  private fail(end: number, msg: string, at = this.start): void {
    this.kind = Tok.Error;
    this.end = end;
    this.error = msg;
    this.errorAt = at;
  }

  private lexPrefixed(kind: Tok, i: number): void {
    const s = this.text;
    let j = i + 1;
    const c = s.charCodeAt(j);
    if (isDigit(c)) {
      while (isDigit(s.charCodeAt(j))) j++;
    } else if (isSuffixIdChar(c) && c !== 46 || c === 46 || c === 36 || c === 45) {
      while (j < s.length && isSuffixIdChar(s.charCodeAt(j))) j++;
    } else if (kind === Tok.HashId || kind === Tok.BangId) {
      // `#"..."` / `!"..."` are not MLIR; fall through to error.
    }
    if (j === i + 1) {
      const what = kind === Tok.PercentId ? 'invalid SSA name' : kind === Tok.CaretId ? 'invalid block name' :
        kind === Tok.HashId ? 'invalid attribute name' : 'invalid type identifier';
      return this.fail(j, what);
    }
    this.set(kind, j);
  }

  private lexAt(i: number): void {
    const s = this.text;
    if (s.charCodeAt(i + 1) === 34) {
      this.lexString(i + 1);
      if (this.kind === Tok.String) this.kind = Tok.AtId;
      this.start = i;
      return;
    }
    let j = i + 1;
    if (!isIdStart(s.charCodeAt(j))) return this.fail(j, '@ identifier expected to start with letter or \'_\'');
    while (j < s.length && (isBareIdChar(s.charCodeAt(j)) || s.charCodeAt(j) === 45)) j++;
    this.set(Tok.AtId, j);
  }

  private lexString(i: number): void {
    const s = this.text;
    let j = i + 1;
    for (;;) {
      // MLIR reports an unterminated string where the line (or file) ends, a bad escape at its backslash.
      if (j >= s.length) return this.fail(j, 'expected \'"\' in string literal', j);
      const c = s.charCodeAt(j);
      if (c === 34) return this.set(Tok.String, j + 1);
      if (c === 10) return this.fail(j, 'expected \'"\' in string literal', j);
      if (c === 92) {
        const d = s.charCodeAt(j + 1);
        if (d === 34 || d === 92 || d === 110 || d === 116) { j += 2; continue; }
        if (isHexDigit(d) && isHexDigit(s.charCodeAt(j + 2))) { j += 3; continue; }
        return this.fail(j + 1, 'unknown escape in string literal', j);
      }
      j++;
    }
  }

  private lexNumber(i: number): void {
    const s = this.text;
    let j = i;
    if (s.charCodeAt(i) === 48 && s.charCodeAt(i + 1) === 120 && isHexDigit(s.charCodeAt(i + 2))) {
      j = i + 2;
      while (isHexDigit(s.charCodeAt(j))) j++;
      return this.set(Tok.Integer, j);
    }
    while (isDigit(s.charCodeAt(j))) j++;
    if (s.charCodeAt(j) !== 46) return this.set(Tok.Integer, j);
    j++;
    while (isDigit(s.charCodeAt(j))) j++;
    const e = s.charCodeAt(j);
    if (e === 101 || e === 69) {
      const sign = s.charCodeAt(j + 1);
      const k = sign === 43 || sign === 45 ? j + 2 : j + 1;
      if (isDigit(s.charCodeAt(k))) {
        j = k;
        while (isDigit(s.charCodeAt(j))) j++;
      }
    }
    this.set(Tok.Float, j);
  }
}

/**
 * Decodes a string token (with its quotes) into a byte string: one char per byte,
 * so that strings holding arbitrary bytes (`"\FF"`) round-trip exactly.
 */
export function decodeString(tok: string): string {
  const body = tok.slice(1, -1);
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === 92) {
      const d = body[i + 1]!;
      if (d === '"' || d === '\\') out += d;
      else if (d === 'n') out += '\n';
      else if (d === 't') out += '\t';
      else {
        out += String.fromCharCode(parseInt(body.slice(i + 1, i + 3), 16));
        i++;
      }
      i++;
    } else if (c < 0x80) {
      out += body[i];
    } else {
      const cp = body.codePointAt(i)!;
      if (cp > 0xffff) i++;
      for (const b of Buffer.from(String.fromCodePoint(cp), 'utf8')) out += String.fromCharCode(b);
    }
  }
  return out;
}
