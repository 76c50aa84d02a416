// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Loops whose iterations replace what they keep before reading it (packages/sol
// releases.ts (IE)): each iteration starts with a release to the loop's mark and nothing
// moves. The near misses keep the old value live into the body (a break or continue before
// the store, a read of it, a copy into another local, a helper given it): there the old
// value must survive, and a release at the body's start would let the next allocation
// overwrite it.
contract EntryRelease {
    function digits(uint256 v) internal pure returns (string memory) {
        bytes memory b = new bytes(v % 7 + 1);
        for (uint256 k = 0; k < b.length; k++) b[k] = bytes1(uint8(48 + ((v >> k) % 10)));
        return string(b);
    }

    // the last row of strings and arrays the loop builds is the result
    function lastRow(uint256 n) public pure returns (string[] memory row, uint256[][] memory cols, uint256 empties) {
        for (uint256 i = 0; i < n; i++) {
            string memory cell = string.concat("c", digits(i), new string(i % 5));
            row = new string[](i % 4 + 1);
            cols = new uint256[][](i % 3 + 1);
            for (uint256 j = 0; j < row.length; j++) if (bytes(row[j]).length == 0) empties++;
            row[i % row.length] = cell;
            cols[i % cols.length] = new uint256[](i % 5);
        }
    }

    // a flat result replaced in both branches of an if
    function lastLine(uint256 n) public pure returns (bytes memory line) {
        for (uint256 i = 0; i < n; i++) {
            if (i % 2 == 0) line = abi.encodePacked("even", i, digits(i));
            else line = bytes.concat(bytes(digits(i)), "odd");
        }
    }

    // near miss: a break before the store leaves the loop with the old value
    function breakFirst(uint256 n) public pure returns (string memory) {
        string memory s = "start";
        for (uint256 i = 0; i < n; i++) {
            if (i == 7) break;
            s = string.concat(digits(i), "-", digits(i + 1));
        }
        bytes memory pad = new bytes(320);
        return string.concat(s, string(pad), "!");
    }

    // near miss: a continue before the store in the last runs keeps an earlier run's value
    function continueFirst(uint256 n) public pure returns (string memory) {
        string memory s = "none";
        for (uint256 i = 0; i < n; i++) {
            if (i % 4 != 1) continue;
            s = string.concat("run", digits(i));
        }
        bytes memory pad = new bytes(64);
        return string.concat(s, string(pad));
    }

    // a while loop whose runs mostly continue before allocating (releases.ts (I°)): no
    // release at those continues, one at the other end
    function whileSkips(uint256 n) public pure returns (string memory s, uint256 runs) {
        uint256 i = 0;
        while (i < n) {
            i++;
            if (i % 3 != 0) continue;
            s = string.concat(s, digits(i));
            runs++;
            if (bytes(s).length > 60) s = digits(runs);
        }
    }

    // a continue after an allocation still releases; this loop's step allocates, so its
    // release stays at the step's end
    function stepAllocates(uint256 n) public pure returns (string memory s, string memory t) {
        for (uint256 i = 0; i < n; t = string.concat(t, "+")) {
            i++;
            string memory d = digits(i);
            if (i % 2 == 0) continue;
            s = string.concat(d, s);
            if (bytes(s).length > 50) s = "";
            if (bytes(t).length > 20) t = "";
        }
    }

    // near miss: the old value is read (copied into another local) before the new one is stored
    function previous(uint256 n) public pure returns (string memory prev, string memory cur) {
        for (uint256 i = 0; i < n; i++) {
            prev = cur;
            cur = digits(i * 3);
        }
    }

    // near miss: a helper is given the old value before it is replaced
    function measured(uint256 n) public pure returns (string memory s, uint256 total) {
        for (uint256 i = 0; i < n; i++) {
            string memory t = digits(i);
            total += lengthOf(s) * 100 + bytes(t).length;
            s = string.concat(t, "/", s);
            if (bytes(s).length > 40) s = t;
        }
    }

    function lengthOf(string memory s) internal pure returns (uint256) {
        return bytes(s).length;
    }

    // near miss: the old array's element is read in the condition of the store's branch
    function keepsIfShort(uint256 n) public pure returns (uint256[] memory a) {
        for (uint256 i = 0; i < n; i++) {
            if (a.length < 3) {
                a = new uint256[](i % 6);
                if (a.length > 0) a[0] = i;
            }
        }
    }
}
