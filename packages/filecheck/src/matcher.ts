/**
 * Matching check strings against the input, following LLVM FileCheck:
 * CHECK-LABEL directives first split the input into blocks; the other
 * directives are then matched inside each block. A failure inside a block is
 * reported and checking resumes at the next block.
 */
import type { CheckString } from './directives.js';
import { describe, matchPattern, type MatchOutcome, type Pattern } from './pattern.js';
import type { SourceBuffer } from './source.js';

interface Range {
  pos: number;
  end: number;
}

export interface MatchOptions {
  enableVarScope: boolean;
}

export class Matcher {
  private readonly text: string;
  private out = '';

  constructor(
    private readonly input: SourceBuffer,
    private readonly checks: CheckString[],
    private readonly vars: Map<string, string>,
    private readonly opts: MatchOptions,
  ) {
    this.text = input.text;
  }

  get diagnostics(): string {
    return this.out;
  }

  /** Run all checks; returns true when every check passed. */
  run(): boolean {
    const checks = this.checks;
    let buffer = 0;
    let failed = false;
    let i = 0;
    let j = 0;
    for (;;) {
      let regionEnd = this.text.length;
      if (j < checks.length) {
        if (checks[j]!.pat.kind !== 'label') {
          j++;
          continue;
        }
        const label = this.checkString(checks[j]!, buffer, this.text.length, true);
        if (!label) return false;
        regionEnd = label.end;
        j++;
      }
      if (i !== 0 && this.opts.enableVarScope) {
        for (const name of [...this.vars.keys()]) if (!name.startsWith('$')) this.vars.delete(name);
      }
      let start = buffer;
      for (; i !== j; i++) {
        const m = this.checkString(checks[i]!, start, regionEnd, false);
        if (!m) {
          failed = true;
          i = j;
          break;
        }
        start = m.end;
      }
      buffer = regionEnd;
      if (j === checks.length) break;
    }
    return !failed;
  }

  private emit(s: string): void {
    this.out += s;
  }

  private patDiag(pat: Pattern, message: string): void {
    this.emit(pat.source.diag(pat.loc, 'error', `${describe(pat)}: ${message}`));
  }

  private note(pos: number, message: string, len = 0): void {
    this.emit(this.input.diag(pos, 'note', message, len));
  }

  private match(pat: Pattern, start: number, end: number): MatchOutcome {
    return matchPattern(pat, this.text, start, end, this.vars);
  }

  private bind(m: MatchOutcome): void {
    if (m.kind === 'match') for (const [k, v] of m.captures) this.vars.set(k, v);
  }

  /** Report an expected pattern that was not found when scanning from `from`. */
  private reportNotFound(pat: Pattern, m: MatchOutcome, from: number, suffix = ''): void {
    this.patDiag(pat, `expected string not found in input${suffix}`);
    this.note(from, 'scanning from here');
    this.variableNotes(pat, m, from);
  }

  private variableNotes(pat: Pattern, m: MatchOutcome, at: number): void {
    if (m.kind === 'undefined') {
      this.note(at, `uses undefined variable(s): ${m.names.map((n) => `"${n}"`).join(' ')}`);
      return;
    }
    for (const name of pat.uses) {
      const value = this.vars.get(name) ?? '';
      this.note(at, `with "${name}" equal to "${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
    }
  }

  /**
   * Check one check string in `[start, end)`. In label-scan mode only the
   * positive pattern is matched (DAG/NOT/NEXT/SAME are handled in the second
   * pass over the block). Returns the range of the match.
   */
  private checkString(cs: CheckString, start: number, end: number, labelScan: boolean): Range | null {
    const pat = cs.pat;
    const notStrings: Pattern[] = [];
    let lastPos = start;
    if (!labelScan) {
      const dagEnd = this.checkDag(cs, start, end, notStrings);
      if (dagEnd === null) return null;
      lastPos = dagEnd;
    }
    let matchEnd = lastPos;
    let firstPos = -1;
    for (let k = 1; k <= pat.count; k++) {
      const m = this.match(pat, matchEnd, end);
      if (m.kind !== 'match') {
        const suffix = pat.count > 1 ? ` (${k} out of ${pat.count})` : '';
        this.reportNotFound(pat, m, matchEnd, suffix);
        return null;
      }
      if (!labelScan) this.bind(m);
      if (k === 1) firstPos = m.pos;
      matchEnd = m.pos + m.len;
    }
    if (!labelScan) {
      if (!this.checkNext(pat, lastPos, firstPos)) return null;
      if (!this.checkSame(pat, lastPos, firstPos)) return null;
      if (!this.checkNot(notStrings, lastPos, firstPos)) return null;
    }
    return { pos: firstPos, end: matchEnd };
  }

  /** CHECK-NEXT / CHECK-EMPTY: exactly one newline between the matches. */
  private checkNext(pat: Pattern, lastPos: number, matchPos: number): boolean {
    if (pat.kind !== 'next' && pat.kind !== 'empty') return true;
    const skipped = this.text.slice(lastPos, matchPos);
    const first = skipped.indexOf('\n');
    if (first === -1) {
      this.patDiag(pat, 'is on the same line as previous match');
      this.note(matchPos, "'next' match was here");
      this.note(lastPos, 'previous match ended here');
      return false;
    }
    if (skipped.indexOf('\n', first + 1) !== -1) {
      this.patDiag(pat, 'is not on the line after the previous match');
      this.note(matchPos, "'next' match was here");
      this.note(lastPos, 'previous match ended here');
      this.note(lastPos + first + 1, 'non-matching line after previous match is here');
      return false;
    }
    return true;
  }

  /** CHECK-SAME: no newline between the matches. */
  private checkSame(pat: Pattern, lastPos: number, matchPos: number): boolean {
    if (pat.kind !== 'same') return true;
    if (!this.text.slice(lastPos, matchPos).includes('\n')) return true;
    this.patDiag(pat, 'is not on the same line as the previous match');
    this.note(matchPos, "'next' match was here");
    this.note(lastPos, 'previous match ended here');
    return false;
  }

  /** CHECK-NOT: none of `nots` may match in `[start, end)`. */
  private checkNot(nots: Pattern[], start: number, end: number): boolean {
    let ok = true;
    for (const pat of nots) {
      const m = this.match(pat, start, end);
      if (m.kind === 'nomatch') continue;
      ok = false;
      if (m.kind === 'undefined') {
        this.patDiag(pat, 'excluded string uses undefined variable(s)');
        this.variableNotes(pat, m, start);
        continue;
      }
      this.patDiag(pat, 'excluded string found in input');
      this.note(m.pos, 'found here', m.len);
      this.variableNotes(pat, m, m.pos);
    }
    return ok;
  }

  /**
   * Match the CHECK-DAG groups (separated by CHECK-NOTs) of `cs` from
   * `start`. Matches within a group may come in any order but must not
   * overlap; each group starts after the end of the previous one. CHECK-NOTs
   * between groups are checked between them; trailing ones are returned in
   * `notStrings` for the caller. Returns where the following match may start.
   */
  private checkDag(cs: CheckString, start: number, end: number, notStrings: Pattern[]): number | null {
    let startPos = start;
    let ranges: Range[] = [];
    const list = cs.dagNot;
    for (let idx = 0; idx < list.length; idx++) {
      const pat = list[idx]!;
      if (pat.kind === 'not') {
        notStrings.push(pat);
        continue;
      }
      let from = startPos;
      for (;;) {
        const m = this.match(pat, from, end);
        if (m.kind !== 'match') {
          this.reportNotFound(pat, m, from);
          return null;
        }
        const r: Range = { pos: m.pos, end: m.pos + m.len };
        const clash = ranges.find((o) => r.pos < o.end && o.pos < r.end);
        if (!clash) {
          this.bind(m);
          ranges.push(r);
          ranges.sort((a, b) => a.pos - b.pos);
          break;
        }
        // Retry after the overlapping match.
        from = clash.end;
      }
      const next = list[idx + 1];
      if (next === undefined || next.kind === 'not') {
        if (notStrings.length > 0) {
          if (!this.checkNot(notStrings, startPos, ranges[0]!.pos)) return null;
          notStrings.length = 0;
        }
        startPos = Math.max(...ranges.map((x) => x.end));
        ranges = [];
      }
    }
    return startPos;
  }
}
