// RUN: lifeline-opt %s --ownership-based-buffer-deallocation=private-function-dynamic-ownership | mlir-opt-19 > %t.ours && mlir-opt-19 %s --ownership-based-buffer-deallocation=private-function-dynamic-ownership > %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --ownership-based-buffer-deallocation=private-function-dynamic-ownership | FileCheck %s

// private-function-dynamic-ownership: private defined functions return one i1
// per memref result (no clone at their returns); callers take that i1 as the
// call result's ownership. Public and external callees keep the ABI.

// CHECK-LABEL: func.func private @passthrough
// CHECK-SAME: -> (memref<2xf32>, i1)
// CHECK-NOT: bufferization.clone
// CHECK: return %{{.*}}, %{{.*}} : memref<2xf32>, i1
func.func private @passthrough(%arg0: memref<2xf32>) -> memref<2xf32> {
  return %arg0 : memref<2xf32>
}

func.func private @fresh() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  return %a : memref<2xf32>
}

func.func private @two(%c: i1, %arg0: memref<2xf32>) -> (memref<2xf32>, i32, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %i = arith.constant 1 : i32
  %s = arith.select %c, %a, %arg0 : memref<2xf32>
  return %s, %i, %a : memref<2xf32>, i32, memref<2xf32>
}

func.func private @ext(memref<2xf32>) -> memref<2xf32>

// CHECK-LABEL: func.func @caller
// CHECK: %{{.*}}:2 = call @passthrough(%{{.*}}) : (memref<2xf32>) -> (memref<2xf32>, i1)
func.func @caller(%arg0: memref<2xf32>) -> memref<2xf32> {
  %p = func.call @passthrough(%arg0) : (memref<2xf32>) -> memref<2xf32>
  %f = func.call @fresh() : () -> memref<2xf32>
  %e = func.call @ext(%f) : (memref<2xf32>) -> memref<2xf32>
  memref.copy %p, %e : memref<2xf32> to memref<2xf32>
  return %f : memref<2xf32>
}

func.func @caller_two(%c: i1, %arg0: memref<2xf32>) {
  %x:3 = func.call @two(%c, %arg0) : (i1, memref<2xf32>) -> (memref<2xf32>, i32, memref<2xf32>)
  return
}

func.func private @priv_branches(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : memref<2xf32>
^bb2:
  %b = memref.alloc() : memref<2xf32>
  return %b : memref<2xf32>
}

func.func @public_unchanged() -> memref<2xf32> {
  %true = arith.constant true
  %r = func.call @priv_branches(%true) : (i1) -> memref<2xf32>
  return %r : memref<2xf32>
}
