// RUN: lifeline-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: mlir-opt-19 %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: not lifeline-opt %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ours; not mlir-opt-19 %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ref; diff %t.ref %t.ours

func.func @f() {
  // expected-error @+1 {{'func.call' op 'missing' does not reference a valid function}}
  func.call @missing() : () -> ()
  return
}

// -----

func.func private @g(i32)
func.func @f(%a: i64) {
  // expected-error @+1 {{operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  call @g(%a) : (i64) -> ()
  return
}

// -----

func.func @f(%a: i32) -> i64 {
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f}}
  return %a : i32
}

// -----

func.func @f() {
  // expected-error @+1 {{use of undeclared SSA value name}}
  return %nope : i32
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{custom op 'frobnicate' is unknown (tried 'func.frobnicate' as well)}}
  frobnicate %a : i32
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{'func.return' op has 0 operands, but enclosing function (@f) returns 1}}
  return
}

// -----

func.func @f() {
  cf.br ^bb1
^bb1:
  // expected-note @+1 {{previously defined here}}
  %x = "test.a"() : () -> i32
  // expected-error @+1 {{redefinition of SSA value '%x'}}
  %x = "test.b"() : () -> i32
  return
}

// -----

// expected-error @+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
func.func @types_only_body(f32) {
  return
}

// -----

// An op's own error comes before its block's missing terminator (MLIR checks
// the terminator when it leaves the block).
func.func @no_return(%v: f64) {
  // expected-error @+1 {{'arith.subi' op operand #0 must be signless-integer-like, but got 'f64'}}
  %d = arith.subi %v, %v : f64
}

// -----

// The error is on the last op, which MLIR prints in generic form.
func.func @ends_in_constant() {
  // expected-error @+1 {{block with no terminator, has}}
  %k = arith.constant 7 : i16
}

// -----

// An entry block may not be a branch target.
// expected-error @+1 {{entry block of region may not have predecessors}}
"wrap.op"() ({
^top:
  "wrap.jump"() [^top] : () -> ()
}) : () -> ()
