// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// abi.decode into structs and arrays, calldata struct arrays pushed into storage and copied
/// back, calldata byte index (Panic 0x32), unary minus (Panic 0x11 on the minimum, wrapping
/// when unchecked).
contract CopiesCalldata {
    struct In { uint8 a; bytes b; }
    In[] internal ins;
    bytes32[] internal hs;
    function d(uint256 n) external pure returns (In memory r, uint256[] memory xs, bytes32 h) {
        uint256[] memory ys = new uint256[](n % 4);
        bytes memory enc = abi.encode(In(uint8(n), hex"aabb"), ys, "str");
        string memory s;
        (r, xs, s) = abi.decode(enc, (In, uint256[], string));
        h = keccak256(abi.encode(r, xs, s));
    }
    function g(In[] calldata xs) external returns (uint256) {
        for (uint256 i = 0; i < xs.length; i++) ins.push(xs[i]);
        In[] memory all = ins;
        hs.push(keccak256(abi.encode(all)));
        return all.length;
    }
    function h(uint256 i) external view returns (In memory, bytes32) { return (ins[i], hs[hs.length - 1]); }
    function k(bytes calldata b, uint256 i) external pure returns (bytes1, bytes memory, bytes memory) {
        bytes memory m = b;
        return (b[i], m, abi.encodePacked(b, m));
    }
    function m(int256 x, int8 y) external pure returns (int256, int8) {
        return (-x, -y);
    }
    function u(int8 y) external pure returns (int8) {
        unchecked { return -y; }
    }
}
