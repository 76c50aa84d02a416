// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.0;

// Loops that call a helper which may replace a member of a struct it is given with a larger
// array it allocates (memory arrays cannot push). The first functions give the displaced arrays
// back (the helpers' calls are the only stores of that member, of one struct); the last ones
// must not.
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

  // five byte-string members: more than a rooted release slides (releases.ts (R7)), so the
  // loops below show the held release alone (the four others stay empty)
  struct Writer { bytes buf; uint256 len; bytes open; bytes close; bytes sep; bytes tail; }

  function reserve(Writer memory w, uint256 extra) internal pure {
    if (w.len + extra <= w.buf.length) return;
    uint256 cap = w.buf.length * 2;
    while (cap < w.len + extra) cap *= 2;
    bytes memory bigger = new bytes(cap);
    for (uint256 i = 0; i < w.len; i++) bigger[i] = w.buf[i];
    w.buf = bigger;
  }

  // these two grow the member through another helper
  function write(Writer memory w, bytes memory s) internal pure {
    reserve(w, s.length);
    for (uint256 i = 0; i < s.length; i++) w.buf[w.len + i] = s[i];
    w.len += s.length;
  }

  function writeByte(Writer memory w, bytes1 c) internal pure {
    reserve(w, 1);
    w.buf[w.len++] = c;
  }

  function decimal(uint256 v) internal pure returns (bytes memory b) {
    uint256 digits = 1;
    for (uint256 x = v / 10; x != 0; x /= 10) digits++;
    b = new bytes(digits);
    for (; digits > 0; v /= 10) b[--digits] = bytes1(uint8(48 + (v % 10)));
  }

  // several calls a run, the first under an `if`, may each grow the one member
  function builder(uint256 n) external pure returns (bytes32, uint256, uint256) {
    Writer memory w = Writer(new bytes(4), 0, "", "", "", "");
    for (uint256 i = 0; i < n; i++) {
      if (i > 0) writeByte(w, ",");
      write(w, decimal(i * 37));
      writeByte(w, "#");
    }
    return (keccak256(w.buf), w.len, w.buf.length);
  }

  struct Acct { uint256 id; uint256 count; uint256[] log; }

  function record(Acct memory a, uint256 x) internal pure {
    if (a.count == a.log.length) {
      uint256[] memory bigger = new uint256[](a.log.length == 0 ? 2 : a.log.length * 2);
      for (uint256 i = 0; i < a.count; i++) bigger[i] = a.log[i];
      a.log = bigger;
    }
    a.log[a.count++] = x;
  }

  // each run of the first loop stores a fresh empty array — laid out at the free pointer,
  // which it does not move — into an element's member, and the release keeps it although the
  // free pointer is still at the run's mark; the second loop records under a condition, and
  // most of its runs leave the member holding an older array
  function emptyThenRecord(uint256 n) external pure returns (uint256 s) {
    Acct[] memory accts = new Acct[](n + 1);
    for (uint256 i = 0; i <= n; i++) accts[i] = Acct(i, 0, new uint256[](0));
    for (uint256 i = 0; i < 3 * n; i++) if (i % 4 != 3) record(accts[i % (n + 1)], i + 1);
    for (uint256 i = 0; i <= n; i++) {
      Acct memory a = accts[i];
      s = (s * 31 + a.log.length * 7 + a.count + (a.count > 0 ? a.log[a.count - 1] : 5)) % (2 ** 128);
    }
  }

  // ---- not released ----

  function pair() internal pure returns (Writer memory a, Writer memory b) {
    a = Writer(new bytes(1), 0, "", "", "", "");
    b = Writer(new bytes(1), 0, "", "", "", "");
  }

  // the calls of one run grow the members of two writers (the local changes between them)
  function alternates(uint256 n) external pure returns (bytes32, bytes32, uint256) {
    (Writer memory a, Writer memory b) = pair();
    Writer memory w = a;
    for (uint256 i = 0; i < n; i++) {
      write(w, decimal(i));
      w = i % 2 == 0 ? b : a;
      writeByte(w, ";");
    }
    return (keccak256(a.buf), keccak256(b.buf), a.len * 1000 + b.len);
  }

  struct History { bytes buf; bytes prev; uint256 len; }

  // the helper keeps the array it replaces in another member of the same struct
  function keepPrevious(History memory h, bytes1 c) internal pure {
    if (h.len == h.buf.length) {
      bytes memory bigger = new bytes(h.buf.length * 2);
      for (uint256 i = 0; i < h.len; i++) bigger[i] = h.buf[i];
      h.prev = h.buf;
      h.buf = bigger;
    }
    h.buf[h.len++] = c;
  }

  function history(uint256 n) external pure returns (bytes32, bytes32, uint256) {
    History memory h = History(new bytes(2), "", 0);
    uint256 digits;
    for (uint256 i = 0; i < n; i++) {
      bytes memory tmp = decimal(i);
      keepPrevious(h, tmp[0]);
      digits += tmp.length;
    }
    return (keccak256(h.buf), keccak256(h.prev), h.prev.length * 1000 + digits);
  }

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
