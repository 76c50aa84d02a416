// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// A function pointer retyped by inline assembly (as OpenZeppelin's Arrays does with its
// comparators) and called at its new type: solc dispatches internal pointers by arity (words
// in and out), so the call reaches the function whatever the type it was taken at. Words
// wider than the type that receives them (a dirty address argument, a uint256 result read as
// uint8) are cleaned where Solidity reads them, as solc does.
contract FnptrAsmRetype {
    function lowByte(bytes32 a, bytes32 b) private pure returns (bool) {
        return uint8(uint256(a)) < uint8(uint256(b));
    }

    function addrLt(address a, address b) private pure returns (bool) {
        return a < b;
    }

    function asUint(function(bytes32, bytes32) pure returns (bool) f) private pure returns (function(uint256, uint256) pure returns (bool) g) {
        assembly { g := f }
    }

    function asUintA(function(address, address) pure returns (bool) f) private pure returns (function(uint256, uint256) pure returns (bool) g) {
        assembly { g := f }
    }

    function minOf(uint256[] memory a, function(uint256, uint256) pure returns (bool) lt) private pure returns (uint256 m) {
        m = a[0];
        for (uint256 i = 1; i < a.length; i++) if (lt(a[i], m)) m = a[i];
    }

    function run(uint256 n) external pure returns (uint256, uint256, bool) {
        uint256[] memory a = new uint256[](n % 9 + 1);
        for (uint256 i = 0; i < a.length; i++) a[i] = uint256(keccak256(abi.encode(n, i)));
        function(uint256, uint256) pure returns (bool) zero;
        bool zeroCalled = n % 5 == 4;
        if (zeroCalled) zero(1, 2); // Panic 0x51
        return (minOf(a, asUint(lowByte)), minOf(a, asUintA(addrLt)), zeroCalled);
    }

    function wide(uint256 x) private pure returns (uint256) {
        return x * 3;
    }

    function narrow(function(uint256) pure returns (uint256) f) private pure returns (function(uint256) pure returns (uint8) g) {
        assembly { g := f }
    }

    function narrowed(uint256 x) external pure returns (uint256) {
        uint8 v = narrow(wide)(x);
        return uint256(v) + 1;
    }
}
