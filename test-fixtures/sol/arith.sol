// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Value-type arithmetic: checked and unchecked, overflow / division panics, shifts,
/// bit operations, signed operations and conversions between widths.
contract Arith {
    function addU8(uint8 a, uint8 b) external pure returns (uint8) { return a + b; }
    function subU256(uint256 a, uint256 b) external pure returns (uint256) { return a - b; }
    function mulU64(uint64 a, uint64 b) external pure returns (uint64) { return a * b; }
    function divMod(uint256 a, uint256 b) external pure returns (uint256 q, uint256 r) { q = a / b; r = a % b; }
    function uncheckedOps(uint8 a, uint8 b) external pure returns (uint8 s, uint8 d, uint8 p) {
        unchecked { s = a + b; d = a - b; p = a * b; }
    }
    function signedOps(int16 a, int16 b) external pure returns (int16 s, int16 q, int16 r, int16 neg) {
        s = a + b;
        q = a / b;
        r = a % b;
        neg = -a;
    }
    function signedDivMin(int256 a) external pure returns (int256) { return a / -1; }
    function pow(uint256 b, uint8 e) external pure returns (uint256) { return b ** e; }
    function powSmall(uint8 b, uint8 e) external pure returns (uint8) { return b ** e; }
    function shifts(uint256 a, uint8 s) external pure returns (uint256 l, uint256 r, int256 sar, uint16 narrow) {
        l = a << s;
        r = a >> s;
        sar = int256(a) >> s;
        narrow = uint16(a) << s;
    }
    function bits(uint32 a, uint32 b) external pure returns (uint32 andv, uint32 orv, uint32 xorv, uint32 notv) {
        andv = a & b;
        orv = a | b;
        xorv = a ^ b;
        notv = ~a;
    }
    function conversions(uint256 a) external pure returns (uint8 lo, int8 slo, bytes32 b, bytes4 hi, address addr, uint160 back) {
        lo = uint8(a);
        slo = int8(int256(a));
        b = bytes32(a);
        hi = bytes4(b);
        addr = address(uint160(a));
        back = uint160(addr);
    }
    function signExtend(int8 a) external pure returns (int256 wide, uint256 asU) {
        wide = a;
        asU = uint256(int256(a));
    }
    function compare(int32 a, int32 b) external pure returns (bool lt, bool le, bool eq, bool ne, bool ge, bool gt) {
        return (a < b, a <= b, a == b, a != b, a >= b, a > b);
    }
    function compound(uint128 x) external pure returns (uint128) {
        x += 3;
        x *= 2;
        x -= 1;
        x /= 3;
        x %= 1000;
        x <<= 2;
        x |= 1;
        x ^= 0xff;
        x &= 0xfff;
        x >>= 1;
        return x;
    }
    function incDec(uint8 a) external pure returns (uint8 pre, uint8 post, uint8 after_) {
        pre = ++a;
        post = a++;
        after_ = a;
        a--;
        --a;
    }
    function minMax() external pure returns (uint64, int64, int64) {
        return (type(uint64).max, type(int64).min, type(int64).max);
    }
}
