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
  return %s : i64
}
