// A contract with state variables, a mapping, a storage array, functions and calls.
// RUN: lifeline-opt %s > %t.1 && lifeline-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: lifeline-opt %s --mlir-print-op-generic | mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic > %t.g && lifeline-opt %t.g > %t.3 && diff %t.1 %t.3

module {
  sol.contract @C_40 attributes {kind = "contract"} {
    sol.state_var @x_3 slot 0 offset 0 : ui256
    sol.state_var @flag_5 slot 1 offset 0 : i1
    sol.state_var @owner_7 slot 1 offset 1 : !sol.address
    sol.state_var @bal_11 slot 2 offset 0 : !sol.mapping<!sol.address, ui256>
    sol.state_var @arr_14 slot 3 offset 0 : !sol.array<? x ui8, Storage>
    sol.func @constructor_20(%arg0: ui256) attributes {kind = "constructor", state_mutability = "nonpayable", visibility = "public"} {
      %0 = sol.addr_of @x_3 : !sol.ptr<ui256, Storage>
      sol.store %arg0, %0 : !sol.ptr<ui256, Storage>
      %1 = sol.env caller : !sol.address
      %2 = sol.addr_of @owner_7 : !sol.ptr<!sol.address, Storage>
      sol.store %1, %2 : !sol.ptr<!sol.address, Storage>
      sol.return
    }
    sol.func @add_30(%arg0: ui256, %arg1: ui256) -> (ui256, ui256) attributes {orig_name = "add", selector = "0x771602f7", state_mutability = "pure", visibility = "external"} {
      %0 = sol.add checked %arg0, %arg1 : ui256
      %1 = sol.add %arg0, %arg1 : ui256
      %2 = sol.call @twice_35(%0) : (ui256) -> ui256
      sol.return %2, %1 : ui256, ui256
    }
    sol.func @twice_35(%arg0: ui256) -> ui256 attributes {state_mutability = "pure", visibility = "internal"} {
      %c2 = sol.constant 2 : ui256
      %0 = sol.mul checked %arg0, %c2 : ui256
      %1 = sol.exp checked %arg0, %c2 : ui256, ui256
      %2 = sol.div %0, %1 : ui256
      %3 = sol.mod checked %2, %c2 : ui256
      %4 = sol.shl %3, %c2 : ui256, ui256
      %5 = sol.not %4 : ui256
      %6 = sol.xor %5, %4 : ui256
      %7 = sol.addmod %6, %5, %c2 : ui256
      sol.return %7 : ui256
    }
    sol.func @deposit_38(%arg0: si8) -> i1 attributes {orig_name = "deposit", selector = "0x12345678", state_mutability = "payable", visibility = "public"} {
      %0 = sol.addr_of @bal_11 : !sol.ptr<!sol.mapping<!sol.address, ui256>, Storage>
      %1 = sol.load %0 : !sol.ptr<!sol.mapping<!sol.address, ui256>, Storage>
      %2 = sol.env caller : !sol.address
      %3 = sol.map %1, %2 : !sol.mapping<!sol.address, ui256>
      %4 = sol.load %3 : !sol.ptr<ui256, Storage>
      %5 = sol.env callvalue : ui256
      %6 = sol.add checked %4, %5 : ui256
      sol.store %6, %3 : !sol.ptr<ui256, Storage>
      %7 = sol.cast %arg0 : si8 to si256
      %c0 = sol.constant 0 : si256
      %8 = sol.cmp lt, %7, %c0 : si256
      %a = sol.constant 1461501637330902918203684832716283019655932542975 : !sol.address
      %9 = sol.cmp eq, %a, %2 : !sol.address
      %10 = sol.and %8, %9 : i1
      %t = sol.constant true : i1
      %11 = sol.or %10, %t : i1
      %12 = sol.addr_of @arr_14 : !sol.ptr<!sol.array<? x ui8, Storage>, Storage>
      %13 = sol.load %12 : !sol.ptr<!sol.array<? x ui8, Storage>, Storage>
      %14 = sol.push %13 : !sol.array<? x ui8, Storage>
      %15 = sol.cast %5 : ui256 to ui8
      sol.store %15, %14 : !sol.ptr<ui8, Storage>
      %16 = sol.length %13 : !sol.array<? x ui8, Storage>
      %17 = sol.gep %13[%16] : !sol.array<? x ui8, Storage>, ui256 -> !sol.ptr<ui8, Storage>
      %18 = sol.load %17 : !sol.ptr<ui8, Storage>
      sol.pop %13 : !sol.array<? x ui8, Storage>
      sol.delete %3 : !sol.ptr<ui256, Storage>
      %e = sol.constant 2 : ui8
      %19 = sol.cast %e : ui8 to !sol.enum<3>
      %b = sol.constant 1 : !sol.fixedbytes<4>
      %20 = sol.cast %b : !sol.fixedbytes<4> to ui32
      sol.return %11 : i1
    }
  }
}
