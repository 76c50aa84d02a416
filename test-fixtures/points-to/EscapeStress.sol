// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Escape shapes for the points-to soundness test (test/points-to-soundness.test.ts): memory
/// returned from internal functions, stored into arrays of arrays and struct members, stored
/// by a callee into its argument, merged through ternaries, carried across loop iterations in
/// locals, returned through recursion, and wrapped into a fresh struct — each read by the
/// caller after the internal call returns, next to temporaries that die inside the callee.
contract EscapeStress {
    struct P { uint256 x; uint256 y; }
    struct Bag { uint256 n; uint256[] items; }

    function mkP(uint256 a) internal pure returns (P memory) {
        P memory t = P(a, a + 1);
        P memory r = P(t.x * 2, t.y * 2);
        return r;
    }

    function sumP(P memory p) internal pure returns (uint256) {
        uint256[] memory tmp = new uint256[](2);
        tmp[0] = p.x;
        tmp[1] = p.y;
        return tmp[0] + tmp[1];
    }

    function nest(uint256 n) internal pure returns (uint256[][] memory o) {
        o = new uint256[][](n);
        uint256[] memory scratch = new uint256[](n);
        for (uint256 i = 0; i < n; i++) {
            uint256[] memory row = new uint256[](i + 1);
            row[i] = i * 7 + scratch.length;
            o[i] = row;
            scratch[i] = i;
        }
    }

    function setFirst(uint256[][] memory a, uint256[] memory x) internal pure {
        a[0] = x;
    }

    function leak(uint256[][] memory a, uint256 v) internal pure {
        uint256[] memory x = new uint256[](1);
        x[0] = v;
        setFirst(a, x);
        P memory junk = P(v, v);
        junk.x += 1;
    }

    function pick(bool c, uint256 v) internal pure returns (uint256[] memory) {
        uint256[] memory a = new uint256[](1);
        uint256[] memory b = new uint256[](2);
        a[0] = v;
        b[1] = v + 1;
        uint256[] memory other = new uint256[](3);
        other[0] = 9;
        return c ? a : b;
    }

    function carry(uint256 n) internal pure returns (uint256[] memory acc) {
        acc = new uint256[](1);
        for (uint256 i = 0; i < n; i++) {
            uint256[] memory t = new uint256[](1);
            t[0] = acc[0] + i;
            acc = t;
        }
    }

    function rec(uint256[] memory a, uint256 n) internal pure returns (uint256[] memory) {
        if (n == 0) return a;
        uint256[] memory m = new uint256[](1);
        m[0] = a[0] + n;
        uint256[] memory tmp = new uint256[](1);
        tmp[0] = n;
        return rec(m, n - 1);
    }

    function fill(Bag memory b, uint256 n) internal pure {
        uint256[] memory it = new uint256[](n);
        for (uint256 i = 0; i < n; i++) it[i] = i * i;
        b.items = it;
        b.n = n;
        Bag memory other = Bag(1, new uint256[](2));
        other.n = 5;
    }

    function wrap(uint256[] memory a) internal pure returns (Bag memory) {
        uint256[] memory t = new uint256[](1);
        t[0] = 1;
        return Bag(a.length + t[0], a);
    }

    function pub(uint256 v) public pure returns (uint256[] memory r) {
        r = new uint256[](2);
        r[0] = v;
        P memory q = P(v, v);
        r[1] = q.y;
    }

    function t1(uint256 a) external pure returns (uint256, uint256) {
        P memory p = mkP(a);
        return (p.x, sumP(p));
    }

    function t2(uint256 n) external pure returns (uint256 s) {
        uint256[][] memory o = nest(n);
        for (uint256 i = 0; i < n; i++) s += o[i][i];
    }

    function t3(uint256 v) external pure returns (uint256) {
        uint256[][] memory a = new uint256[][](1);
        leak(a, v);
        return a[0][0];
    }

    function t4(bool c, uint256 v) external pure returns (uint256, uint256) {
        uint256[] memory r = pick(c, v);
        return (r[0] + r[r.length - 1], r.length);
    }

    function t5(uint256 n) external pure returns (uint256) {
        return carry(n)[0];
    }

    function t6(uint256 n) external pure returns (uint256) {
        uint256[] memory a = new uint256[](1);
        a[0] = 3;
        return rec(a, n)[0];
    }

    function t7(uint256 n) external pure returns (uint256, uint256) {
        Bag memory b;
        fill(b, n);
        uint256 s;
        for (uint256 i = 0; i < n; i++) s += b.items[i];
        return (b.n, s);
    }

    function t8(uint256 n) external pure returns (uint256, uint256) {
        uint256[] memory a = new uint256[](n);
        Bag memory w = wrap(a);
        return (w.n, w.items.length);
    }

    function t9(uint256 v) external pure returns (uint256) {
        return pub(v)[0] + pub(v + 1)[1];
    }
}
