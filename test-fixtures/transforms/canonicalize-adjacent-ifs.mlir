// RUN: lifeline-opt %s --allow-unregistered-dialect --canonicalize --split-input-file > %t.ours && mlir-opt-19 %s --allow-unregistered-dialect --canonicalize --split-input-file > %t.ref && diff %t.ref %t.ours

// CombineIfs: an scf.if right after another on the same condition (or on its
// negation, then and else swapping) joins it: one if whose branches run the
// first if's branch, then the second's. Inside the joined branches, results of
// the first if become what that branch yielded.

func.func @same_condition(%c: i1, %m: memref<i32>, %a: i32, %b: i32) -> i32 {
  %first = scf.if %c -> i32 {
    memref.store %a, %m[] : memref<i32>
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  %second = scf.if %c -> i32 {
    %x = arith.addi %first, %a : i32
    scf.yield %x : i32
  } else {
    %y = arith.muli %first, %b : i32
    scf.yield %y : i32
  }
  return %second : i32
}

// -----

func.func @negated_condition(%c: i1, %m: memref<i32>, %a: i32) {
  %true = arith.constant true
  %not = arith.xori %c, %true : i1
  scf.if %c {
    "foo.when_true"() : () -> ()
  }
  scf.if %not {
    memref.store %a, %m[] : memref<i32>
  } else {
    "foo.when_true_too"() : () -> ()
  }
  return
}

// -----

// Different conditions: nothing to join.
func.func @other_condition(%c: i1, %d: i1) {
  scf.if %c {
    "foo.one"() : () -> ()
  }
  scf.if %d {
    "foo.two"() : () -> ()
  }
  return
}
