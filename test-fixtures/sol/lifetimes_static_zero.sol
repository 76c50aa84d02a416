// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Static zero elements: arrays whose elements are only ever replaced share one read-only zero
/// element per type, below the heap, so what a callee hands back with such an array is known
/// (a merge sort frees each level's halves). A struct of arrays built after temporaries slides
/// down over them object by object. An array of older elements moves alone; one holding static
/// zero elements moves without them. A growing array of strings replaced only sometimes is not
/// moved every iteration.
contract LifetimesStaticZero {
    struct P {
        uint256 k;
        uint256 v;
    }

    struct Inner {
        uint256 a;
        uint256[2] pair;
    }

    struct Outer {
        uint256 id;
        Inner inner;
        string name;
    }

    struct Soa {
        uint256 n;
        uint256[] keys;
        uint256[] vals;
    }

    function _itoa(uint256 v) private pure returns (string memory) {
        if (v == 0) return "0";
        uint256 len;
        for (uint256 x = v; x != 0; x /= 10) len++;
        bytes memory b = new bytes(len);
        for (; v != 0; v /= 10) b[--len] = bytes1(uint8(48 + (v % 10)));
        return string(b);
    }

    function _mk(uint256 n) private pure returns (P[] memory ps) {
        ps = new P[](n);
        for (uint256 i; i < n; i++) ps[i] = P(uint256(keccak256(abi.encode(n, i))) % 1000, i);
    }

    function _sort(P[] memory a, uint256 lo, uint256 hi) private pure returns (P[] memory out) {
        out = new P[](hi - lo);
        if (hi - lo == 1) {
            out[0] = a[lo];
            return out;
        }
        uint256 mid = (lo + hi) / 2;
        P[] memory l = _sort(a, lo, mid);
        P[] memory r = _sort(a, mid, hi);
        uint256 i;
        uint256 j;
        for (uint256 k; k < out.length; k++) {
            if (j == r.length || (i < l.length && l[i].k <= r[j].k)) out[k] = l[i++];
            else out[k] = r[j++];
        }
    }

    /// A merge sort of n structs returning a fresh array at each level.
    function sorted(uint256 n) external pure returns (bytes32 h, uint256 first, uint256 last) {
        if (n == 0) return (0, 0, 0);
        P[] memory s = _sort(_mk(n), 0, n);
        h = keccak256(abi.encode(s));
        first = s[0].k;
        last = s[n - 1].k;
    }

    function _soa(uint256 n) private pure returns (Soa memory m) {
        uint256[] memory tk = new uint256[](n);
        uint256[] memory tv = new uint256[](n);
        uint256[] memory order = new uint256[](n);
        for (uint256 i; i < n; i++) {
            tk[i] = (i * 7) % (n + 1);
            tv[i] = i * i;
            order[i] = n - 1 - i;
        }
        m.keys = new uint256[](n);
        m.vals = new uint256[](n);
        for (uint256 i; i < n; i++) {
            m.keys[i] = tk[order[i]];
            m.vals[i] = tv[i] + 1;
        }
        m.n = n;
    }

    /// Two structs of arrays, each built after three temporaries of its size.
    function soaSum(uint256 n) external pure returns (uint256 s, uint256 len) {
        Soa memory m = _soa(n + 1);
        Soa memory m2 = _soa(n / 2 + 1);
        for (uint256 i; i < m.n; i++) s += m.keys[i] * 3 + m.vals[i];
        len = m.keys.length + m2.vals.length + m2.keys[0];
    }

    function _partial(uint256 n) private pure returns (Outer[] memory os) {
        os = new Outer[](n);
        for (uint256 i = 0; i < n; i += 3) os[i] = Outer(i + 1, Inner(i, [i, i + 2]), _itoa(i));
    }

    /// Elements never replaced (two of three) read as zero, their inner struct and array too.
    function zeros(uint256 n) external pure returns (uint256 sum, uint256 empty, bytes32 h) {
        Outer[] memory os = _partial(n);
        Outer[] memory more = _partial(n / 2);
        for (uint256 i; i < os.length; i++) {
            sum += os[i].id + os[i].inner.a + os[i].inner.pair[1];
            if (bytes(os[i].name).length == 0) empty++;
        }
        h = keccak256(abi.encode(os, more));
    }

    function _sparse(uint256 n) private pure returns (P[] memory ps) {
        bytes memory scratch = new bytes(512 * n + 32);
        scratch[0] = 0x01;
        ps = new P[](n);
        for (uint256 i = 0; i < n; i += 3) ps[i] = P(i + uint8(scratch[0]), i * 2);
    }

    /// An array holding the static zero element in two of three slots moves down over a large
    /// temporary: the zero elements stay where they are, the others move with the array.
    function sparse(uint256 n) external pure returns (uint256 sum, bytes32 h) {
        P[] memory ps = _sparse(n);
        P[] memory qs = _sparse(n / 2);
        for (uint256 i; i < ps.length; i++) sum += ps[i].k * 3 + ps[i].v;
        h = keccak256(abi.encode(ps, qs));
    }

    /// Keeps the strings of two of three iterations in an array that doubles when full.
    function collect(uint256 n) external pure returns (string[] memory out) {
        string[] memory buf = new string[](4);
        uint256 len;
        for (uint256 i; i < n; i++) {
            if (i % 3 == 1) continue;
            if (len == buf.length) {
                string[] memory bigger = new string[](buf.length * 2);
                for (uint256 k; k < len; k++) bigger[k] = buf[k];
                buf = bigger;
            }
            buf[len++] = string.concat("item-", _itoa(i));
        }
        out = new string[](len);
        for (uint256 k; k < len; k++) out[k] = buf[k];
    }
}
