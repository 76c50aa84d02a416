// RUN: lifeline-opt %s --test-ownership-analysis -o /dev/null 2>&1 | FileCheck %s

// Ownership as MLIR 19's deallocation state has it (docs/OwnershipBasedBufferDeallocation.md):
// allocations own (true), arguments and allocas do not (false), non-entry memref
// block arguments and region-op results carry their own i1 indicator, views join
// the ownership of their source, and a join of different indicators is unknown.

//   ^bb0 (straight line)
// CHECK-LABEL: Testing : "straight"
// CHECK-NEXT: ^bb0:
// CHECK-NEXT:   %arg0 -> unique(false)
// CHECK-NEXT:   %alloc -> unique(true)
// CHECK-NEXT:   %alloca -> unique(false)
// CHECK-NEXT:   %subview -> unique(true)
// CHECK-NEXT:   deallocate: %arg0, %alloc
// CHECK-NEXT:   dealloc: %arg0 if false, %alloc if true retain: none
func.func @straight(%arg0: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloca() : memref<2xf32>
  %v = memref.subview %a[0] [1] [1] : memref<2xf32> to memref<1xf32, strided<[1]>>
  return
}

// A select of an owned and an unowned buffer has unknown ownership; it is not
// itself deallocated (only its operands are).
// CHECK-LABEL: Testing : "select"
// CHECK:   %0 -> unknown
// CHECK-NEXT:   deallocate: %arg1, %alloc
func.func @select(%c: i1, %arg0: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %arg0 : memref<2xf32>
  return
}

//        ^bb0
//       /    \
//    ^bb1(%x) ^bb2(%y)     each block argument owns through its appended i1
// CHECK-LABEL: Testing : "diamond"
// CHECK: ^bb1:
// CHECK-NEXT:   %0 -> unique(indicator(%0))
// CHECK-NEXT:   deallocate: %0
// CHECK-NEXT:   dealloc: %0 if indicator(%0) retain: none
// CHECK: ^bb2:
// CHECK-NEXT:   %1 -> unique(indicator(%1))
func.func @diamond(%c: i1, %arg0: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^bb1(%a : memref<2xf32>), ^bb2(%arg0 : memref<2xf32>)
^bb1(%x: memref<2xf32>):
  return
^bb2(%y: memref<2xf32>):
  return
}

// Nested regions never own values from outside (false); the iter_arg and the
// loop result own through their appended i1 argument / result. The loop body comes before the function block.
// CHECK-LABEL: Testing : "loop"
// CHECK: ^bb0:
// CHECK-NEXT:   %arg3 -> unique(false)
// CHECK-NEXT:   %alloc -> unique(true)
// CHECK-NEXT:   %0 -> unique(indicator(%0))
// CHECK: ^bb0 in scf.for:
// CHECK-NEXT:   %alloc -> unique(false)
// CHECK-NEXT:   %arg5 -> unique(retained(%arg5))
// CHECK-NEXT:   deallocate: %arg5
// CHECK-NEXT:   dealloc: %arg5 if indicator(%arg5) retain: %arg5
func.func @loop(%lb: index, %ub: index, %s: index, %buf: memref<2xf32>) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %lb to %ub step %s iter_args(%it = %buf) -> memref<2xf32> {
    %c0 = arith.constant 0 : index
    %x = memref.load %a[%c0] : memref<2xf32>
    scf.yield %it : memref<2xf32>
  }
  return %r : memref<2xf32>
}

//   ^bb0 -> ^bb1 -> ^bb1: an unstructured loop is rejected.
// CHECK-LABEL: Testing : "cycle"
// CHECK-NEXT:   error: Only structured control-flow loops are supported.
func.func @cycle() {
  cf.br ^bb1
^bb1:
  cf.br ^bb1
}
