/** A position in the token list of one SIL file, with located errors. */
import type { SourceFile } from '@lifeline/ir';
import { silError, type Token } from './sil-lexer.js';

export class SilCursor {
  pos = 0;
  constructor(readonly source: SourceFile, readonly toks: readonly Token[]) {}

  get tok(): Token { return this.toks[this.pos]!; }
  peek(k = 1): Token { return this.toks[Math.min(this.pos + k, this.toks.length - 1)]!; }
  next(): Token {
    const t = this.tok;
    if (t.kind !== 'eof') this.pos++;
    return t;
  }
  /** The token before the current one (the last consumed). */
  get prev(): Token { return this.toks[Math.max(0, this.pos - 1)]!; }

  isPunct(p: string, t: Token = this.tok): boolean { return t.kind === 'punct' && t.text === p; }
  isIdent(name?: string, t: Token = this.tok): boolean { return t.kind === 'ident' && (name === undefined || t.text === name); }
  eatPunct(p: string): boolean {
    if (!this.isPunct(p)) return false;
    this.pos++;
    return true;
  }
  eatIdent(name: string): boolean {
    if (!this.isIdent(name)) return false;
    this.pos++;
    return true;
  }
  expectPunct(p: string, context = ''): Token {
    if (!this.isPunct(p)) this.error(`expected '${p}'${context}`);
    return this.next();
  }
  expectIdent(what = 'identifier'): string {
    if (this.tok.kind !== 'ident') this.error(`expected ${what}`);
    return this.next().text;
  }
  expectKeyword(word: string, context = ''): void {
    if (!this.eatIdent(word)) this.error(`expected '${word}'${context}`);
  }
  expectInt(what = 'integer literal'): bigint {
    const neg = this.eatPunct('-');
    if (this.tok.kind !== 'int') this.error(`expected ${what}`);
    const v = BigInt(this.next().text);
    return neg ? -v : v;
  }
  expectString(what = 'string literal'): string {
    if (this.tok.kind !== 'string') this.error(`expected ${what}`);
    return this.next().text;
  }

  /** `file:line:col: error: message` at `t` (default: the current token). */
  error(message: string, t: Token = this.tok): never {
    silError(this.source, t.start, message);
  }
  errorAt(offset: number, message: string): never {
    silError(this.source, offset, message);
  }
  /** The source text from token `from` up to (not including) the current token, spaces kept. */
  textSince(from: number): string {
    if (from >= this.pos) return '';
    return this.source.text.slice(this.toks[from]!.start, this.toks[this.pos - 1]!.end);
  }
}
