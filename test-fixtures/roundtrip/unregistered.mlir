// RUN: lifeline-opt %s --allow-unregistered-dialect > %t.ours && mlir-opt-19 --allow-unregistered-dialect %s > %t.ref && mlir-opt-19 --allow-unregistered-dialect %t.ours | diff %t.ref -
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-print-op-generic > %t.g && mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %s > %t.gref && mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %t.g | diff %t.gref -
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-print-debuginfo > %t.d && mlir-opt-19 --allow-unregistered-dialect --mlir-print-debuginfo %s > %t.dref && mlir-opt-19 --allow-unregistered-dialect --mlir-print-debuginfo %t.d | diff %t.dref -
// RUN: lifeline-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s --check-prefix=DEBUG

// Generic ops of unregistered dialects carrying every kind of builtin type,
// attribute and location, with the canonical forms mlir-opt prints.

// Aliases: the input's names are not kept; affine maps and sets get #map/#set.
// CHECK: #map = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2)>
// CHECK: #map1 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK: #set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
// CHECK: #set1 = affine_set<()[s0] : (s0 - 1 >= 0)>
#map0 = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2)>
#set0 = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
!ty = !foo.bar<"x", 1>
#dict = {a = 1 : i32}
#loc0 = loc("a.mlir":1:2)
#loc1 = loc(fused<"meta">["b.mlir":3:4, "c.mlir":5:6])

// CHECK-LABEL: "foo.scalars"
"foo.scalars"() ({
^bb0(%a: i32, %b: f32):
  // Integers of every signedness, wide ones, booleans, index.
  // CHECK: big = 170141183460469231731687303715884105727 : i128
  // CHECK-SAME: hex = -1 : i8
  // CHECK-SAME: i1t = true
  // CHECK-SAME: s1 = -1 : si1
  // CHECK-SAME: u64 = 18446744073709551615 : ui64
  %0 = "foo.ints"(%a) {i = 1 : i64, j = -3 : i8, u = 7 : ui16, s = -2 : si32, idx = 4 : index, b = true, bf = false, i1t = 1 : i1, s1 = -1 : si1, unit, big = 170141183460469231731687303715884105727 : i128, neg = -170141183460469231731687303715884105728 : i128, hex = 0xFF : i8, u64 = 18446744073709551615 : ui64, zero = 0 : i0} : (i32) -> i32
  // Floats: shortest form when exact, full precision otherwise, hex for NaN and infinities.
  // CHECK: bh = 1.000000e+00 : bf16
  // CHECK-SAME: f128v = 2.500000e+00 : f128
  // CHECK-SAME: f32pi = 3.14159274 : f32
  // CHECK-SAME: f80v = 1.000000e+00 : f80
  // CHECK-SAME: fnan = 0x7FF8000000000000 : f64
  // CHECK-SAME: fninf = 0xFF800000 : f32
  // CHECK-SAME: fpi = 3.1415926535897931 : f64
  // CHECK-SAME: hf = 0x7C00 : f16
  // CHECK-SAME: hf1 = 1.000000e+00 : f16
  %1 = "foo.floats"(%b) {f = 1.5 : f32, g = -0.0 : f64, h = 0x7FC00000 : f32, hf = 0x7C00 : f16, hf1 = 0x3C00 : f16, tenth = 0.1 : f16, bh = 1.0 : bf16, e = 1.0e10 : f64, f80v = 1.0 : f80, f128v = 2.5 : f128, fnan = 0x7FF8000000000000 : f64, finf = 0x7FF0000000000000 : f64, fninf = 0xFF800000 : f32, fsmall = 1.0e-300 : f64, fpi = 3.14159265358979311 : f64, f32pi = 3.14159265 : f32, fint = 5.0 : f64, fneg = -2.5e-5 : f32, tf = 1.5 : tf32, f8 = 0.5 : f8E4M3FN, f8b = 0x7F : f8E5M2} : (f32) -> f32
  // Strings: escapes print as \hex; symbols quote when needed.
  // CHECK: "quoted key" = 1 : i32
  // CHECK-SAME: ref = @"a b"::@c::@d
  // CHECK-SAME: str = "hi\0A\22q\22\\ \09 \00\FF\7F"
  %2 = "foo.strings"() {str = "hi\n\"q\"\\ \09 \00\ff\7F", uni = "héllo", "quoted key" = 1 : i32, sym = @"with space", ref = @"a b"::@c::@d, plain = @f, typed = "s" : i32} : () -> i32
  "foo.br"(%0, %1, %2)[^bb1, ^bb2] : (i32, f32, i32) -> ()
^bb1:
  "foo.ret"() : () -> ()
^bb2:
  "foo.ret"() : () -> ()
}) : () -> ()

// CHECK-LABEL: "foo.containers"
// CHECK: arr = [1, 2.000000e+00, "s", [true], 3 : i32]
// CHECK-SAME: dict = {a = 1 : i32}
// CHECK-SAME: emptyarr = []
// CHECK-SAME: emptydict = {}
// CHECK-SAME: m = #map
// CHECK-SAME: m2 = #map1
// CHECK-SAME: s = #set
// CHECK-SAME: s2 = #set1
"foo.containers"() {arr = [1, 2.0, "s", [true], 3 : i32], dict = #dict, emptyarr = [], emptydict = {}, a1 = array<i32: 1, 2>, a2 = array<f32: 1.0, 2.5>, a3 = array<i1: true, false>, a4 = array<i64>, a5 = array<f64: -0.5>, m = #map0, s = #set0, m2 = affine_map<(d0,d1)->(d1,d0)>, s2 = affine_set<()[s0]:(s0-1>=0)>, st = strided<[?, 1], offset: 4>, st2 = strided<[4, 1]>, st3 = strided<[], offset: ?>, op = #foo.bar<"x" [1, 2] {a}>, opt = !foo.baz<1 : i32>, bare = #foo<"raw">, baret = !foo<"raw type">, nested = #foo.a<#foo.b<!foo.c>>, tyal = !ty} : () -> ()

// CHECK-LABEL: "foo.elements"
// CHECK: d2 = dense<1.000000e+00> : tensor<2x2xf32>
// CHECK-SAME: d4 = dense<[67305985, 134678021]> : tensor<2xi32>
// CHECK-SAME: d5 = dense<(1.000000e+00,2.000000e+00)> : tensor<2xcomplex<f32>>
// CHECK-SAME: d6 = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>
// CHECK-SAME: dr = dense_resource<blob1> : tensor<3xi32>
// CHECK-SAME: sp = sparse<{{\[\[}}0, 1]], 5> : tensor<2x2xi32>
"foo.elements"() {d1 = dense<[1, 2, 3]> : tensor<3xi32>, d2 = dense<1.0> : tensor<2x2xf32>, d3 = dense<[[true, false], [false, true]]> : tensor<2x2xi1>, d4 = dense<"0x0102030405060708"> : tensor<2xi32>, d5 = dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>, d6 = dense<[(1, 2), (3, 4)]> : tensor<2xcomplex<i32>>, d7 = dense<> : tensor<0xi32>, d8 = dense<"abc"> : tensor<!foo.str>, d9 = dense<[0.5, -1.5e-3]> : vector<2xf64>, d16 = dense<[1.5, 2.0]> : tensor<2xf16>, db = dense<[1.0, 0.5]> : tensor<2xbf16>, dsplat = dense<0> : vector<4xi8>, dneg = dense<[-1, -128]> : tensor<2xi8>, dun = dense<[255]> : tensor<1xui8>, dstr = dense<["a", "bc"]> : tensor<2x!foo.s>, didx = dense<[1, 2]> : tensor<2xindex>, dhexsplat = dense<"0x0300"> : tensor<4xi16>, dhexf = dense<"0x003C0040"> : tensor<2xf16>, di4 = dense<"0x0A"> : tensor<2x3xi4>, dbits = dense<"0x05"> : tensor<3xi1>, dnanbits = dense<0x7FC00001> : tensor<f32>, sp = sparse<[[0, 1]], [5]> : tensor<2x2xi32>, sp2 = sparse<[[0], [3]], [1.5, 2.5]> : tensor<4xf32>, sp3 = sparse<> : tensor<3xi8>, dr = dense_resource<blob1> : tensor<3xi32>} : () -> ()

// CHECK-LABEL: "foo.types"
// CHECK: fn = (i32, f32) -> i64
// CHECK-SAME: m0s = memref<f32, 1>
// CHECK-SAME: m2 = memref<4x?xf32, #map1, 3>
// CHECK-SAME: mzero = memref<2xf32>
"foo.types"() {t = tuple<i32, f32>, tt0 = tuple<>, tn = tuple<tuple<i32>, none>, c = complex<f64>, ci = complex<i8>, n = none, fn = (i32, f32) -> (i64), fn2 = () -> (), fn3 = (i32) -> ((i32) -> i64), fr = () -> (i32, i32), v = vector<[4]x2xf32>, v2 = vector<2x[8]xi8>, vi = vector<4xindex>, tu = tensor<*xf32>, te = tensor<4xf32, "enc">, te2 = tensor<?x?xf32, #foo.enc>, t0 = tensor<f32>, m1 = memref<*xf32, 2>, m2 = memref<4x?xf32, affine_map<(d0, d1) -> (d1, d0)>, 3>, m3 = memref<2xf32, #gpu.address_space<workgroup>>, m0 = memref<f32>, m0s = memref<f32, 1>, mstr = memref<4xf32, strided<[1]>>, mstr2 = memref<4x4xf32, strided<[4, 1], offset: ?>>, mid = memref<4xf32, affine_map<(d0) -> (d0)>>, mzero = memref<2xf32, 0>, mspace = memref<2xf32, "shared">, idx = index, i0 = i0, si8 = si8, ui1 = ui1, f8a = f8E5M2, f8b = f8E4M3FNUZ, f8c = f8E5M2FNUZ, f8d = f8E4M3B11FNUZ, f8e = f8E4M3FN, tf = tf32, half = f16, b16 = bf16, x80 = f80, q128 = f128} : () -> ()

// Properties, results of several values, successors with operands, regions.
// CHECK-LABEL: "foo.structure"
"foo.structure"() <{p = 1 : i32, q = "s", r = [1, 2]}> ({
  %0:2 = "foo.multi"() : () -> (i32, f32) loc(#loc0)
  "foo.use"(%0#0, %0#1) : (i32, f32) -> () loc(#loc1)
  "foo.use2"(%0#1) : (f32) -> () loc(#fwd)
  "foo.n"() : () -> () loc("named"("x.mlir":7:8))
  "foo.n2"() : () -> () loc("justname")
  "foo.cs"() : () -> () loc(callsite("callee.mlir":1:1 at callsite("mid":2:2 at "caller.mlir":3:3)))
  "foo.u"() : () -> () loc(unknown)
  "foo.f"() : () -> () loc(fused["p.mlir":1:1, unknown])
  "foo.f2"() : () -> () loc(fused<{a = 1}>["p.mlir":1:1])
  "foo.regions"() ({
    "foo.x"() : () -> ()
  }, {
  ^bb0(%a: i64 loc("arg.mlir":9:9)):
    "foo.y"(%a) : (i64) -> ()
  }, {
  }) {attr} : () -> ()
  "foo.br"(%0#0)[^bb1] : (i32) -> ()
^bb1(%x: i32):
  "foo.cond"(%x, %0#1)[^bb2, ^bb3] {operandSegmentSizes = array<i32: 1, 1>} : (i32, f32) -> ()
^bb2(%b: i32, %c: i32):
  "foo.ret"(%b) : (i32) -> ()
^bb3:
  "foo.ret"() : () -> ()
}) : () -> () loc("top.mlir":0:0)

// DEBUG: "foo.use"(%0#0, %0#1) : (i32, f32) -> () loc([[FUSED:#loc[0-9]+]])
// DEBUG: ^bb0(%arg0: i64 loc("arg.mlir":9:9)):
// DEBUG: [[FUSED]] = loc(fused<"meta">[#loc{{[0-9]*}}, #loc{{[0-9]*}}])
#fwd = loc("fwd.mlir":10:20)

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x04000000010000000200000003000000"
    }
  }
#-}

// Regions of unregistered ops may be graph regions: a use may come before its
// definition there (mlir-opt-19 does not check dominance in them).
// CHECK-LABEL: func.func @unregistered_graph_region
// CHECK: "test.use"(%0) : (i32) -> ()
// CHECK-NEXT: %0 = "test.def"() : () -> i32
func.func @unregistered_graph_region() {
  "some.unknown"() ({
    "test.use"(%x) : (i32) -> ()
    %x = "test.def"() : () -> i32
  }) : () -> ()
  return
}
