// Inline assembly: opaque Yul text whose $N placeholders are the slot operands (Solidity
// locals it reads or assigns); memory_safe / free_ptr flags.
// RUN: lifeline-opt %s > %t.1 && lifeline-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: lifeline-opt %s --mlir-print-op-generic | mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic > %t.g && lifeline-opt %t.g > %t.3 && diff %t.1 %t.3

module {
  sol.contract @A_9 attributes {kind = "contract"} {
    sol.func @f_8(%arg0: ui256) -> ui256 attributes {orig_name = "f", selector = "0xb3de648b", state_mutability = "pure", visibility = "external"} {
      %slot = sol.alloca : !sol.ptr<ui256, Stack>
      sol.store %arg0, %slot : !sol.ptr<ui256, Stack>
      %slot_0 = sol.alloca : !sol.ptr<!sol.array<? x ui256, Memory>, Stack>
      %c3 = sol.constant 3 : ui256
      %mem = sol.malloc size(%c3 : ui256) zero_init : !sol.array<? x ui256, Memory>
      sol.store %mem, %slot_0 : !sol.ptr<!sol.array<? x ui256, Memory>, Stack>
      sol.inline_asm memory_safe (%slot, %slot_0 : !sol.ptr<ui256, Stack>, !sol.ptr<!sol.array<? x ui256, Memory>, Stack>) {yul = "let usr$y := add($0, 1)\n$0 := mload(add($1, 0x20))\nmstore(0, \"a\\x24b\")"}
      sol.inline_asm free_ptr {yul = "mstore(0x40, add(mload(0x40), 32))"}
      sol.inline_asm {yul = ""}
      %0 = sol.load %slot : !sol.ptr<ui256, Stack>
      sol.return %0 : ui256
    }
  }
}
