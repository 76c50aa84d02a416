// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Storage bytes / string in solc's short (< 32 bytes, in the slot) and long (keccak data
/// slots) encodings: push / pop across the 31 ↔ 32 boundary, index reads and writes
/// (Panic 0x32), pop on empty (Panic 0x31), assignment from memory, calldata and storage
/// (shrinking clears the old data slots), delete, copies back to memory, hashing and
/// encoding of storage values, and a corrupt encoding written through a packed neighbour
/// is not possible, so Panic 0x22 is reached only through the length read of a pop/push.
contract StorageBytes {
    bytes public data;
    string public text;
    string internal other;
    bytes[] internal parts;

    function pushMany(uint256 n, bytes1 b) external returns (uint256) {
        n = n % 70;
        for (uint256 i = 0; i < n; i++) data.push(b ^ bytes1(uint8(i)));
        return data.length;
    }

    function pushZero() external returns (uint256, bytes1) {
        data.push();
        return (data.length, data[data.length - 1]);
    }

    function popMany(uint256 n) external returns (uint256) {
        n = n % 70;
        for (uint256 i = 0; i < n; i++) data.pop();
        return data.length;
    }

    function setByte(uint256 i, bytes1 b) external returns (bytes1) {
        data[i] = b;
        return data[i];
    }

    function setText(string calldata t) external returns (uint256) {
        text = t;
        return bytes(text).length;
    }

    function setTextMemory(uint256 n) external returns (string memory) {
        bytes memory b = new bytes(n % 80);
        for (uint256 i = 0; i < b.length; i++) b[i] = bytes1(uint8(65 + (i % 26)));
        text = string(b);
        return text;
    }

    function copyTextToOther() external returns (string memory) {
        other = text;
        text = "";
        return other;
    }

    function both() external view returns (bytes memory, string memory, bytes32) {
        return (data, other, keccak256(abi.encodePacked(data, other)));
    }

    function clear() external {
        delete data;
        delete other;
    }

    function addPart(bytes calldata p) external returns (uint256) {
        parts.push(p);
        parts[parts.length - 1].push(0x7f);
        return parts.length;
    }

    function getParts() external view returns (bytes[] memory) {
        return parts;
    }

    function dropPart() external {
        parts.pop();
    }
}
