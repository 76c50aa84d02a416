// Liveness over several functions, run on the named module (one analysis:
// blocks and values numbered across all functions) and per function through
// a nested pipeline (one analysis each; mlir-opt-19 without threads so its
// output keeps function order). Both byte-identical to mlir-opt-19.
// RUN: lifeline-opt %s --allow-unregistered-dialect --test-print-liveness --split-input-file -o /dev/null 2> %t.ours && mlir-opt-19 %s --allow-unregistered-dialect --test-print-liveness --split-input-file -o /dev/null 2> %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-disable-threading --pass-pipeline='builtin.module(func.func(test-print-liveness))' --split-input-file -o /dev/null 2> %t.fours && mlir-opt-19 %s --allow-unregistered-dialect --mlir-disable-threading --pass-pipeline='builtin.module(func.func(test-print-liveness))' --split-input-file -o /dev/null 2> %t.fref && diff %t.fref %t.fours
// RUN: FileCheck %s < %t.ours
// RUN: FileCheck %s < %t.ref
// RUN: FileCheck %s --check-prefix=FUNC < %t.fours
// RUN: FileCheck %s --check-prefix=FUNC < %t.fref

// Three functions and a declaration in one module. On the module, the
// module's body is block 0 and the functions' blocks follow in order; a
// declaration has no blocks. @loop_forever has a cf loop whose value %z is
// never used again: live in its own block only. An op with a region holding
// an empty block with an argument (test.region): the argument is never live.
//
//   @two:  ^bb0 ─ test.region { ^bb0(%x): } ─ test.graph { %v ; %u = use(%v) } ─ return
//   @decl: (no body)
//   @loop_forever: ^bb0 ─▶ ^bb1 ─┐
//                           ▲    │
//                           └────┘
//
// CHECK-LABEL: Testing : several
// CHECK:       // - Block: 1
// CHECK:       // - Block: 2
// CHECK-NEXT:  LiveIn: {{$}}
// CHECK:       // - Block: 3
// CHECK-NEXT:  LiveIn: arg0@1 {{$}}
// CHECK:       // - Block: 4
// CHECK:       // - Block: 5
// CHECK:       // val_5 :
// CHECK-NEXT:  //     %0 = "test.z"() : () -> i32
// CHECK-NEXT:  EndLivenessIntervals
// CHECK:       // - Block: 6
// CHECK:       // val_7 :
// CHECK-NOT:   Block:
// FUNC:        Testing : two
// FUNC:        // - Block: 2
// FUNC-NEXT:   LiveIn: arg0@0 {{$}}
// FUNC:        Testing : decl
// FUNC-NEXT:   Liveness
// FUNC-NEXT:   {{^}}//{{ -+$}}
// FUNC:        Testing : loop_forever
// FUNC-NEXT:   Liveness
// FUNC-NEXT:   // - Block: 0
// FUNC:        Testing : last
module @several {
  func.func @two(%a: i32) -> i32 {
    "test.region"() ({
    ^bb0(%x: i32):
    }) : () -> ()
    %r = "test.graph"() ({
      %v = "test.def"(%a) : (i32) -> i32
      %u = "test.use"(%v) : (i32) -> i32
      "test.term"(%u) : (i32) -> ()
    }) : () -> i32
    return %r : i32
  }
  func.func private @decl(i32)
  func.func @loop_forever() {
    cf.br ^bb1
  ^bb1:
    %z = "test.z"() : () -> i32
    cf.br ^bb1
  }
  func.func @last(%p: i32) -> i32 {
    %q = arith.addi %p, %p : i32
    return %q : i32
  }
}

// -----

// A module inside the module: the inner module's symbol is not what the pass
// prints (it runs on the outer one), and its functions are analysed too.
// The func.func pipeline reaches only functions directly in the outer module.
//
//   @outer ─ @inner ─ @f: ^bb0 ─▶ ^bb1
//
// CHECK-LABEL: Testing : outer
// CHECK:       // - Block: 2
// CHECK-NEXT:  LiveIn: {{$}}
// CHECK-NEXT:  LiveOut: arg0@2 {{$}}
// CHECK:       // - Block: 3
// CHECK-NEXT:  LiveIn: arg0@2 {{$}}
// FUNC-NOT:    Testing : f
// FUNC:        Testing : g
module @outer {
  module @inner {
    func.func @f(%a: i32) -> i32 {
      cf.br ^bb1
    ^bb1:
      return %a : i32
    }
  }
  func.func @g() {
    return
  }
}
