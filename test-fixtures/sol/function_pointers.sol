// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Internal function types: local variables and parameters of function type, assignment of
/// internal (and public) functions, pointers returned from functions and chosen by a ternary,
/// calls through them (several signatures, memory arguments, several returns), and the zero
/// pointer of an unassigned or deleted variable: calling it is Panic 0x51.
contract FunctionPointers {
    uint256 public total;

    function inc(uint256 x) internal pure returns (uint256) { return x + 1; }
    function dbl(uint256 x) internal pure returns (uint256) { return x * 2; }
    function sq(uint256 x) public pure returns (uint256) { return x * x; }

    function sum(uint256[] memory xs) internal pure returns (uint256 s, uint256 n) {
        for (uint256 i = 0; i < xs.length; i++) s += xs[i];
        n = xs.length;
    }

    function bump(uint256 by) internal { total += by; }

    function pick(uint256 k) internal pure returns (function (uint256) pure returns (uint256)) {
        if (k == 0) return inc;
        if (k == 1) return dbl;
        if (k == 2) return sq;
        // k > 2: the zero pointer
    }

    function applyN(function (uint256) pure returns (uint256) f, uint256 x, uint256 times) internal pure returns (uint256) {
        for (uint256 i = 0; i < times; i++) x = f(x);
        return x;
    }

    function call(uint256 k, uint256 x) external pure returns (uint256) {
        return pick(k)(x);
    }

    function chain(uint256 x, bool useDbl) external pure returns (uint256 a, uint256 b) {
        function (uint256) pure returns (uint256) g = useDbl ? dbl : inc;
        a = applyN(g, x, 3);
        g = sq;
        b = g(a % 1000);
    }

    function zeroed(uint256 mode) external pure returns (uint256) {
        function (uint256) pure returns (uint256) g;
        if (mode == 1) g = inc;
        if (mode == 2) {
            g = dbl;
            delete g;
        }
        return g(10);
    }

    function memoryArgs(uint256 n) external pure returns (uint256 s, uint256 len) {
        function (uint256[] memory) pure returns (uint256, uint256) f = sum;
        uint256[] memory xs = new uint256[](n % 8);
        for (uint256 i = 0; i < xs.length; i++) xs[i] = i + 1;
        (s, len) = f(xs);
    }

    function effects(uint256 by, bool skip) external returns (uint256) {
        function (uint256) g = bump;
        if (skip) delete g;
        g(by);
        g(by + 1);
        return total;
    }

    function overflow(uint256 x) external pure returns (uint256) {
        function (uint256) pure returns (uint256) f = inc;
        return f(x);
    }
}
