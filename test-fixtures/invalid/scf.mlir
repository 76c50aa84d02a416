// RUN: lifeline-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: mlir-opt-19 %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: not lifeline-opt %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ours; not mlir-opt-19 %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ref; diff %t.ref %t.ours

func.func @if_without_else(%c: i1, %a: i32) -> i32 {
  // expected-error @+1 {{'scf.if' op must have an else block if defining values}}
  %r = "scf.if"(%c) ({
    scf.yield %a : i32
  }, {
  }) : (i1) -> i32
  return %r : i32
}

// -----

func.func @if_yield_type(%c: i1, %a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{'scf.if' op  along control flow edge from Region #1 to parent results: source type #0 'i64' should match input type #0 'i32'}}
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %b : i64
  }
  return %r : i32
}

// -----

func.func @if_yield_count(%c: i1, %a: i32) -> i32 {
  // expected-error @+1 {{'scf.if' op  region control flow edge from Region #0 to parent results: source has 2 operands, but target successor needs 1}}
  %r = scf.if %c -> (i32) {
    scf.yield %a, %a : i32, i32
  } else {
    scf.yield %a : i32
  }
  return %r : i32
}

// -----

func.func @if_condition_type(%c: i32) {
  // expected-error @+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "scf.if"(%c) ({
    scf.yield
  }, {
  }) : (i32) -> ()
  return
}

// -----

func.func @if_two_blocks(%c: i1) {
  // expected-error @+1 {{'scf.if' op expects region #0 to have 0 or 1 blocks}}
  "scf.if"(%c) ({
    cf.br ^bb1
  ^bb1:
    scf.yield
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @for_yield_type(%lb: index, %a: i32, %f: f32) {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'i32' != 'f32'}}
  %r = scf.for %i = %lb to %lb step %lb iter_args(%x = %a) -> (i32) {
    scf.yield %f : f32
  }
  return
}

// -----

func.func @for_result_type(%lb: index, %a: i32) {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'i32' != 'f32'}}
  %r = "scf.for"(%lb, %lb, %lb, %a) ({
  ^bb0(%i: index, %x: i32):
    scf.yield %x : i32
  }) : (index, index, index, i32) -> f32
  return
}

// -----

func.func @for_induction_var(%lb: index) {
  // expected-error @+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%i: i32):
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_bound_types(%lb: index, %a: i32) {
  // expected-error @+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%lb, %a, %lb) ({
  ^bb0(%i: index):
    scf.yield
  }) : (index, i32, index) -> ()
  return
}

// -----

func.func @for_float_bounds(%lb: f32) {
  // expected-error @+1 {{'scf.for' op operand #0 must be signless integer or index, but got 'f32'}}
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%i: f32):
    scf.yield
  }) : (f32, f32, f32) -> ()
  return
}

// -----

func.func @for_result_count(%lb: index, %a: i32) {
  // expected-error @+1 {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  "scf.for"(%lb, %lb, %lb, %a) ({
  ^bb0(%i: index, %x: i32):
    scf.yield %x : i32
  }) : (index, index, index, i32) -> ()
  return
}

// -----

func.func @for_terminator(%lb: index) {
  // expected-error @+2 {{'scf.for' op expects regions to end with 'scf.yield', found 'test.op'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%i: index):
    "test.op"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_parse_count(%lb: index, %a: i32) {
  // expected-error @+1 {{custom op 'scf.for' mismatch in number of loop-carried values and defined values}}
  %r:2 = scf.for %i = %lb to %lb step %lb iter_args(%x = %a) -> (i32, i32) {
    scf.yield %x, %x : i32, i32
  }
  return
}

// -----

func.func @while_before_terminator(%a: i32) {
  // expected-error @+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  %r = "scf.while"(%a) ({
  ^bb0(%x: i32):
    // expected-note @+1 {{terminator here}}
    scf.yield %x : i32
  }, {
  ^bb0(%x: i32):
    scf.yield %x : i32
  }) : (i32) -> i32
  return
}

// -----

func.func @while_after_types(%a: i32, %c: i1, %f: f32) {
  // expected-error @+1 {{'scf.while' op  along control flow edge from Region #1 to Region #0: source type #0 'f32' should match input type #0 'i32'}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %f : f32
  }
  return
}

// -----

func.func @while_result_types(%a: i32, %c: i1) {
  // expected-error @+1 {{'scf.while' op  along control flow edge from Region #0 to parent results: source type #0 'i32' should match input type #0 'f32'}}
  %r = scf.while (%x = %a) : (i32) -> f32 {
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return
}

// -----

func.func @while_input_count(%a: i32) {
  // expected-error @+1 {{custom op 'scf.while' expected as many input types as operands (expected 1 got 2)}}
  %r = scf.while (%x = %a) : (i32, i32) -> f32 {
  } do {
  }
  return
}

// -----

func.func @condition_parent(%c: i1) {
  // expected-error @+1 {{'scf.condition' op expects parent op 'scf.while'}}
  scf.condition(%c)
}

// -----

func.func @yield_parent() {
  // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield
}

// -----

func.func @execute_region_args(%a: i32) {
  // expected-error @+1 {{'scf.execute_region' op region cannot have any arguments}}
  "scf.execute_region"() ({
  ^bb0(%x: i32):
    scf.yield
  }) : () -> ()
  return
}

// -----

func.func @execute_region_empty() {
  // expected-error @+1 {{'scf.execute_region' op region needs to have at least one block}}
  "scf.execute_region"() ({
  }) : () -> ()
  return
}

// -----

func.func @execute_region_yields(%a: i32, %b: i64, %c: i1) {
  // expected-error @+1 {{'scf.execute_region' op  along control flow edgefrom Region #0 to parent results operands mismatch between return-like terminators}}
  %r = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %a : i32
  ^bb2:
    scf.yield %b : i64
  }
  return
}

// -----

func.func @switch_duplicate(%i: index) {
  // expected-error @+1 {{'scf.index_switch' op has duplicate case value: 1}}
  scf.index_switch %i
  case 1 {
    scf.yield
  }
  case 1 {
    scf.yield
  }
  default {
  }
  return
}

// -----

func.func @switch_case_count(%i: index) {
  // expected-error @+1 {{'scf.index_switch' op has 1 case regions but 2 case values}}
  "scf.index_switch"(%i) <{cases = array<i64: 1, 2>}> ({
    scf.yield
  }, {
    scf.yield
  }) : (index) -> ()
  return
}

// -----

func.func @switch_yield_count(%i: index, %a: i32) -> i32 {
  // expected-error @+1 {{'scf.index_switch' op expected each region to return 1 values, but case region #0 returns 0}}
  %r = scf.index_switch %i -> i32
  case 1 {
    // expected-note @+1 {{see yield operation here}}
    scf.yield
  }
  default {
    scf.yield %a : i32
  }
  return %r : i32
}

// -----

func.func @switch_yield_type(%i: index, %a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{'scf.index_switch' op expected result #0 of each region to be 'i32'}}
  %r = scf.index_switch %i -> i32
  case 1 {
    // expected-note @+1 {{case region #0 returns 'i64' here}}
    scf.yield %b : i64
  }
  default {
    scf.yield %a : i32
  }
  return %r : i32
}

// -----

func.func @switch_terminator(%i: index) {
  // expected-error @+1 {{'scf.index_switch' op expected region to end with scf.yield, but got test.op}}
  scf.index_switch %i
  case 1 {
    "test.op"() : () -> ()
  }
  default {
  }
  return
}

// -----

func.func @switch_arg_type(%i: i32) {
  // expected-error @+1 {{'scf.index_switch' op operand #0 must be index, but got 'i32'}}
  "scf.index_switch"(%i) <{cases = array<i64>}> ({
    scf.yield
  }) : (i32) -> ()
  return
}

// -----

func.func @parallel_ivs(%lb: index) {
  // expected-error @+1 {{'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1}}
  "scf.parallel"(%lb, %lb, %lb) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index, %j: index):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @parallel_no_bounds() {
  // expected-error @+1 {{'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step}}
  "scf.parallel"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
  ^bb0:
    scf.reduce
  }) : () -> ()
  return
}

// -----

func.func @parallel_zero_step(%lb: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%lb) to (%lb) step (%c0) {
  }
  return
}

// -----

func.func @parallel_reductions(%lb: index, %f: f32) {
  // expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%f) -> f32 {
    scf.reduce
  }
  return
}

// -----

func.func @parallel_inits(%lb: index, %f: f32) {
  // expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of initial values: 0}}
  %r = "scf.parallel"(%lb, %lb, %lb) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    scf.reduce(%f : f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }
  }) : (index, index, index) -> f32
  return
}

// -----

func.func @parallel_terminator(%lb: index) {
  // expected-error @+1 {{'scf.parallel' op expects body to terminate with 'scf.reduce'}}
  "scf.parallel"(%lb, %lb, %lb) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    // expected-note @+1 {{terminator here}}
    "test.op"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @reduce_operand_type(%lb: index, %f: f32, %g: i32) {
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%f) -> f32 {
    // expected-error @+1 {{'scf.reduce' op expects type of 0-th reduction operand: 'i32' to be the same as the 0-th result type: 'f32'}}
    scf.reduce(%g : i32) {
    ^bb0(%a: i32, %b: i32):
      scf.reduce.return %a : i32
    }
  }
  return
}

// -----

func.func @reduce_block_args(%lb: index, %f: f32) {
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%f) -> f32 {
    // expected-error @+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%f : f32) {
    ^bb0(%a: f32):
      scf.reduce.return %a : f32
    }
  }
  return
}

// -----

func.func @reduce_terminator(%lb: index, %f: f32) {
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%f) -> f32 {
    // expected-error @+1 {{'scf.reduce' op reduction bodies must be terminated with an 'scf.reduce.return' op}}
    scf.reduce(%f : f32) {
    ^bb0(%a: f32, %b: f32):
      "test.op"() : () -> ()
    }
  }
  return
}

// -----

func.func @reduce_return_type(%lb: index, %f: f32, %g: i32) {
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%f) -> f32 {
    scf.reduce(%f : f32) {
    ^bb0(%a: f32, %b: f32):
      // expected-error @+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %g : i32
    }
  }
  return
}

// -----

func.func @reduce_parent(%f: f32) {
  // expected-error @+1 {{'scf.reduce' op expects parent op 'scf.parallel'}}
  scf.reduce(%f : f32) {
  ^bb0(%a: f32, %b: f32):
    scf.reduce.return %a : f32
  }
  return
}

// -----

func.func @forall_results(%t: tensor<4xf32>) {
  // expected-error @+1 {{'scf.forall' op produces 2 results, but has only 1 outputs}}
  %r:2 = "scf.forall"(%t) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index, %o: tensor<4xf32>):
    scf.forall.in_parallel {
    }
  }) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @forall_block_args() {
  // expected-error @+1 {{'scf.forall' op region expects 1 arguments}}
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index, %j: index):
    scf.forall.in_parallel {
    }
  }) : () -> ()
  return
}

// -----

func.func @forall_iv_type() {
  // expected-error @+1 {{'scf.forall' op expects 0-th block argument to be an index}}
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: i32):
    scf.forall.in_parallel {
    }
  }) : () -> ()
  return
}

// -----

func.func @forall_mapping() {
  // expected-error @+1 {{'scf.forall' op mapping attribute size must match op rank}}
  scf.forall (%i) in (4) {
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  return
}

// -----

func.func @forall_dynamic_count(%n: index) {
  // expected-error @+1 {{expected 0 dynamic upper bound values}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index):
    scf.forall.in_parallel {
    }
  }) : (index) -> ()
  return
}

// -----

func.func @forall_output_type(%t: memref<4xf32>) {
  // expected-error @+1 {{'scf.forall' op operand #0 must be variadic of ranked tensor of any type values, but got 'memref<4xf32>'}}
  "scf.forall"(%t) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index, %o: memref<4xf32>):
    scf.forall.in_parallel {
    }
  }) : (memref<4xf32>) -> (memref<4xf32>)
  return
}

// -----

func.func @in_parallel_ops() {
  scf.forall (%i) in (4) {
    // expected-error @+1 {{'scf.forall.in_parallel' op expected only tensor.parallel_insert_slice ops}}
    scf.forall.in_parallel {
      "test.op"() : () -> ()
    }
  }
  return
}

// -----

func.func @in_parallel_parent() {
  // expected-error @+1 {{'scf.forall.in_parallel' op expects parent op 'scf.forall'}}
  scf.forall.in_parallel {
  }
  return
}

// -----

func.func @while_empty_blocks() {
  // expected-error @+1 {{'scf.while' op expects a non-empty block}}
  scf.while : () -> () {
  ^bb0:
  } do {
  ^bb0:
  }
  return
}

// -----

func.func @reduce_empty_body(%lb: index, %ub: index, %init: i32) -> i32 {
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%lb) init (%init) -> i32 {
    %one = arith.constant 1 : i32
    // expected-error @+1 {{empty block: expect at least a terminator}}
    scf.reduce(%one : i32) {
    ^bb0(%a: i32, %b: i32):
    }
  }
  return %r : i32
}

// -----

func.func @for_bound_types_first(%n: i64, %s: index) {
  // expected-error @+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%s, %n, %s) ({}) : (index, i64, index) -> ()
  return
}
