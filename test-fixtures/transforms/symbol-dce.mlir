// RUN: lifeline-opt %s --allow-unregistered-dialect --symbol-dce --split-input-file > %t.ours && mlir-opt-19 %s --allow-unregistered-dialect --symbol-dce --split-input-file > %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(builtin.module(symbol-dce))' --split-input-file > %t.ours2 && mlir-opt-19 %s --allow-unregistered-dialect --pass-pipeline='builtin.module(builtin.module(symbol-dce))' --split-input-file > %t.ref2 && diff %t.ref2 %t.ours2
// RUN: lifeline-opt %s --allow-unregistered-dialect --symbol-privatize --split-input-file > %t.ours3 && mlir-opt-19 %s --allow-unregistered-dialect --symbol-privatize --split-input-file > %t.ref3 && diff %t.ref3 %t.ours3
// RUN: lifeline-opt %s --allow-unregistered-dialect --symbol-dce --split-input-file | FileCheck %s

// symbol-dce decides liveness per symbol table. A symbol is an op with the
// Symbol trait (or a symbol table carrying a name); an unregistered op with a
// `sym_name` is not one and is never erased or privatized.

// The top-level module is hidden: private and nested symbols nobody live uses
// are dead, public ones stay. A private function that only calls itself, and a
// private pair that only call each other, are dead too.
// CHECK-LABEL: module attributes {t.top}
//   CHECK-NOT: @unused_private
//   CHECK-NOT: @unused_nested
//   CHECK-NOT: @self_recursive
//   CHECK-NOT: @ping
//       CHECK: func.func nested @used_nested
//       CHECK: func.func @entry
//       CHECK: "foo.not_a_symbol"() {sym_name = "x", sym_visibility = "private"}
module attributes {t.top} {
  func.func private @unused_private()
  func.func nested @unused_nested()
  func.func nested @used_nested()
  func.func private @self_recursive() {
    call @self_recursive() : () -> ()
    return
  }
  func.func private @ping() {
    call @pong() : () -> ()
    return
  }
  func.func private @pong() {
    call @ping() : () -> ()
    return
  }
  func.func @entry() {
    call @used_nested() : () -> ()
    return
  }
  "foo.not_a_symbol"() {sym_name = "x", sym_visibility = "private"} : () -> ()
}

// -----

// Inside a public named module the table is hidden only if its parent is: here
// it is (the top module), so nested symbols inside are dead; a private module
// is dead as a whole; a used path @outer::@inner keeps both.
// CHECK-LABEL: module attributes {t.nested}
//       CHECK: module @outer
//   CHECK-NOT: @dead_in_outer
//       CHECK: func.func nested @inner
//   CHECK-NOT: module @gone
module attributes {t.nested} {
  module @outer {
    func.func nested @dead_in_outer()
    func.func nested @inner()
  }
  module @gone attributes {sym_visibility = "private"} {
    func.func @kept_while_parent_lives() {
      return
    }
  }
  "foo.user"() {uses = [@outer::@inner]} : () -> ()
}

