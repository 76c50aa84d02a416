// RUN: lifeline-opt %s --ownership-based-buffer-deallocation --buffer-deallocation-simplification > %t.ours && mlir-opt-19 %s --ownership-based-buffer-deallocation --buffer-deallocation-simplification > %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --ownership-based-buffer-deallocation --buffer-deallocation-simplification | FileCheck %s

// The function-boundary ABI makes a call's memref results fresh with respect to
// every buffer the caller had, not distinct from one another: @twice hands one
// owned buffer back in both results (OBBD keeps `return %a, %a`). The caller
// must free the two results in one dealloc, which frees the buffer once when
// they alias; two separate deallocs would free it twice.

func.func @twice(%n: index) -> (memref<?xf32>, memref<?xf32>) {
  %a = memref.alloc(%n) : memref<?xf32>
  return %a, %a : memref<?xf32>, memref<?xf32>
}

// CHECK-LABEL: func @both_results
//       CHECK:   %[[R:.*]]:2 = call @twice
//       CHECK:   %[[B0:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
//       CHECK:   %[[B1:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#1
//  CHECK-NEXT:   bufferization.dealloc (%[[B0]], %[[B1]] : memref<f32>, memref<f32>)
//  CHECK-NEXT:   return
func.func @both_results(%n: index) {
  %r:2 = call @twice(%n) : (index) -> (memref<?xf32>, memref<?xf32>)
  "test.read_buffer"(%r#0) : (memref<?xf32>) -> ()
  "test.read_buffer"(%r#1) : (memref<?xf32>) -> ()
  return
}

