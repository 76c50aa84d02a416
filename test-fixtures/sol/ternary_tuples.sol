// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Conditionals whose branches are tuples: destructured into new locals, assigned to existing
// ones, returned, nested, built from calls, of mixed types, and holding memory references
// (arrays, strings, structs) that must stay live, or escape, exactly as through a one-value
// ternary. solc evaluates the condition first, then only the taken branch's components, left
// to right (`order` records it in storage).
contract TernaryTuples {
  struct Pt { uint256 x; uint256 y; }

  uint256[] trace;
  uint256 bumps;

  function split(uint256 n) external pure returns (uint256) {
    (uint256 a, uint256 b) = n % 2 == 0 ? (n, n + 1) : (n + 2, n + 3);
    return a * 10 + b;
  }

  function third(uint256 n) private pure returns (bool, uint256) {
    return n % 3 == 0 ? (true, n / 3) : (false, 0);
  }

  function found(uint256 n) external pure returns (bool ok, uint256 v) {
    (ok, v) = third(n);
    (, uint256 w) = third(n + 3);
    v += w;
  }

  function mixed(uint256 n) external pure returns (uint256, int16, bytes2, bool, uint8) {
    (uint256 a, int16 b, bytes2 c, bool d, uint8 e) =
      n > 5 ? (n, int16(-3), bytes2("hi"), true, 1) : (300, int16(7), bytes2(0x0102), false, 255);
    return (a, b, c, d, e);
  }

  function nested(uint256 n) external pure returns (uint256 a, uint256 b) {
    (a, b) = n < 10 ? (n, 0) : n < 100 ? (n / 10, 1) : n < 1000 ? (n / 100, 2) : (n - 1000, 3);
  }

  function swap(uint256 x, uint256 y) external pure returns (uint256, uint256) {
    (x, y) = x > y ? (y, x) : (x, y);
    return (x, y);
  }

  function pair(uint256 n) private pure returns (uint256, uint256) {
    return (n * 2, n * 3);
  }

  function fromCalls(uint256 n) external pure returns (uint256 a, uint256 b) {
    (a, b) = n % 2 == 0 ? pair(n) : (n, 1);
    (uint256 c, uint256 d) = n % 3 == 0 ? (0, 1) : pair(n + 1);
    a += c;
    b += d;
  }

  function order(uint256 n) external returns (uint256 a, uint256 b, uint256 len, uint256 first, uint256 last) {
    delete trace;
    (a, b) = note(n) % 2 == 0 ? (note(10), note(11)) : (note(20), note(21));
    len = trace.length;
    first = trace[1];
    last = trace[len - 1];
  }

  function note(uint256 v) private returns (uint256) {
    trace.push(v);
    return v;
  }

  function bump(uint256 by) private {
    bumps += by;
  }

  function sideEffect(uint256 n) external returns (uint256) {
    n % 2 == 0 ? bump(1) : bump(n);
    return bumps;
  }

  // ---- memory references through tuple ternaries -------------------------------------------

  function pick(uint256 n) external pure returns (uint256[] memory p, uint256 k) {
    uint256[] memory a = new uint256[](n % 4 + 1);
    uint256[] memory b = new uint256[](2);
    for (uint256 i = 0; i < a.length; i++) a[i] = i + n;
    b[0] = 7;
    b[1] = 9;
    (p, k) = n % 2 == 0 ? (a, 1) : (b, 2);
    p[0] += k;
    // the write went through to whichever array was picked
    k = a[0] + b[0];
  }

  function choose(bool c, uint256[] memory a, uint256[] memory b) private pure returns (uint256[] memory, uint256) {
    return c ? (a, a.length) : (b, b.length);
  }

  function chosenInLoop(uint256 n) external pure returns (uint256 total) {
    for (uint256 i = 0; i < n; i++) {
      uint256[] memory fresh = new uint256[](3);
      fresh[0] = i;
      uint256[] memory other = new uint256[](1);
      other[0] = 2 * i;
      (uint256[] memory chosen, uint256 len) = choose(i % 3 == 0, fresh, other);
      total += chosen[0] * len;
      (uint256[] memory again, uint256 w) = i % 2 == 0 ? (other, i) : (fresh, 1);
      total += again[0] * w + again.length;
    }
  }

  // `t` escapes into `keep`, which outlives the iteration: a later iteration's allocation
  // must not reuse it
  function carry(uint256 n) external pure returns (uint256 s, uint256 kept) {
    uint256[] memory keep = new uint256[](1);
    for (uint256 i = 0; i < n; i++) {
      uint256[] memory t = new uint256[](2);
      t[0] = i;
      t[1] = i * i;
      uint256 w;
      (keep, w) = t[1] % 2 == 0 ? (t, 1) : (keep, 2);
      s += keep[0] * w;
    }
    kept = keep.length + keep[0];
  }

  function strings(uint256 n) external pure returns (string memory s, uint256 len) {
    string memory name = n % 5 == 0 ? "fizzbuzz" : "plain";
    (s, len) = n % 2 == 0 ? ("left", 4) : (name, bytes(name).length);
    s = string.concat(s, "!");
  }

  function points(uint256 n) external pure returns (uint256, uint256, bool) {
    Pt memory q = Pt(n, n + 1);
    (Pt memory p, bool fresh) = n % 2 == 0 ? (Pt(1, 2), true) : (q, false);
    p.x += 100;
    // p aliases q when not fresh
    return (p.x + q.x, p.y, fresh);
  }

  function nestedMemory(uint256 n) external pure returns (uint256[] memory, uint256) {
    uint256[] memory a = new uint256[](1);
    uint256[] memory b = new uint256[](2);
    uint256[] memory c = new uint256[](3);
    a[0] = 1;
    b[0] = 2;
    c[0] = 3;
    (uint256[] memory r, uint256 tag) = n < 10 ? (a, 10) : n < 20 ? (b, 20) : (c, n);
    r[r.length - 1] = tag;
    return (r, a[0] + b[1] + c[2]);
  }
}
