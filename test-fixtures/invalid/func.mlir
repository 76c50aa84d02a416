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

// -----

// The name comes from the syntax; the dictionary may not restate it.
// expected-error @+1 {{'sym_name' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func private @named() attributes {sym_name = "other"}

// -----

// `{}` would print as a declaration.
// expected-error @+1 {{expected non-empty function body}}
func.func @hollow() {}

// -----

// expected-error @+1 {{expected type instead of SSA identifier}}
func.func @half_named(i8, %b: i8) {
  return
}

// -----

// expected-error @+1 {{symbol declaration cannot have public visibility}}
func.func @decl_public(i64)

// -----

// expected-error @+1 {{arguments may only have dialect attributes}}
func.func private @plain_arg_attr(f16 {undotted = 3 : i8})

// -----

// expected-error @+1 {{results may only have dialect attributes}}
func.func private @plain_res_attr() -> (index {undotted})

// -----

// expected-error @+1 {{expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1}}
func.func private @arg_attrs_count(i1) attributes {arg_attrs = [{}, {}]}

// -----

func.func @inner_host() {
  // expected-error @+1 {{symbol's parent must have the SymbolTable trait}}
  func.func private @inner()
  return
}

// -----

func.func private @two_results() -> (i16, f16)

func.func @calls_it() {
  // expected-error @+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note @+2 {{op result types: 'f16', 'i16'}}
  // expected-note @+1 {{function result types: 'i16', 'f16'}}
  %r:2 = func.call @two_results() : () -> (f16, i16)
  return
}

// -----

func.func @takes_ref() {
  // expected-error @+1 {{'func.constant' op reference to undefined function 'nowhere'}}
  %f = func.constant @nowhere : () -> ()
  return
}

// -----

func.func @self_ref(%a: i8) {
  // expected-error @+1 {{'func.constant' op reference to function with mismatched type}}
  %f = func.constant @self_ref : (i16) -> ()
  return
}

// -----

func.func @kind_of_callee() {
  // expected-error @+1 {{invalid kind of attribute specified}}
  %f = func.constant "s" : () -> ()
  return
}

// -----

// expected-note @+1 {{see existing symbol definition here}}
func.func private @twice()
// expected-error @+1 {{redefinition of symbol named 'twice'}}
func.func private @twice()

// -----

func.func @builtin_op_needs_its_prefix_here() {
  // expected-error @+1 {{custom op 'unrealized_conversion_cast' is unknown (tried 'func.unrealized_conversion_cast' as well)}}
  %0 = unrealized_conversion_cast to i8
  return
}

// -----

// An op of an unknown dialect with one region may be a symbol table: lookups stop there.
func.func private @g()
func.func @lookup_stops_at_unknown_op() {
  "acme.wrap"() ({
    // expected-error @+1 {{'func.call' op 'g' does not reference a valid function}}
    func.call @g() : () -> ()
    "acme.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A use its definition does not dominate gets a note on where the operand is defined.
func.func @use_before_def_same_block() {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  "acme.use"(%v) : (i64) -> ()
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %v = "acme.def"() : () -> i64
  return
}

// -----

func.func @use_in_other_branch(%c: i1) {
  cf.cond_br %c, ^a, ^b
^a:
  // expected-note @+1 {{operand defined here (op in the same region)}}
  %v = "acme.def"() : () -> i64
  cf.br ^c
^b:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  "acme.use"(%v) : (i64) -> ()
  cf.br ^c
^c:
  return
}

// -----

// expected-note @+1 {{operand defined as a block argument (block #1 in the same region)}}
func.func @use_of_other_block_argument(%c: i1) {
  cf.cond_br %c, ^a(%c : i1), ^b
^a(%x: i1):
  cf.br ^b
^b:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  "acme.use"(%x) : (i1) -> ()
  return
}
