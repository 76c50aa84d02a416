// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Memory arrays: static, dynamic, nested (static of dynamic, dynamic of dynamic), array
/// literals, out-of-bounds access (Panic 0x32), `new T[](n)` with a huge n (Panic 0x41),
/// arrays passed to and returned from internal functions (by reference).
contract MemArrays {
    function staticSum(uint256 k) external pure returns (uint256 s) {
        uint256[5] memory a;
        for (uint256 i = 0; i < 5; i++) a[i] = i * k;
        for (uint256 i = 0; i < 5; i++) s += a[i];
    }

    function literal(uint256 i) external pure returns (uint16) {
        uint16[4] memory a = [uint16(10), 20, 30, 40];
        return a[i];
    }

    function dyn(uint256 n, uint256 i) external pure returns (uint256[] memory a, uint256 at) {
        n = n % 20;
        a = new uint256[](n);
        for (uint256 j = 0; j < n; j++) a[j] = j * j;
        at = a[i];
    }

    function huge(uint256 n) external pure returns (uint256) {
        uint256[] memory a = new uint256[](n);
        return a.length;
    }

    function nestedStatic(uint8 r, uint8 c) external pure returns (uint256) {
        uint256[3][2] memory m;
        for (uint256 i = 0; i < 2; i++) for (uint256 j = 0; j < 3; j++) m[i][j] = i * 10 + j;
        return m[r][c];
    }

    function jagged(uint256 n) external pure returns (uint256[][] memory rows) {
        n = n % 6;
        rows = new uint256[][](n);
        for (uint256 i = 0; i < n; i++) {
            rows[i] = new uint256[](i);
            for (uint256 j = 0; j < i; j++) rows[i][j] = i + j;
        }
    }

    function fill(uint256[] memory a, uint256 v) internal pure {
        for (uint256 i = 0; i < a.length; i++) a[i] = v + i;
    }

    function byReference(uint256 n) external pure returns (uint256[] memory a, uint256[] memory alias_) {
        a = new uint256[](n % 8);
        alias_ = a;
        fill(alias_, 100);
    }

    function staticOfDynamic(uint256 k) external pure returns (uint256[][2] memory p) {
        p[0] = new uint256[](k % 4);
        p[1] = new uint256[](1);
        p[1][0] = k;
    }

    function bools(uint256 n) external pure returns (bool[] memory b) {
        b = new bool[](n % 10);
        for (uint256 i = 0; i < b.length; i++) b[i] = i % 3 == 0;
    }

    function echo(int64[] calldata xs) external pure returns (int64[] memory ys, uint256 len) {
        ys = xs;
        len = ys.length;
        if (len > 0) ys[0] = -ys[0];
    }

    function emptyUninit() external pure returns (uint256[] memory a, uint256 len) {
        len = a.length;
    }
}
