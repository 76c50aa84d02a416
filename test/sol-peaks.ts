/**
 * Peak memory and gas of one fixture contract's calls next to solc viaIR's, with the
 * live-bytes lower bound measured on solc's own run (bench/live-bytes.mjs): for tests that
 * bound how much memory (or gas) the lifetime passes leave behind.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { expect } from 'vitest';
import { Chain } from '@lifeline/evm';
import { compileToBytecode } from '@lifeline/solidity';
import { liveBytesTracer } from '../bench/live-bytes.mjs';
import { deployAndCall, solcCompiler } from './sol-oracle.js';

export interface Peaks {
  solc: { gas: number; peak: number };
  ours: { gas: number; peak: number };
  /** The live-bytes lower bound of solc's run. */
  lowerBound: number;
}

/** Compiles test-fixtures/sol/`file` with solc viaIR and with the lifetime passes; `run(fn, n)` calls both (results must agree). */
export async function peaksOf(file: string, contract: string): Promise<(fn: string, n: number) => Promise<Peaks>> {
  const sources = { [file]: readFileSync(join(__dirname, '..', 'test-fixtures', 'sol', file), 'utf8') };
  const on = compileToBytecode({ sources, contract, lifetime: true });
  expect(on.errors.filter((e) => e.severity === 'error')).toEqual([]);
  const ref = solcCompiler(true)(sources, contract);
  if (!ref.ok) throw new Error(ref.errors.join('\n'));
  const iface = new Interface(ref.abi as never);
  const chain = await Chain.create({ gasLimit: 100_000_000 });
  const { address } = await chain.deploy(ref.bytecode);
  const tracer = await liveBytesTracer();
  return async (fn, n) => {
    const data = iface.encodeFunctionData(fn, [n]);
    tracer.start();
    const solc = await chain.call(address!, data);
    const lb = tracer.stop((solc.returnData.length - 2) / 2);
    expect(solc.success, `${fn}(${n})`).toBe(true);
    expect(lb.monotonic, `${fn}(${n}): solc's free pointer only grows, so the bound means something`).toBe(true);
    const ours = await deployAndCall(on.bytecode, data);
    expect(ours.returnData, `${fn}(${n})`).toBe(solc.returnData);
    return { solc: { gas: solc.gasUsed, peak: solc.peakMemoryBytes }, ours: { gas: ours.gasUsed, peak: ours.peakMemoryBytes }, lowerBound: lb.lowerBound };
  };
}
