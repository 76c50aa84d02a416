// RUN: lifeline-opt %s --allow-unregistered-dialect > %t.ours && mlir-opt-19 --allow-unregistered-dialect %s > %t.ref && mlir-opt-19 --allow-unregistered-dialect %t.ours | diff %t.ref -
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-print-op-generic > %t.g && mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %s > %t.gref && mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic %t.g | diff %t.gref -
// RUN: lifeline-opt %s --allow-unregistered-dialect | FileCheck %s

// The scf dialect: if (with and without else and results), for (index and
// integer induction variables, iter_args), while/condition, execute_region,
// index_switch, parallel/reduce (several reductions), forall (normalized and
// not, static and dynamic bounds, shared_outs, mapping), implicit terminators.

// CHECK-LABEL: func.func @ifs
func.func @ifs(%c: i1, %a: i32, %b: i32) -> i32 {
  // CHECK:      scf.if %arg0 {
  // CHECK-NEXT:   "test.op"() : () -> ()
  // CHECK-NEXT: }
  scf.if %c {
    "test.op"() : () -> ()
  }
  // CHECK:      } else {
  // CHECK-NEXT:   "test.other"() : () -> ()
  scf.if %c {
    "test.op"() : () -> ()
  } else {
    "test.other"() : () -> ()
  }
  // CHECK:      %0 = scf.if %arg0 -> (i32) {
  // CHECK-NEXT:   scf.yield %arg1 : i32
  // CHECK-NEXT: } else {
  // CHECK-NEXT:   scf.yield %arg2 : i32
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  // CHECK: %1:2 = scf.if %arg0 -> (i32, f32) {
  // CHECK: } {attr = 1 : i32}
  %p:2 = scf.if %c -> (i32, f32) {
    %f = "test.f"() : () -> f32
    scf.yield %a, %f : i32, f32
  } else {
    %g = "test.f"() : () -> f32
    scf.yield %b, %g : i32, f32
  } {attr = 1 : i32}
  // CHECK:      scf.if %arg0 {
  // CHECK-NEXT: } else {
  // CHECK-NEXT: }
  scf.if %c {
    scf.yield
  } else {
  }
  return %r : i32
}

// CHECK-LABEL: func.func @fors
func.func @fors(%lb: index, %ub: index, %st: index, %x: f32, %i: i32, %j: i32) -> f32 {
  // CHECK:      scf.for %arg6 = %arg0 to %arg1 step %arg2 {
  // CHECK-NEXT:   "test.use"(%arg6) : (index) -> ()
  // CHECK-NEXT: }
  scf.for %iv = %lb to %ub step %st {
    "test.use"(%iv) : (index) -> ()
  }
  // CHECK: %0 = scf.for %arg6 = %arg0 to %arg1 step %arg2 iter_args(%arg7 = %arg3) -> (f32) {
  // CHECK: scf.yield %3 : f32
  %s = scf.for %iv = %lb to %ub step %st iter_args(%acc = %x) -> (f32) {
    %n = "test.add"(%acc, %iv) : (f32, index) -> f32
    scf.yield %n : f32
  }
  // CHECK: %1:2 = scf.for %arg6 = %arg0 to %arg1 step %arg2 iter_args(%arg7 = %arg3, %arg8 = %arg4) -> (f32, i32) {
  %t:2 = scf.for %iv = %lb to %ub step %st iter_args(%a = %x, %b = %i) -> (f32, i32) {
    scf.yield %a, %b : f32, i32
  }
  // Sic: mlir-opt prints two spaces before the induction variable's type.
  // CHECK: scf.for %arg6 = %arg4 to %arg5 step %arg4  : i32 {
  scf.for %k = %i to %j step %i : i32 {
    "test.use"(%k) : (i32) -> ()
  }
  // CHECK: %2 = scf.for %arg6 = %arg4 to %arg5 step %arg4 iter_args(%arg7 = %arg4) -> (i32)  : i32 {
  // CHECK: } {some.attr}
  %u = scf.for %k = %i to %j step %i iter_args(%q = %i) -> (i32) : i32 {
    scf.yield %q : i32
  } {some.attr}
  scf.for %iv = %lb to %ub step %st {
    scf.for %iw = %lb to %ub step %st {
    }
  }
  return %s : f32
}

// CHECK-LABEL: func.func @whiles
func.func @whiles(%init: i32, %f: f32) -> i32 {
  // CHECK:      %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
  // CHECK:        scf.condition(%2) %arg2 : i32
  // CHECK-NEXT: } do {
  // CHECK-NEXT: ^bb0(%arg2: i32):
  %r = scf.while (%arg = %init) : (i32) -> i32 {
    %c = "test.cond"(%arg) : (i32) -> i1
    scf.condition(%c) %arg : i32
  } do {
  ^bb0(%x: i32):
    %n = "test.next"(%x) : (i32) -> i32
    scf.yield %n : i32
  }
  // CHECK: %1:2 = scf.while (%arg2 = %arg0, %arg3 = %arg1) : (i32, f32) -> (f32, i32) {
  // CHECK: } attributes {foo}
  %r2:2 = scf.while (%a = %init, %b = %f) : (i32, f32) -> (f32, i32) {
    %c = "test.cond"(%a) : (i32) -> i1
    scf.condition(%c) %b, %a : f32, i32
  } do {
  ^bb0(%x: f32, %y: i32):
    scf.yield %y, %x : i32, f32
  } attributes {foo}
  // CHECK:      scf.while : () -> () {
  // CHECK:        scf.condition(%2)
  // CHECK-NEXT: } do {
  // CHECK-NEXT:   scf.yield
  // CHECK-NEXT: }
  scf.while : () -> () {
    %c = "test.cond"() : () -> i1
    scf.condition(%c)
  } do {
    scf.yield
  }
  return %r : i32
}

// CHECK-LABEL: func.func @exec
func.func @exec(%a: i32) -> i32 {
  // CHECK:      scf.execute_region {
  // CHECK-NEXT:   "test.op"() : () -> ()
  // CHECK-NEXT:   scf.yield
  // CHECK-NEXT: }
  scf.execute_region {
    "test.op"() : () -> ()
    scf.yield
  }
  // CHECK: %0 = scf.execute_region -> i32 {
  // CHECK: ^bb1:  // pred: ^bb0
  // CHECK: } {attr}
  %r = scf.execute_region -> i32 {
    %c = "test.cond"() : () -> i1
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %a : i32
  ^bb2:
    scf.yield %a : i32
  } {attr}
  // CHECK: %1:2 = scf.execute_region -> (i32, i32) {
  %q:2 = scf.execute_region -> (i32, i32) {
    scf.yield %a, %a : i32, i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @switch
func.func @switch(%i: index, %a: i32) -> i32 {
  // Sic: the declarative format leaves a space at the end of the first line.
  // CHECK:      %0 = scf.index_switch %arg0 -> i32 {{$}}
  // CHECK-NEXT: case 2 {
  // CHECK-NEXT:   scf.yield %arg1 : i32
  // CHECK-NEXT: }
  // CHECK-NEXT: case -5 {
  // CHECK:      default {
  %r = scf.index_switch %i -> i32
  case 2 {
    scf.yield %a : i32
  }
  case -5 {
    %c = "test.c"() : () -> i32
    scf.yield %c : i32
  }
  default {
    scf.yield %a : i32
  }
  // CHECK:      scf.index_switch %arg0 {{$}}
  // CHECK-NEXT: default {
  // CHECK-NEXT:   "test.op"() : () -> ()
  // CHECK-NEXT: }
  scf.index_switch %i
  default {
    "test.op"() : () -> ()
  }
  // CHECK:      scf.index_switch %arg0 {attr = 2 : i32} {{$}}
  // CHECK-NEXT: case 0 {
  // CHECK-NEXT:   scf.yield
  // CHECK-NEXT: }
  // CHECK-NEXT: default {
  // CHECK-NEXT: }
  scf.index_switch %i {attr = 2 : i32}
  case 0 {
    scf.yield
  }
  default {
  }
  return %r : i32
}

// CHECK-LABEL: func.func @parallel
func.func @parallel(%lb: index, %ub: index, %st: index, %init: f32) -> f32 {
  // CHECK:      scf.parallel (%arg4, %arg5) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) {
  // CHECK-NEXT:   "test.use"(%arg4, %arg5) : (index, index) -> ()
  // CHECK-NEXT:   scf.reduce {{$}}
  // CHECK-NEXT: }
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  // CHECK:      %0 = scf.parallel (%arg4) = (%arg0) to (%arg1) step (%arg2) init (%arg3) -> f32 {
  // CHECK:        scf.reduce(%2 : f32) {
  // CHECK-NEXT:   ^bb0(%arg5: f32, %arg6: f32):
  // CHECK-NEXT:     %3 = "test.add"(%arg5, %arg6) : (f32, f32) -> f32
  // CHECK-NEXT:     scf.reduce.return %3 : f32
  // CHECK-NEXT:   }
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%init) -> f32 {
    %v = "test.val"(%i) : (index) -> f32
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %rr: f32):
      %s = "test.add"(%l, %rr) : (f32, f32) -> f32
      scf.reduce.return %s : f32
    }
  }
  // CHECK: %1:2 = scf.parallel (%arg4) = (%arg0) to (%arg1) step (%arg2) init (%arg3, %arg0) -> (f32, index) {
  // CHECK: scf.reduce(%2, %arg4 : f32, index) {
  // CHECK: }, {
  // CHECK: } {attr}
  %r2:2 = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%init, %lb) -> (f32, index) {
    %v = "test.val"(%i) : (index) -> f32
    scf.reduce(%v, %i : f32, index) {
    ^bb0(%l: f32, %rr: f32):
      scf.reduce.return %l : f32
    }, {
    ^bb0(%l: index, %rr: index):
      scf.reduce.return %rr : index
    }
  } {attr}
  scf.parallel (%i) = (%lb) to (%ub) step (%st) {
    scf.reduce
  }
  return %r : f32
}

// CHECK-LABEL: func.func @forall
func.func @forall(%n: index, %t: tensor<?xf32>, %u: tensor<4xi32>) -> tensor<?xf32> {
  // CHECK: scf.forall (%arg3, %arg4) in (%arg0, 8) {
  scf.forall (%i, %j) in (%n, 8) {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  // CHECK: scf.forall (%arg3) = (%arg0) to (16) step (2) {
  scf.forall (%i) = (%n) to (16) step (2) {
    "test.use"(%i) : (index) -> ()
  }
  // A normalized loop prints in the short form.
  // CHECK: scf.forall (%arg3, %arg4) in (%arg0, 4) {
  scf.forall (%i, %j) = (0, 0) to (%n, 4) step (1, 1) {
  }
  // CHECK:      %0 = scf.forall (%arg3) in (%arg0) shared_outs(%arg4 = %arg1) -> (tensor<?xf32>) {
  // CHECK-NEXT:   scf.forall.in_parallel {
  // CHECK-NEXT:   }
  // CHECK-NEXT: }
  %r = scf.forall (%i) in (%n) shared_outs(%o = %t) -> (tensor<?xf32>) {
    scf.forall.in_parallel {
    }
  }
  // CHECK: } {mapping = [#gpu.thread<x>]}
  %r2:2 = scf.forall (%i) in (4) shared_outs(%o = %t, %p = %u) -> (tensor<?xf32>, tensor<4xi32>) {
    scf.forall.in_parallel {
    }
  } {mapping = [#gpu.thread<x>]}
  scf.forall (%i) in (4) {
  } {mapping = [#gpu.block<x>]}
  return %r : tensor<?xf32>
}

// CHECK-LABEL: func.func @nested
func.func @nested(%n: index, %t: tensor<?xf32>, %c: i1) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %x = scf.if %c -> (index) {
      %s = arith.addi %acc, %i : index
      scf.yield %s : index
    } else {
      scf.yield %acc : index
    }
    scf.yield %x : index
  }
  // Bounds defined by constants 0 and 1 also make the loop normalized.
  // CHECK: scf.forall (%arg3) in (%arg0) {
  scf.forall (%i) = (%c0) to (%n) step (%c1) {
    "test.use"(%i) : (index) -> ()
  }
  // CHECK: scf.forall (%arg3, %arg4) = (%c1, 0) to (%arg0, %c4) step (%c4, 2) {
  scf.forall (%i, %j) = (%c1, 0) to (%n, %c4) step (%c4, 2) {
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %w = scf.while (%a = %i) : (index) -> index {
      %cond = arith.cmpi slt, %a, %n : index
      scf.condition(%cond) %a : index
    } do {
    ^bb0(%b: index):
      %nx = arith.addi %b, %c1 : index
      scf.yield %nx : index
    }
  }
  %e = scf.execute_region -> index {
    cf.br ^bb1(%c4 : index)
  ^bb1(%v: index):
    scf.yield %v : index
  }
  scf.execute_region {
    scf.execute_region {
      scf.yield
    }
    scf.yield
  }
  // CHECK: %2:2 = scf.index_switch %1 -> index, i1 {{$}}
  %sw:2 = scf.index_switch %e -> index, i1
  case 0 {
    scf.yield %c0, %c : index, i1
  }
  default {
    scf.yield %c1, %c : index, i1
  }
  return %r : index
}

func.func @int_loops(%a: i64, %b: i64) {
  scf.for %i = %a to %b step %a : i64 {
    scf.for %j = %i to %b step %a iter_args(%x = %i, %y = %a) -> (i64, i64) : i64 {
      scf.yield %y, %x : i64, i64
    }
  }
  return
}
