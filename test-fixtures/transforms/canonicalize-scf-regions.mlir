// RUN: lifeline-opt %s --allow-unregistered-dialect --canonicalize --split-input-file > %t.ours && mlir-opt-19 %t.ours --allow-unregistered-dialect --split-input-file > %t.norm && mlir-opt-19 %s --allow-unregistered-dialect --canonicalize --split-input-file > %t.ref && diff %t.ref %t.norm

// scf canonicalizations that build new ops. MultiBlockExecuteInliner: a multi-block
// execute_region in a function or in another execute_region becomes blocks of the
// CFG (not one in an scf.for). A new scf.if carries no discardable attributes
// (RemoveUnusedResults, ConvertTrivialIfToSelect); RemoveEmptyElseBranch keeps them.

func.func @multi_block(%c: i1, %a: i32, %b: i32) -> i32 {
  "test.op"() : () -> ()
  %r = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    "test.op1"() : () -> ()
    scf.yield %a : i32
  ^bb2:
    "test.op2"() : () -> ()
    scf.yield %b : i32
  }
  %s = arith.addi %r, %a : i32
  return %s : i32
}

// -----

func.func @nested_in_loop(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.execute_region {
      cf.cond_br %c, ^bb1, ^bb2
    ^bb1:
      "test.op1"() : () -> ()
      scf.yield
    ^bb2:
      scf.yield
    }
  }
  return
}

// -----

func.func @nested_regions(%c: i1) -> i32 {
  %r = scf.execute_region -> i32 {
    %x = scf.execute_region -> i32 {
      cf.cond_br %c, ^bb1, ^bb2
    ^bb1:
      %one = arith.constant 1 : i32
      scf.yield %one : i32
    ^bb2:
      %two = "test.make"() : () -> i32
      scf.yield %two : i32
    }
    "test.use"(%x) : (i32) -> ()
    cf.br ^bb1
  ^bb1:
    scf.yield %x : i32
  }
  return %r : i32
}

// -----

func.func @unused(%c: i1, %a: i32) {
  %r = scf.if %c -> (i32) {
    "test.op"() : () -> ()
    scf.yield %a : i32
  } else {
    "test.op2"() : () -> ()
    scf.yield %a : i32
  } {tag = "u"}
  return
}

// -----

func.func @trivial(%c: i1, %a: i32, %b: i32) -> (i32, i32) {
  %r:2 = scf.if %c -> (i32, i32) {
    %x = "test.make"() : () -> i32
    scf.yield %a, %x : i32, i32
  } else {
    %y = "test.make2"() : () -> i32
    scf.yield %b, %y : i32, i32
  } {tag = "t"}
  return %r#0, %r#1 : i32, i32
}

// -----

func.func @empty_else(%c: i1) {
  scf.if %c {
    "test.op"() : () -> ()
  } else {
  } {tag = "e"}
  return
}
