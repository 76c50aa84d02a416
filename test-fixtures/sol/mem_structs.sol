// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Memory structs: literals (positional and named), default (zeroed) structs, nested
/// structs, structs holding arrays and strings, arrays of structs, structs passed to and
/// returned from internal functions, struct ABI encoding of returns and parameters.
contract MemStructs {
    struct Point {
        int64 x;
        int64 y;
    }
    struct Segment {
        Point a;
        Point b;
        string name;
    }
    struct Bag {
        uint256[] items;
        bytes32 tag;
        bool open;
    }

    function mid(Segment memory s) internal pure returns (Point memory) {
        return Point((s.a.x + s.b.x) / 2, (s.a.y + s.b.y) / 2);
    }

    function segment(int64 x1, int64 y1, int64 x2, int64 y2) external pure returns (Segment memory s, Point memory m) {
        s = Segment({a: Point(x1, y1), b: Point({y: y2, x: x2}), name: "seg"});
        m = mid(s);
    }

    function zeroed() external pure returns (Segment memory s, Bag memory b) {
        return (s, b);
    }

    function bag(uint256 n) external pure returns (Bag memory b) {
        b.items = new uint256[](n % 5);
        for (uint256 i = 0; i < b.items.length; i++) b.items[i] = i + 1;
        b.tag = keccak256(abi.encode(n));
        b.open = n % 2 == 1;
    }

    function points(uint256 n) external pure returns (Point[] memory ps, int64 sumX) {
        ps = new Point[](n % 6);
        for (uint256 i = 0; i < ps.length; i++) {
            ps[i] = Point(int64(int256(i)) - 2, int64(int256(i * i)));
            sumX += ps[i].x;
        }
    }

    function aliasing() external pure returns (int64, int64) {
        Point memory p = Point(1, 2);
        Point memory q = p;
        q.x = 10;
        Point[2] memory arr = [p, q];
        arr[1].y = 20;
        return (p.x, p.y);
    }

    function perimeter(Point[] calldata poly) external pure returns (uint256 total) {
        for (uint256 i = 0; i + 1 < poly.length; i++) {
            int256 dx = int256(poly[i + 1].x) - poly[i].x;
            int256 dy = int256(poly[i + 1].y) - poly[i].y;
            total += uint256(dx < 0 ? -dx : dx) + uint256(dy < 0 ? -dy : dy);
        }
    }

    function takeSeg(Segment calldata s) external pure returns (Segment memory copy, uint256 nameLen) {
        copy = s;
        nameLen = bytes(copy.name).length;
        copy.a.x += 1;
    }

    // a member named `length` is the struct's, not an array length
    struct Buf { uint256[] data; uint256 length; }

    function bufLength(uint256 n) external pure returns (uint256, uint256) {
        Buf memory b = Buf(new uint256[](n % 7 + 1), 0);
        for (uint256 i = 0; i < b.data.length; i++) { b.data[i] = i * 3; b.length++; }
        b.length += b.data.length;
        return (b.length, b.data[b.length / 2 - 1]);
    }
}
