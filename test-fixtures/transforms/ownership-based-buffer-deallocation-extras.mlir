// RUN: lifeline-opt %s --ownership-based-buffer-deallocation | mlir-opt-19 > %t.ours && mlir-opt-19 %s --ownership-based-buffer-deallocation > %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --ownership-based-buffer-deallocation | FileCheck %s

// Unranked memrefs, bufferization.manual_deallocation, and the terminators of
// scf.forall and scf.reduce. Output must be identical to mlir-opt-19's (first RUN line).

// An unranked memref is cast to a 0-d memref before its base buffer is taken.
// CHECK-LABEL: func.func @unranked_arg
// CHECK: %[[R:.*]] = memref.reinterpret_cast %arg0 to offset: [0], sizes: [], strides: [] : memref<*xf32> to memref<f32>
// CHECK: %[[B:.*]], %{{.*}} = memref.extract_strided_metadata %[[R]] : memref<f32> -> memref<f32>, index
// CHECK: bufferization.dealloc (%[[B]],
func.func @unranked_arg(%arg0: memref<*xf32>, %c: i1) -> memref<*xf32> {
  %0 = memref.alloc() : memref<4xf32>
  %1 = memref.cast %0 : memref<4xf32> to memref<*xf32>
  %2 = arith.select %c, %1, %arg0 : memref<*xf32>
  return %2 : memref<*xf32>
}

// An owned allocation reaching the return through an unranked cast.
// CHECK-LABEL: func.func @unranked_alloc
// CHECK-NOT: reinterpret_cast
// CHECK: bufferization.dealloc
func.func @unranked_alloc(%arg0: index) {
  %0 = memref.alloc(%arg0) : memref<?xf32>
  %1 = memref.cast %0 : memref<?xf32> to memref<*xf32>
  %d = memref.dim %0, %arg0 : memref<?xf32>
  %r = memref.rank %1 : memref<*xf32>
  return
}

// Unranked block arguments: the cast is made once and serves both cond_br deallocs.
// CHECK-LABEL: func.func @unranked_branch
// CHECK-COUNT-1: memref.reinterpret_cast %arg0
// CHECK: cf.cond_br
func.func @unranked_branch(%arg0: memref<*xi8>, %c: i1) {
  cf.cond_br %c, ^bb1(%arg0 : memref<*xi8>), ^bb2
^bb1(%m: memref<*xi8>):
  cf.br ^bb2
^bb2:
  return
}

// Unranked iter_args and results of scf.for.
// CHECK-LABEL: func.func @unranked_scf
func.func @unranked_scf(%lb: index, %ub: index, %s: index, %a: memref<*xf32>) -> memref<*xf32> {
  %r = scf.for %i = %lb to %ub step %s iter_args(%it = %a) -> memref<*xf32> {
    %n = memref.alloc() : memref<2xf32>
    %u = memref.cast %n : memref<2xf32> to memref<*xf32>
    scf.yield %u : memref<*xf32>
  }
  return %r : memref<*xf32>
}

func.func @unranked_memory_space_free(%arg0: memref<*xi16>) -> memref<*xi16> {
  %0 = memref.alloc() : memref<3xi16>
  %1 = memref.cast %0 : memref<3xi16> to memref<*xi16>
  return %1 : memref<*xi16>
}

// A manually managed allocation is never owned; its manual free is guarded by
// a runtime assert on the inverted ownership.
// CHECK-LABEL: func.func @manual_alloc_dealloc
// CHECK: %[[F:.*]] = arith.constant false
// CHECK: %[[T:.*]] = arith.constant true
// CHECK: %[[X:.*]] = arith.xori %[[F]], %[[T]] : i1
// CHECK: cf.assert %[[X]], "expected that the block does not have ownership"
// CHECK-NEXT: memref.dealloc
// CHECK-NOT: bufferization.dealloc
func.func @manual_alloc_dealloc() {
  %0 = memref.alloc() {bufferization.manual_deallocation} : memref<5xf32>
  "memref.dealloc"(%0) {bufferization.manual_deallocation} : (memref<5xf32>) -> ()
  return
}

// Unknown ownership (select of owned and manual): no assert; the owned alloc is freed.
// CHECK-LABEL: func.func @manual_dealloc_owned
// CHECK-NOT: cf.assert
// CHECK: bufferization.dealloc
func.func @manual_dealloc_owned(%c: i1) {
  %0 = memref.alloc() : memref<5xf32>
  %1 = memref.alloc() {bufferization.manual_deallocation} : memref<5xf32>
  %2 = arith.select %c, %0, %1 : memref<5xf32>
  memref.dealloc %2 {bufferization.manual_deallocation} : memref<5xf32>
  return
}

// CHECK-LABEL: func.func @manual_dealloc_arg
// CHECK: cf.assert
func.func @manual_dealloc_arg(%m: memref<4xf32>) {
  memref.dealloc %m {bufferization.manual_deallocation} : memref<4xf32>
  return
}

// The assert checks the block argument's ownership indicator.
// CHECK-LABEL: func.func @manual_dealloc_blockarg
// CHECK: ^bb1(%[[M:.*]]: memref<5xf32>, %[[O:.*]]: i1):
// CHECK: %[[X:.*]] = arith.xori %[[O]], %{{.*}} : i1
// CHECK: cf.assert %[[X]]
func.func @manual_dealloc_blockarg(%c: i1) {
  %0 = memref.alloc() : memref<5xf32>
  cf.br ^bb1(%0 : memref<5xf32>)
^bb1(%m: memref<5xf32>):
  memref.dealloc %m {bufferization.manual_deallocation} : memref<5xf32>
  return
}

// CHECK-LABEL: func.func @manual_in_loop
func.func @manual_in_loop(%lb: index, %ub: index, %s: index) {
  scf.for %i = %lb to %ub step %s {
    %a = memref.alloc() {bufferization.manual_deallocation} : memref<2xf32>
    memref.dealloc %a {bufferization.manual_deallocation} : memref<2xf32>
  }
  return
}

// A manual realloc: free and allocate effects on one op.
// CHECK-LABEL: func.func @manual_realloc
func.func @manual_realloc(%m: memref<4xf32>) -> memref<8xf32> {
  %0 = memref.alloc() {bufferization.manual_deallocation} : memref<4xf32>
  %1 = memref.realloc %0 {bufferization.manual_deallocation} : memref<4xf32> to memref<8xf32>
  return %1 : memref<8xf32>
}

// scf.forall.in_parallel (empty body) frees what the iteration owns.
// CHECK-LABEL: func.func @forall_alloc
// CHECK: scf.forall
// CHECK: %[[T:.*]] = arith.constant true
// CHECK: bufferization.dealloc ({{.*}}) if (%[[T]])
// CHECK-NEXT: }
func.func @forall_alloc(%n: index, %m: memref<4xf32>) {
  scf.forall (%i) in (%n) {
    %a = memref.alloc() : memref<2xf32>
    %v = memref.subview %m[%i] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
    memref.copy %a, %v : memref<2xf32> to memref<2xf32, strided<[1], offset: ?>>
  }
  return
}

// Nothing owned: no dealloc before the implicit in_parallel.
// CHECK-LABEL: func.func @forall_empty
// CHECK-NOT: bufferization.dealloc
func.func @forall_empty(%n: index) {
  scf.forall (%i, %j) in (%n, 4) {
    %a = memref.alloca() : memref<2xf32>
  }
  return
}

// scf.reduce.return frees the reduction region's allocation before returning.
// CHECK-LABEL: func.func @parallel_reduce
// CHECK: scf.reduce
// CHECK: bufferization.dealloc
// CHECK-NEXT: scf.reduce.return
func.func @parallel_reduce(%lb: index, %ub: index, %s: index, %init: f32) -> f32 {
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%init) -> f32 {
    %a = memref.alloc() : memref<2xf32>
    %c0 = arith.constant 0 : index
    %x = memref.load %a[%c0] : memref<2xf32>
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      %b = memref.alloc() : memref<2xf32>
      %y = memref.load %b[%c0] : memref<2xf32>
      %z = arith.addf %l, %y : f32
      scf.reduce.return %z : f32
    }
  }
  return %r : f32
}

// MLIR 19 rebuilds scf.if to append the ownership result, but its liveness was
// computed before: the old result is stale there. So the value is not retained
// at the branch and not live into ^bb1, where the return clones it.
// CHECK-LABEL: func.func @region_result_across_blocks
// CHECK: bufferization.dealloc (%{{.*}}, %{{.*}} : memref<f32>, memref<f32>) if (%{{.*}}, %{{.*}}){{$}}
// CHECK-NEXT: cf.br ^bb1
// CHECK: bufferization.clone
func.func @region_result_across_blocks(%c: i1, %m: memref<2xf32>) -> memref<2xf32> {
  %r = scf.if %c -> (memref<2xf32>) {
    scf.yield %m : memref<2xf32>
  } else {
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a : memref<2xf32>
  }
  cf.br ^bb1
^bb1:
  return %r : memref<2xf32>
}
