// Forms mlir-opt-19 prints differently from how they are written: our output must be its output.
// RUN: lifeline-opt %s --allow-unregistered-dialect > %t.ours && mlir-opt-19 --allow-unregistered-dialect %s | diff - %t.ours
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-print-op-generic > %t.g && mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %s | diff - %t.g
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-print-debuginfo > %t.d && mlir-opt-19 --allow-unregistered-dialect --mlir-print-debuginfo %s | diff - %t.d

// Dimensions above 2^53 print as written (int64, not rounded doubles).
func.func private @huge(tensor<9223372036854775807xf32>, memref<9007199254740993xi8>)

// A static stride or offset may be negative; only `?` is dynamic.
func.func private @reversed(memref<6xi32, strided<[-1], offset: 5>>, memref<2x3xf32, strided<[-3, -1], offset: 8>>)

// Integer sets print as MLIR builds them: each constraint is one expression compared with 0
// (`a <= b` is `b - a >= 0`), dims and symbols renamed; no constraints is `0 == 0`.
func.func private @sets() attributes {
  none = affine_set<(x)[] : ()>, both = affine_set<(x, y)[n] : (x <= n, y + 2 == 3 * n, x >= y floordiv 4)>
}

// A tuple of more than 16 elements prints as a type alias `!tuple`, defined before the attribute
// aliases of its depth (its own elements may have aliases); a shorter one prints in place.
func.func private @long_tuples(tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>, tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>,
  tuple<memref<2xf32, affine_map<(d0) -> (d0 + 3)>>, tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>)

// Fused-location metadata is visited with the location: an alias only it uses is deferred with it.
func.func private @fused_with_map() loc(fused<affine_map<(d0) -> (d0 * 5)>>["printed":1:2])

// Opaque dialect types and attributes print as `dialect.body` when the body is a plain name,
// possibly followed by `<…>`; an attribute may carry `: type` (not printed when it is none).
func.func private @opaque(!acme<widget>, !acme<gear<4>>, !acme<"quoted body">, !acme<_under>) attributes {
  plain = #acme<knob>, nested = #acme<knob<"x">>, typed = #acme.knob : i16, untyped = #acme.dial : none, kept = #acme<"a b">
}

// A dynamic offset or stride operand may go into a result layout that has a static one.
func.func @reinterpret(%m: memref<?xf32>, %o: index) -> memref<4xf32> {
  %r = memref.reinterpret_cast %m to offset: [%o], sizes: [4], strides: [%o] : memref<?xf32> to memref<4xf32>
  return %r : memref<4xf32>
}

// The default dialect: builtin's at the top level, func's in a function body, none in the body
// of a custom-form op without one; a generic op's regions keep the enclosing one when parsed
// (bare `call_indirect` below), but print with none (so `func.call_indirect`).
unrealized_conversion_cast to i8
func.func @defaults(%fn: () -> ()) {
  %0 = builtin.unrealized_conversion_cast to i16
  "acme.wrap"() ({
    call_indirect %fn() : () -> ()
    "acme.end"() : () -> ()
  }) : () -> ()
  scf.execute_region {
    %1 = builtin.unrealized_conversion_cast to i32
    scf.yield
  }
  return
}

// Integers in map and set bodies may be hexadecimal, as MLIR lexes them.
func.func private @hex_constants() attributes {m = affine_map<(a) -> (a + -0x1, 0x10 * a)>, s = affine_set<(a) : (a - 0xF >= 0)>}
