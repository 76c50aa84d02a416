// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Shapes where freeing memory or sharing zero elements would be wrong if done carelessly:
/// elements written in place (directly, through an alias, by a callee), element addresses
/// that outlive their array, survivors that alias, memory reached only through other memory.
contract Lifetimes {
    struct P { uint256 a; uint256 b; }
    struct Box { uint256[] xs; string tag; }

    function inPlace(uint256 n) external pure returns (uint256 s) {
        P[] memory arr = new P[](n + 2);
        arr[1].a = 5;                       // written in place: elements must be distinct
        for (uint256 i = 0; i < arr.length; i++) s = s * 10 + arr[i].a;
    }

    function aliasWrite(uint256 n) external pure returns (uint256, uint256) {
        P[] memory arr = new P[](n + 2);
        P memory p = arr[0];
        p.b = 9;
        return (arr[0].b, arr[1].b);
    }

    function bump(P[] memory arr, uint256 i) internal pure { arr[i].a += 1; }

    function calleeWrites(uint256 n) external pure returns (uint256 s) {
        P[] memory arr = new P[](n + 3);
        bump(arr, 2);
        bump(arr, 2);
        for (uint256 i = 0; i < arr.length; i++) s = s * 10 + arr[i].a;
    }

    function onlyReplaced(uint256 n) external pure returns (P[] memory out) {
        out = new P[](n);
        for (uint256 i = 0; i < n; i += 2) out[i] = P(i, i + 1);
    }

    function staticInner(uint256 n) external pure returns (uint256) {
        uint256[2][] memory x = new uint256[2][](n + 2);
        x[1][0] = 3;
        return x[0][0] + x[1][0] * 10 + x[1][1] * 100;
    }

    /// an element address outlives its array: the array's memory must stay
    function elementOutlives(uint256 n) external pure returns (uint256, uint256) {
        P memory keep;
        {
            P[] memory arr = new P[](1);
            keep = arr[0];
        }
        uint256[] memory t = new uint256[](n + 4);
        for (uint256 i = 0; i < t.length; i++) t[i] = 7;
        keep.a += 1;
        return (keep.a, keep.b);
    }

    /// memory reachable only through another object survives its scope
    function throughBox(uint256 n) external pure returns (uint256, string memory) {
        Box memory b;
        for (uint256 i = 0; i < n; i++) {
            uint256[] memory xs = new uint256[](i + 1);
            xs[i] = i * 3;
            bytes memory junk = abi.encode(i, xs);
            if (junk.length > 0) b = Box(xs, string.concat("box", string(abi.encodePacked(uint8(48 + i % 10)))));
        }
        uint256[] memory later = new uint256[](8);
        later[7] = 1;
        return (b.xs.length == 0 ? 0 : b.xs[b.xs.length - 1] + later[7], b.tag);
    }

    /// two carried strings that alias, then diverge
    function aliasCarried(uint256 n) external pure returns (string memory, string memory) {
        string memory a = "x";
        string memory b = a;
        for (uint256 i = 0; i < n; i++) {
            if (i % 3 == 1) b = a;
            a = string.concat(a, i % 2 == 0 ? "0" : "1");
            if (i % 2 == 0) b = string.concat(b, "-");
        }
        return (a, b);
    }

    /// a struct carried across iterations, sometimes kept, sometimes replaced
    function carriedStruct(uint256 n) external pure returns (uint256, uint256) {
        P memory acc = P(1, 2);
        P memory prev = acc;
        for (uint256 i = 0; i < n; i++) {
            P memory step = P(i, i * i);
            if (i % 4 != 3) acc = P(acc.a + step.a, acc.b + step.b);
            if (i % 5 == 0) prev = acc;
        }
        return (acc.a + prev.a, acc.b + prev.b);
    }

    function grow(string memory s, uint256 k) internal pure returns (string memory) {
        for (uint256 i = 0; i < k; i++) s = string.concat(s, "+");
        return s;
    }

    /// fresh memory returned through several calls, with early returns
    function returns_(uint256 n) external pure returns (string memory r, uint256 len) {
        for (uint256 i = 0; i < n; i++) {
            string memory g = grow("g", i);
            if (i == 3) return (g, bytes(g).length);
            len += bytes(g).length;
            r = g;
        }
    }

    function rec(uint256 d) internal pure returns (uint256[] memory out) {
        if (d == 0) { out = new uint256[](1); out[0] = 1; return out; }
        uint256[] memory inner = rec(d - 1);
        uint256[] memory tmp = new uint256[](inner.length);
        out = new uint256[](inner.length + 1);
        for (uint256 i = 0; i < inner.length; i++) { tmp[i] = inner[i] * 2; out[i] = tmp[i] + 1; }
        out[inner.length] = d;
    }

    function recursion(uint256 d) external pure returns (uint256[] memory) { return rec(d % 6); }

    function fpAfterWork(uint256 n) external pure returns (uint256 used) {
        uint256 start;
        assembly ("memory-safe") { start := mload(0x40) }
        for (uint256 i = 0; i < n; i++) { bytes memory t = abi.encode(i, i); used += t.length; }
        uint256 end;
        assembly ("memory-safe") { end := mload(0x40) }
        used += end - start;
    }

    /// a temporary allocated before an element that outlives the iteration (reordered)
    function reorder(uint256 n) external pure returns (P[] memory out, uint256 total) {
        out = new P[](n);
        for (uint256 i = 0; i < n; i++) {
            bytes memory t = abi.encode(i, n, "tmp");
            P memory e = P(uint256(keccak256(t)) % 100, t.length);
            if (i % 3 != 2) out[i] = e;
            total += t.length + e.a;
        }
    }

    function allocTmp(uint256 k) internal pure returns (uint256) {
        bytes memory t = abi.encode(k, k, "scratch");
        return t.length;
    }

    function pick() internal pure returns (function (uint256) internal pure returns (uint256)) {
        return allocTmp;
    }

    /// the free pointer observed around a call through a function pointer
    function fpIndirect(uint256 n) external pure returns (uint256) {
        function (uint256) internal pure returns (uint256) f = pick();
        uint256 a;
        assembly ("memory-safe") { a := mload(0x40) }
        uint256 s = f(n);
        uint256 b;
        assembly ("memory-safe") { b := mload(0x40) }
        return (b - a) * 1000 + s;
    }

  // Two arrays allocated before a loop that only swaps them: the loop never points their
  // slots at its own memory, so the temporaries of each iteration are released alone
  // (nothing is kept or moved), and the swapped arrays keep their contents.
  function swapCarried(uint256 n) external pure returns (uint256 s) {
    uint256[] memory a = new uint256[](2);
    uint256[] memory b = new uint256[](2);
    for (uint256 i = 0; i < n; i++) {
      uint256[] memory t = i % 3 == 0 ? a : b;
      t[i % 2] += i + 1;
      (a, b) = (b, a);
      uint256[] memory tmp = new uint256[](3);
      tmp[2] = a[0] * 3 + b[1];
      s += tmp[2];
    }
    s = s * 1000 + a[0] * 100 + a[1] * 10 + b[0] + b[1];
  }

  // Two survivors whose order is known (lifetime/kept-order.ts): the previous value carried
  // into the iteration lies below the one made in it, so they move without comparing
  // addresses. The strings grow, then shrink to a hash, so sizes change from one to the next.
  function prevChain(uint256 n) external pure returns (bytes memory, bytes memory) {
    bytes memory last = "seed";
    bytes memory prev = "";
    for (uint256 i = 0; i < n; i++) {
      bytes memory cur = abi.encodePacked(last, uint8(i));
      if (cur.length > 40) cur = abi.encodePacked(keccak256(cur));
      prev = last;
      last = cur;
    }
    return (prev, last);
  }

  function maybeEmpty(bytes memory b, uint256 i) internal pure returns (bytes memory r) {
    if (i % 3 != 1) r = abi.encodePacked(b.length > 50 ? bytes("x") : b, uint8(i));
  }

  // The same with the zero slot 0x60 on both sides: the carried value starts empty (not an
  // object: it stays) and the fresh one is empty every third iteration (copied last).
  function prevEmpty(uint256 n) external pure returns (bytes memory, bytes memory) {
    bytes memory prev;
    bytes memory last;
    for (uint256 i = 0; i < n; i++) {
      bytes memory cur = maybeEmpty(last, i);
      prev = last;
      last = cur;
    }
    return (prev, last);
  }
}
