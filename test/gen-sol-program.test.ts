/**
 * Self-check of bench/gen-sol-program.mjs on COUNT programs:
 *   (1) solc 0.8.37 compiles every program without errors, viaIR and legacy (optimizer on);
 *   (2) every call of every program ends without an exceptional halt (no out-of-gas or
 *       invalid opcode at a 30 M gas limit): only returns and reverts;
 *   (3) viaIR and legacy agree on every call (return / revert data, logs, storage);
 *   (4) results are varied: many calls return, many revert, with Panic codes, Error strings
 *       and custom errors among the reverts, and logs and storage changes appear;
 *   (5) the same seed gives the same program, other seeds other programs.
 *
 *   SOL_GEN_SEED=n   base seed (default fixed)
 *   SOL_GEN_COUNT=n  programs (default 60: the generator also feeds the 200-program
 *                    differential test against our compiler, test/sol-generated.test.ts)
 */
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { decodeRevert } from '@lifeline/evm';
import { genSolProgram } from '../bench/gen-sol-program.mjs';
import { callsFor, compareContracts, solcCompiler } from './sol-oracle.js';

const COUNT = Number(process.env.SOL_GEN_COUNT ?? 60);
const BASE_SEED = Number(process.env.SOL_GEN_SEED ?? 6000);
const CHUNK = 25;

const tally = { ok: 0, reverted: 0, panics: new Set<number>(), errorStrings: 0, custom: 0, logs: 0, storage: 0, calls: 0 };
const viaIR = solcCompiler(true);
const legacy = solcCompiler(false);

describe('gen-sol-program', () => {
  it('is deterministic in the seed', () => {
    expect(genSolProgram(42)).toEqual(genSolProgram(42));
    expect(genSolProgram(42).source).not.toBe(genSolProgram(43).source);
  });

  for (let start = 0; start < COUNT; start += CHUNK) {
    const seeds = Array.from({ length: Math.min(CHUNK, COUNT - start) }, (_, i) => BASE_SEED + start + i);
    it(`programs ${seeds[0]}..${seeds.at(-1)}: compile, run, viaIR = legacy`, async () => {
      for (const seed of seeds) {
        const p = genSolProgram(seed);
        const sources = { [`gen${seed}.sol`]: p.source };
        const a = viaIR(sources, p.contract);
        const b = legacy(sources, p.contract);
        if (!a.ok) throw new Error(`seed ${seed}: viaIR compile failed:\n${a.errors.join('\n')}`);
        if (!b.ok) throw new Error(`seed ${seed}: legacy compile failed:\n${b.errors.join('\n')}`);
        new Interface(a.abi as never); // the ABI is well-formed
        const calls = callsFor(a.abi, p.calls, { generated: 0 });
        const cmp = await compareContracts(a.bytecode, b.bytecode, calls, { gasLimit: 30_000_000 });
        expect(cmp.mismatches.map((m) => `seed ${seed} ${m.label}: ${m.differences.join(',')}`)).toEqual([]);
        for (const c of cmp.calls) {
          expect(c.a.error, `seed ${seed} ${c.label}`).toBeUndefined();
          tally.calls++;
          if (c.a.success) tally.ok++;
          else {
            tally.reverted++;
            const r = decodeRevert(c.a.revertData);
            if (r.kind === 'panic') tally.panics.add(r.code);
            if (r.kind === 'error') tally.errorStrings++;
            if (r.kind === 'custom') tally.custom++;
          }
          if (c.a.logs.length) tally.logs++;
          if (Object.keys(c.a.storageChanges).length) tally.storage++;
        }
      }
    });
  }

  it('results are varied', () => {
    const panics = [...tally.panics].sort((x, y) => x - y).map((c) => '0x' + c.toString(16));
    console.log(`gen-sol-program: ${tally.calls} calls, ${tally.ok} returned, ${tally.reverted} reverted (panics ${panics.join(' ')}, ${tally.errorStrings} Error(string), ${tally.custom} custom/empty), ${tally.logs} with logs, ${tally.storage} with storage changes`);
    if (COUNT < 50) return expect(tally.calls).toBeGreaterThan(0);
    expect(tally.ok).toBeGreaterThan(tally.calls * 0.25);
    expect(tally.reverted).toBeGreaterThan(tally.calls * 0.1);
    expect([...tally.panics].sort((x, y) => x - y)).toEqual(expect.arrayContaining([0x01, 0x11, 0x12, 0x32]));
    expect(tally.errorStrings).toBeGreaterThan(5);
    expect(tally.custom).toBeGreaterThan(5);
    expect(tally.logs).toBeGreaterThan(5);
    expect(tally.storage).toBeGreaterThan(5);
  });
});
