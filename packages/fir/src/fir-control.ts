/**
 * fir ops for calls and structured control flow (LLVM 19 FIROps.td), with fir-opt-19's
 * custom syntax. (Being written: issue 5.)
 */
import type { OpSpec } from '@lifeline/ir';

export const firControlOps: OpSpec[] = [];
