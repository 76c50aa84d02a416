// RUN: lifeline-opt %s --canonicalize --split-input-file > %t.ours && mlir-opt-19 %s --canonicalize --split-input-file > %t.ref && diff %t.ref %t.ours

// memref.dim and reshapes: a dim reads the size operand of the subview or
// reinterpret_cast that made its memref, or the shape operand of a memref.reshape
// (loaded right after the reshape); an expand/collapse that does not change the
// type, or that undoes the reshape before it, is its source.

func.func @dim_of_views(%m: memref<?x?xf32>, %n: index, %k: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = memref.subview %m[0, 0] [%n, 1] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[?]>>
  %d0 = memref.dim %s, %c0 : memref<?xf32, strided<[?]>>
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [4, %k], strides: [%k, 1] : memref<?x?xf32> to memref<4x?xf32, strided<[?, 1]>>
  %d1 = memref.dim %r, %c1 : memref<4x?xf32, strided<[?, 1]>>
  %d2 = memref.dim %r, %c0 : memref<4x?xf32, strided<[?, 1]>>
  return %d0, %d1, %d2 : index, index, index
}

// -----

func.func @dim_of_reshape(%m: memref<*xf32>, %shape: memref<?xindex>, %shape32: memref<?xi32>) -> (index, index) {
  %c2 = arith.constant 2 : index
  %a = memref.reshape %m(%shape) : (memref<*xf32>, memref<?xindex>) -> memref<*xf32>
  %b = memref.reshape %m(%shape32) : (memref<*xf32>, memref<?xi32>) -> memref<*xf32>
  %da = memref.dim %a, %c2 : memref<*xf32>
  %db = memref.dim %b, %c2 : memref<*xf32>
  return %da, %db : index, index
}

// -----

// The index is made after the reshape: the dim stays.
func.func @dim_of_reshape_late_index(%m: memref<*xf32>, %shape: memref<?xindex>, %i: index) -> index {
  %a = memref.reshape %m(%shape) : (memref<*xf32>, memref<?xindex>) -> memref<*xf32>
  %j = arith.addi %i, %i : index
  %d = memref.dim %a, %j : memref<*xf32>
  return %d : index
}

// -----

func.func @reshape_round_trips(%a: memref<6xf32>, %b: memref<2x3xf32>, %c: memref<?x4xf32>) -> (memref<6xf32>, memref<2x3xf32>, memref<6xf32>, memref<?x4xf32>) {
  %same = memref.collapse_shape %a [[0]] : memref<6xf32> into memref<6xf32>
  %e = memref.collapse_shape %b [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  %back = memref.expand_shape %e [[0, 1]] output_shape [2, 3] : memref<6xf32> into memref<2x3xf32>
  %x = memref.expand_shape %a [[0, 1]] output_shape [3, 2] : memref<6xf32> into memref<3x2xf32>
  %y = memref.collapse_shape %x [[0, 1]] : memref<3x2xf32> into memref<6xf32>
  %c0 = arith.constant 0 : index
  %d = memref.dim %c, %c0 : memref<?x4xf32>
  %z = memref.expand_shape %c [[0], [1]] output_shape [%d, 4] : memref<?x4xf32> into memref<?x4xf32>
  return %same, %back, %y, %z : memref<6xf32>, memref<2x3xf32>, memref<6xf32>, memref<?x4xf32>
}
