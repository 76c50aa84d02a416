import { Registry, type DialectSpec } from '@lifeline/ir';
import { builtinDialect } from './builtin.js';
import { funcDialect } from './func.js';
import { arithDialect } from './arith.js';
import { cfDialect } from './cf.js';
import { scfDialect } from './scf.js';
import { memrefDialect } from './memref.js';
import { bufferizationDialect } from './bufferization.js';
import { testDialect } from './test.js';

/** Every dialect Lifeline knows, in registration order. */
export const allDialects: DialectSpec[] = [
  builtinDialect, funcDialect, arithDialect, cfDialect, scfDialect, memrefDialect, bufferizationDialect, testDialect,
];

export function createRegistry(dialects: readonly DialectSpec[] = allDialects): Registry {
  const r = new Registry();
  for (const d of dialects) r.register(d);
  return r;
}

export { builtinDialect, funcDialect, arithDialect, cfDialect, scfDialect, memrefDialect, bufferizationDialect, testDialect };
export { functionCallable, parseFunctionOp, printFunctionOp, parseSignature } from './func-signature.js';
// For dialects outside this package (fir): the arith flag attributes and the scf region helpers.
export { ArithFlagsAttr, fastmathNone, flagsCheck, flagsSyntax } from './arith-attrs.js';
export * from './scf-common.js';
// For the memref canonicalization patterns (packages/bufferization).
export { castCompatible as memrefCastCompatible, inferSubViewType, memrefRankReductionMask } from './memref-views.js';
export { constantInt, mixedList, type Mixed } from './memref-fold.js';
export { stridesAndOffset, satAdd, satMul, type StridesAndOffset } from './memref-types.js';
export { DYNAMIC_INDEX } from './memref-index-list.js';
// For the cf.switch canonicalization patterns (packages/bufferization).
export { switchCaseValues } from './cf.js';
