// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Literals stored into slots whose zero elements nothing else reaches are built in those
/// elements (packages/sol/src/lifetime/in-place.ts); the second half must not be: another
/// reference to the displaced element is read afterwards. Where a counted loop replaces every
/// slot before any is read (`fill`, `passedAfter`, `fillThenSort`), the slots share one zero
/// element instead (shared-zero.ts (Z5)) and the literals get memory of their own.
contract LifetimesInPlace {
  struct P { uint256 x; uint256 y; }
  struct Pair { P a; P b; }
  struct Poly { P[] pts; string name; }

  // ---- built in place ----
  function fill(uint256 n) external pure returns (uint256 s) {
    P[] memory ps = new P[](n);
    for (uint256 i = 0; i < n; i++) ps[i] = P(i, 2 * i);
    for (uint256 i = 0; i < n; i++) ps[i].x += 1;
    for (uint256 i = 0; i < n; i++) s = s * 7 + ps[i].x + ps[i].y;
  }

  function square(uint256 k) internal pure returns (Poly memory p) {
    p.pts = new P[](4);
    p.pts[0] = P(0, 0); p.pts[1] = P(k, 0); p.pts[2] = P(k, k); p.pts[3] = P(0, k);
    p.name = "sq";
  }

  function squares(uint256 n) external pure returns (uint256 s) {
    for (uint256 i = 0; i < n; i++) {
      Poly memory p = square(i % 9 + 1);
      for (uint256 j = 0; j < p.pts.length; j++) s += p.pts[j].x * 3 + p.pts[j].y + bytes(p.name).length;
    }
  }

  function deleted(uint256 n) external pure returns (uint256 s) {
    P[] memory ps = new P[](n + 2);
    for (uint256 i = 0; i < ps.length; i++) ps[i] = P(i + 1, i + 2);
    delete ps[1];
    ps[0].y = 9;
    for (uint256 i = 0; i < ps.length; i++) s = s * 5 + ps[i].x + ps[i].y;
  }

  function staticArray(uint256 a) external pure returns (uint256) {
    P[3] memory q;
    q[0] = P(a, 1);
    q[2] = P(2, a);
    q[0].y += 4;
    return q[0].x + q[0].y * 10 + q[1].x * 100 + q[1].y * 1000 + q[2].x * 10000 + q[2].y;
  }

  function fields(uint256 a) external pure returns (uint256) {
    Pair memory pr;
    pr.a = P(a, 1);
    pr.b = P(2, a);
    pr.b.x += 3;
    return pr.a.x + pr.a.y * 10 + pr.b.x * 100 + pr.b.y * 1000;
  }

  function sumOf(P[] memory ps) internal pure returns (uint256 s) {
    for (uint256 i = 0; i < ps.length; i++) s += ps[i].x * (i + 1) + ps[i].y;
  }

  function passedAfter(uint256 n) external pure returns (uint256) {
    P[] memory ps = new P[](n);
    for (uint256 i = 0; i < n; i++) ps[i] = P(i * i, n - i);
    ps[n / 2].y = 77;
    return sumOf(ps);
  }

  function overwrite(uint256 n) external pure returns (uint256 s) {
    P[] memory ps = new P[](2);
    for (uint256 i = 0; i < n; i++) {
      ps[i % 2] = P(ps[i % 2].y + 1, ps[(i + 1) % 2].x + i);
      ps[1].x += 1;
      s += ps[0].x + ps[1].y;
    }
  }

  function checksInOrder(uint256 n, uint256 at) external pure returns (uint256) {
    P[] memory ps = new P[](n);
    ps[at] = P(10 / n, 1);
    ps[at].y = 5;
    return ps[at].x + ps[at].y;
  }

  function sharedPair(uint256 a) external pure returns (uint256) {
    Pair[] memory prs = new Pair[](2);
    prs[1] = prs[0];
    prs[0].a = P(a, a + 1);
    prs[0].a.y += 1;
    return prs[1].a.x + prs[1].a.y * 10 + prs[1].b.x * 100;
  }

  // elements swapped after the fill loop: the fill is built in place, the swaps move pointers
  function fillThenSort(uint256 n) external pure returns (uint256 s) {
    P[] memory ps = new P[](n);
    for (uint256 i = 0; i < n; i++) ps[i] = P((i * 7919) % 101, i);
    for (uint256 i = 0; i < n; i++) {
      for (uint256 j = i + 1; j < n; j++) if (ps[j].x < ps[i].x) (ps[i], ps[j]) = (ps[j], ps[i]);
    }
    if (n > 0) ps[0].y += 1;
    for (uint256 i = 0; i < n; i++) s = s * 31 + ps[i].x * 1000 + ps[i].y;
  }

  // ---- not built in place ----
  // elements only ever replaced share one zero element instead (shared-zero.ts): cheaper
  function onlyReplaced(uint256 n) external pure returns (uint256 s) {
    P[] memory ps = new P[](n);
    for (uint256 i = 0; i < n; i++) ps[i] = P(i, 3 * i);
    for (uint256 i = 0; i < n; i++) s = s * 3 + ps[i].x + ps[i].y;
  }

  // the displaced element is read through another reference
  function loopDup(uint256 n) external pure returns (uint256 s) {
    P[] memory ps = new P[](2);
    for (uint256 i = 0; i < n; i++) {
      ps[i % 2] = P(i, i + 1);
      if (i % 3 == 0) ps[1 - i % 2] = ps[i % 2];
      s = s * 7 + ps[0].x + ps[1].y * 3;
    }
  }

  function liveRef(uint256 a) external pure returns (uint256) {
    P[] memory ps = new P[](2);
    P memory q = ps[0];
    ps[0] = P(a, a);
    ps[0].x += 1;
    return q.x + ps[0].x * 10;
  }

  function dupSlot(uint256 a) external pure returns (uint256) {
    P[] memory ps = new P[](2);
    ps[1] = ps[0];
    ps[0] = P(a, a);
    ps[1].y = 3;
    return ps[1].x + ps[0].y * 10;
  }

  function foreign(uint256 a) external pure returns (uint256) {
    P[] memory ps = new P[](2);
    P memory f = P(1, 1);
    ps[0] = f;
    ps[0] = P(a, a);
    return f.x + ps[0].x * 10;
  }

  function copyFirst(P[] memory ps) internal pure {
    ps[1] = ps[0];
  }

  function calleeCopies(uint256 a) external pure returns (uint256) {
    P[] memory ps = new P[](2);
    copyFirst(ps);
    ps[0] = P(a, a);
    return ps[1].x + ps[0].x * 10;
  }

  function otherArray(uint256 a) external pure returns (uint256) {
    P[] memory ps = new P[](2);
    P[] memory other = new P[](1);
    other[0] = ps[0];
    ps[0] = P(a, a);
    return other[0].x + ps[0].x * 10;
  }

  function carried(uint256 n) external pure returns (uint256 s) {
    P[] memory ps = new P[](1);
    P memory prev = P(0, 0);
    for (uint256 i = 0; i < n; i++) {
      ps[0] = P(i + 1, i);
      s = s * 3 + prev.x;
      prev = ps[0];
    }
  }

  function arrayLiteral(uint256 a) external pure returns (uint256) {
    P[] memory ps = new P[](2);
    P[2] memory both = [ps[0], ps[1]];
    ps[0] = P(a, a);
    return both[0].x + ps[0].x * 10;
  }

  function first(P[] memory ps) internal pure returns (P memory) {
    return ps[0];
  }

  function returned(uint256 a) external pure returns (uint256) {
    P[] memory ps = new P[](2);
    P memory q = first(ps);
    ps[0] = P(a, a);
    return q.x + ps[0].x * 10;
  }

  function chosen(uint256 a, bool c) external pure returns (uint256) {
    P[] memory ps = new P[](2);
    P memory q = c ? ps[0] : ps[1];
    ps[0] = P(a, a);
    return q.x + ps[0].x * 10;
  }
}
