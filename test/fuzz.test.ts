/**
 * Fuzzing the driver with mutated fixtures: every run must end with exit 0, or
 * exit 1 and a located diagnostic — never an exception or an internal error.
 * Mutations: delete, duplicate or swap tokens, truncate, insert random bytes.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { turnEventLoop } from './event-loop.js';
import { fixturePath, listFiles, readFixture, repoRoot, rng, runOpt } from './fixtures.js';

const CASES = Number(process.env.FUZZ_CASES ?? 6000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const TOKEN = /\s+|"(?:[^"\\\n]|\\.)*"|[%^#!@]?[\w$.\-]+|->|::|\{-#|#-\}|./gs;
const LOCATED = /^(?:\S[^\n]*?:\d+:\d+|loc\(unknown\)): (?:error|warning|remark|note): /m;

type Mutation = (toks: string[], r: () => number) => string;

const pick = (n: number, r: () => number) => Math.floor(r() * n);
const mutations: Record<string, Mutation> = {
  delete: (t, r) => { const i = pick(t.length, r); return [...t.slice(0, i), ...t.slice(i + 1)].join(''); },
  duplicate: (t, r) => { const i = pick(t.length, r); return [...t.slice(0, i + 1), ...t.slice(i)].join(''); },
  swap: (t, r) => {
    const c = [...t];
    const i = pick(c.length, r);
    const j = pick(c.length, r);
    [c[i], c[j]] = [c[j]!, c[i]!];
    return c.join('');
  },
  truncate: (t, r) => t.slice(0, pick(t.length, r)).join(''),
  bytes: (t, r) => {
    const s = t.join('');
    const i = pick(s.length + 1, r);
    const junk = Array.from({ length: 1 + pick(4, r) }, () => String.fromCharCode(pick(128, r))).join('');
    return s.slice(0, i) + junk + s.slice(i);
  },
};

describe('fuzz: mutated fixtures never crash lifeline-opt', () => {
  const files = [...listFiles(join(repoRoot, 'test-fixtures'), '.mlir'), ...listFiles(join(repoRoot, 'test-fixtures'), '.fir')];
  it('has fixtures to mutate', () => expect(files.length).toBeGreaterThan(0));
  const sources = files.map((f) => ({ name: fixturePath(f), text: readFixture(f).replace(/^\/\/ (RUN|CHECK).*$/gm, '') }));
  const names = Object.keys(mutations);
  const perMutation = Math.ceil(CASES / names.length);
  for (const m of names) {
    it(`${m} × ${perMutation}`, async () => {
      const r = rng(SEED + names.indexOf(m));
      const failures: string[] = [];
      for (let k = 0; k < perMutation && sources.length; k++) {
        // the cases are synchronous: without a turn of the event loop now and then, the file's
        // minute of them starves vitest's worker RPC (event-loop.ts)
        if (k % 100 === 99) await turnEventLoop();
        const src = sources[pick(sources.length, r)]!;
        const toks = src.text.match(TOKEN) ?? [];
        const input = mutations[m]!(toks, r);
        const args = ['--allow-unregistered-dialect'];
        if (r() < 0.3) args.push('--mlir-print-op-generic');
        if (r() < 0.2) args.push('--mlir-print-debuginfo');
        if (r() < 0.3) args.push('--split-input-file');
        if (r() < 0.2) args.push('--verify-diagnostics');
        // FIR inputs also go through the FIR alias and escape analyses, which must not crash on odd IR.
        if (src.name.endsWith('.fir') && r() < 0.4) {
          const pass = ['test-fir-alias-analysis', 'test-fir-alias-analysis-modref', 'test-escape-analysis'][pick(3, r)];
          args.push(`--pass-pipeline=builtin.module(func.func(${pass}))`, '-o', '/dev/null');
        }
        let res;
        try {
          res = runOpt(args, input, 'fuzz.mlir');
        } catch (e) {
          failures.push(`${src.name} (${m} #${k}): threw ${(e as Error).stack}`);
          continue;
        }
        if (res.code === 0) continue;
        if (res.code !== 1 || !LOCATED.test(res.stderr)) {
          failures.push(`${src.name} (${m} #${k}): exit ${res.code}\n${res.stderr.slice(0, 400)}\n--- input ---\n${input.slice(0, 2000)}`);
        }
      }
      expect(failures.slice(0, 3).join('\n\n')).toBe('');
    });
  }
});
