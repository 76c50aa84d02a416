/**
 * @lifeline/solidity — solc-js standard JSON (typed AST) → sol dialect.
 */
export { lowerToSol, type LowerInput, type LowerResult } from './lower-contract.js';
export { compileForAst, unsupportedError, type SolcError, type SolcOutput, type AstNode, type AbiEntry } from './solc.js';
export { solTypeOfString } from './types.js';
export { canonicalSignature, canonicalType } from './abi-signature.js';
export { compileToBytecode, solcContracts, type CompileInput, type CompileOutput, type LowerFn, type LoweredSol } from './compile.js';
