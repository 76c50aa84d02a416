/**
 * fir ops for memory, addresses and descriptors (LLVM 19 FIROps.td), with fir-opt-19's
 * custom syntax, memory effects and memory-source steps. (Being written: issue 5.)
 */
import type { OpSpec } from '@lifeline/ir';

export const firMemoryOps: OpSpec[] = [];
