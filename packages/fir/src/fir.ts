/**
 * The fir dialect subset (flang/include/flang/Optimizer/Dialect/FIROps.td, LLVM 19) with
 * fir-opt-19's custom syntax. Ops are added by the FIR ops work (issue 5).
 */
import { defineDialect } from '@lifeline/ir';
import { parseFirType } from './fir-types.js';

export const firDialect = defineDialect('fir', [], { parseTypeWith: parseFirType });
