// The test passes run on any op: anchored on the module (which has no
// sym_name, printed as a null attribute) they query tagged values of all
// functions together, so values of different functions meet. Run both as a
// pipeline and as a plain pass flag.
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-disable-threading -o /dev/null --pass-pipeline='builtin.module(test-alias-analysis)' 2> %t.ours && mlir-opt-19 %s --allow-unregistered-dialect --mlir-disable-threading -o /dev/null --pass-pipeline='builtin.module(test-alias-analysis)' 2> %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-disable-threading -o /dev/null --test-alias-analysis-modref 2> %t.ours2 && mlir-opt-19 %s --allow-unregistered-dialect --mlir-disable-threading -o /dev/null --test-alias-analysis-modref 2> %t.ref2 && diff %t.ref2 %t.ours2
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-disable-threading -o /dev/null --test-alias-analysis 2>&1 | FileCheck %s

// An allocation in @f and an argument of @g: the argument is not in the
// allocation's scope, so they may alias; a module-level value is defined in
// an ancestor of every function, so it is NoAlias with their allocations.
// CHECK: Testing : <<NULL ATTRIBUTE>>
// CHECK-DAG: top_value#0 <-> alloc_f#0: NoAlias
// CHECK-DAG: alloc_f#0 <-> g.region0#0: MayAlias
"test.module_level"() {test.ptr = "top"} : () -> ()
%top = "test.module_value"() {test.ptr = "top_value"} : () -> memref<4xf32>
func.func @f(%arg: memref<4xf32>) attributes {test.ptr = "f"} {
  %a = memref.alloc() {test.ptr = "alloc_f"} : memref<4xf32>
  memref.copy %arg, %a {test.ptr = "copy_f"} : memref<4xf32> to memref<4xf32>
  return
}
func.func @g(%arg: memref<4xf32>) attributes {test.ptr = "g"} {
  %a = memref.alloca() {test.ptr = "alloca_g"} : memref<4xf32>
  return
}
