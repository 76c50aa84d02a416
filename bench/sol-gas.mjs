#!/usr/bin/env node
// Gas of lifeline-sol against solc on the memory-heavy benchmarks (bench/sol, copies of
// /work/shared/sol-bench; or --dir): every external function taking one uint256 `n` is called at each n on three
// builds of the same source —
//   - ours: compileToBytecode of @lifeline/solidity (sol lowering → Yul → solc-js optimizer),
//   - solc 0.8.37 viaIR, optimizer on (the reference of the 1.10× gas bar),
//   - solc 0.8.37 legacy codegen, optimizer on (for context).
// Gas is the call's execution gas (no intrinsic 21,000 / calldata cost); peak memory is the
// top frame's memoryWordCount × 32 (packages/evm Chain). `same` says whether our return /
// revert data and logs equal solc viaIR's. Prints a markdown table; exits 1 when a result
// differs or a ratio exceeds --max (default 1.10).
//
//   pnpm build && node bench/sol-gas.mjs [--sizes 10,100,1000] [--only Contract[.fn]]
//                                        [--dir DIR] [--max 1.10] [--json FILE]
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// the workspace packages through their built dist (root does not depend on them)
const { Chain, compileSolidity, formatRevert } = await import(join(root, 'packages/evm/dist/index.js'));
const { compileToBytecode } = await import(join(root, 'packages/solidity/dist/index.js'));

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const SIZES = opt('--sizes', '10,100,1000').split(',').map(Number);
const ONLY = opt('--only', undefined);
const DIR = opt('--dir', join(root, 'bench', 'sol'));
const MAX = Number(opt('--max', '1.10'));
const JSON_OUT = opt('--json', undefined);
const GAS_LIMIT = 200_000_000;

const fmt = (v) => (v === undefined ? '–' : typeof v === 'number' ? v.toLocaleString('en-US') : v);
const word = (n) => BigInt(n).toString(16).padStart(64, '0');

/** Functions `f(uint256)` of a solc ABI with their selectors (from solc's methodIdentifiers). */
function benchFunctions(abi, ids) {
  const out = [];
  for (const e of abi) {
    if (e.type !== 'function' || e.inputs.length !== 1 || e.inputs[0].type !== 'uint256') continue;
    out.push({ name: e.name, selector: ids[`${e.name}(uint256)`] });
  }
  return out;
}

async function deploy(bytecode) {
  const chain = await Chain.create({ gasLimit: GAS_LIMIT });
  const d = await chain.deploy(bytecode);
  if (!d.success) throw new Error(`deploy failed: ${formatRevert(d.revertData)}`);
  return { chain, address: d.address };
}

const rows = [];
let bad = false;
for (const file of readdirSync(DIR).filter((f) => f.endsWith('.sol')).sort()) {
  const contract = basename(file, '.sol');
  if (ONLY && ONLY.split('.')[0] !== contract) continue;
  const sources = { [file]: readFileSync(join(DIR, file), 'utf8') };
  const builds = {};
  let fns;
  for (const [key, viaIR] of [['viaIR', true], ['legacy', false]]) {
    const r = compileSolidity(sources, { viaIR, optimizer: true, contract, outputs: ['evm.methodIdentifiers'] });
    if (!r.ok) throw new Error(`${file}: solc (${key}): ${r.errors.map((e) => e.message).join('; ')}`);
    const c = r.contracts[contract];
    builds[key] = await deploy(c.bytecode);
    fns ??= benchFunctions(c.abi, c.extra['evm.methodIdentifiers']);
  }
  const ours = compileToBytecode({ sources, contract });
  const errs = ours.errors.filter((e) => e.severity === 'error');
  if (errs.length) throw new Error(`${file}: lifeline-sol: ${errs.map((e) => e.formattedMessage ?? e.message).join('; ')}`);
  builds.ours = await deploy(ours.bytecode);
  for (const f of fns) {
    if (ONLY && ONLY.includes('.') && ONLY !== `${contract}.${f.name}`) continue;
    for (const n of SIZES) {
      const calldata = `0x${f.selector}${word(n)}`;
      const res = {};
      for (const [key, b] of Object.entries(builds)) res[key] = await b.chain.call(b.address, calldata);
      const ref = res.viaIR;
      const same = ['ours', 'legacy'].every(
        (k) => res[k].success === ref.success && res[k].returnData === ref.returnData && res[k].revertData === ref.revertData && JSON.stringify(res[k].logs) === JSON.stringify(ref.logs),
      );
      const ratio = res.ours.gasUsed / ref.gasUsed;
      if (!same || ratio > MAX) bad = true;
      rows.push({
        call: `${contract}.${f.name}`,
        n,
        result: ref.success ? 'ok' : formatRevert(ref.revertData),
        gas: { ours: res.ours.gasUsed, viaIR: ref.gasUsed, legacy: res.legacy.gasUsed },
        mem: { ours: res.ours.peakMemoryBytes, viaIR: ref.peakMemoryBytes, legacy: res.legacy.peakMemoryBytes },
        ratio,
        same,
      });
    }
  }
}

console.log(`solc 0.8.37 (optimizer on, 200 runs), @ethereumjs/evm 10 Osaka; gas = execution gas; peak memory in bytes\n`);
console.log('| call | n | result | gas ours | gas solc viaIR | gas solc legacy | ours / viaIR | peak mem ours | peak mem viaIR | peak mem legacy | same |');
console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|');
for (const r of rows)
  console.log(
    `| ${r.call} | ${fmt(r.n)} | ${r.result} | ${fmt(r.gas.ours)} | ${fmt(r.gas.viaIR)} | ${fmt(r.gas.legacy)} | ${r.ratio.toFixed(3)} | ${fmt(r.mem.ours)} | ${fmt(r.mem.viaIR)} | ${fmt(r.mem.legacy)} | ${r.same ? 'yes' : '**no**'} |`,
  );
const ratios = rows.map((r) => r.ratio);
console.log(`\nours / viaIR: min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)}`);
if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(rows, null, 2));
process.exit(bad ? 1 : 0);
