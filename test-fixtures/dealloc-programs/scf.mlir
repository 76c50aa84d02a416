// scf.for with a memref iter_arg; scf.if yields a fresh copy or the iter_arg,
// a nested loop allocates; flags come from memory so nothing folds.
func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %one = arith.constant 1 : i64
  %init = memref.alloc() : memref<2xi64>
  memref.store %one, %init[%c0] : memref<2xi64>
  %flags = memref.alloc() : memref<6xi1>
  scf.for %i = %c0 to %c6 step %c1 {
    %r = arith.remui %i, %c2 : index
    %b = arith.cmpi eq, %r, %c0 : index
    memref.store %b, %flags[%i] : memref<6xi1>
  }
  %res = scf.for %i = %c0 to %c6 step %c1 iter_args(%m = %init) -> (memref<2xi64>) {
    %f = memref.load %flags[%i] : memref<6xi1>
    %n = scf.if %f -> (memref<2xi64>) {
      %fresh = memref.alloc() : memref<2xi64>
      %x = memref.load %m[%c0] : memref<2xi64>
      %y = arith.addi %x, %x : i64
      memref.store %y, %fresh[%c0] : memref<2xi64>
      scf.yield %fresh : memref<2xi64>
    } else {
      %x = memref.load %m[%c0] : memref<2xi64>
      %y = arith.addi %x, %one : i64
      memref.store %y, %m[%c0] : memref<2xi64>
      scf.yield %m : memref<2xi64>
    }
    %inner = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc = %n) -> (memref<2xi64>) {
      %t = memref.alloc() : memref<2xi64>
      memref.copy %acc, %t : memref<2xi64> to memref<2xi64>
      scf.yield %t : memref<2xi64>
    }
    scf.yield %inner : memref<2xi64>
  }
  %v = memref.load %res[%c0] : memref<2xi64>
  return %v : i64
}
