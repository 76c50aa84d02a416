// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Loops that keep a few of the candidates they make, stored under a condition into an older
/// array (top-k selection): a run that stored nothing gives back what it made, a run that
/// stored keeps it (packages/sol/src/lifetime/dead-runs.ts (D1')). The near misses write new
/// memory into a candidate after it may have been kept, keep it through a helper, or keep it
/// in an inner loop that runs again.
contract LifetimesSealedRuns {
    struct Cand {
        uint256 score;
        uint256[] xs;
        string tag;
    }

    function _digits(uint256 v) internal pure returns (string memory) {
        bytes memory b = new bytes(3);
        for (uint256 i = 3; i > 0; i--) {
            b[i - 1] = bytes1(uint8(48 + (v % 10)));
            v /= 10;
        }
        return string(b);
    }

    function _score(uint256 i) internal pure returns (uint256) {
        return (i * 7919 + 13) % 101;
    }

    function _digest(Cand[3] memory best) internal pure returns (bytes32 h) {
        for (uint256 i = 0; i < 3; i++) h = keccak256(abi.encodePacked(h, best[i].score, best[i].xs, best[i].tag));
    }

    /// the best three by score, shifted down as a better one comes
    function topThree(uint256 n) external pure returns (bytes32) {
        Cand[3] memory best;
        for (uint256 t = 0; t < n; t++) {
            Cand memory c = Cand(_score(t), new uint256[](t % 3), string.concat("c", _digits(t)));
            for (uint256 s = 0; s < 3; s++) {
                if (bytes(best[s].tag).length == 0 || c.score > best[s].score) {
                    for (uint256 u = 2; u > s; u--) best[u] = best[u - 1];
                    best[s] = c;
                    break;
                }
            }
        }
        return _digest(best);
    }

    /// shifts the worse ones down and puts `c` at `s`
    function _insert(Cand[3] memory best, uint256 s, Cand memory c) internal pure {
        for (uint256 u = 2; u > s; u--) best[u] = best[u - 1];
        best[s] = c;
    }

    /// near miss: the candidate gets new memory after the selection, kept or not
    function retagAfter(uint256 n) external pure returns (bytes32) {
        Cand[3] memory best;
        for (uint256 t = 0; t < n; t++) {
            Cand memory c = Cand(_score(t), new uint256[](1), "x");
            for (uint256 s = 0; s < 3; s++) {
                if (c.score > best[s].score) {
                    for (uint256 u = 2; u > s; u--) best[u] = best[u - 1];
                    best[s] = c;
                    break;
                }
            }
            c.tag = string.concat("r", _digits(t));
            c.xs[0] = t;
        }
        return _digest(best);
    }

    /// near miss: an inner run stores the candidate, a later inner run gives it a new array
    function retagInner(uint256 n) external pure returns (bytes32) {
        Cand[3] memory best;
        for (uint256 t = 0; t < n; t++) {
            Cand memory c = Cand(_score(t), new uint256[](0), "y");
            for (uint256 s = 0; s < 3; s++) {
                if (s > 0) c.xs = new uint256[](s);
                if (c.score + s > best[s].score) {
                    for (uint256 u = 2; u > s; u--) best[u] = best[u - 1];
                    best[s] = c;
                }
            }
        }
        return _digest(best);
    }

    /// near miss: a helper keeps it
    function viaHelper(uint256 n) external pure returns (bytes32) {
        Cand[3] memory best;
        for (uint256 t = 0; t < n; t++) {
            Cand memory c = Cand(_score(t), new uint256[](t % 2), _digits(t));
            for (uint256 s = 0; s < 3; s++) {
                if (c.score > best[s].score) {
                    _insert(best, s, c);
                    break;
                }
            }
        }
        return _digest(best);
    }

    /// the kept one is a copy made in the branch, sharing the candidate's array
    function keepCopy(uint256 n) external pure returns (bytes32) {
        Cand[3] memory best;
        for (uint256 t = 0; t < n; t++) {
            Cand memory c = Cand(_score(t), new uint256[](2), _digits(t));
            if (c.score > 90) {
                best[2] = best[1];
                best[1] = Cand(c.score, c.xs, string.concat(c.tag, "!"));
            }
            c.xs[1] = t;
        }
        return _digest(best);
    }

    function _keepFresh(Cand[3] memory best, uint256 k, uint256 score) internal pure {
        best[k] = Cand(score, new uint256[](k + 1), string.concat("f", _digits(score)));
    }

    /// a helper that makes what it keeps: it stays, the candidate does not
    function helperMakes(uint256 n) external pure returns (bytes32) {
        Cand[3] memory best;
        for (uint256 t = 0; t < n; t++) {
            Cand memory c = Cand(_score(t), new uint256[](2), _digits(t));
            if (c.score % 5 == 2) {
                best[0] = best[1];
                _keepFresh(best, 1, c.score + c.xs.length);
            }
        }
        return _digest(best);
    }

    function _keepDerived(Cand[3] memory best, uint256 k, Cand memory c) internal pure {
        best[k] = Cand(c.score, new uint256[](k + 1), string.concat(c.tag, "d"));
    }

    /// near miss: only what the helper makes from the candidate is kept, made in the call
    function helperKeepsNew(uint256 n) external pure returns (bytes32) {
        Cand[3] memory best;
        for (uint256 t = 0; t < n; t++) {
            Cand memory c = Cand(_score(t), new uint256[](2), _digits(t));
            if (c.score % 5 == 2) _keepDerived(best, t % 3, c);
        }
        return _digest(best);
    }

    /// a `continue` before the selection, and the kept candidate's array written after it
    function skipsAndWrites(uint256 n) external pure returns (bytes32, uint256 skipped) {
        Cand[3] memory best;
        for (uint256 t = 0; t < n; t++) {
            Cand memory c = Cand(_score(t), new uint256[](2), "s");
            if (t % 4 == 1) {
                skipped++;
                continue;
            }
            for (uint256 s = 0; s < 3; s++) {
                if (c.score >= best[s].score) {
                    for (uint256 u = 2; u > s; u--) best[u] = best[u - 1];
                    best[s] = c;
                    break;
                }
            }
            c.xs[1] = t * 3;
        }
        return (_digest(best), skipped);
    }
}
