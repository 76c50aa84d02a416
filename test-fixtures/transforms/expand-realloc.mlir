// RUN: lifeline-opt %s --expand-realloc > %t.ours && mlir-opt-19 %s --expand-realloc > %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --expand-realloc=emit-deallocs=false > %t.ours2 && mlir-opt-19 %s --expand-realloc=emit-deallocs=false > %t.ref2 && diff %t.ref2 %t.ours2
// RUN: lifeline-opt %s --expand-realloc | mlir-opt-19 > %t.reprinted && diff %t.ref %t.reprinted

// expand-realloc: dynamic/static source and target sizes, alignment and memory
// spaces, with and without the dealloc of the old buffer.
func.func @f(%a: memref<?xf32>, %n: index, %b: memref<4xi8, 3>, %c: memref<8xf32>) -> (memref<?xf32>, memref<?xi8, 3>, memref<2xf32>, memref<16xf32>) {
  %0 = memref.realloc %a(%n) : memref<?xf32> to memref<?xf32>
  %1 = memref.realloc %b(%n) {alignment = 16} : memref<4xi8, 3> to memref<?xi8, 3>
  %2 = memref.realloc %a : memref<?xf32> to memref<2xf32>
  %3 = memref.realloc %c : memref<8xf32> to memref<16xf32>
  return %0, %1, %2, %3 : memref<?xf32>, memref<?xi8, 3>, memref<2xf32>, memref<16xf32>
}

// Inside a loop, chained: each realloc reads the previous result.
func.func @chain(%a: memref<?xi64, #gpu.address_space<workgroup>>, %n: index) -> memref<?xi64, #gpu.address_space<workgroup>> {
  %0 = memref.realloc %a(%n) : memref<?xi64, #gpu.address_space<workgroup>> to memref<?xi64, #gpu.address_space<workgroup>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %1 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %0) -> (memref<?xi64, #gpu.address_space<workgroup>>) {
    %2 = memref.realloc %m(%i) : memref<?xi64, #gpu.address_space<workgroup>> to memref<?xi64, #gpu.address_space<workgroup>>
    scf.yield %2 : memref<?xi64, #gpu.address_space<workgroup>>
  }
  return %1 : memref<?xi64, #gpu.address_space<workgroup>>
}
