// RUN: lifeline-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: mlir-opt-19 %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: not lifeline-opt %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ours; not mlir-opt-19 %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ref; diff %t.ref %t.ours

func.func @load_indices(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op incorrect number of indices for load, expected 2 but got 1}}
  %0 = memref.load %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @load_result(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %0 = "memref.load"(%m, %i) : (memref<4xf32>, index) -> i32
  return
}

// -----

func.func @store_indices(%m: memref<4x4xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %v, %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @dealloc_custom(%v: f32) {
  // expected-error @+1 {{custom op 'memref.dealloc' invalid kind of type specified}}
  memref.dealloc %v : f32
  return
}

// -----

func.func @dealloc_generic(%v: f32) {
  // expected-error @+1 {{'memref.dealloc' op operand #0 must be ranked or unranked memref of any type values, but got 'f32'}}
  "memref.dealloc"(%v) : (f32) -> ()
  return
}

// -----

func.func @alloc_dims(%i: index) {
  // expected-error @+1 {{'memref.alloc' op dimension operand count does not equal memref dynamic dimension count}}
  %0 = memref.alloc() : memref<?xf32>
  return
}

// -----

func.func @alloc_symbols(%i: index) {
  // expected-error @+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 1, got 0}}
  %0 = memref.alloc() : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  return
}

// -----

func.func @alloc_strided_symbols(%i: index) {
  // expected-error @+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 2, got 1}}
  %0 = memref.alloc()[%i] : memref<4xf32, strided<[?], offset: ?>>
  return
}

// -----

func.func @realloc_dim(%m: memref<4xf32>) {
  // expected-error @+1 {{missing dimension operand for result type 'memref<?xf32>'}}
  %0 = memref.realloc %m : memref<4xf32> to memref<?xf32>
  return
}

// -----

func.func @realloc_elt(%m: memref<4xf32>) {
  // expected-error @+1 {{different element types specified for source memref type 'memref<4xf32>' and result memref type 'memref<8xi32>'}}
  %0 = memref.realloc %m : memref<4xf32> to memref<8xi32>
  return
}

// -----

func.func @cast(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<8xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<8xf32>
  return
}

// -----

func.func @memory_space_cast(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.memory_space_cast' op operand type 'memref<4xf32>' and result type 'memref<8xf32, 1>' are cast incompatible}}
  %0 = memref.memory_space_cast %m : memref<4xf32> to memref<8xf32, 1>
  return
}

// -----

func.func @subview_ranks(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = memref.subview %m[0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32>
  return
}

// -----

func.func @subview_layout(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result layout)}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32>
  return
}

// -----

func.func @subview_sizes(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result sizes)}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x5xf32, strided<[8, 1]>>
  return
}

// -----

func.func @subview_offset(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected offsets to be non-negative, but got -1}}
  %0 = memref.subview %m[0, -1] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @subview_space(%m: memref<8x8xf32>) {
  // expected-error @+1 {{different memory spaces specified for base memref type 'memref<8x8xf32>' and subview memref type 'memref<4x4xf32, 1>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, 1>
  return
}

// -----

func.func @reinterpret_size(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result type with size = 4 instead of 5 in dim = 1}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<8x8xf32> to memref<4x5xf32>
  return
}

// -----

func.func @reinterpret_offsets(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected 1 offset values, got 2}}
  %0 = memref.reinterpret_cast %m to offset: [0, 0], sizes: [4, 4], strides: [4, 1] : memref<8x8xf32> to memref<4x4xf32>
  return
}

// -----

func.func @view_sizes(%m: memref<2048xi8>, %i: index) {
  // expected-error @+1 {{incorrect number of size operands for type 'memref<?x4xf32>'}}
  %0 = memref.view %m[%i][] : memref<2048xi8> to memref<?x4xf32>
  return
}

// -----

func.func @transpose_perm(%m: memref<4x4xf32>) {
  // expected-error @+1 {{'memref.transpose' op expected a permutation map}}
  %0 = memref.transpose %m (d0, d1) -> (d0, d0) : memref<4x4xf32> to memref<4x4xf32>
  return
}

// -----

func.func @transpose_type(%m: memref<4x4xf32>) {
  // expected-error @+1 {{'memref.transpose' op result type 'memref<4x4xf32>' is not equivalent to the canonical transposed input type 'memref<4x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 4)>>'}}
  %0 = memref.transpose %m (d0, d1) -> (d1, d0) : memref<4x4xf32> to memref<4x4xf32>
  return
}

// -----

func.func @atomic_kind(%m: memref<4xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{'memref.atomic_rmw' op with kind 'addi' expects an integer type}}
  %0 = memref.atomic_rmw addi %v, %m[%i] : (f32, memref<4xf32>) -> f32
  return
}

// -----

func.func @atomic_subscripts(%m: memref<4x4xi32>, %i: index, %v: i32) {
  // expected-error @+1 {{'memref.atomic_rmw' op expects the number of subscripts to be equal to memref rank}}
  %0 = memref.atomic_rmw addi %v, %m[%i] : (i32, memref<4x4xi32>) -> i32
  return
}

// -----

func.func @copy_elt(%m: memref<4xf32>, %n: memref<4xi32>) {
  // expected-error @+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %m, %n : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @collapse_size(%m: memref<4x8xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op collapsed dim size (33) must equal reassociation group size (32)}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x8xf32> into memref<33xf32>
  return
}

// -----

func.func @collapse_strided(%m: memref<4x4xf32, strided<[8, 1]>>) {
  // expected-error @+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32, strided<[8, 1]>> into memref<16xf32, strided<[?]>>
  return
}

// -----

func.func @expand_size(%m: memref<32xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op collapsed dim size (32) must equal reassociation group size (28)}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [4, 7] : memref<32xf32> into memref<4x7xf32>
  return
}

// -----

func.func @get_global_missing() {
  // expected-error @+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %0 = memref.get_global @nope : memref<2xf32>
  return
}

// -----

memref.global @g : memref<2xf32>
func.func @get_global_type() {
  // expected-error @+1 {{'memref.get_global' op result type 'memref<3xf32>' does not match type 'memref<2xf32>' of the global memref @g}}
  %0 = memref.get_global @g : memref<3xf32>
  return
}

// -----

// expected-error @+1 {{custom op 'memref.global' type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global @dyn : memref<?xf32>

// -----

// expected-error @+1 {{'memref.global' op initial value expected to be of type 'tensor<2x2xf32>', but was of type 'tensor<2xf32>'}}
"memref.global"() <{sym_name = "g", type = memref<2x2xf32>, initial_value = dense<1.0> : tensor<2xf32>}> : () -> ()

// -----

func.func @prefetch(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'memref.prefetch' op too few indices}}
  memref.prefetch %m[%i], read, locality<3>, data : memref<4x4xf32>
  return
}

// -----

func.func @assume_alignment(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.assume_alignment' op alignment must be power of 2}}
  memref.assume_alignment %m, 3 : memref<4xf32>
  return
}

// -----

func.func @reshape(%m: memref<4xf32>, %s: memref<1xi32>) {
  // expected-error @+1 {{'memref.reshape' op element types of source and destination memref types should be the same}}
  %0 = memref.reshape %m(%s) : (memref<4xf32>, memref<1xi32>) -> memref<4xi32>
  return
}

// -----

func.func @atomic_yield(%m: memref<4xf32>, %i: index) {
  %0 = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%c: f32):
    %1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    // expected-error @+1 {{'memref.atomic_yield' op types mismatch between yield op: 'i32' and its parent: 'f32'}}
    memref.atomic_yield %1 : i32
  }
  return
}

// -----

func.func @rank(%i: index) {
  // expected-error @+1 {{custom op 'memref.rank' invalid kind of type specified}}
  %0 = memref.rank %i : index
  return
}

// -----

func.func @dma_wait(%m: memref<4xi32>, %i: index) {
  // expected-error @+1 {{'memref.dma_wait' op expected tagIndices to have the same number of elements as the tagMemRef rank, expected 1, but got 2}}
  memref.dma_wait %m[%i, %i], %i : memref<4xi32>
  return
}

// -----

func.func @extract_strided_metadata(%m: memref<8x8xf32>) {
  // expected-error @+1 {{'memref.extract_strided_metadata' op result #5 must be variadic of index, but got 'i32'}}
  %b, %o, %s:2, %t:2 = memref.extract_strided_metadata %m : memref<8x8xf32> -> memref<f32>, index, index, index, index, i32
  return
}

// -----

// expected-error @+1 {{alignment attribute value 24 is not a power of 2}}
memref.global "private" constant @table : memref<4xi16> = dense<[1, 2, 3, 4]> {alignment = 24}
