// --mlir-print-local-scope prints the module as MLIR prints an op on its own: no alias
// definitions (maps, long tuples and locations stay in place) and no `{-# … #-}` section;
// a name location whose child is unknown, even through an alias, prints without it.
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-print-local-scope > %t.a && mlir-opt-19 %s --allow-unregistered-dialect --mlir-print-local-scope | diff - %t.a
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-print-local-scope --mlir-print-debuginfo > %t.b && mlir-opt-19 %s --allow-unregistered-dialect --mlir-print-local-scope --mlir-print-debuginfo | diff - %t.b
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-print-local-scope --mlir-print-op-generic > %t.c && mlir-opt-19 %s --allow-unregistered-dialect --mlir-print-local-scope --mlir-print-op-generic | diff - %t.c

#shifted = affine_map<(i) -> (i + 2)>
#nowhere = loc(unknown)
func.func @scoped(%buf: memref<8xi8, #shifted> loc("input":3:7)) -> tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8> {
  %t = "acme.tuple_maker"() : () -> tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8> loc(callsite("maker"(#nowhere) at fused["a.c":1:2, "b.c":3:4]))
  %w = arith.constant dense_resource<weights> : tensor<2xi8> loc("weights"(#nowhere))
  return %t : tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>
}

{-#
  dialect_resources: {
    builtin: {
      weights: "0x010000000102"
    }
  }
#-}
