/**
 * The compiler behind lifeline-sol: every contract of the sources through
 * `compileToBytecode` (Solidity → sol → [lifetime passes] → Yul → bytecode), with the sol IR
 * printed after the passes and the lifetime report.
 *
 * (C1) Contracts are the ones solc lists (file, then name, in its output order).
 * (C2) Errors are collected once each: solc's, and ours (UnsupportedFeature at a source
 *      location). One error anywhere means no contract output (as solc).
 * (C3) `lifetime` runs the lifetime passes (`applyLifetime`) between lowering and Yul
 *      emission; the sol IR is printed after them, so `--sol-ir` shows offsets and frees.
 * (C4) The lifetime report has one line per allocation of the contract's own functions:
 *      `file:line:col: <op> in <Contract>.<function>: local|escapes (<reasons>) — <released>`.
 * (C5) Interfaces and abstract contracts get empty bytecode, as in solc; a library of internal
 *      functions too, with a warning (solc would deploy it on its own; nobody calls it).
 */
import { printOp, type Operation } from '@lifeline/ir';
import type { LifetimeResult } from '@lifeline/sol';
import { compileToBytecode, solcContracts } from '@lifeline/solidity';
import type { CompileRequest, CompileResult, SolcError } from './standard-json.js';

/** The symbol of `op` (sym_name), without the `_<AST id>` suffix the lowering appends. */
function symbol(op: Operation | null | undefined): string | undefined {
  const v = (op?.getAttr('sym_name') as { value?: string } | undefined)?.value;
  return v?.replace(/_\d+$/, '');
}

function enclosing(op: Operation, name: string): Operation | undefined {
  for (let p = op.parentOp; p; p = p.parentOp) if (p.name === name) return p;
  return undefined;
}

/** (C4) The report lines of `result` for allocations inside Solidity contract `contract`. */
export function lifetimeReport(result: LifetimeResult, contract: string): string[] {
  const lines: string[] = [];
  for (const e of result.entries) {
    const owner = symbol(enclosing(e.op, 'sol.contract'));
    if (owner !== undefined && owner !== contract) continue;
    const loc = e.op.loc.fileLineCol?.();
    const where = loc ? `${loc.file}:${loc.line}:${loc.col}` : '<unknown>';
    const fn = e.func.replace(/^@/, '').replace(/_\d+$/, '');
    const verdict = e.verdict === 'escapes' && e.reasons.length ? `escapes (${e.reasons.join('; ')})` : e.verdict;
    const released = e.released.length ? e.released.join('; ') : 'not released';
    lines.push(`${where}: ${e.op.name} in ${contract}.${fn}: ${verdict} — ${released}`);
  }
  return lines;
}

/** (C5) The warning for a library of internal functions, which solc would also deploy on its own. */
function notOnItsOwn(file: string, name: string): SolcError {
  const message = `library ${name} is not compiled on its own: its internal functions are compiled into the contracts that use them`;
  return { type: 'UnsupportedFeature', component: 'general', severity: 'warning', message, formattedMessage: `Warning: ${message}\n --> ${file}\n` };
}

export function compileContracts(request: CompileRequest): CompileResult {
  const { contracts, errors: listErrors } = solcContracts(request.sources); // (C1)
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
  for (const { file, name, abi, kind, externals } of contracts) {
    // (C5) interfaces and abstract contracts have no bytecode (solc prints empty sections); a
    // library whose functions are all internal is compiled into the contracts that use it
    if (kind === 'interface' || kind === 'abstract' || (kind === 'library' && externals === 0)) {
      if (kind === 'library') add([notOnItsOwn(file, name)]);
      (result.contracts[file] ??= {})[name] = { abi, bytecode: '', deployedBytecode: '', yul: '', solIR: '', lifetimeReport: [] };
      continue;
    }
    const out = compileToBytecode({ sources: request.sources, contract: name, optimizer: request.optimizer.enabled, lifetime: request.lifetime, traced: request.traced }); // (C3)
    add(out.errors);
    (result.contracts[file] ??= {})[name] = {
      abi: out.abi, bytecode: out.bytecode, deployedBytecode: out.deployedBytecode, yul: out.yul,
      solIR: out.module ? printOp(out.module) : '',
      lifetimeReport: out.lifetime ? lifetimeReport(out.lifetime, name) : [],
    };
  }
  return result;
}
