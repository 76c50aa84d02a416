// --version answers as mlir-opt's does: a version banner on stdout, exit 0, no input read
// (an input file that does not exist is not opened).
// RUN: lifeline-opt --version | FileCheck %s
// RUN: lifeline-opt -version %t.does-not-exist | FileCheck %s
// RUN: lifeline-opt --help | FileCheck %s --check-prefix=HELP
// CHECK: Lifeline lifeline-opt version {{[0-9]+\.[0-9]+\.[0-9]+}}
// CHECK-NEXT: MLIR text of mlir-opt 19
// HELP: --version
