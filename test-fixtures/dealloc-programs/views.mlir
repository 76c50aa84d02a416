// Views, casts and globals: subviews of allocations, selects between a global
// and fresh buffers, a returned view-free copy.
memref.global "private" @table : memref<4xi64> = dense<[10, 20, 30, 40]>

func.func @mix(%flag: memref<1xi1>, %k: index) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = memref.load %flag[%c0] : memref<1xi1>
  %g = memref.get_global @table : memref<4xi64>
  %a = memref.alloc() : memref<4xi64>
  %b = memref.alloc() : memref<8xi64>
  memref.copy %g, %a : memref<4xi64> to memref<4xi64>
  %sv = memref.subview %b[2] [4] [1] : memref<8xi64> to memref<4xi64, strided<[1], offset: 2>>
  memref.copy %a, %sv : memref<4xi64> to memref<4xi64, strided<[1], offset: 2>>
  %cast = memref.cast %a : memref<4xi64> to memref<?xi64>
  %s = arith.select %f, %g, %a : memref<4xi64>
  %x = memref.load %s[%k] : memref<4xi64>
  %y = memref.load %sv[%c1] : memref<4xi64, strided<[1], offset: 2>>
  %z = memref.load %cast[%c0] : memref<?xi64>
  %t = arith.addi %x, %y : i64
  %u = arith.addi %t, %z : i64
  %out = memref.alloc() : memref<4xi64>
  memref.store %u, %out[%c0] : memref<4xi64>
  return %out : memref<4xi64>
}

func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %true = arith.constant true
  %false = arith.constant false
  %flag = memref.alloc() : memref<1xi1>
  memref.store %true, %flag[%c0] : memref<1xi1>
  %p = call @mix(%flag, %c2) : (memref<1xi1>, index) -> memref<4xi64>
  memref.store %false, %flag[%c0] : memref<1xi1>
  %q = call @mix(%flag, %c0) : (memref<1xi1>, index) -> memref<4xi64>
  %x = memref.load %p[%c0] : memref<4xi64>
  %y = memref.load %q[%c0] : memref<4xi64>
  %s = arith.addi %x, %y : i64
  return %s : i64
}
