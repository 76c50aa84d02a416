// RUN: lifeline-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: mlir-opt-19 %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: not lifeline-opt %s --split-input-file --allow-unregistered-dialect -o /dev/null 2>&1 | sed 's/Registered dialects: .* ;/Registered dialects: ... ;/' > %t.ours; not mlir-opt-19 %s --split-input-file --allow-unregistered-dialect -o /dev/null 2>&1 | sed 's/Registered dialects: .* ;/Registered dialects: ... ;/' > %t.ref; diff %t.ref %t.ours

// Parser errors on generic ops and builtin types, attributes and locations,
// with mlir-opt-19's wording.

func.func @f() {
  // expected-error @+1 {{use of undeclared SSA value name}}
  "foo.use"(%undefined) : (i32) -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+2 {{Dialect `foo' not found for custom op 'foo.bar'}}
  // expected-note @+1 {{Registered dialects:}}
  foo.bar
}

// -----

func.func @f() {
  // expected-error @+1 {{custom op 'frobnicate' is unknown (tried 'func.frobnicate' as well)}}
  frobnicate
}

// -----

// expected-error @+1 {{operation location alias was never defined}}
"foo.op"() : () -> () loc(#nope)

// -----

// expected-error @+1 {{expected ':' followed by operation type}}
"foo.op"() {a = 1} () -> ()

// -----

// expected-error @+1 {{operation defines 2 results but was provided 1 to bind}}
%0 = "foo.op"() : () -> (i32, i32)

// -----

// expected-error @+1 {{operation defines 2 results but was provided 3 to bind}}
%0:3 = "foo.op"() : () -> (i32, i32)

// -----

// expected-error @+1 {{expected 1 operand type}}
"foo.op"(%a) : () -> ()

// -----

// expected-error @+1 {{expected 0 operand types but had 1}}
"foo.op"() : (i32) -> ()

// -----

// expected-error @+1 {{expected '(' to start operand list}}
"foo.op" : () -> ()

// -----

// expected-error @+1 {{expected function type}}
"foo.op"() : i32

// -----

// expected-error @+1 {{expected non-function type}}
"foo.op"() : () -> i33x

// -----

// expected-note @+1 {{prior use here}}
%x = "foo.op"() : () -> i32
// expected-error @+1 {{use of value '%x' expects different type than prior uses: 'i64' vs 'i32'}}
"foo.use"(%x) : (i64) -> ()

// -----

// expected-note @+1 {{previously defined here}}
%0 = "foo.a"() : () -> i32
// expected-error @+1 {{redefinition of SSA value '%0'}}
%0 = "foo.b"() : () -> i32

// -----

"foo.op"() ({
^bb0:
  // expected-error @+1 {{reference to an undefined block}}
  "foo.br"()[^missing] : () -> ()
}) : () -> ()

// -----

"foo.op"() ({
^bb0:
  "foo.x"() : () -> ()
// expected-error @+1 {{redefinition of block '^bb0'}}
^bb0:
  "foo.y"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{undefined symbol alias id 'undefined_alias'}}
"foo.op"() {a = #undefined_alias} : () -> ()

// -----

// expected-error @+1 {{undefined symbol alias id 'undefined_type'}}
"foo.op"() : () -> !undefined_type

// -----

#a = 1
// expected-error @+1 {{redefinition of attribute alias id 'a'}}
#a = 2

// -----

// expected-error @+1 {{duplicate key 'a' in dictionary attribute}}
"foo.op"() {a = 1, a = 2} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 256 : i8} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 1 : si1} : () -> ()

// -----

// expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note @+1 {{add a trailing dot to make the literal a float}}
"foo.op"() {a = 1 : f32} : () -> ()

// -----

// expected-error @+1 {{expected '"' in string literal}}
"foo.op"() {a = "unterminated} : () -> ()

// -----

// expected-error @+1 {{unknown escape in string literal}}
"foo.op"() {a = "bad \q escape"} : () -> ()

// -----

// expected-error @+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"foo.op"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()

// -----

// expected-error @+1 {{expected integer elements, but parsed floating-point}}
"foo.op"() {a = dense<[1.5]> : tensor<1xi32>} : () -> ()

// -----

// expected-error @+1 {{expected floating-point elements, but parsed integer}}
"foo.op"() {a = dense<[1]> : tensor<1xf32>} : () -> ()

// -----

// expected-error @+1 {{elements hex data size is invalid for provided type: 'tensor<2xi1>'}}
"foo.op"() {a = dense<"0x0105"> : tensor<2xi1>} : () -> ()

// -----

// expected-error @+1 {{expected integer literal}}
"foo.op"() {a = array<i32: 1.5>} : () -> ()

// -----

// expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note @+1 {{add a trailing dot to make the literal a float}}
"foo.op"() {a = array<f32: 1>} : () -> ()

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
"foo.op"() : () -> memref<2xf32, [1]>

// -----

// expected-error @+1 {{vector types must have positive constant sizes}}
"foo.op"() : () -> vector<0xf32>

// -----

// expected-error @+1 {{expected '>' in tensor type}}
"foo.op"() : () -> tensor<2xf32

// -----

// expected-error @+1 {{expected '>' after fused location metadata}}
"foo.op"() : () -> () loc(fused<"x")

// -----

func.func @fused_no_open() {
  // expected-error @+1 {{expected '[' in fused location}}
  return loc(fused<"m">"n"])
}

// -----

func.func @fused_no_close() {
  // expected-error @+1 {{expected ']' in fused location}}
  return loc(fused["a", "b")
}

// -----

// expected-error @+1 {{expected '>' in tuple type}}
func.func private @open_tuple() -> tuple<i8, f16 i1>

// -----

// expected-error @below {{expected 'offset' after comma}}
func.func private @comma_only(memref<4xi8, strided<[2], >>)

// -----

// expected-error @below {{expected ':' after 'offset'}}
func.func private @offset_no_colon(memref<4xi8, strided<[2], offset 3>>)

// -----

// expected-error @below {{strides must not be zero}}
func.func private @zero_stride(memref<4x4xi8, strided<[4, 0]>>)

// -----

// expected-error @below {{multiple memory spaces specified in memref type}}
func.func private @two_spaces(memref<4xi16, 2, 3>)

// -----

// expected-error @below {{expected memory space to be last in memref type}}
func.func private @space_first(memref<4xi16, 5, strided<[1]>>)

// -----

// expected-error @below {{cannot have affine map for unranked memref type}}
func.func private @unranked_layout(memref<*xi16, strided<[1]>>)

// -----

// expected-error @below {{expected the number of strides to match the rank}}
func.func private @stride_rank(memref<3x5xi16, strided<[5]>>)

// -----

// expected-error @below {{expected ',' or '>' in memref type}}
func.func private @no_sep(memref<3xi16 1>)

// -----

func.func @type_token_is_no_op_name() {
  // expected-error @+1 {{expected operation name in quotes}}
  %0 = ui8 "x"
  return
}

// -----

func.func @name_for_no_results() {
  // expected-error @+1 {{cannot name an operation with no results}}
  %0 = "acme.sink"() : () -> ()
  return
}

// -----

func.func @name_list_ends_in_comma() {
  // expected-error @+1 {{expected valid ssa identifier}}
  %a, = "acme.two"() : () -> (i1, i1)
  return
}

// -----

func.func @block_argument_without_type() {
  cf.br ^next
// expected-error @+1 {{expected ':' and type for SSA operand}}
^next(%x):
  return
}

// -----

func.func @forward_use_of_other_type() -> i8 {
  cf.br ^def
^use:
  // expected-note @+1 {{previously used here with type 'i8'}}
  return %late : i8
^def:
  // expected-error @+1 {{definition of SSA value '%late#0' has type 'i32'}}
  %late = "acme.make"() : () -> i32
  cf.br ^use
}

// -----

// expected-error @+1 {{vector types must have positive constant sizes}}
"acme.v"() : () -> vector<[0]x4xf32>

// -----

// expected-error @+1 {{expected integer or float type, got: 'tuple<i8>'}}
"acme.a"() {a = array<tuple<i8>: 1, 2>} : () -> ()

// -----

"acme.op"() : () -> ()
{-#
  // expected-error @+1 {{unknown key 'other_resources' in file metadata dictionary}}
  other_resources: {}
#-}

// -----

"acme.op"() : () -> ()
{-#
  dialect_resources: {
    // expected-error @+1 {{dialect 'acme' is unknown}}
    acme: {}
  }
#-}

// -----

"acme.op"() : () -> ()
{-#
  dialect_resources: {
    // expected-error @+1 {{expected identifier key for 'resource' entry}}
    "builtin": {}
  }
#-}

// -----

"acme.op"() : () -> ()
{-#
  dialect_resources: {
    builtin: {
      // expected-error @+1 {{expected hex string blob for key 'blob'}}
      blob: "0xzz"
    }
  }
#-}

// -----

func.func @successors_on_non_terminator(%a: i8) {
  // expected-error @+1 {{successors in non-terminator}}
  %c = "arith.muli"(%a, %a)[^next] : (i8, i8) -> i8
^next:
  return
}

// -----

// A FileLineColLoc line or column is one unsigned 32-bit integer token: no sign (even
// before a hexadecimal one) and nothing above 4294967295.
// expected-error @+1 {{expected integer line number in FileLineColLoc}}
"foo.op"() : () -> () loc("a.c":-0x3C00:2)

// -----

// expected-error @+1 {{expected integer column number in FileLineColLoc}}
"foo.op"() : () -> () loc(fused["a.c":1:4294967296, "b.c":3:4])
