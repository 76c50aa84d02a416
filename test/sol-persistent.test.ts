/**
 * Persistent updates (test-fixtures/sol/lifetimes_persistent.sol): a loop replaces a graph with
 * a new version that keeps some of the old one's inner objects (`b = _step(b, i)` returning
 * `Book(b.bids, _insert(b.asks, l))`, a new outer array over old rows, a longer list of the old
 * strings). No plan of kept slots holds there ((R4): the new instance shares inner objects with
 * the old), so the loop gets a traced release by default (packages/sol LIFETIME.md 2*, (I*)
 * "persistent updates"): memory stays flat in n where solc's grows with every run. The helper's
 * return no longer walks the new version to find that it cannot move (emit-deep-move.ts
 * (D4'')): `book` cost 1.11× solc viaIR's gas before. sol-fixtures.test.ts runs the fixture's
 * calls against solc, lifetime off and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { Chain } from '@lifeline/evm';
import { compileToBytecode } from '@lifeline/solidity';
import { liveBytesTracer } from '../bench/live-bytes.mjs';
import { deployAndCall, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_persistent.sol');
const sources = { 'lifetimes_persistent.sol': readFileSync(FILE, 'utf8') };
const CONTRACT = 'Persistent';
/** The largest share of solc viaIR's gas each call may cost at n = 1000. */
const GAS = { book: 0.8, versions: 0.9, distinct: 0.9 };

describe('persistent updates in a loop', () => {
  it('keep memory flat in n (solc\'s grows) and cost less gas than solc viaIR', async () => {
    const on = compileToBytecode({ sources, contract: CONTRACT, lifetime: true });
    expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const ref = solcCompiler(true)(sources, CONTRACT);
    if (!ref.ok) throw new Error(ref.errors.join('\n'));
    const iface = new Interface(ref.abi as never);
    const chain = await Chain.create({ gasLimit: 100_000_000 });
    const { address } = await chain.deploy(ref.bytecode);
    const tracer = await liveBytesTracer();
    for (const [fn, gasShare] of Object.entries(GAS)) {
      const peaks: { solc: number; ours: number; lb: number }[] = [];
      for (const n of [400, 1000]) {
        const data = iface.encodeFunctionData(fn, [n]);
        tracer.start();
        const solc = await chain.call(address!, data);
        const lb = tracer.stop((solc.returnData.length - 2) / 2);
        expect(solc.success, `${fn}(${n})`).toBe(true);
        const ours = await deployAndCall(on.bytecode, data);
        expect(ours.returnData, `${fn}(${n})`).toBe(solc.returnData);
        peaks.push({ solc: solc.peakMemoryBytes, ours: ours.peakMemoryBytes, lb: lb.lowerBound });
        if (n === 1000) expect(ours.gasUsed / solc.gasUsed, fn).toBeLessThan(gasShare);
      }
      const [small, large] = peaks as [typeof peaks[0], typeof peaks[0]];
      expect(large.solc / small.solc, fn).toBeGreaterThan(2);
      expect(large.ours, fn).toBeLessThanOrEqual(small.ours * 1.1);
      expect(large.ours / large.lb, fn).toBeLessThanOrEqual(20);
    }
  });
});
