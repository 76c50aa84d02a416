// RUN: lifeline-opt %s --ownership-based-buffer-deallocation | mlir-opt-19 > %t.ours && mlir-opt-19 %s --ownership-based-buffer-deallocation > %t.ref && diff %t.ref %t.ours
// RUN: lifeline-opt %s --ownership-based-buffer-deallocation | FileCheck %s

// Ownership-based buffer deallocation on straight-line code, views, selects,
// unstructured (acyclic) control flow, scf region ops, alloca, globals and calls.
// Output must be identical to mlir-opt-19's (first RUN line).

// One owned allocation, freed at the return: constant-true condition.
// CHECK-LABEL: func.func @single_alloc
// CHECK: %[[T:.*]] = arith.constant true
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: %[[B:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[A]]
// CHECK: bufferization.dealloc (%[[B]] : memref<f32>) if (%[[T]])
// CHECK-NEXT: return
func.func @single_alloc() {
  %a = memref.alloc() : memref<2xf32>
  return
}

// Arguments are never owned: condition false, and they are still listed.
// CHECK-LABEL: func.func @argument_only
// CHECK: %[[F:.*]] = arith.constant false
// CHECK: bufferization.dealloc ({{.*}} : memref<f32>) if (%[[F]])
func.func @argument_only(%arg0: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %arg0[%c0] : memref<2xf32>
  return
}

// Returned allocation is retained; the owned value is returned as is.
// CHECK-LABEL: func.func @return_alloc
// CHECK: retain (%{{.*}} : memref<2xf32>)
func.func @return_alloc() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  return %a : memref<2xf32>
}

// Returning an argument needs a clone under the ABI (ownership false -> scf.if).
// CHECK-LABEL: func.func @return_argument
// CHECK: scf.if
// CHECK: bufferization.clone
func.func @return_argument(%arg0: memref<2xf32>) -> memref<2xf32> {
  return %arg0 : memref<2xf32>
}

func.func @many_allocs(%arg0: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.copy %arg0, %a : memref<4xf32> to memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  %c = memref.alloc() : memref<4xf32>
  memref.copy %b, %c : memref<4xf32> to memref<4xf32>
  %x = memref.load %c[%c0] : memref<4xf32>
  memref.store %x, %arg0[%c0] : memref<4xf32>
  return
}

func.func @alloca_not_owned() {
  %a = memref.alloca() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  memref.copy %a, %b : memref<2xf32> to memref<2xf32>
  return
}

func.func @subview_of_alloc() -> memref<2xf32, strided<[1], offset: 2>> {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  return %v : memref<2xf32, strided<[1], offset: 2>>
}

func.func @cast_of_alloc() -> memref<?xf32> {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.cast %a : memref<4xf32> to memref<?xf32>
  return %v : memref<?xf32>
}

func.func @dynamic_alloc(%n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  memref.copy %a, %b : memref<?xf32> to memref<?xf32>
  return %b : memref<?xf32>
}

func.func @reshape_views() -> memref<2x2xf32> {
  %a = memref.alloc() : memref<4xf32>
  %e = memref.expand_shape %a [[0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
  return %e : memref<2x2xf32>
}

func.func @select_allocs(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  return %s : memref<2xf32>
}

func.func @select_alloc_arg(%c: i1, %arg0: memref<2xf32>) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %arg0 : memref<2xf32>
  return %s : memref<2xf32>
}

func.func @select_not_returned(%c: i1, %arg0: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %a, %arg0 : memref<2xf32>
  %c0 = arith.constant 0 : index
  %x = memref.load %s[%c0] : memref<2xf32>
  return
}

func.func @global_not_owned() -> memref<2xf32> {
  %g = memref.get_global @gv : memref<2xf32>
  return %g : memref<2xf32>
}
memref.global "private" constant @gv : memref<2xf32> = dense<[1.0, 2.0]>

func.func @clone_owned(%arg0: memref<2xf32>) -> memref<2xf32> {
  %c = bufferization.clone %arg0 : memref<2xf32> to memref<2xf32>
  return %c : memref<2xf32>
}

func.func @two_results(%arg0: memref<2xf32>) -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  return %a, %arg0 : memref<2xf32>, memref<2xf32>
}

func.func @same_value_twice() -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  return %a, %a : memref<2xf32>, memref<2xf32>
}

func.func @no_memrefs(%x: i32) -> i32 {
  %y = arith.addi %x, %x : i32
  return %y : i32
}

//        ^bb0
//       /    \
//    ^bb1    ^bb2
//       \    /
//       ^bb3(%z)
func.func @diamond_block_args(%c: i1, %arg0: memref<2xf32>) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^bb1(%a : memref<2xf32>), ^bb2(%arg0 : memref<2xf32>)
^bb1(%x: memref<2xf32>):
  cf.br ^bb3(%x : memref<2xf32>)
^bb2(%y: memref<2xf32>):
  cf.br ^bb3(%y : memref<2xf32>)
^bb3(%z: memref<2xf32>):
  return %z : memref<2xf32>
}

//   ^bb0 -> ^bb1 -> ^bb2 : %a live through all three blocks.
func.func @live_across_blocks() {
  %a = memref.alloc() : memref<2xf32>
  cf.br ^bb1
^bb1:
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<2xf32>
  cf.br ^bb2
^bb2:
  %y = memref.load %a[%c0] : memref<2xf32>
  return
}

//        ^bb0 (%a)
//       /    \
//    ^bb1    ^bb2 (%b)
//       \    /
//       ^bb3       %a live in both arms and the join.
func.func @diamond_live_value(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  %b = memref.alloc() : memref<2xf32>
  memref.copy %a, %b : memref<2xf32> to memref<2xf32>
  cf.br ^bb3
^bb3:
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<2xf32>
  return
}

//   ^bb0 -cond-> ^bb1 | ^bb2, both return (several returns).
func.func @two_returns(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : memref<2xf32>
^bb2:
  %b = memref.alloc() : memref<2xf32>
  return %b : memref<2xf32>
}

func.func @cond_br_same_target(%c: i1, %arg0: memref<2xf32>) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^bb1(%a : memref<2xf32>), ^bb1(%arg0 : memref<2xf32>)
^bb1(%x: memref<2xf32>):
  return %x : memref<2xf32>
}

func.func @cond_br_no_memref_args(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<2xf32>
  cf.br ^bb2
^bb2:
  return
}

func.func @chain_two_diamonds(%c: i1, %d: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^bb1, ^bb2(%a : memref<2xf32>)
^bb1:
  %b = memref.alloc() : memref<2xf32>
  cf.br ^bb2(%b : memref<2xf32>)
^bb2(%x: memref<2xf32>):
  cf.cond_br %d, ^bb3(%x : memref<2xf32>), ^bb4
^bb3(%y: memref<2xf32>):
  return %y : memref<2xf32>
^bb4:
  %e = memref.alloc() : memref<2xf32>
  return %e : memref<2xf32>
}

func.func @if_yield_alloc(%c: i1) -> memref<2xf32> {
  %r = scf.if %c -> memref<2xf32> {
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a : memref<2xf32>
  } else {
    %b = memref.alloc() : memref<2xf32>
    scf.yield %b : memref<2xf32>
  }
  return %r : memref<2xf32>
}

func.func @if_yield_outer(%c: i1, %arg0: memref<2xf32>) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %r = scf.if %c -> memref<2xf32> {
    scf.yield %a : memref<2xf32>
  } else {
    scf.yield %arg0 : memref<2xf32>
  }
  return %r : memref<2xf32>
}

func.func @if_no_results(%c: i1) {
  scf.if %c {
    %a = memref.alloc() : memref<2xf32>
  }
  return
}

func.func @if_uses_outer(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    %v = memref.subview %a[0] [1] [1] : memref<2xf32> to memref<1xf32, strided<[1]>>
    %b = memref.alloc() : memref<2xf32>
    memref.copy %a, %b : memref<2xf32> to memref<2xf32>
  }
  return
}

func.func @for_iter_arg(%lb: index, %ub: index, %s: index, %buf: memref<2xf32>) -> memref<2xf32> {
  %r = scf.for %i = %lb to %ub step %s iter_args(%it = %buf) -> memref<2xf32> {
    %n = memref.alloc() : memref<2xf32>
    memref.copy %it, %n : memref<2xf32> to memref<2xf32>
    scf.yield %n : memref<2xf32>
  }
  return %r : memref<2xf32>
}

func.func @for_no_iter_args(%lb: index, %ub: index, %s: index) {
  scf.for %i = %lb to %ub step %s {
    %n = memref.alloc() : memref<2xf32>
  }
  return
}

func.func @for_with_if(%lb: index, %ub: index, %s: index, %c: i1) -> memref<2xf32> {
  %init = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %lb to %ub step %s iter_args(%it = %init) -> memref<2xf32> {
    %x = scf.if %c -> memref<2xf32> {
      %n = memref.alloc() : memref<2xf32>
      scf.yield %n : memref<2xf32>
    } else {
      scf.yield %it : memref<2xf32>
    }
    scf.yield %x : memref<2xf32>
  }
  return %r : memref<2xf32>
}

func.func @nested_for(%lb: index, %ub: index, %s: index, %buf: memref<2xf32>) -> memref<2xf32> {
  %r = scf.for %i = %lb to %ub step %s iter_args(%it = %buf) -> memref<2xf32> {
    %q = scf.for %j = %lb to %ub step %s iter_args(%jt = %it) -> memref<2xf32> {
      %n = memref.alloc() : memref<2xf32>
      scf.yield %n : memref<2xf32>
    }
    scf.yield %q : memref<2xf32>
  }
  return %r : memref<2xf32>
}

func.func @while_loop(%buf: memref<2xf32>, %c: i1) -> memref<2xf32> {
  %r = scf.while (%w = %buf) : (memref<2xf32>) -> memref<2xf32> {
    scf.condition(%c) %w : memref<2xf32>
  } do {
  ^bb0(%x: memref<2xf32>):
    %n = memref.alloc() : memref<2xf32>
    scf.yield %n : memref<2xf32>
  }
  return %r : memref<2xf32>
}

func.func @index_switch(%i: index, %arg0: memref<2xf32>) -> memref<2xf32> {
  %r = scf.index_switch %i -> memref<2xf32>
  case 0 {
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a : memref<2xf32>
  }
  default {
    scf.yield %arg0 : memref<2xf32>
  }
  return %r : memref<2xf32>
}

func.func @region_result_used_later(%c: i1) {
  %r = scf.if %c -> memref<2xf32> {
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a : memref<2xf32>
  } else {
    %b = memref.alloca() : memref<2xf32>
    scf.yield %b : memref<2xf32>
  }
  %c0 = arith.constant 0 : index
  %x = memref.load %r[%c0] : memref<2xf32>
  return
}

func.func private @ext(memref<2xf32>) -> memref<2xf32>

func.func @call_external(%arg0: memref<2xf32>) -> memref<2xf32> {
  %r = func.call @ext(%arg0) : (memref<2xf32>) -> memref<2xf32>
  return %r : memref<2xf32>
}

func.func private @priv(%arg0: memref<2xf32>) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  memref.copy %arg0, %a : memref<2xf32> to memref<2xf32>
  return %a : memref<2xf32>
}

func.func @call_private(%arg0: memref<2xf32>) {
  %r = func.call @priv(%arg0) : (memref<2xf32>) -> memref<2xf32>
  return
}

func.func @pub(%arg0: memref<2xf32>) -> memref<2xf32> {
  %r = func.call @priv(%arg0) : (memref<2xf32>) -> memref<2xf32>
  return %r : memref<2xf32>
}

func.func @call_public_and_select(%c: i1, %arg0: memref<2xf32>) -> memref<2xf32> {
  %r = func.call @pub(%arg0) : (memref<2xf32>) -> memref<2xf32>
  %s = arith.select %c, %r, %arg0 : memref<2xf32>
  return %s : memref<2xf32>
}

func.func @call_no_memrefs(%x: i32) -> i32 {
  %r = func.call @no_memrefs(%x) : (i32) -> i32
  return %r : i32
}

func.func @live_in_region_from_other_block(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  cf.br ^bb1
^bb1:
  scf.if %c {
    %b = memref.alloc() : memref<2xf32>
    memref.copy %a, %b : memref<2xf32> to memref<2xf32>
  }
  return
}
