#!/usr/bin/env node
// lifeline-sol: a solc-compatible Solidity compiler (see apps/lifeline-sol/src/cli.ts).
const { main } = await import('../dist/main.js');
process.exitCode = main(process.argv.slice(2));
