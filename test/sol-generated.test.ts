/**
 * Generated-program differential test: COUNT seeded programs from bench/gen-sol-program.mjs
 * (loops, memory arrays / structs / strings, abi.encode / decode, hashing, internal calls,
 * reverts, events, storage) are compiled by solc 0.8.37 viaIR with the optimizer (the
 * oracle) and by lifeline's `compileToBytecode`, deployed on fresh chains and run on the
 * generator's calls; return data, revert data, logs and storage changes must be identical.
 *
 * Programs we reject (UnsupportedFeature or any other error) are counted and must be 0: the
 * generator stays inside the subset packages/solidity/README.md lists as supported.
 *
 * Cost: solc viaIR ~0.5 s and our pipeline ~0.35 s per program (solc-js assembling our Yul
 * dominates), so the calls per program are the generator's own few (no generated calldata).
 *
 *   SOL_GEN_SEED=n   base seed (default fixed)        SOL_GEN_COUNT=n   programs (default 200)
 */
import { describe, expect, it } from 'vitest';
import { genSolProgram } from '../bench/gen-sol-program.mjs';
import { callsFor, compareContracts, solcCompiler } from './sol-oracle.js';
import { lifelineCompiler } from './sol-ours.js';

const COUNT = Number(process.env.SOL_GEN_COUNT ?? 200);
const BASE_SEED = Number(process.env.SOL_GEN_SEED ?? 91000);
const CHUNK = 20;

const viaIR = solcCompiler(true);
const tally = { programs: 0, rejected: [] as string[], calls: 0, reverted: 0, logs: 0 };

describe('generated programs: solc viaIR vs lifeline compileToBytecode', () => {
  for (let start = 0; start < COUNT; start += CHUNK) {
    const seeds = Array.from({ length: Math.min(CHUNK, COUNT - start) }, (_, i) => BASE_SEED + start + i);
    it(`seeds ${seeds[0]}..${seeds.at(-1)}`, async () => {
      const mismatches: string[] = [];
      for (const seed of seeds) {
        const p = genSolProgram(seed);
        const sources = { [`gen${seed}.sol`]: p.source };
        const a = viaIR(sources, p.contract);
        if (!a.ok) throw new Error(`seed ${seed}: solc rejected the generated program:\n${a.errors.join('\n')}`);
        const b = lifelineCompiler(sources, p.contract);
        tally.programs++;
        if (!b.ok) {
          tally.rejected.push(`seed ${seed}: ${b.errors.join('\n')}`);
          continue;
        }
        const calls = callsFor(a.abi, p.calls, { generated: 0 });
        const cmp = await compareContracts(a.bytecode, b.bytecode, calls, { gasLimit: 30_000_000 });
        for (const m of cmp.mismatches) mismatches.push(`seed ${seed} ${m.label}: ${m.differences.join(',')}`);
        for (const c of cmp.calls) {
          tally.calls++;
          if (!c.a.success) tally.reverted++;
          if (c.a.logs.length) tally.logs++;
        }
      }
      expect(tally.rejected).toEqual([]);
      expect(mismatches).toEqual([]);
    });
  }

  it('ran every program, with returns, reverts and logs among the calls', () => {
    expect(tally.programs).toBe(COUNT);
    expect(tally.rejected).toEqual([]);
    if (COUNT >= 50) {
      expect(tally.reverted).toBeGreaterThan(tally.calls / 20);
      expect(tally.calls - tally.reverted).toBeGreaterThan(tally.calls / 4);
      expect(tally.logs).toBeGreaterThan(0);
    }
  });
});
