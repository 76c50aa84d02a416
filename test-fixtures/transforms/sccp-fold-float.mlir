// RUN: lifeline-opt %s --sccp --split-input-file > %t.ours && mlir-opt-19 %s --sccp --split-input-file > %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --sccp --split-input-file | FileCheck %s

// Float folds of the arith ops through --sccp (APFloat semantics per type).

// Rounding per type: 0.1 + 0.2 differs in f16, bf16, f32 and f64.
// CHECK-LABEL: func.func @rounding
// CHECK-DAG: arith.constant 2.998050e-01 : f16
// CHECK-DAG: arith.constant 3.007810e-01 : bf16
// CHECK-DAG: arith.constant 0.30000000000000004 : f64
func.func @rounding() -> (f16, bf16, f32, f64) {
  %a16 = arith.constant 0.1 : f16
  %b16 = arith.constant 0.2 : f16
  %0 = arith.addf %a16, %b16 : f16
  %abf = arith.constant 0.1 : bf16
  %bbf = arith.constant 0.2 : bf16
  %1 = arith.addf %abf, %bbf : bf16
  %a32 = arith.constant 0.1 : f32
  %b32 = arith.constant 0.2 : f32
  %2 = arith.addf %a32, %b32 : f32
  %a64 = arith.constant 0.1 : f64
  %b64 = arith.constant 0.2 : f64
  %3 = arith.addf %a64, %b64 : f64
  return %0, %1, %2, %3 : f16, bf16, f32, f64
}

// -----

// Overflow to infinity (f16 max * 2), inf - inf = the default NaN, 0/0, -0.0.
// CHECK-LABEL: func.func @specials
// CHECK-DAG: arith.constant 0x7C00 : f16
// CHECK-DAG: arith.constant 0x7FC00000 : f32
// CHECK-DAG: arith.constant -0.000000e+00 : f32
func.func @specials() -> (f16, f32, f32, f32, f32) {
  %max = arith.constant 65504.0 : f16
  %two = arith.constant 2.0 : f16
  %0 = arith.mulf %max, %two : f16
  %inf = arith.constant 0x7F800000 : f32
  %1 = arith.subf %inf, %inf : f32
  %z = arith.constant 0.0 : f32
  %2 = arith.divf %z, %z : f32
  %nz = arith.constant -0.0 : f32
  %3 = arith.mulf %nz, %z : f32
  %m = arith.constant -1.0 : f32
  %4 = arith.divf %m, %inf : f32
  return %0, %1, %2, %3, %4 : f16, f32, f32, f32, f32
}

// -----

// A NaN operand propagates quieted with its payload and sign; negf flips a NaN's sign.
// CHECK-LABEL: func.func @nan_payload
// CHECK-DAG: arith.constant 0xFFE00001 : f32
// CHECK-DAG: arith.constant 0x7FA00001 : f32
func.func @nan_payload() -> (f32, f32) {
  %snan = arith.constant 0xFFA00001 : f32
  %one = arith.constant 1.0 : f32
  %0 = arith.addf %one, %snan : f32
  %1 = arith.negf %snan : f32
  return %0, %1 : f32, f32
}

// -----

// remf is fmod (sign of the dividend); min/max variants with NaN and signed zeros.
// MLIR 19 folds maxnumf like maximumf (the NaN wins).
// CHECK-LABEL: func.func @remf_minmax
// CHECK-DAG: arith.constant -1.000000e+00 : f64
func.func @remf_minmax() -> (f64, f64, f64, f64, f64, f64) {
  %a = arith.constant -7.0 : f64
  %b = arith.constant 3.0 : f64
  %0 = arith.remf %a, %b : f64
  %nan = arith.constant 0x7FF8000000000000 : f64
  %1 = arith.maximumf %nan, %b : f64
  %2 = arith.maxnumf %b, %nan : f64
  %3 = arith.minnumf %nan, %b : f64
  %pz = arith.constant 0.0 : f64
  %nz = arith.constant -0.0 : f64
  %4 = arith.minimumf %pz, %nz : f64
  %5 = arith.maximumf %nz, %pz : f64
  return %0, %1, %2, %3, %4, %5 : f64, f64, f64, f64, f64, f64
}

// -----

// cmpf: ordered vs unordered predicates with a NaN; -0.0 == 0.0.
// CHECK-LABEL: func.func @cmpf
// CHECK-NOT: arith.cmpf
func.func @cmpf() -> (i1, i1, i1, i1, i1, i1) {
  %nan = arith.constant 0x7FC00000 : f32
  %one = arith.constant 1.0 : f32
  %pz = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %0 = arith.cmpf olt, %nan, %one : f32
  %1 = arith.cmpf ult, %nan, %one : f32
  %2 = arith.cmpf oeq, %pz, %nz : f32
  %3 = arith.cmpf one, %pz, %nz : f32
  %4 = arith.cmpf uno, %one, %one : f32
  %5 = arith.cmpf ord, %one, %nan : f32
  return %0, %1, %2, %3, %4, %5 : i1, i1, i1, i1, i1, i1
}

// -----

// Integer/float conversions: rounding of wide integers, out-of-range and NaN
// inputs of fptosi/fptoui do not fold, truncation toward zero.
// CHECK-LABEL: func.func @int_float
// CHECK-DAG: arith.constant 1.84467441E+19 : f32
// CHECK-DAG: arith.constant -2 : i8
// CHECK: arith.fptosi {{.*}} : f32 to i8
// CHECK: arith.fptoui {{.*}} : f32 to i8
func.func @int_float() -> (f32, f16, i8, i8, i8, i32) {
  %m1 = arith.constant -1 : i64
  %0 = arith.uitofp %m1 : i64 to f32
  %big = arith.constant 70000 : i32
  %1 = arith.sitofp %big : i32 to f16
  %x = arith.constant -2.75 : f32
  %2 = arith.fptosi %x : f32 to i8
  %y = arith.constant 300.0 : f32
  %3 = arith.fptosi %y : f32 to i8
  %4 = arith.fptoui %x : f32 to i8
  %nan = arith.constant 0x7FC00000 : f32
  %5 = arith.fptosi %nan : f32 to i32
  return %0, %1, %2, %3, %4, %5 : f32, f16, i8, i8, i8, i32
}

// -----

// extf always folds; truncf folds only when exact (0.1 : f64 does not fit f32).
// CHECK-LABEL: func.func @ext_trunc
// CHECK-DAG: arith.constant 2.500000e-01 : f16
// CHECK-DAG: arith.constant 0.10000000149011612 : f64
// CHECK: arith.truncf {{.*}} : f64 to f32
func.func @ext_trunc() -> (f64, f32, f16, f32) {
  %a = arith.constant 0.1 : f32
  %0 = arith.extf %a : f32 to f64
  %b = arith.constant 0.1 : f64
  %1 = arith.truncf %b : f64 to f32
  %c = arith.constant 0.25 : f32
  %2 = arith.truncf %c : f32 to f16
  %h = arith.constant 1.5 : bf16
  %3 = arith.extf %h : bf16 to f32
  return %0, %1, %2, %3 : f64, f32, f16, f32
}

// -----

// bitcast between floats and integers of the same width, scalars and splats.
// CHECK-LABEL: func.func @bitcast
// CHECK-DAG: arith.constant 1065353216 : i32
// CHECK-DAG: arith.constant 0x7E00 : f16
func.func @bitcast() -> (i32, f16, vector<2xi64>) {
  %one = arith.constant 1.0 : f32
  %0 = arith.bitcast %one : f32 to i32
  %bits = arith.constant 32256 : i16
  %1 = arith.bitcast %bits : i16 to f16
  %v = arith.constant dense<2.0> : vector<2xf64>
  %2 = arith.bitcast %v : vector<2xf64> to vector<2xi64>
  return %0, %1, %2 : i32, f16, vector<2xi64>
}

// -----

// Identities: x + -0.0, x - 0.0, x * 1.0 and x / 1.0 are x; negf(negf x) is x.
// CHECK-LABEL: func.func @float_identities
// CHECK-NOT: arith.addf
// CHECK-NOT: arith.negf
// CHECK: arith.addf %arg0
func.func @float_identities(%x: f32) -> (f32, f32) {
  %nz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %a = arith.addf %x, %nz : f32
  %n1 = arith.negf %a : f32
  %n2 = arith.negf %n1 : f32
  // x + 0.0 is not x (for x = -0.0): it stays.
  %b = arith.addf %x, %pz : f32
  return %n2, %b : f32, f32
}

// -----

// Splat float vectors fold elementwise.
// CHECK-LABEL: func.func @float_splats
// CHECK: arith.constant dense<5.000000e-01> : vector<4xf32>
func.func @float_splats() -> vector<4xf32> {
  %a = arith.constant dense<1.0> : vector<4xf32>
  %b = arith.constant dense<2.0> : vector<4xf32>
  %0 = arith.divf %a, %b : vector<4xf32>
  return %0 : vector<4xf32>
}
