// node yulgas.mjs file.yul 'sig(uint256)' n  -> gas of the call
import { readFileSync } from 'node:fs';
import { Interface } from 'ethers';
import { assembleYul, Chain } from '@lifeline/evm';
const [file, sig, n] = process.argv.slice(2);
const asm = assembleYul(readFileSync(file, 'utf8'));
if (!asm.ok) { console.error(asm.errors.map((e) => e.formattedMessage).join('\n')); process.exit(1); }
const chain = await Chain.create({ gasLimit: 200_000_000 });
const d = await chain.deploy(asm.bytecode);
const iface = new Interface([`function ${sig}`]);
const name = sig.split('(')[0];
const r = await chain.call(d.address, iface.encodeFunctionData(name, [BigInt(n)]));
console.log(name, n, r.success ? 'ok' : 'revert', r.gasUsed, r.returnData.slice(0, 70));
