/**
 * bench/gen-dealloc-bench.mjs, the JavaScript port of the Python benchmark-shape
 * generator: mlir-opt-19 parses every shape, the op count it reports is the number of
 * ops mlir-opt-19 sees, and the counts match those the Python original printed for the
 * sizes in shared/notes/mlir-dealloc.md (so benchmark numbers compare).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { genDeallocBench } from '../bench/gen-dealloc-bench.mjs';

/** Ops in mlir-opt-19's generic print of `text`, without the implicit builtin.module. */
function opsSeenByMlirOpt(text: string): number {
  const r = spawnSync('mlir-opt-19', ['--mlir-print-op-generic', '-'], { input: text, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`mlir-opt-19 rejected the shape: ${r.stderr.slice(0, 1000)}`);
  return (r.stdout.match(/^\s*(?:%[^=]+= )?"[\w.]+"/gm) ?? []).length - 1;
}

describe('gen-dealloc-bench', () => {
  const cases: [string, number, { perFunc?: number; live?: number }][] = [
    ['straight', 1000, {}], ['straight', 57, { live: 3 }], ['scf', 1000, {}], ['scf', 100, {}],
    ['cf', 1000, { perFunc: 8 }], ['cf', 200, {}], ['cf', 95, { perFunc: 3 }], ['calls', 1000, {}], ['calls', 5, {}],
  ];
  for (const [shape, n, o] of cases) {
    it(`${shape} ${n} ${JSON.stringify(o)}: parses, counts its ops right`, () => {
      const { text, ops } = genDeallocBench(shape, n, o);
      expect(opsSeenByMlirOpt(text)).toBe(ops);
    });
  }

  it('op counts of the Python original (shared/notes/mlir-dealloc.md)', () => {
    const count = (shape: string, n: number, o = {}) => genDeallocBench(shape, n, o).ops;
    expect([count('straight', 1000), count('straight', 10000), count('straight', 100000)]).toEqual([996, 9996, 99996]);
    expect([count('scf', 1000), count('scf', 10000), count('scf', 100000)]).toEqual([871, 8749, 87492]);
    expect([1000, 10000, 100000].map((n) => count('cf', n, { perFunc: 8 }))).toEqual([1095, 10941, 109377]);
    expect([count('calls', 1000), count('calls', 10000), count('calls', 100000)]).toEqual([886, 8886, 88886]);
  });

  it('rejects an unknown shape', () => {
    expect(() => genDeallocBench('loops', 10)).toThrow(/unknown shape 'loops'/);
  });
});
