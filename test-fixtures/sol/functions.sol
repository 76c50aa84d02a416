// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Function kinds and returns: external / public / internal / private, pure / view,
/// multiple and named returns (assigned, implicitly zero, or by `return (…)`), tuple
/// destructuring with skipped components, recursion, public functions called internally.
contract Functions {
    uint256 public base = 100;

    function addMul(uint256 a, uint256 b) public pure returns (uint256 sum, uint256 product) {
        sum = a + b;
        product = a * b;
    }

    function partialRet(bool early) external pure returns (uint256 a, uint256 b, uint256 c) {
        a = 1;
        if (early) return (a, 2, 3);
        c = 9;
    }

    function helper(uint256 x) internal view returns (uint256, bool) {
        return (x + base, x > base);
    }

    function priv(uint256 x) private pure returns (uint256) {
        return x * x;
    }

    function useAll(uint256 x) external view returns (uint256 r, bool big, uint256 sq, uint256 s) {
        (r, big) = helper(x);
        sq = priv(x % 1000);
        (s, ) = addMul(x % 1000, 2);
    }

    function fib(uint256 n) public pure returns (uint256) {
        if (n < 2) return n;
        return fib(n - 1) + fib(n - 2);
    }

    function fibCapped(uint256 n) external pure returns (uint256) {
        return fib(n % 16);
    }

    function swap(uint256 a, uint256 b) external pure returns (uint256, uint256) {
        (a, b) = (b, a);
        return (a, b);
    }

    function gcd(uint256 a, uint256 b) public pure returns (uint256) {
        while (b != 0) (a, b) = (b, a % b);
        return a;
    }

    function lcm(uint256 a, uint256 b) external pure returns (uint256) {
        if (a == 0 || b == 0) return 0;
        return a / gcd(a, b) * b;
    }

    function setBase(uint256 b) external returns (uint256 old) {
        old = base;
        base = b;
    }

    function noReturn(uint256 x) external pure {
        x;
    }
}
