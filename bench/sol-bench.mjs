// Gas and peak-memory table of the Solidity benchmarks (bench/sol/*.sol): every external
// function taking one uint256 `n` is called at n = 10, 100, 1000 on contracts compiled by
//   - solc 0.8.37 viaIR, optimizer on (the reference the 1.10× gas target is about),
//   - solc 0.8.37 legacy codegen, optimizer on,
//   - lifeline-sol: `compileToBytecode` of @lifeline/solidity, when that package exports it
//     (imported dynamically; its columns show "–" while it does not).
// Gas is the call's execution gas (no intrinsic 21,000 / calldata cost), peak memory is the
// top frame's memoryWordCount × 32 (packages/evm). `same` says whether every compiler's
// return / revert data and logs equal solc viaIR's for that call.
//
//   node bench/sol-bench.mjs [--sizes 10,100,1000] [--only Contract[.fn]] [--json FILE]
//   LIFELINE_SOL_MODULE=path/to/module.mjs   take compileToBytecode from that module instead
//
// compileToBytecode is called as compileToBytecode(sources, { contract, optimizer: true })
// and may return a hex string, `{ bytecode }`, or `{ contracts: { [name]: { bytecode } } }`;
// `{ errors }` with an error marks the contract "error" in the table.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Interface } from 'ethers';
import { Chain, compileSolidity, formatRevert } from '@lifeline/evm';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const SIZES = opt('--sizes', '10,100,1000').split(',').map(Number);
const ONLY = opt('--only', undefined);
const JSON_OUT = opt('--json', undefined);
const GAS_LIMIT = 200_000_000;

/** The lifeline-sol compile function, or undefined while @lifeline/solidity lacks it. */
async function loadLifeline() {
  try {
    const spec = process.env.LIFELINE_SOL_MODULE ? new URL(process.env.LIFELINE_SOL_MODULE, `file://${process.cwd()}/`).href : '@lifeline/solidity';
    const mod = await import(spec);
    return typeof mod.compileToBytecode === 'function' ? mod.compileToBytecode : undefined;
  } catch {
    return undefined;
  }
}

function lifelineBytecode(fn, sources, contract) {
  try {
    const r = fn(sources, { contract, optimizer: true });
    if (typeof r === 'string') return { bytecode: r };
    const errors = (r?.errors ?? []).filter((e) => e.severity === 'error');
    if (errors.length) return { error: errors[0].message ?? 'error' };
    const bc = r?.bytecode ?? r?.contracts?.[contract]?.bytecode;
    return bc ? { bytecode: bc } : { error: 'no bytecode' };
  } catch (e) {
    return { error: String(e?.message ?? e) };
  }
}

const fmt = (v) => (v === undefined ? '–' : typeof v === 'number' ? v.toLocaleString('en-US') : v);

async function main() {
  const compileLifeline = await loadLifeline();
  const dir = join(here, 'sol');
  const files = readdirSync(dir).filter((f) => f.endsWith('.sol')).sort();
  const rows = [];
  for (const file of files) {
    const contract = basename(file, '.sol');
    if (ONLY && !ONLY.startsWith(contract)) continue;
    const sources = { [file]: readFileSync(join(dir, file), 'utf8') };
    const sides = {};
    for (const [key, viaIR] of [['viaIR', true], ['legacy', false]]) {
      const r = compileSolidity(sources, { viaIR, optimizer: true, contract });
      if (!r.ok) throw new Error(`${file}: solc (${key}) failed: ${r.errors.map((e) => e.message).join('; ')}`);
      sides[key] = { bytecode: r.contracts[contract].bytecode, abi: r.contracts[contract].abi };
    }
    const iface = new Interface(sides.viaIR.abi);
    if (compileLifeline) {
      const l = lifelineBytecode(compileLifeline, sources, contract);
      sides.lifeline = l.bytecode ? { bytecode: l.bytecode } : { error: l.error };
    }
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
      if (ONLY && ONLY.includes('.') && ONLY !== `${contract}.${f.name}`) continue;
      for (const n of SIZES) {
        const calldata = iface.encodeFunctionData(f, [n]);
        const res = {};
        for (const [key, d] of Object.entries(deployed)) res[key] = await d.chain.call(d.address, calldata);
        const ref = res.viaIR;
        const same = Object.values(res).every(
          (r) => r.success === ref.success && r.returnData === ref.returnData && r.revertData === ref.revertData && JSON.stringify(r.logs) === JSON.stringify(ref.logs),
        );
        rows.push({
          call: `${contract}.${f.name}`,
          n,
          ok: ref.success ? 'ok' : formatRevert(ref.revertData) + (ref.error ? ` ${ref.error}` : ''),
          gas: { viaIR: ref.gasUsed, legacy: res.legacy?.gasUsed, lifeline: res.lifeline?.gasUsed },
          mem: { viaIR: ref.peakMemoryBytes, legacy: res.legacy?.peakMemoryBytes, lifeline: res.lifeline?.peakMemoryBytes },
          lifelineError: sides.lifeline?.error,
          same,
        });
      }
    }
  }
  const header = [
    '| call | n | result | gas viaIR | gas legacy | gas lifeline-sol | lifeline / viaIR | peak mem viaIR | peak mem legacy | peak mem lifeline-sol | same |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  const lines = rows.map((r) => {
    const ratio = r.gas.lifeline === undefined ? '–' : (r.gas.lifeline / r.gas.viaIR).toFixed(3);
    const lifeGas = r.lifelineError ? 'error' : fmt(r.gas.lifeline);
    return `| ${r.call} | ${fmt(r.n)} | ${r.ok} | ${fmt(r.gas.viaIR)} | ${fmt(r.gas.legacy)} | ${lifeGas} | ${ratio} | ${fmt(r.mem.viaIR)} | ${fmt(r.mem.legacy)} | ${fmt(r.mem.lifeline)} | ${r.same ? 'yes' : '**no**'} |`;
  });
  console.log(`solc 0.8.37 (optimizer on, 200 runs), @ethereumjs/evm 10 Osaka; lifeline-sol: ${compileLifeline ? 'compileToBytecode' : 'not available'}\n`);
  console.log([...header, ...lines].join('\n'));
  const errs = [...new Set(rows.filter((r) => r.lifelineError).map((r) => `${r.call.split('.')[0]}: ${r.lifelineError}`))];
  if (errs.length) console.log('\nlifeline-sol errors:\n' + errs.map((e) => `- ${e}`).join('\n'));
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(rows, null, 2));
}

await main();
