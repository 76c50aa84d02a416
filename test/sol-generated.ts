/**
 * Generated-program differential suite (used by test/sol-generated*.test.ts, split in two
 * files so vitest runs the halves in parallel): seeded programs from bench/gen-sol-program.mjs
 * (loops, memory arrays / structs / strings, abi.encode / decode, hashing, internal calls,
 * reverts, events, storage) are compiled by solc 0.8.37 viaIR with the optimizer (the oracle)
 * and by lifeline's `compileToBytecode`, deployed on fresh chains and run on the generator's
 * calls; return data, revert data, logs and storage changes must be identical.
 *
 * Programs we reject (UnsupportedFeature or any other error) are counted and must be 0: the
 * generator stays inside the subset packages/solidity/README.md lists as supported.
 *
 * Cost: solc viaIR ~0.5 s and our pipeline ~0.35 s per program (solc-js assembling our Yul
 * dominates), so the calls per program are the generator's own few (no generated calldata).
 */
import { describe, expect, it } from 'vitest';
import { genSolProgram } from '../bench/gen-sol-program.mjs';
import { callsFor, compareContracts, solcCompiler } from './sol-oracle.js';
import { lifelineCompiler } from './sol-ours.js';

const CHUNK = 20;

export function generatedSuite(title: string, baseSeed: number, count: number): void {
  const viaIR = solcCompiler(true);
  const tally = { programs: 0, rejected: [] as string[], calls: 0, reverted: 0, logs: 0 };

  describe(title, () => {
    for (let start = 0; start < count; start += CHUNK) {
      const seeds = Array.from({ length: Math.min(CHUNK, count - start) }, (_, i) => baseSeed + start + i);
      it(`seeds ${seeds[0]}..${seeds.at(-1)}`, async () => {
        const mismatches: string[] = [];
        const rejected: string[] = [];
        for (const seed of seeds) {
          const p = genSolProgram(seed);
          const sources = { [`gen${seed}.sol`]: p.source };
          const a = viaIR(sources, p.contract);
          if (!a.ok) throw new Error(`seed ${seed}: solc rejected the generated program:\n${a.errors.join('\n')}`);
          const b = lifelineCompiler(sources, p.contract);
          tally.programs++;
          if (!b.ok) {
            rejected.push(`seed ${seed}: ${b.errors.join('\n')}`);
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
        tally.rejected.push(...rejected);
        expect(rejected).toEqual([]);
        expect(mismatches).toEqual([]);
      });
    }

    it('ran every program, with returns, reverts and logs among the calls', () => {
      expect(tally.programs).toBe(count);
      expect(tally.rejected).toEqual([]);
      if (count >= 50) {
        expect(tally.reverted).toBeGreaterThan(tally.calls / 20);
        expect(tally.calls - tally.reverted).toBeGreaterThan(tally.calls / 4);
        expect(tally.logs).toBeGreaterThan(0);
      }
    });
  });
}

/** SOL_GEN_COUNT (default 200) programs from SOL_GEN_SEED (default 91000), half per file. */
export const GEN_COUNT = Number(process.env.SOL_GEN_COUNT ?? 200);
export const GEN_SEED = Number(process.env.SOL_GEN_SEED ?? 91000);
export const GEN_HALF = Math.ceil(GEN_COUNT / 2);
