// RUN: lifeline-opt %s --split-input-file --verify-diagnostics
// RUN: mlir-opt-19 %s --split-input-file --verify-diagnostics
// RUN: not lifeline-opt %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ours; not mlir-opt-19 %s --split-input-file --allow-unregistered-dialect -o /dev/null 2> %t.ref; diff %t.ref %t.ours

func.func @f(%x: f32) {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %x, %x : f32
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error @+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.addf %x, %x : i32
  return
}

// -----

func.func @f(%x: si32) {
  // expected-error @+1 {{'arith.muli' op operand #0 must be signless-integer-like, but got 'si32'}}
  %0 = arith.muli %x, %x : si32
  return
}

// -----

func.func @f(%x: i32, %y: i64) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%x, %y) : (i32, i64) -> i32
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error @+1 {{'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags}}
  %0 = "arith.addi"(%x, %x) {overflowFlags = 1 : i32} : (i32, i32) -> i32
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "arith.addf"(%x, %x) {fastmath = #arith.overflow<nsw>} : (f32, f32) -> f32
  return
}

// -----

func.func @f(%x: vector<4xi32>, %y: tensor<4xi32>) {
  // expected-error @+1 {{'arith.subi' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.subi"(%x, %x) : (vector<4xi32>, vector<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error @+1 {{'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible}}
  %0 = arith.extsi %x : i32 to i16
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error @+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.trunci %x : i32 to i64
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.extf %x : f32 to f16
  return
}

// -----

func.func @f(%x: index) {
  // expected-error @+1 {{'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.extsi %x : index to i64
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = arith.sitofp %x : f32 to f32
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error @+1 {{'arith.uitofp' op requires the same shape for all operands and results}}
  %0 = arith.uitofp %x : i32 to vector<2xf32>
  return
}

// -----

func.func @f(%x: tensor<4xi32>) {
  // expected-error @+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extsi %x : tensor<4xi32> to tensor<?xi64>
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error @+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %x : i32 to i64
  return
}

// -----

func.func @f(%x: memref<4xf32>) {
  // expected-error @+1 {{'arith.index_cast' op operand #0 must be signless-integer-like or memref of signless-integer, but got 'memref<4xf32>'}}
  %0 = arith.index_cast %x : memref<4xf32> to memref<4xindex>
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error @+1 {{'arith.bitcast' op operand type 'i32' and result type 'f64' are cast incompatible}}
  %0 = arith.bitcast %x : i32 to f64
  return
}

// -----

func.func @f(%x: f64) {
  // expected-error @+1 {{'arith.truncf' op attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode}}
  %0 = "arith.truncf"(%x) {roundingmode = 7 : i32} : (f64) -> f32
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error @+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %x, %x : i32
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error @+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%x, %x) {predicate = 42 : i64} : (i32, i32) -> i1
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error @+1 {{'arith.cmpi' op requires attribute 'predicate'}}
  %0 = "arith.cmpi"(%x, %x) : (i32, i32) -> i1
  return
}

// -----

func.func @f(%x: vector<2xi32>) {
  // expected-error @+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%x, %x) {predicate = 0 : i64} : (vector<2xi32>, vector<2xi32>) -> vector<3xi1>
  return
}

// -----

func.func @f(%x: f32, %y: f64) {
  // expected-error @+1 {{'arith.cmpf' op requires all operands to have the same type}}
  %0 = "arith.cmpf"(%x, %y) {predicate = 0 : i64} : (f32, f64) -> i1
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{'arith.cmpf' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}
  %0 = "arith.cmpf"(%x, %x) {predicate = 16 : i64} : (f32, f32) -> i1
  return
}

// -----

func.func @f(%c: i32, %x: i32) {
  // expected-error @+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %0 = arith.select %c, %x, %x : i32, i32
  return
}

// -----

func.func @f(%c: vector<3xi1>, %x: vector<4xi32>) {
  // expected-error @+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %c, %x, %x : vector<3xi1>, vector<4xi32>
  return
}

// -----

func.func @f(%c: i1, %x: i32, %y: i64) {
  // expected-error @+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %x, %y) : (i1, i32, i64) -> i32
  return
}

// -----

func.func @f(%c: vector<4xi1>, %x: tensor<4xi32>) {
  // expected-error @+1 {{'arith.select' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.select"(%c, %x, %x) : (vector<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @f(%c: i1, %x: i32) {
  // expected-error @+1 {{custom op 'arith.select' expected 3 operands}}
  %0 = arith.select %c, %x : i32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'arith.constant' op integer return type must be signless}}
  %0 = arith.constant 1 : si32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() {value = 1 : i32} : () -> i64
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance}}
  %0 = "arith.constant"() {value = [1]} : () -> i32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %0 = arith.constant dense<[1, 2]> : vector<[2]xi32>
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error @+1 {{'arith.addui_extended' op result #1 must be bool-like, but got 'i32'}}
  %0:2 = "arith.addui_extended"(%x, %x) : (i32, i32) -> (i32, i32)
  return
}

// -----

func.func @f(%x: i32, %y: i64) {
  // expected-error @+1 {{'arith.addui_extended' op failed to verify that all of {lhs, rhs, sum} have same type}}
  %0:2 = "arith.addui_extended"(%x, %y) : (i32, i64) -> (i32, i1)
  return
}

// -----

func.func @f(%x: vector<2xi32>) {
  // expected-error @+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %0:2 = "arith.addui_extended"(%x, %x) : (vector<2xi32>, vector<2xi32>) -> (vector<2xi32>, i1)
  return
}

// -----

func.func @f(%x: i32, %y: i64) {
  // expected-error @+1 {{'arith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %0:2 = "arith.mulsi_extended"(%x, %y) : (i32, i64) -> (i32, i32)
  return
}

// -----

func.func @cast_drops_encoding(%t: tensor<2xi32, "p">) {
  // expected-error @+1 {{'arith.sitofp' op operand type 'tensor<2xi32, "p">' and result type 'tensor<2xf32>' are cast incompatible}}
  %0 = arith.sitofp %t : tensor<2xi32, "p"> to tensor<2xf32>
  return
}

// -----

func.func @cmpf_on_integers(%i: i16) {
  // expected-error @+1 {{custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'i16'}}
  %0 = arith.cmpf olt, %i, %i : i16
  return
}
