// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.0;

// Loops that call a helper which may replace a member of a struct it is given with a larger
// array it allocates (memory arrays cannot push). The first functions give the displaced arrays
// back (the helper's call is the one store of that member); the last ones must not.
contract LifetimesMemberGrow {
  struct Vec { uint256[] data; uint256 len; }
  struct Two { uint256[] a; uint256[] b; }
  struct Named { uint256 id; string name; uint256[] data; }

  function push(Vec memory v, uint256 x) internal pure {
    if (v.len == v.data.length) {
      uint256[] memory bigger = new uint256[](v.data.length * 2 + 1);
      for (uint256 i = 0; i < v.len; i++) bigger[i] = v.data[i];
      v.data = bigger;
    }
    v.data[v.len++] = x;
  }

  function sum(Vec memory v) internal pure returns (uint256 s) {
    for (uint256 i = 0; i < v.len; i++) s = (s * 31 + v.data[i]) % (2 ** 128);
  }

  // the helper grows the member; the loop calls it once per iteration
  function grow(uint256 n) external pure returns (uint256) {
    Vec memory v = Vec(new uint256[](0), 0);
    for (uint256 i = 0; i < n; i++) push(v, i * 7 + 1);
    return sum(v) + v.data.length;
  }

  // a scratch string each iteration besides the growth: released with it
  function growWithScratch(uint256 n) external pure returns (uint256) {
    Vec memory v = Vec(new uint256[](2), 0);
    for (uint256 i = 0; i < n; i++) {
      bytes memory tmp = abi.encodePacked(i, "x");
      push(v, tmp.length + i);
    }
    return sum(v);
  }

  // the member of a struct with other fields; the growth is conditional on a value
  function named(uint256 n) external pure returns (uint256, string memory) {
    Named memory m = Named(7, "seven", new uint256[](1));
    for (uint256 i = 0; i < n; i++) if (i % 3 != 1) setAt(m, i / 2, i);
    return (m.data.length * 1000 + m.data[m.data.length - 1], m.name);
  }

  function setAt(Named memory m, uint256 k, uint256 x) internal pure {
    if (k >= m.data.length) {
      uint256[] memory bigger = new uint256[](k + 4);
      for (uint256 i = 0; i < m.data.length; i++) bigger[i] = m.data[i];
      m.data = bigger;
    }
    m.data[k] += x;
  }

  // ---- not released ----

  // the old array stays reachable through a local that lives across iterations
  function keepsOld(uint256 n) external pure returns (uint256 s) {
    Vec memory v = Vec(new uint256[](1), 0);
    uint256[] memory before = v.data;
    for (uint256 i = 0; i < n; i++) {
      if (v.len == v.data.length) before = v.data;
      push(v, i + 1);
      s += before.length;
    }
    s += before.length * 1000 + before[0] + sum(v);
  }

  function pushBoth(Two memory t, uint256 x) internal pure {
    uint256[] memory a2 = new uint256[](t.a.length + 1);
    uint256[] memory b2 = new uint256[](t.b.length + 1);
    for (uint256 i = 0; i < t.a.length; i++) (a2[i], b2[i]) = (t.a[i], t.b[i]);
    (a2[t.a.length], b2[t.b.length]) = (x, x * 2);
    (t.a, t.b) = (a2, b2);
  }

  // the helper stores into two members
  function twoMembers(uint256 n) external pure returns (uint256 s) {
    Two memory t = Two(new uint256[](0), new uint256[](0));
    for (uint256 i = 0; i < n; i++) pushBoth(t, i);
    for (uint256 i = 0; i < t.a.length; i++) s += t.a[i] * t.b[i];
  }

  function pushAndReturn(Vec memory v, uint256 x) internal pure returns (uint256[] memory) {
    if (v.len == v.data.length) {
      uint256[] memory bigger = new uint256[](v.data.length * 2 + 1);
      for (uint256 i = 0; i < v.len; i++) bigger[i] = v.data[i];
      v.data = bigger;
    }
    v.data[v.len++] = x;
    return v.data;
  }

  // the helper also hands the member's array back, and the loop keeps it
  function alsoReturned(uint256 n) external pure returns (uint256 s) {
    Vec memory v = Vec(new uint256[](1), 0);
    uint256[] memory last = v.data;
    uint256[] memory first = v.data;
    for (uint256 i = 0; i < n; i++) {
      uint256[] memory got = pushAndReturn(v, i);
      if (got.length != last.length) (first, last) = (last, got);
    }
    s = first.length * 1000 + last.length + sum(v) + (first.length > 0 ? first[0] : 7);
  }

  // two structs share the grown array after the loop writes one into the other
  function shared(uint256 n) external pure returns (uint256 s) {
    Vec memory v = Vec(new uint256[](0), 0);
    Vec memory w = Vec(new uint256[](0), 0);
    for (uint256 i = 0; i < n; i++) {
      push(v, i);
      w.data = v.data;
      w.len = v.len;
    }
    s = sum(w) + sum(v);
  }
}
