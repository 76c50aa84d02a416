// RUN: lifeline-opt %s --convert-bufferization-to-memref --split-input-file > %t.ours && mlir-opt-19 %s --convert-bufferization-to-memref --split-input-file > %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --convert-bufferization-to-memref --split-input-file | mlir-opt-19 --split-input-file > %t.reprinted && diff %t.ref %t.reprinted

// convert-bufferization-to-memref: clones of static, dynamic, strided (cast
// back), unranked and memory-space memrefs; a dim of an alloc folds to its size.
func.func @clones(%a: memref<?x4x?xf32, strided<[?, ?, 1], offset: ?>, 1>, %u: memref<*xi32>, %s: memref<3xf32>, %z: memref<f16, 2>)
    -> (memref<?x4x?xf32, strided<[?, ?, 1], offset: ?>, 1>, memref<*xi32>, memref<3xf32>, memref<f16, 2>) {
  %0 = bufferization.clone %a : memref<?x4x?xf32, strided<[?, ?, 1], offset: ?>, 1> to memref<?x4x?xf32, strided<[?, ?, 1], offset: ?>, 1>
  %1 = bufferization.clone %u : memref<*xi32> to memref<*xi32>
  %2 = bufferization.clone %s : memref<3xf32> to memref<3xf32>
  %3 = bufferization.clone %z : memref<f16, 2> to memref<f16, 2>
  return %0, %1, %2, %3 : memref<?x4x?xf32, strided<[?, ?, 1], offset: ?>, 1>, memref<*xi32>, memref<3xf32>, memref<f16, 2>
}

func.func @of_alloc(%n: index, %m: index) -> memref<?x?xf32> {
  %a = memref.alloc(%n, %m) : memref<?x?xf32>
  %0 = bufferization.clone %a : memref<?x?xf32> to memref<?x?xf32>
  memref.dealloc %a : memref<?x?xf32>
  return %0 : memref<?x?xf32>
}

// -----

// Deallocs lower as in bufferization-lower-deallocations, next to clones.
func.func @with_deallocs(%a: memref<2xf32>, %b: memref<?xi8>, %p: i1) -> (memref<2xf32>, i1) {
  %0 = bufferization.clone %a : memref<2xf32> to memref<2xf32>
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<?xi8>) if (%p, %p)
  %1 = bufferization.dealloc (%b : memref<?xi8>) if (%p) retain (%0 : memref<2xf32>)
  return %0, %1 : memref<2xf32>, i1
}

// -----

// The legalizer folds the clone first: a cast operand is looked through (so the
// static dim of the cast's source becomes a constant); a dim of a subview folds to
// the subview's size operand.
func.func @folds(%a: memref<4x?xf32>, %n: index, %m: index) -> (memref<?x?xf32>, memref<?xf32, strided<[1], offset: ?>>) {
  %c = memref.cast %a : memref<4x?xf32> to memref<?x?xf32>
  %0 = bufferization.clone %c : memref<?x?xf32> to memref<?x?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  %s = memref.subview %b[%m] [%m] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  %1 = bufferization.clone %s : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
  return %0, %1 : memref<?x?xf32>, memref<?xf32, strided<[1], offset: ?>>
}
