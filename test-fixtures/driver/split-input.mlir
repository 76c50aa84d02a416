// --split-input-file output and stdin input match mlir-opt-19 byte for byte.
// RUN: lifeline-opt --split-input-file %s > %t.ours && mlir-opt-19 --split-input-file %s > %t.ref && diff %t.ref %t.ours
// RUN: cat %s | lifeline-opt -split-input-file - -o %t.stdin && diff %t.ref %t.stdin
// RUN: not lifeline-opt --no-such-flag %s 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: Unknown command line argument '--no-such-flag'
// RUN: not lifeline-opt --pass-pipeline='builtin.module(nope)' %s 2>&1 | FileCheck %s --check-prefix=PIPE
// PIPE: 'nope' does not refer to a registered pass or pass pipeline

func.func @first() {
  return
}

// -----

func.func @second(%a: i32) -> i32 {
  return %a : i32
}
