/**
 * Issue 8's "the dumper and passes run on all fixtures": every valid SIL fixture under
 * test-fixtures/sil goes through `--rc-id-dumper` (one `@fn@` section per function with a
 * body, one RESULT line per value, each root an earlier-or-equal id of that function), and
 * through `--arc-sequence-opts` and `--arc-loop-hoisting` (exit 0, output that parses and prints
 * back to itself; sequence opts only deletes, so it leaves no more retain/release instructions —
 * hoisting adds compensating releases at early exits, so only executed counts can tell, which
 * test/sil-differential.test.ts measures).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath, listFiles, readFixture, repoRoot, runOpt } from './fixtures.js';

const files = listFiles(join(repoRoot, 'test-fixtures', 'sil'), '.sil').filter((f) => !f.includes('/invalid/'));
const rcOps = (text: string) => (text.match(/^\s*(strong_retain|strong_release|retain_value|release_value)\b/gm) ?? []).length;

function run(args: string[], text: string, f: string): string {
  const r = runOpt(args, text, f);
  expect(r.stderr, `lifeline-opt ${args.join(' ')} ${fixturePath(f)}`).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
}

describe('SIL passes on every fixture', () => {
  it('finds the fixtures', () => expect(files.length).toBeGreaterThanOrEqual(10));
  for (const f of files) {
    const text = readFixture(f);
    it(`${fixturePath(f)}: --rc-id-dumper`, () => {
      const out = run(['--rc-id-dumper'], text, f);
      const bodies = (text.match(/^sil\b[^\n]*\{\s*$/gm) ?? []).length;
      expect((out.match(/^@[^@\n]+@$/gm) ?? []).length).toBe(bodies);
      for (const section of out.split(/^@[^@\n]+@$/m).slice(1)) {
        const values = (section.match(/^\tValueMap\[\d+\]/gm) ?? []).length;
        const results = [...section.matchAll(/^RESULT #(\d+): (\d+) = (\d+)$/gm)];
        expect(results.length).toBe(values);
        results.forEach((m, k) => {
          expect(Number(m[1])).toBe(k);
          expect(Number(m[2])).toBe(k);
          expect(Number(m[3])).toBeLessThan(values);
        });
      }
    });
    for (const pass of ['--arc-sequence-opts', '--arc-loop-hoisting']) {
      it(`${fixturePath(f)}: ${pass}`, () => {
        const out = run([pass], text, f);
        expect(run([], out, f)).toBe(out);
        if (pass === '--arc-sequence-opts') expect(rcOps(out)).toBeLessThanOrEqual(rcOps(run([], text, f)));
      });
    }
  }
});
