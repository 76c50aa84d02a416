/**
 * A recursive merge sort of structs (test-fixtures/sol/lifetimes_sorted_structs.sol): each
 * level's temporary halves hold zero structs of their own, which points-to keeps apart from
 * the arrays (packages/analyses points-to (C1')), so the halves die at each return while the
 * sorted array — the caller's structs — moves down alone (packages/sol emit-deep-move.ts
 * (D4')). Before, every level's temporaries stayed: at n = 400 `sortedDigest` peaked at 11.5×
 * the live-bytes lower bound measured on solc's own run (solc: 12.7×), now at 2.0× (`resorted`,
 * three sorts: solc 33.8×, now 2.4×). sol-fixtures.test.ts runs the fixture's calls against
 * solc, lifetime off and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { Chain } from '@lifeline/evm';
import { compileToBytecode } from '@lifeline/solidity';
import { liveBytesTracer } from '../bench/live-bytes.mjs';
import { deployAndCall, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_sorted_structs.sol');
const sources = { 'lifetimes_sorted_structs.sol': readFileSync(FILE, 'utf8') };
const CONTRACT = 'SortedStructs';

describe('a recursive merge sort of structs', () => {
  it('gives its temporaries back at each return: peak within 2.5× the live-bytes lower bound at n = 400', async () => {
    const on = compileToBytecode({ sources, contract: CONTRACT, lifetime: true });
    expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const ref = solcCompiler(true)(sources, CONTRACT);
    if (!ref.ok) throw new Error(ref.errors.join('\n'));
    const iface = new Interface(ref.abi as never);
    const chain = await Chain.create({ gasLimit: 100_000_000 });
    const { address } = await chain.deploy(ref.bytecode);
    const tracer = await liveBytesTracer();
    for (const fn of ['sortedDigest', 'resorted']) {
      const data = iface.encodeFunctionData(fn, [400]);
      tracer.start();
      const solc = await chain.call(address!, data);
      const lb = tracer.stop((solc.returnData.length - 2) / 2);
      expect(solc.success, `${fn}: ${solc.gasUsed}`).toBe(true);
      expect(lb.monotonic, fn).toBe(true);
      const ours = await deployAndCall(on.bytecode, data);
      expect(ours.returnData, fn).toBe(solc.returnData);
      expect(solc.peakMemoryBytes / lb.lowerBound, fn).toBeGreaterThan(5);
      expect(ours.peakMemoryBytes / lb.lowerBound, fn).toBeLessThanOrEqual(2.5);
      expect(ours.gasUsed, fn).toBeLessThan(solc.gasUsed * 0.8);
    }
  });
});
