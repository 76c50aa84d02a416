/**
 * @lifeline/solidity — solc-js standard JSON (typed AST) → sol dialect, and the whole
 * compile: Solidity → sol → Yul → bytecode (assembled by solc-js). (Being written: issue 6.)
 */
export { compileToBytecode, type CompileInput, type CompileOutput, type LowerFn, type LowerResult } from './compile.js';
