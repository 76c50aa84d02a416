// Values merged by control flow: results and block arguments of region-branch
// ops (scf.if, scf.for, scf.while, scf.execute_region) and arguments of
// blocks reached by branch ops (cf.br, cf.cond_br, cf.switch) stand for all
// the values that can reach them.
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis))' 2> %t.ours && mlir-opt-19 %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis))' 2> %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis-modref))' 2> %t.ours2 && mlir-opt-19 %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis-modref))' 2> %t.ref2 && diff %t.ref2 %t.ours2
// RUN: lifeline-opt %s --allow-unregistered-dialect --mlir-disable-threading --split-input-file -o /dev/null --pass-pipeline='builtin.module(func.func(test-alias-analysis))' 2>&1 | FileCheck %s

// scf.if yielding a different allocation from each branch: the result may be
// either (MustAlias with one, NoAlias with the other merge to MayAlias), and
// is NoAlias with a third allocation. When both branches yield one value
// the result MustAlias it.
//      if
//     /  \
//  then  else
//     \  /
//    results
// CHECK-LABEL: Testing : "if_merge"
// CHECK-DAG: a#0 <-> if#0: MayAlias
// CHECK-DAG: c#0 <-> if#0: NoAlias
// CHECK-DAG: a#0 <-> if#1: MustAlias
func.func @if_merge(%cond: i1, %arg: memref<4xf32>) attributes {test.ptr = "func"} {
  %a = memref.alloc() {test.ptr = "a"} : memref<4xf32>
  %b = memref.alloc() {test.ptr = "b"} : memref<4xf32>
  %c = memref.alloc() {test.ptr = "c"} : memref<4xf32>
  %r:3 = scf.if %cond -> (memref<4xf32>, memref<4xf32>, memref<4xf32>) {
    scf.yield %a, %a, %arg : memref<4xf32>, memref<4xf32>, memref<4xf32>
  } else {
    %v = memref.subview %a[0] [4] [1] : memref<4xf32> to memref<4xf32, strided<[1]>>
    %w = memref.cast %v : memref<4xf32, strided<[1]>> to memref<4xf32>
    scf.yield %b, %w, %arg : memref<4xf32>, memref<4xf32>, memref<4xf32>
  } {test.ptr = "if"}
  return
}

// -----

// scf.for: the iteration argument and the result can be the init value or
// whatever the body yields; the induction variable is not one of the
// successor inputs, so it stays itself.
//   for --> body --+--> results
//            ^     |
//            +-----+
// CHECK-LABEL: Testing : "for_iter_args"
// CHECK-DAG: init#0 <-> for#0: MayAlias
// CHECK-DAG: other#0 <-> for#1: NoAlias
// CHECK-DAG: init#0 <-> for#1: MustAlias
func.func @for_iter_args(%n: index) attributes {test.ptr = "func"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() {test.ptr = "init"} : memref<4xf32>
  %other = memref.alloc() {test.ptr = "other"} : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init, %y = %init) -> (memref<4xf32>, memref<4xf32>) {
    %fresh = memref.alloc() {test.ptr = "fresh"} : memref<4xf32>
    %yv = memref.cast %y : memref<4xf32> to memref<4xf32>
    scf.yield %fresh, %yv : memref<4xf32>, memref<4xf32>
  } {test.ptr = "for"}
  return
}

// -----

// scf.while: the before region's arguments come from the inits and the after
// region's yield; the after region's arguments and the op's results come from
// scf.condition.
//   while --> before --cond--> after
//               ^                |
//               +----------------+
//             before --cond--> results
// CHECK-LABEL: Testing : "while_loop"
func.func @while_loop(%arg: memref<4xf32>) attributes {test.ptr = "func"} {
  %a = memref.alloc() {test.ptr = "a"} : memref<4xf32>
  %b = memref.alloc() {test.ptr = "b"} : memref<4xf32>
  %r = scf.while (%x = %a) : (memref<4xf32>) -> memref<4xf32> {
    %c = "test.cond"() : () -> i1
    scf.condition(%c) %x : memref<4xf32>
  } do {
  ^bb0(%y: memref<4xf32>):
    scf.yield %b : memref<4xf32>
  } attributes {test.ptr = "while"}
  return
}

// -----

// A diamond of blocks: ^bb3's argument receives an allocation on one path
// and a function argument on the other.
//      bb0
//     /   \
//   bb1   bb2
//     \   /
//      bb3(%m)
// CHECK-LABEL: Testing : "cf_diamond"
// CHECK-DAG: a#0 <-> func.region0.block3#0: MayAlias
func.func @cf_diamond(%cond: i1, %arg: memref<4xf32>) attributes {test.ptr = "func"} {
  %a = memref.alloc() {test.ptr = "a"} : memref<4xf32>
  %b = memref.alloc() {test.ptr = "b"} : memref<4xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : memref<4xf32>)
^bb2:
  cf.br ^bb3(%arg : memref<4xf32>)
^bb3(%m: memref<4xf32>):
  %v = memref.subview %m[0] [2] [1] {test.ptr = "view_of_m"} : memref<4xf32> to memref<2xf32, strided<[1]>>
  return
}

// -----

// Both edges of one cond_br go to the same block with the same allocation,
// so the argument MustAlias it; cf.switch forwards distinct allocations.
//   bb0 ==(two edges)==> bb1(%p) --switch--> bb2(%q) / bb3(%q2)
// CHECK-LABEL: Testing : "cond_br_same_block"
// CHECK-DAG: a#0 <-> func.region0.block1#0: MustAlias
func.func @cond_br_same_block(%cond: i1, %flag: i32) attributes {test.ptr = "func"} {
  %a = memref.alloc() {test.ptr = "a"} : memref<4xf32>
  %b = memref.alloc() {test.ptr = "b"} : memref<4xf32>
  cf.cond_br %cond, ^bb1(%a : memref<4xf32>), ^bb1(%a : memref<4xf32>)
^bb1(%p: memref<4xf32>):
  cf.switch %flag : i32, [
    default: ^bb2(%p : memref<4xf32>),
    1: ^bb2(%b : memref<4xf32>),
    2: ^bb3(%b : memref<4xf32>)
  ]
^bb2(%q: memref<4xf32>):
  return
^bb3(%q2: memref<4xf32>):
  return
}

// -----

// A loop in the CFG: the header argument is the allocation or the view the
// latch passes back; the cycle ends at values already visited.
//   bb0 -> bb1(%p) -> bb2 -> bb1
//             \
//              -> bb3
// CHECK-LABEL: Testing : "cf_loop"
// CHECK-DAG: a#0 <-> func.region0.block1#0: MustAlias
func.func @cf_loop(%cond: i1) attributes {test.ptr = "func"} {
  %a = memref.alloc() {test.ptr = "a"} : memref<4xf32>
  %b = memref.alloc() {test.ptr = "b"} : memref<4xf32>
  cf.br ^bb1(%a : memref<4xf32>)
^bb1(%p: memref<4xf32>):
  cf.cond_br %cond, ^bb2, ^bb3
^bb2:
  %v = memref.cast %p {test.ptr = "cast_p"} : memref<4xf32> to memref<4xf32>
  cf.br ^bb1(%v : memref<4xf32>)
^bb3:
  return
}

// -----

// A predecessor whose terminator is not a branch op (unregistered) stops
// the search: the argument is its own underlying value, next to whatever the
// other predecessors passed when they were visited first (MLIR visits the
// last written branch first).
//   bb0 --cf.br(%a)--> bb2(%m) <--"test.jump"-- bb1
// CHECK-LABEL: Testing : "unknown_terminator"
func.func @unknown_terminator(%cond: i1) attributes {test.ptr = "func"} {
  %a = memref.alloc() {test.ptr = "a"} : memref<4xf32>
  %b = memref.alloc() {test.ptr = "b"} : memref<4xf32>
  cf.cond_br %cond, ^bb1, ^bb2(%a : memref<4xf32>)
^bb1:
  "test.jump"()[^bb2] : () -> ()
^bb2(%m: memref<4xf32>):
  cf.br ^bb3(%b : memref<4xf32>)
^bb3(%n: memref<4xf32>):
  return
}

// -----

// A block that no branch reaches has no underlying values for its argument:
// every query with it (but itself) is MayAlias.
// CHECK-LABEL: Testing : "unreachable_block"
func.func @unreachable_block() attributes {test.ptr = "func"} {
  %a = memref.alloc() {test.ptr = "a"} : memref<4xf32>
  return
^bb1(%dead: memref<4xf32>):
  %c = arith.constant {test.ptr = "c"} 0 : index
  return
}

// -----

// scf.execute_region with several blocks: an exit reached by cf branches
// inside the region makes the result unknown (its own value); a
// single-block region forwards its yield.
// CHECK-LABEL: Testing : "execute_region"
func.func @execute_region(%cond: i1) attributes {test.ptr = "func"} {
  %a = memref.alloc() {test.ptr = "a"} : memref<4xf32>
  %b = memref.alloc() {test.ptr = "b"} : memref<4xf32>
  %r = scf.execute_region -> memref<4xf32> {
    scf.yield %a : memref<4xf32>
  } {test.ptr = "single"}
  %s = scf.execute_region -> memref<4xf32> {
    cf.cond_br %cond, ^bb1, ^bb2
  ^bb1:
    scf.yield %a : memref<4xf32>
  ^bb2:
    scf.yield %b : memref<4xf32>
  } {test.ptr = "multi"}
  return
}

// -----

// Nested loops pass an allocation through two levels of iteration arguments.
// CHECK-LABEL: Testing : "nested_loops"
func.func @nested_loops(%n: index) attributes {test.ptr = "func"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() {test.ptr = "a"} : memref<4xf32>
  %b = memref.alloc() {test.ptr = "b"} : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
    %s = scf.for %j = %c0 to %n step %c1 iter_args(%y = %x) -> (memref<4xf32>) {
      scf.yield %y : memref<4xf32>
    } {test.ptr = "inner"}
    scf.yield %s : memref<4xf32>
  } {test.ptr = "outer"}
  return
}
