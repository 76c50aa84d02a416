/**
 * Differential test of every Solidity fixture (test-fixtures/sol/<name>.sol with
 * <name>.calls.json beside it): side A is solc 0.8.37 viaIR with the optimizer, the oracle;
 * side B is the compiler under test. Both are deployed with the same constructor arguments
 * and run the listed calls plus seeded generated and malformed calldata (test/sol-oracle.ts);
 * return data, revert data, logs and storage changes must be identical.
 *
 * Side B is lifeline's pipeline (`compileToBytecode`, test/sol-ours.ts) twice: with the
 * lifetime passes off and on; each must equal the oracle (one oracle deployment serves
 * both). solc legacy can be put in B's place (`solcCompiler(false)`) to validate the fixtures
 * and the harness alone.
 *
 * The test also checks that each fixture exercises what it is for: its listed calls must
 * contain both successful and reverting ones unless the file says otherwise, so a fixture
 * whose calls all fail (e.g. a wrong selector list) cannot pass silently.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { turnEventLoop } from './event-loop.js';
import { callsFor, compareVariants, solcCompiler, type CallsFile, type CompileFn } from './sol-oracle.js';
import { LIFELINE_VARIANTS, TRACED_VARIANTS } from './sol-ours.js';

const DIR = join(import.meta.dirname, '..', 'test-fixtures', 'sol');

/** The oracle: solc viaIR, optimizer on. */
const COMPILE_A: CompileFn = solcCompiler(true);
/** The compilers under test: lifeline's Solidity pipeline, lifetime passes off and on. */
const COMPILE_B: Record<string, CompileFn> = LIFELINE_VARIANTS;
/** For a fixture whose call list says `"traced": true`: the traced releases too (LIFETIME.md 2*). */
const COMPILE_B_TRACED: Record<string, CompileFn> = TRACED_VARIANTS;

const fixtures = readdirSync(DIR)
  .filter((f) => f.endsWith('.sol'))
  .sort();

describe('Solidity fixtures: solc viaIR vs lifeline compileToBytecode (lifetime off and on)', () => {
  it('has fixtures, each with a call list', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(10);
    for (const f of fixtures) expect(readdirSync(DIR)).toContain(f.replace(/\.sol$/, '.calls.json'));
  });

  // the largest fixture (lifetimes_held.sol, 97 listed calls on three builds) takes about a
  // minute alone, and two test files run at once on a two-core machine
  for (const file of fixtures) {
    it(file, async () => {
      const source = readFileSync(join(DIR, file), 'utf8');
      const spec = JSON.parse(readFileSync(join(DIR, file.replace(/\.sol$/, '.calls.json')), 'utf8')) as CallsFile & {
        expectNoRevert?: boolean;
        traced?: boolean;
      };
      const compilers = spec.traced ? COMPILE_B_TRACED : COMPILE_B;
      const sources = { [basename(file)]: source };
      const a = COMPILE_A(sources, spec.contract);
      if (!a.ok) throw new Error(`side A failed to compile ${file}:\n${a.errors.join('\n')}`);
      await turnEventLoop();
      const variants: Record<string, { initcode: string; ctorArgs: string }> = {};
      const ctorArgs = spec.ctorArgs ? new Interface(a.abi as never).encodeDeploy(spec.ctorArgs as never[]) : '';
      for (const [name, compile] of Object.entries(compilers)) {
        const b = compile(sources, spec.contract);
        if (!b.ok) throw new Error(`side B (${name}) failed to compile ${file}:\n${b.errors.join('\n')}`);
        variants[name] = { initcode: b.bytecode, ctorArgs };
        await turnEventLoop();
      }
      const calls = callsFor(a.abi, spec, { seed: hash(file) });
      const cmps = await compareVariants({ initcode: a.bytecode, ctorArgs }, variants, calls, { gasLimit: 10_000_000 });
      const report = Object.entries(cmps).flatMap(([name, cmp]) => cmp.mismatches.map((m) => ({
        variant: name,
        label: m.label,
        differences: m.differences,
        a: { success: m.a.success, ret: m.a.returnData, rev: m.a.revertData, err: m.a.error },
        b: { success: m.b.success, ret: m.b.returnData, rev: m.b.revertData, err: m.b.error },
      })));
      expect(report).toEqual([]);
      expect(Object.keys(cmps)).toEqual(Object.keys(compilers));
      const cmp = cmps['lifetime-on']!;
      expect(cmp.deploy.a.success).toBe(true);
      // The listed calls are the fixture's purpose: none may run out of gas or hit an invalid
      // opcode, and (unless stated) some succeed and some revert.
      const listed = cmp.calls.slice(0, spec.calls.length);
      expect(listed.filter((c) => c.a.error !== undefined).map((c) => c.label)).toEqual([]);
      expect(listed.some((c) => c.a.success)).toBe(true);
      if (!spec.expectNoRevert) expect(listed.some((c) => !c.a.success)).toBe(true);
    }, 300_000);
  }
});

/** A small stable hash of the file name, so each fixture gets its own generated calls. */
function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
