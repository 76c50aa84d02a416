/**
 * sol dialect text: for each fixture F under test-fixtures/sol-ir, `lifeline-opt F` prints a
 * text that parses back to itself, and its generic form goes through
 * `mlir-opt-19 --allow-unregistered-dialect` and parses back to the same custom text
 * (the RUN lines of the fixtures, run here).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath, listFiles, readFixture, repoRoot, runOpt } from './fixtures.js';

function ok(args: string[], text: string, name: string): string {
  const r = runOpt(args, text, name);
  expect(r.stderr, `lifeline-opt ${args.join(' ')} failed on ${name}`).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
}

describe('sol dialect round trip', () => {
  const files = listFiles(join(repoRoot, 'test-fixtures', 'sol-ir'), '.mlir');
  it('finds fixtures', () => expect(files.length).toBeGreaterThan(1));
  for (const f of files) {
    const text = readFixture(f);
    it(`${fixturePath(f)}: print, parse, print again`, () => {
      const once = ok([], text, f);
      expect(once).toContain('sol.contract');
      expect(ok([], once, f)).toBe(once);
    });
    it(`${fixturePath(f)}: generic form through mlir-opt-19`, () => {
      const once = ok([], text, f);
      const generic = ok(['--mlir-print-op-generic'], text, f);
      expect(generic).toContain('"sol.func"');
      const theirs = execFileSync('mlir-opt-19', ['--allow-unregistered-dialect', '--mlir-print-op-generic', '-'], { input: generic, encoding: 'utf8' });
      expect(ok([], theirs, f)).toBe(once);
    });
  }
});
