// Dead code, liveness and aliasing in one function: a constant branch makes ^bb2
// dead, a loop carries a value, and a subview aliases its allocation.
func.func private @helper(%x: i32) -> i32 attributes {tag = "helper"} {
  return %x : i32
}
func.func @main(%n: index, %x: i32) -> i32 attributes {tag = "main"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %buf = memref.alloc(%n) {test.ptr = "buf"} : memref<?xi32>
  %view = memref.subview %buf[%c1] [2] [1] {test.ptr = "view"} : memref<?xi32> to memref<2xi32, strided<[1], offset: ?>>
  %tmp = memref.alloca() {test.ptr = "tmp"} : memref<4xi32>
  cf.cond_br %true, ^bb1, ^bb2 {tag = "branch"}
^bb1:
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> i32 {
    %v = func.call @helper(%acc) {tag = "call"} : (i32) -> i32
    memref.store %v, %buf[%i] : memref<?xi32>
    scf.yield %v : i32
  } {tag = "loop"}
  memref.dealloc %buf : memref<?xi32>
  return %r : i32
^bb2:
  return %x : i32
}
