// Errors at locations without a plain file position are reported as mlir-opt-19's
// SourceMgrDiagnosticHandler reports them: a call site shows its callee's (or else its
// caller's) position and a "called from" note per caller; a location with no position at all
// is `<unknown>:0:` followed by the location itself (none when unknown). With
// --mlir-print-debuginfo, "see current operation" prints the op with its locations.
// RUN: not lifeline-opt %s --split-input-file 2> %t.ours; not mlir-opt-19 %s --split-input-file 2> %t.ref; diff %t.ref %t.ours
// RUN: not lifeline-opt %s --split-input-file --mlir-print-debuginfo 2> %t.ours; not mlir-opt-19 %s --split-input-file --mlir-print-debuginfo 2> %t.ref; diff %t.ref %t.ours

func.func @at_its_position(%p: i1) -> i8 {
  %v = scf.if %p -> i8 {
    %c = arith.constant 1 : i8 loc("one"("inner.c":2:2))
    scf.yield %c, %c : i8, i8
  } else {
    %c = arith.constant 2 : i8
    scf.yield %c : i8
  }
  return %v : i8
}

// -----

func.func @inlined_twice(%p: i1) -> i8 {
  %v = scf.if %p -> i8 {
    %c = arith.constant 1 : i8
    scf.yield %c, %c : i8, i8
  } else {
    %c = arith.constant 2 : i8
    scf.yield %c : i8
  } loc(callsite("kernel.c":10:3 at callsite("driver.c":20:5 at "main.c":30:1)))
  return %v : i8
}

// -----

func.func @callee_without_position(%p: i1) -> i8 {
  %v = scf.if %p -> i8 {
    %c = arith.constant 1 : i8
    scf.yield %c, %c : i8, i8
  } else {
    %c = arith.constant 2 : i8
    scf.yield %c : i8
  } loc(callsite("inlined" at "caller"))
  return %v : i8
}

// -----

func.func @named_only(%p: i1) -> i8 {
  %v = scf.if %p -> i8 {
    %c = arith.constant 1 : i8
    scf.yield %c, %c : i8, i8
  } else {
    %c = arith.constant 2 : i8
    scf.yield %c : i8
  } loc("just a name")
  return %v : i8
}

// -----

func.func @nowhere(%p: i1) -> i8 {
  %v = scf.if %p -> i8 {
    %c = arith.constant 1 : i8
    scf.yield %c, %c : i8, i8
  } else {
    %c = arith.constant 2 : i8
    scf.yield %c : i8
  } loc(unknown)
  return %v : i8
}
