// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// abi.decode of calldata and storage bytes: calldata is decoded where it is (offsets relative
/// to the bytes' start, bounds checked against their end), storage bytes are copied first.
contract AbiDecodeCalldata {
    bytes stored;

    function word(bytes calldata b) external pure returns (uint256) {
        return abi.decode(b, (uint256));
    }

    function text(bytes calldata b) external pure returns (string memory) {
        return abi.decode(b, (string));
    }

    function mixed(bytes calldata b) external pure returns (uint256, string memory, bool, uint256[] memory) {
        (uint256 x, string memory s, bool f, uint256[] memory xs) = abi.decode(b, (uint256, string, bool, uint256[]));
        return (x + 1, string.concat(s, "!"), !f, xs);
    }

    function narrow(bytes calldata b) external pure returns (uint8, address) {
        return abi.decode(b, (uint8, address));
    }

    function fromStorage(bytes calldata b) external returns (uint256, string memory) {
        stored = b;
        return abi.decode(stored, (uint256, string));
    }
}
