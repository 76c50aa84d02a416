// RUN: lifeline-opt %s --sccp --split-input-file > %t.ours && mlir-opt-19 %s --sccp --split-input-file > %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --sccp --split-input-file | FileCheck %s

// SCCP over control flow: constant branches, block arguments, loops, calls and
// region ops; constants are materialized at the top of the function, newest first.

//        ^bb0
//   true /   \ false (dead)
//      ^bb1  ^bb2
//        \   /
//        ^bb3(%r)
// Only ^bb1 reaches ^bb3, so %r is the constant 1.
// CHECK-LABEL: func.func @const_branch
// CHECK: %[[C1:.*]] = arith.constant 1 : i32
// CHECK: ^bb3(%{{.*}}: i32):
// CHECK-NEXT: return %[[C1]] : i32
func.func @const_branch() -> i32 {
  %t = arith.constant true
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  cf.cond_br %t, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%c1 : i32)
^bb2:
  cf.br ^bb3(%c2 : i32)
^bb3(%r: i32):
  return %r : i32
}

// -----

//   ^bb0 ──▶ ^bb1(%i) ◀─┐
//              │  └─────┘  %i + 0 stays 0 around the loop
//              ▼
//            ^bb2
// The loop-carried value is always 0: the back edge brings the same constant.
// CHECK-LABEL: func.func @loop_invariant
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: return %[[C0]] : i32
func.func @loop_invariant(%cond: i1) -> i32 {
  %c0 = arith.constant 0 : i32
  cf.br ^bb1(%c0 : i32)
^bb1(%i: i32):
  %n = arith.addi %i, %c0 : i32
  cf.cond_br %cond, ^bb1(%n : i32), ^bb2
^bb2:
  return %i : i32
}

// -----

//   ^bb0 ──▶ ^bb1(%i) ◀─┐
//              │  └─────┘  %i + 1 changes
//              ▼
//            ^bb2
// A counting loop: the block argument joins 0 and 1, so it is not constant.
// CHECK-LABEL: func.func @loop_counter
// CHECK: ^bb1(%[[I:.*]]: i32):
// CHECK: arith.addi %[[I]]
func.func @loop_counter(%cond: i1) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^bb1(%c0 : i32)
^bb1(%i: i32):
  %n = arith.addi %i, %c1 : i32
  cf.cond_br %cond, ^bb1(%n : i32), ^bb2
^bb2:
  return %i : i32
}

// -----

// A private callee with one call site: its argument and result are constants
// (interprocedural), the call stays (it is not trivially dead) but its result
// is replaced.
// CHECK-LABEL: func.func private @callee
// CHECK: %[[C:.*]] = arith.constant 10 : i32
// CHECK: return %[[C]] : i32
// CHECK-LABEL: func.func @caller
// CHECK: call @callee
func.func private @callee(%x: i32) -> i32 {
  %c5 = arith.constant 5 : i32
  %r = arith.addi %x, %c5 : i32
  return %r : i32
}
func.func @caller() -> i32 {
  %c5 = arith.constant 5 : i32
  %r = call @callee(%c5) : (i32) -> i32
  return %r : i32
}

// -----

// A public callee's arguments are unknown: nothing folds through %x.
// CHECK-LABEL: func.func @public_callee
// CHECK: arith.muli %arg0
func.func @public_callee(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %r = arith.muli %x, %c3 : i32
  return %r : i32
}

// -----

// scf.if on a constant condition: region results are not constants (regions
// give unknown results), but constants inside the regions fold and are
// hoisted to the function's entry block.
// CHECK-LABEL: func.func @scf_if
// CHECK: arith.constant 7 : i32
// CHECK: scf.if
func.func @scf_if(%c: i1) -> i32 {
  %a = arith.constant 3 : i32
  %b = arith.constant 4 : i32
  %r = scf.if %c -> i32 {
    %s = arith.addi %a, %b : i32
    scf.yield %s : i32
  } else {
    %m = arith.muli %a, %b : i32
    scf.yield %m : i32
  }
  return %r : i32
}

// -----

// scf.for: the induction variable is unknown; a body computing from constants
// folds, and the constants land at the top of the function, not the loop body.
// CHECK-LABEL: func.func @scf_for
// CHECK: arith.constant 12 : index
// CHECK: scf.for
func.func @scf_for(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> index {
    %k = arith.muli %c3, %c4 : index
    %s = arith.addi %acc, %k : index
    scf.yield %s : index
  }
  return %r : index
}

// -----

// A dead block: ops in it are never visited, so nothing there is replaced.
// CHECK-LABEL: func.func @dead_block
// CHECK: ^bb1:
// CHECK-NEXT: arith.addi
func.func @dead_block() -> i32 {
  %f = arith.constant false
  %c1 = arith.constant 1 : i32
  cf.cond_br %f, ^bb1, ^bb2
^bb1:
  %x = arith.addi %c1, %c1 : i32
  return %x : i32
^bb2:
  return %c1 : i32
}

// -----

// A switch on a constant flag: MLIR 19 keeps both edges into ^bb3 live here,
// so its argument joins 10 and 20 and is not a constant.
// CHECK-LABEL: func.func @switch
// CHECK: ^bb1(%[[R:.*]]: i32):
// CHECK-NEXT: return %[[R]]
func.func @switch() -> i32 {
  %flag = arith.constant 1 : i32
  %a = arith.constant 10 : i32
  %b = arith.constant 20 : i32
  cf.switch %flag : i32, [
    default: ^bb3(%a : i32),
    1: ^bb3(%b : i32)
  ]
^bb3(%r: i32):
  return %r : i32
}

// -----

// Ops with side effects stay even when their results are constant; unused
// constants are still materialized (and the originals erased).
// CHECK-LABEL: func.func @effects
// CHECK: memref.store
func.func @effects(%m: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c9 = arith.constant 9 : i32
  %unused = arith.addi %c9, %c9 : i32
  memref.store %c9, %m[%c0] : memref<4xi32>
  return
}
