// RUN: lifeline-opt %s --allow-unregistered-dialect > %t.ours && mlir-opt-19 --allow-unregistered-dialect %s > %t.ref && mlir-opt-19 --allow-unregistered-dialect %t.ours | diff %t.ref -
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-print-op-generic > %t.g && mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %s > %t.gref && mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %t.g | diff %t.gref -
// RUN: lifeline-opt %s | FileCheck %s
// RUN: lifeline-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// The part of MLIR's test dialect that buffer deallocation, alias, side-effect
// and dataflow tests use. mlir-opt-19 registers the test dialect, which also
// accepts unknown `test.*` ops in generic form (no -allow-unregistered-dialect
// needed: the third RUN line has none).

// CHECK-LABEL: func.func @buffers
func.func @buffers(%a: memref<2xf32>, %b: memref<*xf32>, %t: tensor<2xf32>) {
  // CHECK: test.copy(%arg0, %arg1) : (memref<2xf32>, memref<*xf32>)
  // GENERIC: "test.copy"(%{{.*}}, %{{.*}}) : (memref<2xf32>, memref<*xf32>) -> ()
  test.copy(%a, %b) : (memref<2xf32>, memref<*xf32>)
  // CHECK: test.copy(%arg0, %arg0) : (memref<2xf32>, memref<2xf32>) {tag}
  test.copy(%a, %a) : (memref<2xf32>, memref<2xf32>) {tag}
  // CHECK: test.buffer_based in(%arg0 : memref<2xf32>) out(%arg1 : memref<*xf32>)
  test.buffer_based in(%a: memref<2xf32>) out(%b: memref<*xf32>)
  // CHECK: test.region_buffer_based in(%arg0 : memref<2xf32>) out(%arg0 : memref<2xf32>) {
  // CHECK-NEXT: ^bb0(%arg3: f32, %arg4: f32):
  // CHECK-NEXT:   %3 = "test.unknown_math"(%arg3, %arg4) : (f32, f32) -> f32
  // CHECK-NEXT:   test.region_yield %3 : f32
  // CHECK-NEXT: } {x = 1 : i64}
  test.region_buffer_based in(%a: memref<2xf32>) out(%a: memref<2xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = "test.unknown_math"(%x, %y) : (f32, f32) -> f32
    test.region_yield %s : f32
  } {x = 1}
  // CHECK: %0 = test.tensor_based in(%arg2 : tensor<2xf32>) -> tensor<2xf32>
  %0 = test.tensor_based in(%t : tensor<2xf32>) -> tensor<2xf32>
  // CHECK: "test.read_buffer"(%arg0) : (memref<2xf32>) -> ()
  "test.read_buffer"(%a) : (memref<2xf32>) -> ()
  // CHECK: %1 = "test.forward_buffer"(%arg1) : (memref<*xf32>) -> memref<*xf32>
  %1 = "test.forward_buffer"(%b) : (memref<*xf32>) -> memref<*xf32>
  // Unknown test ops stay generic.
  // CHECK: %2 = "test.source"() : () -> memref<4xi8>
  %2 = "test.source"() : () -> memref<4xi8>
  "test.sink"(%0, %1, %2) : (tensor<2xf32>, memref<*xf32>, memref<4xi8>) -> ()
  return
}

// CHECK-LABEL: func.func @region_branches
func.func @region_branches(%m: memref<?xf32>, %c: i1, %i: i32, %f: f32) -> memref<?xf32> {
  // CHECK: %0 = test.region_if %arg0, %arg1: memref<?xf32>, i1 -> memref<?xf32> then {
  // CHECK-NEXT: ^bb0(%arg4: memref<?xf32>, %arg5: i1):
  // CHECK-NEXT:   test.region_if_yield %arg4 : memref<?xf32>
  // CHECK-NEXT: } else {
  // CHECK: } join {
  // GENERIC: "test.region_if"(%{{.*}}, %{{.*}}) ({
  %0 = test.region_if %m, %c : memref<?xf32>, i1 -> (memref<?xf32>) then {
  ^bb0(%a: memref<?xf32>, %b: i1):
    test.region_if_yield %a : memref<?xf32>
  } else {
  ^bb0(%a: memref<?xf32>, %b: i1):
    test.region_if_yield %a : memref<?xf32>
  } join {
  ^bb0(%a: memref<?xf32>):
    test.region_if_yield %a : memref<?xf32>
  }
  // CHECK: %1:2 = test.region_if %arg2: i32 -> (i32, f32) then {
  %1:2 = test.region_if %i : i32 -> (i32, f32) then {
  ^bb0(%a: i32):
    test.region_if_yield %a, %f : i32, f32
  } else {
  ^bb0(%a: i32):
    test.region_if_yield %a, %f : i32, f32
  } join {
  ^bb0(%a: i32, %b: f32):
    test.region_if_yield %a, %b : i32, f32
  }
  // CHECK: %2 = "test.any_cond"() ({
  // CHECK-NEXT:   test.region_if_yield %arg3 : f32
  %2 = "test.any_cond"() ({
    test.region_if_yield %f : f32
  }) : () -> f32
  // CHECK: %3 = test.loop_block %arg2 : (i32) -> f32 {
  // CHECK-NEXT: ^bb0(%arg4: i32):
  // CHECK-NEXT:   test.loop_block_term iter %arg4 exit %arg3
  // CHECK-NEXT: } attributes {unroll}
  %3 = test.loop_block %i : (i32) -> f32 {
  ^bb0(%a: i32):
    test.loop_block_term iter %a exit %f
  } attributes {unroll}
  // CHECK: "test.one_region_with_recursive_memory_effects"() ({
  %4 = "test.one_region_with_recursive_memory_effects"() ({
    %5 = memref.alloc() : memref<2xi32>
    "test.read_buffer"(%5) : (memref<2xi32>) -> ()
    "test.return"() : () -> ()
  }) : () -> i32
  "test.sink"(%1#0, %1#1, %2, %3, %4) : (i32, f32, f32, f32, i32) -> ()
  return %0 : memref<?xf32>
}

// CHECK-LABEL: func.func @side_effects
func.func @side_effects(%m: memref<2xf32>, %n: memref<4xi8>) {
  // CHECK: %0 = "test.side_effect_op"() {effects = [{effect = "read"}, {effect = "write", on_result, test_resource}]} : () -> i32
  %0 = "test.side_effect_op"() {effects = [{effect = "read"}, {effect = "write", on_result, test_resource}]} : () -> i32
  // CHECK: %1 = "test.side_effect_op"() {effects = [{effect = "allocate", on_reference = @foo}, {effect = "free"}]} : () -> i1
  %1 = "test.side_effect_op"() {effects = [{effect = "allocate", on_reference = @foo}, {effect = "free"}]} : () -> i1
  // CHECK: %2 = test.side_effect_with_region_op(%arg0) {
  // CHECK-NEXT: ^bb0(%arg2: memref<2xf32>):
  // CHECK-NEXT:   "test.inside"(%arg2) : (memref<2xf32>) -> ()
  // CHECK-NEXT: } {effects = [{effect = "read", on_operand}, {effect = "write", on_argument}]} : memref<2xf32> -> memref<2xf32>
  %2 = test.side_effect_with_region_op (%m) {
  ^bb0(%a: memref<2xf32>):
    "test.inside"(%a) : (memref<2xf32>) -> ()
  } {effects = [{effect = "read", on_operand}, {effect = "write", on_argument}]} : memref<2xf32> -> memref<2xf32>
  // CHECK: %3 = "test.op_with_memread"() : () -> i64
  %3 = "test.op_with_memread"() : () -> i64
  // CHECK: "test.op_with_memwrite"() : () -> ()
  "test.op_with_memwrite"() : () -> ()
  // CHECK: %4 = "test.op_with_effects_a"(%arg1, %arg1) <{first = @a, optional_symbol = @c, second = @b}> : (memref<4xi8>, memref<4xi8>) -> memref<4xi8>
  %4 = "test.op_with_effects_a"(%n, %n) {first = @a, second = @b, optional_symbol = @c} : (memref<4xi8>, memref<4xi8>) -> memref<4xi8>
  // CHECK: "test.op_with_effects_b"() : () -> ()
  "test.op_with_effects_b"() : () -> ()
  // CHECK: %5 = "test.test_effects_result"() : () -> i32
  %5 = "test.test_effects_result"() : () -> i32
  "test.sink"(%0, %1, %2, %3, %4, %5) : (i32, i1, memref<2xf32>, i64, memref<4xi8>, i32) -> ()
  return
}

// CHECK-LABEL: func.func @dataflow
func.func @dataflow(%m: memref<f32>, %x: i32) -> memref<f32> {
  // CHECK: test.store_with_a_region %arg0 attributes {store_before_region = true, tag_name = "region"} {
  // CHECK-NEXT:   test.store_with_a_region_terminator
  // CHECK-NEXT: } : memref<f32>
  // GENERIC: "test.store_with_a_region"(%{{.*}}) <{store_before_region = true}> ({
  test.store_with_a_region %m attributes {store_before_region = true, tag_name = "region"} {
    test.store_with_a_region_terminator
  } : memref<f32>
  // CHECK: test.store_with_a_loop_region %arg0 attributes {store_before_region = false} {
  test.store_with_a_loop_region %m attributes {store_before_region = false} {
    %v = memref.load %m[] : memref<f32>
    test.store_with_a_region_terminator {tag = "t"}
  } : memref<f32>
  // CHECK: %0 = test.call_and_store @callee(%arg1), %arg0 {store_before_call = true} : (memref<f32>, i32) -> i32
  // GENERIC: "test.call_and_store"(%{{.*}}, %{{.*}}) <{callee = @callee, store_before_call = true}> : (memref<f32>, i32) -> i32
  %0 = test.call_and_store @callee(%x), %m {store_before_call = true} : (memref<f32>, i32) -> i32
  // CHECK: %1:2 = test.call_on_device @callee(%arg1, %0), %arg0 : (i32, i32, memref<f32>) -> (i32, f32)
  %1:2 = test.call_on_device @callee(%x, %0), %m : (i32, i32, memref<f32>) -> (i32, f32)
  // CHECK: test.call_and_store @callee(), %arg0 {store_before_call = false} : (memref<f32>) -> ()
  test.call_and_store @callee(), %m {store_before_call = false} : (memref<f32>) -> ()
  "test.sink"(%1#0, %1#1) : (i32, f32) -> ()
  return {tag = "return"} %m : memref<f32>
}

func.func private @callee(i32) -> i32

// CHECK-LABEL: func.func @cfg
func.func @cfg(%i: index, %c: i1) {
  // CHECK: "test.br"(%arg0)[^bb1] : (index) -> ()
  "test.br"(%i)[^bb1] : (index) -> ()
// CHECK: ^bb1(%0: index):  // pred: ^bb0
^bb1(%x: index):
  // CHECK: test.graph_region {
  // CHECK-NEXT: %1 = "test.use"(%2) : (i32) -> i32
  // CHECK-NEXT: %2 = "test.use"(%1) : (i32) -> i32
  test.graph_region {
    %a = "test.use"(%b) : (i32) -> i32
    %b = "test.use"(%a) : (i32) -> i32
  }
  // CHECK: test.graph_region attributes {x} {
  test.graph_region attributes {x} {
  }
  // CHECK: "test.ssacfg_region"(%0) ({
  "test.ssacfg_region"(%x) ({
    "test.finish"() : () -> ()
  }, {
  ^bb0(%y: index):
    "test.finish"() : () -> ()
  }) : (index) -> ()
  "test.finish"() : () -> ()
}

// CHECK: "test.symbol_scope"() ({
// CHECK-NEXT: "test.symbol"() <{sym_name = "s", sym_visibility = "private"}> : () -> ()
"test.symbol_scope"() ({
  "test.symbol"() {sym_name = "s", sym_visibility = "private"} : () -> ()
  func.func @inner(%a: i32) -> i32 {
    // CHECK: %0 = test.call @inner(%arg0) : (i32) -> i32
    %0 = test.call @inner(%a) : (i32) -> i32
    // CHECK: %1 = "test.constant"() <{value = 42 : i32}> : () -> i32
    %1 = "test.constant"() {value = 42 : i32} : () -> i32
    "test.sink"(%1) : (i32) -> ()
    return %0 : i32
  }
  "test.finish"() : () -> ()
}) : () -> ()
