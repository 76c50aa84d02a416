// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Persistent updates: each run of a loop replaces a graph with a new one that keeps some of
/// the old one's inner objects (a new outer array over old rows, a new book over an old side,
/// a longer list of the old strings), so the old root and whatever it alone held die each run.
contract Persistent {
    struct Level {
        uint256 price;
        uint256 qty;
    }

    struct Book {
        Level[] bids;
        Level[] asks;
    }

    /// A new side with `l` in price order, at most 6 levels: the old levels are shared.
    function _insert(Level[] memory side, Level memory l) internal pure returns (Level[] memory out) {
        uint256 len = side.length < 6 ? side.length + 1 : 6;
        out = new Level[](len);
        uint256 j;
        bool placed;
        for (uint256 k; k < side.length && j < len; k++) {
            if (!placed && l.price < side[k].price) {
                out[j++] = l;
                placed = true;
                if (j == len) break;
            }
            out[j++] = side[k];
        }
        if (!placed && j < len) out[j] = l;
    }

    function _step(Book memory b, uint256 i) internal pure returns (Book memory) {
        uint256 h = uint256(keccak256(abi.encode(i)));
        Level memory l = Level(h % 97, 1 + (h >> 8) % 5);
        // trading into a shared level writes through every book that holds it
        if (b.bids.length > 0 && b.bids[0].price < l.price) b.bids[0].qty += 1;
        if (i % 3 == 0) return Book(b.bids, _insert(b.asks, l));
        return Book(_insert(b.bids, l), b.asks);
    }

    function book(uint256 n) external pure returns (uint256 digest, uint256 bids, uint256 asks) {
        Book memory b = Book(new Level[](0), new Level[](0));
        for (uint256 i; i < n; i++) b = _step(b, i);
        for (uint256 k; k < b.bids.length; k++) digest = digest * 131 + b.bids[k].price * 7 + b.bids[k].qty;
        for (uint256 k; k < b.asks.length; k++) digest = digest * 137 + b.asks[k].price * 5 + b.asks[k].qty;
        return (digest, b.bids.length, b.asks.length);
    }

    /// A new outer array over the old rows, one row replaced by an updated copy.
    function _withRow(uint256[][] memory w, uint256 r, uint256 v) internal pure returns (uint256[][] memory nw) {
        nw = new uint256[][](w.length);
        for (uint256 k; k < w.length; k++) nw[k] = w[k];
        uint256[] memory row = new uint256[](w[r].length);
        for (uint256 k; k < row.length; k++) row[k] = w[r][k] + v * (k + 1);
        nw[r] = row;
    }

    function versions(uint256 n) external pure returns (uint256 total, uint256 corner) {
        uint256[][] memory w = new uint256[][](5);
        for (uint256 r; r < 5; r++) w[r] = new uint256[](5);
        for (uint256 i; i < n; i++) {
            if (i % 7 == 6) continue;
            w = _withRow(w, i % 5, i);
            total += w[i % 5][i % 5];
        }
        corner = w[4][4];
    }

    /// A longer list over the old strings: every call makes a new version.
    function _pushFresh(string[] memory list, string memory s) internal pure returns (string[] memory out) {
        out = new string[](list.length + 1);
        for (uint256 k; k < list.length; k++) out[k] = list[k];
        out[list.length] = s;
    }

    function distinctFresh(uint256 n) external pure returns (uint256 count, uint256 len) {
        string[] memory seen = new string[](0);
        for (uint256 i; i < n; i++) {
            string memory w = string(abi.encodePacked("w", uint8(48 + (i * i) % 9), uint8(65 + (i * 7) % 13)));
            bool found;
            for (uint256 k; k < seen.length && !found; k++) found = keccak256(bytes(seen[k])) == keccak256(bytes(w));
            if (!found) seen = _pushFresh(seen, w);
        }
        count = seen.length;
        for (uint256 k; k < seen.length; k++) len += bytes(seen[k]).length * (k + 1);
    }

    /// The old strings in a longer list, when `s` is new (else the list itself: not a new
    /// version in every run that calls it, so no persistent update).
    function _pushNew(string[] memory list, string memory s) internal pure returns (string[] memory out) {
        for (uint256 k; k < list.length; k++) if (keccak256(bytes(list[k])) == keccak256(bytes(s))) return list;
        out = new string[](list.length + 1);
        for (uint256 k; k < list.length; k++) out[k] = list[k];
        out[list.length] = s;
    }

    function distinct(uint256 n) external pure returns (uint256 count, string memory last, uint256 len) {
        string[] memory seen = new string[](0);
        for (uint256 i; i < n; i++) {
            string memory w = string(abi.encodePacked("w", uint8(48 + (i * i) % 9)));
            seen = _pushNew(seen, w);
        }
        count = seen.length;
        if (count > 0) last = seen[count - 1];
        for (uint256 k; k < seen.length; k++) len += bytes(seen[k]).length;
    }
}
