import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPO_ROOT,
  applySubstitutions,
  findLitFiles,
  parseRequires,
  parseRunLines,
  runLitFile,
  substitutionsFor,
} from './lit-runner.js';

describe('parseRunLines', () => {
  it('finds RUN lines behind //, ; and # comments', () => {
    const text = [
      '// RUN: lifeline-opt %s | FileCheck %s',
      'func.func @f() { return }',
      '; RUN: not lifeline-opt --bad %s',
      '# RUN: echo hi',
      '/// RUN: echo triple',
      '// CHECK: RUN: this is not a RUN line',
      'x = 1 // RUN: trailing comments do not count',
    ].join('\n');
    expect(parseRunLines(text)).toEqual([
      { line: 1, command: 'lifeline-opt %s | FileCheck %s' },
      { line: 3, command: 'not lifeline-opt --bad %s' },
      { line: 4, command: 'echo hi' },
      { line: 5, command: 'echo triple' },
    ]);
  });
  it('joins lines ending in a backslash', () => {
    const text = ['// RUN: lifeline-opt %s \\', '// RUN:   --pass-pipeline=x \\', '// RUN: | FileCheck %s', '// RUN: true'].join('\n');
    expect(parseRunLines(text)).toEqual([
      { line: 1, command: 'lifeline-opt %s --pass-pipeline=x | FileCheck %s' },
      { line: 4, command: 'true' },
    ]);
  });
  it('rejects an unterminated continuation', () => {
    expect(() => parseRunLines('// RUN: echo \\\n')).toThrow(/unterminated RUN line/);
  });
  it('returns nothing for files without RUN lines', () => {
    expect(parseRunLines('// CHECK: x\nRUN: no comment marker\n')).toEqual([]);
  });
  it('parses REQUIRES', () => {
    expect(parseRequires('// REQUIRES: mlir-opt-19, fir-opt-19\n// REQUIRES: bash\n')).toEqual(['mlir-opt-19', 'fir-opt-19', 'bash']);
  });
});

describe('substitutions', () => {
  const subs = substitutionsFor('/repo/test-fixtures/dir/a.mlir', '/tmp/lit-x');
  it('computes lit paths', () => {
    expect(subs).toEqual({
      s: '/repo/test-fixtures/dir/a.mlir',
      S: '/repo/test-fixtures/dir',
      p: '/repo/test-fixtures/dir',
      t: '/tmp/lit-x/a.mlir.tmp',
      T: '/tmp/lit-x',
    });
  });
  it('replaces every occurrence and leaves %% as %', () => {
    expect(applySubstitutions('tool %s -o %t && cat %t | FileCheck %s --check-prefix=P%%d', subs)).toBe(
      'tool /repo/test-fixtures/dir/a.mlir -o /tmp/lit-x/a.mlir.tmp && cat /tmp/lit-x/a.mlir.tmp | FileCheck /repo/test-fixtures/dir/a.mlir --check-prefix=P%d',
    );
    expect(applySubstitutions('ls %S %p %T %basename_t %{pathsep}', subs)).toBe(
      'ls /repo/test-fixtures/dir /repo/test-fixtures/dir /tmp/lit-x a.mlir.tmp :',
    );
  });
  it('leaves unknown % sequences alone', () => {
    expect(applySubstitutions('printf "%d %x" %s', subs)).toBe('printf "%d %x" /repo/test-fixtures/dir/a.mlir');
  });
});

describe('runLitFile end to end', () => {
  let dir: string;
  const kept: string[] = [];
  const run = async (file: string, opts?: { timeoutMs?: number }) => {
    const r = await runLitFile(file, opts);
    if (r.tmpDir) kept.push(r.tmpDir);
    return r;
  };
  const fixture = (name: string, text: string) => {
    const p = path.join(dir, name);
    writeFileSync(p, text);
    return p;
  };

  beforeAll(() => {
    const dist = path.join(REPO_ROOT, 'packages/filecheck/dist/index.js');
    expect(existsSync(dist), `${dist} is missing: build with \`npx tsc -b packages/filecheck\` first`).toBe(true);
    dir = mkdtempSync(path.join(os.tmpdir(), 'lit-runner-test-'));
  });
  afterAll(() => {
    for (const d of [dir, ...kept]) rmSync(d, { recursive: true, force: true });
  });

  it('passes a fixture checked with FileCheck', async () => {
    const f = fixture('pass.mlir', '// RUN: cat %s | FileCheck %s\nhello world\n// CHECK: hello {{w.*d}}\n');
    const r = await run(f);
    expect(r.message).toBe('');
    expect(r.ok).toBe(true);
    expect(r.commands).toEqual([`cat ${f} | FileCheck ${f}`]);
  });

  it('reports a failing FileCheck with the RUN line, command and stderr', async () => {
    // The check line is part of the input too, so the pattern must not match itself.
    const f = fixture('fail.mlir', '// RUN: cat %s | FileCheck %s\nhello world\n// CHECK: hello {{there}}\n');
    const r = await run(f);
    expect(r.ok).toBe(false);
    expect(r.message).toContain(`${path.relative(REPO_ROOT, f)}:1: RUN line failed (exit code 1)`);
    expect(r.message).toContain('  RUN: cat %s | FileCheck %s');
    expect(r.message).toContain(`  command: cat ${f} | FileCheck ${f}`);
    expect(r.message).toContain(`${f}:3:11: error: CHECK: expected string not found in input`);
  });

  it('uses pipefail, so a failing producer fails the line', async () => {
    const f = fixture('pipefail.ll', '; RUN: false | FileCheck %s --allow-empty --check-prefix=NONE\n; NONE-NOT: x\n');
    const r = await run(f);
    expect(r.ok).toBe(false);
    expect(r.message).toContain('exit code 1');
  });

  it('provides lifeline-filecheck, %t and the not shim', async () => {
    const f = fixture(
      'tools.fir',
      [
        '// RUN: echo "value 42" > %t && lifeline-filecheck --input-file %t %s',
        '// RUN: not false',
        '// RUN: not FileCheck %s --check-prefix=NOPE < %s 2>&1 | FileCheck %s --check-prefix=ERR',
        '// RUN: test -d %T && test "$(basename %t)" = tools.fir.tmp',
        '// CHECK: value [[N:[0-9]+]]',
        '// ERR: no check strings found',
      ].join('\n') + '\n',
    );
    const r = await run(f);
    expect(r.message).toBe('');
    expect(r.ok).toBe(true);
  });

  it('fails when `not` wraps a succeeding command', async () => {
    const r = await run(fixture('not-true.sol', '// RUN: not true\n'));
    expect(r.ok).toBe(false);
  });

  it('does not let `not` hide a crash', async () => {
    const r = await run(fixture('crash.yul', `// RUN: not bash -c 'kill -SEGV $$'\n`));
    expect(r.ok).toBe(false);
    expect(r.message).toContain('crashed with signal SIGSEGV');
    const crash = await run(fixture('crash2.yul', `// RUN: not --crash bash -c 'kill -SEGV $$'\n`));
    expect(crash.message).toBe('');
  });

  it('fails (never skips) when a REQUIRES tool is missing', async () => {
    const r = await run(fixture('req.mlir', '// REQUIRES: no-such-tool-xyz\n// RUN: true\n'));
    expect(r.ok).toBe(false);
    expect(r.message).toContain("REQUIRES 'no-such-tool-xyz'");
    const ok = await run(fixture('req-ok.mlir', '// REQUIRES: bash, FileCheck\n// RUN: true\n'));
    expect(ok.ok).toBe(true);
  });

  it('times out long RUN lines and kills them', async () => {
    const start = Date.now();
    const r = await run(fixture('slow.mlir', '// RUN: sleep 30 | cat\n'), { timeoutMs: 500 });
    expect(r.ok).toBe(false);
    expect(r.message).toContain('timed out after 0.5 s');
    expect(Date.now() - start).toBeLessThan(10_000);
  });

  it('stops at the first failing RUN line', async () => {
    const r = await run(fixture('stop.mlir', '// RUN: true\n// RUN: echo out; echo err >&2; exit 3\n// RUN: true\n'));
    expect(r.ok).toBe(false);
    expect(r.commands).toHaveLength(2);
    expect(r.message).toContain('exit code 3');
    expect(r.message).toMatch(/--- stdout \(tail\) ---\nout\n--- stderr ---\nerr/);
  });

  it('finds fixtures by extension and RUN lines', () => {
    const sub = path.join(dir, 'nested');
    mkdirSync(sub, { recursive: true });
    writeFileSync(path.join(sub, 'b.mlir'), '// RUN: true\n');
    writeFileSync(path.join(sub, 'no-run.mlir'), '// CHECK: x\n');
    writeFileSync(path.join(sub, 'c.txt'), '// RUN: true\n');
    const found = findLitFiles(dir).map((f) => path.relative(dir, f));
    expect(found).toContain(path.join('nested', 'b.mlir'));
    expect(found).toContain('pass.mlir');
    expect(found).not.toContain(path.join('nested', 'no-run.mlir'));
    expect(found).not.toContain(path.join('nested', 'c.txt'));
    expect([...found].sort()).toEqual(found);
  });
});
