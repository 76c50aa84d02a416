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
