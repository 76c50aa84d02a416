/**
 * The issue's performance bar on the memory-heavy benchmarks (bench/sol/*.sol, copies of
 * /work/shared/sol-bench): every benchmark function (external, one uint256 `n`), called at
 * n = 10 and 100 on our build (compileToBytecode) and on solc 0.8.37's viaIR optimized
 * build, returns the same data, costs at most 1.10× solc's gas, and touches no more memory
 * than solc (the next issue measures its memory savings against this baseline). The ratios
 * are printed; `node bench/sol-bench.mjs` (pnpm bench:sol) gives the full table with n = 1000
 * and solc legacy.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { Chain, compileSolidity, type CallResult } from '@lifeline/evm';
import { compileToBytecode } from '@lifeline/solidity';

const BENCH = join(dirname(fileURLToPath(import.meta.url)), '../../../bench/sol');
const SIZES = [10, 100];
const MAX_RATIO = 1.1;

interface Deployed {
  chain: Chain;
  address: string;
}

async function deploy(bytecode: string): Promise<Deployed> {
  const chain = await Chain.create({ gasLimit: 100_000_000 });
  const d = await chain.deploy(bytecode);
  expect(d.success, 'deploy').toBe(true);
  return { chain, address: d.address! };
}

const observable = (r: CallResult) => ({ success: r.success, returnData: r.returnData, revertData: r.revertData, logs: r.logs });

const files = readdirSync(BENCH).filter((f) => f.endsWith('.sol')).sort();

describe('memory benchmarks: ours vs solc viaIR (optimizer on)', () => {
  it('finds the benchmark contracts', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
  });

  describe.each(files)('%s', (file) => {
    const contract = basename(file, '.sol');
    const sources = { [file]: readFileSync(join(BENCH, file), 'utf8') };
    let ours: Deployed;
    let solc: Deployed;
    const fns: { name: string; selector: string }[] = [];

    beforeAll(async () => {
      const ref = compileSolidity(sources, { viaIR: true, optimizer: true, contract, outputs: ['evm.methodIdentifiers'] });
      expect(ref.ok).toBe(true);
      const c = ref.contracts[contract]!;
      const ids = c.extra['evm.methodIdentifiers'] as Record<string, string>;
      for (const e of c.abi as { type: string; name: string; inputs: { type: string }[] }[]) {
        if (e.type === 'function' && e.inputs.length === 1 && e.inputs[0]!.type === 'uint256') fns.push({ name: e.name, selector: ids[`${e.name}(uint256)`]! });
      }
      const out = compileToBytecode({ sources, contract });
      expect(out.errors.filter((e) => e.severity === 'error').map((e) => e.formattedMessage)).toEqual([]);
      [ours, solc] = [await deploy(out.bytecode), await deploy(c.bytecode)];
    });

    it(`every function at n = ${SIZES.join(', ')}: same results, gas ≤ ${MAX_RATIO}× solc, peak memory ≤ solc`, async () => {
      expect(fns.length).toBeGreaterThan(0);
      const lines: string[] = [];
      for (const f of fns) {
        for (const n of SIZES) {
          const data = `0x${f.selector}${n.toString(16).padStart(64, '0')}`;
          const [a, b] = [await ours.chain.call(ours.address, data), await solc.chain.call(solc.address, data)];
          const label = `${contract}.${f.name}(${n})`;
          expect(observable(a), label).toEqual(observable(b));
          expect(b.success, `${label} succeeds`).toBe(true);
          const ratio = a.gasUsed / b.gasUsed;
          lines.push(`${label}: gas ${a.gasUsed} / ${b.gasUsed} = ${ratio.toFixed(3)}, peak memory ${a.peakMemoryBytes} / ${b.peakMemoryBytes}`);
          expect(ratio, `${label} gas ratio`).toBeLessThanOrEqual(MAX_RATIO);
          expect(a.peakMemoryBytes, `${label} peak memory`).toBeLessThanOrEqual(b.peakMemoryBytes);
        }
      }
      console.log(lines.join('\n'));
    });
  });
});
