import { describe, expect, it } from 'vitest';
import { fileCheck, runFileCheck } from '../src/index.js';

const opts = { checkFileName: 't.mlir' };

describe('diagnostic format', () => {
  it('prints expected-string-not-found like LLVM', () => {
    const r = fileCheck('// CHECK: foo\n// CHECK: missing\n', 'foo bar\nbaz\n', opts);
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toBe(
      [
        't.mlir:2:11: error: CHECK: expected string not found in input',
        '// CHECK: missing',
        '          ^',
        '<stdin>:1:4: note: scanning from here',
        'foo bar',
        '   ^',
        '',
      ].join('\n'),
    );
  });

  it('prints CHECK-NEXT failures with all notes', () => {
    const r = fileCheck('// CHECK: a\n// CHECK-NEXT: c\n', 'a\nb\nc\n', opts);
    expect(r.diagnostics).toBe(
      [
        't.mlir:2:16: error: CHECK-NEXT: is not on the line after the previous match',
        '// CHECK-NEXT: c',
        '               ^',
        "<stdin>:3:1: note: 'next' match was here",
        'c',
        '^',
        '<stdin>:1:2: note: previous match ended here',
        'a',
        ' ^',
        '<stdin>:2:1: note: non-matching line after previous match is here',
        'b',
        '^',
        '',
      ].join('\n'),
    );
  });

  it('prints CHECK-SAME failures', () => {
    const r = fileCheck('CHECK: a\nCHECK-SAME: b\n', 'a\nb\n', opts);
    expect(r.diagnostics).toBe(
      [
        't.mlir:2:13: error: CHECK-SAME: is not on the same line as the previous match',
        'CHECK-SAME: b',
        '            ^',
        "<stdin>:2:1: note: 'next' match was here",
        'b',
        '^',
        '<stdin>:1:2: note: previous match ended here',
        'a',
        ' ^',
        '',
      ].join('\n'),
    );
  });

  it('prints CHECK-NOT failures with the found range underlined', () => {
    const r = fileCheck('CHECK-NOT: error\nCHECK: end\n', 'an error here\nend\n', { ...opts, inputFileName: 'out.txt' });
    expect(r.diagnostics).toBe(
      [
        't.mlir:1:12: error: CHECK-NOT: excluded string found in input',
        'CHECK-NOT: error',
        '           ^',
        'out.txt:1:4: note: found here',
        'an error here',
        '   ^~~~~',
        '',
      ].join('\n'),
    );
  });

  it('prints CHECK-EMPTY and CHECK-DAG failures', () => {
    const empty = fileCheck('CHECK: a\nCHECK-EMPTY:\n', 'a\nb\n\n', opts);
    expect(empty.diagnostics.split('\n')[0]).toBe('t.mlir:2:13: error: CHECK-EMPTY: is not on the line after the previous match');
    const dag = fileCheck('CHECK-DAG: x\nCHECK-DAG: y\n', 'x\n', opts);
    expect(dag.diagnostics.split('\n').slice(0, 4)).toEqual([
      't.mlir:2:12: error: CHECK-DAG: expected string not found in input',
      'CHECK-DAG: y',
      '           ^',
      '<stdin>:1:1: note: scanning from here',
    ]);
  });

  it('reports check-file syntax errors with a location and exit code 2', () => {
    const r = runFileCheck('CHECK: ok\nCHECK: {{unterminated\n', 'ok\n', opts);
    expect(r.exitCode).toBe(2);
    expect(r.diagnostics).toBe(
      ["t.mlir:2:8: error: found start of regex string with no end '}}'", 'CHECK: {{unterminated', '       ^', ''].join('\n'),
    );
  });

  it('keeps tabs in the caret line so the caret lines up', () => {
    const r = fileCheck('CHECK: a\nCHECK-NEXT: q\n', '\ta\tq\nx\n', { ...opts, strictWhitespace: true });
    expect(r.diagnostics).toContain('CHECK-NEXT: is on the same line as previous match');
    expect(r.diagnostics).toContain('<stdin>:1:3: note: previous match ended here\n\ta\tq\n\t ^\n');
  });
});
