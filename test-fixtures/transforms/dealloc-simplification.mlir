// RUN: lifeline-opt %s --buffer-deallocation-simplification=abi-facts=false --split-input-file | mlir-opt-19 --canonicalize --split-input-file > %t.ours && mlir-opt-19 %s --buffer-deallocation-simplification --split-input-file | mlir-opt-19 --canonicalize --split-input-file > %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --buffer-deallocation-simplification --split-input-file | FileCheck %s --check-prefix=ABI

// buffer-deallocation-simplification on hand-written deallocs. With
// abi-facts=false the output equals mlir-opt-19's once both are canonicalized
// (the greedy driver's folds and constant hoisting are not part of the local
// driver). The ABI lines check what the default mode adds.

func.func private @use(memref<2xf32>)

// A memref that is also retained (and distinct from the other retained value, a
// function argument) is dropped; its condition is or-ed into that updated condition.
// ABI-LABEL: func @contained_in_retained
// ABI-NOT: bufferization.dealloc (%{{.*}}, %{{.*}} :
func.func @contained_in_retained(%r: memref<2xf32>, %c1: i1, %c2: i1) -> (i1, i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  func.call @use(%a) : (memref<2xf32>) -> ()
  func.call @use(%b) : (memref<2xf32>) -> ()
  %0:2 = bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c1, %c2) retain (%a, %r : memref<2xf32>, memref<2xf32>)
  return %0#0, %0#1 : i1, i1
}

// -----

func.func private @use(memref<2xf32>)

// Retained values no freed memref may alias are dropped (arguments vs fresh
// allocations); allocations split into one dealloc each.
// ABI-LABEL: func @not_aliasing
// ABI: bufferization.dealloc (%[[A:.*]] : memref<2xf32>) if
// ABI-NEXT: bufferization.dealloc (%{{.*}} : memref<2xf32>) if
// ABI-NOT: retain
func.func @not_aliasing(%r: memref<2xf32>, %s: memref<2xf32>, %c1: i1, %c2: i1) -> (i1, i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  func.call @use(%a) : (memref<2xf32>) -> ()
  func.call @use(%b) : (memref<2xf32>) -> ()
  %0:2 = bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c1, %c2) retain (%r, %s : memref<2xf32>, memref<2xf32>)
  return %0#0, %0#1 : i1, i1
}

// -----

func.func private @use(memref<2xf32>)

// Two arguments may alias each other: they stay together; the allocation and its
// view split off. A select of an allocation and an argument may alias both.
// ABI-LABEL: func @split_partly
func.func @split_partly(%x: memref<2xf32>, %y: memref<2xf32>, %p: i1, %c1: i1, %c2: i1, %c3: i1) -> i1 {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %p, %b, %x : memref<2xf32>
  func.call @use(%s) : (memref<2xf32>) -> ()
  %0 = bufferization.dealloc (%x, %y, %v : memref<2xf32>, memref<2xf32>, memref<2xf32, strided<[1], offset: 2>>) if (%c1, %c2, %c3) retain (%s : memref<2xf32>)
  return %0 : i1
}

// -----

func.func private @use(memref<2xf32>)

// A retained value that is the same allocation as a memref freed under `true`
// takes `true` as its updated condition; with extract_strided_metadata too.
// ABI-LABEL: func @always_deallocated
func.func @always_deallocated(%c: i1) -> (i1, i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  func.call @use(%a) : (memref<2xf32>) -> ()
  func.call @use(%b) : (memref<2xf32>) -> ()
  %base, %off, %size, %stride = memref.extract_strided_metadata %b : memref<2xf32> -> memref<f32>, index, index, index
  %0:2 = bufferization.dealloc (%a, %base : memref<2xf32>, memref<f32>) if (%true, %true) retain (%a, %b : memref<2xf32>, memref<2xf32>)
  return %0#0, %0#1 : i1, i1
}

// -----

func.func private @use(memref<2xf32>)

// A loop-carried buffer and an allocation inside the loop body are distinct
// (distinctAllocAndBlockArgument); the yielded value is retained.
// ABI-LABEL: func @loop
func.func @loop(%n: index, %init: memref<2xf32>, %own: i1) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %init, %o = %own) -> (memref<2xf32>, i1) {
    %a = memref.alloc() : memref<2xf32>
    func.call @use(%a) : (memref<2xf32>) -> ()
    %0 = bufferization.dealloc (%m, %a : memref<2xf32>, memref<2xf32>) if (%o, %true) retain (%a : memref<2xf32>)
    scf.yield %a, %0 : memref<2xf32>, i1
  }
  return %r#0 : memref<2xf32>
}

// -----

// ABI facts: call results are fresh buffers (returned memrefs are owned by the
// caller), so they split from allocations and from each other; a global is
// distinct from fresh buffers. MLIR 19 keeps these together (runtime checks).
func.func private @ext(memref<2xf32>) -> memref<2xf32>
memref.global "private" @g : memref<2xf32> = dense<0.0>

// ABI-LABEL: func @abi_calls
// ABI: bufferization.dealloc (%{{.*}} : memref<2xf32>) if (%{{.*}})
// ABI-NEXT: bufferization.dealloc (%{{.*}} : memref<2xf32>) if (%{{.*}})
// ABI-NEXT: bufferization.dealloc (%{{.*}} : memref<2xf32>) if (%{{.*}})
// ABI-NOT: retain
func.func @abi_calls(%arg: memref<2xf32>, %c1: i1, %c2: i1, %c3: i1) -> (i1, i1) {
  %a = memref.alloc() : memref<2xf32>
  %r1 = func.call @ext(%a) : (memref<2xf32>) -> memref<2xf32>
  %r2 = func.call @ext(%arg) : (memref<2xf32>) -> memref<2xf32>
  %gv = memref.get_global @g : memref<2xf32>
  %0:2 = bufferization.dealloc (%a, %r1, %r2 : memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%c1, %c2, %c3) retain (%arg, %gv : memref<2xf32>, memref<2xf32>)
  return %0#0, %0#1 : i1, i1
}

// -----

// A private function with a body whose call returns an i1 may have been rewritten
// with private-function-dynamic-ownership: its result may be its argument, so it
// is not fresh and stays with the allocation it was given.
// ABI-LABEL: func @dynamic_ownership_call
// ABI: bufferization.dealloc (%{{.*}}, %{{.*}} : memref<2xf32>, memref<2xf32>)
func.func private @maybe_same(%m: memref<2xf32>) -> (memref<2xf32>, i1) {
  %false = arith.constant false
  return %m, %false : memref<2xf32>, i1
}

func.func @dynamic_ownership_call(%c1: i1) {
  %a = memref.alloc() : memref<2xf32>
  %r:2 = func.call @maybe_same(%a) : (memref<2xf32>) -> (memref<2xf32>, i1)
  bufferization.dealloc (%a, %r#0 : memref<2xf32>, memref<2xf32>) if (%c1, %r#1)
  return
}
