// RUN: lifeline-opt %s --canonicalize > %t.ours && mlir-opt-19 %t.ours > %t.norm && mlir-opt-19 %s --canonicalize > %t.ref && diff %t.ref %t.norm

// Output of mlir-opt-19 --ownership-based-buffer-deallocation on three small functions
// (scf.if yielding an alloc, scf.for with an iter_arg buffer, a CFG with a conditional
// store): i1 ownership plumbing, scf.if with clone, bufferization.dealloc with conditions,
// extract_strided_metadata of allocations. Canonicalization must print what mlir-opt-19 prints.

module {
  func.func @branchy(%arg0: i1, %arg1: index) -> memref<?xf32> {
    %false = arith.constant false
    %true = arith.constant true
    %alloc = memref.alloc(%arg1) : memref<?xf32>
    %0:2 = scf.if %arg0 -> (memref<?xf32>, i1) {
      %false_9 = arith.constant false
      %3 = bufferization.dealloc retain (%alloc : memref<?xf32>)
      scf.yield %alloc, %3 : memref<?xf32>, i1
    } else {
      %true_9 = arith.constant true
      %alloc_10 = memref.alloc(%arg1) : memref<?xf32>
      %base_buffer_11, %offset_12, %sizes_13, %strides_14 = memref.extract_strided_metadata %alloc_10 : memref<?xf32> -> memref<f32>, index, index, index
      %3 = bufferization.dealloc (%base_buffer_11 : memref<f32>) if (%true_9) retain (%alloc_10 : memref<?xf32>)
      scf.yield %alloc_10, %3 : memref<?xf32>, i1
    }
    %1 = scf.if %0#1 -> (memref<?xf32>) {
      scf.yield %0#0 : memref<?xf32>
    } else {
      %3 = bufferization.clone %0#0 : memref<?xf32> to memref<?xf32>
      scf.yield %3 : memref<?xf32>
    }
    %true_0 = arith.constant true
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %alloc : memref<?xf32> -> memref<f32>, index, index, index
    %base_buffer_1, %offset_2, %sizes_3, %strides_4 = memref.extract_strided_metadata %0#0 : memref<?xf32> -> memref<f32>, index, index, index
    %base_buffer_5, %offset_6, %sizes_7, %strides_8 = memref.extract_strided_metadata %1 : memref<?xf32> -> memref<f32>, index, index, index
    %2 = bufferization.dealloc (%base_buffer, %base_buffer_1, %base_buffer_5 : memref<f32>, memref<f32>, memref<f32>) if (%true, %0#1, %true_0) retain (%1 : memref<?xf32>)
    return %1 : memref<?xf32>
  }
  func.func @loop(%arg0: index, %arg1: index, %arg2: index, %arg3: memref<2xf32>) -> memref<2xf32> {
    %false = arith.constant false
    %false_0 = arith.constant false
    %0:2 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %arg3, %arg6 = %false) -> (memref<2xf32>, i1) {
      %true_9 = arith.constant true
      %alloc = memref.alloc() : memref<2xf32>
      memref.copy %arg5, %alloc : memref<2xf32> to memref<2xf32>
      %base_buffer_10, %offset_11, %sizes_12, %strides_13 = memref.extract_strided_metadata %arg5 : memref<2xf32> -> memref<f32>, index, index, index
      %base_buffer_14, %offset_15, %sizes_16, %strides_17 = memref.extract_strided_metadata %alloc : memref<2xf32> -> memref<f32>, index, index, index
      %3 = bufferization.dealloc (%base_buffer_10, %base_buffer_14 : memref<f32>, memref<f32>) if (%arg6, %true_9) retain (%alloc : memref<2xf32>)
      scf.yield %alloc, %3 : memref<2xf32>, i1
    }
    %1 = scf.if %0#1 -> (memref<2xf32>) {
      scf.yield %0#0 : memref<2xf32>
    } else {
      %3 = bufferization.clone %0#0 : memref<2xf32> to memref<2xf32>
      scf.yield %3 : memref<2xf32>
    }
    %true = arith.constant true
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %arg3 : memref<2xf32> -> memref<f32>, index, index, index
    %base_buffer_1, %offset_2, %sizes_3, %strides_4 = memref.extract_strided_metadata %0#0 : memref<2xf32> -> memref<f32>, index, index, index
    %base_buffer_5, %offset_6, %sizes_7, %strides_8 = memref.extract_strided_metadata %1 : memref<2xf32> -> memref<f32>, index, index, index
    %2 = bufferization.dealloc (%base_buffer, %base_buffer_1, %base_buffer_5 : memref<f32>, memref<f32>, memref<f32>) if (%false_0, %0#1, %true) retain (%1 : memref<2xf32>)
    return %1 : memref<2xf32>
  }
  func.func @cfg(%arg0: i1) {
    %true = arith.constant true
    %alloc = memref.alloc() : memref<2xf32>
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %alloc : memref<2xf32> -> memref<f32>, index, index, index
    %0 = arith.andi %true, %arg0 : i1
    %1 = bufferization.dealloc (%base_buffer : memref<f32>) if (%0) retain (%alloc : memref<2xf32>)
    %true_0 = arith.constant true
    %2 = arith.xori %true_0, %arg0 : i1
    %3 = arith.andi %true, %2 : i1
    bufferization.dealloc (%base_buffer : memref<f32>) if (%3)
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %cst = arith.constant 1.000000e+00 : f32
    %c0 = arith.constant 0 : index
    memref.store %cst, %alloc[%c0] : memref<2xf32>
    %base_buffer_1, %offset_2, %sizes_3, %strides_4 = memref.extract_strided_metadata %alloc : memref<2xf32> -> memref<f32>, index, index, index
    bufferization.dealloc (%base_buffer_1 : memref<f32>) if (%1)
    cf.br ^bb2
  ^bb2:  // 2 preds: ^bb0, ^bb1
    return
  }
}


// SimplifyClones across cast-compatible types: the clone becomes a memref.cast of
// its source and the source's free goes; a clone freed by a memref.realloc whose
// result is used is left alone.
func.func @clone_to_static(%m: memref<?x4xi16>) -> memref<9x4xi16> {
  %c = bufferization.clone %m : memref<?x4xi16> to memref<9x4xi16>
  memref.dealloc %m : memref<?x4xi16>
  return %c : memref<9x4xi16>
}

func.func @clone_then_realloc(%m: memref<?xi16>) -> memref<12xi16> {
  %c = bufferization.clone %m : memref<?xi16> to memref<6xi16>
  %z = arith.constant 0 : i16
  %i = arith.constant 2 : index
  memref.store %z, %c[%i] : memref<6xi16>
  %r = memref.realloc %c : memref<6xi16> to memref<12xi16>
  return %r : memref<12xi16>
}
