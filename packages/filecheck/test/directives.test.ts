import { describe, expect, it } from 'vitest';
import { fileCheck, runFileCheck, type FileCheckOptions } from '../src/index.js';

/** Build a check file from directive lines. */
const lines = (...ls: string[]) => ls.join('\n') + '\n';

function pass(check: string, input: string, opts: FileCheckOptions = {}) {
  const r = fileCheck(check, input, opts);
  expect(r.diagnostics).toBe('');
  expect(r.ok).toBe(true);
}

function fail(check: string, input: string, message: string | RegExp, opts: FileCheckOptions = {}) {
  const r = runFileCheck(check, input, opts);
  expect(r.ok).toBe(false);
  expect(r.exitCode).toBe(1);
  if (typeof message === 'string') expect(r.diagnostics).toContain(message);
  else expect(r.diagnostics).toMatch(message);
  return r.diagnostics;
}

describe('CHECK', () => {
  it('matches in order', () => {
    pass(lines('// CHECK: one', '// CHECK: three'), 'one\ntwo\nthree\n');
  });
  it('fails when the order is wrong', () => {
    fail(lines('// CHECK: three', '// CHECK: one'), 'one\ntwo\nthree\n', 'CHECK: expected string not found in input');
  });
  it('fails when the string is absent', () => {
    fail(lines('; CHECK: four'), 'one\ntwo\n', 'CHECK: expected string not found in input');
  });
  it('matches substrings and continues after the match on the same line', () => {
    pass(lines('CHECK: a', 'CHECK: a', 'CHECK: a'), 'a a a\n');
    fail(lines('CHECK: a', 'CHECK: a', 'CHECK: a', 'CHECK: a'), 'a a a\n', 'expected string not found');
  });
  it('escapes regex metacharacters in literal text', () => {
    pass(lines('CHECK: a.b*(c)+[d]?$^|\\'), 'a.b*(c)+[d]?$^|\\\n');
    fail(lines('CHECK: a.c'), 'abc\n', 'expected string not found');
  });
  it('needs the prefix to start a word', () => {
    // XCHECK: and MY-CHECK: are not CHECK directives.
    const r = runFileCheck(lines('XCHECK: nothing', 'MY-CHECK: nothing', 'X_CHECK: x'), 'abc\n');
    expect(r.exitCode).toBe(2);
    expect(r.diagnostics).toBe("error: no check strings found with prefix 'CHECK:'\n");
    pass(lines('//CHECK: abc', 'CHECK-NOT:zzz'), 'abc\n');
  });
});

describe('CHECK-NEXT', () => {
  it('passes on the following line', () => {
    pass(lines('CHECK: a', 'CHECK-NEXT: b', 'CHECK-NEXT: c'), 'a\nb\nc\n');
  });
  it('fails when a line is skipped', () => {
    fail(lines('CHECK: a', 'CHECK-NEXT: c'), 'a\nb\nc\n', 'CHECK-NEXT: is not on the line after the previous match');
  });
  it('fails on the same line', () => {
    const d = fail(lines('CHECK: a', 'CHECK-NEXT: b'), 'a b\n', 'CHECK-NEXT: is on the same line as previous match');
    expect(d).toContain("note: 'next' match was here");
    expect(d).toContain('note: previous match ended here');
  });
  it('cannot be the first directive', () => {
    const r = runFileCheck(lines('CHECK-NEXT: a'), 'a\n');
    expect(r.exitCode).toBe(2);
    expect(r.diagnostics).toContain("found 'CHECK-NEXT' without previous 'CHECK: line");
  });
});

describe('CHECK-SAME', () => {
  it('passes on the same line', () => {
    pass(lines('CHECK: a', 'CHECK-SAME: b', 'CHECK-SAME: c'), 'a b c\n');
  });
  it('fails on a later line', () => {
    fail(lines('CHECK: a', 'CHECK-SAME: c'), 'a b\nc\n', 'CHECK-SAME: is not on the same line as the previous match');
  });
  it('fails when the text is earlier on the line', () => {
    fail(lines('CHECK: b', 'CHECK-SAME: a'), 'a b\n', 'CHECK-SAME: expected string not found');
  });
});

describe('CHECK-NOT', () => {
  it('passes when the string is absent between matches', () => {
    pass(lines('CHECK: a', 'CHECK-NOT: BAD', 'CHECK: b'), 'a\nok\nb\nBAD\n');
  });
  it('fails when the string is between the matches', () => {
    const d = fail(lines('CHECK: a', 'CHECK-NOT: BAD', 'CHECK: b'), 'a\nBAD\nb\n', 'CHECK-NOT: excluded string found in input');
    expect(d).toContain('note: found here');
  });
  it('checks from the start of the input when first', () => {
    fail(lines('CHECK-NOT: BAD', 'CHECK: a'), 'BAD\na\n', 'excluded string found');
    pass(lines('CHECK-NOT: BAD', 'CHECK: a'), 'a\nBAD\n');
  });
  it('checks to the end of the input when last', () => {
    fail(lines('CHECK: a', 'CHECK-NOT: BAD'), 'a\nb\nBAD\n', 'excluded string found');
    pass(lines('CHECK: a', 'CHECK-NOT: BAD'), 'BAD\na\nb\n');
  });
  it('works as the only kind of directive', () => {
    pass(lines('CHECK-NOT: BAD'), 'good\n');
    fail(lines('CHECK-NOT: BAD'), 'so BAD\n', 'excluded string found');
  });
  it('reports every excluded string that is found', () => {
    const d = fail(lines('CHECK-NOT: x', 'CHECK-NOT: y', 'CHECK: z'), 'x y z\n', 'CHECK-NOT');
    expect(d.match(/excluded string found/g)).toHaveLength(2);
  });
});

describe('CHECK-DAG', () => {
  it('matches in any order', () => {
    const check = lines('CHECK: start', 'CHECK-DAG: b', 'CHECK-DAG: a', 'CHECK: end');
    pass(check, 'start\na\nb\nend\n');
    pass(check, 'start\nb\na\nend\n');
  });
  it('fails when one is missing', () => {
    fail(lines('CHECK: start', 'CHECK-DAG: a', 'CHECK-DAG: c', 'CHECK: end'), 'start\na\nb\nend\n', 'CHECK-DAG: expected string not found in input');
  });
  it('does not let two DAG matches overlap', () => {
    // Both patterns would match the single "foo"; the second must find another.
    pass(lines('CHECK-DAG: foo', 'CHECK-DAG: foo'), 'foo\nfoo\n');
    fail(lines('CHECK-DAG: foo', 'CHECK-DAG: foo'), 'foo\n', 'CHECK-DAG: expected string not found');
    fail(lines('CHECK-DAG: abc', 'CHECK-DAG: bcd'), 'abcd\n', 'CHECK-DAG: expected string not found');
    pass(lines('CHECK-DAG: abc', 'CHECK-DAG: bcd'), 'abcd bcd\n');
  });
  it('requires the following CHECK after the whole group', () => {
    fail(lines('CHECK-DAG: a', 'CHECK-DAG: c', 'CHECK: b'), 'a\nb\nc\n', 'CHECK: expected string not found');
    pass(lines('CHECK-DAG: a', 'CHECK-DAG: c', 'CHECK: b'), 'c\na\nb\n');
  });
  it('must be after the previous CHECK', () => {
    fail(lines('CHECK: x', 'CHECK-DAG: a'), 'a\nx\n', 'CHECK-DAG: expected string not found');
  });
  it('separates groups with CHECK-NOT', () => {
    const check = lines('CHECK-DAG: a', 'CHECK-DAG: b', 'CHECK-NOT: BAD', 'CHECK-DAG: c', 'CHECK-DAG: d');
    pass(check, 'b\na\nok\nd\nc\n');
    fail(check, 'b\na\nBAD\nd\nc\n', 'CHECK-NOT: excluded string found');
    // The second group may not start before the first group ends.
    fail(check, 'a\nc\nb\nd\n', 'CHECK-DAG: expected string not found');
  });
  it('is followed by CHECK-NEXT relative to the end of the group', () => {
    pass(lines('CHECK: s', 'CHECK-DAG: b', 'CHECK-DAG: a', 'CHECK-NEXT: n'), 's\na\nb\nn\n');
    fail(lines('CHECK: s', 'CHECK-DAG: b', 'CHECK-DAG: a', 'CHECK-NEXT: n'), 's\na\nb\nx\nn\n', 'CHECK-NEXT: is not on the line after');
  });
  it('binds variables in any order', () => {
    const check = lines('CHECK-DAG: def [[X:%[0-9]+]] = a', 'CHECK-DAG: def [[Y:%[0-9]+]] = b', 'CHECK: use [[X]], [[Y]]');
    pass(check, 'def %2 = b\ndef %1 = a\nuse %1, %2\n');
    fail(check, 'def %2 = b\ndef %1 = a\nuse %2, %1\n', 'expected string not found');
  });
});

describe('CHECK-LABEL', () => {
  const input = 'func @a\n  x\nfunc @b\n  y\nfunc @c\n  z\n';
  it('splits the input into blocks', () => {
    pass(lines('CHECK-LABEL: func @a', 'CHECK: x', 'CHECK-LABEL: func @b', 'CHECK: y', 'CHECK-LABEL: func @c', 'CHECK: z'), input);
  });
  it('does not let a CHECK match beyond the next label', () => {
    fail(lines('CHECK-LABEL: func @a', 'CHECK: y', 'CHECK-LABEL: func @b'), input, 'CHECK: expected string not found');
  });
  it('fails when a label is missing', () => {
    fail(lines('CHECK-LABEL: func @a', 'CHECK-LABEL: func @d'), input, 'CHECK-LABEL: expected string not found');
  });
  it('recovers at the next label after a failure', () => {
    const d = fail(lines('CHECK-LABEL: func @a', 'CHECK: nope', 'CHECK-LABEL: func @b', 'CHECK: nada', 'CHECK-LABEL: func @c', 'CHECK: z'), input, 'nope');
    expect(d).toContain('nada');
    expect(d.match(/error:/g)).toHaveLength(2);
  });
  it('checks CHECK-NOT only inside the block', () => {
    pass(lines('CHECK-LABEL: func @a', 'CHECK-NOT: y', 'CHECK-LABEL: func @b'), input);
    fail(lines('CHECK-LABEL: func @a', 'CHECK-NOT: x', 'CHECK-LABEL: func @b'), input, 'CHECK-NOT: excluded string found');
  });
  it('checks CHECK-NOT before the first label', () => {
    fail(lines('CHECK-NOT: x', 'CHECK-LABEL: func @b'), input, 'CHECK-NOT: excluded string found');
    pass(lines('CHECK-NOT: y', 'CHECK-LABEL: func @b'), input);
  });
  it('keeps CHECK-DAG inside blocks', () => {
    pass(lines('CHECK-LABEL: func @b', 'CHECK-DAG: y', 'CHECK-LABEL: func @c', 'CHECK-DAG: z'), input);
    fail(lines('CHECK-LABEL: func @a', 'CHECK-DAG: z', 'CHECK-LABEL: func @b'), input, 'CHECK-DAG: expected string not found');
  });
});

describe('CHECK-EMPTY', () => {
  it('matches an empty next line', () => {
    pass(lines('CHECK: foo', 'CHECK-EMPTY:', 'CHECK-NEXT: bar'), 'foo\n\nbar\n');
    pass(lines('CHECK: foo', 'CHECK-EMPTY:', 'CHECK-EMPTY:', 'CHECK-NEXT: bar'), 'foo\n\n\nbar\n');
  });
  it('fails when the next line is not empty', () => {
    fail(lines('CHECK: foo', 'CHECK-EMPTY:'), 'foo\nbar\n\n', 'CHECK-EMPTY: is not on the line after the previous match');
  });
  it('fails when there is no empty line', () => {
    fail(lines('CHECK: foo', 'CHECK-EMPTY:'), 'foo\nbar', 'CHECK-EMPTY: expected string not found in input');
  });
  it('does not treat whitespace-only lines as empty', () => {
    fail(lines('CHECK: foo', 'CHECK-EMPTY:', 'CHECK-NEXT: bar'), 'foo\n  \nbar\n', 'CHECK-EMPTY');
  });
  it('rejects a pattern', () => {
    const r = runFileCheck(lines('CHECK: foo', 'CHECK-EMPTY: x'), 'foo\n\n');
    expect(r.exitCode).toBe(2);
    expect(r.diagnostics).toContain("found non-empty check string for empty check with prefix 'CHECK:'");
  });
});

describe('CHECK-COUNT', () => {
  it('matches exactly n times in sequence', () => {
    pass(lines('CHECK-COUNT-3: x', 'CHECK-NOT: x'), 'x\nx x\n');
    pass(lines('CHECK: begin', 'CHECK-COUNT-2: {{^}}item', 'CHECK-NEXT: end'), 'begin\nitem\nitem\nend\n');
  });
  it('fails with too few', () => {
    fail(lines('CHECK-COUNT-3: x'), 'x\nx\n', 'CHECK-COUNT: expected string not found in input (3 out of 3)');
  });
  it('lets a following CHECK-NOT catch extra occurrences', () => {
    fail(lines('CHECK-COUNT-2: x', 'CHECK-NOT: x'), 'x\nx\nx\n', 'CHECK-NOT: excluded string found');
  });
  it('rejects a zero or malformed count', () => {
    for (const bad of ['CHECK-COUNT-0: x', 'CHECK-COUNT-two: x']) {
      const r = runFileCheck(lines(bad), 'x\n');
      expect(r.exitCode).toBe(2);
      expect(r.diagnostics).toContain("invalid count in -COUNT specification on prefix 'CHECK'");
    }
  });
});
