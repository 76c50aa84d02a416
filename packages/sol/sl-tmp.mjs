import { readFileSync } from 'node:fs';
import { lowerToSol } from '../solidity/dist/index.js';
import { SlotLiveness } from '@lifeline/analyses';
const src = readFileSync('../../bench/sol/ArrayInLoop.sol','utf8');
const { module } = lowerToSol({ sources: { 'A.sol': src } });
let fn; module.walk(op => { if (op.name === 'sol.func' && !fn) fn = op; });
const sl = new SlotLiveness(fn);
fn.walk(op => { if (op.name === 'sol.store') console.log(op.operand(1).toString?.(), [...sl.liveAfter(op)].length, [...sl.liveBefore(op)].length); });
