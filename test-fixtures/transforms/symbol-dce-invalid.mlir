// RUN: lifeline-opt %s --allow-unregistered-dialect --symbol-dce --verify-diagnostics

// An unregistered op with one region may be a symbol table nobody can read, so
// its symbol uses are unknown; symbol-dce refuses rather than guess.
module {
  func.func private @maybe_used()
  // expected-error@+1 {{operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses}}
  "foo.opaque_table"() ({
    "foo.use"() {callee = @maybe_used} : () -> ()
  }) : () -> ()
}
