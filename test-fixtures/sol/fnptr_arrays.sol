// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Arrays of internal function pointers in memory: literals, fresh zeroed arrays, delete,
// calls through elements (a zero element panics with 0x51), arrays passed to and returned
// from helpers, aliases, arrays of them.
contract FnArrays {
    function inc(uint256 x) internal pure returns (uint256) { return x + 1; }
    function dbl(uint256 x) internal pure returns (uint256) { return x * 2; }
    function sq(uint256 x) internal pure returns (uint256) { return x * x % 1000003; }

    function table() internal pure returns (function (uint256) pure returns (uint256)[3] memory) {
        return [inc, dbl, sq];
    }

    function applyAll(function (uint256) pure returns (uint256)[] memory fs, uint256 x) internal pure returns (uint256) {
        for (uint256 i = 0; i < fs.length; i++) x = fs[i](x);
        return x;
    }

    function literal(uint256 n) public pure returns (uint256) {
        function (uint256) pure returns (uint256)[3] memory fs = table();
        return fs[n % 3](n) + fs[(n + 1) % 3](n + 7);
    }

    function dynamic(uint256 n) public pure returns (uint256 r, uint256 len) {
        function (uint256) pure returns (uint256)[] memory fs = new function (uint256) pure returns (uint256)[](n % 6);
        function (uint256) pure returns (uint256)[3] memory t = table();
        for (uint256 i = 0; i < fs.length; i++) fs[i] = t[(i * n) % 3];
        r = applyAll(fs, n);
        len = fs.length;
    }

    // a zero element: Panic(0x51) when n % 4 == 1
    function zeroCall(uint256 n) public pure returns (uint256) {
        function (uint256) pure returns (uint256)[4] memory fs;
        fs[0] = inc;
        fs[2] = dbl;
        fs[3] = sq;
        return fs[n % 4](n);
    }

    function deleted(uint256 n) public pure returns (uint256 r) {
        function (uint256) pure returns (uint256)[3] memory fs = table();
        if (n % 2 == 0) delete fs[1];
        r = fs[0](n);
        if (n % 3 == 0) r += fs[1](n); // panics when n % 6 == 0
    }

    function aliases(uint256 n) public pure returns (uint256) {
        function (uint256) pure returns (uint256)[3] memory a = table();
        function (uint256) pure returns (uint256)[3] memory b = a;
        b[0] = sq;
        return a[0](n) + b[1](n);
    }

    function pipeline(uint256 n) public pure returns (uint256 acc, bytes32 h) {
        acc = n;
        for (uint256 k = 0; k < n % 50; k++) {
            function (uint256) pure returns (uint256)[] memory fs = new function (uint256) pure returns (uint256)[](1 + k % 4);
            for (uint256 i = 0; i < fs.length; i++) fs[i] = (i + k) % 2 == 0 ? inc : dbl;
            acc = applyAll(fs, acc) % 1000000007;
            h = keccak256(abi.encodePacked(h, acc));
        }
    }

    // arrays of arrays of them, functions of several results or none, an empty array, an
    // index past the end (Panic 0x32)
    uint256 base = 5;
    uint256 counter;

    function a(uint256 x) internal view returns (uint256, bool) { return (x + base, x % 2 == 0); }
    function b(uint256 x) internal view returns (uint256, bool) { return (x * base, x % 3 == 0); }
    function tick() internal view returns (uint256) { return counter + 1; }

    function grid(uint256 n) public view returns (uint256 s, uint256 flags) {
        function (uint256) view returns (uint256, bool)[][] memory g = new function (uint256) view returns (uint256, bool)[][](n % 4 + 1);
        for (uint256 i = 0; i < g.length; i++) {
            g[i] = new function (uint256) view returns (uint256, bool)[](i + 1);
            for (uint256 j = 0; j < g[i].length; j++) g[i][j] = (i + j) % 2 == 0 ? a : b;
        }
        for (uint256 i = 0; i < g.length; i++) {
            for (uint256 j = 0; j < g[i].length; j++) {
                (uint256 v, bool f) = g[i][j](n + i * j);
                s += v;
                if (f) flags++;
            }
        }
    }

    function voids(uint256 n) public view returns (uint256 r) {
        function () view returns (uint256)[] memory ts = new function () view returns (uint256)[](n % 3);
        for (uint256 i = 0; i < ts.length; i++) ts[i] = tick;
        for (uint256 i = 0; i < ts.length; i++) r += ts[i]();
    }

    function empty(uint256 n) public pure returns (uint256) {
        function (uint256) pure returns (uint256)[] memory fs = new function (uint256) pure returns (uint256)[](0);
        return fs.length + n;
    }

    function outOfRange(uint256 n) public view returns (uint256 v) {
        function (uint256) view returns (uint256, bool)[2] memory fs = [a, b];
        (v, ) = fs[n](n);
    }
}
