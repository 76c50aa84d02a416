import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
const require = createRequire('/work/main/packages/evm/package.json');
const solc = require('solc');
const src = readFileSync(process.argv[2], 'utf8');
const input = { language: 'Yul', sources: { 'a.yul': { content: src } }, settings: { evmVersion: 'osaka', optimizer: { enabled: true, runs: 200, details: { yul: true } }, outputSelection: { '*': { '*': ['irOptimized'] } } } };
const out = JSON.parse(solc.compile(JSON.stringify(input)));
if (out.errors) console.error(out.errors.map((e) => e.formattedMessage).join('\n'));
for (const f of Object.values(out.contracts)) for (const [n, o] of Object.entries(f)) console.log(o.irOptimized);
