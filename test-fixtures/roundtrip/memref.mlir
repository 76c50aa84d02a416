// RUN: lifeline-opt %s --allow-unregistered-dialect > %t.ours && mlir-opt-19 --allow-unregistered-dialect %s > %t.ref && mlir-opt-19 --allow-unregistered-dialect %t.ours | diff %t.ref -
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-print-op-generic > %t.g && mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %s > %t.gref && mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %t.g | diff %t.gref -
// RUN: lifeline-opt %s --allow-unregistered-dialect | FileCheck %s

// The memref dialect: every op, with optional parts present and absent, ranked,
// unranked and 0-d memrefs, strided layouts and memory spaces. Result names
// (%alloc, %subview, %base_buffer…) are the ones mlir-opt-19 suggests.

// CHECK: memref.global "private" constant @cst : memref<2xf32> = dense<[0.000000e+00, 2.000000e+00]> {alignment = 64 : i64}
memref.global "private" constant @cst : memref<2xf32> = dense<[0.0, 2.0]> {alignment = 64}
// CHECK: memref.global "private" @decl : memref<4xi32>
memref.global "private" @decl : memref<4xi32>
// CHECK: memref.global @uninit : memref<3xf16> = uninitialized
memref.global @uninit : memref<3xf16> = uninitialized
// CHECK: memref.global constant @splat : memref<2x3xi32> = dense<1>
memref.global constant @splat : memref<2x3xi32> = dense<1>
// CHECK: memref.global "nested" @scalar : memref<f64> = dense<1.500000e+00> {test.attr}
memref.global "nested" @scalar : memref<f64> = dense<1.5> {test.attr}

// CHECK-LABEL: func.func @alloc
func.func @alloc(%d: index, %s: index) {
  // CHECK: %alloc = memref.alloc() : memref<4x8xf32>
  %0 = memref.alloc() : memref<4x8xf32>
  // CHECK: %alloc_0 = memref.alloc(%arg0, %arg1) : memref<?x4x?xi8, 1>
  %1 = memref.alloc(%d, %s) : memref<?x4x?xi8, 1>
  // CHECK: %alloc_1 = memref.alloc(%arg0)[%arg1] {alignment = 16 : i64} : memref<?x64xf32, {{.*}}>
  %2 = memref.alloc(%d)[%s] {alignment = 16} : memref<?x64xf32, affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>>
  // CHECK: %alloca = memref.alloca() : memref<f32>
  %3 = memref.alloca() : memref<f32>
  // CHECK: %alloca_2 = memref.alloca(%arg0) {alignment = 64 : i64} : memref<?xindex>
  %4 = memref.alloca(%d) {alignment = 64 : i64} : memref<?xindex>
  // CHECK: %0 = memref.realloc %alloca_2(%arg1) : memref<?xindex> to memref<?xindex>
  %5 = memref.realloc %4(%s) : memref<?xindex> to memref<?xindex>
  %6 = memref.alloc() : memref<16xi32>
  // CHECK: %1 = memref.realloc %alloc_3 {alignment = 8 : i64} : memref<16xi32> to memref<32xi32>
  %7 = memref.realloc %6 {alignment = 8} : memref<16xi32> to memref<32xi32>
  // CHECK: memref.dealloc %alloc : memref<4x8xf32>
  memref.dealloc %0 : memref<4x8xf32>
  memref.dealloc %1 : memref<?x4x?xi8, 1>
  memref.dealloc %7 : memref<32xi32>
  return
}

// CHECK-LABEL: func.func @access
func.func @access(%m: memref<4x?xf32>, %z: memref<i64>, %i: index, %j: index, %v: f32) -> (f32, i64) {
  // CHECK: %0 = memref.load %arg0[%arg2, %arg3] : memref<4x?xf32>
  %0 = memref.load %m[%i, %j] : memref<4x?xf32>
  // CHECK: %1 = memref.load %arg0[%arg2, %arg3] {nontemporal = true} : memref<4x?xf32>
  %1 = memref.load %m[%i, %j] {nontemporal = true} : memref<4x?xf32>
  // The default (false) is hidden in custom form but kept in the generic form.
  // CHECK: %2 = memref.load %arg1[] : memref<i64>
  %2 = memref.load %z[] {nontemporal = false} : memref<i64>
  // CHECK: memref.store %arg4, %arg0[%arg2, %arg3] : memref<4x?xf32>
  memref.store %v, %m[%i, %j] : memref<4x?xf32>
  // CHECK: memref.store %arg4, %arg0[%arg2, %arg3] {nontemporal = true} : memref<4x?xf32>
  memref.store %v, %m[%i, %j] {nontemporal = true} : memref<4x?xf32>
  memref.store %2, %z[] : memref<i64>
  return %0, %2 : f32, i64
}

// CHECK-LABEL: func.func @shape_queries
func.func @shape_queries(%m: memref<4x?xf32>, %u: memref<*xf32>, %i: index) -> (index, index, index) {
  // CHECK: %dim = memref.dim %arg0, %arg2 : memref<4x?xf32>
  %0 = memref.dim %m, %i : memref<4x?xf32>
  // CHECK: %dim_0 = memref.dim %arg1, %arg2 : memref<*xf32>
  %1 = memref.dim %u, %i : memref<*xf32>
  // CHECK: %0 = memref.rank %arg1 : memref<*xf32>
  %2 = memref.rank %u : memref<*xf32>
  %3 = memref.rank %m : memref<4x?xf32>
  return %0, %1, %2 : index, index, index
}

// CHECK-LABEL: func.func @globals_and_copies
func.func @globals_and_copies(%a: memref<?xf32>, %b: memref<*xf32>) {
  // CHECK: %0 = memref.get_global @cst : memref<2xf32>
  %0 = memref.get_global @cst : memref<2xf32>
  %1 = memref.get_global @scalar : memref<f64>
  // CHECK: memref.copy %0, %arg0 : memref<2xf32> to memref<?xf32>
  memref.copy %0, %a : memref<2xf32> to memref<?xf32>
  memref.copy %b, %a : memref<*xf32> to memref<?xf32>
  return
}

// CHECK-LABEL: func.func @views
func.func @views(%m: memref<?x?xf32>, %s: memref<8x16x4xf32>, %raw: memref<2048xi8>, %i: index, %j: index) {
  // CHECK: %subview = memref.subview %arg0[%arg3, 0] [4, %arg4] [1, 1] : memref<?x?xf32> to memref<4x?xf32, strided<[?, 1], offset: ?>>
  %0 = memref.subview %m[%i, 0] [4, %j] [1, 1] : memref<?x?xf32> to memref<4x?xf32, strided<[?, 1], offset: ?>>
  // Static offsets, sizes and strides; a rank-reducing subview.
  // CHECK: %subview_0 = memref.subview %arg1[0, 2, 1] [8, 1, 2] [1, 1, 2] : memref<8x16x4xf32> to memref<8x2xf32, strided<[64, 2], offset: 9>>
  %1 = memref.subview %s[0, 2, 1] [8, 1, 2] [1, 1, 2] : memref<8x16x4xf32> to memref<8x2xf32, strided<[64, 2], offset: 9>>
  %2 = memref.subview %s[0, 0, 0] [8, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<8x16x4xf32>
  // CHECK: %view = memref.view %arg2[%arg3][] : memref<2048xi8> to memref<64x4xf32>
  %3 = memref.view %raw[%i][] : memref<2048xi8> to memref<64x4xf32>
  // CHECK: %view_2 = memref.view %arg2[%arg3][%arg4, %arg3] : memref<2048xi8> to memref<?x4x?xf32>
  %4 = memref.view %raw[%i][%j, %i] : memref<2048xi8> to memref<?x4x?xf32>
  // CHECK: %cast = memref.cast %arg0 : memref<?x?xf32> to memref<4x4xf32>
  %5 = memref.cast %m : memref<?x?xf32> to memref<4x4xf32>
  // CHECK: %cast_3 = memref.cast %cast : memref<4x4xf32> to memref<*xf32>
  %6 = memref.cast %5 : memref<4x4xf32> to memref<*xf32>
  // CHECK: %memspacecast = memref.memory_space_cast %arg0 : memref<?x?xf32> to memref<?x?xf32, 3>
  %7 = memref.memory_space_cast %m : memref<?x?xf32> to memref<?x?xf32, 3>
  // CHECK: %transpose = memref.transpose %arg0 (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  %8 = memref.transpose %m (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  %9 = memref.transpose %s (d0, d1, d2) -> (d2, d0, d1) : memref<8x16x4xf32> to memref<4x8x16xf32, strided<[1, 64, 4]>>
  // Every entry dynamic; a subview of a subview.
  // CHECK: memref.subview %subview[%arg3, %arg4] [%arg4, %arg3] [%arg3, %arg4] : memref<4x?xf32, strided<[?, 1], offset: ?>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %10 = memref.subview %0[%i, %j] [%j, %i] [%i, %j] : memref<4x?xf32, strided<[?, 1], offset: ?>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %11 = memref.cast %m : memref<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %12 = memref.cast %6 : memref<*xf32> to memref<?x?xf32>
  // CHECK: memref.memory_space_cast %cast_3 {test.tag} : memref<*xf32> to memref<*xf32, #gpu.address_space<workgroup>>
  %13 = memref.memory_space_cast %6 {test.tag} : memref<*xf32> to memref<*xf32, #gpu.address_space<workgroup>>
  %14 = memref.view %raw[%i][] {test.tag} : memref<2048xi8> to memref<i64>
  return
}

// CHECK-LABEL: func.func @reinterpret_and_reshape
func.func @reinterpret_and_reshape(%u: memref<*xf32>, %m: memref<4x8xf32>, %o: index, %sz: index, %shape: memref<2xindex>, %dshape: memref<?xi32>) {
  // CHECK: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [4], strides: [1] : memref<*xf32> to memref<4xf32>
  %0 = memref.reinterpret_cast %u to offset: [0], sizes: [4], strides: [1] : memref<*xf32> to memref<4xf32>
  // CHECK: %reinterpret_cast_0 = memref.reinterpret_cast %arg1 to offset: [%arg2], sizes: [%arg3, 4], strides: [4, 1] : memref<4x8xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
  %1 = memref.reinterpret_cast %m to offset: [%o], sizes: [%sz, 4], strides: [4, 1] : memref<4x8xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
  // CHECK: %reshape = memref.reshape %arg1(%arg4) : (memref<4x8xf32>, memref<2xindex>) -> memref<8x4xf32>
  %2 = memref.reshape %m(%shape) : (memref<4x8xf32>, memref<2xindex>) -> memref<8x4xf32>
  %3 = memref.reshape %u(%dshape) : (memref<*xf32>, memref<?xi32>) -> memref<*xf32>
  // CHECK: %collapse_shape = memref.collapse_shape %arg1 {{\[\[}}0, 1]] : memref<4x8xf32> into memref<32xf32>
  %4 = memref.collapse_shape %m [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  // CHECK: %expand_shape = memref.expand_shape %collapse_shape {{\[\[}}0, 1, 2]] output_shape [2, 4, 4] : memref<32xf32> into memref<2x4x4xf32>
  %5 = memref.expand_shape %4 [[0, 1, 2]] output_shape [2, 4, 4] : memref<32xf32> into memref<2x4x4xf32>
  %6 = memref.cast %4 : memref<32xf32> to memref<?xf32>
  // CHECK: %expand_shape_2 = memref.expand_shape %cast {{\[\[}}0, 1]] output_shape [%arg3, 4] : memref<?xf32> into memref<?x4xf32>
  %7 = memref.expand_shape %6 [[0, 1]] output_shape [%sz, 4] : memref<?xf32> into memref<?x4xf32>
  %8 = memref.subview %m[1, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1], offset: 8>>
  // CHECK: memref.collapse_shape %subview {{\[\[}}0, 1]] : memref<2x8xf32, strided<[8, 1], offset: 8>> into memref<16xf32, strided<[1], offset: 8>>
  %9 = memref.collapse_shape %8 [[0, 1]] : memref<2x8xf32, strided<[8, 1], offset: 8>> into memref<16xf32, strided<[1], offset: 8>>
  %10 = memref.collapse_shape %m [[0], [1]] : memref<4x8xf32> into memref<4x8xf32>
  // CHECK: memref.reinterpret_cast %arg0 to offset: [%arg2], sizes: [%arg3, %arg3], strides: [%arg3, 1] {test.tag} : memref<*xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  %11 = memref.reinterpret_cast %u to offset: [%o], sizes: [%sz, %sz], strides: [%sz, 1] {test.tag} : memref<*xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  %12 = memref.collapse_shape %1 [[0, 1]] : memref<?x4xf32, strided<[4, 1], offset: ?>> into memref<?xf32, strided<[1], offset: ?>>
  %13 = memref.expand_shape %12 [[0, 1]] output_shape [%sz, 2] {test.tag} : memref<?xf32, strided<[1], offset: ?>> into memref<?x2xf32, strided<[2, 1], offset: ?>>
  return
}

// CHECK-LABEL: func.func @metadata
func.func @metadata(%m: memref<?x?xf32>, %v: memref<8xf32, strided<[2], offset: 4>>, %z: memref<i8>) -> index {
  // CHECK: %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
  %b, %o, %s:2, %t:2 = memref.extract_strided_metadata %m : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
  // CHECK: %base_buffer_0, %offset_1, %sizes_2, %strides_3 = memref.extract_strided_metadata %arg1
  %b1, %o1, %s1, %t1 = memref.extract_strided_metadata %v : memref<8xf32, strided<[2], offset: 4>> -> memref<f32>, index, index, index
  // CHECK: %base_buffer_4, %offset_5 = memref.extract_strided_metadata %arg2 : memref<i8> -> memref<i8>, index
  %b2, %o2 = memref.extract_strided_metadata %z : memref<i8> -> memref<i8>, index
  // CHECK: %intptr = memref.extract_aligned_pointer_as_index %arg0 : memref<?x?xf32> -> index
  %p = memref.extract_aligned_pointer_as_index %m : memref<?x?xf32> -> index
  // CHECK: memref.assume_alignment %arg0, 16 : memref<?x?xf32>
  memref.assume_alignment %m, 16 : memref<?x?xf32>
  return %s#1 : index
}

// CHECK-LABEL: func.func @atomics
func.func @atomics(%f: memref<10xf32>, %n: memref<4x4xi32>, %i: index, %x: f32, %y: i32) -> (f32, i32, f32) {
  // CHECK: %0 = memref.atomic_rmw addf %arg3, %arg0[%arg2] : (f32, memref<10xf32>) -> f32
  %0 = memref.atomic_rmw addf %x, %f[%i] : (f32, memref<10xf32>) -> f32
  // CHECK: memref.atomic_rmw maxs %arg4, %arg1[%arg2, %arg2] : (i32, memref<4x4xi32>) -> i32
  %1 = memref.atomic_rmw "maxs" %y, %n[%i, %i] : (i32, memref<4x4xi32>) -> i32
  %2 = memref.atomic_rmw assign %y, %n[%i, %i] : (i32, memref<4x4xi32>) -> i32
  %3 = memref.atomic_rmw minimumf %x, %f[%i] : (f32, memref<10xf32>) -> f32
  %4 = memref.atomic_rmw andi %y, %n[%i, %i] {test.tag} : (i32, memref<4x4xi32>) -> i32
  %5 = memref.atomic_rmw minnumf %x, %f[%i] : (f32, memref<10xf32>) -> f32
  // CHECK: memref.generic_atomic_rmw %arg0[%arg2] : memref<10xf32> {
  // CHECK-NEXT: ^bb0(%arg5: f32):
  // CHECK: memref.atomic_yield %{{.*}} : f32
  // CHECK-NEXT: }
  %6 = memref.generic_atomic_rmw %f[%i] : memref<10xf32> {
  ^bb0(%cur: f32):
    %c = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
    %s = "arith.addf"(%cur, %c) : (f32, f32) -> f32
    memref.atomic_yield %s : f32
  }
  %7 = memref.generic_atomic_rmw %n[%i, %i] : memref<4x4xi32> {
  ^bb0(%cur: i32):
    memref.atomic_yield %cur : i32
  } {test.tag}
  return %0, %1, %6 : f32, i32, f32
}

// CHECK-LABEL: func.func @scopes
func.func @scopes(%v: f32, %w: i32) -> f32 {
  // CHECK: %0 = memref.alloca_scope  -> (f32) {
  // CHECK-NEXT: %alloca = memref.alloca() : memref<4xf32>
  // CHECK-NEXT: memref.alloca_scope.return %arg0 : f32
  %0 = memref.alloca_scope -> (f32) {
    %a = memref.alloca() : memref<4xf32>
    memref.alloca_scope.return %v : f32
  }
  // CHECK: %1:2 = memref.alloca_scope  -> (f32, i32) {
  %1:2 = memref.alloca_scope -> (f32, i32) {
    memref.alloca_scope.return %v, %w : f32, i32
  }
  // The terminator without operands is implicit.
  // CHECK: memref.alloca_scope  {
  // CHECK-NEXT: %alloca = memref.alloca() : memref<f32>
  // CHECK-NEXT: }
  memref.alloca_scope {
    %a = memref.alloca() : memref<f32>
  }
  // CHECK: memref.alloca_scope  {
  // CHECK-NEXT: } {test.tag}
  memref.alloca_scope {
    memref.alloca_scope.return
  } {test.tag}
  return %0 : f32
}

// CHECK-LABEL: func.func @prefetch_and_dma
func.func @prefetch_and_dma(%m: memref<400x400xi32>, %src: memref<40x128xf32>, %dst: memref<2x1024xf32, 1>, %tag: memref<1xi32>, %i: index, %n: index) {
  // CHECK: memref.prefetch %arg0[%arg4, %arg4], read, locality<3>, data : memref<400x400xi32>
  memref.prefetch %m[%i, %i], read, locality<3>, data : memref<400x400xi32>
  // CHECK: memref.prefetch %arg0[%arg4, %arg5], write, locality<0>, instr : memref<400x400xi32>
  memref.prefetch %m[%i, %n], write, locality<0>, instr : memref<400x400xi32>
  // CHECK: memref.dma_start %arg1[%arg4, %arg4], %arg2[%arg4, %arg4], %arg5, %arg3[%arg4] : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32>
  memref.dma_start %src[%i, %i], %dst[%i, %i], %n, %tag[%i] : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32>
  // CHECK: memref.dma_start %arg1[%arg4, %arg4], %arg2[%arg4, %arg4], %arg5, %arg3[%arg4], %arg5, %arg4 : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32>
  memref.dma_start %src[%i, %i], %dst[%i, %i], %n, %tag[%i], %n, %i : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32>
  // CHECK: memref.dma_wait %arg3[%arg4], %arg5 : memref<1xi32>
  memref.dma_wait %tag[%i], %n : memref<1xi32>
  return
}

// Strided layouts the verifiers must accept (rank-reducing subviews, strided reshapes).
// CHECK-LABEL: func.func @strided_layouts
func.func @strided_layouts(%m: memref<?x?xf32, strided<[?, 1], offset: ?>>, %s: memref<8x1x1x4xf32>, %t: memref<4x8xf32, strided<[16, 1], offset: 5>>, %i: index, %u: memref<1x1x8xf32, strided<[64, 8, 1]>>, %d: memref<?x?x4xf32>) {
  %0 = memref.subview %s[0, 0, 0, 0] [1, 1, 1, 4] [1, 1, 1, 1] : memref<8x1x1x4xf32> to memref<4xf32>
  %1 = memref.subview %s[1, 0, 0, 0] [1, 1, 1, 4] [1, 1, 1, 1] : memref<8x1x1x4xf32> to memref<4xf32, strided<[1], offset: 4>>
  %2 = memref.subview %s[0, 0, 0, 0] [8, 1, 1, 4] [1, 1, 1, 1] : memref<8x1x1x4xf32> to memref<8x1x4xf32, strided<[4, 4, 1]>>
  %3 = memref.subview %m[%i, 1] [2, 2] [1, 1] : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<2x2xf32, strided<[?, 1], offset: ?>>
  %4 = memref.subview %t[1, 2] [2, 3] [2, 1] : memref<4x8xf32, strided<[16, 1], offset: 5>> to memref<2x3xf32, strided<[32, 1], offset: 23>>
  %5 = memref.expand_shape %t [[0, 1], [2]] output_shape [2, 2, 8] : memref<4x8xf32, strided<[16, 1], offset: 5>> into memref<2x2x8xf32, strided<[32, 16, 1], offset: 5>>
  %6 = memref.collapse_shape %u [[0], [1, 2]] : memref<1x1x8xf32, strided<[64, 8, 1]>> into memref<1x8xf32, strided<[64, 1]>>
  %7 = memref.collapse_shape %d [[0, 1], [2]] : memref<?x?x4xf32> into memref<?x4xf32>
  %8 = memref.collapse_shape %u [[0, 1], [2]] : memref<1x1x8xf32, strided<[64, 8, 1]>> into memref<1x8xf32, strided<[64, 1]>>
  %9 = memref.expand_shape %d [[0, 1], [2], [3]] output_shape [%i, 2, %i, 4] : memref<?x?x4xf32> into memref<?x2x?x4xf32>
  %10 = memref.transpose %t (d0, d1) -> (d1, d0) : memref<4x8xf32, strided<[16, 1], offset: 5>> to memref<8x4xf32, strided<[1, 16], offset: 5>>
  %11 = memref.cast %t : memref<4x8xf32, strided<[16, 1], offset: 5>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %12 = memref.reinterpret_cast %t to offset: [%i], sizes: [4, %i], strides: [%i, 1] : memref<4x8xf32, strided<[16, 1], offset: 5>> to memref<4x?xf32, strided<[?, 1], offset: ?>>
  %13 = memref.subview %m[0, 0] [1, 4] [1, 1] : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<4xf32, strided<[1], offset: ?>>
  return
}

// A strided layout's map has one symbol per dynamic offset or stride; `strided<[1]>` on
// rank 1 is the identity map, so shapes expanded from it get the identity layout.
// CHECK-LABEL: func.func @strided_symbols
// CHECK:         memref.alloc(%arg0)[%arg1, %arg2] : memref<?xf32, strided<[?], offset: ?>>
// CHECK:         memref.alloca()[%arg1] : memref<4xf32, strided<[?]>>
// CHECK:         memref.expand_shape %arg3 {{\[\[}}0, 1]] output_shape [1, %arg0] : memref<?xf32, strided<[1]>> into memref<1x?xf32>
func.func @strided_symbols(%n: index, %o: index, %s: index, %m: memref<?xf32, strided<[1]>>) {
  %a = memref.alloc(%n)[%o, %s] : memref<?xf32, strided<[?], offset: ?>>
  %b = memref.alloca()[%o] : memref<4xf32, strided<[?]>>
  %e = memref.expand_shape %m [[0, 1]] output_shape [1, %n] : memref<?xf32, strided<[1]>> into memref<1x?xf32>
  return
}
