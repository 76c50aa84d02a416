// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Memory-safe inline assembly that only reads and writes through the memory it is given
/// (no escape), next to blocks that keep an address: in memory, in another local, through a
/// function of the block.
contract LifetimesAsmReads {
    /// hex digits of `data`, written by assembly through pointers derived from both strings
    function toHex(bytes memory data) internal pure returns (string memory out) {
        out = new string(data.length * 2);
        bytes memory digits = "0123456789abcdef";
        assembly ("memory-safe") {
            let src := add(data, 0x20)
            let dst := add(out, 0x20)
            let end := add(src, mload(data))
            for {} lt(src, end) { src := add(src, 1) } {
                let b := byte(0, mload(src))
                mstore8(dst, byte(0, mload(add(add(digits, 0x20), shr(4, b)))))
                mstore8(add(dst, 1), byte(0, mload(add(add(digits, 0x20), and(b, 15)))))
                dst := add(dst, 2)
            }
        }
    }

    function chunk(uint256 i) internal pure returns (bytes memory c) {
        c = abi.encodePacked(keccak256(abi.encode(i)), uint24(i));
    }

    /// each iteration's chunk and its hex are dead once hashed
    function hexChain(uint256 n) external pure returns (bytes32 h, uint256 total) {
        for (uint256 i; i < n; i++) {
            bytes memory c = chunk(i);
            string memory x = toHex(c);
            total += bytes(x).length;
            h = keccak256(abi.encodePacked(h, x));
        }
    }

    /// the block stores the chunk's address into an array: the chunk stays where it is
    function stash(uint256 n) external pure returns (bytes32 h) {
        uint256[] memory holder = new uint256[](1);
        for (uint256 i; i < n; i++) {
            bytes memory c = chunk(i);
            assembly ("memory-safe") {
                mstore(add(holder, 0x20), c)
            }
            bytes memory other = abi.encodePacked(i * 7, "other");
            bytes memory back;
            assembly ("memory-safe") {
                back := mload(add(holder, 0x20))
            }
            h = keccak256(abi.encodePacked(h, back, other));
        }
    }

    /// the block hands the chunk's address to another local
    function aliased(uint256 n) external pure returns (bytes32 h) {
        for (uint256 i; i < n; i++) {
            bytes memory c = chunk(i);
            bytes memory a;
            assembly ("memory-safe") {
                a := add(c, 0)
            }
            bytes memory other = abi.encodePacked(i + 3, "x");
            h = keccak256(abi.encodePacked(h, a, other));
        }
    }

    /// the block passes the address through a function of its own into memory
    function viaFunction(uint256 n) external pure returns (bytes32 h) {
        uint256[] memory holder = new uint256[](1);
        for (uint256 i; i < n; i++) {
            bytes memory c = chunk(i);
            assembly ("memory-safe") {
                function keep(p, at) {
                    mstore(at, p)
                }
                keep(c, add(holder, 0x20))
            }
            bytes memory other = abi.encodePacked(i, "y");
            bytes memory back;
            assembly ("memory-safe") {
                back := mload(add(holder, 0x20))
            }
            h = keccak256(abi.encodePacked(h, back, other));
        }
    }
}
