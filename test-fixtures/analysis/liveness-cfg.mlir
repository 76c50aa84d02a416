// Block liveness on branchy code (cf): byte-identical to mlir-opt-19, and
// FileCheck pins the facts each case is about (checked on both tools' output).
// RUN: lifeline-opt %s --allow-unregistered-dialect --test-print-liveness --split-input-file -o /dev/null 2> %t.ours && mlir-opt-19 %s --allow-unregistered-dialect --test-print-liveness --split-input-file -o /dev/null 2> %t.ref && diff %t.ref %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: FileCheck %s < %t.ref

// Straight line: one block, so nothing is live-in or live-out; each value
// lives from its definition to its last use; %unused lives at its def only.
//
//   ^bb0: %s = a+b ; %unused = a*a ; %p = s*b ; return p
//
// CHECK-LABEL: Testing : straight
// CHECK:       // - Block: 1
// CHECK-NEXT:  LiveIn: {{$}}
// CHECK-NEXT:  LiveOut: {{$}}
// CHECK:       // val_3 :
// CHECK-NEXT:  //     %1 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:  // val_4 :
// CHECK:       //     func.return %2 : i32 [val_4 {{.}}]
module @straight {
  func.func @f(%a: i32, %b: i32) -> i32 {
    %s = arith.addi %a, %b : i32
    %unused = arith.muli %a, %a : i32
    %p = arith.muli %s, %b : i32
    return %p : i32
  }
}

// -----

// Diamond: %x is used only on the left, %y only on the right, %z after
// the join; %z passes through both arms, the join's argument is not live-in.
//
//        ^bb0
//       /    \
//    ^bb1    ^bb2
//       \    /
//        ^bb3(%m)
//
// CHECK-LABEL: Testing : diamond
// CHECK:       // - Block: 1
// CHECK:       LiveOut: arg1@1 arg2@1 arg3@1 {{$}}
// CHECK:       // - Block: 2
// CHECK-NEXT:  LiveIn: arg1@1 arg3@1 {{$}}
// CHECK-NEXT:  LiveOut: arg3@1 {{$}}
// CHECK:       // - Block: 3
// CHECK-NEXT:  LiveIn: arg2@1 arg3@1 {{$}}
// CHECK-NEXT:  LiveOut: arg3@1 {{$}}
// CHECK:       // - Block: 4
// CHECK-NEXT:  LiveIn: arg3@1 {{$}}
// CHECK-NEXT:  LiveOut: {{$}}
module @diamond {
  func.func @f(%c: i1, %x: i32, %y: i32, %z: i32) -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %l = arith.addi %x, %x : i32
    cf.br ^bb3(%l : i32)
  ^bb2:
    %r = arith.muli %y, %y : i32
    cf.br ^bb3(%r : i32)
  ^bb3(%m: i32):
    %o = arith.addi %m, %z : i32
    return %o : i32
  }
}

// -----

// A cf loop: the invariants %n and %step stay live around the back edge;
// the header's arguments are live from the header into the body, and only
// %acc reaches the exit.
//
//   ^bb0 ──▶ ^bb1(%i, %acc) ──▶ ^bb3 (exit)
//              │    ▲
//              ▼    │
//             ^bb2 ─┘
//
// CHECK-LABEL: Testing : loop
// CHECK:       // - Block: 2
// CHECK-NEXT:  LiveIn: arg0@1 val_2 {{$}}
// CHECK-NEXT:  LiveOut: arg0@1 val_2 arg0@2 arg1@2 {{$}}
// CHECK:       // - Block: 3
// CHECK-NEXT:  LiveIn: arg0@1 val_2 arg0@2 arg1@2 {{$}}
// CHECK-NEXT:  LiveOut: arg0@1 val_2 {{$}}
module @loop {
  func.func @f(%n: index) -> index {
    %c0 = arith.constant 0 : index
    %step = arith.constant 1 : index
    cf.br ^bb1(%c0, %c0 : index, index)
  ^bb1(%i: index, %acc: index):
    %cmp = arith.cmpi slt, %i, %n : index
    cf.cond_br %cmp, ^bb2, ^bb3
  ^bb2:
    %acc2 = arith.addi %acc, %i : index
    %next = arith.addi %i, %step : index
    cf.br ^bb1(%next, %acc2 : index, index)
  ^bb3:
    return %acc : index
  }
}

// -----

// Two nested cf loops and a value (%k) defined before both and used only
// after the outer exit: it is live through every block of both loops.
//
//   ^bb0 ─▶ ^bb1 ─▶ ^bb2 ─▶ ^bb3 ─┐
//            ▲  \     ▲      │   │
//            │   \    └──────┘   │
//            │    ▶ ^bb5         │
//            └───── ^bb4 ◀───────┘
//
// CHECK-LABEL: Testing : nested_loops
// CHECK:       // - Block: 5
// CHECK-NEXT:  LiveIn: arg0@1 arg1@1 val_2 {{$}}
// CHECK-NEXT:  LiveOut: arg0@1 arg1@1 val_2 {{$}}
// CHECK:       // - Block: 6
// CHECK-NEXT:  LiveIn: val_2 {{$}}
// CHECK-NEXT:  LiveOut: {{$}}
module @nested_loops {
  func.func @f(%c: i1, %d: i1) -> i32 {
    %k = arith.constant 7 : i32
    cf.br ^bb1
  ^bb1:
    cf.cond_br %c, ^bb2, ^bb5
  ^bb2:
    cf.br ^bb3
  ^bb3:
    cf.cond_br %d, ^bb2, ^bb4
  ^bb4:
    cf.br ^bb1
  ^bb5:
    return %k : i32
  }
}

// -----

// Block arguments, a multi-result op and an unreachable block: a block
// argument that is never used is live only at the first op; the two results
// of one op print back to back (MLIR prints no newline between them); the
// unreachable block's use still makes %v live-out of the entry (escape).
//
//   ^bb0 ──▶ ^bb1(%u, %w)        ^bb2 (no predecessors, uses %v)
//
// CHECK-LABEL: Testing : args
// CHECK:       // - Block: 1
// CHECK-NEXT:  LiveIn: {{$}}
// CHECK-NEXT:  LiveOut: arg0@1 val_2 {{$}}
// CHECK:       // val_3 :
// CHECK-NEXT:  //     %1:2 = "test.two"(%0) : (i32) -> (i32, i32)
// CHECK-NEXT:  //     cf.br ^bb1(%1#0, %1#1 : i32, i32)// val_4 :
// CHECK:       // - Block: 3
// CHECK-NEXT:  LiveIn: val_2 {{$}}
module @args {
  func.func @f(%a: i32, %dead: i32) -> i32 {
    %v = arith.addi %a, %a : i32
    %p:2 = "test.two"(%v) : (i32) -> (i32, i32)
    cf.br ^bb1(%p#0, %p#1 : i32, i32)
  ^bb1(%u: i32, %w: i32):
    %r = arith.addi %u, %a : i32
    return %r : i32
  ^bb2:
    return %v : i32
  }
}
