/**
 * How results print (main.ts usage): integers signed, i1 as 0/1, floats as the shortest
 * decimal that reads back to the same value of their type, memrefs as nested lists in
 * row-major order of the view; memrefs the entry returns are the runner's, not leaks.
 * Expected strings are written by hand from those rules (f32 0.1 is 0.100000001490116…,
 * whose shortest f32 round-trip decimal is 0.1).
 */
import { describe, expect, it } from 'vitest';
import { runText } from './harness.js';

describe('result printing', () => {
  it('scalars', () => {
    const r = runText(`
func.func @main(%a: i8, %b: f32, %c: f64) -> (i1, i8, index, f32, f64, f32, f64) {
  %t = arith.constant true
  %x = arith.addi %a, %a : i8
  %i = arith.constant -5 : index
  %one = arith.constant 1.0 : f32
  %n = arith.negf %c : f64
  return %t, %x, %i, %b, %n, %one, %c : i1, i8, index, f32, f64, f32, f64
}`, { args: ['100', '0.1', '2.5e-300'] });
    expect(r.results).toEqual(['1', '-56', '-5', '0.1', '-2.5e-300', '1', '2.5e-300']);
  });

  it('memrefs, strided and rank 0, are not leaks of the program', () => {
    const r = runText(`
func.func @main() -> (memref<2x3xi32>, memref<2xi32, strided<[3], offset: 1>>, memref<f64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<2x3xi32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %k = arith.muli %i, %c3 : index
      %l = arith.addi %k, %j : index
      %v = arith.index_cast %l : index to i32
      memref.store %v, %a[%i, %j] : memref<2x3xi32>
    }
  }
  %col = memref.subview %a[0, 1] [1, 3] [1, 1] : memref<2x3xi32> to memref<3xi32, strided<[1], offset: 1>>
  %s = memref.reinterpret_cast %a to offset: [1], sizes: [2], strides: [3] : memref<2x3xi32> to memref<2xi32, strided<[3], offset: 1>>
  %z = memref.alloca() : memref<f64>
  %h = memref.alloc() : memref<f64>
  %f = arith.constant 0.5 : f64
  memref.store %f, %h[] : memref<f64>
  return %a, %s, %h : memref<2x3xi32>, memref<2xi32, strided<[3], offset: 1>>, memref<f64>
}`);
    expect(r.error).toBeUndefined();
    expect(r.results).toEqual(['[[0, 1, 2], [3, 4, 5]]', '[1, 4]', '0.5']);
    expect(r.memory).toMatchObject({ allocs: 2, frees: 0, leaked: 0 });
  });

  it('a read past the allocation through a reinterpret_cast is out of bounds', () => {
    const r = runText(`
func.func @main() -> i32 {
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<2x3xi32>
  %s = memref.reinterpret_cast %a to offset: [1], sizes: [3], strides: [3] : memref<2x3xi32> to memref<3xi32, strided<[3], offset: 1>>
  %v = memref.load %s[%c2] : memref<3xi32, strided<[3], offset: 1>>
  memref.dealloc %a : memref<2x3xi32>
  return %v : i32
}`);
    expect(r.error?.message).toBe('out-of-bounds access: element 7 of an allocation of 6');
    expect(r.errorKind).toBe('runtime');
  });
});

describe('semantics details', () => {
  it('rank-reducing subviews drop the unit dims', () => {
    const r = runText(`
func.func @main() -> (memref<4xi64, strided<[1], offset: ?>>, memref<3xi64, strided<[4], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %a = memref.alloc() : memref<3x4xi64>
  %flat = memref.collapse_shape %a [[0, 1]] : memref<3x4xi64> into memref<12xi64>
  scf.for %i = %c0 to %c12 step %c1 {
    %v = arith.index_cast %i : index to i64
    memref.store %v, %flat[%i] : memref<12xi64>
  }
  %row = memref.subview %a[%c1, 0] [1, 4] [1, 1] : memref<3x4xi64> to memref<4xi64, strided<[1], offset: ?>>
  %col = memref.subview %a[0, %c1] [3, 1] [1, 1] : memref<3x4xi64> to memref<3xi64, strided<[4], offset: ?>>
  return %row, %col : memref<4xi64, strided<[1], offset: ?>>, memref<3xi64, strided<[4], offset: ?>>
}`);
    expect(r.results).toEqual(['[4, 5, 6, 7]', '[1, 5, 9]']);
  });

  it('pointer taint survives memory and index_cast; cmpi of one tainted operand is no pointer compare', () => {
    const r = runText(`
func.func @main() -> (i1, i1) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi64>
  %b = memref.alloc() : memref<1xindex>
  %p = memref.extract_aligned_pointer_as_index %a : memref<2xi64> -> index
  %v = memref.subview %a[1] [1] [1] : memref<2xi64> to memref<1xi64, strided<[1], offset: 1>>
  %q = memref.extract_aligned_pointer_as_index %v : memref<1xi64, strided<[1], offset: 1>> -> index
  memref.store %q, %b[%c0] : memref<1xindex>
  %q2 = memref.load %b[%c0] : memref<1xindex>
  %pi = arith.index_cast %p : index to i64
  %qi = arith.index_cast %q2 : index to i64
  %same = arith.cmpi eq, %pi, %qi : i64
  %z = arith.constant 0 : index
  %nz = arith.cmpi ne, %p, %z : index
  memref.dealloc %a : memref<2xi64>
  memref.dealloc %b : memref<1xindex>
  return %same, %nz : i1, i1
}`);
    expect(r.results).toEqual(['1', '1']);
    expect(r.work).toEqual({ deallocHelperCalls: 0, pointerExtracts: 2, pointerCompares: 1, clones: 0 });
  });

  it('clone copies the view, counts a clone and a heap allocation', () => {
    const r = runText(`
func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xi64>
  %v = memref.subview %a[2] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 2>>
  %k = arith.constant 9 : i64
  memref.store %k, %v[%c0] : memref<2xi64, strided<[1], offset: 2>>
  %c = bufferization.clone %v : memref<2xi64, strided<[1], offset: 2>> to memref<2xi64, strided<[1], offset: 2>>
  %z = arith.constant 0 : i64
  memref.store %z, %v[%c0] : memref<2xi64, strided<[1], offset: 2>>
  %x = memref.load %c[%c0] : memref<2xi64, strided<[1], offset: 2>>
  memref.dealloc %a : memref<4xi64>
  memref.dealloc %c : memref<2xi64, strided<[1], offset: 2>>
  return %x : i64
}`);
    expect(r.error).toBeUndefined();
    expect(r.results).toEqual(['9']);
    expect(r.memory).toMatchObject({ allocs: 2, frees: 2, leaked: 0 });
    expect(r.work.clones).toBe(1);
  });
});
