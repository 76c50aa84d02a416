// RUN: mlir-opt-19 %s -verify-diagnostics -split-input-file --pass-pipeline='builtin.module(func.func(bufferization-lower-deallocations))' > %t.ref
// RUN: lifeline-opt %s -verify-diagnostics -split-input-file --pass-pipeline='builtin.module(func.func(bufferization-lower-deallocations))' > %t.ours

// Stacked designators, as MLIR's verifier reads them: every `@below` of a run of
// expected-* lines names the first line under the run that holds none, and every
// `@above` the last line before the run that holds none.

func.func @stacked_below(%p: memref<4xi8>, %q: memref<?xi8>, %c: i1, %d: i1, %r: memref<3xi8>) -> i1 {
  // expected-error @below {{library function required for generic lowering, but cannot be automatically inserted when operating on functions}}
  // expected-error @below {{failed to legalize operation 'bufferization.dealloc' that was explicitly marked illegal}}
  %u:2 = bufferization.dealloc (%p, %q : memref<4xi8>, memref<?xi8>) if (%c, %d) retain (%r, %p : memref<3xi8>, memref<4xi8>)
  return %u#1 : i1
}

// -----

func.func @stacked_above(%p: memref<7xf16>, %q: memref<7xf16>, %c: i1) {
  bufferization.dealloc (%p, %q : memref<7xf16>, memref<7xf16>) if (%c, %c)
  // expected-error @above {{library function required for generic lowering, but cannot be automatically inserted when operating on functions}}
  // expected-error @above {{failed to legalize operation 'bufferization.dealloc' that was explicitly marked illegal}}
  return
}
