// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Modifiers: arguments from the function's parameters, several `_`, early returns on both
// sides of `_`, reverts, state changes around `_`, memory return values, internal calls.
contract Modifiers {
  uint256 public entered;
  uint256 public left;
  error TooLarge(uint256 n);

  modifier below(uint256 limit, uint256 n) {
    if (n >= limit) revert TooLarge(n);
    _;
  }
  modifier counted {
    entered += 1;
    _;
    left += 1;
  }
  modifier twice(uint256 k) {
    entered += k;
    _;
    _;
  }
  modifier skipWhen(bool skip) {
    if (skip) return;
    _;
    left += 10;
  }

  function plain(uint256 n) external below(100, n) returns (uint256) {
    return n * 2;
  }

  function stacked(uint256 n) external counted below(50, n + 1) twice(n % 3) returns (uint256 r, uint256[] memory a) {
    r = n + entered;
    a = new uint256[](2);
    a[0] = r;
    if (n == 7) return (r + 1000, a);
    a[1] = left;
  }

  function skipping(uint256 n) external skipWhen(n % 2 == 1) returns (uint256 r) {
    r = n + 1;
  }

  function viaInternal(uint256 n) external returns (uint256 s) {
    for (uint256 i = 0; i < n; i++) s += helper(i);
  }

  function helper(uint256 i) internal counted returns (uint256) {
    uint256[] memory t = new uint256[](3);
    t[2] = i * i;
    return t[2] + entered;
  }
}
