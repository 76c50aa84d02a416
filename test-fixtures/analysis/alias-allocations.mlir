// Alias queries between the kinds of underlying values: heap and stack
// allocations, function arguments, globals and constants, and allocations
// inside nested allocation scopes.
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis))' 2> %t.ours && mlir-opt-19 %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis))' 2> %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis-modref))' 2> %t.ours2 && mlir-opt-19 %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis-modref))' 2> %t.ref2 && diff %t.ref2 %t.ours2
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis))' 2>&1 | FileCheck %s

// Two allocations never alias each other; an allocation never aliases an
// argument of the function it is made in; two arguments may alias.
// CHECK-LABEL: Testing : "allocs_and_args"
// CHECK-DAG: alloca_1#0 <-> alloc_1#0: NoAlias
// CHECK-DAG: alloc_1#0 <-> func.region0#0: NoAlias
// CHECK-DAG: func.region0#0 <-> func.region0#1: MayAlias
func.func @allocs_and_args(%a: memref<8xf32>, %b: memref<8xf32>) attributes {test.ptr = "func"} {
  %0 = memref.alloca() {test.ptr = "alloca_1"} : memref<8xf32>
  %1 = memref.alloc() {test.ptr = "alloc_1"} : memref<8xf32>
  %2 = memref.alloca() {test.ptr = "alloca_2"} : memref<8xf32>
  %3 = memref.alloc() {test.ptr = "alloc_2"} : memref<8xf32>
  return
}

// -----

// A constant and an allocation are NoAlias, two constants MayAlias, a
// constant and an argument MayAlias. A global (memref.get_global) has no
// allocation effect, so it may alias anything that is not an argument-free
// allocation in a strictly enclosing scope.
// CHECK-LABEL: Testing : "constants_and_globals"
// CHECK-DAG: c0#0 <-> alloc#0: NoAlias
// CHECK-DAG: c0#0 <-> c1#0: MayAlias
// CHECK-DAG: alloc#0 <-> glob#0: MayAlias
memref.global "private" @gv : memref<2xf32> = dense<0.0>
memref.global "private" constant @gc : memref<2xf32> = dense<1.0>
func.func @constants_and_globals(%arg: memref<2xf32>) attributes {test.ptr = "func"} {
  %c0 = arith.constant {test.ptr = "c0"} 0 : index
  %c1 = arith.constant {test.ptr = "c1"} 1 : index
  %fc = func.constant {test.ptr = "fconst"} @constants_and_globals : (memref<2xf32>) -> ()
  %0 = memref.alloc() {test.ptr = "alloc"} : memref<2xf32>
  %1 = memref.get_global @gv : memref<2xf32> {test.ptr = "glob"}
  %2 = memref.get_global @gc : memref<2xf32> {test.ptr = "glob_const"}
  return
}

// -----

// An alloca is scoped by its nearest AutomaticAllocationScope (here the
// scf.for body): values defined outside the loop, and the loop's own
// induction variable, cannot be it; a heap alloc in the loop is scoped by
// the function instead.
// CHECK-LABEL: Testing : "nested_scopes"
func.func @nested_scopes(%arg: memref<4xf32>, %n: index) attributes {test.ptr = "func"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %outer = memref.alloca() {test.ptr = "outer"} : memref<4xf32>
  %g = "test.opaque"() {test.ptr = "opaque"} : () -> memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %inner = memref.alloca() {test.ptr = "inner_alloca"} : memref<4xf32>
    %heap = memref.alloc() {test.ptr = "inner_alloc"} : memref<4xf32>
    %o2 = "test.opaque"() {test.ptr = "opaque_in_loop"} : () -> memref<4xf32>
    "test.use"(%inner, %heap, %o2) : (memref<4xf32>, memref<4xf32>, memref<4xf32>) -> ()
  } {test.ptr = "loop"}
  return
}

// -----

// memref.alloca_scope is an allocation scope with no arguments; values from
// the enclosing function are outside it.
// CHECK-LABEL: Testing : "alloca_scope"
func.func @alloca_scope(%arg: memref<4xf32>) attributes {test.ptr = "func"} {
  %opq = "test.opaque"() {test.ptr = "opaque"} : () -> memref<4xf32>
  %r = memref.alloca_scope -> (memref<4xf32>) {
    %a = memref.alloca() {test.ptr = "scoped"} : memref<4xf32>
    %b = "test.opaque"() {test.ptr = "opaque_in_scope"} : () -> memref<4xf32>
    memref.alloca_scope.return %b : memref<4xf32>
  } {test.ptr = "scope"}
  return
}

// -----

// Allocations inside an unregistered region op: the op is neither an
// allocation scope nor a region-branch op, so its block arguments are their
// own underlying values.
// CHECK-LABEL: Testing : "unknown_region"
func.func @unknown_region(%arg: memref<4xf32>) attributes {test.ptr = "func"} {
  %0 = memref.alloc() {test.ptr = "alloc"} : memref<4xf32>
  "test.region"() ({
  ^bb0(%x: memref<4xf32>):
    %1 = memref.alloca() {test.ptr = "alloca_in_region"} : memref<4xf32>
    %2 = memref.alloc() {test.ptr = "alloc_in_region"} : memref<4xf32>
    "test.end"() : () -> ()
  }) {test.ptr = "region_op"} : () -> ()
  return
}

// -----

// A function without test.ptr on itself: only the tagged ops are queried,
// and arguments are not collected.
// CHECK-LABEL: Testing : "untagged_function"
// CHECK: a#0 <-> b#0: NoAlias
func.func @untagged_function(%arg: memref<4xf32>) {
  %0 = memref.alloc() {test.ptr = "a"} : memref<4xf32>
  %1 = memref.realloc %0 {test.ptr = "b"} : memref<4xf32> to memref<8xf32>
  %2 = "test.opaque"() : () -> memref<4xf32>
  return
}
