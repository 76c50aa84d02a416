// mlir-opt-19's --split-input-file: chunks are cut at the marker even mid-line,
// a marker cut short is a near miss (a warning), diagnostics and
// locations name the chunk ("within split at FILE:LINE offset ") and count lines
// from the chunk's start, and a failed chunk keeps its separators.
// RUN: not lifeline-opt --split-input-file --mlir-print-debuginfo %s > %t.ours 2> %t.ours.err
// RUN: not mlir-opt-19 --split-input-file --mlir-print-debuginfo %s > %t.ref 2> %t.ref.err
// RUN: diff %t.ref %t.ours && diff %t.ref.err %t.ours.err
// RUN: FileCheck %s --input-file %t.ours.err
// CHECK: split-markers.mlir:[[@LINE+5]]:9: warning: near miss with file split marker
// CHECK: within split at {{.*}}split-markers.mlir:{{[0-9]+}} offset :{{[0-9]+}}:8: error: custom op 'bad' is unknown

func.func @first() {
  return
} // --- not a marker
func.func @second() {
  return
} // -----
func.func @fails() {
  %x = bad
}
// -----
func.func @last() {
  return
}
