// Calls, unregistered ops and test-dialect ops whose allocation effects come
// from attributes: allocation is found through the memory-effect interface,
// never from the op's name.
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis))' 2> %t.ours && mlir-opt-19 %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis))' 2> %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis-modref))' 2> %t.ours2 && mlir-opt-19 %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis-modref))' 2> %t.ref2 && diff %t.ref2 %t.ours2
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis))' 2>&1 | FileCheck %s

// A call result is its own underlying value (calls are not looked into): it
// may alias the arguments and globals, and even a local allocation, since
// it is defined in the allocation's scope.
// CHECK-LABEL: Testing : "call_results"
// CHECK-DAG: local#0 <-> call#0: MayAlias
// CHECK-DAG: call#0 <-> icall#0: MayAlias
func.func private @make() -> memref<4xf32>
func.func @call_results(%arg: memref<4xf32>) attributes {test.ptr = "func"} {
  %local = memref.alloc() {test.ptr = "local"} : memref<4xf32>
  %0 = func.call @make() {test.ptr = "call"} : () -> memref<4xf32>
  %f = func.constant @make : () -> memref<4xf32>
  %1 = func.call_indirect %f() {test.ptr = "icall"} : () -> memref<4xf32>
  %2 = func.call @make() {test.ptr = "call2"} : () -> memref<4xf32>
  return
}

// -----

// Unregistered ops: results are their own values; an unregistered op's
// region arguments too. An allocation nested in it is still scoped by the
// function, so the function's arguments are NoAlias with it.
// CHECK-LABEL: Testing : "unregistered"
// CHECK-DAG: x#0 <-> x#1: MayAlias
func.func @unregistered(%arg: memref<4xf32>) attributes {test.ptr = "func"} {
  %0:2 = "test.two_results"() {test.ptr = "x"} : () -> (memref<4xf32>, memref<4xf32>)
  %1 = "test.wrap"(%0#0) ({
  ^bb0(%in: memref<4xf32>):
    %a = memref.alloc() {test.ptr = "nested_alloc"} : memref<4xf32>
    "test.yield"(%a) : (memref<4xf32>) -> ()
  }) {test.ptr = "wrap"} : (memref<4xf32>) -> memref<4xf32>
  return
}

// -----

// Allocation effects declared by test ops (on a result through the
// `effects` attribute, and test.test_effects_result), and on a block
// argument of a region op. A constant and an allocation are NoAlias.
// CHECK-LABEL: Testing : "effect_allocations"
// CHECK-DAG: res_alloc#0 <-> res_alloc2#0: NoAlias
// CHECK-DAG: res_alloc#0 <-> res_read#0: MayAlias
// CHECK-DAG: res_alloc#0 <-> region_alloc.region0#0: NoAlias
func.func @effect_allocations(%arg: i32) attributes {test.ptr = "func"} {
  %0 = "test.side_effect_op"() {effects = [{effect = "allocate", on_result}], test.ptr = "res_alloc"} : () -> i32
  %1 = "test.side_effect_op"() {effects = [{effect = "allocate", on_result, test_resource}], test.ptr = "res_alloc2"} : () -> i32
  %2 = "test.side_effect_op"() {effects = [{effect = "read", on_result}], test.ptr = "res_read"} : () -> i32
  %3 = "test.test_effects_result"() {test.ptr = "effects_result"} : () -> i32
  %c = arith.constant {test.ptr = "c"} 7 : i32
  %4 = test.side_effect_with_region_op (%arg) {
  ^bb0(%x: i32):
    %5 = "test.opaque"() {test.ptr = "in_region"} : () -> i32
    "test.end"() : () -> ()
  } {effects = [{effect = "allocate", on_argument}], test.ptr = "region_alloc"} : i32 -> i32
  return
}

// -----

// Allocations in a region of an unregistered op are scoped by the enclosing
// function (heap) or by the function as nearest allocation scope (stack):
// the unregistered op's block arguments are defined below that scope, so
// they may be the allocations.
// CHECK-LABEL: Testing : "no_function_scope"
func.func @no_function_scope() attributes {test.ptr = "func"} {
  "test.isolated"() ({
  ^bb0(%p: memref<4xf32>):
    %a = memref.alloc() {test.ptr = "a"} : memref<4xf32>
    %b = memref.alloca() {test.ptr = "b"} : memref<4xf32>
    "test.end"() : () -> ()
  }) {test.ptr = "iso"} : () -> ()
  return
}
