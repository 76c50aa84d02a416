// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Deep moves of loop-carried object graphs and compaction at allocation points
// (packages/sol/LIFETIME.md "Deep moves", "Compaction at allocations").
contract LifetimesDeep {
  struct Acc { uint256[] xs; uint256 n; bytes tag; }
  struct Pair { uint256[2] a; uint256[2] b; }

  function mul2(uint256[2][2] memory a, uint256[2][2] memory b) internal pure returns (uint256[2][2] memory c) {
    for (uint256 i = 0; i < 2; i++) for (uint256 j = 0; j < 2; j++) c[i][j] = (a[i][0] * b[0][j] + a[i][1] * b[1][j]) % 1000003;
  }

  // a static graph carried across iterations: moved down and rebased every iteration
  function matPow(uint256 n) external pure returns (uint256, uint256, uint256, uint256) {
    uint256[2][2] memory acc = [[uint256(1), 0], [uint256(0), 1]];
    uint256[2][2] memory step = [[uint256(1), 1], [uint256(1), 0]];
    for (uint256 i = 0; i < n; i++) acc = mul2(acc, step);
    return (acc[0][0], acc[0][1], acc[1][0], acc[1][1]);
  }

  // the graph shares an inner array: the move must keep the sharing
  function shared(uint256 n) external pure returns (uint256, uint256, bool) {
    uint256[2][2] memory m = [[uint256(1), 2], [uint256(3), 4]];
    for (uint256 i = 0; i < n; i++) {
      uint256[2][2] memory t;
      t[0] = [m[0][0] + i, m[1][1]];
      t[1] = t[0];
      m = t;
      m[1][0] += 1; // also m[0][0]
    }
    return (m[0][0], m[1][1], m[0][0] == m[1][0]);
  }

  function grow(Acc memory a, uint256 i) internal pure returns (Acc memory r) {
    r.xs = new uint256[](a.xs.length + 1);
    for (uint256 k = 0; k < a.xs.length; k++) r.xs[k] = a.xs[k];
    r.xs[a.xs.length] = i * i;
    r.n = a.n + i;
    if (i % 3 != 0) r.tag = abi.encodePacked(a.tag.length == 0 ? bytes("t") : a.tag, uint8(i));
  }

  // a struct holding a dynamic array and bytes (sometimes the empty zero slot) carried across iterations
  function structCarry(uint256 n) external pure returns (uint256 sum, uint256 n2, bytes32 h) {
    Acc memory a;
    for (uint256 i = 0; i < n; i++) a = grow(a, i);
    for (uint256 k = 0; k < a.xs.length; k++) sum += a.xs[k];
    return (sum, a.n, keccak256(a.tag));
  }

  // an older root with a fresh inner object: stays where it is
  function freshRow(uint256 n) external pure returns (uint256 s) {
    uint256[2][2] memory m = [[uint256(1), 2], [uint256(3), 4]];
    for (uint256 i = 0; i < n; i++) {
      m[i % 2] = [m[0][1] + i, m[1][0] + 1];
      uint256[] memory tmp = new uint256[](3);
      tmp[0] = m[0][0];
      s += tmp[0] + m[1][1];
    }
  }

  // a row of the old graph is still held when the graph is replaced: it must not move away
  function heldRow(uint256 n) external pure returns (uint256, uint256) {
    uint256[2][2] memory acc = [[uint256(2), 0], [uint256(0), 2]];
    uint256[2] memory row = acc[0];
    for (uint256 i = 0; i < n; i++) {
      acc = mul2(acc, acc);
      if (i % 2 == 0) row = acc[1];
      row[0] += 1;
    }
    return (row[0], acc[0][0] + acc[1][0]);
  }

  function cube(uint256 i) internal pure returns (uint256[2][2][2] memory c) {
    c[i % 2][1][0] = i;
  }

  // three levels (nested graph: the checked rebase)
  function nested3(uint256 n) external pure returns (uint256 s) {
    uint256[2][2][2] memory c;
    for (uint256 i = 0; i < n; i++) {
      uint256[2][2][2] memory d = cube(i);
      d[0][0][0] = c[0][0][0] + c[1][1][0] + i;
      d[1][1][1] = c[1][1][1] + 1;
      c = d;
    }
    s = c[0][0][0] + c[1][1][1] + c[0][1][0] + c[1][1][0];
  }

  function pairStep(Pair memory p, uint256 i) internal pure returns (Pair memory q) {
    q.a = [p.b[0] + i, p.a[1]];
    q.b = [p.a[0], p.b[1] + 1];
  }

  // two carried graphs, one replaced each iteration and one only read
  function pairs(uint256 n) external pure returns (uint256, uint256, uint256) {
    Pair memory p = Pair([uint256(1), 2], [uint256(3), 4]);
    Pair memory fixedP = Pair([uint256(5), 6], [uint256(7), 8]);
    for (uint256 i = 0; i < n; i++) {
      p = pairStep(p, i + fixedP.a[0]);
    }
    return (p.a[0] + p.a[1], p.b[0] + p.b[1], fixedP.b[1]);
  }

  function toString(uint256 v) internal pure returns (string memory) {
    if (v == 0) return "0";
    uint256 len;
    for (uint256 t = v; t != 0; t /= 10) len++;
    bytes memory b = new bytes(len);
    for (uint256 i = len; i > 0; i--) { b[i - 1] = bytes1(uint8(48 + v % 10)); v /= 10; }
    return string(b);
  }

  // compaction at an allocation: the concat result moves down over the two temporaries
  function labelHash(uint256 n) external pure returns (bytes32 h) {
    for (uint256 i = 0; i < n; i++) h = keccak256(abi.encodePacked(h, string.concat("k", toString(i), "=", toString(i * 7))));
  }

  // compaction at an allocation outside a loop, the moved string returned afterwards
  function joined(uint256 a) external pure returns (string memory s, bytes memory enc) {
    s = string.concat(toString(a), "/", toString(a + 1), "/", toString(a * 1000));
    enc = abi.encode(s, a);
  }

  // a loop-carried string grown by concatenation with temporaries below the result
  function csv(uint256 n) external pure returns (string memory s) {
    for (uint256 i = 0; i < n; i++) s = string.concat(s, toString(i), i + 1 < n ? "," : "");
  }

  // recursion returning memory with inner pointers
  function tree(uint256 d) internal pure returns (uint256[][] memory t) {
    t = new uint256[][](2);
    if (d == 0) { t[0] = new uint256[](1); t[1] = t[0]; t[0][0] = 1; return t; }
    uint256[][] memory l = tree(d - 1);
    t[0] = new uint256[](l[0].length + 1);
    for (uint256 k = 0; k < l[0].length; k++) t[0][k] = l[0][k] + l[1][k];
    t[1] = l[0];
  }

  function recurse(uint256 n) external pure returns (uint256 s) {
    uint256[][] memory t = tree(n % 12);
    for (uint256 k = 0; k < t[0].length; k++) s += t[0][k];
    s += t[1].length;
  }

  // a returned array of struct addresses over a smaller temporary: it cannot move down, and it
  // stays without walking its elements (emit-deep-move.ts (D8))
  struct Item { uint256 key; uint256 weight; }

  function items(uint256 n) internal pure returns (Item[] memory out) {
    uint256[] memory seen = new uint256[](8);
    out = new Item[](n);
    for (uint256 i = 0; i < n; i++) {
      seen[i % 8] += i;
      out[i] = Item(i * 7 % 13, seen[i % 8]);
    }
  }

  function itemsTotal(uint256 n) external pure returns (uint256 total) {
    bytes memory tag = abi.encodePacked(n);
    Item[] memory all = items(n);
    for (uint256 i = 0; i < all.length; i++) total += all[i].key * all[i].weight + tag.length;
  }
}
