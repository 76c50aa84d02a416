/**
 * Soundness of the points-to / escape analysis (packages/analyses/src/points-to.ts) on
 * compiled programs, by POISONING: memory the analysis calls dead after an internal function
 * returns is overwritten with garbage right before the return, and the program must still
 * behave exactly as without the poison on the EVM (return data, revert data, logs, storage).
 *
 * What is poisoned: in every internal (non-entry) sol.func, before every sol.return, each
 * memory aggregate held by a value that dominates the return — a top-level SSA value
 * (allocation, call result) or the current value of a top-level local slot (`sol.load` of it
 * at the return, which covers allocations made in loops and branches) — whose points-to set
 * is non-empty and made only of alloc / call objects that ProgramPointsTo reports as NOT
 * escaping. Poison writes 2^(w-1)-3 into every integer member of a struct, into the first
 * elements of a static integer array, and into element 0 of a dynamic integer array when its
 * length is non-zero (behind a sol.if, so no new out-of-bounds write or panic).
 *
 * Why it can fail: if the analysis reported `local` for memory that a caller reads after the
 * return (returned, stored into an argument or into memory the caller reaches, merged with a
 * returned value, …), the caller reads the garbage and the results differ. The negative
 * control poisons every such value regardless of the analysis (`all`) and must make some
 * program differ — so the corpus does read memory across returns and the poison is seen.
 *
 * Corpus: test-fixtures/points-to/EscapeStress.sol (the escape shapes of issue 7) and every
 * test-fixtures/sol/*.sol with its call list.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ProgramPointsTo, defaultIsEntry } from '@lifeline/analyses';
import { allDialects, createRegistry } from '@lifeline/dialects';
import { Builder, IntegerAttr, IntegerType, StringAttr, i1, type Operation, type Type, type Value } from '@lifeline/ir';
import { ArrayType, PtrType, StructType, solDialect } from '@lifeline/sol';
import { compileToBytecode, lowerToSol } from '@lifeline/solidity';
import { turnEventLoop } from './event-loop.js';
import { callsFor, compareContracts, type CallsFile } from './sol-oracle.js';

const registry = createRegistry([...allDialects, solDialect]);
const ui256 = IntegerType.get(256, 'unsigned');
const ui64 = IntegerType.get(64, 'unsigned');

type Mode = 'local' | 'all';

function garbage(t: Type): bigint | undefined {
  if (!(t instanceof IntegerType) || t.width < 3) return undefined;
  return (1n << BigInt(Math.min(t.width, 256) - 1)) - 3n;
}

/** Writes garbage into the memory `v` addresses, before `before`; false if its type has no integer to poison. */
function poisonValue(b: Builder, v: Value, before: Operation): boolean {
  b.setInsertionPointBefore(before);
  const t = v.type;
  const constant = (x: bigint, ty: IntegerType): Value =>
    b.create('sol.constant', { resultTypes: [ty], attributes: [['value', new IntegerAttr(x, ty)]] }).result(0);
  const store = (base: Value, idx: Value, elt: IntegerType): void => {
    const p = b.create('sol.gep', { operands: [base, idx], resultTypes: [PtrType.get(elt, 'Memory')] }).result(0);
    b.create('sol.store', { operands: [constant(garbage(elt)!, elt), p] });
  };
  if (t instanceof StructType) {
    let any = false;
    t.memberTypes.forEach((m, k) => {
      if (m instanceof IntegerType && garbage(m) !== undefined) {
        store(v, constant(BigInt(k), ui64), m);
        any = true;
      }
    });
    return any;
  }
  if (t instanceof ArrayType && t.eltType instanceof IntegerType && garbage(t.eltType) !== undefined) {
    const elt = t.eltType;
    if (!t.isDynamic) {
      for (let i = 0; i < Math.min(t.size, 4); i++) store(v, constant(BigInt(i), ui256), elt);
      return t.size > 0;
    }
    const len = b.create('sol.length', { operands: [v], resultTypes: [ui256] }).result(0);
    const c0 = constant(0n, ui256);
    const nz = b.create('sol.cmp', { operands: [len, c0], resultTypes: [i1], attributes: [['predicate', new StringAttr('gt')]] }).result(0);
    const ifOp = b.create('sol.if', { operands: [nz], regions: 2 });
    const block = b.createBlock(ifOp.regions[0]!);
    b.setInsertionPointToEnd(block);
    store(v, constant(0n, ui256), elt);
    b.create('sol.yield');
    return true;
  }
  return false;
}

/** Poisons the module in place; returns the number of (value, return) pairs poisoned. */
function poison(module: Operation, mode: Mode): number {
  const program = new ProgramPointsTo(module);
  const b = new Builder(registry);
  let sites = 0;
  for (const fn of program.functions) {
    if (fn.name !== 'sol.func' || defaultIsEntry(fn) || fn.regions[0]!.empty) continue;
    const f = program.function(fn);
    const top = fn.regions[0]!.blocks[0]!;
    const returns: Operation[] = [];
    fn.walk((op) => void (op.name === 'sol.return' && returns.push(op)));
    const dead = (v: Value): boolean => {
      const objs = [...f.pointsTo(v)];
      if (!objs.length) return false;
      if (mode === 'all') return objs.every((o) => o.kind === 'alloc' || o.kind === 'call');
      return objs.every((o) => (o.kind === 'alloc' || o.kind === 'call') && f.escape(o).length === 0);
    };
    const topOps = top.opList();
    for (const ret of returns) {
      let anchor: Operation = ret;
      while (anchor.parent !== top) anchor = anchor.parentOp!;
      for (const op of topOps) {
        if (op === anchor || !op.isBeforeInBlock(anchor)) continue;
        for (const r of op.results) {
          let v: Value = r;
          if (op.name === 'sol.alloca') {
            const pointee = (r.type as PtrType).pointeeType;
            if (!(pointee instanceof StructType || pointee instanceof ArrayType) || pointee.loc !== 'Memory') continue;
            // The slot's current value, read right before the return.
            b.setInsertionPointBefore(ret);
            v = b.create('sol.load', { operands: [r], resultTypes: [pointee] }).result(0);
            if (!dead(v)) continue;
          } else if (!(r.type instanceof StructType || r.type instanceof ArrayType) || (r.type as StructType).loc !== 'Memory' || !dead(r)) continue;
          if (poisonValue(b, v, ret)) sites++;
        }
      }
    }
  }
  return sites;
}

interface Program { file: string; sources: Record<string, string>; spec: CallsFile }

function corpus(): Program[] {
  const load = (dir: string, file: string): Program => ({
    file,
    sources: { [basename(file)]: readFileSync(join(dir, file), 'utf8') },
    spec: JSON.parse(readFileSync(join(dir, file.replace(/\.sol$/, '.calls.json')), 'utf8')) as CallsFile,
  });
  const root = join(import.meta.dirname, '..', 'test-fixtures');
  const sol = readdirSync(join(root, 'sol')).filter((f) => f.endsWith('.sol')).sort();
  return [load(join(root, 'points-to'), 'EscapeStress.sol'), ...sol.map((f) => load(join(root, 'sol'), f))];
}

async function run(p: Program, mode: Mode): Promise<{ sites: number; mismatches: string[] }> {
  let sites = 0;
  const poisoned = compileToBytecode({ sources: p.sources, contract: p.spec.contract }, (input) => {
    const lowered = lowerToSol(input);
    if (lowered.module) sites += poison(lowered.module, mode);
    return lowered;
  });
  // Nothing poisoned: the program is its own baseline, no need to run it.
  if (sites === 0) return { sites, mismatches: [] };
  await turnEventLoop();
  const base = compileToBytecode({ sources: p.sources, contract: p.spec.contract });
  if (!base.bytecode) throw new Error(`${p.file} does not compile: ${base.errors.map((e) => e.message).join('\n')}`);
  if (!poisoned.bytecode) throw new Error(`${p.file} poisoned (${mode}) does not compile: ${poisoned.errors.map((e) => e.message).join('\n')}`);
  const ctorArgs = p.spec.ctorArgs ? new Interface(base.abi as never).encodeDeploy(p.spec.ctorArgs as never[]) : '';
  const calls = callsFor(base.abi, p.spec, { seed: 7, generated: Math.min(p.spec.generated ?? 2, 2) });
  const cmp = await compareContracts({ initcode: base.bytecode, ctorArgs }, { initcode: poisoned.bytecode, ctorArgs }, calls, { gasLimit: 10_000_000 });
  return { sites, mismatches: cmp.mismatches.map((m) => `${m.label}: ${m.differences.join(',')}`) };
}

describe('points-to soundness: poisoning memory reported dead at internal returns changes nothing', () => {
  const programs = corpus();
  let localSites = 0;
  for (const p of programs) {
    it(p.file, async () => {
      const r = await run(p, 'local');
      localSites += r.sites;
      console.log(`${p.file}: ${r.sites} poisoned (value, return) pairs`);
      expect(r.mismatches).toEqual([]);
    });
  }
  it('poisons something: the corpus has memory reported dead at internal returns', () => {
    expect(localSites).toBeGreaterThanOrEqual(10);
  });
  it('negative control: poisoning memory regardless of the analysis is observed', async () => {
    const r = await run(programs[0]!, 'all');
    expect(r.sites).toBeGreaterThan(0);
    expect(r.mismatches.length).toBeGreaterThan(0);
  });
});
