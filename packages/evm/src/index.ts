/**
 * @lifeline/evm — solc-js 0.8.37 and @ethereumjs/evm (Osaka) as the Solidity pipeline's
 * oracle and runtime. (Being written: issue 6.) Planned API:
 *
 *   compileSolidity(sources, { viaIR, optimizer, contract }) → { abi, bytecode, deployedBytecode, ir?, errors }
 *   assembleYul(yulText, { optimizer }) → { bytecode, deployedBytecode, errors }
 *   class Chain { deploy(bytecode, args?) → Address; call(address, calldata) → CallResult }
 *   CallResult = { success, returnData, revertData, gasUsed, peakMemoryBytes, logs, storageWrites }
 */
export {};
