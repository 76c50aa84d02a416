/**
 * @lifeline/interp — a reference interpreter for func/arith/cf/scf/memref/bufferization
 * that tracks every allocation.
 */
export {};
