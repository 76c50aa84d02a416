// RUN: lifeline-opt %s --test-dead-code-analysis --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ours && mlir-opt-19 %s --test-dead-code-analysis --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --test-dead-code-analysis --split-input-file --allow-unregistered-dialect -o /dev/null 2>&1 | FileCheck %s

// Dead-code analysis: executable blocks and edges, region and call predecessors.

//        ^bb0
//   true /   \ false (never taken)
//      ^bb1  ^bb2
//        \   /
//        ^bb3
// A constant condition selects one edge; ^bb2 and its edge stay dead.
// CHECK-LABEL: const_branch:
// CHECK:   ^bb2 = dead
// CHECK-NEXT:    from ^bb0 = dead
// CHECK:   ^bb3 = live
// CHECK-NEXT:    from ^bb2 = dead
// CHECK-NEXT:    from ^bb1 = live
func.func @const_branch(%x: i32) -> i32 attributes {tag = "const_branch"} {
  %t = arith.constant true
  cf.cond_br %t, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%x : i32)
^bb2:
  cf.br ^bb3(%x : i32)
^bb3(%r: i32):
  return %r : i32
}

// -----

//   ^bb0 ──▶ ^bb1 ◀─┐
//             │  └──┘   loop on an unknown condition
//             ▼
//           ^bb2
// An unknown condition keeps both edges; the back edge is live.
func.func @loop(%n: index) attributes {tag = "loop"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1(%c0 : index)
^bb1(%i: index):
  %next = arith.addi %i, %c1 : index
  %done = arith.cmpi uge, %next, %n : index
  cf.cond_br %done, ^bb2, ^bb1(%next : index)
^bb2:
  return
}

// -----

// A switch on a constant takes the matching case; the default and the other
// case are dead. A switch on an unknown value keeps every edge.
func.func @switches(%f: i32) attributes {tag = "switches"} {
  %c2 = arith.constant 2 : i32
  cf.switch %c2 : i32, [
    default: ^bb1,
    1: ^bb2,
    2: ^bb3
  ]
^bb1:
  return
^bb2:
  return
^bb3:
  cf.switch %f : i32, [
    default: ^bb4,
    7: ^bb5
  ]
^bb4:
  return
^bb5:
  return
}

// -----

// scf.if on a constant enters one region; scf.if on an argument enters both and
// the op's predecessors are both yields; an if without else may skip its region.
// CHECK-LABEL: if_false:
// CHECK: region #0
// CHECK-NEXT:  ^bb0 = dead
func.func @ifs(%c: i1, %x: i32) -> i32 {
  %false = arith.constant false
  %a = scf.if %false -> i32 {
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  } else {
    scf.yield %x : i32
  } {tag = "if_false"}
  %b = scf.if %c -> i32 {
    scf.yield %a : i32
  } else {
    scf.yield %x : i32
  } {tag = "if_unknown"}
  scf.if %c {
    "test.foo"() : () -> ()
  } {tag = "if_no_else"}
  return %b : i32
}

// -----

// scf.for and scf.while: region entry predecessors include the loop itself and
// the loop's terminators; a while whose condition is constant false never runs
// its "after" region.
func.func @loops(%lb: index, %ub: index, %s: index, %x: i32) -> i32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> i32 {
    %n = arith.addi %acc, %acc : i32
    scf.yield %n : i32
  } {tag = "for"}
  %false = arith.constant false
  %w = scf.while (%v = %r) : (i32) -> i32 {
    scf.condition(%false) %v : i32
  } do {
  ^bb0(%v2: i32):
    scf.yield %v2 : i32
  } attributes {tag = "while_false"}
  %w2 = scf.while (%v = %w) : (i32) -> i32 {
    %c = "test.cond"() : () -> i1
    scf.condition(%c) %v : i32
  } do {
  ^bb0(%v2: i32):
    scf.yield %v2 : i32
  } attributes {tag = "while"}
  return %w2 : i32
}

// -----

// index_switch on a constant index enters only the matching case.
func.func @index_switch(%i: index) -> i32 {
  %c1 = arith.constant 1 : index
  %r = scf.index_switch %c1 {tag = "const_switch"} -> i32
  case 0 {
    %a = arith.constant 10 : i32
    scf.yield %a : i32
  }
  case 1 {
    %b = arith.constant 11 : i32
    scf.yield %b : i32
  }
  default {
    %d = arith.constant 12 : i32
    scf.yield %d : i32
  }
  %s = scf.index_switch %i {tag = "switch"} -> i32
  case 3 {
    scf.yield %r : i32
  }
  default {
    scf.yield %r : i32
  }
  return %s : i32
}

// -----

// Calls: a private callee with known callers gets them as predecessors, and its
// call gets its return; a private function nobody calls never executes; a public
// one may be called from anywhere; an external declaration makes the call's
// predecessors unknown; a symbol used other than by a call has unknown callers.
// CHECK-LABEL: never_called:
// CHECK-NEXT: region #0
// CHECK-NEXT:  ^bb0 = dead
// CHECK-NEXT: op_preds: (all) predecessors:
func.func private @helper(%x: i32) -> i32 attributes {tag = "helper"} {
  return %x : i32
}
func.func private @never_called() attributes {tag = "never_called"} {
  return
}
func.func private @taken_address() attributes {tag = "taken_address"} {
  return
}
func.func private @external(i32) -> i32
func.func @caller(%x: i32) -> i32 attributes {tag = "caller"} {
  %a = call @helper(%x) {tag = "call_helper"} : (i32) -> i32
  %b = call @external(%a) {tag = "call_external"} : (i32) -> i32
  "test.use_symbol"() {fn = @taken_address} : () -> ()
  return %b : i32
}

// -----

// Recursion: the callee is its own caller; both the outer call and the
// recursive one are predecessors, and the return feeds both calls.
func.func private @rec(%n: i32) -> i32 attributes {tag = "rec"} {
  %c0 = arith.constant 0 : i32
  %z = arith.cmpi eq, %n, %c0 : i32
  cf.cond_br %z, ^bb1, ^bb2
^bb1:
  return %n : i32
^bb2:
  %m = func.call @rec(%n) {tag = "inner_call"} : (i32) -> i32
  return %m : i32
}
func.func @entry(%n: i32) -> i32 {
  %r = call @rec(%n) {tag = "outer_call"} : (i32) -> i32
  return %r : i32
}

// -----

// An op the analysis cannot reason about (unregistered, with a region) makes its
// entry blocks live; a nested module's private function with no callers is dead.
func.func @opaque(%x: i32) {
  "test.region_op"() ({
    "test.inner"() : () -> ()
    "test.terminator"() : () -> ()
  }) {tag = "opaque"} : () -> ()
  return
}
module @inner {
  func.func private @unused() attributes {tag = "nested_unused"} {
    return
  }
}
