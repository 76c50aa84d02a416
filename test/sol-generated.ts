/**
 * Generated-program differential suites (used by test/sol-generated*.test.ts, split in files
 * so vitest runs them in parallel): seeded programs — from bench/gen-sol-program.mjs (loops,
 * memory arrays / structs / strings, abi.encode / decode, hashing, internal calls, reverts,
 * events, storage) and from bench/gen-sol-escape.mjs (shapes that stress escapes and
 * lifetimes) — are compiled by solc 0.8.37 viaIR with the optimizer (the oracle, ONE compile
 * and one deployment per program) and by lifeline's `compileToBytecode` with the lifetime
 * passes off and on, deployed on fresh chains and run on the generator's calls; return data,
 * revert data, logs and storage changes of both variants must equal the oracle's.
 *
 * Programs we reject (UnsupportedFeature or any other error) are counted and must be 0: the
 * generators stay inside the subset packages/solidity/README.md lists as supported.
 *
 * Cost: solc viaIR ~0.5 s and our pipeline ~0.35 s per variant per program (solc-js
 * assembling our Yul dominates), so the calls per program are the generator's own few (no
 * generated calldata).
 */
import { describe, expect, it } from 'vitest';
import { genSolProgram } from '../bench/gen-sol-program.mjs';
import { genSolEscape } from '../bench/gen-sol-escape.mjs';
import type { SolCallSpec } from '../bench/gen-sol-program.mjs';
import { callsFor, compareVariants, solcCompiler, type CompileFn } from './sol-oracle.js';
import { LIFELINE_VARIANTS } from './sol-ours.js';

const CHUNK = 20;
/** A chunk compiles 20 programs three or four times (solc, lifetime off, on, traced): minutes on a loaded 2-core machine. */
const CHUNK_TIMEOUT = 900_000;

export type Generator = (seed: number) => { source: string; contract: string; calls: SolCallSpec[] };

export const GENERATORS: Record<'program' | 'escape', Generator> = {
  program: genSolProgram,
  escape: (seed) => genSolEscape(seed),
};


export function generatedSuite(title: string, baseSeed: number, count: number, gen: Generator = genSolProgram, compilers: Record<string, CompileFn> = LIFELINE_VARIANTS): void {
  const viaIR = solcCompiler(true);
  const tally = { programs: 0, rejected: [] as string[], calls: 0, reverted: 0, logs: 0, compared: {} as Record<string, number> };

  describe(title, () => {
    for (let start = 0; start < count; start += CHUNK) {
      const seeds = Array.from({ length: Math.min(CHUNK, count - start) }, (_, i) => baseSeed + start + i);
      it(`seeds ${seeds[0]}..${seeds.at(-1)}`, async () => {
        const mismatches: string[] = [];
        const rejected: string[] = [];
        for (const seed of seeds) {
          const p = gen(seed);
          const sources = { [`${p.contract}.sol`]: p.source };
          const a = viaIR(sources, p.contract);
          if (!a.ok) throw new Error(`seed ${seed}: solc rejected the generated program:\n${a.errors.join('\n')}`);
          tally.programs++;
          const variants: Record<string, string> = {};
          for (const [name, compile] of Object.entries(compilers)) {
            const b = compile(sources, p.contract);
            if (b.ok) variants[name] = b.bytecode;
            else rejected.push(`seed ${seed} (${name}): ${b.errors.join('\n')}`);
          }
          const calls = callsFor(a.abi, p.calls, { generated: 0 });
          const cmps = await compareVariants(a.bytecode, variants, calls, { gasLimit: 30_000_000 });
          for (const [name, cmp] of Object.entries(cmps)) {
            tally.compared[name] = (tally.compared[name] ?? 0) + 1;
            for (const m of cmp.mismatches) mismatches.push(`seed ${seed} ${name} ${m.label}: ${m.differences.join(',')}`);
          }
          for (const c of Object.values(cmps)[0]?.calls ?? []) {
            tally.calls++;
            if (!c.a.success) tally.reverted++;
            if (c.a.logs.length) tally.logs++;
          }
        }
        tally.rejected.push(...rejected);
        expect(rejected).toEqual([]);
        expect(mismatches).toEqual([]);
      }, CHUNK_TIMEOUT);
    }

    it('ran every program with lifetime off and on, with returns, reverts and logs among the calls', () => {
      expect(tally.programs).toBe(count);
      expect(tally.rejected).toEqual([]);
      expect(tally.compared).toEqual(Object.fromEntries(Object.keys(compilers).map((k) => [k, count])));
      if (count >= 50) {
        expect(tally.reverted).toBeGreaterThan(tally.calls / 40);
        expect(tally.calls - tally.reverted).toBeGreaterThan(tally.calls / 4);
        expect(tally.logs).toBeGreaterThan(0);
      }
    });
  });
}

/** SOL_GEN_COUNT (default 200) programs of gen-sol-program from SOL_GEN_SEED (default 91000), half per file. */
export const GEN_COUNT = Number(process.env.SOL_GEN_COUNT ?? 200);
export const GEN_SEED = Number(process.env.SOL_GEN_SEED ?? 91000);
export const GEN_HALF = Math.ceil(GEN_COUNT / 2);

/** SOL_ESC_GEN_COUNT (default 120) programs of gen-sol-escape from SOL_ESC_GEN_SEED (default 47000), half per file. */
export const ESC_COUNT = Number(process.env.SOL_ESC_GEN_COUNT ?? 120);
export const ESC_SEED = Number(process.env.SOL_ESC_GEN_SEED ?? 47000);
export const ESC_HALF = Math.ceil(ESC_COUNT / 2);
