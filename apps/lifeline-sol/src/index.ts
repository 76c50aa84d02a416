/** The lifeline-sol driver (solc-compatible command line and standard JSON). */
export { runCli, processIO, VERSION, type CliIO } from './cli.js';
export {
  compileStandardJson, type CompileRequest, type CompileResult, type CompiledContract, type Compiler, type SolcError,
} from './standard-json.js';
