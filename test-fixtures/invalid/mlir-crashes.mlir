// Bad input mlir-opt-19 crashes on (a segfault or a stack overflow), so there is no
// oracle text: lifeline-opt must report each split with a located error, never an
// internal error. The second RUN line pins that mlir-opt-19 still crashes.
// RUN: lifeline-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: not --crash mlir-opt-19 %s --split-input-file --allow-unregistered-dialect -o /dev/null

// An op's operand named before its own region defines it: the region's value does not
// dominate the op (mlir-opt-19 builds the op with a placeholder operand and crashes).
func.func @step_defined_in_body(%n: index) {
  // expected-error @+1 {{operand #2 does not dominate this use}}
  scf.for %i = %n to %n step %c1 {
    // expected-note @+1 {{operand defined here (op in a child region)}}
    %c1 = arith.constant 1 : index
  }
  return
}
