// A private function that may return its argument: under
// private-function-dynamic-ownership its result is not fresh (ABI rule A2).
func.func private @maybe_same(%a: memref<2xi64>, %flag: memref<1xi1>) -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %f = memref.load %flag[%c0] : memref<1xi1>
  %r = scf.if %f -> (memref<2xi64>) {
    scf.yield %a : memref<2xi64>
  } else {
    %b = memref.alloc() : memref<2xi64>
    memref.copy %a, %b : memref<2xi64> to memref<2xi64>
    scf.yield %b : memref<2xi64>
  }
  return %r : memref<2xi64>
}

// The call result may be the local allocation (with dynamic ownership): it is
// forwarded to a successor, so the allocation must be retained there, not freed
// at the branch. A wrong "fresh" answer frees it and ^bb1 reads freed memory.
func.func @wrap(%v: i64, %flag: memref<1xi1>) -> i64 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi64>
  memref.store %v, %a[%c0] : memref<2xi64>
  %r = call @maybe_same(%a, %flag) : (memref<2xi64>, memref<1xi1>) -> memref<2xi64>
  cf.br ^bb1(%r : memref<2xi64>)
^bb1(%m: memref<2xi64>):
  %x = memref.load %m[%c0] : memref<2xi64>
  return %x : i64
}

func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : i64
  %true = arith.constant true
  %false = arith.constant false
  %flag = memref.alloc() : memref<1xi1>
  %a = memref.alloc() : memref<2xi64>
  memref.store %c7, %a[%c0] : memref<2xi64>
  memref.store %true, %flag[%c0] : memref<1xi1>
  %p = call @maybe_same(%a, %flag) : (memref<2xi64>, memref<1xi1>) -> memref<2xi64>
  memref.store %false, %flag[%c0] : memref<1xi1>
  %q = call @maybe_same(%p, %flag) : (memref<2xi64>, memref<1xi1>) -> memref<2xi64>
  %x = memref.load %p[%c0] : memref<2xi64>
  %y = memref.load %q[%c0] : memref<2xi64>
  %s = arith.addi %x, %y : i64
  %c11 = arith.constant 11 : i64
  memref.store %true, %flag[%c0] : memref<1xi1>
  %z = call @wrap(%c11, %flag) : (i64, memref<1xi1>) -> i64
  %t = arith.addi %s, %z : i64
  return %t : i64
}
