// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Internal library functions and free functions, called directly and bound by `using … for`.
struct Pair { uint256 lo; uint256 hi; }

function clampTo(uint256 v, uint256 cap) pure returns (uint256) {
  return v > cap ? cap : v;
}

function spread(Pair memory p) pure returns (uint256) {
  require(p.hi >= p.lo, "inverted pair");
  return p.hi - p.lo;
}

library Seq {
  function filled(uint256 n, uint256 start) internal pure returns (uint256[] memory out) {
    out = new uint256[](n);
    for (uint256 i = 0; i < n; i++) out[i] = start + i;
  }
  function total(uint256[] memory xs) internal pure returns (uint256 s) {
    for (uint256 i = 0; i < xs.length; i++) s += xs[i];
  }
  function total(uint256[] memory xs, uint256 upTo) internal pure returns (uint256 s) {
    for (uint256 i = 0; i < xs.length && i < upTo; i++) s += xs[i];
  }
  function mapped(uint256[] memory xs, uint256 k) internal pure returns (uint256[] memory ys) {
    ys = new uint256[](xs.length);
    for (uint256 i = 0; i < xs.length; i++) ys[i] = clampTo(xs[i] * k, 1000);
  }
  function append(uint256[] storage xs, uint256 v) internal returns (uint256) {
    xs.push(v);
    return xs.length;
  }
  function bounds(uint256[] memory xs) private pure returns (Pair memory p) {
    p.lo = type(uint256).max;
    for (uint256 i = 0; i < xs.length; i++) {
      if (xs[i] < p.lo) p.lo = xs[i];
      if (xs[i] > p.hi) p.hi = xs[i];
    }
  }
  function width(uint256[] memory xs) internal pure returns (uint256) {
    return spread(bounds(xs));
  }
}

library Text {
  function repeat(string memory s, uint256 times) internal pure returns (string memory out) {
    for (uint256 i = 0; i < times; i++) out = string.concat(out, s);
  }
}

contract Libraries {
  using Seq for uint256[];
  using Text for string;
  using { clampTo } for uint256;
  using { spread } for Pair;

  uint256[] log;

  function direct(uint256 n) external pure returns (uint256) {
    return Seq.total(Seq.filled(n, 1));
  }

  function bound(uint256 n, uint256 k) external pure returns (uint256 a, uint256 b, uint256 c) {
    uint256[] memory xs = Seq.filled(n, 3);
    a = xs.total();
    b = xs.mapped(k).total(2);
    c = xs.width();
  }

  function loop(uint256 n) external pure returns (uint256 s) {
    for (uint256 i = 0; i < n; i++) s += Seq.filled(i % 5, i).mapped(3).total();
  }

  function free(uint256 v, uint256 cap) external pure returns (uint256, uint256) {
    return (v.clampTo(cap), clampTo(cap, v));
  }

  function pairSpread(uint256 lo, uint256 hi) external pure returns (uint256) {
    return Pair(lo, hi).spread();
  }

  function words(uint256 n) external pure returns (string memory) {
    return string("ab").repeat(n);
  }

  function record(uint256 v) external returns (uint256 len, uint256 sum) {
    len = Seq.append(log, v);
    len = log.append(v + 1);
    sum = log[len - 1] + log[len - 2];
  }
}
