// --test-print-liveness on a module without a name. mlir-opt-19 prints the
// pass's symbol name through a null attribute and crashes (the second RUN line
// pins that), so there is no oracle text; lifeline-opt prints the analysis with
// an empty name. Same IR with a name: see liveness-cfg.mlir (@straight).
// RUN: lifeline-opt %s --test-print-liveness -o /dev/null 2>&1 | FileCheck %s
// RUN: not --crash mlir-opt-19 %s --test-print-liveness -o /dev/null

//   ^bb0: return %a
//
// CHECK:      Testing : {{$}}
// CHECK-NEXT: Liveness
// CHECK:      // - Block: 1
// CHECK:      func.return %arg0 : i32 [arg0@1 {{.}}]
func.func @unnamed(%a: i32) -> i32 {
  return %a : i32
}
