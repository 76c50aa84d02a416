// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Loops whose iterations are released as a whole and run no loop of their own: a compaction
/// at each allocation would lower one iteration's peak once and cost every iteration.
contract CompactionCost {
    function label(uint256 i) internal pure returns (string memory) {
        uint256 k = (i * 7 + 3) % 5;
        if (k == 0) return "alpha";
        if (k == 1) return "bravo";
        if (k == 2) return "charlie";
        if (k == 3) return "delta";
        return "echo";
    }

    /// re-encodes a (counter, note) record each step; the note grows, then starts over
    function records(uint256 n) external pure returns (bytes32 h, uint256 size) {
        bytes memory rec = abi.encode(uint256(1), "n");
        for (uint256 i = 0; i < n; i++) {
            (uint256 c, string memory note) = abi.decode(rec, (uint256, string));
            string memory grown = bytes(note).length >= 32 ? "n" : string.concat(note, "x");
            rec = abi.encode((c * 3 + i) % 1000003, grown);
            if (i % 32 == 31) h = keccak256(abi.encodePacked(h, rec));
        }
        size = rec.length;
        h = keccak256(abi.encodePacked(h, rec));
    }

    /// upper-cases the first letter of a label copy and hashes it; keeps the first few
    function capitals(uint256 n) external pure returns (bytes32 h, string memory head) {
        for (uint256 i = 0; i < n; i++) {
            bytes memory w = bytes(string.concat(label(i), ""));
            w[0] = bytes1(uint8(w[0]) - 32);
            h = keccak256(abi.encodePacked(h, w));
            if (i < 4) head = i == 0 ? string(w) : string.concat(head, " ", string(w));
        }
    }
}
