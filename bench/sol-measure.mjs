// Measurements of the Solidity benchmarks (bench/sol/*.sol), shared by bench/sol-lifetime.mjs
// (the gas / peak-memory / lower-bound table) and bench/sol-gas-snapshot.mjs (gas snapshots):
// every external function taking one uint256 `n` is called at each size on the contract
// compiled by each compiler, each on its own fresh chain (Osaka, 200 M gas limit).
//
// Compilers (keys): `on` / `off` lifeline's compileToBytecode with the lifetime passes on /
// off, `viaIR` / `legacy` solc 0.8.37 optimizer on. Gas is the call's execution gas (no
// intrinsic 21,000), peak memory the top frame's memoryWordCount × 32 (packages/evm). With
// `lowerBound`, solc viaIR's run is traced for the live-bytes lower bound (bench/live-bytes.mjs).
//
//   measure({ sizes, only, compilers, lowerBound, traced }) -> rows (traced: `on` with traced releases):
//     { contract, fn, call: 'C.fn', n, ok, gas: {key: n}, mem: {key: n}, same: {key: bool},
//       errors: {key: message}, lowerBound?, monotonic? }
import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Interface } from 'ethers';
import { Chain, compileSolidity, formatRevert } from '@lifeline/evm';
import { compileToBytecode } from '@lifeline/solidity';
import { liveBytesTracer } from './live-bytes.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const BENCH_DIR = join(here, 'sol');
export const GAS_LIMIT = 200_000_000;
export const ALL_COMPILERS = ['on', 'off', 'viaIR', 'legacy'];

function compile(key, sources, contract, traced) {
  if (key === 'viaIR' || key === 'legacy') {
    const r = compileSolidity(sources, { viaIR: key === 'viaIR', optimizer: true, contract });
    if (!r.ok) return { error: r.errors.map((e) => e.message).join('; ') };
    return { bytecode: r.contracts[contract].bytecode, abi: r.contracts[contract].abi };
  }
  try {
    const r = compileToBytecode({ sources, contract, lifetime: key === 'on', traced: key === 'on' && traced });
    const errors = r.errors.filter((e) => e.severity === 'error');
    if (errors.length) return { error: errors[0].message };
    return r.bytecode ? { bytecode: r.bytecode } : { error: 'no bytecode' };
  } catch (e) {
    return { error: String(e?.message ?? e) };
  }
}

const sameResult = (a, b) =>
  a.success === b.success && a.returnData === b.returnData && a.revertData === b.revertData && JSON.stringify(a.logs) === JSON.stringify(b.logs);

/** Contracts of `dir` (default bench/sol; name = file name), optionally filtered by `only` (`C` or `C.fn`). */
export function benchContracts(only, dir = BENCH_DIR) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sol'))
    .sort()
    .map((f) => ({ file: f, contract: basename(f, '.sol') }))
    .filter((c) => !only || only.split('.')[0] === c.contract);
}

export async function measure({ sizes, only, compilers = ALL_COMPILERS, lowerBound = false, dir = BENCH_DIR, traced = false }) {
  const keys = ['viaIR', ...compilers.filter((k) => k !== 'viaIR')]; // viaIR is the reference
  const tracer = lowerBound ? await liveBytesTracer() : undefined;
  const rows = [];
  for (const { file, contract } of benchContracts(only, dir)) {
    const sources = { [file]: readFileSync(join(dir, file), 'utf8') };
    const sides = Object.fromEntries(keys.map((k) => [k, compile(k, sources, contract, traced)]));
    if (sides.viaIR.error) throw new Error(`${file}: solc viaIR failed: ${sides.viaIR.error}`);
    const iface = new Interface(sides.viaIR.abi);
    const deployed = {};
    for (const [key, side] of Object.entries(sides)) {
      if (!side.bytecode) continue;
      const chain = await Chain.create({ gasLimit: GAS_LIMIT });
      const d = await chain.deploy(side.bytecode);
      if (d.success) deployed[key] = { chain, address: d.address };
      else side.error = `deploy: ${formatRevert(d.revertData)}`;
    }
    const fns = [];
    iface.forEachFunction((f) => {
      if (f.inputs.length === 1 && f.inputs[0].type === 'uint256') fns.push(f);
    });
    for (const f of fns) {
      if (only && only.includes('.') && only !== `${contract}.${f.name}`) continue;
      for (const n of sizes) {
        const calldata = iface.encodeFunctionData(f, [n]);
        const res = {};
        let lb;
        for (const [key, d] of Object.entries(deployed)) {
          if (key === 'viaIR' && tracer) tracer.start();
          res[key] = await d.chain.call(d.address, calldata);
          if (key === 'viaIR' && tracer) lb = tracer.stop((res[key].returnData.length - 2) / 2);
        }
        const ref = res.viaIR;
        const row = {
          contract, fn: f.name, call: `${contract}.${f.name}`, n,
          ok: ref.success ? 'ok' : formatRevert(ref.revertData) + (ref.error ? ` ${ref.error}` : ''),
          gas: {}, mem: {}, same: {}, errors: {},
        };
        for (const k of keys) {
          if (sides[k].error) row.errors[k] = sides[k].error;
          if (!res[k]) continue;
          row.gas[k] = res[k].gasUsed;
          row.mem[k] = res[k].peakMemoryBytes;
          row.same[k] = sameResult(res[k], ref);
        }
        if (lb) Object.assign(row, { lowerBound: lb.lowerBound, monotonic: lb.monotonic });
        rows.push(row);
      }
    }
  }
  return rows;
}

export const fmt = (v) => (v === undefined ? '–' : typeof v === 'number' ? v.toLocaleString('en-US') : v);
