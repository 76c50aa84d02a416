/**
 * @lifeline/evm — solc-js 0.8.37 and @ethereumjs/evm (Osaka) as the Solidity pipeline's
 * oracle and runtime:
 *
 *   compileSolidity(sources, { viaIR, optimizer, contract, outputs }) → { contracts, errors, ok }
 *   assembleYul(yulText, { optimizer }) → { bytecode, deployedBytecode, errors, ok }
 *   solcStandardJson(json) → json            (raw `solc --standard-json`)
 *   Chain.create() → deploy(initcode, args?) / call(address, calldata) / storage(address, slot)
 *   decodeRevert / formatRevert               (Panic / Error / custom error revert data)
 */
export {
  assembleYul,
  compileSolidity,
  solcStandardJson,
  solcVersion,
  type CompileOptions,
  type CompileResult,
  type CompiledContract,
  type SolcError,
  type YulAssembly,
} from './solc.js';
export { Chain, type CallOptions, type CallResult, type ChainOptions, type DeployResult, type LogEntry } from './chain.js';
export { decodeRevert, formatRevert, type Revert } from './revert.js';
