// RUN: lifeline-opt %s --allow-unregistered-dialect --canonicalize --split-input-file > %t.ours && mlir-opt-19 %t.ours --allow-unregistered-dialect --split-input-file > %t.norm && mlir-opt-19 %s --allow-unregistered-dialect --canonicalize --split-input-file > %t.ref && diff %t.ref %t.norm

// The greedy driver's later iterations over a module: nothing below matches a
// pattern or folds on the first one.
//
// In @dead_cycle, region simplification erases the add, which only feeds its own
// loop's block argument: an erased op, so the driver iterates again.
//
// In @after_region_dce, ^bb1 has a second predecessor, so the cond_br's identical
// successors with different operands stay. Region simplification erases ^bb1's
// unused argument and the operands forwarded into it, which changes no op (and
// alone would not make another iteration), but leaves the cond_br with equal
// operands, so the iteration @dead_cycle asked for makes it a cf.br.
func.func @dead_cycle(%c: i1, %v: i32) {
  cf.br ^bb1(%v : i32)
^bb1(%a: i32):
  %b = arith.addi %a, %a : i32
  "test.use"(%c) : (i1) -> ()
  cf.cond_br %c, ^bb1(%b : i32), ^bb2
^bb2:
  return
}

func.func @after_region_dce(%c: i1, %d: i1, %x: i32, %y: i32) {
  cf.cond_br %d, ^bb2, ^bb3
^bb2:
  cf.cond_br %c, ^bb1(%x : i32), ^bb1(%y : i32)
^bb3:
  "test.use"(%x) : (i32) -> ()
  cf.br ^bb1(%y : i32)
^bb1(%a: i32):
  "test.use"(%d) : (i1) -> ()
  return
}

// -----

// Region simplification that erased something is run again even when nothing else
// changed. ^bb1's loop is dead (its result only goes to an unused argument of ^bb2),
// but its scf.yield, a terminator, counts as live inside it, so the first run erases
// the loop and %b and keeps %a; only the next run, on an iteration with no rewrite,
// erases %a.
func.func @dead_loop_keeps_arg(%c: i1, %m: memref<8xi64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.cond_br %c, ^bb1(%m, %m : memref<8xi64>, memref<8xi64>), ^bb2(%m : memref<8xi64>)
^bb1(%a: memref<8xi64>, %b: memref<8xi64>):
  "test.use"(%n) : (index) -> ()
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %b) -> (memref<8xi64>) {
    scf.yield %a : memref<8xi64>
  }
  cf.br ^bb2(%r : memref<8xi64>)
^bb2(%d: memref<8xi64>):
  "test.use"(%c) : (i1) -> ()
  return
}
