/**
 * solc's standard JSON interface, as lifeline-sol answers it (solc 0.8.37's
 * docs/using-the-compiler.rst, "Compiler Input and Output JSON Description").
 *
 * Specification:
 *  (J1) Input that is not JSON, or not an object, gets one error of type JSONError
 *       ("Error parsing input JSON: …" / "Input is not a JSON object."), as solc answers it.
 *  (J2) `language` must be "Solidity" (absent counts as missing: solc's "Only \"Solidity\",
 *       \"Yul\", … are supported" JSONError for anything else); `sources` must be a non-empty
 *       object of `{ content }` entries (a `urls` entry without content is an IOError).
 *  (J3) `settings.optimizer.enabled` (default false) and `.runs` pass through to the Yul
 *       assembly; `settings.lifeline = { lifetime, emitSolIR }` selects our passes and the
 *       sol IR output: `lifetime` is ON unless it is `false` (the lifetime passes are the
 *       product's point; `"lifeline": { "lifetime": false }` compiles as solc would lay
 *       memory out), `emitSolIR` adds `sol` (the IR after the passes) and `lifetimeReport`
 *       (one line per allocation, as `--lifetime-report` prints it); other settings are accepted and ignored where they change nothing
 *       we emit (viaIR is implied: we always go through Yul).
 *  (J4) outputSelection (`file` / `contract` keys, `*` wildcards, as solc matches them)
 *       decides which of abi, evm.bytecode(.object), evm.deployedBytecode(.object), ir,
 *       irOptimized (our Yul), `sol` (the sol IR) and `lifetimeReport` (both also when
 *       emitSolIR) are returned.
 *  (J5) Errors (solc's own, and ours: UnsupportedFeature with sourceLocation) come back in
 *       `errors`; with an error of severity "error", no contract output is given.
 */

/** One solc-style diagnostic. */
export interface SolcError {
  type: string;
  component: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  formattedMessage?: string;
  errorCode?: string;
  sourceLocation?: { file: string; start: number; end: number };
}

export interface CompiledContract {
  abi: unknown[];
  bytecode: string;
  deployedBytecode: string;
  /** Our Yul. */
  yul: string;
  /** The sol dialect IR (after the lifetime passes when they ran). */
  solIR: string;
  /** One line per allocation: verdict and release (empty without the lifetime passes). */
  lifetimeReport: string[];
}

export interface CompileRequest {
  sources: Record<string, string>;
  optimizer: { enabled: boolean; runs: number };
  lifetime: boolean;
  /** With `lifetime`: traced releases in every loop that needs one (`--traced-releases`; by default only in persistent updates, packages/sol/LIFETIME.md 2*). */
  traced?: boolean;
}

export interface CompileResult {
  /** file → contract name → output. */
  contracts: Record<string, Record<string, CompiledContract>>;
  errors: SolcError[];
}

/** What the driver needs of the compiler (packages/solidity provides it). */
export type Compiler = (request: CompileRequest) => CompileResult;

function jsonError(message: string, type = 'JSONError'): SolcError {
  return { component: 'general', formattedMessage: `${message}\n`, message, severity: 'error', type };
}

type Selection = Record<string, Record<string, string[]>>;

/** (J4) Whether `output` is selected for `file`/`contract` (solc's wildcard matching). */
function selected(sel: Selection | undefined, file: string, contract: string, output: string): boolean {
  if (!sel) return false;
  for (const f of [file, '*']) {
    const byContract = sel[f];
    if (!byContract) continue;
    for (const c of [contract, '*']) {
      for (const want of byContract[c] ?? []) {
        if (want === '*' || want === output || output.startsWith(`${want}.`)) return true;
      }
    }
  }
  return false;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Runs one standard-JSON compile; never throws on bad input (J1). */
export function compileStandardJson(text: string, compile: Compiler): Record<string, unknown> {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (e) {
    return { errors: [jsonError(`Error parsing input JSON: ${(e as Error).message}`)] };
  }
  if (!isObject(input)) return { errors: [jsonError('Input is not a JSON object.')] };
  if (input.language !== 'Solidity') { // (J2)
    return { errors: [jsonError('Only "Solidity", "Yul", "SolidityAST" or "EVMAssembly" is supported as a language.')] };
  }
  if (!isObject(input.sources) || Object.keys(input.sources).length === 0) {
    return { errors: [jsonError('No input sources specified.')] };
  }
  const sources: Record<string, string> = {};
  const errors: SolcError[] = [];
  for (const [name, src] of Object.entries(input.sources)) {
    if (isObject(src) && typeof src.content === 'string') sources[name] = src.content;
    else if (isObject(src) && Array.isArray(src.urls)) errors.push(jsonError(`Cannot import url ("${src.urls[0]}"): File import callback not supported`, 'IOError'));
    else errors.push(jsonError(`Invalid input source specified.`));
  }
  if (errors.length) return { errors };
  const settings = isObject(input.settings) ? input.settings : {};
  const optimizer = isObject(settings.optimizer) ? settings.optimizer : {};
  const lifeline = isObject(settings.lifeline) ? settings.lifeline : {};
  const selection = isObject(settings.outputSelection) ? (settings.outputSelection as Selection) : undefined;
  const result = compile({ // (J3)
    sources,
    optimizer: { enabled: optimizer.enabled === true, runs: typeof optimizer.runs === 'number' ? optimizer.runs : 200 },
    lifetime: lifeline.lifetime !== false,
  });
  const out: Record<string, unknown> = {};
  if (result.errors.length) out.errors = result.errors;
  out.sources = Object.fromEntries(Object.keys(sources).map((name, id) => [name, { id }]));
  if (result.errors.some((e) => e.severity === 'error')) return out; // (J5)
  const contracts: Record<string, Record<string, unknown>> = {};
  for (const [file, byName] of Object.entries(result.contracts)) {
    for (const [name, c] of Object.entries(byName)) {
      const entry: Record<string, unknown> = {};
      const want = (o: string): boolean => selected(selection, file, name, o);
      if (want('abi')) entry.abi = c.abi;
      const evm: Record<string, unknown> = {};
      if (want('evm.bytecode.object')) evm.bytecode = { object: c.bytecode };
      if (want('evm.deployedBytecode.object')) evm.deployedBytecode = { object: c.deployedBytecode };
      if (Object.keys(evm).length) entry.evm = evm;
      if (want('ir')) entry.ir = c.yul;
      if (want('irOptimized')) entry.irOptimized = c.yul;
      if (want('sol') || lifeline.emitSolIR === true) entry.sol = c.solIR;
      if (want('lifetimeReport') || lifeline.emitSolIR === true) entry.lifetimeReport = c.lifetimeReport;
      (contracts[file] ??= {})[name] = entry;
    }
  }
  out.contracts = contracts;
  return out;
}
