// RUN: lifeline-opt %s --canonicalize --split-input-file > %t.ours && mlir-opt-19 %t.ours --split-input-file > %t.norm && mlir-opt-19 %s --canonicalize --split-input-file > %t.ref && diff %t.ref %t.norm

// arith: constants move right (cmpi swaps its predicate), xori(cmpi, true)
// inverts the predicate, select(c, false, true) is a not, select of a not swaps.
func.func @arith(%a: i32, %b: i32, %c: i1, %x: i32, %y: i32) -> (i1, i1, i1, i32, i32) {
  %k = arith.constant 7 : i32
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.cmpi slt, %k, %a : i32
  %1 = arith.cmpi ule, %a, %b : i32
  %2 = arith.xori %1, %t : i1
  %3 = arith.select %c, %f, %t : i1
  %nc = arith.xori %c, %t : i1
  %4 = arith.select %nc, %x, %y : i32
  %5 = arith.addi %k, %a : i32
  return %0, %2, %3, %4, %5 : i1, i1, i1, i32, i32
}

// -----

// scf.if: constant conditions inline a region, unused results go, both
// branches yielding one value fold, i1 constants become the condition,
// hoistable yields become selects, an empty else goes.
// Consecutive ifs use different conditions: CombineIfs is not implemented.
func.func @ifs(%c: i1, %d: i1, %e: i1, %a: i32, %b: i32, %m: memref<2xi32>) -> (i32, i1, i32, i32) {
  %t = arith.constant true
  %f = arith.constant false
  %z = arith.constant 0 : index
  %0 = scf.if %t -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  %1:2 = scf.if %c -> (i1, i32) {
    scf.yield %t, %a : i1, i32
  } else {
    scf.yield %f, %a : i1, i32
  }
  %2 = scf.if %d -> (i32) {
    memref.store %a, %m[%z] : memref<2xi32>
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  %3:2 = scf.if %c -> (i32, i32) {
    scf.yield %a, %b : i32, i32
  } else {
    scf.yield %b, %a : i32, i32
  }
  scf.if %e {
    memref.store %b, %m[%z] : memref<2xi32>
  } else {
  }
  return %0, %1#0, %2, %3#1 : i32, i1, i32, i32
}

// -----

// scf.for: zero-trip loops give their inits, one-trip loops inline, unused or
// forwarded iter_args go; execute_region with one block is inlined; a
// constant index_switch inlines its case.
func.func @loops(%lb: index, %ub: index, %a: i32, %m: memref<4xi32>) -> (i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = scf.for %i = %c4 to %c0 step %c1 iter_args(%x = %a) -> (i32) {
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  }
  %1 = scf.for %i = %c0 to %c1 step %c4 iter_args(%x = %a) -> (i32) {
    memref.store %x, %m[%i] : memref<4xi32>
    scf.yield %x : i32
  }
  %2:2 = scf.for %i = %lb to %ub step %c1 iter_args(%x = %a, %u = %a) -> (i32, i32) {
    %l = memref.load %m[%i] : memref<4xi32>
    scf.yield %l, %u : i32, i32
  }
  %3 = scf.execute_region -> i32 {
    %l = memref.load %m[%c0] : memref<4xi32>
    scf.yield %l : i32
  }
  %4 = scf.index_switch %c1 -> i32
  case 1 {
    scf.yield %a : i32
  }
  default {
    scf.yield %3 : i32
  }
  return %0, %1, %2#1, %3, %4 : i32, i32, i32, i32, i32
}

// -----

// memref: dead allocations (only stored into and freed) go; constant dynamic
// sizes become static behind a cast; casts fold into loads, stores and deallocs;
// a copy onto itself goes.
func.func @memrefs(%v: f32, %i: index) -> f32 {
  %c4 = arith.constant 4 : index
  %dead = memref.alloc() : memref<8xf32>
  memref.store %v, %dead[%i] : memref<8xf32>
  memref.dealloc %dead : memref<8xf32>
  %a = memref.alloc(%c4) : memref<?xf32>
  memref.store %v, %a[%i] : memref<?xf32>
  memref.copy %a, %a : memref<?xf32> to memref<?xf32>
  %l = memref.load %a[%i] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return %l : f32
}

// -----

// bufferization.clone: a clone freed in its block with the source freed
// elsewhere becomes the source; an unused clone goes.
func.func @clones(%c: i1, %i: index) -> f32 {
  %a = memref.alloc() : memref<4xf32>
  %b = bufferization.clone %a : memref<4xf32> to memref<4xf32>
  %u = bufferization.clone %a : memref<4xf32> to memref<4xf32>
  %l = memref.load %b[%i] : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  return %l : f32
}

// -----

// bufferization.dealloc: duplicate memrefs or their conditions merge, duplicate
// retained values merge, false conditions drop, extract_strided_metadata of an
// allocation is skipped, an allocation only freed here goes, an empty dealloc
// gives false.
func.func @deallocs(%m: memref<2xf32>, %n: memref<2xf32>, %c: i1, %d: i1) -> (i1, i1, i1, i1) {
  %f = arith.constant false
  %a = memref.alloc() : memref<2xf32>
  %base, %off, %sz, %st = memref.extract_strided_metadata %a : memref<2xf32> -> memref<f32>, index, index, index
  %0:2 = bufferization.dealloc (%m, %m, %n : memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%c, %d, %f) retain (%n, %n : memref<2xf32>, memref<2xf32>)
  %b = memref.alloc() : memref<2xf32>
  %1 = bufferization.dealloc (%base, %b : memref<f32>, memref<2xf32>) if (%c, %d) retain (%m : memref<2xf32>)
  %2 = bufferization.dealloc retain (%m : memref<2xf32>)
  return %0#0, %0#1, %1, %2 : i1, i1, i1, i1
}

// -----

// memref.copy: FoldCopyOfCast folds a cast from any ranked memref, towards static sizes
// too (not one from an unranked memref); a copy from or to a memref with a 0 dimension
// goes (FoldEmptyCopy).
func.func @a(%s: memref<16xf32>, %d: memref<?xf32>) {
  %c = memref.cast %s : memref<16xf32> to memref<?xf32>
  memref.copy %c, %d : memref<?xf32> to memref<?xf32>
  return
}
func.func @b(%s: memref<?xf32>, %d: memref<16xf32>) {
  %c = memref.cast %s : memref<?xf32> to memref<16xf32>
  memref.copy %c, %d : memref<16xf32> to memref<16xf32>
  %e = memref.cast %d : memref<16xf32> to memref<?xf32>
  memref.copy %s, %e : memref<?xf32> to memref<?xf32>
  return
}
func.func @c(%s: memref<*xf32>, %d: memref<16xf32>) {
  %c = memref.cast %s : memref<*xf32> to memref<16xf32>
  memref.copy %c, %d : memref<16xf32> to memref<16xf32>
  return
}
func.func @d(%s: memref<16xf32, strided<[1], offset: ?>>, %d: memref<16xf32>) {
  %c = memref.cast %s : memref<16xf32, strided<[1], offset: ?>> to memref<16xf32, strided<[?], offset: ?>>
  memref.copy %c, %d : memref<16xf32, strided<[?], offset: ?>> to memref<16xf32>
  %e = memref.cast %d : memref<16xf32> to memref<*xf32>
  %f = memref.cast %e : memref<*xf32> to memref<?xf32>
  memref.copy %s, %f : memref<16xf32, strided<[1], offset: ?>> to memref<?xf32>
  return
}

// -----

func.func @e(%s: memref<0xf32>, %d: memref<0xf32>, %t: memref<4x0xf32>, %u: memref<?x?xf32>) {
  memref.copy %s, %d : memref<0xf32> to memref<0xf32>
  %c = memref.cast %t : memref<4x0xf32> to memref<?x?xf32>
  memref.copy %c, %u : memref<?x?xf32> to memref<?x?xf32>
  memref.copy %u, %u : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

// memref.reinterpret_cast's fold: through a cast, a reinterpret_cast or a subview at
// offset 0 to their source; a cast that changes nothing (static shape, same type, offset
// 0) goes.
func.func @rc(%a: memref<16xf32>, %b: memref<?xf32>, %m: memref<8x8xf32>) -> (memref<16xf32>, memref<16xf32>, memref<4xf32>, memref<?xf32, strided<[1], offset: ?>>) {
  %c = memref.cast %a : memref<16xf32> to memref<?xf32>
  %r = memref.reinterpret_cast %c to offset: [0], sizes: [16], strides: [1] {tag = "x"} : memref<?xf32> to memref<16xf32>
  %r2 = memref.reinterpret_cast %r to offset: [0], sizes: [16], strides: [1] : memref<16xf32> to memref<16xf32>
  %s = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<8x8xf32> to memref<2x2xf32, strided<[8, 1]>>
  %r3 = memref.reinterpret_cast %s to offset: [0], sizes: [4], strides: [1] : memref<2x2xf32, strided<[8, 1]>> to memref<4xf32>
  %c0 = arith.constant 0 : index
  %n = memref.dim %b, %c0 : memref<?xf32>
  %r4 = memref.reinterpret_cast %b to offset: [%n], sizes: [%n], strides: [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  return %r, %r2, %r3, %r4 : memref<16xf32>, memref<16xf32>, memref<4xf32>, memref<?xf32, strided<[1], offset: ?>>
}
