// RUN: lifeline-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: mlir-opt-19 %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: not lifeline-opt %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ours; not mlir-opt-19 %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ref; diff %t.ref %t.ours

// Builtin attribute literals: integer and float scalars, dense and sparse
// elements. Each case checks MLIR's wording and where it points (the full
// stderr is diffed against mlir-opt-19).

// expected-error @below {{integer constant out of range for attribute}}
"foo.op"() {v = -0 : i16} : () -> ()

// -----

// expected-error @below {{negative integer literal not valid for unsigned integer type}}
"foo.op"() {v = -3 : ui16} : () -> ()

// -----

// expected-error @below {{integer constant out of range for attribute}}
"foo.op"() {v = 9223372036854775808 : index} : () -> ()

// -----

// expected-error @below {{hexadecimal float constant out of range for type}}
"foo.op"() {v = 0x1FFFF : bf16} : () -> ()

// -----

// expected-error @below {{hexadecimal float literal should not have a leading minus}}
"foo.op"() {v = -0x3C00 : f16} : () -> ()

// -----

// expected-error @below {{floating point value not valid for specified type}}
"foo.op"() {v = -2.5 : i8} : () -> ()

// -----

// expected-error @below {{elements literal type must have static shape}}
"foo.op"() {v = dense<[7, 8]> : tensor<?xi16>} : () -> ()

// -----

// expected-error @below {{tensor literal is invalid; ranks are not consistent between elements}}
"foo.op"() {v = dense<[[1, 2], 3]> : tensor<2x2xi8>} : () -> ()

// -----

// expected-error @below {{tensor literal is invalid; ranks are not consistent between elements}}
"foo.op"() {v = dense<[[1, 2], [3]]> : tensor<2x2xi8>} : () -> ()

// -----

// expected-error @below {{parsed zero elements, but type ('vector<3xf16>') expected at least 1}}
"foo.op"() {v = dense<> : vector<3xf16>} : () -> ()

// -----

// expected-error @below {{integer constant out of range for type}}
"foo.op"() {v = dense<[100, 300]> : tensor<2xi8>} : () -> ()

// -----

// expected-error @below {{integer constant out of range for type}}
"foo.op"() {v = dense<[1, -0]> : tensor<2xi32>} : () -> ()

// -----

// expected-error @below {{expected unsigned integer elements, but parsed negative value}}
"foo.op"() {v = dense<[[3], [-4]]> : tensor<2x1xui8>} : () -> ()

// -----

// expected-error @below {{expected i1 type for 'true' or 'false' values}}
"foo.op"() {v = dense<[false, true]> : tensor<2xi8>} : () -> ()

// -----

// expected-error @below {{expected floating-point elements, but parsed integer}}
"foo.op"() {v = dense<[1.0, false]> : tensor<2xf64>} : () -> ()

// -----

// expected-error @below {{hexadecimal float constant out of range for type}}
"foo.op"() {v = dense<[0x100]> : tensor<1xf8E5M2>} : () -> ()

// -----

// expected-error @below {{hexadecimal float literal should not have a leading minus}}
"foo.op"() {v = dense<[-0x4000]> : tensor<1xf16>} : () -> ()

// -----

// expected-error @below {{expected ',' between complex elements}}
"foo.op"() {v = dense<[(1, 2), (3 4)]> : tensor<2xcomplex<i16>>} : () -> ()

// -----

// expected-error @below {{expected ')' after complex elements}}
"foo.op"() {v = dense<(1.0, 2.0]> : tensor<complex<f32>>} : () -> ()

// -----

// expected-error @below {{expected integer or floating point literal}}
"foo.op"() {v = dense<[-false]> : tensor<1xi1>} : () -> ()

// -----

// expected-error @below {{expected 1-d tensor for sparse element values}}
"foo.op"() {v = sparse<[[1, 0]], [[5]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error @below {{expected shape ([2, 2]); inferred shape of indices literal ([2, 2]); inferred shape of values literal ([1])}}
"foo.op"() {v = sparse<[[0, 0], [1, 1]], [5]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error @below {{sparse index #1 is not contained within the value shape, with index=[2, 0], and type='tensor<2x3xf32>'}}
"foo.op"() {v = sparse<[[0, 2], [2, 0]], [1.0, 2.0]> : tensor<2x3xf32>} : () -> ()


// -----

// expected-error @below {{`dense_resource` expected a shaped type}}
"foo.op"() {v = dense_resource<weights> : f32} : () -> ()

// -----

// expected-error @below {{expected ':'}}
"foo.op"() {v = dense_resource<weights>} : () -> ()

// -----

// expected-error @below {{element type bitwidth must be a multiple of 8}}
"foo.op"() {v = array<i12: 1, 2>} : () -> ()

// -----

// expected-error @below {{expected ':' after dense array type}}
"foo.op"() {v = array<i32 1>} : () -> ()

// -----

// expected-error @below {{expected distinct ID}}
"foo.op"() {v = distinct[x]<unit>} : () -> ()

// -----

// expected-error @below {{expected '<' after distinct ID}}
"foo.op"() {v = distinct[4] unit} : () -> ()

// -----

// expected-error @below {{expected '>' to close distinct attribute}}
"foo.op"() {v = distinct[4]<"s")} : () -> ()

// -----

"foo.op"() {v = distinct[5]<7 : i16>} : () -> ()
// expected-error @below {{referenced attribute does not match previous definition: 7 : i16}}
"foo.op"() {w = distinct[5]<8 : i16>} : () -> ()

// -----

// expected-error @below {{expected '}' in attribute dictionary}}
"foo.op"() {v = {p = 1 q = 2}} : () -> ()

// -----

// expected-error @below {{duplicate key 'p' in dictionary attribute}}
"foo.op"() {v = {p = 1, p = 2}} : () -> ()

// -----

// Builtin types other than numbers, index, complex, vectors and opaque types are no tensor elements.
// expected-error @+1 {{invalid tensor element type}}
func.func private @tensor_of_memref(tensor<3xmemref<2xf32>>)

// -----

// expected-error @+1 {{invalid tensor element type}}
func.func private @unranked_of_tuple(tensor<*xtuple<i1, i8>>)

// -----

// A dimension is an int64.
// expected-error @+1 {{invalid dimension}}
func.func private @dim_past_int64(memref<18446744073709551615xi8>)

// -----

// A width that does not fit 32 bits is not an integer width at all.
// expected-error @+1 {{invalid integer width}}
func.func private @width_past_uint32(i8589934592)
