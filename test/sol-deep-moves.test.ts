/**
 * Deep moves and compaction at allocation points (packages/sol/LIFETIME.md "Deep moves",
 * "Release points" 4'), on test-fixtures/sol/lifetimes_deep.sol: the sol IR keeps object
 * graphs at loop ends (`keep(… !sol.array<2 x !sol.array<2 x ui256 …>> …)`, `since_mark`),
 * spills and moves a concat result before the encoder allocates, and moves the allocation a
 * loop only reads above the initial value it replaces; the report says so; and on the EVM
 * the results are solc viaIR's while the memory of the carried graphs stops growing with n
 * (solc's grows by every iteration's matrix / string).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { printOp } from '@lifeline/ir';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_deep.sol');
const SRC = readFileSync(FILE, 'utf8');
const sources = { 'lifetimes_deep.sol': SRC };

describe('deep moves and compaction at allocations', () => {
  it('keeps object graphs at loop ends, compacts before allocations, and says so', () => {
    const out = compileToBytecode({ sources, contract: 'LifetimesDeep', lifetime: true });
    expect(out.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const sol = printOp(out.module!);
    // matPow: the carried matrix is kept as a graph whose every object was allocated since the mark
    expect(sol).toMatch(/sol\.free %mark\w* keep\(%slot\w* : !sol\.ptr<!sol\.array<2 x !sol\.array<2 x ui256, Memory>, Memory>, Stack>\) \{since_mark\}/);
    // labelHash: the concat result is spilled, moved down (gap_first) and reloaded before the encoder
    expect(sol).toMatch(/sol\.store %\w+, %slot\w* : !sol\.ptr<!sol\.string<Memory>, Stack>\n\s*sol\.free %mark\w* keep\(%slot\w* : !sol\.ptr<!sol\.string<Memory>, Stack>\) \{gap_first, since_mark\} : ui256\n\s*%\w+ = sol\.load %slot\w*[^\n]*\n\s*%\w+ = sol\.encode packed/);
    const released = (fn: string) => out.lifetime!.entries.filter((e) => e.func.startsWith(`${fn}_`)).flatMap((e) => e.released);
    expect(released('matPow').some((r) => /^deep-moved down to the loop's mark .* inner addresses rebased/.test(r))).toBe(true);
    expect(released('matPow')).toContain('allocated earlier, below the initial values its loop replaces');
    expect(released('labelHash').some((r) => /compaction at an allocation/.test(r))).toBe(true);
    // the Yul moves the matrix with a straight-line helper
    expect(out.yul).toMatch(/function keep_since_mark_t_array\$_t_array\$_t_uint256_\$2_\$2\(p, mark\) -> r/);
  });

  it('gives solc viaIR results while the carried graphs stop growing memory', async () => {
    const a = solcCompiler(true)(sources, 'LifetimesDeep');
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const on = compileToBytecode({ sources, contract: 'LifetimesDeep', lifetime: true });
    const iface = new Interface(a.abi as never);
    const run = (bytecode: string, fn: string, n: number) => deployAndCall(bytecode, iface.encodeFunctionData(fn, [n]));
    for (const [fn, small, big] of [['matPow', 10, 300], ['nested3', 10, 200], ['labelHash', 10, 200], ['structCarry', 5, 60]] as const) {
      const peaks: number[] = [];
      for (const n of [small, big]) {
        const ref = await run(a.bytecode, fn, n);
        const ours = await run(on.bytecode, fn, n);
        expect(ref.success, `${fn}(${n})`).toBe(true);
        expect(ours.returnData, `${fn}(${n})`).toBe(ref.returnData);
        peaks.push(ours.peakMemoryBytes);
        if (n === big) expect(ref.peakMemoryBytes, `${fn}(${n}) grows under solc`).toBeGreaterThan(4 * ours.peakMemoryBytes);
      }
      // the fixed shapes keep the same peak at any n; structCarry's array grows by one word an iteration
      if (fn !== 'structCarry') expect(peaks[1], fn).toBe(peaks[0]);
    }
  });

  it('leaves a returned array of struct addresses that cannot move without walking it', async () => {
    // with a walk of its 300 elements at the callee's return, lifetime on cost more than off
    const off = compileToBytecode({ sources, contract: 'LifetimesDeep', lifetime: false });
    const on = compileToBytecode({ sources, contract: 'LifetimesDeep', lifetime: true });
    const a = solcCompiler(true)(sources, 'LifetimesDeep');
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const data = new Interface(a.abi as never).encodeFunctionData('itemsTotal', [300]);
    const [ref, withOff, withOn] = [await deployAndCall(a.bytecode, data), await deployAndCall(off.bytecode, data), await deployAndCall(on.bytecode, data)];
    expect(withOn.returnData).toBe(ref.returnData);
    expect(withOn.gasUsed).toBeLessThan(0.9 * withOff.gasUsed);
  });
});
