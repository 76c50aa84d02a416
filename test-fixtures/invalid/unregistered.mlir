// RUN: lifeline-opt %s --split-input-file --verify-diagnostics
// RUN: mlir-opt-19 %s --split-input-file --verify-diagnostics
// RUN: not lifeline-opt %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ours; not mlir-opt-19 %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ref; diff %t.ref %t.ours

// Without -allow-unregistered-dialect: ops, types and attributes of unknown
// dialects are errors; unknown ops of known dialects too, unless the dialect
// accepts them (test does).

func.func @f() {
  // expected-error @+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
  "foo.op"() : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{unregistered operation 'func.nope' found in dialect ('func') that does not allow unknown operations}}
  "func.nope"() : () -> ()
  return
}

// -----

// expected-error @+1 {{`!"foo"<"bar<1>">` type created with unregistered dialect.}}
func.func @f(%a: !foo.bar<1>) {
  return
}

// -----

// expected-error @+1 {{`!"foo"<""x"">` type created with unregistered dialect.}}
func.func @f(%a: !foo<"x">) {
  return
}

// -----

// expected-error @+1 {{#"foo"<"bar<1>"> : 'none' attribute created with unregistered dialect.}}
func.func @f() attributes {b = #foo.bar<1>} {
  return
}

// -----

// expected-error @+1 {{#"foo"<"baz"> : 'none' attribute created with unregistered dialect.}}
func.func @f() attributes {b = #foo.baz} {
  return
}

// -----

func.func @f() {
  // Unknown test ops are fine; their custom form is not.
  "test.anything"() : () -> ()
  // expected-error @+1 {{custom op 'test.anything' is unknown}}
  test.anything
}
