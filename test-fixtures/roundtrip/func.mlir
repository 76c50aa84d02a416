// RUN: lifeline-opt %s --allow-unregistered-dialect > %t.ours && mlir-opt-19 --allow-unregistered-dialect %s > %t.ref && mlir-opt-19 --allow-unregistered-dialect %t.ours | diff %t.ref -
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-print-op-generic > %t.g && mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %s > %t.gref && mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %t.g | diff %t.gref -
// RUN: lifeline-opt %s --allow-unregistered-dialect | FileCheck %s

// The func dialect: definitions with and without bodies, visibility, argument
// and result attributes, calls (direct and indirect), constants and returns.

// CHECK-LABEL: func.func private @external(i32, f32) -> i64
func.func private @external(i32, f32) -> i64

// CHECK-LABEL: func.func @attrs(%arg0: i32 {test.a = 1 : i32}, %arg1: f32) -> (i32 {test.r}, f32)
// CHECK-SAME: attributes {llvm.emit_c_interface}
func.func @attrs(%x: i32 {test.a = 1 : i32}, %y: f32) -> (i32 {test.r}, f32) attributes {llvm.emit_c_interface} {
  return %x, %y : i32, f32
}

// CHECK-LABEL: func.func @calls
func.func @calls(%a: i32, %b: f32) -> i64 {
  // CHECK: %[[R:.*]] = call @external(%arg0, %arg1) : (i32, f32) -> i64
  %r = func.call @external(%a, %b) : (i32, f32) -> i64
  // CHECK: %[[F:.*]] = constant @external : (i32, f32) -> i64
  %f = func.constant @external : (i32, f32) -> i64
  // CHECK: call_indirect %[[F]](%arg0, %arg1) : (i32, f32) -> i64
  %s = func.call_indirect %f(%a, %b) : (i32, f32) -> i64
  %t:2 = call @attrs(%a, %b) : (i32, f32) -> (i32, f32)
  "test.use"(%t#1, %s) : (f32, i64) -> ()
  return %r : i64
}

func.func nested @nested_vis() {
  return
}

// CHECK-LABEL: func.func @fn_result() -> ((i32) -> i32)
func.func @fn_result() -> ((i32) -> i32) {
  %f = "test.make"() : () -> ((i32) -> i32)
  return %f : (i32) -> i32
}

func.func @"quoted name"() {
  "test.region"() ({
  ^bb0(%q: i32):
    "test.t"() : () -> ()
  ^bb1:
    "test.t"() : () -> ()
  }) : () -> ()
  return
}

module @inner attributes {test.x} {
  func.func private @in_module(memref<?x4xf32, 1>) -> tensor<*xf32>
}

// A body after a type-only signature: the entry block names the arguments.
// CHECK-LABEL: func.func @types_then_block(%arg0: f32, %arg1: i1) -> f32
// CHECK-NEXT:    %0 = arith.select %arg1, %arg0, %arg0 : f32
func.func @types_then_block(f32, i1) -> f32 {
^bb0(%a: f32, %c: i1):
  %s = arith.select %c, %a, %a : f32
  return %s : f32
}
