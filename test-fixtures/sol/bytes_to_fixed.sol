// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// `bytesN(b)` for bytes in memory and calldata (solc >= 0.8.5): the first N bytes,
/// left-aligned, zero past the length.
contract BytesToFixed {
    function sample(uint256 n) internal pure returns (bytes memory b) {
        b = new bytes(n % 41);
        for (uint256 i = 0; i < b.length; i++) b[i] = bytes1(uint8(0xa0 + i));
    }

    function fromMemory(uint256 n) public pure returns (bytes32 a, bytes4 b, bytes1 c, bytes17 d) {
        bytes memory s = sample(n);
        return (bytes32(s), bytes4(s), bytes1(s), bytes17(s));
    }

    /// short bytes laid over dead memory (lifetime on reuses it): the bytes past the length are not zero
    function afterGarbage(uint256 n) public pure returns (bytes32 acc, bytes4 last) {
        bytes memory junk = new bytes(96);
        for (uint256 k = 0; k < 96; k++) junk[k] = 0xff;
        acc = keccak256(junk);
        bytes memory s = abi.encodePacked(uint8(n), "ab");
        acc ^= bytes32(s);
        last = bytes4(s);
    }

    function fromEncoding(uint256 n) public pure returns (bytes32, bytes16) {
        bytes memory e = abi.encode(n, n + 1);
        return (bytes32(e), bytes16(abi.encodePacked(uint8(n), "tail")));
    }

    function fromCalldata(bytes calldata b) external pure returns (bytes32, bytes2, bytes8) {
        require(b.length > 0, "empty");
        return (bytes32(b), bytes2(b), bytes8(b));
    }

    /// the bytes right after a short argument in calldata must not leak into the result
    function shortThenWord(bytes calldata b, uint256 w) external pure returns (bytes32, uint256) {
        return (bytes32(b), w);
    }
}
