// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Structs laid out at offsets from the free pointer (unbounded runs) that a release keeps
/// while it cannot move them: the release keeps everything up to the free pointer, which must
/// then lie above them (packages/sol/src/lifetime/unbounded-runs.ts (R4)); and an array of
/// structs that a compaction must not move while its elements are being built
/// (compaction.ts (K7)).
contract UnboundedKeep {
    struct Rec { uint256 id; bytes data; }
    struct Pt { uint256 x; uint256 y; }
    struct Box { Pt p; bytes tag; }

    function touch(Pt memory p) internal pure returns (uint256) {
        return p.x + p.y;
    }

    /// a struct returned with the bytes one of its fields holds: their spans overlap
    function structWithItsBytes(uint256 n) public pure returns (bytes memory, Rec memory) {
        uint256[] memory tmp = new uint256[](n % 5 + 1);
        tmp[0] = n;
        bytes memory enc = abi.encode(tmp);
        Rec memory r = Rec(n + 1, enc);
        return (enc, r);
    }

    /// a struct whose inner struct is copied twice into a static array returned beside it
    function pairOfInner(uint256 n) public pure returns (Pt[2] memory, Box memory) {
        uint256 s;
        if (n == 7) s = touch(Pt(1, 2));
        Box memory b = Box(Pt(9 + n, 5 + s), new bytes(n % 3 + 1));
        b.tag[0] = bytes1(uint8(65 + n % 26));
        return ([b.p, b.p], b);
    }

    /// a static array of structs built once the temporaries before it are dead: the array is
    /// allocated (not zeroed) before its elements, and is no graph to move until they are stored
    function literalOfStructs(uint256 n) public pure returns (uint256 h, Pt[2] memory r) {
        uint256[3] memory a = [n, n + 1, n + 2];
        h = uint256(keccak256(abi.encode(n, "scratch")));
        h = uint256(keccak256(abi.encode(h)));
        r = [Pt(a[0], h % 7), Pt(a[2], 0)];
    }

    /// the same in a loop: each iteration's record is returned by the last one
    function lastRecord(uint256 n) public pure returns (bytes memory enc, Rec memory r) {
        for (uint256 i = 0; i <= n; i++) {
            uint256[] memory tmp = new uint256[](i % 3 + 1);
            tmp[tmp.length - 1] = i;
            enc = abi.encode(tmp);
            r = Rec(i, enc);
        }
    }
}
