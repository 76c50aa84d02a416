// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// `s = string.concat(s, …)` in loops: written after s's bytes in place when s is the loop's own
// string and nothing else holds it; aliases, arrays holding it and shared initial values keep
// the copy.
contract LifetimesAppend {
  function digits(uint256 v) internal pure returns (string memory) {
    if (v == 0) return "0";
    uint256 len;
    for (uint256 t = v; t != 0; t /= 10) len++;
    bytes memory b = new bytes(len);
    while (v != 0) { b[--len] = bytes1(uint8(48 + (v % 10))); v /= 10; }
    return string(b);
  }

  function literals(uint256 n) external pure returns (string memory s) {
    s = "[";
    for (uint256 i = 0; i < n; i++) s = string.concat(s, i % 2 == 0 ? "ab" : "c");
  }

  function numbers(uint256 n) external pure returns (string memory s, uint256 len) {
    for (uint256 i = 0; i < n; i++) s = string.concat(s, digits(i * 7), ",");
    len = bytes(s).length;
  }

  function bytesOneByOne(uint256 n) external pure returns (bytes32 h, uint256 len) {
    bytes memory b = "";
    for (uint256 i = 0; i < n; i++) b = bytes.concat(b, bytes1(uint8(i + 65)), bytes2(uint16(i)));
    h = keccak256(b);
    len = b.length;
  }

  // the previous string stays readable through `prev`
  function keepsPrevious(uint256 n) external pure returns (string memory s, string memory prev) {
    s = "p";
    for (uint256 i = 0; i < n; i++) {
      prev = s;
      s = string.concat(s, digits(i));
      prev = string.concat(prev, "|");
    }
  }

  function packed(uint256 n) external pure returns (string memory s) {
    for (uint256 i = 0; i < n; i++) s = string(abi.encodePacked(s, digits(i), ";", uint16(i)));
  }

  // several memory parts: each lies above what the parts before it write
  function pairs(uint256 n) external pure returns (string memory s) {
    for (uint256 i = 0; i < n; i++) s = string.concat(s, digits(i), "=", digits(i * i), i % 2 == 0 ? ";" : ",");
  }

  // a memory part allocated right after s's bytes, behind a literal whose word would overwrite
  // its length: concatenated afresh at run time; and a part from before the loop (below s)
  function partAfterLiteral(uint256 n) external pure returns (string memory s) {
    string memory sep = string.concat("~", digits(n));
    for (uint256 i = 0; i < n; i++) s = string.concat(s, "x", digits(i), sep);
  }

  // an inner loop builds `esc` while `line` may hold an earlier run's `esc`: the inner loop
  // never writes `line`, so it holds older memory and is not kept (releases.ts (R5))
  function escapeJoin(uint256 n) external pure returns (string memory line) {
    for (uint256 k = 0; k < n % 5 + 2; k++) {
      bytes memory esc = "";
      for (uint256 j = 0; j < n % 9 + 3; j++) {
        if ((j + k) % 4 == 0) esc = bytes.concat(esc, "\\n");
        else esc = bytes.concat(esc, bytes1(uint8(97 + (j * 7 + k) % 26)));
      }
      line = k == 0 ? string(esc) : string.concat(line, "\t", string(esc));
    }
  }

  // two strings the loop writes: `row` is appended in place only while `table` lies below it
  // (after `table = concat(table, row)` without a reset, table lies right after row)
  function rowsAndTable(uint256 n) external pure returns (string memory table) {
    string memory row = "";
    for (uint256 i = 0; i < n; i++) {
      row = string.concat(row, digits(i), " ");
      if (i % 7 == 6) {
        table = string.concat(table, row, "\n");
        if (i % 14 == 13) row = "";
      }
    }
    table = string.concat(table, row);
  }

  // a local still reads the string s held before the append
  function peeks(uint256 n) external pure returns (string memory s, uint256 total) {
    for (uint256 i = 0; i < n; i++) {
      string memory before = s;
      s = string.concat(s, "xy");
      total += bytes(before).length * 3 + bytes(s).length;
    }
  }

  // an array holds every intermediate string
  function history(uint256 n) external pure returns (string[] memory hs, string memory s) {
    hs = new string[](n);
    for (uint256 i = 0; i < n; i++) {
      s = string.concat(s, "h");
      hs[i] = s;
    }
  }

  // the initial value is another variable's string
  function sharedStart(uint256 n) external pure returns (string memory s, string memory base) {
    base = string.concat("b", digits(n));
    s = base;
    for (uint256 i = 0; i < n; i++) s = string.concat(s, "x");
  }

  // s appended to itself, and a part allocated before the loop
  function selfAndSeparator(uint256 n) external pure returns (string memory s) {
    string memory sep = string.concat("-", digits(n));
    s = "a";
    for (uint256 i = 0; i < n % 6; i++) {
      s = string.concat(s, s);
      s = string.concat(s, sep);
    }
  }

  // a temporary allocated in the iteration and read after the append
  function readAfter(uint256 n) external pure returns (string memory s, uint256 acc) {
    for (uint256 i = 0; i < n; i++) {
      string memory d = digits(i + 3);
      s = string.concat(s, ".");
      acc += bytes(d).length * 10 + uint8(bytes(d)[0]);
    }
  }

  // pages appended in place and hashed when full: the compaction before the hash releases to a
  // mark taken in the iteration, which an appended page would straddle (so the page is a fresh concat)
  function pagesHashed(uint256 n) external pure returns (bytes32 h, string memory page) {
    page = "[";
    uint256 k = 0;
    for (uint256 i = 0; i < n; i++) {
      page = string.concat(page, k == 0 ? "" : ",", string.concat(digits(i), ":abcdefghijklmnopqrstuvwxyz0123456789:", digits(i * i)));
      k++;
      if (k == 4) { h = keccak256(abi.encodePacked(h, page)); page = "["; k = 0; }
    }
  }

  string constant LONG = "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz";

  // a constant's string is allocated in the iteration before the append, and a copy of the page
  // is made after it: released to the mark before the constant, an appended page would lose its tail
  function appendThenCopy(uint256 n) external pure returns (string memory s) {
    string memory page = "";
    for (uint256 i = 0; i < n; i++) {
      page = string.concat(page, LONG);
      s = string.concat(page, "]");
    }
  }
}
