// Internal function pointers: values of builtin function type naming a sol.func (or none),
// calls through them, and a memory array of them.
// RUN: lifeline-opt %s > %t.1 && lifeline-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: lifeline-opt %s --mlir-print-op-generic | mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic > %t.g && lifeline-opt %t.g > %t.3 && diff %t.1 %t.3

module {
  sol.contract @P_30 attributes {kind = "contract"} {
    sol.func @inc_5(%arg0: ui256) -> ui256 attributes {state_mutability = "pure", visibility = "internal"} {
      %c1 = sol.constant 1 : ui256
      %0 = sol.add checked %arg0, %c1 : ui256
      sol.return %0 : ui256
    }
    sol.func @f_29(%arg0: ui256, %arg1: i1) -> ui256 attributes {orig_name = "f", selector = "0x12345678", state_mutability = "pure", visibility = "external"} {
      %slot = sol.alloca : !sol.ptr<(ui256) -> ui256, Stack>
      %fn = sol.func_null : (ui256) -> ui256
      sol.store %fn, %slot : !sol.ptr<(ui256) -> ui256, Stack>
      sol.if %arg1 {
        %fn_0 = sol.func_ref @inc_5 : (ui256) -> ui256
        sol.store %fn_0, %slot : !sol.ptr<(ui256) -> ui256, Stack>
        sol.yield
      }
      %0 = sol.load %slot : !sol.ptr<(ui256) -> ui256, Stack>
      %1 = sol.call_indirect %0(%arg0) : (ui256) -> ui256
      sol.return %1 : ui256
    }
    // a memory array of them: its element type is a function type
    sol.func @g_40(%arg0: ui256) -> ui256 attributes {state_mutability = "pure", visibility = "internal"} {
      %mem = sol.malloc : !sol.array<2 x (ui256) -> ui256, Memory>
      %c1 = sol.constant 1 : ui256
      %p = sol.gep %mem[%c1] : !sol.array<2 x (ui256) -> ui256, Memory>, ui256 -> !sol.ptr<(ui256) -> ui256, Memory>
      %fn = sol.func_ref @inc_5 : (ui256) -> ui256
      sol.store %fn, %p : !sol.ptr<(ui256) -> ui256, Memory>
      %0 = sol.load %p : !sol.ptr<(ui256) -> ui256, Memory>
      %1 = sol.call_indirect %0(%arg0) : (ui256) -> ui256
      sol.return %1 : ui256
    }
  }
}
