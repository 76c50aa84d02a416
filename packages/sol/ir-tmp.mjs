import { readFileSync } from 'node:fs';
import { lowerToSol } from '../solidity/dist/index.js';
import { applyLifetime } from './dist/index.js';
import { printOp } from '@lifeline/ir';
const f = process.argv[2];
const { module } = lowerToSol({ sources: { [f.split('/').pop()]: readFileSync(f, 'utf8') } });
applyLifetime(module);
console.log(printOp(module));
