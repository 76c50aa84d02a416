// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Loops that keep an accumulator in a local and now and then store it into an array made
// before the loop at a counter index (packages/sol lifetime/sealed-stores.ts): the store
// seals what lies below the free pointer, and the iteration's releases go to a mark above it.
contract Sealed {
    function word(uint256 i) internal pure returns (string memory) {
        uint256 len = 1 + (i * 7) % 6;
        bytes memory b = new bytes(len);
        for (uint256 k = 0; k < len; k++) b[k] = bytes1(uint8(97 + (i + k * 3) % 26));
        return string(b);
    }

    // greedy line filling: the line is stored, then replaced by the word that did not fit
    function lines(uint256 n) public pure returns (string[] memory out, uint256 count) {
        out = new string[](n + 1);
        string memory line = "";
        for (uint256 i = 0; i < n; i++) {
            string memory w = word(i);
            uint256 ll = bytes(line).length;
            if (ll == 0) line = w;
            else if (ll + 1 + bytes(w).length <= 24) line = string.concat(line, " ", w);
            else {
                out[count++] = line;
                line = w;
            }
        }
        if (bytes(line).length > 0) out[count++] = line;
    }

    // chunks of rows: the row's temporaries and the previous chunk lie below the stored one
    function chunks(uint256 n) public pure returns (string memory all, uint256 parts) {
        string[] memory cs = new string[](n / 4 + 2);
        string memory chunk = "[";
        for (uint256 i = 0; i < n; i++) {
            string memory row = string.concat(word(i), ":", word(i + 1), ";");
            chunk = string.concat(chunk, row);
            if (i % 4 == 3) {
                cs[parts++] = chunk;
                chunk = "[";
            }
        }
        cs[parts++] = chunk;
        for (uint256 k = 0; k < parts; k++) all = string.concat(all, cs[k], "|");
    }

    // the stored string stays the accumulator: the next concat copies it, the old one is held
    function keepsStored(uint256 n) public pure returns (string[] memory out) {
        out = new string[](n / 3 + 1);
        uint256 k = 0;
        string memory cur = "x";
        for (uint256 i = 0; i < n; i++) {
            cur = string.concat(cur, word(i));
            if (i % 3 == 2) out[k++] = cur;
            if (bytes(cur).length > 40) cur = "y";
        }
    }

    // a literal stored at the seal (written at the free pointer without moving it)
    function literalStored(uint256 n) public pure returns (string[] memory out, string memory acc) {
        out = new string[](n);
        uint256 k = 0;
        acc = "";
        for (uint256 i = 0; i < n; i++) {
            acc = string.concat(acc, word(i));
            if (i % 2 == 0) out[k++] = "sep";
            else out[k++] = string.concat(acc, "!");
            if (bytes(acc).length > 30) acc = word(i * 5);
        }
    }

    // the store leaves the loop, or skips the rest of the run
    function storeThenLeave(uint256 n) public pure returns (string[] memory out, string memory cur, uint256 k) {
        out = new string[](n + 1);
        cur = "s";
        for (uint256 i = 0; i < n; i++) {
            cur = string.concat(cur, word(i));
            if (i == 11) {
                out[k++] = cur;
                break;
            }
            if (i % 4 == 1) {
                out[k++] = cur;
                cur = word(i + 2);
                continue;
            }
            cur = string.concat(cur, "-");
        }
    }

    // near miss: the array is read through a helper in the loop (a call given the holder)
    function helperReads(uint256 n) public pure returns (string[] memory out, uint256 total) {
        out = new string[](n + 1);
        uint256 k = 0;
        string memory cur = "";
        for (uint256 i = 0; i < n; i++) {
            cur = string.concat(cur, word(i));
            if (i % 3 == 0) {
                out[k++] = cur;
                cur = "";
            }
            total += lengthAt(out, k);
        }
    }

    function lengthAt(string[] memory a, uint256 k) internal pure returns (uint256) {
        return k == 0 ? 0 : bytes(a[k - 1]).length;
    }

    // near miss: a helper stores the accumulator into the array (no store of the loop's own)
    function helperStores(uint256 n) public pure returns (string[] memory out, uint256 k) {
        out = new string[](n + 1);
        string memory cur = "";
        for (uint256 i = 0; i < n; i++) {
            cur = string.concat(cur, word(i));
            if (i % 3 == 0) {
                put(out, k, cur);
                k++;
                cur = "";
            } else if (i % 5 == 4) {
                out[k++] = cur;
                cur = word(i + 1);
            }
        }
    }

    function put(string[] memory a, uint256 k, string memory s) internal pure {
        a[k] = s;
    }

    struct Cell {
        string label;
        uint256 v;
    }

    // near miss: a struct is stored, and a later run stores a new string into it
    function cells(uint256 n) public pure returns (Cell[] memory out, string memory acc) {
        out = new Cell[](n + 1);
        uint256 k = 0;
        acc = "";
        for (uint256 i = 0; i < n; i++) {
            acc = string.concat(acc, word(i));
            if (i % 2 == 0) {
                Cell memory c = Cell(acc, i);
                out[k++] = c;
                acc = "";
            } else if (k > 0) {
                out[k - 1].label = string.concat(out[k - 1].label, "+");
            }
        }
    }

    // near miss: a ring (the same element written again) is the held releases' case
    function ring(uint256 n) public pure returns (string[] memory out, string memory cur) {
        out = new string[](3);
        cur = "r";
        for (uint256 i = 0; i < n; i++) {
            cur = string.concat(cur, word(i));
            if (i % 2 == 0) out[i % 3] = cur;
            if (bytes(cur).length > 20) cur = "r";
        }
    }

    // near miss: the element is written in a nested loop
    function nestedStore(uint256 n) public pure returns (string[] memory out, string memory cur) {
        out = new string[](n * 2 + 1);
        uint256 k = 0;
        cur = "";
        for (uint256 i = 0; i < n; i++) {
            cur = string.concat(cur, word(i));
            for (uint256 j = 0; j < 2; j++) {
                if ((i + j) % 3 == 0) out[k++] = cur;
            }
            if (bytes(cur).length > 25) cur = "";
        }
    }

    // stored objects read back through the array after later iterations
    function readBack(uint256 n) public pure returns (bytes32 h, string memory cur) {
        string[] memory out = new string[](n + 1);
        uint256 k = 0;
        cur = "a";
        for (uint256 i = 0; i < n; i++) {
            cur = string.concat(cur, word(i));
            if (i % 2 == 1) {
                out[k++] = cur;
                cur = word(i);
            }
            if (k > 0) h = keccak256(abi.encodePacked(h, out[k - 1], out[k / 2]));
        }
    }
}
