// Liveness across nested regions (scf): every block of every nested region is
// analysed on its own; a value read inside a region is read by the block that
// holds the region's op; region control flow adds no edges.
// Byte-identical to mlir-opt-19; FileCheck pins the facts on both outputs.
// RUN: lifeline-opt %s --test-print-liveness --split-input-file -o /dev/null 2> %t.ours && mlir-opt-19 %s --test-print-liveness --split-input-file -o /dev/null 2> %t.ref && diff %t.ref %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: FileCheck %s < %t.ref

// scf.if with results: %a is read in the then-region, so it is live-in there
// and live in the entry block up to the scf.if; the else-region reads only %b.
// The blocks of the regions are numbered right after the block holding them.
//
//   ^bb0: %a, %b ─ scf.if ─ return
//                   ├ then ^bb0: %t = a+b, yield %t
//                   └ else ^bb0: yield %b
//
// CHECK-LABEL: Testing : if_results
// CHECK:       // val_3 :
// CHECK-NEXT:  //     %0 = scf.if %arg0 -> (i32) {
// CHECK:       // - Block: 2
// CHECK-NEXT:  LiveIn: arg1@1 arg2@1 {{$}}
// CHECK-NEXT:  LiveOut: {{$}}
// CHECK:       // - Block: 3
// CHECK-NEXT:  LiveIn: arg2@1 {{$}}
module @if_results {
  func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {
    %r = scf.if %c -> i32 {
      %t = arith.addi %a, %b : i32
      scf.yield %t : i32
    } else {
      scf.yield %b : i32
    }
    return %r : i32
  }
}

// -----

// scf.for with iter_args: the body's block has the induction variable and
// the carried value as arguments; %k, defined before the loop, is live-in to
// the body. The back edge is region control flow, so nothing is live-out of
// the body block. Live sets print sorted by value id (val_4 before arg0@2).
//
//   ^bb0 ─ scf.for ─ return
//           └ body ^bb0(%i, %acc): %s = acc+k ; yield %s
//
// CHECK-LABEL: Testing : for_iter
// CHECK:       // - Block: 2
// CHECK-NEXT:  LiveIn: val_4 {{$}}
// CHECK-NEXT:  LiveOut: {{$}}
// CHECK:       %1 = arith.addi %arg3, %c3_i32 : i32 [val_4 arg0@2 arg1@2 val_8 {{.}}]
module @for_iter {
  func.func @f(%lb: index, %ub: index) -> i32 {
    %c1 = arith.constant 1 : index
    %init = arith.constant 0 : i32
    %k = arith.constant 3 : i32
    %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %init) -> (i32) {
      %s = arith.addi %acc, %k : i32
      scf.yield %s : i32
    }
    return %r : i32
  }
}

// -----

// scf.while: the before-region reads %n from outside; the after-region reads
// %one. The value %one is defined before the loop and used by the scf.while
// and inside its region, so in the entry block it lives up to the scf.while
// and no further; its live range also lists its use in the after-region.
//
//   ^bb0 ─ scf.while ─ return
//           ├ before ^bb0(%x): cmp x<n ; condition
//           └ after  ^bb0(%y): y+one ; yield
//
// CHECK-LABEL: Testing : while_loop
// CHECK:       // val_1 :
// CHECK-NEXT:  //     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:  //     %0 = scf.while
// CHECK-NOT:   func.return
// CHECK:       //     %1 = arith.addi %arg1, %c1_i32 : i32
// CHECK-NEXT:  // val_2 :
// CHECK:       // - Block: 2
// CHECK-NEXT:  LiveIn: arg0@1 {{$}}
// CHECK:       // - Block: 3
// CHECK-NEXT:  LiveIn: val_1 {{$}}
module @while_loop {
  func.func @f(%n: i32) -> i32 {
    %one = arith.constant 1 : i32
    %r = scf.while (%x = %one) : (i32) -> i32 {
      %cmp = arith.cmpi slt, %x, %n : i32
      scf.condition(%cmp) %x : i32
    } do {
    ^bb0(%y: i32):
      %y1 = arith.addi %y, %one : i32
      scf.yield %y1 : i32
    }
    return %r : i32
  }
}

// -----

// Regions inside a cf loop, and a value live across two levels of nesting:
// %w is read in an scf.if nested in an scf.for nested in the loop body, so it
// is live-in to the body's cf block, the for-body and the then-block, and
// live around the cf loop. The regions' blocks (4, 5) are numbered before
// the function's exit block (6).
//
//   ^bb0 ─▶ ^bb1 ─▶ ^bb2 ─▶ ^bb3
//            ▲       │ scf.for ─ body ─ scf.if ─ then: use %w
//            └───────┘
//
// CHECK-LABEL: Testing : deep
// CHECK:       // - Block: 2
// CHECK-NEXT:  LiveIn: arg0@1 arg1@1 arg2@1 val_3 val_4 {{$}}
// CHECK-NEXT:  LiveOut: arg0@1 arg1@1 arg2@1 val_3 val_4 {{$}}
// CHECK:       // - Block: 3
// CHECK-NEXT:  LiveIn: arg0@1 arg1@1 arg2@1 val_3 val_4 {{$}}
// CHECK-NEXT:  LiveOut: arg0@1 arg1@1 arg2@1 val_3 val_4 {{$}}
// CHECK:       // - Block: 4
// CHECK-NEXT:  LiveIn: arg1@1 arg2@1 {{$}}
// CHECK:       // - Block: 5
// CHECK-NEXT:  LiveIn: arg2@1 arg0@4 {{$}}
// CHECK:       // - Block: 6
// CHECK-NEXT:  LiveIn: {{$}}
module @deep {
  func.func @f(%lb: index, %c: i1, %w: memref<4xi32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    cf.br ^bb1
  ^bb1:
    cf.cond_br %c, ^bb2, ^bb3
  ^bb2:
    scf.for %i = %lb to %c4 step %c1 {
      scf.if %c {
        %v = memref.load %w[%i] : memref<4xi32>
        memref.store %v, %w[%i] : memref<4xi32>
      }
    }
    cf.br ^bb1
  ^bb3:
    return
  }
}

// -----

// A multi-block region (scf.execute_region): its blocks form their own CFG;
// %e, defined in the region's entry and used in its second block, is live-out
// of the region's entry (its use escapes that block), while the outer %a is
// live-in through both region blocks.
//
//   ^bb0 ─ scf.execute_region ─ return
//           └ ^bb0: %e ─▶ ^bb1: e+a ; yield
//
// CHECK-LABEL: Testing : exec_region
// CHECK:       // - Block: 2
// CHECK-NEXT:  LiveIn: arg0@1 {{$}}
// CHECK-NEXT:  LiveOut: arg0@1 val_2 {{$}}
// CHECK:       // - Block: 3
// CHECK-NEXT:  LiveIn: arg0@1 val_2 {{$}}
// CHECK-NEXT:  LiveOut: {{$}}
module @exec_region {
  func.func @f(%a: i32) -> i32 {
    %r = scf.execute_region -> i32 {
      %e = arith.muli %a, %a : i32
      cf.br ^bb1
    ^bb1:
      %s = arith.addi %e, %a : i32
      scf.yield %s : i32
    }
    return %r : i32
  }
}

// -----

// Nothing used: values with no users live at their definition only, and an
// op without results prints no interval.
//
//   ^bb0: %x = const ; %y = const ; return
//
// CHECK-LABEL: Testing : unused
// CHECK:       // val_0 :
// CHECK-NEXT:  //     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:  // val_1 :
// CHECK-NEXT:  //     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:  EndLivenessIntervals
module @unused {
  func.func @f() {
    %x = arith.constant 1 : i32
    %y = arith.constant 2 : i32
    return
  }
}
