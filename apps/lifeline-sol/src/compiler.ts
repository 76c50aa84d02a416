/**
 * The compiler behind lifeline-sol: every contract of the sources through
 * `compileToBytecode` (Solidity → sol → Yul → bytecode), with its sol IR printed.
 *
 * (C1) Contracts are the ones solc lists (file, then name, in its output order).
 * (C2) Errors are collected once each: solc's, and ours (UnsupportedFeature at a source
 *      location). One error anywhere means no contract output (as solc).
 * (C3) `lifetime` asks for the lifetime optimisation, which is not implemented yet: the
 *      contracts are compiled without it and a warning says so.
 */
import { printOp } from '@lifeline/ir';
import { solcStandardJson } from '@lifeline/evm';
import { compileToBytecode, lowerToSol } from '@lifeline/solidity';
import type { CompileRequest, CompileResult, SolcError } from './standard-json.js';

/** (C1) solc's contract list as (file, name) pairs. */
function listContracts(sources: Record<string, string>): { contracts: [string, string][]; errors: SolcError[] } {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([k, v]) => [k, { content: v }])),
    settings: { outputSelection: { '*': { '*': ['abi'] } } },
  };
  const out = JSON.parse(solcStandardJson(JSON.stringify(input))) as {
    errors?: SolcError[];
    contracts?: Record<string, Record<string, unknown>>;
    sources?: Record<string, unknown>;
  };
  const contracts: [string, string][] = [];
  for (const [file, byName] of Object.entries(out.contracts ?? {})) {
    for (const name of Object.keys(byName)) contracts.push([file, name]);
  }
  return { contracts, errors: out.errors ?? [] };
}

export function compileContracts(request: CompileRequest): CompileResult {
  const { contracts, errors: listErrors } = listContracts(request.sources);
  const errors: SolcError[] = [];
  const seen = new Set<string>();
  const add = (es: readonly SolcError[]): void => { // (C2)
    for (const e of es) {
      const key = e.formattedMessage ?? `${e.type}:${e.message}`;
      if (!seen.has(key)) {
        seen.add(key);
        errors.push(e);
      }
    }
  };
  add(listErrors);
  const result: CompileResult = { contracts: {}, errors };
  if (errors.some((e) => e.severity === 'error')) return result;
  if (request.lifetime) { // (C3)
    add([{ type: 'Warning', component: 'general', severity: 'warning', message: 'lifetime optimization is not available yet; compiled without it', formattedMessage: 'Warning: lifetime optimization is not available yet; compiled without it\n' }]);
  }
  const lowered = lowerToSol({ sources: request.sources });
  add(lowered.errors);
  const solIR = lowered.module ? printOp(lowered.module) : '';
  for (const [file, name] of contracts) {
    const out = compileToBytecode({ sources: request.sources, contract: name, optimizer: request.optimizer.enabled });
    add(out.errors);
    (result.contracts[file] ??= {})[name] = {
      abi: out.abi, bytecode: out.bytecode, deployedBytecode: out.deployedBytecode, yul: out.yul, solIR,
    };
  }
  return result;
}
