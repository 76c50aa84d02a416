// RUN: lifeline-opt %s --split-input-file --verify-diagnostics
// RUN: mlir-opt-19 %s --split-input-file --verify-diagnostics
// RUN: not lifeline-opt %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ours; not mlir-opt-19 %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ref; diff %t.ref %t.ours

// The test dialect (registered in mlir-opt-19): custom forms of known ops,
// unknown ops accepted generically, verifier errors of known ops.

func.func @f() {
  // expected-error @+1 {{custom op 'test.unknown_op' is unknown}}
  test.unknown_op
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'test.copy' op expected 2 operands, but found 0}}
  "test.copy"() : () -> ()
  return
}

// -----

func.func @f(%t: tensor<2xf32>) {
  // expected-error @+1 {{'test.copy' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<2xf32>'}}
  "test.copy"(%t, %t) : (tensor<2xf32>, tensor<2xf32>) -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'test.region_yield' op requires a single operand}}
  "test.region_yield"() : () -> ()
}

// -----

func.func @f() {
  // expected-error @+1 {{'test.region_if' op expected 3 regions}}
  "test.region_if"() : () -> ()
  return
}

// -----

func.func @f(%m: memref<2xf32>) {
  // expected-error @+1 {{'test.tensor_based' op operand #0 must be ranked tensor of any type values, but got 'memref<2xf32>'}}
  %0 = "test.tensor_based"(%m) : (memref<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'test.side_effect_op' op requires one result}}
  "test.side_effect_op"() : () -> ()
  return
}

// -----

func.func @f(%m: memref<f32>) {
  // expected-error @+1 {{'test.store_with_a_region' op requires attribute 'store_before_region'}}
  "test.store_with_a_region"(%m) ({
    "test.store_with_a_region_terminator"() : () -> ()
  }) : (memref<f32>) -> ()
  return
}

// -----

func.func @f(%i: i64, %x: f32) {
  // expected-error @+1 {{'test.loop_block' op operand #0 must be 32-bit signless integer, but got 'i64'}}
  %0 = "test.loop_block"(%i) ({
  ^bb0(%a: i64):
    "test.foo"() : () -> ()
  }) : (i64) -> f32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'test.symbol' op symbol's parent must have the SymbolTable trait}}
  "test.symbol"() {sym_name = "x"} : () -> ()
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'test.call' op 'missing' does not reference a valid function}}
  %0 = test.call @missing(%a) : (i32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'test.br' op requires 1 successor but found 0}}
  "test.br"(%a) : (i32) -> ()
}
