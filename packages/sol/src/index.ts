/**
 * @lifeline/sol — the `sol` dialect (every memory allocation is one `sol.malloc`-like op with
 * a typed memory result) and Yul emission from it. (Being written: issue 6.)
 */
export * as yul from './yul/index.js';
