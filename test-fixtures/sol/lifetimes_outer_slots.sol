// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// An inner loop appends to a string that the outer loop then stores into an outer array
/// (`chunks[c] = chunk`). The outer array's slot is neither written nor written through in
/// the inner loop, so it holds only memory older than the inner loop's mark: the inner loop
/// releases each iteration and appends in place (releases.ts (R5)). Where the inner loop
/// stores into the outer array itself, or hands it (or a struct that holds it) to a call,
/// the array may hold this run's string, and the string must stay where it is.
contract LifetimesOuterSlots {
    struct Book {
        bytes[] pages;
        uint256 count;
    }

    struct Holder {
        bytes[] pages;
        bytes cur;
    }

    function piece(uint256 n, uint256 i) internal pure returns (bytes memory) {
        return abi.encodePacked(uint8(97 + ((n + i * 7) % 26)), uint16(i));
    }

    function put(bytes[] memory a, uint256 c, bytes memory v) internal pure {
        a[c] = v;
    }

    function putInBook(Book memory b, uint256 c, bytes memory v) internal pure {
        b.pages[c] = v;
        b.count++;
    }

    function sync(Holder memory h, uint256 c) internal pure {
        h.pages[c] = h.cur;
    }

    function digest(bytes[] memory chunks) internal pure returns (bytes32 h, uint256 total) {
        for (uint256 c = 0; c < chunks.length; c++) {
            h = keccak256(abi.encodePacked(h, chunks[c]));
            total += chunks[c].length;
        }
    }

    /// the outer array is stored into after the inner loop: the inner loop releases
    function chunked(uint256 n) external pure returns (bytes32 h, uint256 total) {
        bytes[] memory chunks = new bytes[](n % 5 + 1);
        for (uint256 c = 0; c < chunks.length; c++) {
            bytes memory chunk = "";
            for (uint256 i = 0; i < n; i++) chunk = abi.encodePacked(chunk, piece(n + c, i), ",");
            chunks[c] = chunk;
        }
        return digest(chunks);
    }

    /// stored inside the inner loop: the array holds each step's string
    function storedInside(uint256 n) external pure returns (bytes32 h, uint256 total) {
        bytes[] memory chunks = new bytes[](n % 5 + 1);
        for (uint256 c = 0; c < chunks.length; c++) {
            bytes memory chunk = "";
            for (uint256 i = 0; i < n; i++) {
                chunk = abi.encodePacked(chunk, piece(n + c, i), ",");
                chunks[c] = chunk;
            }
        }
        return digest(chunks);
    }

    /// stored by a callee inside the inner loop
    function storedByCall(uint256 n) external pure returns (bytes32 h, uint256 total) {
        bytes[] memory chunks = new bytes[](n % 5 + 1);
        for (uint256 c = 0; c < chunks.length; c++) {
            bytes memory chunk = "";
            for (uint256 i = 0; i < n; i++) {
                chunk = abi.encodePacked(chunk, piece(n + c, i), ",");
                put(chunks, c, chunk);
            }
        }
        return digest(chunks);
    }

    /// stored by a callee through a struct that holds the array
    function storedThroughStruct(uint256 n) external pure returns (bytes32 h, uint256 total, uint256 count) {
        Book memory b = Book(new bytes[](n % 5 + 1), 0);
        for (uint256 c = 0; c < b.pages.length; c++) {
            bytes memory chunk = "";
            for (uint256 i = 0; i < n; i++) {
                chunk = abi.encodePacked(chunk, piece(n + c, i), ",");
                putInBook(b, c, chunk);
            }
        }
        (h, total) = digest(b.pages);
        count = b.count;
    }

    /// the array is named by its own local; a callee given the struct that holds it stores
    /// the string the struct also holds
    function storedThroughHolder(uint256 n) external pure returns (bytes32 h, uint256 total) {
        Holder memory hold = Holder(new bytes[](n % 5 + 1), "");
        bytes[] memory pages = hold.pages;
        for (uint256 c = 0; c < pages.length; c++) {
            bytes memory chunk = "";
            for (uint256 i = 0; i < n; i++) {
                chunk = abi.encodePacked(chunk, piece(n + c, i), ",");
                hold.cur = chunk;
                sync(hold, c);
            }
        }
        return digest(pages);
    }
}
