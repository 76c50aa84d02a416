// Mod/ref of tagged ops on tagged values: effects come from the
// memory-effect interface; ops without it, and ops with recursive memory
// effects (scf.if, scf.for), are ModRef on everything.
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis-modref))' 2> %t.ours && mlir-opt-19 %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis-modref))' 2> %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis))' 2> %t.ours2 && mlir-opt-19 %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis))' 2> %t.ref2 && diff %t.ref2 %t.ours2
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis-modref))' 2>&1 | FileCheck %s

// Loads read, stores write, copies read their source and write their
// target; a store to one allocation does not touch another, but may touch
// a function argument only when they may alias.
// CHECK-LABEL: Testing : "loads_stores_copies"
// CHECK-DAG: store_a -> a#0: Mod
// CHECK-DAG: store_a -> b#0: NoModRef
// CHECK-DAG: load_b -> b#0: Ref
// CHECK-DAG: copy -> a#0: Mod
// CHECK-DAG: copy -> b#0: Ref
// CHECK-DAG: copy -> func.region0#0: NoModRef
func.func @loads_stores_copies(%arg: memref<4xf32>, %i: index) attributes {test.ptr = "func"} {
  %a = memref.alloc() {test.ptr = "a"} : memref<4xf32>
  %b = memref.alloc() {test.ptr = "b"} : memref<4xf32>
  %v = memref.load %b[%i] {test.ptr = "load_b"} : memref<4xf32>
  memref.store %v, %a[%i] {test.ptr = "store_a"} : memref<4xf32>
  memref.copy %b, %a {test.ptr = "copy"} : memref<4xf32> to memref<4xf32>
  %w = memref.load %arg[%i] {test.ptr = "load_arg"} : memref<4xf32>
  memref.store %w, %arg[%i] {test.ptr = "store_arg"} : memref<4xf32>
  memref.dealloc %b {test.ptr = "dealloc"} : memref<4xf32>
  %r = memref.atomic_rmw addf %w, %a[%i] {test.ptr = "rmw"} : (f32, memref<4xf32>) -> f32
  return
}

// -----

// Accesses through views: a store into a subview of one allocation is Mod on
// the allocation and on the other view, NoModRef on another allocation.
// CHECK-LABEL: Testing : "views"
// CHECK-DAG: store_view -> a#0: Mod
// CHECK-DAG: store_view -> b#0: NoModRef
func.func @views(%i: index, %f: f32) attributes {test.ptr = "func"} {
  %a = memref.alloc() {test.ptr = "a"} : memref<8xf32>
  %b = memref.alloca() {test.ptr = "b"} : memref<8xf32>
  %s = memref.subview %a[2] [4] [1] {test.ptr = "view"} : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  memref.store %f, %s[%i] {test.ptr = "store_view"} : memref<4xf32, strided<[1], offset: 2>>
  %c = memref.cast %a {test.ptr = "cast"} : memref<8xf32> to memref<?xf32>
  %l = memref.load %c[%i] {test.ptr = "load_cast"} : memref<?xf32>
  return
}

// -----

// Calls and unknown ops have no effect interface: ModRef on every value,
// also on fresh allocations. Ops with recursive effects (scf.if) are ModRef
// too, even when their bodies touch nothing; pure ops are NoModRef.
// CHECK-LABEL: Testing : "calls_and_regions"
// CHECK-DAG: call -> a#0: ModRef
// CHECK-DAG: unknown -> a#0: ModRef
// CHECK-DAG: if -> a#0: ModRef
// CHECK-DAG: add -> a#0: NoModRef
func.func private @callee(memref<4xf32>)
func.func @calls_and_regions(%cond: i1, %i: index) attributes {test.ptr = "func"} {
  %a = memref.alloc() {test.ptr = "a"} : memref<4xf32>
  func.call @callee(%a) {test.ptr = "call"} : (memref<4xf32>) -> ()
  "test.unknown"() {test.ptr = "unknown"} : () -> ()
  scf.if %cond {
    scf.yield
  } {test.ptr = "if"}
  %j = arith.addi %i, %i {test.ptr = "add"} : index
  %r = memref.alloca_scope -> (index) {
    memref.alloca_scope.return %j : index
  } {test.ptr = "scope"}
  return
}

// -----

// Effects without a value (a whole resource, or a symbol) may touch any
// location; allocate and free effects are not accesses.
// CHECK-LABEL: Testing : "resource_effects"
// CHECK-DAG: memread -> a#0: Ref
// CHECK-DAG: memwrite -> a#0: Mod
// CHECK-DAG: free -> a#0: NoModRef
func.func @resource_effects() attributes {test.ptr = "func"} {
  %a = memref.alloc() {test.ptr = "a"} : memref<4xf32>
  %0 = "test.op_with_memread"() {test.ptr = "memread"} : () -> i32
  "test.op_with_memwrite"() {test.ptr = "memwrite"} : () -> ()
  %1 = "test.side_effect_op"() {effects = [{effect = "free"}, {effect = "allocate", on_result}], test.ptr = "free"} : () -> i32
  %2 = "test.side_effect_op"() {effects = [{effect = "read", on_reference = @sym}, {effect = "write", on_result}], test.ptr = "sym_read"} : () -> i32
  "test.op_with_effects_b"() {test.ptr = "test_resource_write"} : () -> ()
  return
}

// -----

// An op reading one value and writing another: Ref, Mod or ModRef depending on
// which of them may alias the location; scf.for iteration arguments carry the
// allocation into the loop.
// CHECK-LABEL: Testing : "loop_accesses"
func.func @loop_accesses(%n: index, %f: f32) attributes {test.ptr = "func"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() {test.ptr = "a"} : memref<4xf32>
  %b = memref.alloc() {test.ptr = "b"} : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
    memref.store %f, %x[%c0] {test.ptr = "store_x"} : memref<4xf32>
    "test.copy_like"(%b, %x) {test.ptr = "opaque_copy"} : (memref<4xf32>, memref<4xf32>) -> ()
    test.copy(%x, %b) : (memref<4xf32>, memref<4xf32>) {test.ptr = "copy_x_to_b"}
    scf.yield %x : memref<4xf32>
  } {test.ptr = "for"}
  return
}
