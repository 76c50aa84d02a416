// RUN: lifeline-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: mlir-opt-19 %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: not lifeline-opt %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ours; not mlir-opt-19 %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ref; diff %t.ref %t.ours

func.func @f(%m: memref<2xf32>, %c: i1) {
  // expected-error @+1 {{'bufferization.dealloc' op must have the same number of conditions as memrefs to deallocate}}
  bufferization.dealloc (%m : memref<2xf32>) if (%c, %c)
  return
}

// -----

func.func @f(%m: memref<2xf32>) {
  // expected-error @+1 {{'bufferization.dealloc' op must have the same number of updated conditions (results) as retained operands}}
  "bufferization.dealloc"(%m) <{operandSegmentSizes = array<i32: 0, 0, 1>}> : (memref<2xf32>) -> ()
  return
}

// -----

func.func @f(%t: tensor<2xf32>, %c: i1) {
  // expected-error @+1 {{'bufferization.dealloc' op operand #0 must be variadic of ranked or unranked memref of any type values, but got 'tensor<2xf32>'}}
  "bufferization.dealloc"(%t, %c) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<2xf32>, i1) -> ()
  return
}

// -----

func.func @f(%m: memref<2xf32>) {
  // expected-error @+1 {{'bufferization.dealloc' op result #0 must be variadic of 1-bit signless integer, but got 'index'}}
  %0 = "bufferization.dealloc"(%m) <{operandSegmentSizes = array<i32: 0, 0, 1>}> : (memref<2xf32>) -> index
  return
}

// -----

func.func @f(%t: tensor<2xf32>) {
  // expected-error @+1 {{'bufferization.clone' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<2xf32>'}}
  %0 = "bufferization.clone"(%t) : (tensor<2xf32>) -> memref<2xf32>
  return
}

// -----

func.func @f(%m: memref<2xf32>) {
  // expected-error @+1 {{'bufferization.to_tensor' op failed to verify that result type matches tensor equivalent of 'memref'}}
  %0 = "bufferization.to_tensor"(%m) : (memref<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%t: tensor<2xf32>) {
  // expected-error @+1 {{'bufferization.to_memref' op failed to verify that type of 'tensor' is the tensor equivalent of 'memref'}}
  %0 = "bufferization.to_memref"(%t) : (tensor<2xf32>) -> memref<?xf32>
  return
}

// -----

func.func @f(%m: memref<2xf32>) {
  // expected-error @+1 {{'bufferization.to_memref' op operand #0 must be tensor of any type values, but got 'memref<2xf32>'}}
  %0 = "bufferization.to_memref"(%m) : (memref<2xf32>) -> memref<2xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{custom op 'bufferization.alloc_tensor' invalid kind of type specified}}
  %0 = bufferization.alloc_tensor() : memref<2xf32>
  return
}

// -----

func.func @f(%t: tensor<?xf32>, %i: index) {
  // expected-error @+1 {{dynamic sizes not needed when copying a tensor}}
  %0 = bufferization.alloc_tensor(%i) copy(%t) : tensor<?xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{expected 1 dynamic sizes}}
  %0 = bufferization.alloc_tensor() : tensor<?xf32>
  return
}

// -----

func.func @f(%t: tensor<?xf32>) {
  // expected-error @+1 {{expected that `copy` and return type match}}
  %0 = "bufferization.alloc_tensor"(%t) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (tensor<?xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%i: index) {
  // expected-error @+1 {{expected '='}}
  %0 = bufferization.alloc_tensor(%i) size_hint %i : tensor<?xf32>
  return
}

// -----

func.func @f(%t: tensor<2xf32>, %m: memref<3xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op source/destination shapes are incompatible}}
  bufferization.materialize_in_destination %t in writable %m : (tensor<2xf32>, memref<3xf32>) -> ()
  return
}

// -----

func.func @f(%t: tensor<2xf32>, %m: memref<2xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op 'writable' must be specified if and only if the destination is of memref type}}
  bufferization.materialize_in_destination %t in %m : (tensor<2xf32>, memref<2xf32>) -> ()
  return
}

// -----

func.func @f(%t: tensor<2xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op 'restrict' is valid only for memref destinations}}
  %0 = bufferization.materialize_in_destination %t in restrict %t : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%t: tensor<2xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op tensor 'dest' implies exactly one tensor result}}
  bufferization.materialize_in_destination %t in %t : (tensor<2xf32>, tensor<2xf32>) -> ()
  return
}

// -----

func.func @f(%t: tensor<2xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op result and 'dest' types must match}}
  %0 = bufferization.materialize_in_destination %t in %t : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%t: tensor<2xf32>, %m: memref<2x2xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op rank mismatch between source and destination shape}}
  bufferization.materialize_in_destination %t in writable %m : (tensor<2xf32>, memref<2x2xf32>) -> ()
  return
}

// -----

func.func @f(%t: tensor<*xf32>, %m: memref<2xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op source/destination shapes are incompatible}}
  bufferization.materialize_in_destination %t in writable %m : (tensor<*xf32>, memref<2xf32>) -> ()
  return
}

// -----

func.func @f(%t: tensor<2xf32>, %m: memref<2xi32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op failed to verify that all of {source, dest} have same element type}}
  bufferization.materialize_in_destination %t in writable %m : (tensor<2xf32>, memref<2xi32>) -> ()
  return
}

// -----

func.func @f(%t: tensor<2xf32>, %i: index) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op operand #1 must be shaped of any type values, but got 'index'}}
  "bufferization.materialize_in_destination"(%t, %i) : (tensor<2xf32>, index) -> ()
  return
}

// -----

func.func @f(%m: memref<2xf32>) {
  // expected-error @+1 {{'bufferization.dealloc_tensor' op operand #0 must be tensor of any type values, but got 'memref<2xf32>'}}
  "bufferization.dealloc_tensor"(%m) : (memref<2xf32>) -> ()
  return
}

// -----

func.func @f(%m: memref<2xf32>) {
  // expected-error @+1 {{custom op 'bufferization.nope' is unknown}}
  bufferization.nope %m
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{unregistered operation 'bufferization.nope' found in dialect ('bufferization') that does not allow unknown operations}}
  "bufferization.nope"() : () -> ()
  return
}

// -----

func.func @dialect_op_attribute(%n: index) {
  // expected-error @+1 {{attribute '"bufferization.keep"' not supported as an op attribute by the bufferization dialect}}
  %m = memref.alloc(%n) {bufferization.keep} : memref<?xi8>
  return
}
