/**
 * solc-js 0.8.37 through standard JSON: the semantic oracle of the Solidity pipeline and the
 * assembler of our Yul.
 *
 * Why standard JSON and not the CLI-like wrappers: it is the one interface that reports
 * errors as data (with source locations), selects outputs per contract, and accepts Yul
 * objects (`language: "Yul"`). The compiler module (9 MB of emscripten) takes ~250 ms to
 * load, so it is loaded lazily, once per process, on the first compile.
 *
 * Every compile targets `evmVersion: "osaka"` (solc 0.8.37's default, spelled out so that
 * a future default change cannot silently de-align us from the EVM in chain.ts).
 */
import { createRequire } from 'node:module';

/** One entry of solc's `errors` array (also used for our own `UnsupportedFeature` errors). */
export interface SolcError {
  type: string;
  severity: 'error' | 'warning' | 'info';
  component: string;
  message: string;
  formattedMessage?: string;
  errorCode?: string;
  sourceLocation?: { file: string; start: number; end: number };
}

/** What one contract compiles to. Hex strings are unprefixed, as solc prints them. */
export interface CompiledContract {
  /** Source unit (file name) the contract is declared in. */
  file: string;
  abi: unknown[];
  /** Initcode (constructor + runtime as data). */
  bytecode: string;
  /** Runtime code. */
  deployedBytecode: string;
  /** solc's Yul IR (`outputs: ["ir"]`, meaningful with viaIR). */
  ir?: string;
  /** solc's optimized Yul IR (`outputs: ["irOptimized"]`). */
  irOptimized?: string;
  /** Any further outputs asked for, by their outputSelection name (e.g. `evm.assembly`). */
  extra: Record<string, unknown>;
}

export interface CompileOptions {
  /** Restrict outputs to this contract name (all contracts of all files otherwise). */
  contract?: string;
  viaIR?: boolean;
  /** Optimizer on (default true). */
  optimizer?: boolean;
  /** Optimizer runs (default 200, solc's default). */
  runs?: number;
  /** Extra per-contract output selections beyond abi/bytecode, e.g. `ir`, `irOptimized`,
   *  `evm.assembly`, `storageLayout`; `ast` selects the per-source AST. */
  outputs?: string[];
}

export interface CompileResult {
  /** Contracts by name (a name declared in two files keeps the first file's, in key order). */
  contracts: Record<string, CompiledContract>;
  /** solc's errors and warnings, unchanged. */
  errors: SolcError[];
  /** No error of severity "error". */
  ok: boolean;
  /** Per-source AST (when `outputs` contains `ast`), keyed by file. */
  ast?: Record<string, unknown>;
}

export interface YulAssembly {
  /** Initcode of the top-level object (empty when compilation failed). */
  bytecode: string;
  /** Runtime code: the code of its (single) sub-object, as solc reports it. */
  deployedBytecode: string;
  errors: SolcError[];
  ok: boolean;
}

interface SolcModule {
  compile(input: string): string;
  version(): string;
}

let solcModule: SolcModule | undefined;

/** The solc-js module, loaded on first use (CJS module, hence createRequire). */
function solc(): SolcModule {
  if (!solcModule) {
    const require = createRequire(import.meta.url);
    solcModule = require('solc') as SolcModule;
  }
  return solcModule;
}

/** solc's version string, e.g. `0.8.37+commit.f401782d.Emscripten.clang`. */
export function solcVersion(): string {
  return solc().version();
}

/**
 * The last outputs by input, least recently used first. solc is a pure function of its
 * standard-JSON input (no import callback here), and one compile asks the same more than
 * once: the contract list and the lowering both read the analysis of the same sources, and
 * a contract's Yul is often the same with and without the lifetime passes. The optimizer
 * takes seconds on a large contract.
 */
const recent = new Map<string, string>();
const RECENT = 16;

/**
 * Raw standard JSON in, standard JSON out, exactly as `solc --standard-json` does. solc-js
 * itself reports malformed input as an `errors` entry; a thrown exception from the wrapper
 * (which should not happen) is turned into one too, so callers never see a crash.
 */
export function solcStandardJson(input: string): string {
  const known = recent.get(input);
  if (known !== undefined) {
    recent.delete(input);
    recent.set(input, known);
    return known;
  }
  try {
    const output = solc().compile(input);
    recent.set(input, output);
    if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
    return output;
  } catch (e) {
    const message = `solc-js failed: ${(e as Error).message ?? String(e)}`;
    return JSON.stringify({
      errors: [{ type: 'InternalCompilerError', severity: 'error', component: 'general', message, formattedMessage: message }],
    });
  }
}

function hasError(errors: SolcError[]): boolean {
  return errors.some((e) => e.severity === 'error');
}

function optimizerSettings(enabled: boolean, runs: number) {
  return { enabled, runs };
}

/** Standard JSON selection path `a.b.c` read out of a contract's output object. */
function pick(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** Compile Solidity sources (file name → text) with solc 0.8.37. */
export function compileSolidity(sources: Record<string, string>, opts: CompileOptions = {}): CompileResult {
  const extraOutputs = (opts.outputs ?? []).filter((o) => o !== 'ast');
  const wantAst = (opts.outputs ?? []).includes('ast');
  const perContract = ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', ...extraOutputs];
  const selection: Record<string, Record<string, string[]>> = {
    '*': { [opts.contract ?? '*']: perContract, ...(wantAst ? { '': ['ast'] } : {}) },
  };
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([file, content]) => [file, { content }])),
    settings: {
      evmVersion: 'osaka',
      viaIR: opts.viaIR ?? false,
      optimizer: optimizerSettings(opts.optimizer ?? true, opts.runs ?? 200),
      outputSelection: selection,
    },
  };
  const out = JSON.parse(solcStandardJson(JSON.stringify(input))) as {
    errors?: SolcError[];
    contracts?: Record<string, Record<string, Record<string, unknown>>>;
    sources?: Record<string, { ast?: unknown }>;
  };
  const errors = out.errors ?? [];
  const contracts: Record<string, CompiledContract> = {};
  for (const [file, byName] of Object.entries(out.contracts ?? {})) {
    for (const [name, c] of Object.entries(byName)) {
      if (contracts[name]) continue;
      const extra: Record<string, unknown> = {};
      for (const o of extraOutputs) if (o !== 'ir' && o !== 'irOptimized') extra[o] = pick(c, o);
      contracts[name] = {
        file,
        abi: (c.abi as unknown[]) ?? [],
        bytecode: String(pick(c, 'evm.bytecode.object') ?? ''),
        deployedBytecode: String(pick(c, 'evm.deployedBytecode.object') ?? ''),
        ...(extraOutputs.includes('ir') ? { ir: String(c.ir ?? '') } : {}),
        ...(extraOutputs.includes('irOptimized') ? { irOptimized: String(c.irOptimized ?? '') } : {}),
        extra,
      };
    }
  }
  const result: CompileResult = { contracts, errors, ok: !hasError(errors) };
  if (wantAst) {
    result.ast = Object.fromEntries(Object.entries(out.sources ?? {}).map(([f, s]) => [f, s.ast]));
  }
  return result;
}

/**
 * solc-js reports a Yul function that needs more than 16 stack slots as an uncaught C++
 * exception; solc itself words it as a YulException with what the stack layout could not
 * reach, which is what we report.
 */
function stackTooDeep(e: SolcError): SolcError {
  if (e.type !== 'InternalCompilerError' || !e.message.includes('StackTooDeepError')) return e;
  const what = /std::exception::what: ([^\n]*)/.exec(e.message)?.[1] ?? 'a variable is too deep in the stack';
  const message = `${what} (the generated Yul needs more than 16 stack slots in one function)`;
  return { type: 'YulException', severity: 'error', component: 'general', message, formattedMessage: `YulException: ${message}\n` };
}

/**
 * Assemble (and, with `optimizer`, optimize) a Yul object with solc: the backend of our
 * pipeline. The first top-level object of the output is the contract.
 */
export function assembleYul(yul: string, opts: { optimizer?: boolean; runs?: number; file?: string } = {}): YulAssembly {
  const file = opts.file ?? 'input.yul';
  const optimizer = opts.optimizer ?? true;
  // The Yul optimizer only runs when `details.yul` is set along with `enabled`.
  const first = assemble(yul, file, { enabled: optimizer, runs: opts.runs ?? 200, details: { yul: optimizer } });
  if (first.ok || !optimizer || !first.errors.some(isStackTooDeep)) return first;
  for (const steps of STACK_FALLBACK_STEPS) {
    const retry = assemble(yul, file, {
      enabled: true,
      runs: opts.runs ?? 200,
      details: { yul: true, yulDetails: { stackAllocation: true, optimizerSteps: steps } },
    });
    if (retry.ok) return retry;
  }
  return first;
}

/**
 * Where solc's default optimizer sequence leaves a function that needs more than 16 stack
 * slots even after moving variables to memory (solc says "memoryguard was present"), other
 * sequences may not: how much the full inliner (`i`) merges into one function decides how
 * many variables are live at once. Tried in order, only after the default failed: a main
 * sequence written out with three full-inliner runs, then without the last of them, then
 * with none. On 20 random programs (issue 7's fuzzing) whose Yul failed with the default,
 * the first compiled 19, the second and third all 20; their results agree with solc's.
 */
const MAIN_STEPS = 'dhfoDgvulfnTUtnIf xa[r]EscLM Vcul [j] Trpeul xa[r]cL gvifM CTUca[r]LSsTFOtfDnca[r]Iulc '
  + 'scCTUt gvifM x[scCTUt] TOntnfDIul gvifM jmul[jul] VcTOcul jmul';
const CLEANUP_STEPS = ':fDnTOcmuOITux';
const STACK_FALLBACK_STEPS = [
  MAIN_STEPS,
  MAIN_STEPS.replace(/gvifM jmul\[/, 'jmul['),
  MAIN_STEPS.replaceAll('gvifM', 'gvM'),
].map((s) => s + CLEANUP_STEPS);

function isStackTooDeep(e: SolcError): boolean {
  return e.type === 'YulException' && e.severity === 'error';
}

function assemble(yul: string, file: string, optimizer: unknown): YulAssembly {
  const input = {
    language: 'Yul',
    sources: { [file]: { content: yul } },
    settings: {
      evmVersion: 'osaka',
      optimizer,
      outputSelection: { '*': { '*': ['evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  const out = JSON.parse(solcStandardJson(JSON.stringify(input))) as {
    errors?: SolcError[];
    contracts?: Record<string, Record<string, Record<string, unknown>>>;
  };
  const errors = (out.errors ?? []).map(stackTooDeep);
  const objects = Object.values(out.contracts?.[file] ?? {});
  const first = objects[0];
  return {
    bytecode: first ? String(pick(first, 'evm.bytecode.object') ?? '') : '',
    deployedBytecode: first ? String(pick(first, 'evm.deployedBytecode.object') ?? '') : '',
    errors,
    ok: !hasError(errors) && first !== undefined,
  };
}
