// Calls returning fresh buffers, selected against arguments and stored flags.
// ABI: a call result is a fresh buffer (returned memrefs are owned by the caller).
func.func @make(%v: i64) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xi64>
  memref.store %v, %a[%c0] : memref<4xi64>
  return %a : memref<4xi64>
}

func.func private @twice(%arg: memref<4xi64>, %flag: memref<1xi1>) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %x = memref.load %arg[%c0] : memref<4xi64>
  %y = arith.addi %x, %x : i64
  %b = memref.alloc() : memref<4xi64>
  memref.store %y, %b[%c0] : memref<4xi64>
  %r = call @make(%y) : (i64) -> memref<4xi64>
  %f = memref.load %flag[%c0] : memref<1xi1>
  %s = arith.select %f, %r, %b : memref<4xi64>
  %out = memref.alloc() : memref<4xi64>
  memref.copy %s, %out : memref<4xi64> to memref<4xi64>
  return %out : memref<4xi64>
}

func.func @chain(%arg: memref<4xi64>, %flag: memref<1xi1>) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %t = call @twice(%arg, %flag) : (memref<4xi64>, memref<1xi1>) -> memref<4xi64>
  %u = call @twice(%t, %flag) : (memref<4xi64>, memref<1xi1>) -> memref<4xi64>
  %f = memref.load %flag[%c0] : memref<1xi1>
  %s = arith.select %f, %u, %t : memref<4xi64>
  %c0_i64 = arith.constant 0 : i64
  %w = call @make(%c0_i64) : (i64) -> memref<4xi64>
  %x = memref.load %s[%c0] : memref<4xi64>
  memref.store %x, %w[%c0] : memref<4xi64>
  return %w : memref<4xi64>
}

func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %false = arith.constant false
  %c3 = arith.constant 3 : i64
  %flag = memref.alloc() : memref<1xi1>
  memref.store %true, %flag[%c0] : memref<1xi1>
  %a = call @make(%c3) : (i64) -> memref<4xi64>
  %r1 = call @chain(%a, %flag) : (memref<4xi64>, memref<1xi1>) -> memref<4xi64>
  memref.store %false, %flag[%c0] : memref<1xi1>
  %r2 = call @chain(%r1, %flag) : (memref<4xi64>, memref<1xi1>) -> memref<4xi64>
  %x = memref.load %r1[%c0] : memref<4xi64>
  %y = memref.load %r2[%c0] : memref<4xi64>
  %z = arith.addi %x, %y : i64
  return %z : i64
}
