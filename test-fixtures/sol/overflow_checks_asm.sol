// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.0;

// With inline assembly anywhere in the contract, a length word may hold anything, so the
// sums of lengths and of indices they bound keep their checks (packages/sol/src/overflow-checks.ts
// (O1)); and a local the assembly assigns holds any value afterwards (O4).
contract OverflowChecksAsm {
  // a local the assembly assigns holds any value afterwards
  function viaAssembly(uint256 x) external pure returns (uint256 y) {
    y = x & 0xff;
    assembly { y := x }
    y = y + 1;
  }

  // memory-safe assembly that shortens an array: its length is what the assembly wrote
  function lengths(uint256 n, uint256 fake) external pure returns (uint256 total, uint256 last) {
    uint256[] memory a = new uint256[](n % 4);
    assembly ("memory-safe") { if gt(fake, 0) { mstore(a, fake) } }
    total = a.length + 1;
    for (uint256 i = 0; i < a.length && i < 3; i++) last = i + a.length;
  }
}
