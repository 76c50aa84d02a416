// RUN: lifeline-opt %s --allow-unregistered-dialect --canonicalize --split-input-file > %t.ours && mlir-opt-19 %t.ours --allow-unregistered-dialect --split-input-file > %t.norm && mlir-opt-19 %s --allow-unregistered-dialect --canonicalize --split-input-file > %t.ref && diff %t.ref %t.norm

// scf.while RemoveLoopInvariantArgsFromBeforeBlock: %b is yielded back as its
// own init, %a comes back through the after argument that forwards it.
func.func @invariant_before_args(%a: i32, %b: i32, %n: i32) -> (i32, i32, i32) {
  %0:3 = scf.while (%x = %a, %y = %b, %i = %n) : (i32, i32, i32) -> (i32, i32, i32) {
    %c = arith.cmpi slt, %i, %x : i32
    "test.use"(%y) : (i32) -> ()
    scf.condition(%c) %x, %y, %i : i32, i32, i32
  } do {
  ^bb0(%x1: i32, %y1: i32, %i1: i32):
    %j = arith.addi %i1, %y1 : i32
    scf.yield %x1, %b, %j : i32, i32, i32
  }
  return %0#0, %0#1, %0#2 : i32, i32, i32
}

// -----

// RemoveLoopInvariantValueYielded: the condition forwards a value defined
// outside the before block; the after argument and the result become it.
func.func @invariant_value_yielded(%a: i32, %k: i32) -> (i32, i32) {
  %0:2 = scf.while (%x = %a) : (i32) -> (i32, i32) {
    %c = arith.cmpi slt, %x, %k : i32
    scf.condition(%c) %x, %k : i32, i32
  } do {
  ^bb0(%x1: i32, %k1: i32):
    %y = arith.addi %x1, %k1 : i32
    scf.yield %y : i32
  }
  return %0#0, %0#1 : i32, i32
}

// -----

// WhileConditionTruth: the forwarded condition is true in the after region.
func.func @condition_truth(%a: i32, %k: i32) -> i32 {
  %0:2 = scf.while (%x = %a) : (i32) -> (i1, i32) {
    %c = arith.cmpi slt, %x, %k : i32
    scf.condition(%c) %c, %x : i1, i32
  } do {
  ^bb0(%c1: i1, %x1: i32):
    "test.use"(%c1) : (i1) -> ()
    %y = arith.addi %x1, %x1 : i32
    scf.yield %y : i32
  }
  return %0#1 : i32
}

// -----

// WhileCmpCond: compares in the after region equal to the condition are true,
// those with the inverse predicate false, others stay.
func.func @cmp_cond(%a: i32, %k: i32) -> i32 {
  %0 = scf.while (%x = %a) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %k : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%x1: i32):
    %same = arith.cmpi slt, %x1, %k : i32
    %inv = arith.cmpi sge, %x1, %k : i32
    %other = arith.cmpi eq, %x1, %k : i32
    %swapped = arith.cmpi sgt, %k, %x1 : i32
    "test.use"(%same, %inv, %other, %swapped) : (i1, i1, i1, i1) -> ()
    %y = arith.addi %x1, %x1 : i32
    scf.yield %y : i32
  }
  return %0 : i32
}

// -----

// WhileUnusedResult, WhileRemoveDuplicatedResults, WhileRemoveUnusedArgs,
// WhileOpAlignBeforeArgs; a dead memref iter_arg and its allocation go.
func.func @unused_and_duplicated(%a: i32, %b: i32, %k: i32, %m: memref<4xi32>) -> (i32, i32, i32) {
  %0:4 = scf.while (%x = %a, %y = %b, %u = %a, %mm = %m) : (i32, i32, i32, memref<4xi32>) -> (i32, i32, i32, memref<4xi32>) {
    %c = arith.cmpi slt, %x, %y : i32
    scf.condition(%c) %y, %x, %x, %mm : i32, i32, i32, memref<4xi32>
  } do {
  ^bb0(%y1: i32, %x1: i32, %x2: i32, %mm1: memref<4xi32>):
    %s = arith.addi %x1, %k : i32
    %t = arith.addi %y1, %x2 : i32
    %n = memref.alloc() : memref<4xi32>
    scf.yield %s, %t, %s, %n : i32, i32, i32, memref<4xi32>
  }
  return %0#0, %0#1, %0#2 : i32, i32, i32
}

// -----

// Region DCE: unused arguments of cf successors and the operands forwarded to
// them go (only a non-branch terminator keeps its successors' arguments), in
// cf.switch cases too.
func.func @dead_successor_args(%c: i1, %f: i32, %a: i32, %m: memref<4xi32>) -> i32 {
  cf.cond_br %c, ^bb1(%m, %a : memref<4xi32>, i32), ^bb2(%m, %a : memref<4xi32>, i32)
^bb1(%m1: memref<4xi32>, %a1: i32):
  cf.switch %f : i32, [
    default: ^bb3(%a1, %m1 : i32, memref<4xi32>),
    1: ^bb3(%a, %m : i32, memref<4xi32>),
    2: ^bb4(%m1, %a1 : memref<4xi32>, i32)
  ]
^bb2(%m2: memref<4xi32>, %a2: i32):
  "test.use"(%a2) : (i32) -> ()
  cf.br ^bb3(%a2, %m2 : i32, memref<4xi32>)
^bb3(%r: i32, %m3: memref<4xi32>):
  return %r : i32
^bb4(%m4: memref<4xi32>, %a4: i32):
  return %a4 : i32
}

// -----

// WhileConditionTruth then WhileCmpCond on one loop: both make their constants
// before the loop (MLIR's replaceOpWithNewOp builds at the root op), which
// decides the order of the hoisted constants.
func.func @truth_and_cmp(%a: i32, %k: i32) -> i32 {
  %0:2 = scf.while (%x = %a) : (i32) -> (i1, i32) {
    %c = arith.cmpi slt, %x, %k : i32
    scf.condition(%c) %c, %x : i1, i32
  } do {
  ^bb0(%c1: i1, %x1: i32):
    %same = arith.cmpi slt, %x1, %k : i32
    %other = arith.cmpi eq, %x1, %k : i32
    %inv = arith.cmpi sge, %x1, %k : i32
    "test.use"(%c1, %same, %inv, %other) : (i1, i1, i1, i1) -> ()
    %y = arith.addi %x1, %x1 : i32
    scf.yield %y : i32
  }
  return %0#1 : i32
}
