// RUN: lifeline-opt %s --allow-unregistered-dialect > %t.ours && mlir-opt-19 --allow-unregistered-dialect %s > %t.ref && mlir-opt-19 --allow-unregistered-dialect %t.ours | diff %t.ref -
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-print-op-generic > %t.g && mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %s > %t.gref && mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %t.g | diff %t.gref -
// RUN: lifeline-opt %s --allow-unregistered-dialect | FileCheck %s

// The arith dialect: every op, with and without its optional parts
// (overflow and fastmath flags, rounding modes, attribute dictionaries),
// on scalars, index, vectors (0-D, fixed, scalable) and tensors.

// CHECK-LABEL: func.func @constants
func.func @constants() {
  // CHECK: %c0 = arith.constant 0 : index
  // CHECK: %c1_i32 = arith.constant 1 : i32
  // CHECK: %c1_i32_0 = arith.constant 1 : i32
  // CHECK: %c-1_i8 = arith.constant -1 : i8
  // CHECK: %c42_i64 = arith.constant 42 : i64
  // CHECK: %c-7 = arith.constant -7 : index
  // CHECK: %true = arith.constant true
  // CHECK: %false = arith.constant false
  // CHECK: %cst = arith.constant 1.500000e+00 : f32
  // CHECK: %cst_1 = arith.constant 1.000000e-01 : f32
  // CHECK: %cst_2 = arith.constant 2.500000e+00 : f64
  // CHECK: %cst_3 = arith.constant -0.000000e+00 : f64
  // CHECK: %cst_4 = arith.constant 0x7FC00000 : f32
  // CHECK: %cst_5 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  // CHECK: %cst_6 = arith.constant dense<0.000000e+00> : tensor<2x3xf32>
  // CHECK: %cst_7 = arith.constant dense<true> : vector<2xi1>
  // CHECK: %c5_i16 = arith.constant {tag = "x"} 5 : i16
  %idx = arith.constant 0 : index
  %a = arith.constant 1 : i32
  %b = arith.constant 1 : i32
  %c = arith.constant 255 : i8
  %d = arith.constant 42
  %e = arith.constant -7 : index
  %t = arith.constant true
  %f = arith.constant 0 : i1
  %g = arith.constant 1.5 : f32
  %h = arith.constant 0.1 : f32
  %i = arith.constant 2.5
  %j = arith.constant -0.0 : f64
  %k = arith.constant 0x7FC00000 : f32
  %l = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %m = arith.constant dense<0.0> : tensor<2x3xf32>
  %n = arith.constant dense<true> : vector<2xi1>
  %o = arith.constant {tag = "x"} 5 : i16
  %p = arith.constant dense<7> : vector<[4]xi32>
  %q = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
  %r = arith.constant 1.0e10 : f64
  %s = arith.constant 9223372036854775807 : i64
  "test.use"(%idx, %a, %b, %c, %d, %e, %t, %f, %g, %h, %i, %j, %k, %l, %m, %n, %o, %p, %q, %r, %s)
    : (index, i32, i32, i8, i64, index, i1, i1, f32, f32, f64, f64, f32, vector<4xi32>, tensor<2x3xf32>,
       vector<2xi1>, i16, vector<[4]xi32>, tensor<2x2xf64>, f64, i64) -> ()
  return
}

// CHECK-LABEL: func.func @integer_binary
func.func @integer_binary(%a: i32, %b: i32, %i: index, %v: vector<4xi64>, %t: tensor<?x8xi8>, %z: vector<i16>) {
  // CHECK: arith.addi %arg0, %arg1 : i32
  // CHECK: arith.addi %arg0, %arg1 overflow<nsw> : i32
  // CHECK: arith.addi %arg0, %arg1 overflow<nuw> : i32
  // CHECK: arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32
  // CHECK: arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32
  // CHECK: arith.addi %arg0, %arg1 : i32
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b overflow<nsw> : i32
  %2 = arith.addi %a, %b overflow<nuw> : i32
  %3 = arith.addi %a, %b overflow<nsw, nuw> : i32
  %4 = arith.addi %a, %b overflow<nuw,nsw> : i32
  %5 = arith.addi %a, %b overflow<none> : i32
  // CHECK: arith.subi %arg2, %arg2 overflow<nuw> : index
  // CHECK: arith.muli %arg3, %arg3 overflow<nsw> : vector<4xi64>
  // CHECK: arith.shli %arg4, %arg4 : tensor<?x8xi8>
  %6 = arith.subi %i, %i overflow<nuw> : index
  %7 = arith.muli %v, %v overflow<nsw> : vector<4xi64>
  %8 = arith.shli %t, %t : tensor<?x8xi8>
  %9 = arith.shli %a, %b overflow<nsw, nuw> : i32
  %10 = arith.subi %z, %z : vector<i16>
  %11 = arith.muli %i, %i : index
  // CHECK: arith.divui %arg0, %arg1 : i32
  %12 = arith.divui %a, %b : i32
  %13 = arith.divsi %i, %i : index
  %14 = arith.ceildivui %v, %v : vector<4xi64>
  %15 = arith.ceildivsi %a, %b : i32
  %16 = arith.floordivsi %t, %t : tensor<?x8xi8>
  %17 = arith.remui %a, %b : i32
  %18 = arith.remsi %z, %z : vector<i16>
  %19 = arith.andi %a, %b : i32
  %20 = arith.ori %v, %v : vector<4xi64>
  %21 = arith.xori %i, %i : index
  %22 = arith.shrui %a, %b : i32
  %23 = arith.shrsi %t, %t : tensor<?x8xi8>
  %24 = arith.maxsi %a, %b : i32
  %25 = arith.maxui %i, %i : index
  %26 = arith.minsi %v, %v : vector<4xi64>
  %27 = arith.minui %a, %b : i32
  // CHECK: arith.xori %arg0, %arg1 {test.attr = 3 : i32} : i32
  %28 = arith.xori %a, %b {test.attr = 3 : i32} : i32
  // CHECK: arith.addi %arg0, %arg1 overflow<nsw> {test.attr} : i32
  %29 = arith.addi %a, %b overflow<nsw> {test.attr} : i32
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29)
    : (i32, i32, i32, i32, i32, i32, index, vector<4xi64>, tensor<?x8xi8>, i32, vector<i16>, index, i32, index,
       vector<4xi64>, i32, tensor<?x8xi8>, i32, vector<i16>, i32, vector<4xi64>, index, i32, tensor<?x8xi8>, i32,
       index, vector<4xi64>, i32, i32, i32) -> ()
  return
}

// CHECK-LABEL: func.func @extended
func.func @extended(%a: i32, %v: vector<4xi8>, %i: index) {
  // CHECK: %sum, %overflow = arith.addui_extended %arg0, %arg0 : i32, i1
  // CHECK: %sum_0, %overflow_1 = arith.addui_extended %arg1, %arg1 : vector<4xi8>, vector<4xi1>
  // CHECK: %low, %high = arith.mulsi_extended %arg0, %arg0 : i32
  // CHECK: %low_2, %high_3 = arith.mului_extended %arg1, %arg1 : vector<4xi8>
  %s:2 = arith.addui_extended %a, %a : i32, i1
  %sv, %ov = arith.addui_extended %v, %v : vector<4xi8>, vector<4xi1>
  %m:2 = arith.mulsi_extended %a, %a : i32
  %mu:2 = arith.mului_extended %v, %v : vector<4xi8>
  %mi:2 = arith.mului_extended %i, %i {test.attr} : index
  // CHECK: "test.use"(%sum, %overflow_1, %high, %low_2)
  "test.use"(%s#0, %ov, %m#1, %mu#0) : (i32, vector<4xi1>, i32, vector<4xi8>) -> ()
  "test.use"(%mi#0, %mi#1) : (index, index) -> ()
  return
}

// CHECK-LABEL: func.func @float_ops
func.func @float_ops(%x: f32, %y: f32, %d: f64, %h: vector<4xf16>, %b: tensor<*xbf16>, %z: vector<[8]xf32>) {
  // CHECK: arith.addf %arg0, %arg1 : f32
  // CHECK: arith.addf %arg0, %arg1 fastmath<fast> : f32
  // CHECK: arith.addf %arg0, %arg1 fastmath<nnan,ninf> : f32
  // CHECK: arith.addf %arg0, %arg1 fastmath<fast> : f32
  // CHECK: arith.addf %arg0, %arg1 : f32
  // CHECK: arith.addf %arg0, %arg1 fastmath<reassoc,contract> : f32
  %0 = arith.addf %x, %y : f32
  %1 = arith.addf %x, %y fastmath<fast> : f32
  %2 = arith.addf %x, %y fastmath<nnan, ninf> : f32
  %3 = arith.addf %x, %y fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %4 = arith.addf %x, %y fastmath<none> : f32
  %5 = arith.addf %x, %y {fastmath = #arith.fastmath<contract,reassoc>} : f32
  %6 = arith.subf %d, %d fastmath<nsz> : f64
  %7 = arith.mulf %h, %h : vector<4xf16>
  %8 = arith.divf %b, %b fastmath<arcp> : tensor<*xbf16>
  %9 = arith.remf %x, %y : f32
  %10 = arith.maximumf %d, %d : f64
  %11 = arith.minimumf %h, %h fastmath<nnan> : vector<4xf16>
  %12 = arith.maxnumf %z, %z : vector<[8]xf32>
  %13 = arith.minnumf %x, %y fastmath<afn> : f32
  // CHECK: arith.negf %arg0 : f32
  // CHECK: arith.negf %arg2 fastmath<nnan,nsz> : f64
  %14 = arith.negf %x : f32
  %15 = arith.negf %d fastmath<nsz,nnan> : f64
  %16 = arith.negf %b {test.attr} : tensor<*xbf16>
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16)
    : (f32, f32, f32, f32, f32, f32, f64, vector<4xf16>, tensor<*xbf16>, f32, f64, vector<4xf16>, vector<[8]xf32>,
       f32, f32, f64, tensor<*xbf16>) -> ()
  return
}

// CHECK-LABEL: func.func @compares
func.func @compares(%a: i32, %v: vector<4xindex>, %t: tensor<?xi64>, %x: f32, %w: vector<2xf64>, %z: vector<i8>) {
  // CHECK: arith.cmpi eq, %arg0, %arg0 : i32
  // CHECK: arith.cmpi uge, %arg0, %arg0 : i32
  %0 = arith.cmpi eq, %a, %a : i32
  %1 = arith.cmpi ne, %a, %a : i32
  %2 = arith.cmpi slt, %a, %a : i32
  %3 = arith.cmpi sle, %a, %a : i32
  %4 = arith.cmpi sgt, %a, %a : i32
  %5 = arith.cmpi sge, %a, %a : i32
  %6 = arith.cmpi ult, %a, %a : i32
  %7 = arith.cmpi ule, %a, %a : i32
  %8 = arith.cmpi ugt, %a, %a : i32
  %9 = arith.cmpi uge, %a, %a : i32
  // CHECK: arith.cmpi slt, %arg1, %arg1 : vector<4xindex>
  // CHECK: arith.cmpi ne, %arg2, %arg2 {test.attr} : tensor<?xi64>
  %10 = arith.cmpi slt, %v, %v : vector<4xindex>
  %11 = arith.cmpi "ne", %t, %t {test.attr} : tensor<?xi64>
  %12 = arith.cmpi eq, %z, %z : vector<i8>
  // CHECK: arith.cmpf false, %arg3, %arg3 : f32
  // CHECK: arith.cmpf true, %arg3, %arg3 : f32
  // CHECK: arith.cmpf olt, %arg4, %arg4 fastmath<nnan> : vector<2xf64>
  %13 = arith.cmpf false, %x, %x : f32
  %14 = arith.cmpf oeq, %x, %x : f32
  %15 = arith.cmpf ogt, %x, %x : f32
  %16 = arith.cmpf oge, %x, %x : f32
  %17 = arith.cmpf olt, %x, %x : f32
  %18 = arith.cmpf ole, %x, %x : f32
  %19 = arith.cmpf one, %x, %x : f32
  %20 = arith.cmpf ord, %x, %x : f32
  %21 = arith.cmpf ueq, %x, %x : f32
  %22 = arith.cmpf ugt, %x, %x : f32
  %23 = arith.cmpf uge, %x, %x : f32
  %24 = arith.cmpf ult, %x, %x : f32
  %25 = arith.cmpf ule, %x, %x : f32
  %26 = arith.cmpf une, %x, %x : f32
  %27 = arith.cmpf uno, %x, %x : f32
  %28 = arith.cmpf true, %x, %x : f32
  %29 = arith.cmpf olt, %w, %w fastmath<nnan> : vector<2xf64>
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12) : (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1,
    vector<4xi1>, tensor<?xi1>, vector<i1>) -> ()
  "test.use"(%13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29)
    : (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, vector<2xi1>) -> ()
  return
}

// CHECK-LABEL: func.func @selects
func.func @selects(%c: i1, %a: i32, %b: i32, %v: vector<4xf32>, %m: vector<4xi1>, %t: tensor<2x?xi8>, %tm: tensor<2x?xi1>) {
  // CHECK: arith.select %arg0, %arg1, %arg2 : i32
  // CHECK: arith.select %arg0, %arg3, %arg3 : vector<4xf32>
  // CHECK: arith.select %arg4, %arg3, %arg3 : vector<4xi1>, vector<4xf32>
  // CHECK: arith.select %arg6, %arg5, %arg5 {test.attr} : tensor<2x?xi1>, tensor<2x?xi8>
  %0 = arith.select %c, %a, %b : i32
  %1 = arith.select %c, %v, %v : vector<4xf32>
  %2 = arith.select %m, %v, %v : vector<4xi1>, vector<4xf32>
  %3 = arith.select %tm, %t, %t {test.attr} : tensor<2x?xi1>, tensor<2x?xi8>
  %4 = arith.select %c, %t, %t : tensor<2x?xi8>
  "test.use"(%0, %1, %2, %3, %4) : (i32, vector<4xf32>, vector<4xf32>, tensor<2x?xi8>, tensor<2x?xi8>) -> ()
  return
}

// CHECK-LABEL: func.func @casts
func.func @casts(%i8: i8, %i32: i32, %f16: f16, %f32: f32, %f64: f64, %idx: index, %vi: vector<4xi32>,
                 %vf: vector<4xf32>, %ti: tensor<?xi16>, %mi: memref<4xi32>, %mf: memref<?xf32>) {
  // CHECK: arith.extui %arg0 : i8 to i32
  // CHECK: arith.extsi %arg6 : vector<4xi32> to vector<4xi64>
  // CHECK: arith.trunci %arg1 : i32 to i8
  %0 = arith.extui %i8 : i8 to i32
  %1 = arith.extsi %vi : vector<4xi32> to vector<4xi64>
  %2 = arith.trunci %i32 : i32 to i8
  %3 = arith.extsi %ti : tensor<?xi16> to tensor<?xi32>
  // CHECK: arith.extf %arg2 : f16 to f32
  // CHECK: arith.extf %arg3 fastmath<nnan> : f32 to f64
  // CHECK: arith.truncf %arg4 : f64 to f32
  // CHECK: arith.truncf %arg4 to_nearest_even : f64 to f16
  // CHECK: arith.truncf %arg3 downward fastmath<fast> : f32 to f16
  // CHECK: arith.truncf %arg4 fastmath<none> : f64 to f32
  %4 = arith.extf %f16 : f16 to f32
  %5 = arith.extf %f32 fastmath<nnan> : f32 to f64
  %6 = arith.truncf %f64 : f64 to f32
  %7 = arith.truncf %f64 to_nearest_even : f64 to f16
  %8 = arith.truncf %f32 downward fastmath<fast> : f32 to f16
  %9 = arith.truncf %f64 fastmath<none> : f64 to f32
  %10 = arith.truncf %f64 upward : f64 to f32
  %11 = arith.truncf %f64 toward_zero : f64 to f32
  %12 = arith.truncf %f64 to_nearest_away {test.attr} : f64 to f32
  // CHECK: arith.uitofp %arg1 : i32 to f32
  // CHECK: arith.fptosi %arg7 : vector<4xf32> to vector<4xi32>
  %13 = arith.uitofp %i32 : i32 to f32
  %14 = arith.sitofp %vi : vector<4xi32> to vector<4xf32>
  %15 = arith.fptoui %f64 : f64 to i8
  %16 = arith.fptosi %vf : vector<4xf32> to vector<4xi32>
  // CHECK: arith.index_cast %arg5 : index to i32
  // CHECK: arith.index_cast %arg9 : memref<4xi32> to memref<4xindex>
  // CHECK: arith.index_castui %arg1 : i32 to index
  %17 = arith.index_cast %idx : index to i32
  %18 = arith.index_cast %vi : vector<4xi32> to vector<4xindex>
  %19 = arith.index_cast %mi : memref<4xi32> to memref<4xindex>
  %20 = arith.index_castui %i32 : i32 to index
  %21 = arith.index_castui %ti : tensor<?xi16> to tensor<?xindex>
  // CHECK: arith.bitcast %arg3 : f32 to i32
  // CHECK: arith.bitcast %arg10 : memref<?xf32> to memref<?xi32>
  %22 = arith.bitcast %f32 : f32 to i32
  %23 = arith.bitcast %vi : vector<4xi32> to vector<4xf32>
  %24 = arith.bitcast %mf : memref<?xf32> to memref<?xi32>
  %25 = arith.bitcast %f16 : f16 to i16
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12) : (i32, vector<4xi64>, i8, tensor<?xi32>, f32,
    f64, f32, f16, f16, f32, f32, f32, f32) -> ()
  "test.use"(%13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25) : (f32, vector<4xf32>, i8,
    vector<4xi32>, i32, vector<4xindex>, memref<4xindex>, index, tensor<?xindex>, i32, vector<4xf32>,
    memref<?xi32>, i16) -> ()
  return
}

// Generic spellings: properties left out get their defaults; flags are
// normalized (`nnan, ninf` prints as `nnan,ninf`, all flags as `fast`).
// CHECK-LABEL: func.func @generic_input
func.func @generic_input(%a: i32, %x: f32, %d: f64) {
  // CHECK: arith.addi %arg0, %arg0 : i32
  // CHECK: arith.muli %arg0, %arg0 overflow<nsw, nuw> : i32
  // CHECK: arith.mulf %arg1, %arg1 fastmath<nnan,ninf> : f32
  // CHECK: arith.cmpi sge, %arg0, %arg0 : i32
  // CHECK: arith.cmpf une, %arg1, %arg1 fastmath<fast> : f32
  // CHECK: arith.truncf %arg2 upward : f64 to f32
  // CHECK: %c3_i32 = arith.constant {test.attr} 3 : i32
  // CHECK: arith.select %{{.*}}, %arg0, %arg0 : i32
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %1 = "arith.muli"(%a, %a) <{overflowFlags = #arith.overflow<nuw, nsw>}> : (i32, i32) -> i32
  %2 = "arith.mulf"(%x, %x) {fastmath = #arith.fastmath<ninf,nnan>} : (f32, f32) -> f32
  %3 = "arith.cmpi"(%a, %a) {predicate = 5 : i64} : (i32, i32) -> i1
  %4 = "arith.cmpf"(%x, %x) <{fastmath = #arith.fastmath<fast>, predicate = 13 : i64}> : (f32, f32) -> i1
  %5 = "arith.truncf"(%d) <{roundingmode = 2 : i32}> : (f64) -> f32
  %6 = "arith.constant"() <{value = 3 : i32}> {test.attr} : () -> i32
  %7 = "arith.select"(%3, %a, %a) : (i1, i32, i32) -> i32
  %8:2 = "arith.addui_extended"(%a, %6) : (i32, i32) -> (i32, i1)
  // A discardable attribute holding arith flags.
  "test.use"(%0, %1, %2, %4, %5, %7, %8#1) {flags = #arith.fastmath<nsz, arcp>, ovf = #arith.overflow<nuw>}
    : (i32, i32, f32, i1, f32, i32, i1) -> ()
  return
}
