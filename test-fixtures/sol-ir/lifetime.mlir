// The lifetime pipeline's ops and attributes (packages/sol/LIFETIME.md): marks, releases
// with kept survivors, unbounded allocations at offsets from a mark (`at %m {offset}`) with
// the reserve that keeps them, appends in place (with the other kept object `below`),
// static-frame addresses (`offset` without `at`, `frame_top`), and one entry of a table of
// string literals copied on read (`sol.string_table`).
// RUN: lifeline-opt %s > %t.1 && lifeline-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: lifeline-opt %s --mlir-print-op-generic | mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic > %t.g && lifeline-opt %t.g > %t.3 && diff %t.1 %t.3

module {
  sol.contract @Runs_10 attributes {kind = "contract"} {
    sol.func @mix_5(%arg0: ui256) -> !sol.fixedbytes<32> attributes {orig_name = "mix", selector = "0x11223344", state_mutability = "pure", visibility = "external"} {
      %mark = sol.free_ptr : ui256
      %0 = sol.malloc zero_init at %mark {offset = 0 : i64} : !sol.struct<(ui256, ui256), Memory>
      %c0 = sol.constant 0 : ui64
      %1 = sol.gep %0[%c0] : !sol.struct<(ui256, ui256), Memory>, ui64 -> !sol.ptr<ui256, Memory>
      sol.store %arg0, %1 : !sol.ptr<ui256, Memory>
      %c3 = sol.constant 3 : ui256
      %2 = sol.malloc size(%c3 : ui256) zero_init at %mark {offset = 64 : i64} : !sol.array<? x ui256, Memory>
      %3 = sol.string_lit "abc" at %mark {offset = 192 : i64} : !sol.string<Memory>
      %4 = sol.array_lit(%arg0, %arg0) at %mark {offset = 256 : i64} : !sol.array<2 x ui256, Memory>
      %5 = sol.encode packed (%arg0, %arg0) at %mark {offset = 320 : i64} : (ui256, ui256) -> !sol.string<Memory>
      %6 = sol.concat(%3, %5) at %mark {offset = 416 : i64} : (!sol.string<Memory>, !sol.string<Memory>) -> !sol.string<Memory>
      %slot = sol.alloca : !sol.ptr<!sol.struct<(ui256, ui256), Memory>, Stack>
      sol.store %0, %slot : !sol.ptr<!sol.struct<(ui256, ui256), Memory>, Stack>
      sol.reserve %mark {size = 512 : i64} : ui256
      %7 = sol.keccak256 %6 : !sol.string<Memory>
      sol.free %mark keep(%slot : !sol.ptr<!sol.struct<(ui256, ui256), Memory>, Stack>) {gap_first} : ui256
      sol.free %0 : !sol.struct<(ui256, ui256), Memory>
      sol.return %7 : !sol.fixedbytes<32>
    }
    sol.func @month_9(%arg0: ui256) -> !sol.string<Memory> attributes {orig_name = "month", state_mutability = "pure", visibility = "internal"} {
      %entry = sol.string_table %arg0 ["Jan", "Feb", "a \"quoted\" name", ""] : ui256 -> !sol.string<Memory>
      sol.return %entry : !sol.string<Memory>
    }
    sol.func @grow_7(%arg0: ui256) -> !sol.string<Memory> attributes {orig_name = "grow", selector = "0x99aabbcc", state_mutability = "pure", visibility = "external"} {
      %mark = sol.free_ptr : ui256
      %0 = sol.string_lit "ab" : !sol.string<Memory>
      %1 = sol.string_lit "cd" : !sol.string<Memory>
      %lit = sol.const_string "x" : !sol.string_literal
      %2 = sol.append %0, %mark(%1, %lit) : (!sol.string<Memory>, !sol.string_literal) -> !sol.string<Memory>
      %3 = sol.append %2, %mark below %1 : !sol.string<Memory>(%arg0) : (ui256) -> !sol.string<Memory>
      sol.return %3 : !sol.string<Memory>
    }
  }
  sol.contract @Frames_20 attributes {kind = "contract", static_frames} {
    sol.func @f_15(%arg0: ui256) -> ui256 attributes {frame_top = 192 : i64, orig_name = "f", selector = "0x55667788", state_mutability = "pure", visibility = "external"} {
      %0 = sol.malloc zero_init {offset = 128 : i64} : !sol.array<2 x ui256, Memory>
      %c1 = sol.constant 1 : ui256
      %1 = sol.gep %0[%c1] : !sol.array<2 x ui256, Memory>, ui256 -> !sol.ptr<ui256, Memory>
      sol.store %arg0, %1 : !sol.ptr<ui256, Memory>
      %2 = sol.load %1 : !sol.ptr<ui256, Memory>
      sol.return %2 : ui256
    }
  }
}
