/**
 * The fir dialect subset (flang/include/flang/Optimizer/Dialect/FIROps.td, LLVM 19) with
 * fir-opt-19's custom syntax.
 */
import { defineDialect } from '@lifeline/ir';
import { parseFirAttr } from './fir-attrs.js';
import { firControlOps } from './fir-control.js';
import { firMemoryOps } from './fir-memory.js';
import { parseFirType } from './fir-types.js';

export const firDialect = defineDialect('fir', [...firMemoryOps, ...firControlOps], {
  parseTypeWith: parseFirType,
  parseAttr: parseFirAttr,
});
