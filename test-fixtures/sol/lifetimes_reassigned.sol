// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Memory locals reassigned from another allocation, with breaks and continues that carry a
/// value stored before them past a store after them (slot liveness must not kill it there,
/// analyses/src/slot-liveness.ts (S7)); what a local held before a reassignment is dead.
contract LifetimesReassigned {
    function fill(uint256 n) internal pure returns (uint256[] memory a) {
        a = new uint256[](n);
        for (uint256 i = 0; i < n; i++) a[i] = i * 7 + 1;
    }

    function evens(uint256[] memory a) internal pure returns (uint256[] memory b) {
        b = new uint256[]((a.length + 1) / 2);
        for (uint256 i = 0; i < b.length; i++) b[i] = a[2 * i];
    }

    /// the first array dies when `a` takes its half; the later table can take its place
    function halve(uint256 n) external pure returns (uint256 s) {
        uint256[] memory a = fill(n);
        a = evens(a);
        uint256[] memory t = new uint256[](n);
        for (uint256 i = 0; i < n; i++) t[i] = a[i / 2] + i;
        unchecked {
            for (uint256 i = 0; i < n; i++) s = s * 31 + t[i];
        }
    }

    /// reassigned in one branch only: the first array may still be what `a` holds
    function maybe(uint256 n) external pure returns (uint256 s) {
        uint256[] memory a = fill(n);
        if (n % 2 == 0) a = evens(a);
        uint256[] memory t = new uint256[](n);
        for (uint256 i = 0; i < n; i++) t[i] = a[i % a.length] + i;
        unchecked {
            for (uint256 i = 0; i < n; i++) s = s * 31 + t[i];
        }
    }

    /// the reassignment is skipped by a `continue` (the old array is then still the value)
    function skipped(uint256 n) external pure returns (uint256 s) {
        uint256[] memory a = fill(n);
        for (uint256 r = 0; r < 3; r++) {
            if (r == n % 3) continue;
            a = evens(a);
        }
        uint256[] memory t = new uint256[](n);
        for (uint256 i = 0; i < n; i++) t[i] = a[i % a.length] + i;
        unchecked {
            for (uint256 i = 0; i < n; i++) s = s * 31 + t[i];
        }
    }

    /// a `break` carries the value stored before it past the store after it
    function broken(uint256 n) external pure returns (uint256 s) {
        uint256[] memory a = fill(n);
        uint256[] memory keep = a;
        for (uint256 r = 0; r < 3; r++) {
            a = evens(a);
            if (r == n % 3) break;
            a = keep;
        }
        uint256[] memory t = new uint256[](n);
        for (uint256 i = 0; i < n; i++) t[i] = a[i % a.length] + keep[i % keep.length] + i;
        unchecked {
            for (uint256 i = 0; i < n; i++) s = s * 31 + t[i];
        }
    }

    /// a `continue` carries the value stored before it past the store after it, to the step
    function continued(uint256 n) external pure returns (uint256 s) {
        uint256[] memory a = fill(n);
        uint256[] memory keep = a;
        uint256[] memory last;
        for (uint256 r = 0; r < 4; r++) {
            last = a;
            a = evens(a);
            if ((r + n) % 2 == 0) continue;
            a = keep;
        }
        uint256[] memory t = new uint256[](n);
        for (uint256 i = 0; i < n; i++) t[i] = a[i % a.length] + last[i % last.length] + i;
        unchecked {
            for (uint256 i = 0; i < n; i++) s = s * 31 + t[i];
        }
    }

    /// a break two branches deep in a while loop
    function nestedBreak(uint256 n) external pure returns (uint256 s) {
        uint256[] memory a = fill(n);
        uint256[] memory keep = a;
        uint256 r;
        while (r < 5) {
            a = evens(a);
            if (r >= 1) {
                if (r == n % 4) break;
            }
            a = keep;
            r++;
        }
        uint256[] memory t = new uint256[](n);
        for (uint256 i = 0; i < n; i++) t[i] = a[i % a.length] + i;
        unchecked {
            for (uint256 i = 0; i < n; i++) s = s * 31 + t[i];
        }
    }
}
