/**
 * Standard-JSON handling of lifeline-sol, independent of the compiler behind it: malformed
 * input gets solc's JSONError answers, outputSelection wildcards pick outputs as solc's
 * do, and an error stops contract output. (The compiler is a stand-in that records what
 * it was asked; the end-to-end behaviour is tested with the real compiler elsewhere.)
 */
import { describe, expect, it } from 'vitest';
import { compileStandardJson, type CompileRequest, type CompileResult } from '@lifeline/lifeline-sol';

const contract = { abi: [{ type: 'function', name: 'f' }], bytecode: '6001', deployedBytecode: '6002', yul: 'object "C" {}', solIR: 'sol.contract', lifetimeReport: ['a.sol:1:1: sol.malloc in C.f: local — freed'] };

function compiler(result: Partial<CompileResult> = {}) {
  const asked: CompileRequest[] = [];
  const fn = (r: CompileRequest): CompileResult => {
    asked.push(r);
    return { contracts: { 'a.sol': { C: contract, D: contract } }, errors: [], ...result };
  };
  return { fn, asked };
}

const input = (settings: object) => JSON.stringify({ language: 'Solidity', sources: { 'a.sol': { content: 'contract C {}' } }, settings });

describe('lifeline-sol --standard-json', () => {
  it('answers malformed input with JSONError, as solc does', () => {
    const c = compiler();
    const err = (text: string) => (compileStandardJson(text, c.fn).errors as { type: string; message: string }[])[0]!;
    expect(err('{').type).toBe('JSONError');
    expect(err('{').message).toMatch(/^Error parsing input JSON: /);
    expect(err('[1]').message).toBe('Input is not a JSON object.');
    expect(err('{"language":"Vyper","sources":{"a":{"content":""}}}').type).toBe('JSONError');
    expect(err('{"language":"Solidity","sources":{}}').message).toBe('No input sources specified.');
    expect(err('{"language":"Solidity","sources":{"a.sol":{"urls":["x"]}}}').type).toBe('IOError');
    expect(c.asked).toEqual([]);
  });

  it('selects outputs with solc wildcard rules', () => {
    const c = compiler();
    const out = compileStandardJson(input({ outputSelection: { '*': { C: ['abi', 'evm.bytecode.object'], '*': ['ir'] } } }), c.fn) as {
      contracts: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(out.contracts['a.sol']!.C).toEqual({ abi: contract.abi, evm: { bytecode: { object: '6001' } }, ir: contract.yul });
    expect(out.contracts['a.sol']!.D).toEqual({ ir: contract.yul });
  });

  it('passes the optimizer and lifeline settings through, and emits sol IR on request', () => {
    const c = compiler();
    const out = compileStandardJson(input({ optimizer: { enabled: true, runs: 7 }, lifeline: { lifetime: true, emitSolIR: true } }), c.fn) as {
      contracts: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(c.asked[0]).toEqual({ sources: { 'a.sol': 'contract C {}' }, optimizer: { enabled: true, runs: 7 }, lifetime: true });
    expect(out.contracts['a.sol']!.C).toEqual({ sol: 'sol.contract', lifetimeReport: contract.lifetimeReport });
  });

  it('runs the lifetime passes unless settings.lifeline.lifetime is false', () => {
    const c = compiler();
    compileStandardJson(input({}), c.fn);
    compileStandardJson(input({ lifeline: {} }), c.fn);
    compileStandardJson(input({ lifeline: { lifetime: false } }), c.fn);
    expect(c.asked.map((r) => r.lifetime)).toEqual([true, true, false]);
  });

  it('returns errors and no contracts when one is an error', () => {
    const unsupported = { type: 'UnsupportedFeature', component: 'general', severity: 'error' as const, message: 'modifiers', sourceLocation: { file: 'a.sol', start: 3, end: 9 } };
    const c = compiler({ errors: [unsupported] });
    const out = compileStandardJson(input({ outputSelection: { '*': { '*': ['*'] } } }), c.fn);
    expect(out.errors).toEqual([unsupported]);
    expect(out.contracts).toBeUndefined();
  });
});
