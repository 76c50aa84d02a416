// An executable memref program for the deallocation pipeline: buffers flow through
// scf.if results, scf.for iter_args, cf.cond_br block arguments and calls, and
// @main folds what it loads into its result. The input frees nothing; after
// --buffer-deallocation-pipeline, lifeline-run must report no leak and the same result.

// A fresh buffer of %n elements, filled with %seed, %seed+1, ...
func.func private @fresh(%n: index, %seed: i64) -> memref<?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = memref.alloc(%n) : memref<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    %k = arith.index_cast %i : index to i64
    %v = arith.addi %seed, %k : i64
    memref.store %v, %buf[%i] : memref<?xi64>
  }
  return %buf : memref<?xi64>
}

// Sum of the first %n elements.
func.func @sum(%buf: memref<?xi64>, %n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %v = memref.load %buf[%i] : memref<?xi64>
    %a = arith.addi %acc, %v : i64
    scf.yield %a : i64
  }
  return %s : i64
}

func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %seed = arith.constant 3 : i64
  %a = call @fresh(%c8, %seed) : (index, i64) -> memref<?xi64>
  // The condition comes from memory, so the canonicalizer cannot fold it.
  %first = memref.load %a[%c0] : memref<?xi64>
  %odd = arith.trunci %first : i64 to i1
  // scf.if yields either the argument buffer or a fresh copy.
  %b = scf.if %odd -> (memref<?xi64>) {
    %copy = memref.alloc(%c8) : memref<?xi64>
    memref.copy %a, %copy : memref<?xi64> to memref<?xi64>
    scf.yield %copy : memref<?xi64>
  } else {
    scf.yield %a : memref<?xi64>
  }
  // A loop that replaces its buffer on every iteration.
  %last = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %b) -> (memref<?xi64>) {
    %k = arith.index_cast %i : index to i64
    %next = func.call @fresh(%c8, %k) : (index, i64) -> memref<?xi64>
    %x = memref.load %cur[%i] : memref<?xi64>
    memref.store %x, %next[%c0] : memref<?xi64>
    scf.yield %next : memref<?xi64>
  }
  %s0 = call @sum(%last, %c8) : (memref<?xi64>, index) -> i64
  // A diamond that passes one of two buffers on as a block argument. (mlir-opt-19
  // crashes when a result of an scf op with memref results is live into another
  // block, so the diamond only uses %a.)
  %v = memref.load %last[%c1] : memref<?xi64>
  %big = arith.cmpi sgt, %v, %seed : i64
  cf.cond_br %big, ^left, ^right
^left:
  %view = memref.subview %a[2] [4] [1] : memref<?xi64> to memref<4xi64, strided<[1], offset: 2>>
  %cast = memref.cast %view : memref<4xi64, strided<[1], offset: 2>> to memref<?xi64, strided<[1], offset: ?>>
  %l = memref.alloc(%c4) : memref<?xi64>
  memref.copy %cast, %l : memref<?xi64, strided<[1], offset: ?>> to memref<?xi64>
  cf.br ^join(%l : memref<?xi64>)
^right:
  cf.br ^join(%a : memref<?xi64>)
^join(%m: memref<?xi64>):
  %s1 = call @sum(%m, %c4) : (memref<?xi64>, index) -> i64
  %s2 = call @sum(%a, %c8) : (memref<?xi64>, index) -> i64
  %r = arith.addi %s1, %s2 : i64
  %r0 = arith.addi %r, %s0 : i64
  return %r0 : i64
}
