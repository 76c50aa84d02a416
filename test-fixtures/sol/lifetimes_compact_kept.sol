// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Loops that keep object graphs a helper builds with its temporaries between their parts: the
/// graphs' spans have holes, so no block move can give the memory back, and the release
/// compacts them from the kept slots instead.
contract LifetimesCompactKept {
    struct Card {
        string name;
        uint256 score;
        uint256[] marks;
        string suit;
    }

    struct Item {
        string code;
        uint256 qty;
    }

    struct Bill {
        uint256 id;
        string payer;
        Item[] items;
        string memo;
    }

    function digits(uint256 v) internal pure returns (string memory s) {
        if (v == 0) return "0";
        while (v > 0) {
            s = string.concat(string(abi.encodePacked(bytes1(uint8(48 + (v % 10))))), s);
            v /= 10;
        }
    }

    /// A card whose parts lie between a table of suits, the digits' temporaries and a hash buffer.
    function card(uint256 i) internal pure returns (Card memory c) {
        uint256 r = uint256(keccak256(abi.encodePacked("card", i)));
        string[4] memory suits = ["clubs", "diamonds", "hearts", "spades"];
        c.suit = suits[r % 4];
        c.name = string.concat(c.suit, "-", digits(i));
        c.marks = new uint256[](1 + ((r >> 8) % 5));
        for (uint256 k = 0; k < c.marks.length; k++) {
            c.marks[k] = (r >> (16 + 12 * k)) % 100;
            c.score += c.marks[k];
        }
    }

    /// A bill with an array of structs of strings, each line made next to a temporary.
    function bill(uint256 i) internal pure returns (Bill memory b) {
        b.id = 1000 + i;
        b.payer = string.concat("payer-", digits(i % 37));
        b.items = new Item[](1 + (i % 3));
        for (uint256 k = 0; k < b.items.length; k++) {
            bytes memory scratch = abi.encodePacked(i, k);
            b.items[k] = Item({code: string.concat("c", digits(uint256(keccak256(scratch)) % 1000)), qty: 1 + ((i + k) % 4)});
        }
        b.memo = string(abi.encodePacked("memo", bytes4(uint32(i))));
    }

    function cardHash(Card memory c) internal pure returns (bytes32) {
        return keccak256(abi.encode(c.name, c.score, c.marks, c.suit));
    }

    /// Two kept cards: the best of each round of ten, and the first round's best of every ten rounds.
    function roundBest(uint256 n) external pure returns (bytes32 h, string memory champion, uint256 rounds) {
        Card memory last;
        Card memory best;
        for (uint256 i = 0; i < n; i++) {
            Card memory c = card(i);
            if (i % 10 == 0 || c.score > best.score) best = c;
            if (i % 10 == 9 || i + 1 == n) {
                rounds++;
                if (rounds % 3 == 1) last = best;
                h = keccak256(abi.encodePacked(h, cardHash(best)));
            }
        }
        champion = last.name;
        h = keccak256(abi.encodePacked(h, cardHash(last), cardHash(best)));
    }

    /// One kept bill, replaced on some runs: a nested graph with holes.
    function largestBill(uint256 n) external pure returns (bytes32 h, uint256 id, uint256 lines) {
        Bill memory top;
        uint256 topQty;
        for (uint256 i = 0; i < n; i++) {
            Bill memory b = bill(i);
            uint256 q;
            for (uint256 k = 0; k < b.items.length; k++) q += b.items[k].qty;
            if (q >= topQty) {
                top = b;
                topQty = q;
            }
        }
        for (uint256 k = 0; k < top.items.length; k++) h = keccak256(abi.encodePacked(h, top.items[k].code, top.items[k].qty));
        h = keccak256(abi.encodePacked(h, top.payer, top.memo));
        return (h, top.id, top.items.length);
    }

    /// Two kept cards sharing a string: the compaction keeps one copy of it, so a write
    /// through one card shows through the other.
    function sharedSuit(uint256 n) external pure returns (string memory a, string memory b, uint256 s) {
        Card memory x = card(0);
        Card memory y = card(1);
        for (uint256 i = 0; i < n; i++) {
            Card memory c = card(i + 2);
            if (c.score % 3 == 0) {
                x = c;
                y.suit = c.name;
            } else if (c.score % 3 == 1) {
                y = c;
            }
            bytes(y.suit)[0] = bytes1(uint8(65 + (i % 26)));
            s += x.score + y.score;
        }
        return (x.name, y.suit, s);
    }
}
