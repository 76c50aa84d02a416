// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Arrays of structs every element of which a loop replaces before anything reads one share
/// one zero element (packages/sol/src/lifetime/filled-arrays.ts (Z5)); the structs are written
/// in place below, so nothing else lets them share. Each of the other functions leaves a zero
/// element in its array and then writes into it: were that element the shared one, `probe`'s
/// fresh array (whose elements are only read, so shared too) would read the write.
contract FilledArrays {
    struct P {
        uint256 a;
        uint256 b;
    }

    function source(uint256 n) internal pure returns (P[] memory ps) {
        ps = new P[](n);
        for (uint256 i = 0; i < n; i++) ps[i] = P(i + 1, 2 * i + 1);
    }

    /// what a fresh array's zero element holds now
    function probe() internal pure returns (uint256) {
        P[] memory z = new P[](2);
        return z[0].a + z[1].b;
    }

    /// both halves of a split: `i < mid` and `i - mid` over `[mid, len)`
    function halves(uint256 n) external pure returns (uint256 s, uint256 zero) {
        P[] memory a = source(n);
        uint256 mid = n / 2;
        P[] memory left = new P[](mid);
        P[] memory right = new P[](a.length - mid);
        for (uint256 i = 0; i < mid; i++) left[i] = a[i];
        for (uint256 i = mid; i < a.length; i++) right[i - mid] = a[i];
        for (uint256 i = 0; i < left.length; i++) left[i].a += 10;
        for (uint256 i = 0; i < right.length; i++) right[i].b += 100;
        for (uint256 i = 0; i < n; i++) s = s * 7 + a[i].a + a[i].b;
        zero = probe();
    }

    /// the last slot keeps its zero element, then is written
    function shortFill(uint256 n) external pure returns (uint256 s, uint256 zero) {
        P[] memory a = source(n + 1);
        P[] memory x = new P[](n + 1);
        for (uint256 i = 0; i < n; i++) x[i] = a[i];
        x[n].a = 77;
        zero = probe();
        s = x[n].a + x[0].b;
    }

    /// the first slot keeps its zero element
    function offsetFill(uint256 n) external pure returns (uint256 s, uint256 zero) {
        P[] memory a = source(n + 1);
        P[] memory x = new P[](n + 1);
        for (uint256 i = 1; i < n + 1; i++) x[i] = a[i];
        x[0].b = 55;
        zero = probe();
        s = x[0].b + x[n].a;
    }

    /// a break leaves the rest
    function brokenFill(uint256 n) external pure returns (uint256 s, uint256 zero) {
        P[] memory a = source(n);
        P[] memory x = new P[](n);
        for (uint256 i = 0; i < n; i++) {
            if (i == 2) break;
            x[i] = a[i];
        }
        if (n > 2) x[n - 1].a = 33;
        zero = probe();
        if (n > 0) s = x[n - 1].a;
    }

    /// the bound shrinks while the loop runs
    function shrinkingFill(uint256 n) external pure returns (uint256 s, uint256 zero) {
        P[] memory a = source(n);
        uint256 len = n;
        P[] memory x = new P[](len);
        for (uint256 i = 0; i < len; i++) {
            x[i] = a[i];
            if (i == 0) len = len / 2;
        }
        if (n > 1) x[n - 1].b = 44;
        zero = probe();
        if (n > 0) s = x[n - 1].b;
    }

    /// an element written before the loop replaced it
    function writeAhead(uint256 n) external pure returns (uint256 s, uint256 zero) {
        P[] memory a = source(n);
        P[] memory x = new P[](n);
        for (uint256 i = 0; i < n; i++) {
            x[i] = a[i];
            x[n - 1].a += 1;
        }
        zero = probe();
        if (n > 0) s = x[0].a;
    }
}
