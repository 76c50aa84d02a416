// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Loops that make an object each run and keep one only on some runs: the keep happens where
/// the loop assigns the slot, and a run that keeps nothing only gives back what it made.
contract LifetimesKeptAtStore {
    struct Entry {
        string name;
        uint256[] hist;
        uint256 score;
    }

    struct Line {
        string sku;
        uint256 qty;
    }

    struct Order {
        uint256 total;
        Line[] lines;
        string note;
    }

    function makeOrder(uint256 i) internal pure returns (Order memory o) {
        o.lines = new Line[](1 + (i % 3));
        for (uint256 k = 0; k < o.lines.length; k++) {
            o.lines[k] = Line({sku: string(abi.encodePacked("s", bytes1(uint8(97 + ((i + k) % 26))))), qty: (i * 7 + k) % 5});
            o.total += o.lines[k].qty * (k + 1);
        }
        o.note = string(abi.encodePacked("order-", bytes2(uint16(i))));
    }

    function mix(uint256 a, uint256 b) internal pure returns (uint256) {
        return uint256(keccak256(abi.encode(a, b)));
    }

    /// A 64-byte record each run; every fifth one is kept.
    function lastOfFive(uint256 n) external pure returns (bytes32 h, bytes memory last) {
        for (uint256 i = 0; i < n; i++) {
            bytes memory rec = abi.encodePacked(h, i);
            h = keccak256(rec);
            if (i % 5 == 4) last = rec;
        }
    }

    /// The best-scoring name so far.
    function bestName(uint256 n) external pure returns (string memory best, uint256 bestScore) {
        for (uint256 i = 0; i < n; i++) {
            string memory name = string.concat("item-", string(abi.encodePacked(bytes2(uint16(i)))));
            uint256 s = mix(i, 7) % 1000;
            if (s > bestScore) {
                bestScore = s;
                best = name;
            } else if (s + 1 == bestScore) {
                best = name;
            }
        }
    }

    /// The best struct so far, with its name and histogram.
    function bestEntry(uint256 n) external pure returns (string memory name, uint256[] memory hist, uint256 score) {
        Entry memory cur;
        for (uint256 i = 0; i < n; i++) {
            Entry memory e = Entry({name: "", hist: new uint256[](2), score: mix(i, 3) % 500});
            e.hist[0] = e.score / 10;
            e.hist[1] = e.score % 10;
            if (e.score > cur.score) {
                e.name = string(abi.encodePacked("e", bytes1(uint8(48 + (i % 10)))));
                cur = e;
            }
        }
        return (cur.name, cur.hist, cur.score);
    }

    function pairStep(uint256[2][2] memory m, uint256 i) internal pure returns (uint256[2][2] memory r) {
        r = [[m[0][0] + m[1][1] + i, m[0][1] + m[1][0]], [m[1][0], m[0][0] ^ i]];
    }

    /// The best order so far: a struct holding an array of structs, replaced on some runs only.
    function bestOrder(uint256 n) external pure returns (uint256 total, string memory firstSku, string memory note) {
        Order memory best;
        for (uint256 i = 0; i < n; i++) {
            Order memory o = makeOrder(i);
            if (o.total > best.total) best = o;
        }
        return (best.total, best.lines.length > 0 ? best.lines[0].sku : "", best.note);
    }

    /// Near miss: on the runs that do not replace the matrix, a row of it is replaced by a
    /// new one (the kept graph gains an object the store never sees).
    function rowReplaced(uint256 n) external pure returns (uint256, uint256) {
        uint256[2][2] memory m = [[uint256(1), 2], [uint256(3), 4]];
        for (uint256 i = 0; i < n; i++) {
            bytes memory tmp = i % 2 == 1 ? abi.encode(i) : abi.encode(i, n, i + 1, n + 1);
            if (i % 2 == 0) m = pairStep(m, uint256(keccak256(tmp)) % 100);
            else m[1] = [i, m[0][0]];
        }
        return (m[0][0] + m[0][1], m[1][0] + m[1][1]);
    }

    /// Near miss: the record is still read after the store, next to a new temporary.
    function usedAfterKeep(uint256 n) external pure returns (uint256 total, bytes memory last) {
        for (uint256 i = 0; i < n; i++) {
            bytes memory rec = abi.encodePacked(bytes32(i * 7), i);
            if (i % 3 == 1) last = rec;
            bytes memory tmp = abi.encodePacked(bytes32(i * 11), i + 1);
            total += uint256(uint8(rec[31])) + uint8(tmp[31]) + last.length;
        }
    }

    function seq(uint256 len, uint256 seed) internal pure returns (uint256[] memory r) {
        r = new uint256[](len);
        for (uint256 k = 0; k < len; k++) r[k] = seed + k * 3;
    }

    function grown(uint256[] memory a, uint256 v) internal pure returns (uint256[] memory r) {
        r = new uint256[](a.length + 1);
        for (uint256 k = 0; k < a.length; k++) r[k] = a[k];
        r[a.length] = v;
    }

    /// The kept array, made over a temporary, is longer on some runs than the one it replaces,
    /// and the run allocates again after the store: a release to a mark read before the store
    /// would hand the new array's tail to that allocation.
    function keptThenAllocated(uint256 n) external pure returns (bytes32, uint256 s) {
        uint256[] memory last = seq(2, 7);
        for (uint256 i = 0; i < n; i++) {
            if (i % 2 == 1) continue;
            last = grown(seq(i % 3, i), i + 40);
            uint256[] memory f = seq(1, i);
            for (uint256 k = 0; k < last.length; k++) s += last[k] * (k + 1);
            s += f[0];
        }
        return (keccak256(abi.encode(last)), s);
    }

    /// The same with the store under a branch: the allocation after the branch.
    function keptInBranchThenAllocated(uint256 n) external pure returns (bytes32, uint256 s) {
        uint256[] memory last = seq(2, 7);
        for (uint256 i = 0; i < n; i++) {
            uint256[] memory t = seq(i % 3, i);
            if (i % 2 == 0) last = grown(t, i + 40);
            uint256[] memory f = seq(1, i);
            for (uint256 k = 0; k < last.length; k++) s += last[k] * (k + 1);
            s += f[0];
        }
        return (keccak256(abi.encode(last)), s);
    }

    /// Near miss: the slot is also assigned in an inner loop.
    function innerKeep(uint256 n) external pure returns (bytes memory last, uint256 count) {
        for (uint256 i = 0; i < n; i++) {
            bytes memory rec = abi.encodePacked(i);
            for (uint256 j = 0; j < 2; j++) {
                if ((i + j) % 4 == 0) {
                    last = rec;
                    count++;
                }
            }
        }
    }
}
