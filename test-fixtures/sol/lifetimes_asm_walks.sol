// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Inline assembly that walks the memory it is given (assigning the parameter itself), compares
/// places in one object, keeps an end address in scratch space, and allocates a copy at a
/// distance from its source; near misses let the program see where memory lies (an address
/// as a value, a gap between two objects, an address stored into values, hashed from scratch
/// space or read out of an array of arrays), after loops whose temporaries the lifetime
/// passes would otherwise give back.
contract LifetimesAsmWalks {
    /// how many bytes of `s` equal `b`: the block walks `s` itself, read by nothing after it
    function countByte(bytes memory s, uint8 b) internal pure returns (uint256 n) {
        assembly ("memory-safe") {
            let end := add(add(s, 0x20), mload(s))
            for { s := add(s, 0x20) } lt(s, end) { s := add(s, 1) } {
                if eq(byte(0, mload(s)), b) { n := add(n, 1) }
            }
        }
    }

    /// the first index of `b` in `s`: a difference of two places in `s`
    function indexOfByte(bytes memory s, uint8 b) internal pure returns (uint256 at) {
        assembly ("memory-safe") {
            let start := add(s, 0x20)
            let end := add(start, mload(s))
            at := not(0)
            for { let p := start } iszero(eq(p, end)) { p := add(p, 1) } {
                if eq(byte(0, mload(p)), b) {
                    at := sub(p, start)
                    break
                }
            }
        }
    }

    /// a copy of `s` with each `from` byte replaced by `to`, allocated by moving the free
    /// pointer; the block keeps the distance from `s` to the copy, and the end of `s` in
    /// scratch space
    function replaceByte(bytes memory s, uint8 from, uint8 to) internal pure returns (bytes memory r) {
        assembly ("memory-safe") {
            r := mload(0x40)
            let len := mload(s)
            mstore(r, len)
            let d := sub(r, s)
            mstore(0x00, add(add(s, 0x20), len))
            for { let p := add(s, 0x20) } lt(p, mload(0x00)) { p := add(p, 1) } {
                let c := byte(0, mload(p))
                if eq(c, from) { c := to }
                mstore8(add(p, d), c)
            }
            mstore(add(add(r, 0x20), len), 0)
            mstore(0x40, add(add(r, 0x20), and(add(len, 31), not(31))))
        }
    }

    /// `v`'s low 32 bytes as 64 hex digits, written backwards; the loop ends on `iszero(xor(p, start))`
    function hexBackwards(uint256 v) internal pure returns (string memory r) {
        assembly ("memory-safe") {
            r := mload(0x40)
            let start := add(r, 0x20)
            let p := add(start, 64)
            mstore(0x40, p)
            mstore(r, 64)
            mstore(0x0f, 0x30313233343536373839616263646566)
            for {} 1 {} {
                p := sub(p, 1)
                mstore8(p, mload(and(v, 15)))
                v := shr(4, v)
                if iszero(xor(p, start)) { break }
            }
        }
    }

    function walks(uint256 n) external pure returns (uint256 total, bytes32 h) {
        for (uint256 i = 0; i < n; i++) {
            bytes memory s = abi.encodePacked(keccak256(abi.encode(i)), uint64(i));
            total += countByte(s, uint8(i));
            uint256 at = indexOfByte(s, uint8(i % 7));
            if (at != type(uint256).max) total += at;
            h = keccak256(abi.encodePacked(h, s.length, total));
        }
    }

    function copies(uint256 n) external pure returns (bytes32 h, bytes memory last) {
        for (uint256 i = 0; i < n; i++) {
            bytes memory hexed = bytes(hexBackwards(i * 7919 + 1));
            bytes memory r = replaceByte(hexed, 0x30, 0x5f);
            h = keccak256(abi.encodePacked(h, r, hexed));
            if (i % 5 == 0) last = r;
        }
    }

    /// decimal digits written through an address a value-typed local carries between blocks
    /// (as OpenZeppelin's toString): the program itself only moves it
    function digits(uint256 value) internal pure returns (string memory) {
        uint256 length = 1;
        for (uint256 v = value; v >= 10; v /= 10) length++;
        string memory buffer = new string(length);
        uint256 ptr;
        assembly ("memory-safe") { ptr := add(add(buffer, 0x20), length) }
        while (true) {
            ptr--;
            assembly ("memory-safe") { mstore8(ptr, add(48, mod(value, 10))) }
            value /= 10;
            if (value == 0) break;
        }
        return buffer;
    }

    function decimals(uint256 n) external pure returns (bytes32 h, string memory last) {
        for (uint256 i = 0; i < n; i++) {
            string memory d = digits(i * 7777);
            h = keccak256(abi.encodePacked(h, d));
            if (i % 4 == 0) last = d;
        }
    }

    /// a walked parameter read after the block: it still points into its object
    function skipWord(bytes memory s) internal pure returns (uint256) {
        assembly ("memory-safe") {
            s := add(s, 0x20)
        }
        return s.length;
    }

    function walkedThenRead(uint256 n) external pure returns (uint256 total) {
        for (uint256 i = 0; i < n; i++) {
            bytes memory s = abi.encodePacked(keccak256(abi.encode(i)), keccak256(abi.encode(i + 1)));
            total += skipWord(s) % 1000;
        }
    }

    /// temporaries a loop drops, before the near misses look at addresses
    function churn(uint256 n) internal pure returns (bytes32 h) {
        for (uint256 i = 0; i < n; i++) h = keccak256(abi.encodePacked(h, abi.encode(i, h)));
    }

    function addressOf(bytes memory a) internal pure returns (uint256 x) {
        assembly ("memory-safe") { x := a }
    }

    function seenAddress(uint256 n) external pure returns (uint256) {
        churn(n);
        return addressOf(abi.encodePacked(n));
    }

    /// an address carried in a local the program reads: a value
    function carriedAndRead(bytes memory a) internal pure returns (uint256) {
        uint256 p;
        assembly ("memory-safe") { p := a }
        p += 32;
        return p - 32;
    }

    function seenCarried(uint256 n) external pure returns (uint256) {
        churn(n);
        return carriedAndRead(abi.encodePacked(n));
    }

    function gap(bytes memory a, bytes memory b) internal pure returns (uint256 g) {
        assembly ("memory-safe") { g := sub(b, a) }
    }

    function seenGap(uint256 n) external pure returns (uint256) {
        bytes memory a = abi.encodePacked(n);
        bytes32 h = churn(n);
        bytes memory b = abi.encodePacked(h);
        return gap(a, b);
    }

    function stash(uint256[] memory into, bytes memory a) internal pure {
        assembly ("memory-safe") { mstore(add(into, 0x20), a) }
    }

    function seenStored(uint256 n) external pure returns (uint256) {
        uint256[] memory into = new uint256[](1);
        churn(n);
        stash(into, abi.encodePacked(n));
        return into[0];
    }

    function hashedAddress(bytes memory a) internal pure returns (bytes32 h) {
        assembly ("memory-safe") {
            mstore(0x00, a)
            h := keccak256(0x00, 0x20)
        }
    }

    function seenHashed(uint256 n) external pure returns (bytes32) {
        churn(n);
        return hashedAddress(abi.encodePacked(n));
    }

    /// an address one block leaves in scratch space and a later block reads back
    function leaveInScratch(bytes memory a) internal pure {
        assembly ("memory-safe") { mstore(0x00, a) }
    }

    function readScratch() internal pure returns (uint256 x) {
        assembly ("memory-safe") { x := mload(0x00) }
    }

    function seenScratchLater(uint256 n) external pure returns (uint256) {
        churn(n);
        leaveInScratch(abi.encodePacked(n));
        return readScratch();
    }

    function firstRow(bytes[] memory rows) internal pure returns (uint256 p) {
        assembly ("memory-safe") { p := mload(add(rows, 0x20)) }
    }

    function seenLoaded(uint256 n) external pure returns (uint256) {
        churn(n);
        bytes[] memory rows = new bytes[](2);
        rows[0] = abi.encodePacked(n);
        return firstRow(rows);
    }
}
