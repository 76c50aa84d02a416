import { describe, expect, it } from 'vitest';
import { fileCheck, runFileCheck, translateRegex, type FileCheckOptions } from '../src/index.js';

const lines = (...ls: string[]) => ls.join('\n') + '\n';

function ok(check: string, input: string, opts: FileCheckOptions = {}): boolean {
  const r = fileCheck(check, input, opts);
  if (r.ok) expect(r.diagnostics).toBe('');
  else expect(r.diagnostics).toMatch(/error:/);
  return r.ok;
}

describe('pattern variables', () => {
  it('defines and uses a variable in a later directive', () => {
    const check = lines('CHECK: %[[V:[0-9]+]] = const', 'CHECK: use %[[V]]');
    expect(ok(check, '%7 = const\nuse %7\n')).toBe(true);
    expect(ok(check, '%7 = const\nuse %8\n')).toBe(false);
  });
  it('uses the value literally, not as a regex', () => {
    const check = lines('CHECK: [[V:a.c]]', 'CHECK: [[V]]');
    expect(ok(check, 'a.c\na.c\n')).toBe(true);
    expect(ok(check, 'a.c\nabc\n')).toBe(false);
  });
  it('allows a use later on the same line (back-reference)', () => {
    const check = lines('CHECK: [[R:r[0-9]]] = add [[R]]');
    expect(ok(check, 'r1 = add r1\n')).toBe(true);
    expect(ok(check, 'r1 = add r2\n')).toBe(false);
  });
  it('keeps user groups and back-references working next to definitions', () => {
    const check = lines('CHECK: [[A:x]] {{(y)\\1}} [[B:(z)]] [[A]][[B]]');
    expect(ok(check, 'x yy z xz\n')).toBe(true);
    expect(ok(check, 'x yz z xz\n')).toBe(false);
  });
  it('redefinition replaces the value', () => {
    const check = lines('CHECK: [[V:[a-z]+]]!', 'CHECK: [[V:[a-z]+]]?', 'CHECK: =[[V]]');
    expect(ok(check, 'foo!\nbar?\n=bar\n')).toBe(true);
    expect(ok(check, 'foo!\nbar?\n=foo\n')).toBe(false);
  });
  it('reports the value of used variables when a match fails', () => {
    const r = fileCheck(lines('CHECK: [[V:[a-z]+]]!', 'CHECK: =[[V]]'), 'foo!\n=bar\n');
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toContain('note: with "V" equal to "foo"');
  });
  it('reports uses of undefined variables', () => {
    const r = fileCheck(lines('CHECK: [[NOPE]]'), 'x\n');
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toContain('uses undefined variable(s): "NOPE"');
  });
  it('rejects bad variable syntax', () => {
    for (const bad of ['CHECK: [[1X:a]]', 'CHECK: [[X:a]', 'CHECK: [[#N]]', 'CHECK: [[X:a]] [[X:b]]']) {
      const r = runFileCheck(lines(bad), 'a\n');
      expect(r.exitCode, bad).toBe(2);
    }
  });
  it('supports @LINE', () => {
    const check = 'CHECK: line [[@LINE]] next [[@LINE+1]] prev [[@LINE-1]]\n';
    expect(ok(check, 'line 1 next 2 prev 0\n')).toBe(true);
    expect(ok(check, 'line 2 next 3 prev 1\n')).toBe(false);
  });
  it('supports -D definitions', () => {
    expect(ok(lines('CHECK: v=[[VAL]]'), 'v=10\n', { defines: { VAL: '10' } })).toBe(true);
    expect(ok(lines('CHECK: v=[[VAL]]'), 'v=10\n', { defines: { VAL: '20' } })).toBe(false);
  });
});

describe('--enable-var-scope', () => {
  const check = lines(
    'CHECK-LABEL: func @a',
    'CHECK: [[LOCAL:%[0-9]+]] [[$GLOBAL:@[a-z]+]]',
    'CHECK-LABEL: func @b',
    'CHECK: use [[LOCAL]]',
  );
  const input = 'func @a\n%1 @g\nfunc @b\nuse %1\n';
  it('keeps local variables across labels by default', () => {
    expect(ok(check, input)).toBe(true);
  });
  it('clears local variables at each label when enabled', () => {
    const r = fileCheck(check, input, { enableVarScope: true });
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toContain('uses undefined variable(s): "LOCAL"');
  });
  it('keeps $-prefixed variables global', () => {
    const global = lines('CHECK-LABEL: func @a', 'CHECK: [[$G:@[a-z]+]]', 'CHECK-LABEL: func @b', 'CHECK: use [[$G]]');
    expect(ok(global, 'func @a\n@g\nfunc @b\nuse @g\n', { enableVarScope: true })).toBe(true);
    expect(ok(global, 'func @a\n@g\nfunc @b\nuse @h\n', { enableVarScope: true })).toBe(false);
  });
});

describe('{{regex}} blocks', () => {
  it('matches inline regular expressions', () => {
    const check = lines('CHECK: %{{[0-9]+}} = arith.addi %{{.*}}, %{{.*}} : i32');
    expect(ok(check, '%12 = arith.addi %a, %b : i32\n')).toBe(true);
    expect(ok(check, '%x = arith.addi %a, %b : i32\n')).toBe(false);
  });
  it('keeps alternation inside the block', () => {
    const check = lines('CHECK: abc{{x|z}}def');
    expect(ok(check, 'abczdef\n')).toBe(true);
    expect(ok(check, 'x\n')).toBe(false);
  });
  it('supports POSIX character classes', () => {
    expect(ok(lines('CHECK: a{{[[:space:]]+}}b'), 'a \t b\n')).toBe(true);
    expect(ok(lines('CHECK: {{^[[:alpha:]]+$}}'), 'abcXYZ\n')).toBe(true);
    expect(ok(lines('CHECK: {{^[[:alpha:]]+$}}'), 'abc1\n')).toBe(false);
    expect(ok(lines('CHECK: {{^[[:alnum:]_]+$}}'), 'a_1\n')).toBe(true);
    expect(ok(lines('CHECK: {{^[[:digit:]]{3}$}}'), '123\n')).toBe(true);
    expect(ok(lines('CHECK: {{^[[:digit:]]{3}$}}'), '12a\n')).toBe(false);
    expect(ok(lines('CHECK: {{^[[:upper:]][[:lower:]]+$}}'), 'Hello\n')).toBe(true);
    expect(ok(lines('CHECK: {{^[[:xdigit:]]+$}}'), 'dEadBeef\n')).toBe(true);
    expect(ok(lines('CHECK: {{^[[:xdigit:]]+$}}'), 'xyz\n')).toBe(false);
  });
  it('lets [[:space:]] span lines', () => {
    expect(ok(lines('CHECK: foo{{[[:space:]]+}}bar'), 'foo\nbar\n')).toBe(true);
  });
  it('does not let . or negated lists match a newline', () => {
    expect(ok(lines('CHECK: foo{{.*}}bar'), 'foo\nbar\n')).toBe(false);
    expect(ok(lines('CHECK: foo{{[^x]*}}bar'), 'foo\nbar\n')).toBe(false);
    expect(ok(lines('CHECK: foo{{[^x]*}}bar'), 'foo--bar\n')).toBe(true);
  });
  it('treats escaped metacharacters literally', () => {
    expect(ok(lines('CHECK: {{\\[\\[}}1{{\\]\\]}}'), '[[1]]\n')).toBe(true);
    expect(ok(lines('CHECK: {{a\\.b}}'), 'axb\n')).toBe(false);
    expect(ok(lines('CHECK: {{a\\\\b}}'), 'a\\b\n')).toBe(true);
  });
  it('anchors ^ and $ to lines', () => {
    expect(ok(lines('CHECK: {{^}}b{{$}}'), 'a\nb\nc\n')).toBe(true);
    expect(ok(lines('CHECK: {{^}}b{{$}}'), 'a\nab\nbc\n')).toBe(false);
  });
  it('rejects invalid regular expressions', () => {
    for (const bad of ['CHECK: {{a(}}', 'CHECK: {{[[:nope:]]}}', 'CHECK: {{abc']) {
      expect(runFileCheck(lines(bad), 'a\n').exitCode, bad).toBe(2);
    }
  });
});

describe('translateRegex', () => {
  it('translates POSIX bracket expressions', () => {
    expect(translateRegex('[[:digit:]]', 0).source).toBe('[0-9]');
    expect(translateRegex('[^[:space:]]', 0).source).toBe('[^ \\t\\n\\r\\f\\v\\n]');
    expect(translateRegex('[]a]', 0).source).toBe('[\\]a]');
    expect(translateRegex('[\\n]', 0).source).toBe('[\\\\n]');
  });
  it('renumbers back-references and counts groups', () => {
    expect(translateRegex('(a)(?:b)\\1', 2)).toEqual({ source: '(a)(?:b)(?:\\3)', groups: 1 });
  });
});
