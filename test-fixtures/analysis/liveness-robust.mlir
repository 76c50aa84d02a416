// Bad input never crashes lifeline-opt under --test-print-liveness: chunks
// that fail to parse or verify get located errors (exit 1) and the valid
// chunks still print. Both tools are held to the same CHECK lines (no line
// numbers: mlir-opt-19 counts lines within the split, lifeline-opt in the file).
// RUN: not lifeline-opt %s --split-input-file --test-print-liveness -o /dev/null 2>&1 | FileCheck %s
// RUN: not mlir-opt-19 %s --split-input-file --test-print-liveness -o /dev/null 2>&1 | FileCheck %s

// A valid chunk first: it prints.
//
//   ^bb0: return %a
//
// CHECK:      Testing : ok
// CHECK:      func.return %arg0 : i32 [arg0@1 {{.}}]
module @ok {
  func.func @f(%a: i32) -> i32 {
    return %a : i32
  }
}

// -----

// Undefined value: a parse error, nothing printed for this chunk.
//
//   ^bb0: %x = a + %undefined
//
// CHECK-NOT:  Testing : bad
// CHECK:      :25: error: use of undeclared SSA value name
module @bad {
  func.func @g(%a: i32) -> i32 {
    %x = arith.addi %a, %undefined : i32
    return %x : i32
  }
}

// -----

// Use before definition in one block: the verifier rejects it, so liveness
// never sees IR that breaks dominance.
//
//   ^bb0 ──▶ ^bb1: %y = z + a ; %z = a + a
//
// CHECK-NOT:  Testing : bad2
// CHECK:      :10: error: {{.*}}operand #0 does not dominate this use
module @bad2 {
  func.func @h(%a: i32) -> i32 {
    cf.br ^bb1
  ^bb1:
    %y = arith.addi %z, %a : i32
    %z = arith.addi %a, %a : i32
    return %y : i32
  }
}
