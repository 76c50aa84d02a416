// cf.cond_br diamonds passing buffers through block arguments, and a block
// holding several allocations that are freed together.
func.func @pick(%a: memref<3xi64>, %flag: memref<1xi1>) -> memref<3xi64> {
  %c0 = arith.constant 0 : index
  %f = memref.load %flag[%c0] : memref<1xi1>
  %b = memref.alloc() : memref<3xi64>
  %c = memref.alloc() : memref<3xi64>
  %x = memref.load %a[%c0] : memref<3xi64>
  memref.store %x, %b[%c0] : memref<3xi64>
  %y = arith.muli %x, %x : i64
  memref.store %y, %c[%c0] : memref<3xi64>
  cf.cond_br %f, ^bb1(%b : memref<3xi64>), ^bb1(%c : memref<3xi64>)
^bb1(%m: memref<3xi64>):
  %d = memref.alloc() : memref<3xi64>
  %z = memref.load %m[%c0] : memref<3xi64>
  %w = arith.addi %z, %x : i64
  memref.store %w, %d[%c0] : memref<3xi64>
  cf.cond_br %f, ^bb2(%d : memref<3xi64>), ^bb2(%m : memref<3xi64>)
^bb2(%r: memref<3xi64>):
  %out = memref.alloc() : memref<3xi64>
  memref.copy %r, %out : memref<3xi64> to memref<3xi64>
  return %out : memref<3xi64>
}

func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %false = arith.constant false
  %c5 = arith.constant 5 : i64
  %flag = memref.alloc() : memref<1xi1>
  %a = memref.alloc() : memref<3xi64>
  memref.store %c5, %a[%c0] : memref<3xi64>
  memref.store %true, %flag[%c0] : memref<1xi1>
  %p = call @pick(%a, %flag) : (memref<3xi64>, memref<1xi1>) -> memref<3xi64>
  memref.store %false, %flag[%c0] : memref<1xi1>
  %q = call @pick(%p, %flag) : (memref<3xi64>, memref<1xi1>) -> memref<3xi64>
  %x = memref.load %p[%c0] : memref<3xi64>
  %y = memref.load %q[%c0] : memref<3xi64>
  %s = arith.addi %x, %y : i64
  return %s : i64
}
