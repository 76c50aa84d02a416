import { describe, expect, it } from 'vitest';
import { fileCheck, runFileCheck } from '../src/index.js';

const lines = (...ls: string[]) => ls.join('\n') + '\n';

describe('check prefixes', () => {
  it('uses a custom prefix and ignores CHECK lines', () => {
    const check = lines('// FOO: a', '// CHECK: zzz');
    expect(fileCheck(check, 'a\n', { prefixes: ['FOO'] }).ok).toBe(true);
    expect(fileCheck(check, 'a\n').ok).toBe(false);
  });
  it('combines several prefixes in file order', () => {
    const check = lines('// A: one', '// B: two', '// A-NEXT: three');
    expect(fileCheck(check, 'one\ntwo\nthree\n', { prefixes: ['A', 'B'] }).ok).toBe(true);
    expect(fileCheck(check, 'two\none\nthree\n', { prefixes: ['A', 'B'] }).ok).toBe(false);
  });
  it('prefers the longer of two overlapping prefixes', () => {
    const check = lines('CHECK: a', 'CHECK-X: b');
    expect(fileCheck(check, 'a\nb\n', { prefixes: ['CHECK', 'CHECK-X'] }).ok).toBe(true);
    expect(fileCheck(check, 'b\na\n', { prefixes: ['CHECK', 'CHECK-X'] }).ok).toBe(false);
  });
  it('fails when a prefix has no directives', () => {
    const r = runFileCheck(lines('A: x'), 'x\n', { prefixes: ['A', 'B'] });
    expect(r.exitCode).toBe(2);
    expect(r.diagnostics).toBe("error: no check strings found with prefix 'B:'\n");
    expect(runFileCheck(lines('A: x'), 'x\n', { prefixes: ['A', 'B'], allowUnusedPrefixes: true }).exitCode).toBe(0);
    const none = runFileCheck('nothing here\n', 'x\n', { prefixes: ['A', 'B'] });
    expect(none.diagnostics).toBe("error: no check strings found with prefixes 'A:', 'B:'\n");
  });
  it('rejects invalid or duplicate prefixes', () => {
    expect(runFileCheck(lines('CHECK: x'), 'x\n', { prefixes: ['1BAD'] }).exitCode).toBe(2);
    expect(runFileCheck(lines('CHECK: x'), 'x\n', { prefixes: ['A', 'A'] }).exitCode).toBe(2);
  });
  it('rejects unknown directive suffixes', () => {
    const r = runFileCheck(lines('// CHECK: x', '// CHECK-FOO: y'), 'x\ny\n');
    expect(r.exitCode).toBe(2);
    expect(r.diagnostics).toContain("<check-file>:2:4: error: unknown directive 'CHECK-FOO:'");
    expect(runFileCheck(lines('CHECK: x', 'CHECK-NEXT-NOT: y'), 'x\n').diagnostics).toContain('unsupported -NOT combo');
    expect(runFileCheck(lines('CHECK: x', 'CHECK_NEXT: y'), 'x\n').diagnostics).toContain("misspelled directive 'CHECK_NEXT:'");
  });
  it('accepts suffixed names that are prefixes declared in the RUN lines', () => {
    const check = lines(
      '// RUN: tool %s | FileCheck %s',
      '// RUN: tool -O %s | FileCheck %s --check-prefixes=CHECK,CHECK-OPT',
      '// CHECK: x',
      '// CHECK-OPT: y',
      '// CHECK-OPT-NEXT: z',
    );
    expect(runFileCheck(check, 'x\n').exitCode).toBe(0);
    expect(runFileCheck(check, 'x\ny\nz\n', { prefixes: ['CHECK', 'CHECK-OPT'] }).exitCode).toBe(0);
    expect(runFileCheck(check, 'x\ny\nq\nz\n', { prefixes: ['CHECK', 'CHECK-OPT'] }).exitCode).toBe(1);
  });
  it('does not treat text without a colon as a directive', () => {
    expect(fileCheck(lines('CHECK: x', 'CHECK-NEXT is documented here', 'CHECKS: none'), 'x\n').ok).toBe(true);
  });
});

describe('--implicit-check-not', () => {
  it('forbids the pattern everywhere not matched by a positive directive', () => {
    const check = lines('CHECK: warning: expected');
    expect(fileCheck(check, 'warning: expected\n', { implicitCheckNot: ['warning:'] }).ok).toBe(true);
    const r = fileCheck(check, 'warning: other\nwarning: expected\n', { implicitCheckNot: ['warning:'] });
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toContain('command line:1:22: error: IMPLICIT-CHECK-NOT: excluded string found in input');
    expect(r.diagnostics).toContain("-implicit-check-not='warning:'");
    expect(fileCheck(check, 'warning: expected\nwarning: late\n', { implicitCheckNot: ['warning:'] }).ok).toBe(false);
  });
  it('is repeatable and accepts regex blocks', () => {
    const opts = { implicitCheckNot: ['foo', '{{ba[rz]}}'] };
    expect(fileCheck(lines('CHECK: ok'), 'ok\n', opts).ok).toBe(true);
    expect(fileCheck(lines('CHECK: ok'), 'ok\nbaz\n', opts).ok).toBe(false);
    expect(fileCheck(lines('CHECK: ok'), 'foo\nok\n', opts).ok).toBe(false);
  });
  it('applies inside every label block', () => {
    const check = lines('CHECK-LABEL: @a', 'CHECK-LABEL: @b');
    expect(fileCheck(check, '@a\n@b\n', { implicitCheckNot: ['bad'] }).ok).toBe(true);
    expect(fileCheck(check, '@a\nbad\n@b\n', { implicitCheckNot: ['bad'] }).ok).toBe(false);
  });
});

describe('whitespace', () => {
  it('canonicalises runs of whitespace by default', () => {
    expect(fileCheck(lines('CHECK: a   b'), 'a\t \tb\n').ok).toBe(true);
    expect(fileCheck(lines('CHECK: a b'), 'ab\n').ok).toBe(false);
  });
  it('compares whitespace exactly with --strict-whitespace', () => {
    expect(fileCheck(lines('CHECK: a  b'), 'a  b\n', { strictWhitespace: true }).ok).toBe(true);
    expect(fileCheck(lines('CHECK: a b'), 'a  b\n', { strictWhitespace: true }).ok).toBe(false);
    expect(fileCheck(lines('CHECK: a\tb'), 'a b\n', { strictWhitespace: true }).ok).toBe(false);
  });
  it('ignores trailing whitespace in patterns', () => {
    expect(fileCheck('CHECK: a   \n', 'a\n', { matchFullLines: true }).ok).toBe(true);
  });
  it('--match-full-lines requires the whole line', () => {
    expect(fileCheck(lines('CHECK: a b'), 'a b\n', { matchFullLines: true }).ok).toBe(true);
    expect(fileCheck(lines('CHECK: a b'), '   a b  \n', { matchFullLines: true }).ok).toBe(true);
    expect(fileCheck(lines('CHECK: a b'), 'xa b\n', { matchFullLines: true }).ok).toBe(false);
    expect(fileCheck(lines('CHECK: a'), 'a b\n', { matchFullLines: true }).ok).toBe(false);
  });
  it('--match-full-lines with --strict-whitespace keeps indentation significant', () => {
    const opts = { matchFullLines: true, strictWhitespace: true };
    // Everything after the colon is significant, including the first space.
    expect(fileCheck('CHECK:  a\n', '  a\n', opts).ok).toBe(true);
    expect(fileCheck('CHECK:  a\n', ' a\n', opts).ok).toBe(false);
    expect(fileCheck('CHECK:a\n', 'a\n', opts).ok).toBe(true);
    expect(fileCheck('CHECK:a\n', ' a\n', opts).ok).toBe(false);
  });
  it('--match-full-lines does not anchor CHECK-NOT', () => {
    expect(fileCheck(lines('CHECK: a', 'CHECK-NOT: x'), 'a\nyxy\n', { matchFullLines: true }).ok).toBe(false);
  });
  it('treats CRLF like LF', () => {
    expect(fileCheck('CHECK: a\r\nCHECK-NEXT: b\r\n', 'a\r\nb\r\n').ok).toBe(true);
  });
});

describe('empty input', () => {
  it('is an error unless --allow-empty', () => {
    const r = runFileCheck(lines('CHECK-NOT: x'), '');
    expect(r.exitCode).toBe(2);
    expect(r.diagnostics).toBe("FileCheck error: '<stdin>' is empty.\n");
    expect(runFileCheck(lines('CHECK-NOT: x'), '', { allowEmpty: true }).exitCode).toBe(0);
    expect(runFileCheck(lines('CHECK: x'), '', { allowEmpty: true }).exitCode).toBe(1);
  });
});

describe('check file errors', () => {
  it('rejects empty patterns', () => {
    const r = runFileCheck(lines('CHECK:'), 'x\n');
    expect(r.exitCode).toBe(2);
    expect(r.diagnostics).toContain("found empty check string with prefix 'CHECK:'");
  });
  it('supports the {LITERAL} modifier', () => {
    expect(fileCheck(lines('CHECK{LITERAL}: [[x]] {{y}}'), '[[x]] {{y}}\n').ok).toBe(true);
    expect(fileCheck(lines('CHECK: a', 'CHECK-NEXT{LITERAL}: {{b}}'), 'a\nb\n').ok).toBe(false);
  });
});
