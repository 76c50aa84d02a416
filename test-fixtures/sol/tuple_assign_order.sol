// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Tuple assignments whose targets may be one location: solc computes the targets left to
/// right and writes them from right to left, so the leftmost value stays.
contract TupleAssignOrder {
    uint256 public s;
    uint256[] public st;
    struct P {
        uint256 x;
        uint256 y;
    }

    function locals(uint256 n) external pure returns (uint256 x, uint256 y) {
        (x, x) = (n + 1, n + 2);
        (y, x, y) = (x * 2, n, 7);
    }

    function elements(uint256 n, uint256 i, uint256 j) external pure returns (uint256[] memory a) {
        a = new uint256[](4);
        (a[i % 4], a[j % 4]) = (n, n + 1);
        (a[j % 4], a[i % 4], a[(i + j) % 4]) = (a[i % 4] + 10, a[j % 4] + 20, 3);
    }

    function fields(uint256 n) external pure returns (uint256, uint256) {
        P memory p = P(1, 2);
        P memory q = p;
        (p.x, q.x, p.y) = (n, n + 5, q.x);
        return (p.x, p.y);
    }

    function storageTargets(uint256 n) external returns (uint256, uint256, uint256) {
        delete st;
        st.push(1);
        st.push(2);
        (s, s) = (n, n + 1);
        (st[0], st[n % 2]) = (s + 1, s + 2);
        return (s, st[0], st[1]);
    }

    function swapSame(uint256 i) external pure returns (uint256[] memory a) {
        a = new uint256[](3);
        a[0] = 5;
        a[1] = 6;
        a[2] = 7;
        (a[i % 3], a[(i + 1) % 3]) = (a[(i + 1) % 3], a[i % 3]);
        (a[i % 3], a[i % 3]) = (a[2], a[0]);
    }
}
