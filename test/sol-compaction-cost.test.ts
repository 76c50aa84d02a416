/**
 * Compaction at allocations in loops whose iterations are released as a whole
 * (packages/sol/LIFETIME.md 4' (B'')), on test-fixtures/sol/lifetimes_compaction_cost.sol:
 * there a move lowers one iteration's peak once but costs every iteration, so it is made only
 * when an iteration runs a loop of its own. Neither loop of the fixture does: with a
 * compaction before each allocation `records` cost 1.21× and `capitals` 1.12× solc viaIR's gas
 * at n = 1000; without, 0.94× and 0.92×, and their memory still stays flat (each iteration's is
 * released at its end). sol-fixtures.test.ts runs the listed calls against solc, lifetime off
 * and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_compaction_cost.sol');
const sources = { 'lifetimes_compaction_cost.sol': readFileSync(FILE, 'utf8') };
const CONTRACT = 'CompactionCost';

describe('compaction at allocations in released iterations', () => {
  it('costs no more gas than solc viaIR at n = 1000, and memory stays flat', async () => {
    const on = compileToBytecode({ sources, contract: CONTRACT, lifetime: true });
    expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const a = solcCompiler(true)(sources, CONTRACT);
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    for (const fn of ['records', 'capitals']) {
      const data = iface.encodeFunctionData(fn, [1000]);
      const [ref, ours] = [await deployAndCall(a.bytecode, data), await deployAndCall(on.bytecode, data)];
      expect(ref.success, fn).toBe(true);
      expect(ours.returnData, fn).toBe(ref.returnData);
      expect(ours.gasUsed, fn).toBeLessThanOrEqual(ref.gasUsed * 1.02);
      // solc's memory grows by every iteration's record or word (over 200 KB here)
      expect(ours.peakMemoryBytes, fn).toBeLessThan(1024);
    }
  });
});
