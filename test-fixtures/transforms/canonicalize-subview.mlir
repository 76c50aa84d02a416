// RUN: lifeline-opt %s --canonicalize --split-input-file > %t.ours && mlir-opt-19 %t.ours --split-input-file > %t.norm && mlir-opt-19 %s --canonicalize --split-input-file > %t.ref && diff %t.ref %t.norm
// RUN: lifeline-opt %s --buffer-deallocation-pipeline --split-input-file > %t.pours && mlir-opt-19 %t.pours --split-input-file > %t.pnorm && mlir-opt-19 %s --buffer-deallocation-pipeline --split-input-file > %t.pref && diff %t.pref %t.pnorm

// memref.subview canonicalization (canonicalize-memref-subview.ts): a constant
// size becomes static (S1), the subview then reads through a memref.cast that only
// lost static sizes (S2), and the copy into it folds the casts back out.
func.func @sizes_through_cast(%src: memref<6xf16>) -> memref<?xf16> {
  %n = arith.constant 6 : index
  %buf = memref.alloc() : memref<48xf16>
  %dyn = memref.cast %buf : memref<48xf16> to memref<?xf16>
  %part = memref.subview %dyn[0] [%n] [1] : memref<?xf16> to memref<?xf16, strided<[1]>>
  memref.copy %src, %part : memref<6xf16> to memref<?xf16, strided<[1]>>
  return %dyn : memref<?xf16>
}

// -----

// (S2) with a dynamic size, under an scf.if; (S1) on offsets and strides of a
// 2-d view; a rank-reducing view keeps its dropped dimension dropped.
func.func @dynamic_and_rank_reducing(%c: i1, %k: index, %in: memref<3x5xi64>) -> (memref<?xi64>, memref<?x?xi64, strided<[?, ?], offset: ?>>, memref<5xi64, strided<[1], offset: ?>>) {
  %two = arith.constant 2 : index
  %one = arith.constant 1 : index
  %r = scf.if %c -> (memref<?xi64>) {
    %a = memref.alloc() : memref<77xi64>
    %ac = memref.cast %a : memref<77xi64> to memref<?xi64>
    %s = memref.subview %ac[3] [%k] [1] : memref<?xi64> to memref<?xi64, strided<[1], offset: 3>>
    "test.read_buffer"(%s) : (memref<?xi64, strided<[1], offset: 3>>) -> ()
    scf.yield %ac : memref<?xi64>
  } else {
    %b = memref.alloc(%k) : memref<?xi64>
    scf.yield %b : memref<?xi64>
  }
  %v = memref.subview %in[%one, %k] [%two, %k] [%one, %two] : memref<3x5xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
  %w = memref.subview %in[%two, 0] [1, 5] [1, 1] : memref<3x5xi64> to memref<5xi64, strided<[1], offset: ?>>
  return %r, %v, %w : memref<?xi64>, memref<?x?xi64, strided<[?, ?], offset: ?>>, memref<5xi64, strided<[1], offset: ?>>
}

// -----

// (S3) and the fold: a whole-buffer view is its source; a view of a view with
// the same sizes, zero offsets and unit strides is that view.
func.func @trivial(%m: memref<4x2xi8>, %k: index) -> (memref<4x2xi8>, memref<4x2xi8, strided<[?, 1], offset: ?>>, memref<?xi8, strided<[1], offset: ?>>) {
  %z = arith.constant 0 : index
  %u = arith.constant 1 : index
  %a = memref.subview %m[0, 0] [4, 2] [1, 1] : memref<4x2xi8> to memref<4x2xi8>
  %b = memref.subview %m[%z, 0] [4, 2] [%u, 1] : memref<4x2xi8> to memref<4x2xi8, strided<[?, 1], offset: ?>>
  %f = memref.collapse_shape %m [[0, 1]] : memref<4x2xi8> into memref<8xi8>
  %s1 = memref.subview %f[%k] [%k] [1] : memref<8xi8> to memref<?xi8, strided<[1], offset: ?>>
  %s2 = memref.subview %s1[0] [%k] [1] : memref<?xi8, strided<[1], offset: ?>> to memref<?xi8, strided<[1], offset: ?>>
  return %a, %b, %s2 : memref<4x2xi8>, memref<4x2xi8, strided<[?, 1], offset: ?>>, memref<?xi8, strided<[1], offset: ?>>
}

// -----

// A stride that is a constant zero stays an operand: a static stride of 0 is not
// a valid strided layout (foldDynamicStrideList folds only non-zero strides).
// The constant offset next to it still becomes static.
func.func @broadcast_row_stride(%m: memref<8x4xf32>) -> memref<3x4xf32, strided<[?, 1], offset: ?>> {
  %zero = arith.constant 0 : index
  %two = arith.constant 2 : index
  %v = memref.subview %m[%two, 0] [3, 4] [%zero, 1] : memref<8x4xf32> to memref<3x4xf32, strided<[?, 1], offset: ?>>
  return %v : memref<3x4xf32, strided<[?, 1], offset: ?>>
}
