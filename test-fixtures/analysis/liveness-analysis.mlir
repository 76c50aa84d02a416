// RUN: lifeline-opt %s --test-liveness-analysis --split-input-file --allow-unregistered-dialect -o /dev/null > %t.ours && mlir-opt-19 %s --test-liveness-analysis --split-input-file --allow-unregistered-dialect -o /dev/null > %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --test-liveness-analysis --split-input-file --allow-unregistered-dialect -o /dev/null | FileCheck %s

// Sparse backward liveness: a value is live when something with memory effects,
// a live result, control flow or a call needs it.

// A store needs its operands; the add only feeds the store, so it is live too;
// the multiply feeds nothing (its operand %x is live all the same: liveness is
// per value, and the add needs %x).
// CHECK-LABEL: test_tag: add:
// CHECK:  result #0: live
// CHECK-LABEL: test_tag: unused:
// CHECK-NEXT:  operand #0: live
// CHECK-NEXT:  operand #1: live
// CHECK-NEXT:  result #0: not live
func.func @effects(%m: memref<4xi32>, %x: i32, %i: index) {
  %a = arith.addi %x, %x {tag = "add"} : i32
  %u = arith.muli %x, %x {tag = "unused"} : i32
  memref.store %a, %m[%i] {tag = "store"} : memref<4xi32>
  return
}

// -----

//   ^bb0 ──cond──▶ ^bb1 (store)   A branch condition is live when a successor
//      └─────────▶ ^bb2           has memory effects; forwarded operands are live
//                                 when the block argument is.
func.func @branches(%c: i1, %x: i32, %y: i32, %m: memref<i32>) {
  cf.cond_br %c, ^bb1(%x : i32), ^bb2(%y : i32) {tag = "cond_br"}
^bb1(%a: i32):
  memref.store %a, %m[] : memref<i32>
  return
^bb2(%b: i32):
  return
}

// -----

// Region ops: the if's condition is needed because its regions write memory;
// a loop's iter_args are live when the loop result is returned.
func.func @regions(%c: i1, %lb: index, %ub: index, %s: index, %x: i32, %m: memref<i32>) -> i32 {
  scf.if %c {
    memref.store %x, %m[] : memref<i32>
  } {tag = "if_store"}
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> i32 {
    %n = arith.addi %acc, %acc {tag = "in_loop"} : i32
    scf.yield %n : i32
  } {tag = "for"}
  %dead = scf.if %c -> i32 {
    scf.yield %x : i32
  } else {
    scf.yield %r : i32
  } {tag = "unused_if"}
  return %r : i32
}

// -----

// Calls: arguments of a private callee are live when the callee needs them;
// the result of a public function is live because its callers are unknown.
func.func private @callee(%a: i32, %b: i32) -> i32 {
  %s = arith.addi %a, %a {tag = "callee_add"} : i32
  return %s : i32
}
func.func @caller(%x: i32, %y: i32) -> i32 {
  %r = call @callee(%x, %y) {tag = "call"} : (i32, i32) -> i32
  %z = arith.addi %y, %y {tag = "after_call"} : i32
  return %r : i32
}

// -----

// Unknown ops have unknown effects: their operands are live.
func.func @opaque(%x: i32) {
  %y = arith.addi %x, %x {tag = "feeds_opaque"} : i32
  "test.sink"(%y) {tag = "sink"} : (i32) -> ()
  return
}
