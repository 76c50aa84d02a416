/**
 * Members grown by a helper (packages/sol/src/lifetime/field-stores.ts with held-release.ts),
 * on test-fixtures/sol/lifetimes_member_grow.sol: a loop calling a helper that may replace a
 * struct member with a larger array it allocates records the member before the call and
 * releases around the member's array at the iteration's end, also when several calls (helpers
 * growing it through another helper) may grow the member of one struct in a run; loops where
 * the old array stays reachable, the helper writes two members, hands the array back, another
 * struct takes it, or the calls of a run grow two structs, do not (a helper that keeps the old
 * array in another member, and a loop with a temporary under the new array, get a rooted
 * release instead: releases.ts (R7)). On the EVM the results are solc viaIR's, and peak memory
 * grows by the final array only (solc keeps every array the member ever held).
 * sol-fixtures.test.ts runs the listed calls against solc, lifetime off and on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { deployAndCall, solIrByFunction, solcCompiler } from './sol-oracle.js';

const FILE = join(__dirname, '..', 'test-fixtures', 'sol', 'lifetimes_member_grow.sol');
const sources = { 'lifetimes_member_grow.sol': readFileSync(FILE, 'utf8') };
const RELEASED = ['grow', 'named'];
// a temporary per iteration below the member's new array: the rooted release (releases.ts
// (R7)) slides the array over it, and history's two members (the helper keeps the array it
// replaces in the other one) too
const ROOTED = ['growWithScratch', 'history'];
const KEPT = ['keepsOld', 'twoMembers', 'alsoReturned', 'shared', 'alternates'];

/** The capacities `builder`'s buffer takes: `reserve` doubles it until the bytes written fit. */
function builderCapacities(n: number): number[] {
  const caps = [4];
  let len = 0;
  const reserve = (extra: number) => {
    let cap = caps.at(-1)!;
    if (len + extra <= cap) return;
    for (cap *= 2; cap < len + extra; cap *= 2);
    caps.push(cap);
  };
  for (let i = 0; i < n; i++) {
    for (const extra of [i > 0 ? 1 : 0, String(i * 37).length, 1]) {
      if (!extra) continue;
      reserve(extra);
      len += extra;
    }
  }
  return caps;
}

/** The capacities of an array grown by `next` when full, from `first`, to hold n values. */
function grown(first: number, n: number, next: (c: number) => number): number[] {
  const caps = [first];
  for (let len = 0; len < n; len++) if (len === caps.at(-1)) caps.push(next(caps.at(-1)!));
  return caps;
}

describe('members grown by a helper', () => {
  const on = compileToBytecode({ sources, contract: 'LifetimesMemberGrow', lifetime: true });

  it('records the member before the call and releases around it only where the struct is its one holder', () => {
    expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
    const perFunction = solIrByFunction(on.module!);
    for (const fn of RELEASED) {
      const ir = perFunction.get(fn)!;
      expect(ir, fn).toMatch(/sol\.displace %\w+ into %slot\w*, %slot\w* : !sol\.ptr<!sol\.array<\? x ui256, Memory>, Memory>\n(\s*%mark\w* = sol\.free_ptr : ui256\n)?\s*(%\w+ = )?sol\.call/);
      expect(ir, fn).toMatch(/sol\.free_held %mark\w*, %mark\w* held\(%slot\w*, %slot\w*\) \{/);
    }
    // grow's call runs every iteration; named's only under an `if`
    expect(perFunction.get('grow')!).toMatch(/sol\.free_held [^\n]*\{displaced, /);
    expect(perFunction.get('named')!).not.toMatch(/\{(displaced|direct), /);
    // builder's three calls, the first under an `if`, share one record taken before the `if`
    const builder = perFunction.get('builder')!;
    expect(builder.match(/sol\.displace /g)).toHaveLength(1);
    expect(builder).toMatch(/sol\.displace [^\n]*\n(\s*%mark\w* = sol\.free_ptr : ui256\n)?\s*(%\w+ = )?sol\.if /);
    expect(builder).toMatch(/sol\.free_held [^\n]*\{displaced, /);
    for (const fn of KEPT) expect(perFunction.get(fn)!, fn).not.toMatch(/sol\.(displace|free_held|free_rooted)/);
    for (const fn of ROOTED) expect(perFunction.get(fn)!, fn).toMatch(/sol\.free_rooted %mark\w*, %slot\w* keep\(/);
    const notes = on.lifetime!.entries.filter((e) => e.func.startsWith('grow_')).flatMap((e) => e.released);
    expect(notes.some((r) => /^held by a member of a struct/.test(r))).toBe(true);
  });

  it('gives solc viaIR results while memory holds the final array only', async () => {
    const a = solcCompiler(true)(sources, 'LifetimesMemberGrow');
    if (!a.ok) throw new Error(a.errors.join('\n'));
    const iface = new Interface(a.abi as never);
    const run = (bytecode: string, fn: string, n: number) => deployAndCall(bytecode, iface.encodeFunctionData(fn, [n]));
    // the capacities the member's array takes (the helpers' growth rules), from the first
    const capacities: Record<string, (n: number) => number[]> = {
      builder: builderCapacities,
      grow: (n) => grown(0, n, (c) => 2 * c + 1),
      growWithScratch: (n) => grown(2, n, (c) => 2 * c + 1),
      named: (n) => {
        const caps = [1];
        for (let i = 0; i < n; i++) if (i % 3 !== 1 && Math.floor(i / 2) >= caps.at(-1)!) caps.push(Math.floor(i / 2) + 4);
        return caps;
      },
    };
    for (const fn of [...RELEASED, 'growWithScratch', 'builder']) {
      const n = 400;
      const ref = await run(a.bytecode, fn, n);
      const ours = await run(on.bytecode, fn, n);
      expect(ref.success, fn).toBe(true);
      expect(ours.returnData, fn).toBe(ref.returnData);
      // solc keeps every array the member held; here the last one and, while it is copied, the
      // one before it: at least all the others are given back
      const words = (c: number) => (fn === 'builder' ? Math.ceil(c / 32) : c);
      // builder also gives back its decimal strings (under 32 bytes: two words each) but the one
      // being written
      const older = capacities[fn]!(n).slice(0, -2).reduce((t, c) => t + 32 * (words(c) + 1), 0) + (fn === 'builder' ? 64 * (n - 1) : 0);
      expect(older, fn).toBeGreaterThan(4000);
      expect(ref.peakMemoryBytes - ours.peakMemoryBytes, fn).toBeGreaterThanOrEqual(older);
    }
  });
});
