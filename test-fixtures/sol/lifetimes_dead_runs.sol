// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Runs of a loop that leave by `continue` before storing what they allocated: those runs give
/// their memory back, while the runs that store keep it. The near misses store (or hand over)
/// the run's object before leaving, by a path a wrong release would miss.
contract DeadRuns {
    struct Task {
        uint256 id;
        uint256 pri;
        string tag;
    }

    function _make(uint256 i) internal pure returns (Task memory) {
        uint256 h = uint256(keccak256(abi.encode(i, "task")));
        return Task(i, h % 1000, string(abi.encodePacked("t", bytes32(h))));
    }

    function _digest(Task[5] memory best, uint256 size) internal pure returns (bytes32 d) {
        for (uint256 k; k < size; k++) d = keccak256(abi.encodePacked(d, best[k].id, best[k].pri, best[k].tag));
    }

    /// The five smallest priorities, kept in a max-heap in a Task[5].
    function topFive(uint256 n) external pure returns (bytes32) {
        Task[5] memory best;
        uint256 size;
        for (uint256 i; i < n; i++) {
            Task memory t = _make(i);
            if (size < 5) {
                best[size++] = t;
                for (uint256 j = size - 1; j > 0 && best[(j - 1) / 2].pri < best[j].pri; j = (j - 1) / 2) {
                    (best[j], best[(j - 1) / 2]) = (best[(j - 1) / 2], best[j]);
                }
                continue;
            }
            if (t.pri >= best[0].pri) continue;
            best[0] = t;
            for (uint256 k; ; ) {
                uint256 m = k;
                if (2 * k + 1 < 5 && best[2 * k + 1].pri > best[m].pri) m = 2 * k + 1;
                if (2 * k + 2 < 5 && best[2 * k + 2].pri > best[m].pri) m = 2 * k + 2;
                if (m == k) break;
                (best[k], best[m]) = (best[m], best[k]);
                k = m;
            }
        }
        return _digest(best, size);
    }

    /// Odd-length decimal strings of i * 37, joined (an early `continue` skips the rest).
    function oddOnes(uint256 n) external pure returns (string memory out, uint256 kept) {
        string[] memory list = new string[](n);
        for (uint256 i; i < n; i++) {
            string memory s = _dec(i * 37);
            if (bytes(s).length % 2 == 0) continue;
            list[kept++] = s;
        }
        for (uint256 k; k < kept; k++) out = string.concat(out, list[k], ",");
    }

    /// The run's task is stored only in a branch that leaves by `continue`: every other run
    /// reaches the end of the body with nothing stored.
    function bodyEnd(uint256 n) external pure returns (bytes32, uint256 sum) {
        Task[5] memory best;
        uint256 k;
        for (uint256 i; i < n; i++) {
            Task memory t = _make(i);
            if (t.pri < 50) {
                best[k++ % 5] = t;
                continue;
            }
            sum += t.pri;
        }
        return (_digest(best, k < 5 ? k : 5), sum);
    }

    /// A near miss: the branch that stores falls through to the end of the body.
    function storedInBranch(uint256 n) external pure returns (bytes32, uint256 sum) {
        Task[5] memory best;
        uint256 k;
        for (uint256 i; i < n; i++) {
            Task memory t = _make(i);
            if (t.pri < 50) best[k++ % 5] = t;
            sum += t.pri;
        }
        return (_digest(best, k < 5 ? k : 5), sum);
    }

    /// A near miss: the store comes before the `continue`.
    function storedFirst(uint256 n) external pure returns (bytes32) {
        Task[5] memory best;
        for (uint256 i; i < n; i++) {
            Task memory t = _make(i);
            best[i % 5] = t;
            if (i % 3 != 0) continue;
            best[0].pri += 1;
        }
        return _digest(best, n < 5 ? n : 5);
    }

    /// A near miss: a local kept across the loop is pointed at the run's task before leaving
    /// (the store into `best` leaves the loop without a plan of kept slots).
    function keptLocal(uint256 n) external pure returns (uint256 id, uint256 pri, string memory tag, bytes32 d) {
        Task[5] memory best;
        Task memory last = Task(0, 0, "");
        for (uint256 i; i < n; i++) {
            Task memory t = _make(i);
            if (t.pri % 2 == 0) {
                last = t;
                continue;
            }
            if (t.pri % 3 == 0) continue;
            best[i % 5] = t;
            last.pri += 1;
        }
        return (last.id, last.pri, last.tag, _digest(best, n < 5 ? n : 5));
    }

    struct Pair {
        uint256 a;
        uint256 b;
    }

    /// A near miss: the array written into was made by the same `new` in an earlier run and
    /// kept, so the store is not into this run's own memory although the allocation site is.
    function earlierRun(uint256 n) external pure returns (uint256 a, uint256 b) {
        Pair[] memory last;
        for (uint256 i; i < n; i++) {
            Pair[] memory cur = new Pair[](2);
            if (i == 0) {
                last = cur;
                continue;
            }
            last[1] = Pair(i, i * 7);
        }
        uint256[] memory junk = new uint256[](4);
        junk[0] = 0xdead;
        junk[1] = 0xdead;
        if (last.length > 0) (a, b) = (last[1].a, last[1].b);
    }

    /// A run that leaves early in a loop whose inner loop appends to a string in place.
    function appendAfter(uint256 n) external pure returns (string memory acc, uint256 kept) {
        Bag memory box = Bag(new string[](2), 0);
        for (uint256 i; i < n; i++) {
            Pair memory p = Pair(i, i + 1);
            if (i % 3 == 1) continue;
            box.items = new string[](1);
            for (uint256 j; j < 3; j++) acc = string.concat(acc, "x");
            kept += p.b;
        }
    }

    struct Bag {
        string[] items;
        uint256 count;
    }

    function _put(Bag memory b, string memory s) internal pure {
        if (b.count == b.items.length) {
            string[] memory bigger = new string[](b.items.length * 2 + 1);
            for (uint256 k; k < b.count; k++) bigger[k] = b.items[k];
            b.items = bigger;
        }
        b.items[b.count++] = s;
    }

    /// A near miss: a helper stores the run's string into the bag before the `continue`.
    function handedOver(uint256 n) external pure returns (string memory out) {
        Bag memory b = Bag(new string[](0), 0);
        for (uint256 i; i < n; i++) {
            string memory s = _dec(i * 7 + 1);
            _put(b, s);
            if (i % 2 == 0) continue;
            out = string.concat(out, "|");
        }
        for (uint256 k; k < b.count; k++) out = string.concat(out, b.items[k]);
    }

    /// A near miss: an inner loop stores the task and `break`s out of itself, not out of this loop.
    function innerBreak(uint256 n) external pure returns (bytes32) {
        Task[5] memory best;
        for (uint256 i; i < n; i++) {
            Task memory t = _make(i);
            for (uint256 j = i % 5; j < 5; j++) {
                best[j] = t;
                break;
            }
            if (i % 2 == 0) continue;
            best[4].pri += 1;
        }
        return _digest(best, n < 5 ? n : 5);
    }

    /// The store's branch leaves the loop by `break`: the other runs leave nothing behind.
    function untilFound(uint256 n) external pure returns (uint256 id, string memory tag, uint256 tried) {
        Task memory found = Task(0, 0, "none");
        for (uint256 i; i < n; i++) {
            Task memory t = _make(i);
            tried++;
            if (t.pri < 3) {
                found = t;
                break;
            }
            if (t.pri % 5 != 0) continue;
            tried++;
        }
        uint256[] memory junk = new uint256[](32);
        for (uint256 k; k < 32; k++) junk[k] = k;
        return (found.id, found.tag, tried + junk[31]);
    }

    function _dec(uint256 v) internal pure returns (string memory) {
        if (v == 0) return "0";
        uint256 len;
        for (uint256 t = v; t != 0; t /= 10) len++;
        bytes memory b = new bytes(len);
        for (; v != 0; v /= 10) b[--len] = bytes1(uint8(48 + (v % 10)));
        return string(b);
    }
}
