// Buffers, views and copies: what the deallocation passes will work on.
func.func @buffers(%cond: i1, %n: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc(%n) : memref<?xf32>
  %b = scf.if %cond -> (memref<?xf32>) {
    %t = memref.alloc(%n) : memref<?xf32>
    memref.copy %a, %t : memref<?xf32> to memref<?xf32>
    scf.yield %t : memref<?xf32>
  } else {
    scf.yield %a : memref<?xf32>
  }
  %v = memref.subview %b[0] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1]>>
  memref.store %one, %v[%c0] : memref<4xf32, strided<[1]>>
  return %b : memref<?xf32>
}
