/**
 * The hlfir dialect subset (flang/include/flang/Optimizer/HLFIR/HLFIROps.td, LLVM 19) with
 * fir-opt-19's custom syntax. (Being written: issue 5.)
 */
import { defineDialect, type OpSpec } from '@lifeline/ir';

export const hlfirOps: OpSpec[] = [];

export const hlfirDialect = defineDialect('hlfir', hlfirOps);
