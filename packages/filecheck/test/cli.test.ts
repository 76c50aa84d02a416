import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliReadsStdin, parseArgs, runFileCheckCli } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'filecheck-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

const checks = file('t.mlir', '// FOO: alpha\n// FOO-NEXT: beta\n// CHECK: gamma\n');
const input = file('input.txt', 'alpha\nbeta\ngamma\n');

describe('runFileCheckCli', () => {
  it('accepts --opt=value, --opt value and single-dash forms', () => {
    for (const argv of [
      [checks, '--check-prefix=FOO', '--check-prefix', 'CHECK'],
      [checks, '-check-prefixes=FOO,CHECK'],
      ['--check-prefixes', 'FOO,CHECK', checks],
      [checks, '-check-prefix', 'FOO', '-check-prefix=CHECK', '--dump-input=fail', '-vv', '--color'],
      [checks, '--check-prefixes=FOO,CHECK', '--dump-input', 'never'],
    ]) {
      expect(runFileCheckCli(argv, 'alpha\nbeta\ngamma\n'), argv.join(' ')).toEqual({ code: 0, stderr: '' });
    }
  });

  it('exits 1 with diagnostics naming the check file on mismatch', () => {
    const r = runFileCheckCli([checks, '--check-prefix=FOO'], 'alpha\nxx\nbeta\n');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${checks}:2:14: error: FOO-NEXT: is not on the line after the previous match`);
  });

  it('reads --input-file and names it in notes', () => {
    expect(runFileCheckCli([checks, '--check-prefixes=FOO,CHECK', `--input-file=${input}`], '').code).toBe(0);
    const r = runFileCheckCli([checks, '--check-prefix=CHECK', '--input-file', input, '--implicit-check-not=beta'], '');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${input}:2:1: note: found here`);
  });

  it('passes boolean options through', () => {
    const c = file('full.txt', 'CHECK: a\n');
    expect(runFileCheckCli([c], 'xa\n').code).toBe(0);
    expect(runFileCheckCli([c, '--match-full-lines'], 'xa\n').code).toBe(1);
    expect(runFileCheckCli([c, '--strict-whitespace', '--match-full-lines=false'], 'xa\n').code).toBe(0);
    expect(runFileCheckCli([c], '').code).toBe(2);
    expect(runFileCheckCli([c, '--allow-empty'], '').code).toBe(1);
    const scoped = file('scope.txt', 'CHECK-LABEL: f1\nCHECK: [[V:[0-9]+]]\nCHECK-LABEL: f2\nCHECK: [[V]]\n');
    expect(runFileCheckCli([scoped], 'f1\n1\nf2\n1\n').code).toBe(0);
    expect(runFileCheckCli([scoped, '--enable-var-scope'], 'f1\n1\nf2\n1\n').code).toBe(1);
    expect(runFileCheckCli([file('d.txt', 'CHECK: [[X]]\n'), '-DX=42'], '42\n').code).toBe(0);
    expect(runFileCheckCli([file('d2.txt', 'CHECK: [[X]]\n'), '-D', 'X=42'], '41\n').code).toBe(1);
  });

  it('exits 2 on usage errors', () => {
    expect(runFileCheckCli([], 'x').code).toBe(2);
    expect(runFileCheckCli([checks, '--no-such-option'], 'x').stderr).toContain("Unknown command line argument '--no-such-option'");
    expect(runFileCheckCli([checks, '--check-prefix'], 'x').code).toBe(2);
    expect(runFileCheckCli([checks, checks], 'x').code).toBe(2);
    const missing = runFileCheckCli([join(dir, 'nope.txt')], 'x');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Could not open check file');
    expect(runFileCheckCli([checks, '--input-file=/nonexistent/in'], '').code).toBe(2);
    expect(runFileCheckCli([checks, '--check-prefix=FOO'], 'x').code).toBe(1);
    expect(runFileCheckCli([checks, '--match-full-lines=maybe'], 'x').code).toBe(2);
  });

  it('reads stdin lazily', () => {
    let called = 0;
    const stdin = () => {
      called++;
      return 'gamma\n';
    };
    expect(runFileCheckCli([checks, '--check-prefix=CHECK', `--input-file=${input}`], stdin).code).toBe(0);
    expect(called).toBe(0);
    expect(runFileCheckCli([checks, '--check-prefix=CHECK'], stdin).code).toBe(0);
    expect(called).toBe(1);
  });
});

describe('parseArgs / cliReadsStdin', () => {
  it('parses options into FileCheckOptions', () => {
    const p = parseArgs(['c.txt', '--implicit-check-not', 'a', '--implicit-check-not=b', '--enable-var-scope']);
    expect(p.checkFile).toBe('c.txt');
    expect(p.options.implicitCheckNot).toEqual(['a', 'b']);
    expect(p.options.enableVarScope).toBe(true);
  });
  it('knows whether stdin is needed', () => {
    expect(cliReadsStdin(['c.txt'])).toBe(true);
    expect(cliReadsStdin(['c.txt', '--input-file=-'])).toBe(true);
    expect(cliReadsStdin(['c.txt', '--input-file', 'x'])).toBe(false);
    expect(cliReadsStdin([])).toBe(false);
  });
});
