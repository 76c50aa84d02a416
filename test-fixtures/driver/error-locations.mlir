// With --mlir-print-debuginfo, mlir-opt-19's "see current operation" prints the op with its
// locations, in place.
// RUN: not lifeline-opt %s --split-input-file 2> %t.ours; not mlir-opt-19 %s --split-input-file 2> %t.ref; diff %t.ref %t.ours
// RUN: not lifeline-opt %s --split-input-file --mlir-print-debuginfo 2> %t.ours; not mlir-opt-19 %s --split-input-file --mlir-print-debuginfo 2> %t.ref; diff %t.ref %t.ours

func.func @at_its_position(%p: i1) -> i8 {
  %v = scf.if %p -> i8 {
    %c = arith.constant 1 : i8 loc("one"("inner.c":2:2))
    scf.yield %c, %c : i8, i8
  } else {
    %c = arith.constant 2 : i8
    scf.yield %c : i8
  }
  return %v : i8
}
