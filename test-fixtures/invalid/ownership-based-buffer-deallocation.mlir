// RUN: lifeline-opt %s --ownership-based-buffer-deallocation --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: mlir-opt-19 %s --ownership-based-buffer-deallocation --split-input-file --verify-diagnostics --allow-unregistered-dialect

// Inputs ownership-based-buffer-deallocation rejects, with MLIR 19's messages.

//   ^bb0 -> ^bb1 <-> ^bb1 (self loop): an unstructured loop, no memrefs needed.
// expected-error @+1 {{Only structured control-flow loops are supported.}}
func.func @self_loop(%c: i1) {
  cf.br ^bb1
^bb1:
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  return
}

// -----

//   ^bb0 -> ^bb1 -> ^bb2 -> ^bb1 (back edge through two blocks).
// expected-error @+1 {{Only structured control-flow loops are supported.}}
func.func @two_block_loop(%c: i1, %m: memref<2xf32>) {
  cf.br ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  cf.cond_br %c, ^bb1, ^bb3
^bb3:
  return
}

// -----

func.func @existing_dealloc() {
  %a = memref.alloc() : memref<2xf32>
  %t = arith.constant true
  // expected-error @+1 {{No deallocation operations must be present when running this pass!}}
  bufferization.dealloc (%a : memref<2xf32>) if (%t)
  return
}

// -----

func.func @memref_dealloc() {
  %a = memref.alloc() : memref<2xf32>
  // expected-error @+1 {{memory free side-effect on MemRef value not supported!}}
  memref.dealloc %a : memref<2xf32>
  return
}

// -----

func.func @unknown_effects(%m: memref<2xf32>) {
  // expected-error @+1 {{ops with unknown memory side effects are not supported}}
  "test.unknown"(%m) : (memref<2xf32>) -> ()
  return
}

// -----

func.func @execute_region_unknown_effects() -> memref<2xf32> {
  // expected-error @+1 {{ops with unknown memory side effects are not supported}}
  %r = scf.execute_region -> memref<2xf32> {
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// -----

func.func @switch_terminator(%i: i32, %m: memref<2xf32>) {
  // expected-error @+1 {{Terminators with more than one successor are not supported!}}
  cf.switch %i : i32, [
    default: ^bb1(%m : memref<2xf32>),
    1: ^bb2
  ]
^bb1(%x: memref<2xf32>):
  return
^bb2:
  return
}

// -----

func.func @switch_no_memrefs(%i: i32) {
  // expected-error @+1 {{BranchOpInterface operations with multiple successors are not supported yet}}
  cf.switch %i : i32, [
    default: ^bb1,
    1: ^bb2
  ]
^bb1:
  return
^bb2:
  return
}

// -----

func.func @realloc(%m: memref<2xf32>) -> memref<4xf32> {
  %a = memref.alloc() : memref<2xf32>
  // expected-error @+1 {{memory free side-effect on MemRef value not supported!}}
  %r = memref.realloc %a : memref<2xf32> to memref<4xf32>
  return %r : memref<4xf32>
}

// -----

// A free inside a nested region is rejected too (nested blocks are handled first).
func.func @nested_region_after_error_free(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    // expected-error @+1 {{memory free side-effect on MemRef value not supported!}}
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// -----

// scf.reduce.return has MLIR's deallocation model, which rejects memref operands.
func.func @reduce_return_memref(%lb: index, %ub: index, %s: index, %init: memref<2xf32>) -> memref<2xf32> {
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%init) -> memref<2xf32> {
    %a = memref.alloc() : memref<2xf32>
    scf.reduce(%a : memref<2xf32>) {
    ^bb0(%l: memref<2xf32>, %r: memref<2xf32>):
      // expected-error @+1 {{only supported when operand is not a MemRef}}
      scf.reduce.return %l : memref<2xf32>
    }
  }
  return %r : memref<2xf32>
}

// -----

// An unranked memref in a non-default memory space: the 0-d cast MLIR builds
// drops the memory space, and the verifier rejects it (at the terminator that needed it).
func.func @unranked_memory_space(%arg0: memref<*xf32, 1>, %c: i1) {
  // expected-error @+1 {{different memory spaces specified for source type 'memref<*xf32, 1>' and result memref type 'memref<f32>'}}
  cf.cond_br %c, ^bb1(%arg0 : memref<*xf32, 1>), ^bb2
^bb1(%m: memref<*xf32, 1>):
  cf.br ^bb2
^bb2:
  return
}

// -----

// A free without bufferization.manual_deallocation is rejected.
func.func @free_not_manual() {
  %0 = memref.alloc() {bufferization.manual_deallocation} : memref<5xf32>
  // expected-error @+1 {{memory free side-effect on MemRef value not supported!}}
  memref.dealloc %0 : memref<5xf32>
  return
}
