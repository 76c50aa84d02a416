/**
 * The whole compile: Solidity sources → sol module (the AST lowering) → [the lifetime passes,
 * `applyLifetime`, when asked] → Yul (emitYul) → bytecode (solc-js assembles the Yul with its
 * optimizer, `language: "Yul"`).
 *
 * Errors are data, never exceptions: solc's own errors (syntax, types), the lowering's
 * UnsupportedFeature errors, and constructs the Yul emitter cannot translate (an
 * UnsupportedFeature at the op's source location) all come back in `errors`, solc-style. The
 * ABI is solc's (analysis only: the ABI is a function of the source, not of our codegen).
 */
import type { Operation } from '@lifeline/ir';
import { EmitError, applyLifetime, dropBoundedIndexChecks, dropImpossibleOverflowChecks, emitYul, type LifetimeResult, type TracedReleases } from '@lifeline/sol';
import { assembleYul, type SolcError } from '@lifeline/evm';
import { compileForAst, type AstNode } from './solc.js';
import { lowerToSol } from './lower-contract.js';

export interface CompileInput {
  sources: Record<string, string>;
  /** The contract to deploy (default: the last contract of the last source, as solc's CLI lists them). */
  contract?: string;
  /** Run solc's Yul optimizer on our Yul (default true). */
  optimizer?: boolean;
  /** Run the lifetime passes (packages/sol/LIFETIME.md) between lowering and Yul emission (default false). */
  lifetime?: boolean;
  /**
   * With `lifetime`: which loops get traced releases (packages/sol/LIFETIME.md 2*): `true` or
   * `all` every loop no plan of kept slots covers; `false`, `persistent` or unset only
   * persistent updates; `none` no loop.
   */
  traced?: boolean | TracedReleases;
}

export interface CompileOutput {
  /** Our Yul object ('' when compilation failed before emission). */
  yul: string;
  /** Initcode and runtime code, unprefixed hex ('' on failure). */
  bytecode: string;
  deployedBytecode: string;
  abi: unknown[];
  errors: SolcError[];
  /** The sol module Yul was emitted from (after the lifetime passes when they ran); absent when lowering failed. */
  module?: Operation;
  /** What the lifetime passes decided, when `lifetime` was asked and they ran. */
  lifetime?: LifetimeResult;
}

/** What the AST lowering hands over: the sol module and the contract chosen, or errors. */
export interface LoweredSol {
  module?: Operation;
  contract?: string;
  errors: SolcError[];
}

export type LowerFn = (input: { sources: Record<string, string>; contract?: string }) => LoweredSol;

const hasError = (errs: SolcError[]) => errs.some((e) => e.severity === 'error');

/** What solc's AST says a contract is: only a `contract` that is not abstract has bytecode of its own. */
export type ContractKind = 'contract' | 'abstract' | 'interface' | 'library';

/**
 * Every contract solc sees in `sources`, in its output order (file, then name), with its ABI,
 * its kind and how many external or public functions it declares (analysis only, no code
 * generation).
 */
export function solcContracts(sources: Record<string, string>): { contracts: { file: string; name: string; abi: unknown[]; kind: ContractKind; externals: number }[]; errors: SolcError[] } {
  // the same analysis the lowering reads (compileForAst), so solc runs it once
  const out = compileForAst(sources);
  const kindOf = (file: string, name: string): { kind: ContractKind; externals: number } => {
    const nodes = (out.sources?.[file]?.ast?.['nodes'] ?? []) as AstNode[];
    const def = nodes.find((n) => n.nodeType === 'ContractDefinition' && n['name'] === name);
    const members = (def?.['nodes'] ?? []) as AstNode[];
    const externals = members.filter((n) => n.nodeType === 'FunctionDefinition' && (n['visibility'] === 'external' || n['visibility'] === 'public')).length;
    const contractKind = def?.['contractKind'];
    const kind = contractKind === 'interface' || contractKind === 'library' ? contractKind : def?.['abstract'] ? 'abstract' : 'contract';
    return { kind, externals };
  };
  const contracts = Object.entries(out.contracts ?? {}).flatMap(([file, byName]) =>
    Object.entries(byName).map(([name, c]) => ({ file, name, abi: (c.abi ?? []) as unknown[], ...kindOf(file, name) })));
  return { contracts, errors: out.errors ?? [] };
}

/** solc's ABI of every contract, by name, and the names in solc's order. */
function solcAbi(sources: Record<string, string>): { abi: Map<string, unknown[]>; order: string[]; errors: SolcError[] } {
  const { contracts, errors } = solcContracts(sources);
  const abi = new Map<string, unknown[]>();
  const order: string[] = [];
  for (const c of contracts) {
    if (!abi.has(c.name)) order.push(c.name);
    abi.set(c.name, c.abi);
  }
  return { abi, order, errors };
}

/** An UnsupportedFeature error located at `op` (its file:line:col converted back to offsets). */
function emitErrorToSolc(err: EmitError, sources: Record<string, string>): SolcError {
  const loc = err.op?.loc.fileLineCol?.();
  let sourceLocation: SolcError['sourceLocation'];
  let where = '';
  if (loc && loc.file in sources) {
    const lines = sources[loc.file]!.split('\n');
    let start = 0;
    for (let i = 0; i < loc.line - 1 && i < lines.length; i++) start += lines[i]!.length + 1;
    start += Math.max(0, loc.col - 1);
    sourceLocation = { file: loc.file, start, end: start };
    where = `${loc.file}:${loc.line}:${loc.col}: `;
  }
  return {
    type: 'UnsupportedFeature',
    severity: 'error',
    component: 'general',
    message: err.message,
    formattedMessage: `${where}UnsupportedFeature: ${err.message}`,
    ...(sourceLocation ? { sourceLocation } : {}),
  };
}

function failure(errors: SolcError[], abi: unknown[] = [], yul = ''): CompileOutput {
  return { yul, bytecode: '', deployedBytecode: '', abi, errors };
}

/** Whether the sol module holds a sol.contract for Solidity contract `name` (symbols are `name_ASTID`). */
function loweredContract(module: Operation, name: string): boolean {
  let found = false;
  module.walk((op) => {
    if (op.name !== 'sol.contract') return undefined;
    const sym = (op.getAttr('sym_name') as { value?: string } | undefined)?.value ?? '';
    if (sym === name || sym.replace(/_\d+$/, '') === name) found = true;
    return 'skip';
  });
  return found;
}

/** `lower` defaults to the AST lowering (lowerToSol); tests may pass a hand-written module instead. */
export function compileToBytecode(input: CompileInput, lower: LowerFn = lowerToSol): CompileOutput {
  try {
    const { abi, order, errors: solcErrors } = solcAbi(input.sources);
    if (hasError(solcErrors)) return failure(solcErrors);
    const lowered = lower({ sources: input.sources, ...(input.contract ? { contract: input.contract } : {}) });
    // the lowering runs solc too: keep each of solc's messages once
    const seen = new Set(solcErrors.map((e) => e.formattedMessage ?? e.message));
    const errors = [...solcErrors, ...lowered.errors.filter((e) => !seen.has(e.formattedMessage ?? e.message))];
    const contract = lowered.contract ?? input.contract ?? order[order.length - 1];
    const contractAbi = (contract && abi.get(contract)) || [];
    if (hasError(errors) || !lowered.module) return failure(errors, contractAbi);
    // nothing to deploy (no contract, or only interfaces / libraries / abstract contracts): an
    // error rather than empty output, since the caller asked for bytecode
    if (!contract || !loweredContract(lowered.module, contract)) {
      const message = contract ? `contract ${contract} is not deployable (an interface, library or abstract contract)` : 'no contract to compile';
      return failure([...errors, { type: 'JSONError', severity: 'error', component: 'general', message, formattedMessage: `JSONError: ${message}` }], contractAbi);
    }
    const module = lowered.module;
    // the lifetime passes see the whole module (callees of every contract), before emission
    const traced: TracedReleases = input.traced === true ? 'all' : input.traced || 'persistent';
    const lifetime = input.lifetime ? applyLifetime(module, { traced }) : undefined;
    // with lifetime on or off: index checks a loop condition makes redundant (bounds-checks.ts)
    dropBoundedIndexChecks(module);
    // and overflow checks the operands' ranges make impossible (overflow-checks.ts)
    dropImpossibleOverflowChecks(module);
    const extra = { module, ...(lifetime ? { lifetime } : {}) };
    let yul: string;
    try {
      yul = emitYul(module, contract);
    } catch (e) {
      if (e instanceof EmitError) return { ...failure([...errors, emitErrorToSolc(e, input.sources)], contractAbi), ...extra };
      throw e;
    }
    const asm = assembleYul(yul, { optimizer: input.optimizer ?? true });
    if (!asm.ok && lifetime && asm.errors.some((e) => e.type === 'YulException')) {
      // the lifetime code's marks and kept slots are variables too: where they leave a function
      // more than solc's 16 reachable stack slots, the contract still compiles without them:
      // first without the traced releases (their mark and next live across whole loops)
      if (traced !== 'none') {
        const untraced = compileToBytecode({ ...input, traced: 'none' }, lower);
        if (untraced.bytecode) return untraced;
      }
      const plain = compileToBytecode({ ...input, lifetime: false }, lower);
      if (plain.bytecode) {
        const message = `lifetime optimization not applied to ${contract}: ${asm.errors.find((e) => e.type === 'YulException')!.message}`;
        return { ...plain, errors: [...plain.errors, { type: 'Warning', severity: 'warning', component: 'general', message, formattedMessage: `Warning: ${message}\n` }] };
      }
    }
    if (!asm.ok) return { ...failure([...errors, ...asm.errors], contractAbi, yul), ...extra };
    return { yul, bytecode: asm.bytecode, deployedBytecode: asm.deployedBytecode, abi: contractAbi, errors, ...extra };
  } catch (e) {
    // a bug of ours, reported as solc reports internal errors rather than crashing the caller
    return failure([{ type: 'InternalCompilerError', severity: 'error', component: 'general', message: String((e as Error)?.message ?? e), formattedMessage: `InternalCompilerError: ${String((e as Error)?.message ?? e)}` }]);
  }
}
