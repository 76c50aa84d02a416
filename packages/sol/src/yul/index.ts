/**
 * Yul emission for the sol dialect: the runtime library (helpers in solc's IR style, one
 * file per concern) and the object layout.
 */
export { YulLib, hex, indent, yfn } from './lib.js';
export * from './ytypes.js';
export * from './rt-memory.js';
export * from './rt-arith.js';
export * from './rt-storage.js';
export { decodeValue, decodeTuple, decodeCalldataArray, type Source } from './abi-decode.js';
export * from './abi-encode.js';
export * from './dispatcher.js';
export * from './object.js';
