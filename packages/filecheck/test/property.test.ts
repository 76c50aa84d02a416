import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileCheck } from '../src/index.js';

// Characters for generated input lines: plain text, whitespace and everything
// that is special to regexes or to FileCheck's own pattern syntax.
const CHARS = [...'abcXYZ019 \t.*+?()[]{}|^$\\-:/,%@#!=<>"\''];
const line = fc
  .string({ unit: fc.constantFrom(...CHARS), minLength: 1, maxLength: 24 })
  .filter((s) => /\S/.test(s));
const inputLines = fc.array(line, { minLength: 1, maxLength: 12 });

/** Write `text` as a FileCheck pattern that matches it literally. */
function literalPattern(text: string): string {
  let out = '';
  for (const c of text.trim()) {
    if (c === '{' || c === '}') out += `{{[${c}]}}`;
    else if ('.*+?()|^$\\[]'.includes(c)) out += `{{\\${c}}}`;
    else out += c;
  }
  return out;
}

function checkFileFor(lines: string[]): string {
  return lines.map((l, i) => `${i === 0 ? 'CHECK' : 'CHECK-NEXT'}: ${literalPattern(l)}`).join('\n') + '\n';
}

describe('property: a check file made of the input lines', () => {
  it('always passes on the input itself', () => {
    fc.assert(
      fc.property(inputLines, (lines) => {
        const r = fileCheck(checkFileFor(lines), lines.join('\n') + '\n');
        expect(r.diagnostics).toBe('');
        expect(r.ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('fails when one line is altered', () => {
    fc.assert(
      fc.property(inputLines, fc.nat(), (lines, k) => {
        const idx = k % lines.length;
        const altered = [...lines];
        // Replace the first non-blank character with one no line contains.
        altered[idx] = lines[idx]!.replace(/\S/, '\u0001');
        const r = fileCheck(checkFileFor(lines), altered.join('\n') + '\n');
        expect(r.ok).toBe(false);
        expect(r.diagnostics).toMatch(/error: CHECK(-NEXT)?: /);
      }),
      { numRuns: 300 },
    );
  });
});
