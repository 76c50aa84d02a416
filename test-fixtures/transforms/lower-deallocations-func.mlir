// RUN: lifeline-opt %s --pass-pipeline='builtin.module(func.func(bufferization-lower-deallocations))' > %t.ours 2>&1; mlir-opt-19 %s --pass-pipeline='builtin.module(func.func(bufferization-lower-deallocations))' > %t.ref 2>&1; grep 'error:' %t.ref > %t.ref.err && grep 'error:' %t.ours > %t.ours.err && diff %t.ref.err %t.ours.err
// RUN: not lifeline-opt %s --pass-pipeline='builtin.module(func.func(bufferization-lower-deallocations))'

// Under func.func the helper cannot be inserted: the generic case is an error
// (the one-memref cases alone would lower).
func.func @f(%a: memref<2xf32>, %b: memref<?xi8, 1>, %c: i1) {
  bufferization.dealloc (%a : memref<2xf32>) if (%c)
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<?xi8, 1>) if (%c, %c)
  return
}
