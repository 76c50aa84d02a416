import { readFileSync } from 'node:fs';
import { Interface } from 'ethers';
import { compileToBytecode } from '@lifeline/solidity';
import { Chain, compileSolidity } from '@lifeline/evm';
const [file, fnName, nArg] = process.argv.slice(2);
const src = readFileSync(file, 'utf8');
const name = file.split('/').pop();
const sources = { [name]: src };
const n = BigInt(nArg ?? 10);
async function run(bytecode, abi) {
  const chain = await Chain.create();
  const dep = await chain.deploy(bytecode); const addr = dep.address;
  const iface = new Interface(abi);
  const data = iface.encodeFunctionData(fnName, [n]);
  return chain.call(addr, data);
}
const on = compileToBytecode({ sources, lifetime: true });
if (on.errors.some(e => e.severity === 'error')) { console.log(on.errors); process.exit(1); }
const off = compileToBytecode({ sources, lifetime: false });
const r1 = await run(on.bytecode, on.abi), r0 = await run(off.bytecode, off.abi);
console.log('off', r0.gasUsed, r0.peakMemoryBytes, r0.returnData.slice(0,200), r0.success);
console.log('on ', r1.gasUsed, r1.peakMemoryBytes, r1.returnData.slice(0,200), r1.success);
if (process.env.IR) console.log(on.yul);
