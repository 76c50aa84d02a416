// Long flat affine sums print as mlir-opt-19 prints them. The map is generated: 5,000
// terms `d0 + s0 * d0 floordiv 2` (a product inside each sum term) and a set with
// 5,000 products subtracted. Parsing and canonical printing once recursed per term and
// overflowed the stack (internal error) at a few thousand terms; mlir-opt-19 reads
// them (it overflows its own stack near 30,000).
// RUN: (printf '"acme.op"() {m = affine_map<(d0)[s0] -> ('; for i in $(seq 5000); do printf 'd0 + s0 * d0 floordiv 2 + '; done; printf 'd0)>, s = affine_set<(d0)[s0] : ('; for i in $(seq 5000); do printf 'd0 * 2 * s0 - '; done; printf 'd0 >= 0)>} : () -> ()\n') > %t.mlir
// RUN: lifeline-opt %t.mlir --allow-unregistered-dialect > %t.ours && mlir-opt-19 %t.mlir --allow-unregistered-dialect | diff - %t.ours
