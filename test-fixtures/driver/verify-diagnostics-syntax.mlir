// What --verify-diagnostics reads as an expectation is MLIR 19's pattern, once per line: no
// repeat count (a line with one is no expectation), and the text runs to the last `}}`, which
// ends the line. The report (unmet expectations underlined, unexpected diagnostics with their
// source line) must be mlir-opt-19's, byte for byte.
// RUN: not lifeline-opt %s --split-input-file --verify-diagnostics -o /dev/null 2> %t.ours; not mlir-opt-19 %s --split-input-file --verify-diagnostics -o /dev/null 2> %t.ref; diff %t.ref %t.ours

func.func @counted() {
  // expected-error@+1 1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i32
  return
}

// -----

func.func @braces_inside() {
  // expected-error@+1 {{custom op 'bogus_op' is unknown}} (tried it}}
  bogus_op
}

// -----

func.func @unmet() {
  // expected-error@+1 {{never reported}}
  return
}
