// RUN: lifeline-opt %s --allow-unregistered-dialect --canonicalize --split-input-file > %t.ours && mlir-opt-19 %t.ours --allow-unregistered-dialect --split-input-file > %t.norm && mlir-opt-19 %s --allow-unregistered-dialect --canonicalize --split-input-file > %t.ref && diff %t.ref %t.norm

// cf.br: a destination with one predecessor is merged; a pass-through block
// (only a cf.br, arguments used only there) is skipped.
func.func @br(%a: i32, %b: i32, %c: i1) -> i32 {
  "test.use"(%c) : (i1) -> ()
  cf.cond_br %c, ^bb1, ^bb4
^bb1:
  "test.use"(%a) : (i32) -> ()
  cf.br ^bb2(%a : i32)
^bb2(%x: i32):
  "test.use"(%x) : (i32) -> ()
  cf.br ^bb3(%x, %b : i32, i32)
^bb3(%y: i32, %z: i32):
  cf.br ^bb5(%z, %y : i32, i32)
^bb4:
  "test.use"(%b) : (i32) -> ()
  cf.br ^bb3(%b, %a : i32, i32)
^bb5(%r: i32, %s: i32):
  "test.use"(%s) : (i32) -> ()
  return %r : i32
}

// -----

// cf.cond_br: a constant condition, pass-through successors, identical
// successors (equal operands: cf.br; different ones: arith.select), a nested
// branch on the same condition, and truth propagation into single-predecessor
// successors.
func.func @cond_br(%c: i1, %d: i1, %a: i32, %b: i32) -> i32 {
  %t = arith.constant true
  cf.cond_br %t, ^bb1, ^bb9
^bb1:
  "test.use"(%a) : (i32) -> ()
  cf.cond_br %c, ^bb2(%a : i32), ^bb3
^bb2(%p: i32):
  cf.br ^bb4(%p : i32)
^bb3:
  "test.use"(%c) : (i1) -> ()
  cf.cond_br %d, ^bb4(%a : i32), ^bb4(%b : i32)
^bb4(%q: i32):
  "test.use"(%q) : (i32) -> ()
  cf.cond_br %d, ^bb5, ^bb6
^bb5:
  "test.use"(%d) : (i1) -> ()
  cf.cond_br %d, ^bb7, ^bb8
^bb6:
  "test.use"(%d) : (i1) -> ()
  cf.cond_br %c, ^bb7, ^bb7
^bb7:
  "test.use"(%b) : (i32) -> ()
  return %q : i32
^bb8:
  return %a : i32
^bb9:
  return %b : i32
}

// -----

// Identical successors whose only predecessor is this block: differing
// operands become arith.select.
func.func @identical_select(%c: i1, %a: i32, %b: i32) -> i32 {
  "test.use"(%a) : (i32) -> ()
  cf.cond_br %c, ^bb1(%a, %b : i32, i32), ^bb1(%b, %b : i32, i32)
^bb1(%x: i32, %y: i32):
  "test.use"(%y) : (i32) -> ()
  return %x : i32
}
