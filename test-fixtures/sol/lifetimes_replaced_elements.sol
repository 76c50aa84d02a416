// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Loops that replace an element of an array (or a member of a struct an array holds) made
// before them with a grown copy a helper returns (packages/sol releases.ts, element
// replacements): each replacement leaves the old copy dead, and the new one is larger, so only
// a traced release gives memory back.
contract ReplacedElements {
    struct Bucket {
        uint256 key;
        uint256[] items;
    }

    function push(uint256[] memory a, uint256 v) internal pure returns (uint256[] memory out) {
        out = new uint256[](a.length + 1);
        for (uint256 i; i < a.length; ++i) out[i] = a[i];
        out[a.length] = v;
    }

    function pushStr(string[] memory a, string memory s) internal pure returns (string[] memory out) {
        out = new string[](a.length + 1);
        for (uint256 i; i < a.length; ++i) out[i] = a[i];
        out[a.length] = s;
    }

    function rows(uint256 n) public pure returns (uint256 total, uint256[] memory last) {
        uint256[][] memory rs = new uint256[][](4);
        uint256 m = n > 300 ? 300 : n;
        for (uint256 i; i < m; ++i) rs[i % 4] = push(rs[i % 4], i * 7);
        for (uint256 k; k < 4; ++k) total += rs[k].length;
        last = rs[m % 4];
    }

    function buckets(uint256 n) public pure returns (uint256 s, Bucket memory first) {
        Bucket[] memory bs = new Bucket[](3);
        for (uint256 i; i < 3; ++i) bs[i].items = new uint256[](0);
        uint256 m = n > 300 ? 300 : n;
        for (uint256 i; i < m; ++i) {
            Bucket memory b = bs[(i * 5) % 3];
            b.items = push(b.items, i);
            b.key += i;
        }
        for (uint256 i; i < 3; ++i) s += bs[i].items.length * 1000 + bs[i].key;
        first = bs[0];
    }

    // the old copy is still read after the replacement, and sometimes kept in a second array
    function keepsOld(uint256 n) public pure returns (uint256 sum, uint256[][] memory kept) {
        uint256[][] memory rs = new uint256[][](2);
        kept = new uint256[][](3);
        uint256 m = n > 200 ? 200 : n;
        for (uint256 i; i < m; ++i) {
            uint256[] memory old = rs[i % 2];
            rs[i % 2] = push(old, i);
            if (old.length > 0) sum += old[old.length - 1];
            if (i % 7 == 3) kept[i % 3] = old;
        }
        sum += rs[0].length + rs[1].length;
    }

    // strings in the grown lists: the walk moves the list and keeps the strings it holds
    function lists(uint256 n) public pure returns (string memory joined) {
        string[][] memory ls = new string[][](3);
        uint256 m = n > 120 ? 120 : n;
        for (uint256 i; i < m; ++i) {
            string memory w = string(abi.encodePacked(bytes1(uint8(97 + i % 26)), bytes1(uint8(65 + (i * 3) % 26))));
            ls[i % 3] = pushStr(ls[i % 3], w);
        }
        for (uint256 k; k < 3; ++k) if (ls[k].length > 0) joined = string.concat(joined, ls[k][ls[k].length - 1], ls[k][0]);
    }

    // near miss: a counter index writes each element once (nothing is displaced)
    function distinct(uint256 n) public pure returns (uint256 s) {
        uint256 m = n > 100 ? 100 : n;
        uint256[][] memory rs = new uint256[][](m);
        uint256[] memory acc = new uint256[](0);
        for (uint256 i; i < m; ++i) {
            acc = push(acc, i);
            rs[i] = push(acc, 0);
        }
        for (uint256 i; i < m; ++i) s += rs[i].length;
    }
}
