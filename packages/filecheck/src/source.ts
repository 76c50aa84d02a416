/**
 * Source buffers and LLVM-style diagnostic rendering.
 *
 * Diagnostics look like LLVM's SourceMgr output:
 *
 *   name:line:col: error: message
 *   <the source line>
 *       ^~~~
 */

export type DiagKind = 'error' | 'note' | 'warning';

export class SourceBuffer {
  readonly name: string;
  readonly text: string;
  private readonly lineStarts: number[];

  constructor(name: string, text: string) {
    this.name = name;
    this.text = text;
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) === 10) starts.push(i + 1);
    }
    this.lineStarts = starts;
  }

  /** 0-based index of the line containing offset `pos`. */
  lineIndexOf(pos: number): number {
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** 1-based line and column of offset `pos`. */
  lineCol(pos: number): { line: number; col: number } {
    const idx = this.lineIndexOf(pos);
    return { line: idx + 1, col: pos - this.lineStarts[idx]! + 1 };
  }

  /** The text of the 0-based line `idx`, without its newline. */
  lineText(idx: number): string {
    const start = this.lineStarts[idx]!;
    const nl = this.text.indexOf('\n', start);
    return this.text.slice(start, nl === -1 ? this.text.length : nl);
  }

  /**
   * Render one diagnostic at offset `pos`. `rangeLen` > 1 underlines the
   * following characters with `~` (clipped to the end of the line).
   */
  diag(pos: number, kind: DiagKind, message: string, rangeLen = 0): string {
    const clamped = Math.max(0, Math.min(pos, this.text.length));
    const idx = this.lineIndexOf(clamped);
    const { line, col } = this.lineCol(clamped);
    const text = this.lineText(idx);
    let caret = '';
    for (let i = 0; i < col - 1; i++) caret += text[i] === '\t' ? '\t' : ' ';
    caret += '^';
    const available = Math.max(0, text.length - (col - 1) - 1);
    const tildes = Math.min(Math.max(0, rangeLen - 1), available);
    caret += '~'.repeat(tildes);
    return `${this.name}:${line}:${col}: ${kind}: ${message}\n${text}\n${caret}\n`;
  }
}

/**
 * LLVM's buffer canonicalisation: drop the `\r` of `\r\n` line endings and,
 * unless whitespace is strict, collapse every run of spaces/tabs to one space.
 */
export function canonicalize(text: string, strictWhitespace: boolean): string {
  let out = text.replace(/\r\n/g, '\n');
  if (!strictWhitespace) out = out.replace(/[ \t]+/g, ' ');
  return out;
}
