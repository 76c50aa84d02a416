// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Control flow: if / else chains, for / while / do-while with break and continue,
/// nested loops, the ternary operator and short-circuit evaluation (the right operand's
/// side effects and reverts must not happen when the left one decides).
contract Control {
    uint256 public touched;

    function classify(int256 x) external pure returns (uint8) {
        if (x < 0) return 0;
        else if (x == 0) return 1;
        else if (x < 100) return 2;
        return 3;
    }

    function sumSkip(uint256 n) external pure returns (uint256 s, uint256 iters) {
        n = n % 64;
        for (uint256 i = 0; i < n; i++) {
            iters++;
            if (i % 3 == 0) continue;
            if (i > 40) break;
            s += i;
        }
    }

    function collatz(uint256 x) external pure returns (uint256 steps) {
        x = x % 1000 + 1;
        while (x != 1) {
            x = x % 2 == 0 ? x / 2 : 3 * x + 1;
            steps++;
        }
    }

    function doWhile(uint8 n) external pure returns (uint256 count) {
        do {
            count++;
            if (count > 10) break;
        } while (count < n);
    }

    function nested(uint256 n) external pure returns (uint256 pairs) {
        n = n % 12;
        for (uint256 i = 0; i < n; i++) {
            for (uint256 j = 0; j < n; j++) {
                if (j > i) break;
                if ((i + j) % 2 == 1) continue;
                pairs += i * 16 + j;
            }
        }
    }

    function mark(bool r) internal returns (bool) {
        touched += 1;
        return r;
    }

    function boom() internal pure returns (bool) {
        revert("evaluated");
    }

    function shortCircuit(bool a, bool b) external returns (bool andv, bool orv, uint256 t) {
        andv = a && mark(b);
        orv = a || mark(b);
        t = touched;
    }

    function guardAnd(bool a) external pure returns (bool) {
        return a && boom();
    }

    function guardOr(bool a) external pure returns (bool) {
        return a || boom();
    }

    function ternaryChain(uint256 x) external pure returns (uint256) {
        return x < 10 ? 1 : x < 100 ? 2 : x < 1000 ? 3 : 4;
    }

    function earlyReturn(uint256[] calldata xs, uint256 needle) external pure returns (int256) {
        for (uint256 i = 0; i < xs.length; i++) {
            if (xs[i] == needle) return int256(i);
        }
        return -1;
    }
}
