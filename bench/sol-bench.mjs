// Gas and peak-memory table of the Solidity benchmarks (bench/sol/*.sol), issue 6's view:
// every external function taking one uint256 `n` is called at n = 10, 100, 1000 on contracts
// compiled by
//   - solc 0.8.37 viaIR, optimizer on (the reference the 1.10× gas target is about),
//   - solc 0.8.37 legacy codegen, optimizer on,
//   - lifeline-sol's compileToBytecode without the lifetime passes (bench/sol-lifetime.mjs
//     has them on next to these columns).
// Measured by bench/sol-measure.mjs: gas is the call's execution gas (no intrinsic 21,000 /
// calldata cost), peak memory the top frame's memoryWordCount × 32. `same` says whether every
// compiler's return / revert data and logs equal solc viaIR's for that call. The exit status is
// 1 when a call differs, lifeline-sol fails, or its gas exceeds --max × solc viaIR's (1.10).
//
//   node bench/sol-bench.mjs [--sizes 10,100,1000] [--only Contract[.fn]] [--max 1.10] [--json FILE]
import { writeFileSync } from 'node:fs';
import { cliOption, cliSizes } from './cli.mjs';
import { fmt, measure } from './sol-measure.mjs';

const args = process.argv.slice(2);
const SIZES = cliSizes(args);
const ONLY = cliOption(args, '--only', undefined);
const JSON_OUT = cliOption(args, '--json', undefined);
const MAX = Number(cliOption(args, '--max', '1.10'));

const measured = await measure({ sizes: SIZES, only: ONLY, compilers: ['off', 'viaIR', 'legacy'] });
const rows = measured.map((r) => ({
  call: r.call,
  n: r.n,
  ok: r.ok,
  gas: { viaIR: r.gas.viaIR, legacy: r.gas.legacy, lifeline: r.gas.off },
  mem: { viaIR: r.mem.viaIR, legacy: r.mem.legacy, lifeline: r.mem.off },
  lifelineError: r.errors.off,
  same: Object.values(r.same).every(Boolean),
}));
const header = [
  '| call | n | result | gas lifeline-sol | gas solc viaIR | gas solc legacy | lifeline / viaIR | peak mem lifeline-sol | peak mem viaIR | peak mem legacy | same |',
  '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|',
];
const ratios = [];
const lines = rows.map((r) => {
  const ratio = r.gas.lifeline === undefined ? undefined : r.gas.lifeline / r.gas.viaIR;
  if (ratio !== undefined) ratios.push(ratio);
  const lifeGas = r.lifelineError ? 'error' : fmt(r.gas.lifeline);
  return `| ${r.call} | ${fmt(r.n)} | ${r.ok} | ${lifeGas} | ${fmt(r.gas.viaIR)} | ${fmt(r.gas.legacy)} | ${ratio === undefined ? '–' : ratio.toFixed(3)} | ${fmt(r.mem.lifeline)} | ${fmt(r.mem.viaIR)} | ${fmt(r.mem.legacy)} | ${r.same ? 'yes' : '**no**'} |`;
});
console.log('solc 0.8.37 (optimizer on, 200 runs), @ethereumjs/evm 10 Osaka; lifeline-sol: compileToBytecode, lifetime passes off\n');
console.log([...header, ...lines].join('\n'));
if (ratios.length) console.log(`\nlifeline / viaIR gas: min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)} (bar ${MAX})`);
const errs = [...new Set(rows.filter((r) => r.lifelineError).map((r) => `${r.call.split('.')[0]}: ${r.lifelineError}`))];
if (errs.length) console.log('\nlifeline-sol errors:\n' + errs.map((e) => `- ${e}`).join('\n'));
if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(rows, null, 2));
const bad = rows.some((r) => !r.same || r.lifelineError || (r.gas.lifeline !== undefined && r.gas.lifeline / r.gas.viaIR > MAX));
if (bad) process.exitCode = 1;
