// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Memory-safe inline assembly that reads the free pointer: blocks that keep its value to
/// themselves (scratch hashing above it, allocating by moving it into a bytes or uint256[]
/// local) leave their callers to the lifetime passes; blocks that let the program see where
/// it lies (a value returned, a branch on it, a value stored into memory, read inside a
/// function of the block, 0x40 set past another object) keep the callers as solc lays them out.
contract LifetimesAsmFreePointer {
    /// `len` bytes at the free pointer, which moves past them; the tail of the last word cleared
    function rawBytes(uint256 len) internal pure returns (bytes memory out) {
        assembly ("memory-safe") {
            out := mload(0x40)
            mstore(out, len)
            let words := shr(5, add(len, 31))
            if words { mstore(add(out, shl(5, words)), 0) }
            mstore(0x40, add(add(out, 0x20), shl(5, words)))
        }
    }

    /// an array of `k` values a + i, allocated and filled in assembly
    function rawRange(uint256 k, uint256 a) internal pure returns (uint256[] memory out) {
        assembly ("memory-safe") {
            out := mload(0x40)
            mstore(out, k)
            let end := add(add(out, 0x20), shl(5, k))
            for { let p := add(out, 0x20) } lt(p, end) { p := add(p, 0x20) } {
                mstore(p, add(a, shr(5, sub(p, add(out, 0x20)))))
            }
            mstore(0x40, end)
        }
    }

    /// two words hashed in the scratch space at the free pointer, which stays where it is
    function scratchHash(bytes32 a, uint256 b) internal pure returns (bytes32 h) {
        assembly ("memory-safe") {
            let p := mload(0x40)
            mstore(p, a)
            mstore(add(p, 0x20), b)
            h := keccak256(p, 0x40)
        }
    }

    function decimal(uint256 v) internal pure returns (bytes memory s) {
        uint256 d = 1;
        for (uint256 t = v / 10; t != 0; t /= 10) d++;
        s = rawBytes(d);
        for (uint256 i = d; i > 0; i--) {
            s[i - 1] = bytes1(uint8(48 + (v % 10)));
            v /= 10;
        }
    }

    /// temporaries from assembly each iteration, none kept
    function digits(uint256 n) external pure returns (bytes32 h, uint256 total) {
        for (uint256 i = 0; i < n; i++) {
            bytes memory s = decimal(i * 7919);
            total += s.length;
            h = keccak256(abi.encodePacked(h, s));
        }
    }

    /// a survivor from assembly carried across iterations and moved down over the temporaries
    function carried(uint256 n) external pure returns (bytes memory last, uint256 sum) {
        last = rawBytes(0);
        for (uint256 i = 0; i < n; i++) {
            uint256[] memory r = rawRange(i % 5 + 1, i);
            for (uint256 j = 0; j < r.length; j++) sum += r[j];
            if (i % 3 == 0) last = bytes.concat(last, decimal(r[r.length - 1]));
            if (last.length > 40) last = decimal(sum);
        }
    }

    /// scratch hashing above the free pointer while a literal and a kept string are live
    function scratch(uint256 n) external pure returns (bytes32 h, bytes memory keep) {
        keep = "";
        for (uint256 i = 0; i < n; i++) {
            bytes memory tmp = abi.encodePacked(h, i, keep);
            h = scratchHash(keccak256(tmp), i);
            if (uint8(h[0]) < 40) keep = decimal(uint256(h) % 100000);
            h = scratchHash(h, keep.length);
        }
    }

    /// assembly-made strings stored into an older array, a few kept
    function table(uint256 n) external pure returns (bytes memory out) {
        bytes[4] memory recent;
        for (uint256 i = 0; i < n; i++) recent[i % 4] = decimal(i * i);
        out = bytes.concat(recent[0], ",", recent[1], ",", recent[2], ",", recent[3]);
    }

    // ---- blocks that let the program see the free pointer -------------------------------
    // (each in a helper, called after the caller's loop made and dropped temporaries: a
    // caller released as if the block hid the pointer would give other results than solc)

    function fpNow() internal pure returns (uint256 p) {
        assembly ("memory-safe") { p := mload(0x40) }
    }

    /// the free pointer's value returned
    function seen(uint256 n) external pure returns (uint256 used, uint256 total) {
        uint256 before = fpNow();
        for (uint256 i = 0; i < n; i++) total += decimal(i).length;
        used = fpNow() - before;
    }

    function far() internal pure returns (uint256 f) {
        assembly ("memory-safe") { if gt(mload(0x40), 0x400) { f := 1 } }
    }

    /// a branch on where the free pointer lies
    function branch(uint256 n) external pure returns (uint256 hits) {
        for (uint256 i = 0; i < n; i++) hits += far() + decimal(i * 31).length;
    }

    function stash(uint256[] memory cell) internal pure {
        assembly ("memory-safe") { mstore(add(cell, 0x20), mload(0x40)) }
    }

    /// the free pointer stored into memory as a value, then read back
    function stored(uint256 n) external pure returns (uint256 v) {
        uint256[] memory cell = new uint256[](1);
        for (uint256 i = 0; i < n; i++) {
            v += decimal(i).length;
            stash(cell);
            v += cell[0] % 1000;
        }
    }

    function lowByte() internal pure returns (uint256 w) {
        assembly ("memory-safe") {
            function fp() -> p { p := mload(0x40) }
            w := and(fp(), 0xff)
        }
    }

    /// read inside a function of the block
    function inFunction(uint256 n) external pure returns (uint256 v) {
        for (uint256 i = 0; i < n; i++) v += decimal(i).length + lowByte();
    }

    function bumpTo(bytes memory s) internal pure {
        assembly ("memory-safe") { mstore(0x40, add(s, 0x40)) }
    }

    /// 0x40 set from another object: the block makes that object's end the free pointer
    function bumpPast(uint256 n) external pure returns (bytes32 h) {
        for (uint256 i = 0; i < n; i++) {
            bytes memory s = decimal(i + 1000);
            bytes memory t = decimal(i);
            bumpTo(s);
            h = keccak256(abi.encodePacked(h, s, t, decimal(i * 3)));
        }
    }
}
