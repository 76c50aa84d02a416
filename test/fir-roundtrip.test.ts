/**
 * FIR/HLFIR text through fir-opt-19: for each fixture F under test-fixtures/fir-roundtrip,
 * `lifeline-opt F` prints exactly what `fir-opt-19 F` prints, in custom and in generic
 * form, and fir-opt-19 reads our output back to the same text.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath, listFiles, readFixture, repoRoot, runOpt } from './fixtures.js';

function firOpt(args: string[], input: string): string {
  return execFileSync('fir-opt-19', [...args, '-'], { input, encoding: 'utf8', maxBuffer: 1 << 28 });
}

function expectRoundTrip(name: string, text: string, extra: string[]): void {
  const ours = runOpt(extra, text, name);
  expect(ours.stderr, `lifeline-opt failed on ${name}`).toBe('');
  expect(ours.code).toBe(0);
  const reference = firOpt(extra, text);
  expect(ours.stdout).toBe(reference);
  expect(firOpt(extra, ours.stdout)).toBe(reference);
}

describe('round trip through fir-opt-19', () => {
  const files = listFiles(join(repoRoot, 'test-fixtures', 'fir-roundtrip'), '.fir');
  it('finds fixtures', () => expect(files.length).toBeGreaterThan(0));
  for (const f of files) {
    const text = readFixture(f);
    for (const mode of [[], ['--mlir-print-op-generic']]) {
      it(`${fixturePath(f)} ${mode.join(' ') || '(custom)'}`, () => expectRoundTrip(f, text, ['--split-input-file', ...mode]));
    }
  }
});
