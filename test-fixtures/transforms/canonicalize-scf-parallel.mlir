// RUN: lifeline-opt %s --allow-unregistered-dialect --canonicalize --split-input-file > %t.ours && mlir-opt-19 %s --allow-unregistered-dialect --canonicalize --split-input-file > %t.ref && diff %t.ref %t.ours

// scf.parallel canonicalization: a dimension that runs exactly once loses its
// induction variable to the lower bound; when every dimension runs once the
// body is inlined and each reduction applied once to its init; a dimension
// whose bounds are one value never runs, so the loop gives its inits; a
// parallel directly nested in another, without reductions, merges into it.

func.func @one_dim_runs_once(%m: memref<?x?xi32>, %n: index, %v: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i, %j) = (%c5, %c0) to (%c8, %n) step (%c5, %c1) {
    memref.store %v, %m[%i, %j] : memref<?x?xi32>
    scf.reduce
  }
  return
}

// -----

func.func @all_dims_run_once(%init: f32, %m: memref<4xf32>) -> f32 {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i) = (%c2) to (%c3) step (%c1) init(%init) -> f32 {
    %x = memref.load %m[%i] : memref<4xf32>
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}

// -----

func.func @never_runs(%lb: index, %ub: index, %s: index, %init: i32) -> i32 {
  %r = scf.parallel (%i, %j) = (%lb, %ub) to (%ub, %ub) step (%s, %s) init(%init) -> i32 {
    %x = "foo.make"() : () -> i32
    scf.reduce(%x : i32) {
    ^bb0(%a: i32, %b: i32):
      %s2 = arith.muli %a, %b : i32
      scf.reduce.return %s2 : i32
    }
  }
  return %r : i32
}

// -----

func.func @nest(%m: memref<?x?xf32>, %a: index, %b: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%a) step (%c1) {
    scf.parallel (%j) = (%c0) to (%b) step (%c1) {
      memref.store %v, %m[%i, %j] : memref<?x?xf32>
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// The inner bounds use the outer induction variable: no merge.
func.func @dependent_nest(%m: memref<?x?xf32>, %a: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%a) step (%c1) {
    scf.parallel (%j) = (%c0) to (%i) step (%c1) {
      memref.store %v, %m[%i, %j] : memref<?x?xf32>
      scf.reduce
    }
    scf.reduce
  }
  return
}
