// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.0;

// Checked arithmetic next to the facts that make some of it unable to overflow
// (packages/sol/src/overflow-checks.ts) and the near misses that must keep their check: each
// function is called with the edge values of its types.
contract OverflowChecks {
  // i < n bounds i + 1, not i + 2 (n may be the largest uint256)
  function stepTwo(uint256 start, uint256 n) external pure returns (uint256 i, uint256 steps) {
    i = start;
    while (i < n) {
      i += 2;
      steps++;
      if (steps > 3) break;
    }
  }

  // x != 0 makes x - 1 safe; y's subtraction is not guarded
  function decrements(uint256 x, uint256 y) external pure returns (uint256, uint256) {
    uint256 a;
    if (x != 0) a = x - 1;
    return (a, y - 1);
  }

  // require(x >= y) guards x - y for what follows; z - y is not guarded
  function guardedSub(uint256 x, uint256 y, uint256 z) external pure returns (uint256, uint256) {
    require(x >= y, "x < y");
    uint256 d = x - y;
    return (d, z - y);
  }

  // masks and shifts bound a value; a uint8 sum of a remainder may still overflow
  function bounded(uint256 x, uint8 b) external pure returns (uint256, uint256, uint8, uint256) {
    uint256 lo = x & 0xffffffffffffffffffffffffffffffff;
    uint256 hi = x >> 128;
    uint256 s = lo + hi + 1;
    uint8 r = uint8(x % 10) + b;
    uint256 p = (x >> 200) * (x >> 200);
    return (s, lo * hi, r, p);
  }

  // index sums of two bounded loops; the product of the counters is not bounded by a length
  function indexSums(uint256[] calldata a, uint256[] calldata b, uint256 scale) external pure returns (uint256 acc) {
    uint256[] memory r = new uint256[](a.length + b.length);
    for (uint256 i = 0; i < a.length; i++) {
      for (uint256 j = 0; j < b.length; j++) {
        r[i + j] += (a[i] ^ b[j]) & 0xff;
        acc += i * j * scale;
      }
    }
    for (uint256 k = 0; k < r.length; k++) acc ^= r[k] << k;
  }

  // a counter the loop condition does not bound (the loop stops on another value)
  function unbounded(uint256 x, uint256 start) external pure returns (uint256 k) {
    k = start;
    while (x != 0 && x & 1 == 0) {
      x >>= 1;
      ++k;
    }
  }

  // narrow counters: the comparison bounds i, not i + 10
  function narrow(uint8 from, uint8 add) external pure returns (uint8 last, uint16 wide) {
    for (uint8 i = from; i < 250; i++) {
      last = i + add;
      wide = uint16(i) + 300;
      if (i > from + 3) break;
    }
  }

  // do-while and continue: the counter is checked before the body on the way back only
  function doLoop(uint256 n, uint256 skip) external pure returns (uint256 i, uint256 sum) {
    do {
      i++;
      if (i == skip) continue;
      sum += i;
    } while (i < n && i < 8);
  }

  // a counting-down loop: i > 0 makes i - 1 safe; the step after the body too
  function countDown(uint256 n, uint256 base) external pure returns (uint256 acc) {
    uint256 m = n > 6 ? 6 : n;
    for (uint256 i = m; i > 0; i--) acc = acc * 3 + (i - 1) + base;
  }

  // after a branch joins, the larger bound holds
  function joined(uint256 x, bool big) external pure returns (uint256) {
    uint256 v = x % 100;
    if (big) v = x % 1000;
    else v += 5;
    return v * v * v * v * v * v * v * v * v * v * v * v * v * v * v * v * v * v * v * v * v * v * v * v * v * v * v;
  }

  // (O6) y <= x from a guard: an early return, a branch, a loop condition over a length
  function relational(uint256 x, uint256 y, uint256[] calldata a) external pure returns (uint256 r, uint256 t) {
    if (x < y) return (0, 0);
    r = x - y;
    for (uint256 i = 0; i < a.length; i++) t += a.length - i;
    if (y > 3) {
      if (y <= x) t += x - y;
    }
  }

  // near misses: the guard falls through, a local changes after the guard, the loop changes it
  function relationalMisses(uint256 x, uint256 y, uint256 k) external pure returns (uint256 r, uint256 s, uint256 t) {
    if (x < y) r = 1;
    r += x - y;
    if (y <= x) {
      y += k;
      s = x - y;
    }
    require(y <= x, "y > x");
    for (uint256 i = 0; i < 3; i++) {
      t += x - y;
      y += k;
    }
  }

  // (O2) short-circuit conditions: `k < n && k < m` bounds k in the body; `j < n || j < m` does
  // not bound j + 2; `!(n >= m || n == 0)` makes n - 1 safe after it, `n > 0 || start < 3` does not
  function shortCircuit(uint256 n, uint256 m, uint256 start) external pure returns (uint256 k, uint256 j, uint256 d) {
    k = start;
    while (k < n && k < m) {
      k++;
      if (k > start + 2) break;
    }
    j = start;
    while (j < n || j < m) {
      j += 2;
      if (j > k + 5) break;
    }
    if (!(n >= m || n == 0)) d = n - 1;
    if (start < 3 && n > 0) d += n - 1;
    if (n > 0 || start < 3) j ^= n - 1;
  }
}
