// Sum of a buffer with a structured loop, then a branchy epilogue.
func.func @sum(%buf: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %buf[%i] : memref<?xf32>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  %neg = arith.cmpf olt, %s, %zero : f32
  cf.cond_br %neg, ^clamp, ^done(%s : f32)
^clamp:
  cf.br ^done(%zero : f32)
^done(%r: f32):
  return %r : f32
}
