// Memory: allocations (sol.malloc and the ops with the same Allocate effect), addresses,
// copies between locations, ABI encoding, hashing, literals, and structured control flow.
// RUN: lifeline-opt %s > %t.1 && lifeline-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: lifeline-opt %s --mlir-print-op-generic | mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic > %t.g && lifeline-opt %t.g > %t.3 && diff %t.1 %t.3

module {
  sol.contract @M_90 attributes {kind = "contract"} {
    sol.state_var @s_2 slot 0 offset 0 : !sol.struct<(ui256, !sol.array<? x ui256, Storage>), Storage>
    sol.state_var @name_4 slot 2 offset 0 : !sol.string<Storage>
    sol.func @arrays_50(%arg0: ui256, %arg1: !sol.array<? x ui256, CallData>) -> !sol.array<? x ui256, Memory> attributes {orig_name = "arrays", selector = "0x01020304", state_mutability = "pure", visibility = "external"} {
      %0 = sol.malloc zero_init : !sol.array<5 x ui256, Memory>
      %1 = sol.malloc size(%arg0 : ui256) zero_init : !sol.array<? x ui256, Memory>
      %2 = sol.malloc size(%arg0 : ui256) : !sol.string<Memory>
      %3 = sol.malloc zero_init : !sol.struct<(ui256, !sol.array<? x ui256, Memory>), Memory>
      %z0 = sol.malloc size(%arg0 : ui256) zero_init : !sol.array<? x !sol.struct<(ui256), Memory>, Memory>
      %z1 = sol.malloc size(%arg0 : ui256) zero_init {shared_zero} : !sol.array<? x !sol.struct<(ui256), Memory>, Memory>
      %z2 = sol.malloc zero_init : !sol.struct<(ui256, !sol.array<2 x ui256, Memory>), Memory>
      %z3 = sol.malloc size(%arg0 : ui256) zero_init : !sol.array<? x !sol.string<Memory>, Memory>
      %4 = sol.empty : !sol.array<? x ui256, Memory>
      %c1 = sol.constant 1 : ui256
      %5 = sol.gep %0[%c1] : !sol.array<5 x ui256, Memory>, ui256 -> !sol.ptr<ui256, Memory>
      sol.store %arg0, %5 : !sol.ptr<ui256, Memory>
      %6 = sol.gep %1[%c1] no_panic_bounds : !sol.array<? x ui256, Memory>, ui256 -> !sol.ptr<ui256, Memory>
      %7 = sol.load %6 : !sol.ptr<ui256, Memory>
      %m1 = sol.constant 1 : ui64
      %8 = sol.gep %3[%m1] : !sol.struct<(ui256, !sol.array<? x ui256, Memory>), Memory>, ui64 -> !sol.ptr<!sol.array<? x ui256, Memory>, Memory>
      sol.store %1, %8 : !sol.ptr<!sol.array<? x ui256, Memory>, Memory>
      %9 = sol.data_loc_cast %arg1 : !sol.array<? x ui256, CallData> -> !sol.array<? x ui256, Memory>
      %10 = sol.length %9 : !sol.array<? x ui256, Memory>
      %11 = sol.array_lit(%7, %10, %c1) : !sol.array<3 x ui256, Memory>
      %12 = sol.alloca : !sol.ptr<!sol.array<? x ui256, Memory>, Stack>
      sol.store %9, %12 : !sol.ptr<!sol.array<? x ui256, Memory>, Stack>
      %13 = sol.alloca : !sol.ptr<ui256, Stack>
      %c0 = sol.constant 0 : ui256
      sol.store %c0, %13 : !sol.ptr<ui256, Stack>
      sol.for cond {
        %i = sol.load %13 : !sol.ptr<ui256, Stack>
        %lt = sol.cmp lt, %i, %10 : ui256
        sol.condition %lt
      } body {
        %i = sol.load %13 : !sol.ptr<ui256, Stack>
        %big = sol.cmp gt, %i, %arg0 : ui256
        sol.if %big {
          sol.break
        } else {
          sol.yield
        }
        %odd = sol.mod %i, %c1 : ui256
        %z = sol.cmp eq, %odd, %c0 : ui256
        sol.if %z {
          sol.continue
        }
        %p = sol.gep %9[%i] : !sol.array<? x ui256, Memory>, ui256 -> !sol.ptr<ui256, Memory>
        sol.store %i, %p : !sol.ptr<ui256, Memory>
        sol.yield
      } step {
        %i = sol.load %13 : !sol.ptr<ui256, Stack>
        %n = sol.add %i, %c1 : ui256
        sol.store %n, %13 : !sol.ptr<ui256, Stack>
        sol.yield
      }
      sol.while {
        %i = sol.load %13 : !sol.ptr<ui256, Stack>
        %ne = sol.cmp ne, %i, %c0 : ui256
        sol.condition %ne
      } do {
        %i = sol.load %13 : !sol.ptr<ui256, Stack>
        %n = sol.sub checked %i, %c1 : ui256
        sol.store %n, %13 : !sol.ptr<ui256, Stack>
        sol.yield
      }
      sol.do_while {
        sol.yield
      } while {
        %f = sol.constant false : i1
        sol.condition %f
      }
      %14 = sol.cmp eq, %arg0, %c0 : ui256
      %15 = sol.if %14 -> (ui256) {
        sol.yield %c1 : ui256
      } else {
        sol.yield %7 : ui256
      }
      sol.return %9 : !sol.array<? x ui256, Memory>
    }
    sol.func @bytes_60(%arg0: !sol.string<Memory>, %arg1: ui256) -> !sol.fixedbytes<32> attributes {orig_name = "bytes", selector = "0x0a0b0c0d", state_mutability = "nonpayable", visibility = "public"} {
      %0 = sol.string_lit "abc\0A\FF\22" : !sol.string<Memory>
      %1 = sol.concat(%arg0, %0) : (!sol.string<Memory>, !sol.string<Memory>) -> !sol.string<Memory>
      %sel = sol.constant 3735928559 : !sol.fixedbytes<4>
      %2 = sol.encode(%arg1, %1) : (ui256, !sol.string<Memory>) -> !sol.string<Memory>
      %3 = sol.encode packed(%arg1, %1) : (ui256, !sol.string<Memory>) -> !sol.string<Memory>
      %4 = sol.encode selector(%sel) (%arg1) : (ui256) -> !sol.string<Memory>
      %5:2 = sol.decode %2 : !sol.string<Memory> -> (ui256, !sol.string<Memory>)
      %6 = sol.keccak256 %3 : !sol.string<Memory>
      %7 = sol.sha256 %4 : !sol.string<Memory>
      %8 = sol.addr_of @name_4 : !sol.ptr<!sol.string<Storage>, Storage>
      %9 = sol.load %8 : !sol.ptr<!sol.string<Storage>, Storage>
      sol.copy %5#1, %9 : !sol.string<Memory>, !sol.string<Storage>
      %10 = sol.data_loc_cast %9 : !sol.string<Storage> -> !sol.string<Memory>
      %11 = sol.gep %10[%arg1] : !sol.string<Memory>, ui256 -> !sol.ptr<!sol.fixedbytes<1>, Memory>
      %12 = sol.load %11 : !sol.ptr<!sol.fixedbytes<1>, Memory>
      %13 = sol.addr_of @s_2 : !sol.ptr<!sol.struct<(ui256, !sol.array<? x ui256, Storage>), Storage>, Storage>
      %14 = sol.load %13 : !sol.ptr<!sol.struct<(ui256, !sol.array<? x ui256, Storage>), Storage>, Storage>
      %15 = sol.data_loc_cast %14 : !sol.struct<(ui256, !sol.array<? x ui256, Storage>), Storage> -> !sol.struct<(ui256, !sol.array<? x ui256, Memory>), Memory>
      %c0 = sol.constant 0 : ui256
      %16 = sol.cmp gt, %arg1, %c0 : ui256
      sol.require %16
      sol.require %16 "too small"
      sol.require %16 error "Low(uint256)" (%arg1 : ui256) {selector = "0x12345678"}
      sol.require %16 (%0 : !sol.string<Memory>)
      sol.assert %16
      sol.emit "Done(uint256,string)" indexed(%arg1 : ui256) (%0 : !sol.string<Memory>) {selector = "0xaabbccdd"}
      sol.emit "Anon()" anonymous
      sol.inline_asm memory_safe {yul = "mstore(0, 1)"}
      %17 = sol.cmp eq, %arg1, %c0 : ui256
      sol.if %17 {
        sol.revert "zero"
      }
      %c1x = sol.constant 1 : ui256
      %18 = sol.cmp eq, %arg1, %c1x : ui256
      sol.if %18 {
        sol.revert error "Bad(string)" (%0 : !sol.string<Memory>) {selector = "0x01020304"}
      }
      sol.if %16 {
        sol.panic 17
      }
      sol.if %16 {
        sol.revert
      }
      sol.return %6 : !sol.fixedbytes<32>
    }
  }
}
