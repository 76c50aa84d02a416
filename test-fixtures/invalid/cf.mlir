// RUN: lifeline-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: mlir-opt-19 %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: not lifeline-opt %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ours; not mlir-opt-19 %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ref; diff %t.ref %t.ours

func.func @too_many_operands(%a: i32) {
  // expected-error @+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^bb1(%a : i32)
^bb1:
  return
}

// -----

func.func @arg_type_mismatch(%a: i32) {
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%a : i32)
^bb1(%x: f32):
  return
}

// -----

func.func @cond_br_false_dest(%a: i32, %c: i1) {
  // expected-error @+1 {{branch has 0 operands for successor #1, but target block has 1}}
  cf.cond_br %c, ^bb1(%a : i32), ^bb1
^bb1(%x: i32):
  return
}

// -----

func.func @cond_br_condition_type(%c: i32) {
  // expected-error @+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_flag_type(%a: f32) {
  // expected-error @+1 {{custom op 'cf.switch' invalid kind of type specified}}
  cf.switch %a : f32, [ default: ^bb1 ]
^bb1:
  return
}

// -----

func.func @switch_case_operands(%a: i32) {
  // expected-error @+1 {{branch has 1 operands for successor #2, but target block has 0}}
  cf.switch %a : i32, [
    default: ^bb1,
    1: ^bb1,
    2: ^bb1(%a : i32)
  ]
^bb1:
  return
}

// -----

func.func @switch_case_count(%a: i32) {
  // expected-error @+1 {{'cf.switch' op number of case values (1) should match number of case destinations (2)}}
  "cf.switch"(%a)[^bb1, ^bb1, ^bb1] <{case_operand_segments = array<i32: 0, 0>, case_values = dense<[1]> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

// A splat stands for every case value; they are counted, not listed (2^32 of them here).
func.func @switch_splat_case_count(%a: i32) {
  // expected-error @+1 {{'cf.switch' op number of case values (4294967296) should match number of case destinations (1)}}
  "cf.switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<5> : vector<4294967296xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_case_type(%a: i32) {
  // expected-error @+1 {{'cf.switch' op 'flag' type ('i32') should match case value type ('i64')}}
  "cf.switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1]> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @assert_type(%a: i32) {
  // expected-error @+1 {{'cf.assert' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.assert"(%a) <{msg = "x"}> : (i32) -> ()
  return
}

// -----

func.func @assert_msg(%a: i1) {
  // expected-error @+1 {{'cf.assert' op requires attribute 'msg'}}
  "cf.assert"(%a) : (i1) -> ()
  return
}

// -----

func.func @br_not_last(%a: i1) {
  // expected-error @+1 {{operation with block successors must terminate its parent block}}
  cf.br ^bb1
  "test.op"() : () -> ()
^bb1:
  return
}

// -----

func.func @switch_case_past_64_bits(%x: i128) {
  cf.switch %x : i128, [
    default: ^bb1,
    // expected-error @+1 {{custom op 'cf.switch' integer value too large}}
    36893488147419103232: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @switch_case_long_negative(%x: i64) {
  cf.switch %x : i64, [
    default: ^bb1,
    // expected-error @+1 {{custom op 'cf.switch' integer value too large}}
    -12345678901234567: ^bb1
  ]
^bb1:
  return
}

// -----

// A missing punctuation mark is reported just after the previous token, here at the end of the
// line (MLIR's emitWrongTokenError), and an operand list needs its types even when empty.
func.func @branch_operands_cut_off() {
  cf.br ^next( // expected-error {{expected ':'}}
^next:
  return
}
