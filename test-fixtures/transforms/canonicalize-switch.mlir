// RUN: lifeline-opt %s --allow-unregistered-dialect --canonicalize --split-input-file > %t.ours && mlir-opt-19 %t.ours --allow-unregistered-dialect --split-input-file > %t.norm && mlir-opt-19 %s --allow-unregistered-dialect --canonicalize --split-input-file > %t.ref && diff %t.ref %t.norm
// RUN: lifeline-opt %s --allow-unregistered-dialect --canonicalize --split-input-file | mlir-opt-19 --allow-unregistered-dialect --split-input-file --mlir-print-op-generic > %t.gours && mlir-opt-19 %s --allow-unregistered-dialect --canonicalize --split-input-file --mlir-print-op-generic > %t.gref && diff %t.gref %t.gours

// cf.switch canonicalizations: a switch with only a default; cases that go where the
// default goes with the same operands (a case value written negative); a constant
// flag (-1 as i32 matches the case 4294967295); pass-through successors; a switch
// entered from a case or from the default of a switch on the same flag.

func.func @only_default(%f: i32, %a: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32)
  ]
^bb1(%x: i32):
  return %x : i32
}

// -----

func.func @drop_matching_default(%f: i32, %a: i32, %b: i32) {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    -1: ^bb1(%a : i32),
    2: ^bb1(%b : i32),
    7: ^bb2
  ] {tag = "s"}
^bb1(%x: i32):
  "test.use"(%x) : (i32) -> ()
  return
^bb2:
  "test.use"(%f) : (i32) -> ()
  return
}

// -----

func.func @const_flag(%a: i32, %b: i32) {
  %c = arith.constant -1 : i32
  %d = arith.constant 5 : i32
  cf.switch %c : i32, [
    default: ^bb1(%a : i32),
    4294967295: ^bb2(%b : i32),
    3: ^bb1(%b : i32)
  ]
^bb1(%x: i32):
  "test.use"(%x) : (i32) -> ()
  cf.switch %d : i32, [
    default: ^bb3,
    4: ^bb2(%a : i32)
  ]
^bb2(%y: i32):
  "test.use"(%y) : (i32) -> ()
  return
^bb3:
  return
}

// -----

func.func @pass_through(%f: i8, %a: i32, %b: i32) {
  cf.switch %f : i8, [
    default: ^bb1(%a : i32),
    1: ^bb2(%b : i32),
    2: ^bb3
  ]
^bb1(%x: i32):
  cf.br ^bb3
^bb2(%y: i32):
  cf.br ^bb4(%y : i32)
^bb3:
  "test.use"(%a) : (i32) -> ()
  return
^bb4(%z: i32):
  "test.use"(%z) : (i32) -> ()
  return
}

// -----

func.func @same_condition(%f: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    42: ^bb2,
    43: ^bb3
  ]
^bb1:
  "test.use"(%f) : (i32) -> ()
  cf.switch %f : i32, [
    default: ^bb4,
    42: ^bb5,
    44: ^bb6
  ]
^bb2:
  "test.use"(%f) : (i32) -> ()
  cf.switch %f : i32, [
    default: ^bb4,
    42: ^bb5,
    44: ^bb6
  ]
^bb3:
  "test.use"(%f) : (i32) -> ()
  cf.switch %f : i32, [
    default: ^bb4,
    42: ^bb5
  ]
^bb4:
  "test.op"() : () -> ()
  return
^bb5:
  "test.op2"() : () -> ()
  return
^bb6:
  "test.op3"() : () -> ()
  return
}
