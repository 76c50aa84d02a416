/**
 * Inline assembly → sol.inline_asm: the Yul text with Solidity locals as `$N` slot
 * placeholders and asm-local names prefixed `usr$`, the memory-safe flag (dialect flag or
 * natspec), the free_ptr flag for literal accesses of 0x40, and the emitted Yul: the block in
 * its own scope, and the free-pointer initialisation of each object (memoryguard only when
 * its code has no assembly that is not memory-safe, as solc).
 */
import { describe, expect, it } from 'vitest';
import { compileToBytecode } from '@lifeline/solidity';
import { HEADER, check, lowerOk } from './helpers.js';

describe('sol.inline_asm lowering', () => {
  it('names locals by slot placeholders and renames asm-local identifiers', () => {
    const text = lowerOk(`
contract C {
  function f(uint x) external pure returns (uint r) {
    uint[] memory a = new uint[](2);
    assembly ("memory-safe") {
      function twice(v) -> w { w := add(v, v) }
      let y := twice(x)
      r := add(mload(add(a, 0x20)), y)
      x := "a$1"
    }
  }
}`);
    check(text, `
// CHECK: %[[X:.*]] = sol.alloca : !sol.ptr<ui256, Stack>
// CHECK: %[[R:.*]] = sol.alloca : !sol.ptr<ui256, Stack>
// CHECK: %[[A:.*]] = sol.alloca : !sol.ptr<!sol.array<? x ui256, Memory>, Stack>
// x is used first, then r, then a
// CHECK: sol.inline_asm memory_safe (%[[X]], %[[R]], %[[A]] : !sol.ptr<ui256, Stack>, !sol.ptr<ui256, Stack>, !sol.ptr<!sol.array<? x ui256, Memory>, Stack>)
// CHECK-SAME: function usr$twice(usr$v) -> usr$w {\\0A    usr$w := add(usr$v, usr$v)\\0A}
// CHECK-SAME: let usr$y := usr$twice($0)
// CHECK-SAME: $1 := add(mload(add($2, 0x20)), usr$y)
// the dollar sign in the string is escaped: it cannot be taken for a placeholder
// CHECK-SAME: $0 := \\22a\\\\x241\\22
`);
  });

  it('flags memory-safe blocks (dialect flag or natspec) and free-pointer accesses', () => {
    const text = lowerOk(`
contract C {
  function f() external pure returns (uint p) {
    assembly { p := mload(0x40) }
    assembly ("memory-safe") { mstore(0, 1) }
    /// @solidity memory-safe-assembly
    assembly { mstore(64, add(p, 32)) }
    assembly ("memory-safe") { p := keccak256(0x20, 0x40) }
  }
}`);
    check(text, `
// CHECK: sol.inline_asm free_ptr (
// CHECK-SAME: {yul = "$0 := mload(0x40)"}
// CHECK: sol.inline_asm memory_safe {yul = "mstore(0, 1)"}
// CHECK: sol.inline_asm memory_safe free_ptr (
// CHECK: sol.inline_asm memory_safe free_ptr (
`);
  });
});

describe('sol.inline_asm in Yul', () => {
  const ir = (src: string) => {
    const out = compileToBytecode({ sources: { 'a.sol': HEADER + src } });
    expect(out.errors.filter((e) => e.severity === 'error')).toEqual([]);
    return out.yul;
  };

  it('emits the block in its own scope with the slots substituted', () => {
    const y = ir('contract C { function f(uint x) external pure returns (uint r) { assembly ("memory-safe") { let t := add(x, 1) r := t } } }');
    expect(y).toMatch(/\{\n\s*let usr\$t := add\((_\d+), 1\)\n\s*(_\d+) := usr\$t\n\s*\}/);
  });

  it('keeps the raw word in a narrow local the block assigns and cleans it where Solidity reads it', () => {
    const y = ir('contract C { function f(uint x) external pure returns (uint8 r) { assembly ("memory-safe") { r := x } } }');
    expect(y).not.toMatch(/(_\d+) := and\(\1, 0xff\)/);
    expect(y).toMatch(/let _\d+ := and\(_\d+, 0xff\)/);
  });

  it('keeps memoryguard unless the object has assembly that is not memory-safe', () => {
    const guard = /mstore\(64, memoryguard\(128\)\)/g;
    const plain = /mstore\(64, 128\)/g;
    const safe = ir('contract C { function f() external pure { assembly ("memory-safe") { mstore(0, 1) } } }');
    expect(safe.match(guard)?.length).toBe(2);
    // not memory-safe in a runtime function: the runtime object starts with a plain store
    const rt = ir('contract C { function f() external pure { assembly { mstore(0, 1) } } }');
    expect([rt.match(guard)?.length, rt.match(plain)?.length]).toEqual([1, 1]);
    expect(rt.indexOf('mstore(64, memoryguard(128))')).toBeLessThan(rt.indexOf('mstore(64, 128)'));
    // only in the constructor: the creation object
    const ctor = ir('contract C { uint s; constructor() { uint v; assembly { v := 1 } s = v; } function f() external {} }');
    expect(ctor.indexOf('mstore(64, 128)')).toBeLessThan(ctor.indexOf('mstore(64, memoryguard(128))'));
    // an internal function no external function calls is not in the runtime object
    const dead = ir('contract C { function g() internal pure { assembly { mstore(0, 1) } } function f() external pure {} }');
    expect(dead.match(guard)?.length).toBe(2);
  });
});
