// RUN: lifeline-opt %s --allow-unregistered-dialect > %t.ours && mlir-opt-19 --allow-unregistered-dialect %s > %t.ref && mlir-opt-19 --allow-unregistered-dialect %t.ours | diff %t.ref -
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-print-op-generic > %t.g && mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %s > %t.gref && mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %t.g | diff %t.gref -
// RUN: lifeline-opt %s --allow-unregistered-dialect | FileCheck %s

// The cf dialect: unconditional and conditional branches with and without
// forwarded operands, switches (no cases, negative case values, several
// operands per case), assertions, and discardable attributes on each.

// CHECK-LABEL: func.func @branches
func.func @branches(%c: i1, %a: i32, %b: f32) -> i32 {
  // CHECK: cf.br ^bb1(%arg1, %arg2 : i32, f32)
  cf.br ^bb1(%a, %b : i32, f32)
// CHECK: ^bb1(%0: i32, %1: f32):  // pred: ^bb0
^bb1(%x: i32, %y: f32):
  // CHECK-NEXT: cf.cond_br %arg0, ^bb2, ^bb3(%0 : i32)
  cf.cond_br %c, ^bb2, ^bb3(%x : i32)
^bb2:
  // CHECK: cf.cond_br %arg0, ^bb3(%arg1 : i32), ^bb3(%0 : i32) {tag = "t"}
  cf.cond_br %c, ^bb3(%a : i32), ^bb3(%x : i32) {tag = "t"}
// CHECK: ^bb3(%2: i32):  // 3 preds: ^bb1, ^bb2, ^bb2
^bb3(%z: i32):
  // CHECK-NEXT: cf.assert %arg0, "must hold"
  cf.assert %c, "must hold"
  // CHECK-NEXT: cf.assert %arg0, "with \22quotes\22" {foo}
  cf.assert %c, "with \"quotes\"" {foo}
  // CHECK-NEXT: cf.br ^bb4 {attr = 1 : i64}
  cf.br ^bb4 {attr = 1 : i64}
^bb4:
  "test.use"(%y) : (f32) -> ()
  return %z : i32
}

// CHECK-LABEL: func.func @switches
func.func @switches(%f: i32, %g: i8, %a: i32, %h: i64) {
  // CHECK:      cf.switch %arg0 : i32, [
  // CHECK-NEXT:   default: ^bb1(%arg2 : i32),
  // CHECK-NEXT:   42: ^bb1(%arg0 : i32),
  // CHECK-NEXT:   4294967293: ^bb2,
  // CHECK-NEXT:   7: ^bb3(%arg2, %arg2 : i32, i32)
  // CHECK-NEXT: ]
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    42: ^bb1(%f : i32),
    -3: ^bb2,
    7: ^bb3(%a, %a : i32, i32)
  ]
// CHECK: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
^bb1(%x: i32):
  // CHECK-NEXT: cf.switch %arg1 : i8, [
  // CHECK-NEXT:   default: ^bb2]
  cf.switch %g : i8, [
    default: ^bb2
  ]
^bb2:
  // CHECK:      cf.switch %arg0 : i32, [
  // CHECK-NEXT:   default: ^bb3(%arg2, %arg0 : i32, i32),
  // CHECK-NEXT:   1: ^bb2
  // CHECK-NEXT: ] {foo = "x"}
  cf.switch %f : i32, [default: ^bb3(%a, %f : i32, i32), 1: ^bb2] {foo = "x"}
^bb3(%p: i32, %q: i32):
  // CHECK: cf.switch %arg1 : i8, [
  // CHECK-NEXT: default: ^bb4,
  // CHECK-NEXT: 255: ^bb4,
  // CHECK-NEXT: 127: ^bb5(%arg3 : i64)
  cf.switch %g : i8, [
    default: ^bb4,
    -1: ^bb4,
    127: ^bb5(%h : i64)
  ]
^bb4:
  cf.switch %h : i64, [
    default: ^bb5(%h : i64),
    9000000000: ^bb4
  ]
^bb5(%r: i64):
  return
}

// A generic switch whose case values are a splat.
// CHECK-LABEL: func.func @generic_switch
func.func @generic_switch(%f: i32) {
  // CHECK: 5: ^bb1,
  // CHECK-NEXT: 5: ^bb2
  "cf.switch"(%f)[^bb1, ^bb1, ^bb2] <{case_operand_segments = array<i32: 0, 0>, case_values = dense<5> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
^bb2:
  return
}

// Case values print as MLIR's APInt::getLimitedValue(): zero-extended, and
// past 64 bits a negative literal is read as an unsigned 64-bit value.
// CHECK-LABEL: func.func @switch_widths
func.func @switch_widths(%b: i1, %w: i128) {
  // CHECK: 1: ^bb2,
  // CHECK-NEXT: 0: ^bb1
  cf.switch %b : i1, [
    default: ^bb1,
    1: ^bb2,
    0: ^bb1
  ]
^bb1:
  // CHECK: 18446744073709551614: ^bb1
  cf.switch %w : i128, [
    default: ^bb2,
    -2: ^bb1
  ]
^bb2:
  return
}
