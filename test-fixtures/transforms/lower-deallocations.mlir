// RUN: lifeline-opt %s --bufferization-lower-deallocations --split-input-file > %t.ours && mlir-opt-19 %s --bufferization-lower-deallocations --split-input-file > %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --bufferization-lower-deallocations --split-input-file | mlir-opt-19 --split-input-file > %t.reprinted && diff %t.ref %t.reprinted

// bufferization-lower-deallocations: each of MLIR 19's three lowerings, over
// ranked / unranked / 0-d / strided memrefs in several memory spaces.

// One memref, no retained values: a guarded memref.dealloc, per type.
func.func @one_no_retain(%a: memref<2xf32>, %b: memref<*xi8>, %c: memref<f64, 1>,
                         %d: memref<?x4xi32, strided<[?, 1], offset: ?>, 3>, %p: i1, %q: i1) {
  bufferization.dealloc (%a : memref<2xf32>) if (%p)
  bufferization.dealloc (%b : memref<*xi8>) if (%q)
  bufferization.dealloc (%c : memref<f64, 1>) if (%p)
  bufferization.dealloc (%d : memref<?x4xi32, strided<[?, 1], offset: ?>, 3>) if (%q)
  return
}

// -----

// One memref with retained values: inline pointer comparisons, linear in the
// number of retained values; results feed later code.
func.func @one_with_retain(%a: memref<2xf32>, %r0: memref<*xf32>, %r1: memref<4x4xi16, 2>,
                           %r2: memref<index>, %p: i1) -> (i1, i1, i1) {
  %0 = bufferization.dealloc (%a : memref<2xf32>) if (%p) retain (%r0 : memref<*xf32>)
  %1:3 = bufferization.dealloc (%a : memref<2xf32>) if (%0) retain (%r0, %r1, %r2 : memref<*xf32>, memref<4x4xi16, 2>, memref<index>)
  return %1#0, %1#1, %1#2 : i1, i1, i1
}

// -----

// The generic lowering: scratch buffers and one @dealloc_helper per module,
// created once even for several deallocs; with and without retained values.
func.func @generic(%a: memref<2xf32>, %b: memref<?xi8, 1>, %c: memref<*xf64>, %p: i1, %q: i1, %r: memref<3xf32>) -> (i1, i1) {
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<?xi8, 1>) if (%p, %q)
  %0:2 = bufferization.dealloc (%a, %b, %c : memref<2xf32>, memref<?xi8, 1>, memref<*xf64>) if (%p, %q, %p) retain (%r, %a : memref<3xf32>, memref<2xf32>)
  return %0#0, %0#1 : i1, i1
}

func.func private @other()

// -----

// No memrefs: every updated condition is one `false` constant.
func.func @empty(%r: memref<2xf32>, %s: memref<*xi32>) -> (i1, i1) {
  bufferization.dealloc
  %0:2 = bufferization.dealloc retain (%r, %s : memref<2xf32>, memref<*xi32>)
  return %0#0, %0#1 : i1, i1
}

// -----

// Deallocs inside regions lower in place; the helper is created for the module.
func.func @nested(%a: memref<2xf32>, %b: memref<4xf32>, %p: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.if %p {
      bufferization.dealloc (%a, %b : memref<2xf32>, memref<4xf32>) if (%p, %p)
    }
    %0 = bufferization.dealloc (%a : memref<2xf32>) if (%p) retain (%b : memref<4xf32>)
  }
  return
}

// -----

// A symbol named @dealloc_helper already exists: the helper is renamed; a nested
// module gets its own helper.
module {
  func.func private @dealloc_helper()
  func.func @f(%a: memref<2xf32>, %b: memref<4xi32>, %c: i1) {
    bufferization.dealloc (%a, %b : memref<2xf32>, memref<4xi32>) if (%c, %c)
    return
  }
  module @inner {
    func.func @h(%a: memref<2xf32>, %b: memref<4xi32>, %c: i1) {
      bufferization.dealloc (%a, %b : memref<2xf32>, memref<4xi32>) if (%c, %c)
      return
    }
  }
}
