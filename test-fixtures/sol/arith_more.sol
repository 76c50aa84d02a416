// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Signed division and modulo (Panic 0x11 on min / -1, 0x12 on zero), signed exponentiation
/// overflow, ++ overflow, shifts past 256 and arithmetic right shifts, tuple swaps of state
/// variables, enums in storage arrays (delete, conversion), nested ternaries of strings,
/// do-while with continue.
contract ArithMore {
    enum K { A, B, C }
    K[] internal ks;
    uint256 internal x1 = 1;
    uint256 internal x2 = 2;
    function a(int256 p, int256 q) external pure returns (int256, int256) { return (p / q, p % q); }
    function b(int8 base, uint8 e) external pure returns (int8) { return base ** e; }
    function c(uint8 v) external pure returns (uint8) { v++; return v; }
    /// full-word ++ and -- (checked in place against the type's maximum / minimum)
    function incWord(uint256 v, int256 w, bool up) external pure returns (uint256, int256) {
        if (up) { v++; ++w; } else { --v; w--; }
        return (v, w);
    }
    function d(uint256 s, uint256 v) external pure returns (uint256, int256) { return (v << s, int256(v) >> s); }
    function e() external returns (uint256, uint256, K) {
        (x1, x2) = (x2, x1);
        ks.push(K.C);
        delete ks[0];
        ks.push(K(uint8(x1)));
        return (x1, x2, ks[ks.length - 1]);
    }
    function f(uint256 n) external pure returns (string memory) {
        string memory r = n > 5 ? (n > 10 ? "big" : "mid") : string(abi.encodePacked("s", bytes1(uint8(48 + n))));
        uint256 i;
        do { i++; if (i == 2) continue; r = string.concat(r, "."); } while (i < n % 4);
        return r;
    }
}
