// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// bytes and string in memory: literals (short, exactly 32, long, escapes, hex), length,
/// index reads and writes (Panic 0x32 out of bounds), bytesN conversions, string.concat and
/// bytes.concat, building strings byte by byte, comparing by hash.
contract BytesStrings {
    function literals() external pure returns (string memory a, string memory b, string memory c, bytes memory d) {
        a = "";
        b = "exactly thirty-two bytes long!!!";
        c = "a longer literal that spans more than one word of memory, with \"escapes\"\n\ttoo";
        d = hex"00ff10";
    }

    function at(string memory s, uint256 i) external pure returns (bytes1) {
        return bytes(s)[i];
    }

    function upper(string memory s) external pure returns (string memory) {
        bytes memory b = bytes(s);
        for (uint256 i = 0; i < b.length; i++) {
            if (b[i] >= 0x61 && b[i] <= 0x7a) b[i] = bytes1(uint8(b[i]) - 32);
        }
        return string(b);
    }

    function concat(string memory a, string memory b) external pure returns (string memory, uint256) {
        string memory c = string.concat(a, "-", b, "");
        return (c, bytes(c).length);
    }

    function concatBytes(bytes memory a, bytes3 b, bytes1 c) external pure returns (bytes memory) {
        return bytes.concat(a, b, c, hex"beef");
    }

    function emptyConcat() external pure returns (string memory, bytes memory) {
        return (string.concat(), bytes.concat());
    }

    function reverse(bytes memory b) external pure returns (bytes memory r) {
        r = new bytes(b.length);
        for (uint256 i = 0; i < b.length; i++) r[b.length - 1 - i] = b[i];
    }

    function digits(uint256 v) external pure returns (string memory) {
        v = v % 100000000;
        if (v == 0) return "0";
        uint256 len;
        for (uint256 t = v; t != 0; t /= 10) len++;
        bytes memory buf = new bytes(len);
        while (v != 0) {
            len--;
            buf[len] = bytes1(uint8(48 + (v % 10)));
            v /= 10;
        }
        return string(buf);
    }

    function fixedBytes(bytes32 x, uint8 i) external pure returns (bytes1, bytes4, bytes32, uint256) {
        bytes4 head = bytes4(x);
        return (x[i], head, x >> 8, uint32(head));
    }

    function equal(string memory a, string memory b) external pure returns (bool) {
        return keccak256(bytes(a)) == keccak256(bytes(b));
    }

    function toBytes32(string memory s) external pure returns (bytes32 out) {
        bytes memory b = bytes(s);
        for (uint256 i = 0; i < b.length && i < 32; i++) out |= bytes32(b[i]) >> (i * 8);
    }

    function setAt(bytes calldata data, uint256 i, bytes1 v) external pure returns (bytes memory m) {
        m = data;
        m[i] = v;
    }
}
