// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Loops bounded by `i < a.length`: the index checks inside may go (packages/sol/src/
/// bounds-checks.ts) only where nothing can change i, a or a's length before the access.
contract BoundedLoops {
    function sum(uint256 n) external pure returns (uint256 s) {
        uint256[] memory a = new uint256[](n % 50);
        for (uint256 i = 0; i < a.length; i++) a[i] = i * 3 + 1;
        for (uint256 i = 0; i < a.length; i++) {
            if (a[i] % 2 == 0) s += a[i];
            else s += 2 * a[i];
        }
    }

    function bytesWhile(uint256 n) external pure returns (uint256 s, bytes memory b) {
        b = new bytes(n % 40);
        uint256 i;
        while (i < b.length) {
            b[i] = bytes1(uint8(i + 65));
            s += uint8(b[i]);
            i++;
        }
    }

    function strings(string calldata text, uint256 k) external pure returns (uint256 s) {
        bytes calldata b = bytes(text);
        for (uint256 i = 0; i < b.length; i++) s += uint8(b[i]) * (k + i);
    }

    function calldataArray(uint256[] calldata xs) external pure returns (uint256 s) {
        for (uint256 i = 0; i < xs.length; i++) s = s * 31 + xs[i];
    }

    // the index moves before the access: out of bounds on the last iteration
    function indexMoves(uint256 n) external pure returns (uint256 s) {
        uint256[] memory a = new uint256[](n % 7 + 1);
        for (uint256 i = 0; i < a.length; i++) {
            i += 1;
            s += a[i];
        }
    }

    // the array is replaced by a shorter one before the access
    function arrayReplaced(uint256 n) external pure returns (uint256 s) {
        uint256[] memory a = new uint256[](n % 7 + 2);
        for (uint256 i = 0; i < a.length; i++) {
            if (i == 1) a = new uint256[](1);
            s += a[i] + i;
        }
    }

    // a post-increment in the index: the old index is in bounds, the next read is not
    function postIncrement(uint256 n) external pure returns (uint256 s) {
        uint256[] memory a = new uint256[](n % 5 + 1);
        for (uint256 i = 0; i < a.length; ) {
            a[i++] = 7;
            s += a[i];
        }
    }

    // inline assembly shortens the array inside the loop
    function asmShrinks(uint256 n) external pure returns (uint256 s) {
        uint256[] memory a = new uint256[](n % 6 + 3);
        for (uint256 i = 0; i < a.length; i++) {
            if (i == 1) {
                assembly ("memory-safe") {
                    mstore(a, 1)
                }
            }
            s += a[i] + 1;
        }
    }

    function shrink(uint256[] memory a) internal pure {
        assembly ("memory-safe") {
            mstore(a, 1)
        }
    }

    // a callee shortens the array; the access after the call must still be checked
    function calleeShrinks(uint256 n) external pure returns (uint256 s) {
        uint256[] memory a = new uint256[](n % 6 + 3);
        for (uint256 i = 0; i < a.length; i++) {
            if (i == 1) shrink(a);
            s += a[i] + 1;
        }
    }

    // the bound is another array's length
    function otherArray(uint256 n) external pure returns (uint256 s) {
        uint256[] memory a = new uint256[](n % 9 + 2);
        uint256[] memory b = new uint256[](n % 3 + 1);
        for (uint256 i = 0; i < a.length; i++) s += b[i];
    }

    // `new T[](k)` and `i < k` with k stored once: the checks may go
    function sizedByN(uint256 n) external pure returns (uint256 s) {
        uint256 k = n % 30;
        uint256[] memory a = new uint256[](k);
        bytes memory b = new bytes(k);
        for (uint256 i = 0; i < k; i++) {
            a[i] = i + 1;
            b[i] = bytes1(uint8(i));
        }
        for (uint256 i = 0; i < k; i++) s += a[i] * uint8(b[i]);
    }

    // the bound grows after the allocation: the last access is out of bounds
    function boundGrows(uint256 n) external pure returns (uint256 s) {
        uint256 k = n % 5 + 1;
        uint256[] memory a = new uint256[](k);
        k += 1;
        for (uint256 i = 0; i < k; i++) s += a[i];
    }

    // allocated with one bound, looped with another
    function otherBound(uint256 n) external pure returns (uint256 s) {
        uint256 k = n % 5 + 1;
        uint256 m = n % 3 + 2;
        uint256[] memory a = new uint256[](m);
        for (uint256 i = 0; i < k; i++) s += a[i] + i;
    }

    // the array is allocated again, shorter, inside the loop
    function reallocated(uint256 n) external pure returns (uint256 s) {
        uint256 k = n % 4 + 2;
        uint256[] memory a = new uint256[](k);
        for (uint256 i = 0; i < k; i++) {
            s += a[i] + i;
            if (i == 0) a = new uint256[](1);
        }
    }

    // the condition increments the index after comparing it: the access reads one past
    function conditionIncrements(uint256 n) external pure returns (uint256 s) {
        uint256[] memory a = new uint256[](n % 4);
        uint256 i;
        while (i++ < a.length) s += a[i];
    }

    function conditionIncrementsSized(uint256 n) external pure returns (uint256 s) {
        uint256 m = n % 4;
        uint256[] memory a = new uint256[](m);
        for (uint256 i = 0; i++ < m; ) s += a[i];
    }

    // `i < K` over static arrays of at least K elements: the checks may go
    function staticArrays(uint256 n) external pure returns (uint256 s) {
        uint256[8] memory x;
        uint256[4][4] memory m;
        for (uint256 i = 0; i < 8; i++) x[i] = n + i;
        for (uint256 i = 0; i < 4; i++) {
            for (uint256 j = 0; j < 4; j++) m[i][j] = x[i] * x[j + 4];
        }
        for (uint8 k = 0; k < 4; k++) s += m[k][3 - k] + x[k];
    }

    function staticCalldata(uint256[5] calldata xs, uint256 k) external pure returns (uint256 s) {
        for (uint256 i = 0; i < 5; i++) s = s * 7 + xs[i] + k;
    }

    // the constant bound exceeds the array: the last access is out of bounds
    function staticOverrun(uint256 n) external pure returns (uint256 s) {
        uint256[8] memory x;
        uint256 limit = n % 2 == 0 ? 8 : 9;
        for (uint256 i = 0; i < 9; i++) {
            if (i < limit) s += x[i] + i;
        }
    }
}
