// RUN: not lifeline-opt %s --test-liveness-analysis -o /dev/null 2>&1 | FileCheck %s

// mlir-opt-19 crashes here (it reads the liveness of a value in dead code, which
// was never computed); lifeline-opt says so instead.
// CHECK: {{.*}}liveness-analysis-dead-code.mlir:[[@LINE+5]]:8: error: no liveness was computed for result #0 (is the op in dead code?)
func.func @f(%x: i32) -> i32 {
  %f = arith.constant false
  cf.cond_br %f, ^bb1, ^bb2
^bb1:
  %y = arith.addi %x, %x {tag = "dead"} : i32
  return %y : i32
^bb2:
  return %x : i32
}
