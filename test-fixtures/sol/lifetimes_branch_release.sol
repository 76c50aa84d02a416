// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Loops that allocate only inside a branch: the iteration's release runs at the end of that
// branch, so the iterations that take no branch pay nothing for it.
contract LifetimesBranchRelease {
  // the multiples of 3 or 5 below n, kept in an array that doubles when full
  function doubling(uint256 n) external pure returns (uint256 count, uint256 last, uint256 cap) {
    uint256[] memory found = new uint256[](4);
    for (uint256 i = 1; i < n; i++) {
      if (i % 3 != 0 && i % 5 != 0) continue;
      if (count == found.length) {
        uint256[] memory bigger = new uint256[](found.length * 2);
        for (uint256 k = 0; k < count; k++) bigger[k] = found[k];
        found = bigger;
      }
      found[count++] = i;
    }
    if (count > 0) last = found[count - 1];
    cap = found.length;
  }

  // two branches allocate: a string grown by concatenation, and a scratch row that dies in its branch
  function twoBranches(uint256 n) external pure returns (bytes32 h, uint256 s) {
    string memory text = "";
    for (uint256 i = 0; i < n; i++) {
      if (i % 4 == 0) {
        text = string.concat(text, "ab");
      } else if (i % 7 == 3) {
        uint256[] memory row = new uint256[](3);
        row[i % 3] = i;
        s += row[0] + row[1] * 2 + row[2] * 3;
      }
      s += i;
    }
    h = keccak256(bytes(text));
  }

  // a scratch row made in the branch before the array grows is read after the branch: the
  // release stays at the iteration's end (moving the larger array down would overwrite it)
  function readAfter(uint256 n) external pure returns (uint256 s, uint256 cap) {
    uint256[] memory a = new uint256[](1);
    uint256 len = 0;
    for (uint256 i = 0; i < n; i++) {
      uint256[] memory t;
      if (len == a.length) {
        t = new uint256[](2);
        t[0] = i + 5;
        t[1] = i * 3;
        uint256[] memory bigger = new uint256[](a.length * 2);
        for (uint256 k = 0; k < len; k++) bigger[k] = a[k];
        a = bigger;
      }
      a[len++] = i;
      if (t.length > 0) s += t[0] * 7 + t[1];
    }
    cap = a.length;
    for (uint256 k = 0; k < len; k++) s += a[k];
  }
}
