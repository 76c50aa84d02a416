// RUN: lifeline-opt %s --sccp --split-input-file > %t.ours && mlir-opt-19 %s --sccp --split-input-file > %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --sccp --split-input-file | FileCheck %s

// Integer folds of the arith ops through --sccp (APInt semantics).

// Wrap-around at the width: i8 127 + 1 = -128, i8 -128 * -1 = -128, i128 max + 1.
// CHECK-LABEL: func.func @wrap
// CHECK-DAG: arith.constant -128 : i8
// CHECK-DAG: arith.constant -170141183460469231731687303715884105728 : i128
func.func @wrap() -> (i8, i8, i128, index) {
  %a = arith.constant 127 : i8
  %one = arith.constant 1 : i8
  %m1 = arith.constant -1 : i8
  %min = arith.constant -128 : i8
  %0 = arith.addi %a, %one : i8
  %1 = arith.muli %min, %m1 : i8
  %big = arith.constant 170141183460469231731687303715884105727 : i128
  %b1 = arith.constant 1 : i128
  %2 = arith.addi %big, %b1 : i128
  %imax = arith.constant 9223372036854775807 : index
  %i1 = arith.constant 1 : index
  %3 = arith.addi %imax, %i1 : index
  return %0, %1, %2, %3 : i8, i8, i128, index
}

// -----

// Division by zero and signed overflow (MIN / -1) do not fold; the ops stay.
// CHECK-LABEL: func.func @div_no_fold
// CHECK: arith.divui
// CHECK: arith.divsi
// CHECK: arith.remsi
// CHECK: arith.ceildivsi
// CHECK: arith.floordivsi
func.func @div_no_fold() -> (i32, i8, i32, i8, i8) {
  %x = arith.constant 7 : i32
  %z = arith.constant 0 : i32
  %min = arith.constant -128 : i8
  %m1 = arith.constant -1 : i8
  %two = arith.constant 2 : i8
  %0 = arith.divui %x, %z : i32
  %1 = arith.divsi %min, %m1 : i8
  %2 = arith.remsi %x, %z : i32
  // MLIR's ceildivsi refuses MIN / 2 (it negates MIN on the way).
  %3 = arith.ceildivsi %min, %two : i8
  %4 = arith.floordivsi %min, %m1 : i8
  return %0, %1, %2, %3, %4 : i32, i8, i32, i8, i8
}

// -----

// Signed and unsigned division and remainder, rounding directions.
// CHECK-LABEL: func.func @div_fold
// CHECK-DAG: arith.constant -3 : i32
// CHECK-DAG: arith.constant -4 : i32
// CHECK-DAG: arith.constant 1431655763 : i32
// CHECK-NOT: arith.div
func.func @div_fold() -> (i32, i32, i32, i32, i32, i32, i32, i32) {
  %a = arith.constant -7 : i32
  %b = arith.constant 2 : i32
  %c = arith.constant 3 : i32
  %0 = arith.divsi %a, %b : i32
  %1 = arith.divui %a, %c : i32
  %2 = arith.ceildivsi %a, %b : i32
  %3 = arith.ceildivui %a, %c : i32
  %4 = arith.floordivsi %a, %b : i32
  %5 = arith.remsi %a, %c : i32
  %6 = arith.remui %a, %c : i32
  %7 = arith.ceildivsi %b, %a : i32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i32, i32, i32, i32, i32, i32, i32
}

// -----

// Shifts by >= the width do not fold; in-range shifts do (logical vs arithmetic).
// CHECK-LABEL: func.func @shifts
// CHECK-DAG: arith.constant 16 : i8
// CHECK-DAG: arith.constant 120 : i8
// CHECK-DAG: arith.constant -8 : i8
// CHECK: arith.shli {{.*}} : i8
func.func @shifts() -> (i8, i8, i8, i8) {
  %x = arith.constant -15 : i8
  %s = arith.constant 8 : i8
  %one = arith.constant 1 : i8
  %four = arith.constant 4 : i8
  %0 = arith.shli %x, %s : i8
  %1 = arith.shli %one, %four : i8
  %2 = arith.shrui %x, %one : i8
  %3 = arith.shrsi %x, %one : i8
  return %0, %1, %2, %3 : i8, i8, i8, i8
}

// -----

// Identities on unknown values: x*0, x&0 and x|-1 are constants, x^x, x-x and
// cmpi x, x fold without knowing x; x+0 and x*1 are x itself.
// CHECK-LABEL: func.func @identities
// CHECK-NOT: arith.muli
// CHECK-NOT: arith.andi
// CHECK-NOT: arith.ori
// CHECK-NOT: arith.xori
// CHECK-NOT: arith.subi
// CHECK-NOT: arith.cmpi
// CHECK: arith.addi %arg0
func.func @identities(%x: i32) -> (i32, i32, i32, i32, i32, i1, i1, i32) {
  %z = arith.constant 0 : i32
  %m1 = arith.constant -1 : i32
  %0 = arith.muli %x, %z : i32
  %1 = arith.andi %x, %z : i32
  %2 = arith.ori %x, %m1 : i32
  %3 = arith.xori %x, %x : i32
  %4 = arith.subi %x, %x : i32
  %5 = arith.cmpi sle, %x, %x : i32
  %6 = arith.cmpi ult, %x, %x : i32
  %7 = arith.addi %x, %z : i32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i32, i32, i32, i32, i1, i1, i32
}

// -----

// Signed vs unsigned comparisons of -1 and 1, all ten predicates, on i1 and index.
// CHECK-LABEL: func.func @cmpi
// CHECK-COUNT-2: arith.constant
func.func @cmpi() -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %a = arith.constant -1 : i16
  %b = arith.constant 1 : i16
  %0 = arith.cmpi eq, %a, %b : i16
  %1 = arith.cmpi ne, %a, %b : i16
  %2 = arith.cmpi slt, %a, %b : i16
  %3 = arith.cmpi sle, %a, %b : i16
  %4 = arith.cmpi sgt, %a, %b : i16
  %5 = arith.cmpi sge, %a, %b : i16
  %6 = arith.cmpi ult, %a, %b : i16
  %7 = arith.cmpi ule, %a, %b : i16
  %8 = arith.cmpi ugt, %a, %b : i16
  %9 = arith.cmpi uge, %a, %b : i16
  %t = arith.constant true
  %f = arith.constant false
  %10 = arith.cmpi slt, %t, %f : i1
  %i = arith.constant -5 : index
  %j = arith.constant 5 : index
  %11 = arith.cmpi ugt, %i, %j : index
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

// -----

// min/max signed and unsigned; max with the type's maximum is that maximum.
// CHECK-LABEL: func.func @minmax
// CHECK-DAG: arith.constant 127 : i8
// CHECK-NOT: arith.maxsi
func.func @minmax(%x: i8) -> (i8, i8, i8, i8, i8) {
  %a = arith.constant -3 : i8
  %b = arith.constant 5 : i8
  %max = arith.constant 127 : i8
  %0 = arith.maxsi %a, %b : i8
  %1 = arith.maxui %a, %b : i8
  %2 = arith.minsi %a, %b : i8
  %3 = arith.minui %a, %b : i8
  %4 = arith.maxsi %x, %max : i8
  return %0, %1, %2, %3, %4 : i8, i8, i8, i8, i8
}

// -----

// Integer casts: truncation, zero/sign extension, index casts (64-bit index).
// CHECK-LABEL: func.func @casts
// CHECK-DAG: arith.constant 255 : i32
// CHECK-DAG: arith.constant -1 : i32
// CHECK-DAG: arith.constant 4294967295 : index
func.func @casts() -> (i8, i32, i32, index, index, i16, i1) {
  %x = arith.constant 511 : i32
  %m = arith.constant -1 : i8
  %n = arith.constant -1 : i32
  %0 = arith.trunci %x : i32 to i8
  %1 = arith.extui %m : i8 to i32
  %2 = arith.extsi %m : i8 to i32
  %3 = arith.index_cast %n : i32 to index
  %4 = arith.index_castui %n : i32 to index
  %big = arith.constant 100000 : index
  %5 = arith.index_cast %big : index to i16
  %6 = arith.trunci %x : i32 to i1
  return %0, %1, %2, %3, %4, %5, %6 : i8, i32, i32, index, index, i16, i1
}

// -----

// An extui of an extui folds in place in MLIR, which SCCP treats as "not
// constant": the outer cast stays even though its input became a constant.
// CHECK-LABEL: func.func @ext_of_ext
// CHECK: arith.extui %{{.*}} : i16 to i32
func.func @ext_of_ext() -> i32 {
  %a = arith.constant 200 : i8
  %b = arith.extui %a : i8 to i16
  %c = arith.extui %b : i16 to i32
  return %c : i32
}

// -----

// select on constant conditions and equal arms fold; select %c, true, false
// folds to %c, an unknown value, so SCCP leaves it.
// CHECK-LABEL: func.func @select
// CHECK: arith.select %arg0, %true, %false : i1
// CHECK-NEXT: return %c1_i32, %c1_i32
func.func @select(%c: i1, %x: i32) -> (i32, i32, i1) {
  %t = arith.constant true
  %one = arith.constant 1 : i32
  %0 = arith.select %t, %one, %x : i32
  %1 = arith.select %c, %one, %one : i32
  %f = arith.constant false
  %2 = arith.select %c, %t, %f : i1
  return %0, %1, %2 : i32, i32, i1
}

// -----

// Extended arithmetic: sum and carry, low and high halves (signed/unsigned).
// CHECK-LABEL: func.func @extended
// CHECK-DAG: arith.constant 44 : i8
// CHECK-DAG: arith.constant true
// CHECK-DAG: arith.constant 43 : i8
// CHECK-DAG: arith.constant -64 : i8
func.func @extended() -> (i8, i1, i8, i8, i8, i8) {
  %a = arith.constant -100 : i8
  %b = arith.constant -112 : i8
  %s:2 = arith.addui_extended %a, %b : i8, i1
  %m:2 = arith.mulsi_extended %a, %b : i8
  %u:2 = arith.mului_extended %a, %b : i8
  return %s#0, %s#1, %m#0, %m#1, %u#0, %u#1 : i8, i1, i8, i8, i8, i8
}

// -----

// Vector and tensor splats fold elementwise; a non-splat operand folds element
// by element, and a non-splat constant condition selects per element.
// CHECK-LABEL: func.func @splats
// CHECK-DAG: arith.constant dense<6> : vector<4xi32>
// CHECK-DAG: arith.constant dense<[11, 22]> : tensor<2xi64>
// CHECK-DAG: arith.constant dense<[true, false, true]> : vector<3xi1>
func.func @splats() -> (vector<4xi32>, tensor<2xi64>, vector<3xi1>, vector<2xi8>) {
  %a = arith.constant dense<2> : vector<4xi32>
  %b = arith.constant dense<3> : vector<4xi32>
  %0 = arith.muli %a, %b : vector<4xi32>
  %c = arith.constant dense<[10, 20]> : tensor<2xi64>
  %d = arith.constant dense<[1, 2]> : tensor<2xi64>
  %1 = arith.addi %c, %d : tensor<2xi64>
  %e = arith.constant dense<[1, 5, 9]> : vector<3xi8>
  %f = arith.constant dense<5> : vector<3xi8>
  %2 = arith.cmpi ne, %e, %f : vector<3xi8>
  %cond = arith.constant dense<[true, false]> : vector<2xi1>
  %x = arith.constant dense<[1, 2]> : vector<2xi8>
  %y = arith.constant dense<[3, 4]> : vector<2xi8>
  %3 = arith.select %cond, %x, %y : vector<2xi1>, vector<2xi8>
  return %0, %1, %2, %3 : vector<4xi32>, tensor<2xi64>, vector<3xi1>, vector<2xi8>
}
