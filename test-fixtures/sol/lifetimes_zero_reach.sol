// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Arrays of structs handed to a helper inside a container: the helper loads the array from
/// the container and writes an element in place, so the elements must stay apart (one zero
/// element shared by every slot would show the write in all of them).
contract ZeroReach {
    struct Level {
        uint256 price;
        uint256 qty;
    }

    struct Side {
        Level[] levels;
        uint256 touched;
    }

    function _bump(Side memory s, uint256 k) internal pure {
        s.levels[k].qty += 1;
        s.touched++;
    }

    function _bumpNested(Level[][] memory rows, uint256 r, uint256 k) internal pure {
        rows[r][k].price += 7;
    }

    function _readOnly(Side memory s) internal pure returns (uint256 sum) {
        for (uint256 k; k < s.levels.length; k++) sum += s.levels[k].qty;
    }

    /// The array inside a struct the helper is given.
    function inStruct(uint256 n) external pure returns (uint256 a, uint256 b, uint256 total) {
        Side memory s = Side(new Level[](3), 0);
        _bump(s, n % 3);
        total = _readOnly(s);
        a = s.levels[0].qty;
        b = s.levels[(n + 1) % 3].qty + s.touched;
    }

    /// The array inside an array of arrays the helper is given.
    function inRows(uint256 n) external pure returns (uint256 a, uint256 b) {
        Level[][] memory rows = new Level[][](2);
        rows[0] = new Level[](2);
        rows[1] = new Level[](2);
        _bumpNested(rows, n % 2, 0);
        a = rows[0][0].price + rows[1][0].price;
        b = rows[0][1].price + rows[1][1].price;
    }

    /// Only read through the container: the result is the same whichever way it is laid out.
    function readOnly(uint256 n) external pure returns (uint256) {
        Side memory s = Side(new Level[](n % 5 + 1), 0);
        s.levels[0] = Level(n, n + 1);
        return _readOnly(s);
    }
}
