// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Inline assembly that is not memory-safe, so the runtime object starts with
/// `mstore(64, 128)` as solc's: writes past the free pointer that later allocations reuse,
/// an unaligned free pointer, storage / calldata / log builtins, returning Solidity-built
/// memory from assembly, and an internal function with assembly called in a loop.
contract InlineAsmUnsafe {
    uint256 public stored;
    mapping(uint256 => uint256) public m;

    event Raw(uint256 indexed tag, uint256 value);

    function dirtyThenAllocate(uint256 n) external pure returns (bytes memory b, uint256[] memory a) {
        require(n <= 40, "n");
        assembly {
            let p := mload(0x40)
            for { let i := 0 } lt(i, 8) { i := add(i, 1) } { mstore(add(p, mul(i, 0x20)), not(i)) }
        }
        b = new bytes(n);
        a = new uint256[](3);
        a[1] = n;
    }

    function unaligned(uint256 k) external pure returns (uint256 p0, uint256 p1, uint256[] memory xs) {
        assembly {
            p0 := mload(0x40)
            mstore(0x40, add(p0, 3))
        }
        xs = new uint256[](k % 5);
        assembly { p1 := mload(0x40) }
    }

    function storageAndLogs(uint256 x) external returns (uint256 r) {
        assembly {
            sstore(0, x) // `stored` is at slot 0
            mstore(0, x)
            log2(0, 0x20, 0x1234, caller())
        }
        r = stored + 1;
        m[x] = r;
    }

    function calldataBits(uint256 a, uint256 b) external pure returns (uint256 size, uint256 first, bytes4 sig) {
        assembly {
            size := calldatasize()
            first := calldataload(4)
            sig := calldataload(0)
        }
        first += b - a;
    }

    function returnFromAsm(uint256 n) external pure returns (uint256) {
        uint256[] memory a = new uint256[](n % 6);
        for (uint256 i = 0; i < a.length; i++) a[i] = i * 7;
        bytes memory enc = abi.encode(a);
        assembly { return(add(enc, 0x20), mload(enc)) }
    }

    function mix(uint256 x, uint256 y) internal pure returns (uint256 z) {
        assembly { z := xor(mul(x, 31), y) }
    }

    function loopCalls(uint256 n) external pure returns (uint256 acc) {
        for (uint256 i = 0; i < n % 10; i++) acc = mix(acc, i);
        if (acc == 0) revert("zero");
    }
}
