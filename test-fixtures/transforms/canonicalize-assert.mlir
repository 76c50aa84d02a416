// RUN: lifeline-opt %s --canonicalize --split-input-file > %t.ours && mlir-opt-19 %s --canonicalize --split-input-file > %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --canonicalize --split-input-file | FileCheck %s

// cf.assert canonicalization: an assertion whose condition is the constant true
// can never fire and goes; any other condition keeps it.

// CHECK-LABEL: func @always_holds
//   CHECK-NOT:   cf.assert
//       CHECK:   return
func.func @always_holds(%n: index) -> index {
  %yes = arith.constant true
  cf.assert %yes, "cannot fail"
  return %n : index
}

// -----

// The condition becomes true only after folding the comparison.
// CHECK-LABEL: func @holds_after_folding
//   CHECK-NOT:   cf.assert
func.func @holds_after_folding() {
  %a = arith.constant 3 : index
  %b = arith.constant 5 : index
  %lt = arith.cmpi slt, %a, %b : index
  cf.assert %lt, "3 < 5"
  return
}

// -----

// CHECK-LABEL: func @may_fail
//       CHECK:   cf.assert %{{.*}}, "checked at run time"
//       CHECK:   cf.assert %{{.*}}, "always fails"
func.func @may_fail(%c: i1) {
  cf.assert %c, "checked at run time"
  %no = arith.constant false
  cf.assert %no, "always fails"
  return
}
