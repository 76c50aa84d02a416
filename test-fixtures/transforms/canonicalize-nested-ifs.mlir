// RUN: lifeline-opt %s --allow-unregistered-dialect --canonicalize --split-input-file > %t.ours && mlir-opt-19 %s --allow-unregistered-dialect --canonicalize --split-input-file > %t.ref && diff %t.ref %t.ours

// CombineNestedIfs: an scf.if whose then block holds only another scf.if (and
// whose else blocks only yield) becomes one scf.if on the conjunction. A value
// the outer then yields from outside becomes a select on the outer condition;
// a result of the inner if may pass only when the inner else yields what the
// outer else yields.

func.func @both_hold(%p: i1, %q: i1, %m: memref<i32>, %v: i32) {
  scf.if %p {
    scf.if %q {
      memref.store %v, %m[] : memref<i32>
    }
  }
  return
}

// -----

func.func @yields_through(%p: i1, %q: i1, %fallback: index) -> index {
  %r = scf.if %p -> index {
    %s = scf.if %q -> index {
      %w = "foo.work"() : () -> index
      scf.yield %w : index
    } else {
      scf.yield %fallback : index
    }
    scf.yield %s : index
  } else {
    scf.yield %fallback : index
  }
  return %r : index
}

// -----

// The outer then yields a value from outside: it becomes a select.
func.func @outer_value(%p: i1, %q: i1, %a: i32, %b: i32) -> i32 {
  %r = scf.if %p -> i32 {
    scf.if %q {
      "foo.side"() : () -> ()
    }
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  return %r : i32
}

// -----

// The inner else yields something else than the outer else: no merge.
func.func @else_differs(%p: i1, %q: i1, %a: index, %b: index) -> index {
  %r = scf.if %p -> index {
    %s = scf.if %q -> index {
      %w = "foo.work"() : () -> index
      scf.yield %w : index
    } else {
      scf.yield %a : index
    }
    scf.yield %s : index
  } else {
    scf.yield %b : index
  }
  return %r : index
}
