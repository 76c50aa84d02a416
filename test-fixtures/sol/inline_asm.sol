// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Inline assembly that is memory-safe (the `("memory-safe")` flag or the older natspec
/// comment): locals read and assigned from assembly (value types, narrow types holding
/// dirty bits, memory pointers), scratch space, the free pointer read and bumped by hand,
/// return / revert from assembly, and Yul control flow and functions inside the block.
/// The constructor's block is not memory-safe: its object's free pointer starts without
/// memoryguard, as solc does.
contract InlineAsm {
    uint256 public seed;

    error Bad(uint256 code);

    constructor() {
        uint256 v;
        assembly { v := add(mload(0x40), 7) }
        seed = v;
    }

    function addLocals(uint256 a, uint256 b) external pure returns (uint256 r, uint256 a2) {
        assembly ("memory-safe") {
            let t := add(a, b)
            r := mul(t, 2)
            a := sub(a, 1)
        }
        a2 = a;
    }

    /// Values assembled with bits outside their type: Solidity reads them cleaned.
    function narrow(uint256 x) external pure returns (uint8 r, bool b, address ad, bytes1 c, uint256 wide, int8 s) {
        assembly ("memory-safe") {
            r := x
            b := x
            ad := not(x)
            c := x
            s := x
        }
        wide = uint256(r) + 1;
    }

    function narrowChecked(uint256 x) external pure returns (uint8 r) {
        assembly ("memory-safe") { r := x }
        r += 1;
    }

    function sumArray(uint256[] memory arr) external pure returns (uint256 s, uint256 n) {
        assembly ("memory-safe") {
            n := mload(arr)
            for { let i := 0 } lt(i, n) { i := add(i, 1) } {
                s := add(s, mload(add(add(arr, 0x20), mul(i, 0x20))))
            }
        }
    }

    function firstElem(uint256 k) external pure returns (uint256 v) {
        uint256[] memory a = new uint256[](3);
        a[0] = k;
        a[1] = k * 2;
        assembly ("memory-safe") { v := add(mload(add(a, 0x20)), mload(add(a, 0x40))) }
    }

    function scratch(uint256 a, uint256 b) external pure returns (bytes32 h, bool same) {
        assembly ("memory-safe") {
            mstore(0, a)
            mstore(0x20, b)
            h := keccak256(0, 0x40)
        }
        same = h == keccak256(abi.encode(a, b));
    }

    function freePointer(uint256 n) external pure returns (uint256 before, uint256 afterAlloc, uint256 len) {
        assembly ("memory-safe") { before := mload(0x40) }
        uint256[] memory a = new uint256[](n);
        /// @solidity memory-safe-assembly
        assembly { afterAlloc := mload(0x40) }
        len = a.length;
    }

    /// An array allocated by bumping the free pointer in assembly, then used from Solidity.
    function bumpAlloc(uint256 n) external pure returns (uint256[] memory out, uint256 total) {
        require(n < 50, "too big");
        assembly ("memory-safe") {
            out := mload(0x40)
            mstore(out, n)
            for { let i := 0 } lt(i, n) { i := add(i, 1) } {
                mstore(add(add(out, 0x20), mul(i, 0x20)), mul(i, i))
            }
            mstore(0x40, add(out, mul(add(n, 1), 0x20)))
        }
        uint256[] memory other = new uint256[](2);
        other[0] = 5;
        for (uint256 i = 0; i < out.length; i++) total += out[i];
        total += other[0];
    }

    function earlyReturn(uint256 x) external pure returns (uint256) {
        assembly ("memory-safe") {
            if gt(x, 10) {
                mstore(0, add(x, 1000))
                return(0, 32)
            }
        }
        return x;
    }

    function asmRevert(uint256 x) external pure returns (uint256) {
        assembly ("memory-safe") {
            if eq(x, 1) { revert(0, 0) }
            if eq(x, 2) {
                mstore(0, shl(224, 0xdeadbeef))
                mstore(4, x)
                revert(0, 0x24)
            }
        }
        if (x == 3) revert Bad(x);
        return x * 3;
    }

    function switchAndFunctions(uint256 x) external pure returns (uint256 r) {
        assembly ("memory-safe") {
            function sq(v) -> w { w := mul(v, v) }
            function clamp(v, hi) -> w {
                w := v
                if gt(v, hi) {
                    w := hi
                    leave
                }
                w := add(w, 1)
            }
            switch mod(x, 3)
            case 0 { r := sq(x) }
            case 1 { r := clamp(x, 20) }
            default {
                let i := 0
                for { } 1 { } {
                    i := add(i, 1)
                    if gt(i, 4) { break }
                    if eq(i, 2) { continue }
                    r := add(r, i)
                }
            }
        }
    }

    function strBytes(string memory s) external pure returns (uint256 l, bytes1 first, bytes32 lit) {
        assembly ("memory-safe") {
            l := mload(s)
            first := mload(add(s, 0x20))
            mstore(0, "a$0 \"q\" x")
            lit := mload(0)
        }
    }

    /// A memory pointer reassigned in assembly (to another allocation), then used from Solidity.
    function repoint(uint256 k) external pure returns (uint256[] memory a, uint256 b0) {
        a = new uint256[](1);
        uint256[] memory b = new uint256[](2);
        b[0] = k;
        b[1] = k + 1;
        assembly ("memory-safe") { a := b }
        a[0] += 1;
        b0 = b[0];
    }

    function nestedBlocks(uint256 x) external pure returns (uint256 r) {
        for (uint256 i = 0; i < 3; i++) {
            assembly ("memory-safe") {
                let y := add(x, i)
                {
                    let z := mul(y, 2)
                    r := add(r, z)
                }
            }
        }
        assembly ("memory-safe") { let y := 1 r := add(r, y) }
    }
}
