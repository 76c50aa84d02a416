// RUN: lifeline-opt %s --allow-unregistered-dialect > %t.ours && mlir-opt-19 --allow-unregistered-dialect %s > %t.ref && mlir-opt-19 --allow-unregistered-dialect %t.ours | diff %t.ref -
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-print-op-generic > %t.g && mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %s > %t.gref && mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %t.g | diff %t.gref -
// RUN: lifeline-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// The bufferization dialect: every op with its optional parts present and
// absent, on ranked and unranked memrefs and tensors, with layouts, memory
// spaces and encodings.

// Aliases MLIR gives affine maps and sparse encodings, defined before the module.
// CHECK: #map = affine_map<(d0) -> (d0 + 7)>
// CHECK: #sparse = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>
// CHECK-LABEL: func.func @dealloc
// GENERIC-LABEL: sym_name = "dealloc"
func.func @dealloc(%a: memref<2xf32>, %b: memref<4xi32>, %u: memref<*xf64, 3>, %c1: i1, %c2: i1, %r: memref<2xf32>) -> (i1, i1) {
  // CHECK: bufferization.dealloc (%arg0, %arg1 : memref<2xf32>, memref<4xi32>) if (%arg3, %arg4)
  // GENERIC: "bufferization.dealloc"({{.*}}) <{operandSegmentSizes = array<i32: 2, 2, 0>}> : (memref<2xf32>, memref<4xi32>, i1, i1) -> ()
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<4xi32>) if (%c1, %c2)
  // CHECK: %0 = bufferization.dealloc (%arg0 : memref<2xf32>) if (%arg3) retain (%arg5 : memref<2xf32>)
  // GENERIC: %{{.*}} = "bufferization.dealloc"({{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (memref<2xf32>, i1, memref<2xf32>) -> i1
  %0 = bufferization.dealloc (%a : memref<2xf32>) if (%c1) retain (%r : memref<2xf32>)
  // CHECK: %1:2 = bufferization.dealloc (%arg2 : memref<*xf64, 3>) if (%arg4) retain (%arg5, %arg1 : memref<2xf32>, memref<4xi32>) {tag = "x"}
  %1:2 = bufferization.dealloc (%u : memref<*xf64, 3>) if (%c2) retain (%r, %b : memref<2xf32>, memref<4xi32>) {tag = "x"}
  // CHECK: %2 = bufferization.dealloc retain (%arg0 : memref<2xf32>)
  %2 = bufferization.dealloc retain (%a : memref<2xf32>)
  // CHECK: bufferization.dealloc{{$}}
  bufferization.dealloc
  // CHECK: bufferization.dealloc {tag}
  bufferization.dealloc {tag}
  "bufferization.dealloc"(%a, %c1) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2xf32>, i1) -> ()
  return %1#0, %1#1 : i1, i1
}

// CHECK-LABEL: func.func @clone
func.func @clone(%a: memref<?xf32>, %b: memref<*xf32>, %c: memref<4x?xi8, strided<[?, 1], offset: ?>, 1>) -> memref<?xf32> {
  // CHECK: %0 = bufferization.clone %arg0 : memref<?xf32> to memref<?xf32>
  %0 = bufferization.clone %a : memref<?xf32> to memref<?xf32>
  // CHECK: %1 = bufferization.clone %arg1 : memref<*xf32> to memref<*xf32>
  %1 = bufferization.clone %b : memref<*xf32> to memref<*xf32>
  // CHECK: %2 = bufferization.clone %arg2 {foo = 1 : i64} : memref<4x?xi8, strided<[?, 1], offset: ?>, 1> to memref<4x?xi8>
  %2 = bufferization.clone %c {foo = 1} : memref<4x?xi8, strided<[?, 1], offset: ?>, 1> to memref<4x?xi8>
  // GENERIC: %{{.*}} = "bufferization.clone"({{.*}}) : (memref<?xf32>) -> memref<?xf32>
  %clone = "bufferization.clone"(%a) : (memref<?xf32>) -> memref<?xf32>
  return %clone : memref<?xf32>
}

// CHECK-LABEL: func.func @to_memref_and_back
func.func @to_memref_and_back(%t: tensor<?xi64>, %u: tensor<*xi64>, %s: tensor<2x3xf16>) {
  // CHECK: %0 = bufferization.to_memref %arg0 : memref<?xi64, #map>
  %0 = bufferization.to_memref %t : memref<?xi64, affine_map<(d0) -> (d0 + 7)>>
  // CHECK: %1 = bufferization.to_memref %arg1 : memref<*xi64, 1>
  %1 = bufferization.to_memref %u : memref<*xi64, 1>
  // CHECK: %2 = bufferization.to_memref %arg2 read_only : memref<2x3xf16, strided<[3, 1]>, #gpu.address_space<workgroup>>
  // GENERIC: %{{.*}} = "bufferization.to_memref"({{.*}}) <{read_only}> : (tensor<2x3xf16>) -> memref<2x3xf16, strided<[3, 1]>, #gpu.address_space<workgroup>>
  %2 = bufferization.to_memref %s read_only : memref<2x3xf16, strided<[3, 1]>, #gpu.address_space<workgroup>>
  // CHECK: %3 = bufferization.to_memref %arg2 read_only {x} : memref<2x3xf16>
  %3 = bufferization.to_memref %s {read_only, x} : memref<2x3xf16>
  // CHECK: %4 = bufferization.to_tensor %0 : memref<?xi64, #map>
  %4 = bufferization.to_tensor %0 : memref<?xi64, affine_map<(d0) -> (d0 + 7)>>
  // CHECK: %5 = bufferization.to_tensor %1 restrict : memref<*xi64, 1>
  // GENERIC: %{{.*}} = "bufferization.to_tensor"({{.*}}) <{restrict}> : (memref<*xi64, 1>) -> tensor<*xi64>
  %5 = bufferization.to_tensor %1 restrict : memref<*xi64, 1>
  // CHECK: %6 = bufferization.to_tensor %2 writable : memref<2x3xf16, strided<[3, 1]>, #gpu.address_space<workgroup>>
  %6 = bufferization.to_tensor %2 writable : memref<2x3xf16, strided<[3, 1]>, #gpu.address_space<workgroup>>
  // CHECK: %7 = bufferization.to_tensor %3 restrict writable {tag = 2 : i32} : memref<2x3xf16>
  %7 = bufferization.to_tensor %3 restrict writable {tag = 2 : i32} : memref<2x3xf16>
  %8 = "bufferization.to_tensor"(%3) <{writable}> : (memref<2x3xf16>) -> tensor<2x3xf16>
  "test.use"(%4, %5, %6, %7, %8) : (tensor<?xi64>, tensor<*xi64>, tensor<2x3xf16>, tensor<2x3xf16>, tensor<2x3xf16>) -> ()
  return
}

#CSR = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>

// CHECK-LABEL: func.func @alloc_tensor
func.func @alloc_tensor(%t: tensor<?x5xf32>, %sz: index, %e: tensor<4x4xf64, #CSR>) -> tensor<?x5xf32> {
  // CHECK: %0 = bufferization.alloc_tensor(%arg1) : tensor<?x5xf32>
  // GENERIC: %{{.*}} = "bufferization.alloc_tensor"({{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> tensor<?x5xf32>
  %0 = bufferization.alloc_tensor(%sz) : tensor<?x5xf32>
  // CHECK: %1 = bufferization.alloc_tensor() copy(%arg0) : tensor<?x5xf32>
  %1 = bufferization.alloc_tensor() copy(%t) : tensor<?x5xf32>
  // CHECK: %2 = bufferization.alloc_tensor() : tensor<5x6xf32>
  %2 = bufferization.alloc_tensor() : tensor<5x6xf32>
  // CHECK: %3 = bufferization.alloc_tensor(%arg1, %arg1) : tensor<?x?xf32>
  %3 = bufferization.alloc_tensor(%sz, %sz) : tensor<?x?xf32>
  // CHECK: %4 = bufferization.alloc_tensor() copy(%arg0) {escape = true} : tensor<?x5xf32>
  %4 = bufferization.alloc_tensor() copy(%t) {escape = true} : tensor<?x5xf32>
  // CHECK: %5 = bufferization.alloc_tensor(%arg1) size_hint=%arg1 : tensor<?x5xf32>
  // GENERIC: %{{.*}} = "bufferization.alloc_tensor"({{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (index, index) -> tensor<?x5xf32>
  %5 = bufferization.alloc_tensor(%sz) size_hint=%sz : tensor<?x5xf32>
  // CHECK: %6 = bufferization.alloc_tensor() copy(%arg0) size_hint=%arg1 {memory_space = 1 : i64} : tensor<?x5xf32>
  // GENERIC: <{memory_space = 1 : i64, operandSegmentSizes = array<i32: 0, 1, 1>}>
  %6 = bufferization.alloc_tensor() copy(%t) size_hint=%sz {memory_space = 1 : i64} : tensor<?x5xf32>
  // CHECK: %7 = bufferization.alloc_tensor() {memory_space = #gpu.address_space<private>} : tensor<2xi8>
  %7 = bufferization.alloc_tensor() {memory_space = #gpu.address_space<private>} : tensor<2xi8>
  // CHECK: %8 = bufferization.alloc_tensor() copy(%arg2) : tensor<4x4xf64, #sparse>
  %8 = bufferization.alloc_tensor() copy(%e) : tensor<4x4xf64, #CSR>
  %9 = "bufferization.alloc_tensor"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> {a} : () -> tensor<f32>
  "test.use"(%0, %2, %3, %4, %5, %6, %7, %8, %9) : (tensor<?x5xf32>, tensor<5x6xf32>, tensor<?x?xf32>, tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x5xf32>, tensor<2xi8>, tensor<4x4xf64, #CSR>, tensor<f32>) -> ()
  return %1 : tensor<?x5xf32>
}

// CHECK-LABEL: func.func @materialize_in_destination
func.func @materialize_in_destination(%t: tensor<?xf32>, %d: tensor<5xf32>, %m: memref<?xf32>, %u: tensor<*xf32>, %um: memref<*xf32>) -> tensor<5xf32> {
  // CHECK: bufferization.materialize_in_destination %arg0 in restrict writable %arg2 : (tensor<?xf32>, memref<?xf32>) -> ()
  // GENERIC: "bufferization.materialize_in_destination"({{.*}}) <{restrict, writable}> : (tensor<?xf32>, memref<?xf32>) -> ()
  bufferization.materialize_in_destination %t in restrict writable %m : (tensor<?xf32>, memref<?xf32>) -> ()
  // CHECK: bufferization.materialize_in_destination %arg0 in writable %arg2 : (tensor<?xf32>, memref<?xf32>) -> ()
  bufferization.materialize_in_destination %t in writable %m : (tensor<?xf32>, memref<?xf32>) -> ()
  // CHECK: %0 = bufferization.materialize_in_destination %arg0 in %arg1 : (tensor<?xf32>, tensor<5xf32>) -> tensor<5xf32>
  %0 = bufferization.materialize_in_destination %t in %d : (tensor<?xf32>, tensor<5xf32>) -> tensor<5xf32>
  // CHECK: bufferization.materialize_in_destination %arg3 in writable %arg4 {x = "y"} : (tensor<*xf32>, memref<*xf32>) -> ()
  bufferization.materialize_in_destination %u in writable %um {x = "y"} : (tensor<*xf32>, memref<*xf32>) -> ()
  return %0 : tensor<5xf32>
}

// CHECK-LABEL: func.func @dealloc_tensor
func.func @dealloc_tensor(%t: tensor<4x4xf64, #CSR>, %u: tensor<*xi1>) {
  // CHECK: bufferization.dealloc_tensor %arg0 : tensor<4x4xf64, #sparse>
  bufferization.dealloc_tensor %t : tensor<4x4xf64, #CSR>
  // CHECK: bufferization.dealloc_tensor %arg1 {keep} : tensor<*xi1>
  bufferization.dealloc_tensor %u {keep} : tensor<*xi1>
  return
}

// Function-argument attributes the bufferization passes read.
// CHECK-LABEL: func.func @arg_attrs(%arg0: tensor<?xf32> {bufferization.writable = true}, %arg1: tensor<?xf32> {bufferization.access = "read", bufferization.buffer_layout = affine_map<(d0) -> (d0)>})
func.func @arg_attrs(%a: tensor<?xf32> {bufferization.writable = true},
                     %b: tensor<?xf32> {bufferization.access = "read", bufferization.buffer_layout = affine_map<(d0) -> (d0)>}) {
  return
}
