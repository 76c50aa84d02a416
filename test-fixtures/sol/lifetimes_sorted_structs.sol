// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A recursive merge sort of structs. `new Job[](k)` gives each temporary array k zero structs
/// of its own (Job is written in place below, so they cannot be one shared zero element);
/// points-to keeps them apart from the array (LIFETIME.md, points-to (C1')), so the halves die
/// at each return while the sorted array, whose elements are the caller's, moves down alone
/// (emit-deep-move.ts (D4')). The other functions return graphs that must not move alone.
contract SortedStructs {
    struct Job {
        uint256 id;
        uint256 cost;
    }

    function jobs(uint256 n) internal pure returns (Job[] memory js) {
        js = new Job[](n);
        for (uint256 i = 0; i < n; i++) js[i] = Job(i, (i * 7919 + 13) % 101);
    }

    function sortJobs(Job[] memory a) internal pure returns (Job[] memory) {
        if (a.length <= 1) return a;
        uint256 mid = a.length / 2;
        Job[] memory left = new Job[](mid);
        Job[] memory right = new Job[](a.length - mid);
        for (uint256 i = 0; i < mid; i++) left[i] = a[i];
        for (uint256 i = mid; i < a.length; i++) right[i - mid] = a[i];
        left = sortJobs(left);
        right = sortJobs(right);
        Job[] memory out = new Job[](a.length);
        uint256 x;
        uint256 y;
        uint256 k;
        while (x < left.length || y < right.length) {
            if (y == right.length || (x < left.length && left[x].cost <= right[y].cost)) out[k++] = left[x++];
            else out[k++] = right[y++];
        }
        return out;
    }

    /// sorted, then an element written in place: it is the caller's struct, shared with `js`
    function sortedDigest(uint256 n) external pure returns (bytes32 h, uint256 firstId) {
        Job[] memory js = jobs(n);
        Job[] memory s = sortJobs(js);
        for (uint256 i = 0; i < s.length; i++) h = keccak256(abi.encode(h, s[i].id, s[i].cost));
        if (n > 0) {
            s[0].cost = 1000;
            firstId = s[0].id;
            h = keccak256(abi.encode(h, js[firstId].cost));
        }
    }

    /// sorts of sorts: each result is the input of the next, the old ones die
    function resorted(uint256 n) external pure returns (uint256 total) {
        Job[] memory s = jobs(n);
        for (uint256 r = 0; r < 3; r++) {
            s = sortJobs(s);
            for (uint256 i = 0; i < s.length; i++) s[i].cost = (s[i].cost * 31 + r) % 97;
        }
        for (uint256 i = 0; i < s.length; i++) total = (total * 3 + s[i].cost + i * s[i].id) % 1e30;
    }

    /// a result with fresh structs among the caller's: its span lies across the entry mark
    function withFresh(Job[] memory a) internal pure returns (Job[] memory out) {
        Job[] memory tmp = new Job[](a.length);
        out = new Job[](a.length);
        for (uint256 i = 0; i < a.length; i++) {
            tmp[i] = a[i];
            out[i] = i % 3 == 0 ? Job(a[i].id + 100, a[i].cost) : tmp[i];
        }
    }

    function freshMixed(uint256 n) external pure returns (uint256 total) {
        Job[] memory js = jobs(n);
        Job[] memory m = withFresh(js);
        // memory allocated after the call overwrites whatever the release gave back
        uint256[] memory big = new uint256[](8 * n + 8);
        for (uint256 i = 0; i < big.length; i++) big[i] = i + 7;
        Job[] memory extra = new Job[](n);
        for (uint256 i = 0; i < m.length; i++) {
            m[i].cost += 1;
            extra[i].id = i;
            total += m[i].id * 7 + m[i].cost + js[i].cost + extra[i].id + big[i];
        }
    }

    /// a result that keeps some of its own zero structs and one of a dead temporary's
    function partly(uint256 n) internal pure returns (Job[] memory out) {
        Job[] memory half = new Job[](n / 2 + 1);
        out = new Job[](n);
        for (uint256 i = 0; i < n; i += 2) out[i] = half[i / 2];
    }

    function partlyFilled(uint256 n) external pure returns (uint256 total) {
        Job[] memory p = partly(n);
        uint256[] memory big = new uint256[](8 * n + 8);
        for (uint256 i = 0; i < big.length; i++) big[i] = i + 3;
        Job[] memory more = new Job[](n);
        for (uint256 i = 0; i < p.length; i++) {
            p[i].cost = i + 1;
            p[i].id = p[(i + 1) % p.length].cost;
            more[i].cost = i;
        }
        for (uint256 i = 0; i < p.length; i++) total = (total * 5 + p[i].cost + p[i].id + more[i].cost + big[i]) % 1e30;
    }
}
