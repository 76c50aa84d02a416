/**
 * The memory-heavy benchmarks (bench/sol/*.sol) as differential tests at small sizes: every
 * external function taking one uint256 `n` is called at n = 10 and 50 (and 0, the empty
 * edge) on solc viaIR-optimized (the oracle) and on lifeline with the lifetime passes off and
 * on; return / revert data, logs and storage changes must be identical. The benchmark table
 * (bench/sol-lifetime.mjs) runs the large sizes; this keeps the shapes it measures correct in
 * every test run.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Interface, type FunctionFragment } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compareVariants, solcCompiler, type Call } from './sol-oracle.js';
import { LIFELINE_VARIANTS } from './sol-ours.js';

const DIR = join(import.meta.dirname, '..', 'bench', 'sol');
const SIZES = [0, 10, 50];
const files = readdirSync(DIR).filter((f) => f.endsWith('.sol')).sort();
const viaIR = solcCompiler(true);

describe('bench/sol at small n: solc viaIR vs lifeline (lifetime off and on)', () => {
  it('has the six benchmark contracts', () => expect(files.length).toBeGreaterThanOrEqual(6));

  for (const file of files) {
    it(file, async () => {
      const contract = basename(file, '.sol');
      const sources = { [file]: readFileSync(join(DIR, file), 'utf8') };
      const a = viaIR(sources, contract);
      if (!a.ok) throw new Error(a.errors.join('\n'));
      const iface = new Interface(a.abi as never);
      const fns: FunctionFragment[] = [];
      iface.forEachFunction((f) => { if (f.inputs.length === 1 && f.inputs[0]!.type === 'uint256') fns.push(f); });
      expect(fns.length).toBeGreaterThan(0);
      const calls: Call[] = fns.flatMap((f) => SIZES.map((n) => ({ calldata: iface.encodeFunctionData(f, [n]), label: `${f.name}(${n})` })));
      const variants: Record<string, string> = {};
      for (const [name, compile] of Object.entries(LIFELINE_VARIANTS)) {
        const b = compile(sources, contract);
        if (!b.ok) throw new Error(`${name}: ${b.errors.join('\n')}`);
        variants[name] = b.bytecode;
      }
      const cmps = await compareVariants(a.bytecode, variants, calls, { gasLimit: 30_000_000 });
      const bad = Object.entries(cmps).flatMap(([name, c]) => c.mismatches.map((m) => `${name} ${m.label}: ${m.differences.join(',')}`));
      expect(bad).toEqual([]);
      // the benchmarks are meant to run: n = 10 and 50 succeed on the oracle
      const on = cmps['lifetime-on']!;
      expect(on.calls.filter((c) => !c.label.endsWith('(0)') && !c.a.success).map((c) => c.label)).toEqual([]);
    });
  }
});
