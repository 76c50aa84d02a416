// Pass flags with one and two dashes, IR dumps after each pass, nested pipelines.
// (mlir-opt-19 dumps nested passes in completion order when threaded, so we compare sequential runs.)
// RUN: lifeline-opt %s -symbol-dce --mlir-print-ir-after-all -o /dev/null 2> %t.ours && mlir-opt-19 %s -symbol-dce --mlir-print-ir-after-all -o /dev/null 2> %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --mlir-disable-threading -pass-pipeline='builtin.module(func.func(strip-debuginfo),symbol-privatize{exclude=live},symbol-dce)' -mlir-print-ir-after-all -o /dev/null 2> %t.ours2 && mlir-opt-19 %s --mlir-disable-threading -pass-pipeline='builtin.module(func.func(strip-debuginfo),symbol-privatize{exclude=live},symbol-dce)' -mlir-print-ir-after-all -o /dev/null 2> %t.ref2 && diff %t.ref2 %t.ours2
// RUN: lifeline-opt %s --symbol-privatize=exclude=live --symbol-dce | FileCheck %s

// CHECK-NOT: @dead
// CHECK-NOT: @helper
// CHECK: func.func @live()
func.func private @dead()
func.func @helper() {
  return
}
func.func @live() {
  return
}
