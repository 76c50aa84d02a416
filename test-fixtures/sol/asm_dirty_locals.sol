// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Narrow locals that inline assembly assigns a dirty word: the variable keeps the raw word
/// (a later block reads it unchanged), Solidity code reads it cleaned, as solc does.
contract AsmDirtyLocals {
    event Seen(uint8 x, bool b, int8 s);

    function rawBack(uint256 n) external pure returns (uint256 r) {
        uint8 x;
        assembly { x := add(n, 0x100) }
        assembly { r := x }
    }

    function solidityReads(uint256 n) external pure returns (uint256 sum, bool big, bytes memory enc) {
        uint8 x;
        assembly { x := add(n, 0x1f0) }
        sum = uint256(x) + 1;
        big = x > 200;
        enc = abi.encode(x);
    }

    function kinds(uint256 n) external pure returns (uint256 rb, uint256 rs, uint256 ra, bool b, int8 s, address a, bytes1 c) {
        assembly {
            b := add(n, 2)
            s := add(n, 0x80)
            a := not(n)
            c := add(shl(248, 0x41), n)
        }
        assembly {
            rb := b
            rs := s
            ra := a
        }
    }

    function inLoop(uint256 n) external returns (uint256 acc) {
        uint8 x = 1;
        for (uint256 i = 0; i < n % 5 + 2; i++) {
            acc = acc * 1000 + x;
            assembly { x := add(x, 0xff) }
            emit Seen(x, x > 100, int8(int256(uint256(x))));
        }
        assembly { acc := add(acc, x) }
    }

    function namedReturn(uint256 n) external pure returns (uint8 r) {
        assembly { r := add(n, 0x1ff) }
    }
}
