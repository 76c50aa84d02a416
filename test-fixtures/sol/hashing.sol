// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// keccak256 and sha256 (the 0x02 precompile) over literals, packed and standard encodings,
/// memory bytes and calldata; hash chains in a loop.
contract Hashing {
    bytes32 constant TYPEHASH = keccak256("Thing(uint256 id,string label)");

    function literal() external pure returns (bytes32, bytes32, bytes32) {
        return (keccak256(""), keccak256("abc"), sha256("abc"));
    }

    function both(bytes memory data) external pure returns (bytes32 k, bytes32 s) {
        k = keccak256(data);
        s = sha256(data);
    }

    function packed(uint8 a, uint256 b, string memory c) external pure returns (bytes32, bytes32) {
        return (keccak256(abi.encodePacked(a, b, c)), sha256(abi.encodePacked(c, a)));
    }

    function structHash(uint256 id, string memory label) external pure returns (bytes32) {
        return keccak256(abi.encode(TYPEHASH, id, keccak256(bytes(label))));
    }

    function chain(uint256 n, bytes32 seed) external pure returns (bytes32 h) {
        h = seed;
        n = n % 50;
        for (uint256 i = 0; i < n; i++) {
            h = i % 2 == 0 ? keccak256(abi.encode(h, i)) : sha256(abi.encodePacked(h, uint32(i)));
        }
    }

    function calldataHash(bytes calldata data) external pure returns (bytes32) {
        return keccak256(data);
    }

    function words(uint256[] memory xs) external pure returns (bytes32) {
        return keccak256(abi.encodePacked(xs));
    }
}
