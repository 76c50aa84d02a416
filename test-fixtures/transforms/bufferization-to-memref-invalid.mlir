// RUN: not lifeline-opt %s --convert-bufferization-to-memref 2> %t.ours; not mlir-opt-19 %s --convert-bufferization-to-memref 2> %t.ref; grep 'error:' %t.ref > %t.ref.err && grep 'error:' %t.ours > %t.ours.err && diff %t.ref.err %t.ours.err

// Every bufferization op is illegal; to_tensor has no lowering here.
func.func @f(%a: memref<2xf32>) -> tensor<2xf32> {
  %0 = bufferization.to_tensor %a : memref<2xf32>
  return %0 : tensor<2xf32>
}
