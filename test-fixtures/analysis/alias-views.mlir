// View-like ops (ViewLikeOpInterface) are looked through to their source:
// views of one base MustAlias it and each other, views of distinct bases
// keep the answer of the bases.
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis))' 2> %t.ours && mlir-opt-19 %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis))' 2> %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis-modref))' 2> %t.ours2 && mlir-opt-19 %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis-modref))' 2> %t.ref2 && diff %t.ref2 %t.ours2
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis))' 2>&1 | FileCheck %s

// Every view op of memref, each on one allocation.
// CHECK-LABEL: Testing : "views_of_one_alloc"
// CHECK-DAG: alloc#0 <-> subview#0: MustAlias
// CHECK-DAG: cast#0 <-> collapse#0: MustAlias
// CHECK-DAG: alloc#0 <-> transpose#0: MayAlias
// CHECK-DAG: other#0 <-> view#0: NoAlias
func.func @views_of_one_alloc(%i: index) attributes {test.ptr = "func"} {
  %0 = memref.alloc() {test.ptr = "alloc"} : memref<8x8xf32>
  %o = memref.alloc() {test.ptr = "other"} : memref<8x8xf32>
  %1 = memref.subview %0[0, 0] [4, 4] [1, 1] {test.ptr = "subview"} : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  %2 = memref.cast %0 {test.ptr = "cast"} : memref<8x8xf32> to memref<?x?xf32>
  %3 = memref.transpose %0 (i, j) -> (j, i) {test.ptr = "transpose"} : memref<8x8xf32> to memref<8x8xf32, affine_map<(d0, d1) -> (d1 * 8 + d0)>>
  %4 = memref.collapse_shape %0 [[0, 1]] {test.ptr = "collapse"} : memref<8x8xf32> into memref<64xf32>
  %5 = memref.expand_shape %4 [[0, 1, 2]] output_shape [4, 4, 4] {test.ptr = "expand"} : memref<64xf32> into memref<4x4x4xf32>
  %6 = memref.reinterpret_cast %0 to offset: [0], sizes: [64], strides: [1] {test.ptr = "reinterpret"} : memref<8x8xf32> to memref<64xf32>
  %7 = memref.memory_space_cast %0 {test.ptr = "space_cast"} : memref<8x8xf32> to memref<8x8xf32, 1>
  %bytes = memref.alloc() {test.ptr = "bytes"} : memref<256xi8>
  %8 = memref.view %bytes[%i][] {test.ptr = "view"} : memref<256xi8> to memref<8x8xf32>
  return
}

// -----

// Views of function arguments stay MayAlias with each other and with the
// arguments, and NoAlias with a local allocation.
// CHECK-LABEL: Testing : "views_of_args"
// CHECK-DAG: sv_a#0 <-> sv_b#0: MayAlias
// CHECK-DAG: sv_a#0 <-> func.region0#0: MustAlias
// CHECK-DAG: sv_b#0 <-> local#0: NoAlias
func.func @views_of_args(%a: memref<8xf32>, %b: memref<8xf32>) attributes {test.ptr = "func"} {
  %0 = memref.subview %a[0] [4] [1] {test.ptr = "sv_a"} : memref<8xf32> to memref<4xf32, strided<[1]>>
  %1 = memref.subview %b[4] [4] [1] {test.ptr = "sv_b"} : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  %2 = memref.alloc() {test.ptr = "local"} : memref<8xf32>
  %3 = memref.subview %0[1] [2] [1] {test.ptr = "sv_sv_a"} : memref<4xf32, strided<[1]>> to memref<2xf32, strided<[1], offset: 1>>
  return
}

// -----

// extract_strided_metadata is view-like: in LLVM 19 every one of its results
// (also the offset, sizes and strides) is looked through to the source.
// CHECK-LABEL: Testing : "metadata_results"
// CHECK-DAG: alloc#0 <-> meta#1: MustAlias
func.func @metadata_results() attributes {test.ptr = "func"} {
  %0 = memref.alloc() {test.ptr = "alloc"} : memref<4x4xf32>
  %b, %o, %s:2, %t:2 = memref.extract_strided_metadata %0 : memref<4x4xf32> -> memref<f32>, index, index, index, index, index {test.ptr = "meta"}
  %c = memref.alloca() {test.ptr = "alloca"} : memref<4x4xf32>
  return
}

// -----

// The underlying-value search has a depth budget of 10: a chain of eleven
// casts of an allocation ends before it for cast11 and cast12, which only
// MayAlias the allocation, while cast8..cast10 still MustAlias it.
// CHECK-LABEL: Testing : "depth_limit"
func.func @depth_limit() attributes {test.ptr = "func"} {
  %0 = memref.alloc() {test.ptr = "alloc"} : memref<4xf32>
  %1 = memref.cast %0 : memref<4xf32> to memref<?xf32>
  %2 = memref.cast %1 : memref<?xf32> to memref<4xf32>
  %3 = memref.cast %2 : memref<4xf32> to memref<?xf32>
  %4 = memref.cast %3 : memref<?xf32> to memref<4xf32>
  %5 = memref.cast %4 : memref<4xf32> to memref<?xf32>
  %6 = memref.cast %5 : memref<?xf32> to memref<4xf32>
  %7 = memref.cast %6 : memref<4xf32> to memref<?xf32>
  %8 = memref.cast %7 {test.ptr = "cast8"} : memref<?xf32> to memref<4xf32>
  %9 = memref.cast %8 {test.ptr = "cast9"} : memref<4xf32> to memref<?xf32>
  %10 = memref.cast %9 {test.ptr = "cast10"} : memref<?xf32> to memref<4xf32>
  %11 = memref.cast %10 {test.ptr = "cast11"} : memref<4xf32> to memref<?xf32>
  %12 = memref.cast %11 {test.ptr = "cast12"} : memref<?xf32> to memref<4xf32>
  %other = memref.alloc() {test.ptr = "other"} : memref<4xf32>
  return
}

// -----

// Views inside nested regions are still looked through; the view op is not
// the allocation, so scoping applies to the base.
// CHECK-LABEL: Testing : "views_in_loop"
func.func @views_in_loop(%arg: memref<16xf32>, %n: index) attributes {test.ptr = "func"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = memref.alloc() {test.ptr = "alloc"} : memref<16xf32>
  scf.for %i = %c0 to %n step %c1 {
    %1 = memref.subview %0[%i] [4] [1] {test.ptr = "sv_alloc"} : memref<16xf32> to memref<4xf32, strided<[1], offset: ?>>
    %2 = memref.subview %arg[%i] [4] [1] {test.ptr = "sv_arg"} : memref<16xf32> to memref<4xf32, strided<[1], offset: ?>>
    %3 = memref.alloca() {test.ptr = "tmp"} : memref<4xf32>
    %4 = memref.cast %3 {test.ptr = "tmp_cast"} : memref<4xf32> to memref<?xf32>
  }
  return
}
