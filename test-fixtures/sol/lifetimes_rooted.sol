// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Loops whose survivors are the arrays an older struct's fields hold: a helper or the loop
/// replaces them with larger copies while each iteration builds temporaries.
contract LifetimesRooted {
    struct Cols {
        uint256[] keys;
        uint256[] sums;
        bytes tags;
        uint256 size;
        uint256 used;
    }

    struct Pair {
        uint256[] x;
        uint256[] y;
    }

    struct Cursor {
        uint256[] cur;
        uint256 hits;
    }

    function _grow(Cols memory c) private pure {
        uint256 cap = c.keys.length * 2;
        uint256[] memory k2 = new uint256[](cap);
        uint256[] memory s2 = new uint256[](cap);
        for (uint256 i; i < c.size; i++) {
            k2[i] = c.keys[i];
            s2[i] = c.sums[i];
        }
        c.keys = k2;
        c.sums = s2;
    }

    function _push(Cols memory c, uint256 key, bytes memory tag) private pure {
        if (c.size == c.keys.length) _grow(c);
        c.keys[c.size] = key;
        c.sums[c.size] = (c.size == 0 ? 0 : c.sums[c.size - 1]) + key;
        c.size++;
        if (c.used + tag.length > c.tags.length) {
            bytes memory more = new bytes(c.tags.length * 2 + tag.length);
            for (uint256 i; i < c.used; i++) more[i] = c.tags[i];
            c.tags = more;
        }
        for (uint256 i; i < tag.length; i++) c.tags[c.used++] = tag[i];
    }

    /// Three members grown by helpers, a temporary tag each iteration.
    function columns(uint256 n) external pure returns (uint256 last, bytes32 h) {
        Cols memory c;
        c.keys = new uint256[](1);
        c.sums = new uint256[](1);
        c.tags = new bytes(4);
        for (uint256 i; i < n; i++) {
            bytes memory tag = abi.encodePacked(uint16(i * 7 + 1), "|");
            _push(c, uint256(keccak256(tag)) % 1000, tag);
        }
        last = c.size == 0 ? 0 : c.sums[c.size - 1];
        h = keccak256(abi.encodePacked(c.keys.length, c.size, c.used, c.tags));
    }

    /// A member replaced in the loop body itself, next to a temporary string.
    function direct(uint256 n) external pure returns (uint256 total, bytes32 h) {
        Cursor memory q;
        q.cur = new uint256[](2);
        uint256 len;
        for (uint256 i; i < n; i++) {
            string memory label = string.concat("item-", string(abi.encodePacked(bytes1(uint8(65 + (i % 26))))));
            if (len == q.cur.length) {
                uint256[] memory bigger = new uint256[](len * 2 + 1);
                for (uint256 k; k < len; k++) bigger[k] = q.cur[k];
                q.cur = bigger;
            }
            q.cur[len++] = bytes(label).length + i;
            q.hits += bytes(label)[5] == "A" ? 1 : 0;
        }
        for (uint256 k; k < len; k++) total += q.cur[k];
        h = keccak256(abi.encodePacked(q.cur, q.hits));
    }

    /// Two fields holding one array: it moves once and both see the move.
    function shared(uint256 n) external pure returns (uint256 sx, uint256 sy) {
        Pair memory p;
        p.x = new uint256[](1);
        p.y = p.x;
        for (uint256 i; i < n; i++) {
            uint256[] memory scratch = new uint256[](i % 7 + 1);
            scratch[0] = i;
            if (i % 3 == 0) {
                uint256[] memory f = new uint256[](i % 5 + 1);
                f[0] = scratch[0] + p.x[0];
                p.x = f;
                p.y = f;
            }
            p.x[p.x.length - 1] += i;
            sy += p.y[0] + p.y[p.y.length - 1];
        }
        sx = p.x[0] + p.x.length;
    }

    /// A field switched back and forth between an array older than the loop and new ones.
    function older(uint256 n) external pure returns (uint256 s) {
        uint256[] memory base = new uint256[](3);
        base[1] = 5;
        Cursor memory q;
        q.cur = base;
        for (uint256 i; i < n; i++) {
            bytes memory tmp = abi.encodePacked(i, i + 1);
            if (i % 4 == 0) q.cur = base;
            else {
                uint256[] memory f = new uint256[](i % 3 + 2);
                f[1] = q.cur[1] + tmp.length;
                q.cur = f;
            }
            q.cur[0] += i;
            s += q.cur[0] + q.cur[1];
        }
        s += base[0];
    }

    /// The root is a static array of dynamic arrays, its rows replaced in turn.
    function rows(uint256 n) external pure returns (uint256 s) {
        uint256[][3] memory r;
        for (uint256 i; i < n; i++) {
            uint256 k = i % 3;
            bytes memory tmp = abi.encode(i);
            uint256[] memory row = new uint256[](r[k].length + 1);
            for (uint256 j; j < r[k].length; j++) row[j] = r[k][j];
            row[row.length - 1] = uint256(keccak256(tmp)) % 1000 + k;
            r[k] = row;
        }
        for (uint256 k; k < 3; k++) for (uint256 j; j < r[k].length; j++) s += r[k][j] * (k + 1);
    }
}
