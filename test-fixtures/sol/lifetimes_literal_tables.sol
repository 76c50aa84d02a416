// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Tables of string literals (`string[N] memory t = ["…", …]`) a helper returns one entry of:
/// on return, the table and the entries not returned are dead, so the function gives their
/// memory back and moves the entry it returns down to its entry mark — also from an early
/// return nested in a branch or a loop, where the table is read again after the branch.
/// Like solc, an array literal is allocated before the string literals it holds are copied
/// into memory (other elements are evaluated first): `layout` reads the addresses. A table
/// read once (not in a loop of its own) and never written copies only the entry it reads
/// (literal-tables.ts); `mutated`, `mutatedByCall` and `readInLoop` keep the whole table.
contract LifetimesLiteralTables {
    function digitName(uint256 d) internal pure returns (string memory) {
        string[10] memory names = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
        return names[d % 10];
    }

    function unitName(uint256 x) internal pure returns (string memory) {
        string[4] memory units = ["", "thousand", "million", "billion"];
        if (x < 4) return units[x];
        return string.concat(units[x % 4], "+");
    }

    /// an early return from a branch, and reads in a loop after it (the table is kept whole)
    function labelOf(uint256 x) internal pure returns (string memory) {
        string[4] memory labels = ["north", "east", "south", "west"];
        if (x < 4) return labels[x];
        uint256 total;
        for (uint256 i = 0; i < 4; i++) total += bytes(labels[i]).length;
        return string.concat(labels[x % 4], "+", labels[total % 4]);
    }

    function firstLong(uint256 k) internal pure returns (string memory) {
        string[5] memory words = ["a", "bb", "ccc", "dddd", "eeeee"];
        for (uint256 i = 0; i < 5; i++) {
            if (bytes(words[(i + k) % 5]).length >= 3) return words[(i + k) % 5];
        }
        return words[0];
    }

    /// the names of n digits joined: each helper call leaves only the name it returns
    function spell(uint256 n) external pure returns (string memory out) {
        for (uint256 i = 0; i < n; i++) out = string.concat(out, digitName(i * 7 + n), " ");
    }

    /// early returns from a branch and from a loop, results read after the calls
    function mixed(uint256 n) external pure returns (uint256 total, bytes32 digest) {
        for (uint256 i = 0; i < n; i++) {
            string memory u = unitName(i % 6);
            string memory w = firstLong(i);
            string memory l = labelOf(i % 7);
            total += bytes(u).length + bytes(w).length + bytes(l).length;
            digest = keccak256(abi.encodePacked(digest, u, w, l));
        }
    }

    /// the returned entries kept in an array: each must stay intact after later calls
    function kept(uint256 n) external pure returns (string memory joined) {
        string[] memory all = new string[](n % 16 + 1);
        for (uint256 i = 0; i < all.length; i++) all[i] = i % 2 == 0 ? unitName(i % 5) : firstLong(i);
        for (uint256 i = 0; i < all.length; i++) joined = string.concat(joined, all[i], ",");
    }

    /// where the literals of an array literal lie relative to it and to a value made before it
    function layout(uint256 n) external pure returns (uint256 first, uint256 second, uint256 third, uint256 grown, uint256 rows) {
        string memory s = n % 2 == 0 ? "even" : "odd";
        uint256 base;
        assembly ("memory-safe") {
            base := mload(0x40)
        }
        string[3] memory t = ["a", s, "a longer literal than one word, so it takes two words"];
        string[2][2] memory m = [["p", "q"], [s, "r"]];
        assembly ("memory-safe") {
            first := sub(mload(t), t)
            second := sub(mload(add(t, 32)), t)
            third := sub(mload(add(t, 64)), t)
            grown := sub(mload(0x40), base)
            rows := add(shl(128, sub(mload(m), m)), sub(m, mload(add(m, 32))))
        }
    }

    function packed(uint256 n) internal pure returns (bytes memory) {
        return abi.encodePacked(n);
    }

    /// elements that are calls allocating memory, and a value element whose call allocates:
    /// everything they allocate lies above the array
    function callElements(uint256 n) external pure returns (int256 a, int256 b, int256 c, uint256 v) {
        bytes[2] memory x = [packed(n), packed(n + 1)];
        uint256[2] memory y = [uint256(keccak256(packed(n))), n];
        assembly ("memory-safe") {
            a := sub(mload(x), x)
            b := sub(mload(add(x, 32)), x)
            c := sub(mload(0x40), y)
        }
        v = y[1] + x[1].length;
    }

    /// an entry past the end: Panic(0x32), as the index access it replaces
    function entryAt(uint256 n) external pure returns (string memory) {
        string[3] memory t = ["abc", "defgh", "a literal longer than thirty-two bytes, two words"];
        return t[n];
    }

    /// an entry written in place: a later read must see the write
    function mutated(uint256 n) external pure returns (string memory) {
        string[3] memory t = ["abc", "def", "ghi"];
        bytes(t[n % 3])[0] = "X";
        return string.concat(t[n % 3], t[(n + 1) % 3]);
    }

    function upper(string memory s) internal pure {
        bytes memory b = bytes(s);
        for (uint256 i = 0; i < b.length; i++) if (b[i] >= "a" && b[i] <= "z") b[i] = bytes1(uint8(b[i]) - 32);
    }

    /// an entry written by a callee: the table read again sees it
    function mutatedByCall(uint256 n) external pure returns (string memory) {
        string[3] memory t = ["abc", "def", "ghi"];
        string memory a = t[n % 3];
        upper(a);
        return string.concat(t[n % 3], "/", a);
    }

    /// read in a loop of its own: every entry is copied once, when the table is made
    function readInLoop(uint256 n) external pure returns (string memory out) {
        string[4] memory t = ["w", "x", "y", "z"];
        for (uint256 i = 0; i < n % 20; i++) out = string.concat(out, t[(i * 7 + n) % 4]);
    }
}
