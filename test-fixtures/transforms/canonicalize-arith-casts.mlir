// RUN: lifeline-opt %s --canonicalize --split-input-file > %t.ours && mlir-opt-19 %s --canonicalize --split-input-file > %t.ref && diff %t.ref %t.ours

// Chains of arith casts shorten under canonicalize: the folds MLIR makes in
// place (ext of the same ext, trunci of trunci, trunci of an ext from a wider
// value, identity bitcast) and the cast patterns of ArithCanonicalization.td.

func.func @narrow_then_narrow(%w: i64) -> i8 {
  %a = arith.trunci %w : i64 to i32
  %b = arith.trunci %a : i32 to i8
  return %b : i8
}

// -----

func.func @widen_twice(%x: i4, %y: i4) -> (i32, i32) {
  %a = arith.extui %x : i4 to i8
  %b = arith.extui %a : i8 to i32
  %c = arith.extsi %y : i4 to i16
  %d = arith.extsi %c : i16 to i32
  return %b, %d : i32, i32
}

// -----

// Truncating an extension: below the source width it truncates the source,
// above it it is a shorter extension of the source.
func.func @trunc_of_ext(%x: i32, %y: i8, %z: i8) -> (i16, i16, i16) {
  %e = arith.extsi %x : i32 to i64
  %t = arith.trunci %e : i64 to i16
  %f = arith.extui %y : i8 to i64
  %u = arith.trunci %f : i64 to i16
  %g = arith.extsi %z : i8 to i64
  %v = arith.trunci %g : i64 to i16
  return %t, %u, %v : i16, i16, i16
}

// -----

func.func @sign_of_zero_extended(%x: i8) -> i64 {
  %a = arith.extui %x : i8 to i32
  %b = arith.extsi %a : i32 to i64
  return %b : i64
}

// -----

// Reinterpreting the bits twice, back to the start type, is the value itself.
func.func @bits_round_trip(%h: i16, %v: vector<2xi32>) -> (i16, vector<2xf32>) {
  %a = arith.bitcast %h : i16 to f16
  %b = arith.bitcast %a : f16 to bf16
  %c = arith.bitcast %b : bf16 to i16
  %d = arith.bitcast %v : vector<2xi32> to vector<2xf32>
  %e = arith.bitcast %d : vector<2xf32> to vector<2xi32>
  %f = arith.bitcast %e : vector<2xi32> to vector<2xf32>
  return %c, %f : i16, vector<2xf32>
}

// -----

// Bitwise and/or of two like extensions of one type happen before the extension.
func.func @logic_before_widening(%a: i8, %b: i8, %c: i8, %d: i8) -> (i64, i64, i32) {
  %ea = arith.extui %a : i8 to i64
  %eb = arith.extui %b : i8 to i64
  %and = arith.andi %ea, %eb : i64
  %ec = arith.extsi %c : i8 to i64
  %ed = arith.extsi %d : i8 to i64
  %or = arith.ori %ec, %ed : i64
  %mixed_a = arith.extsi %a : i8 to i32
  %mixed_b = arith.extui %b : i8 to i32
  %no = arith.andi %mixed_a, %mixed_b : i32
  return %and, %or, %no : i64, i64, i32
}

// -----

func.func @index_of_extension(%s: i8, %u: i8, %i: index) -> (index, index, index, index) {
  %es = arith.extsi %s : i8 to i32
  %is = arith.index_cast %es : i32 to index
  %eu = arith.extui %u : i8 to i32
  %iu = arith.index_castui %eu : i32 to index
  %n = arith.index_cast %i : index to i64
  %back = arith.index_cast %n : i64 to index
  %m = arith.index_castui %i : index to i32
  %back2 = arith.index_castui %m : i32 to index
  return %is, %iu, %back, %back2 : index, index, index, index
}
