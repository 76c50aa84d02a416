// RUN: lifeline-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: mlir-opt-19 %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: not lifeline-opt %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ours; not mlir-opt-19 %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ref; diff %t.ref %t.ours

// Affine maps and integer sets: MLIR's affine grammar, its wording and where
// each error points (the full stderr is diffed against mlir-opt-19).

// expected-error @below {{no expression inside parentheses}}
#empty_paren = affine_map<(a, b) -> (b, ())>

// -----

// expected-error @below {{expected affine expression}}
#lead_comma = affine_map<(a) -> (, a)>

// -----

// expected-error @below {{missing right operand of binary operator}}
#dangling = affine_map<(a)[n] -> (a * 3 +, n)>

// -----

// expected-error @below {{missing left operand of binary operator}}
#no_left = affine_map<(a, b) -> (b, * a)>

// -----

// expected-error @below {{expected ')'}}
#unclosed = affine_map<(a)[n] -> ((a + n, a)>

// -----

// expected-error @below {{expected '(' in affine map range}}
#bare_range = affine_map<(a, b) -> a + b>

// -----

// expected-error @below {{expected ')' in affine map range}}
#juxtaposed = affine_map<(a, b) -> (a 4, b)>

// -----

// expected-error @below {{use of undeclared identifier}}
#unknown = affine_map<(a)[n] -> (a + m)>

// -----

// expected-error @below {{use of undeclared identifier}}
#kw_as_operand = affine_map<(a) -> (ceildiv a 4)>

// -----

// expected-error @below {{redefinition of identifier 'n'}}
#twice = affine_map<(n, a)[n] -> (a)>

// -----

// expected-error @below {{expected bare identifier}}
#numeric_dim = affine_map<(a, 7) -> (a)>

// -----

// expected-error @below {{no expression inside parentheses}}
// expected-error @below {{missing operand of negation}}
#neg_empty = affine_map<(a) -> (a, -())>

// -----

// expected-error @below {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
#dim_times_dim = affine_map<(a, b)[n] -> (a * n * b)>

// -----

// The product with `b - b` (folded to 0) is affine, the one with `b` is not.
// expected-error @below {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
#cancelled = affine_map<(a, b) -> (a * (b - b), (a + 1) * b)>

// -----

// expected-error @below {{non-affine expression: right operand of floordiv has to be either a constant or symbolic}}
#div_by_dim = affine_map<(a, b) -> (a floordiv (b + 2))>

// -----

// expected-error @below {{non-affine expression: right operand of mod has to be either a constant or symbolic}}
#mod_by_dim = affine_map<(a, b)[n] -> (n mod a)>

// -----

// expected-error @below {{constant too large for index}}
#huge = affine_map<(a) -> (a + 9223372036854775808)>

// -----

// expected-error @below {{unexpected ssa identifier}}
#ssa = affine_map<(a) -> (a + symbol(%n))>

// -----

// expected-error @below {{expected '->' or ':'}}
#no_arrow = affine_map<(a)[n] (a)>

// -----

// expected-error @below {{expected AffineMap, but got IntegerSet}}
#set_as_map = affine_map<(a) : (a >= 0)>

// -----

// expected-error @below {{expected IntegerSet, but got AffineMap}}
#map_as_set = affine_set<(a) -> (a)>

// -----

// expected-error @below {{expected '== affine-expr' or '>= affine-expr' at end of affine constraint}}
#strict = affine_set<(a)[n] : (a - n > 0)>

// -----

// expected-error @below {{expected '>' in integer set}}
#set_unclosed = affine_set<(a)[n] : (a <= n, a == 2)

// -----

// expected-error @below {{expected '<' in affine map}}
#no_angle = affine_map(a) -> (a)

// -----

// Errors inside a memref layout.
// expected-error @below {{use of undeclared identifier}}
func.func private @layout(memref<8xf32, affine_map<(a) -> (a + q)>>)

// -----

// A layout map takes one dim per memref dimension.
// expected-error @below {{memref layout mismatch between rank and affine map: 1 != 2}}
func.func private @layout_rank(memref<16xi8, affine_map<(a, b) -> (a + b)>>)
