/**
 * The sol dialect: Solidity after type checking, as MLIR ops (after solx's sol dialect,
 * NomicFoundation/solx-llvm mlir/include/mlir/Dialect/Sol; our own definitions). See
 * packages/sol/README.md for the types, every op and the memory-allocation contract.
 */
import { defineDialect, type DialectSpec } from '@lifeline/ir';
import { solArithOps } from './sol-ops-arith.js';
import { solControlOps } from './sol-ops-control.js';
import { solFnPtrOps } from './sol-ops-fnptr.js';
import { solMemoryOps } from './sol-ops-memory.js';
import { solModuleOps } from './sol-ops-module.js';
import { parseSolType } from './sol-types.js';

export const solDialect: DialectSpec = defineDialect('sol', [...solModuleOps, ...solMemoryOps, ...solArithOps, ...solControlOps, ...solFnPtrOps], {
  parseTypeWith: parseSolType,
});

/** The dialects of this package, for the driver's registry. */
export const solDialects: DialectSpec[] = [solDialect];
