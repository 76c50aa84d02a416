// --test-print-liveness per function on every round-trip fixture and bundled
// example (every op of every dialect we have, printed inside live ranges),
// byte-identical to mlir-opt-19 (without threads, so functions print in order).
// RUN: rm -f %t.all
// RUN: for f in %S/../roundtrip/*.mlir %S/../../examples/*.mlir; do \
// RUN:   lifeline-opt $f --allow-unregistered-dialect --mlir-disable-threading --pass-pipeline='builtin.module(func.func(test-print-liveness))' -o /dev/null 2> %t.ours && \
// RUN:   mlir-opt-19 $f --allow-unregistered-dialect --mlir-disable-threading --pass-pipeline='builtin.module(func.func(test-print-liveness))' -o /dev/null 2> %t.ref && \
// RUN:   diff %t.ref %t.ours > /dev/null || { echo "differs: $f"; exit 1; }; \
// RUN:   cat %t.ours >> %t.all; \
// RUN: done
// RUN: FileCheck %s < %t.all
//
// The loop ran: the scf fixture's first function printed.
// CHECK: Testing : ifs
