/**
 * Self-check of bench/gen-sol-escape.mjs on COUNT programs:
 *   (1) solc 0.8.37 compiles every program without errors, viaIR and legacy (optimizer on);
 *   (2) every call ends without an exceptional halt (no out-of-gas or invalid opcode at a 30 M
 *       gas limit): only returns and reverts;
 *   (3) viaIR and legacy agree on every call (return / revert data, logs, storage) — except
 *       calls of functions that expose the free pointer through inline assembly, whose value
 *       legitimately differs between the two code generators;
 *   (4) results are varied: many calls return, some revert, logs and storage changes appear,
 *       and every shape is generated;
 *   (5) the same seed gives the same program, other seeds other programs; `asm: false` leaves
 *       inline assembly out.
 *
 *   SOL_ESC_SEED=n   base seed (default fixed)     SOL_ESC_COUNT=n   programs (default 40)
 */
import { describe, expect, it } from 'vitest';
import { SHAPES, genSolEscape } from '../bench/gen-sol-escape.mjs';
import { callsFor, compareContracts, solcCompiler } from './sol-oracle.js';

const COUNT = Number(process.env.SOL_ESC_COUNT ?? 40);
const BASE_SEED = Number(process.env.SOL_ESC_SEED ?? 7000);
const CHUNK = 20;

const tally = { ok: 0, reverted: 0, logs: 0, storage: 0, calls: 0, shapes: new Map<string, number>() };
const viaIR = solcCompiler(true);
const legacy = solcCompiler(false);

describe('gen-sol-escape', () => {
  it('is deterministic in the seed; asm can be left out', () => {
    expect(genSolEscape(42)).toEqual(genSolEscape(42));
    expect(genSolEscape(42).source).not.toBe(genSolEscape(43).source);
    for (let s = 0; s < 40; s++) expect(genSolEscape(s, { asm: false }).source).not.toMatch(/assembly/);
    expect(Array.from({ length: 40 }, (_, s) => genSolEscape(s).source).some((src) => src.includes('assembly'))).toBe(true);
  });

  for (let start = 0; start < COUNT; start += CHUNK) {
    const seeds = Array.from({ length: Math.min(CHUNK, COUNT - start) }, (_, i) => BASE_SEED + start + i);
    it(`programs ${seeds[0]}..${seeds.at(-1)}: compile, run, viaIR = legacy`, async () => {
      for (const seed of seeds) {
        const p = genSolEscape(seed);
        for (const s of p.shapes) tally.shapes.set(s, (tally.shapes.get(s) ?? 0) + 1);
        const sources = { [`esc${seed}.sol`]: p.source };
        const a = viaIR(sources, p.contract);
        const b = legacy(sources, p.contract);
        if (!a.ok) throw new Error(`seed ${seed}: viaIR compile failed:\n${a.errors.join('\n')}`);
        if (!b.ok) throw new Error(`seed ${seed}: legacy compile failed:\n${b.errors.join('\n')}`);
        const calls = callsFor(a.abi, p.calls, { generated: 0 });
        const cmp = await compareContracts(a.bytecode, b.bytecode, calls, { gasLimit: 30_000_000 });
        // the free pointer's value is codegen-specific (legacy and viaIR lay memory out differently)
        const fpShapes = new Set(p.shapes.flatMap((s, k) => (s === 'asm' && /mload\(0x40\)/.test(fnBody(p.source, `e${k}_asm`)) ? [`e${k}_asm`] : [])));
        const mism = cmp.mismatches.filter((m) => !fpShapes.has(m.label.replace(/\(.*$/, '')));
        expect(mism.map((m) => `seed ${seed} ${m.label}: ${m.differences.join(',')}`)).toEqual([]);
        for (const c of cmp.calls) {
          expect(c.a.error, `seed ${seed} ${c.label}`).toBeUndefined();
          tally.calls++;
          if (c.a.success) tally.ok++;
          else tally.reverted++;
          if (c.a.logs.length) tally.logs++;
          if (Object.keys(c.a.storageChanges).length) tally.storage++;
        }
      }
    }, 600_000); // 20 programs compiled twice by solc: minutes on a loaded machine
  }

  it('results are varied and every shape is generated', () => {
    console.log(`gen-sol-escape: ${tally.calls} calls, ${tally.ok} returned, ${tally.reverted} reverted, ${tally.logs} with logs, ${tally.storage} with storage changes; shapes ${JSON.stringify(Object.fromEntries(tally.shapes))}`);
    if (COUNT < 30) return expect(tally.calls).toBeGreaterThan(0);
    expect(tally.ok).toBeGreaterThan(tally.calls * 0.5);
    expect(tally.reverted).toBeGreaterThan(tally.calls * 0.03);
    expect(tally.logs).toBeGreaterThan(3);
    expect(tally.storage).toBeGreaterThan(3);
    for (const s of SHAPES) expect(tally.shapes.get(s) ?? 0, s).toBeGreaterThanOrEqual(3);
  });
});

/** The text of function `name` in `source` (up to the next function). */
function fnBody(source: string, name: string): string {
  const i = source.indexOf(`function ${name}(`);
  const j = source.indexOf('\n    function ', i + 1);
  return source.slice(i, j < 0 ? undefined : j);
}
