// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Constants read in inline assembly: solc inlines each one's value as a word — numbers in
// two's complement, bytesN left-aligned (from a number or a string), bool and address
// literals, through constants named by another constant, of the contract and file level.
uint256 constant FILE_MASK = 0xffffffff | (1 << 0x22) | (1 << 0x5c);

bytes16 constant HEX_DIGITS = "0123456789abcdef";

contract AsmConstants {
    bytes4 constant SEL = 0x12345678;
    bytes32 constant TAG = "tag";
    bytes2 constant TWO = hex"abcd";
    bool constant YES = true;
    address constant WHO = 0x00000000000000000000000000000000DeaDBeef;
    uint256 constant ALIAS = FILE_MASK;
    int256 constant NEG = -7 * 3;
    int8 constant MINUS = -3;

    /// the decimal digits of x written with a table constant, as a string
    function digits(uint256 x) external pure returns (string memory s) {
        s = new string(78);
        assembly {
            let end := add(add(s, 0x20), 78)
            let p := end
            for {} 1 {} {
                p := sub(p, 1)
                mstore8(p, byte(mod(x, 10), HEX_DIGITS))
                x := div(x, 10)
                if iszero(x) { break }
            }
            let n := sub(end, p)
            mcopy(add(s, 0x20), p, n)
            mstore(s, n)
        }
    }

    function words(uint256 x) external pure returns (bytes32 a, bytes32 b, bytes32 c, uint256 d, uint256 e, int256 f, int256 g) {
        assembly {
            a := or(SEL, x)
            b := TAG
            c := TWO
            d := add(YES, WHO)
            e := and(ALIAS, x)
            f := NEG
            g := sdiv(MINUS, 1)
        }
    }

    function lookup(uint256 c) external pure returns (bool) {
        bool r;
        assembly { r := and(shr(and(c, 0xff), FILE_MASK), 1) }
        return r;
    }
}
