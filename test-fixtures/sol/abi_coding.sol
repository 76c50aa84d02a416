// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// abi.encode / encodePacked / encodeWithSelector / encodeWithSignature and abi.decode:
/// static and dynamic values, nested arrays, structs, decoding of malformed data reverts.
contract AbiCoding {
    struct Rec {
        uint32 id;
        string name;
        uint256[] vals;
    }

    function encodeMixed(uint8 a, bytes memory b, string memory c, address d) external pure returns (bytes memory) {
        return abi.encode(a, b, c, d);
    }

    function encodePacked(uint8 a, int16 b, bytes memory c, string memory d, bool e, bytes2 f) external pure returns (bytes memory) {
        return abi.encodePacked(a, b, c, d, e, f);
    }

    function packedArray(uint16[] memory xs) external pure returns (bytes memory) {
        return abi.encodePacked(xs);
    }

    function withSelector(uint256 x, string memory s) external pure returns (bytes memory) {
        return abi.encodeWithSelector(bytes4(0x12345678), x, s);
    }

    function withSignature(uint256 x) external pure returns (bytes memory) {
        return abi.encodeWithSignature("transfer(address,uint256)", address(0xBEEF), x);
    }

    function roundTrip(uint256 a, string memory s, uint256[] memory v) external pure returns (uint256, string memory, uint256[] memory) {
        bytes memory enc = abi.encode(a, s, v);
        (uint256 a2, string memory s2, uint256[] memory v2) = abi.decode(enc, (uint256, string, uint256[]));
        return (a2, s2, v2);
    }

    function structRoundTrip(uint32 id, string memory name, uint256 n) external pure returns (Rec memory r, uint256 encLen) {
        Rec memory x = Rec(id, name, new uint256[](n % 4));
        for (uint256 i = 0; i < x.vals.length; i++) x.vals[i] = i + id;
        bytes memory enc = abi.encode(x);
        encLen = enc.length;
        r = abi.decode(enc, (Rec));
    }

    function nested(uint256 n) external pure returns (bytes memory) {
        uint8[][] memory m = new uint8[][](n % 4);
        for (uint256 i = 0; i < m.length; i++) {
            m[i] = new uint8[](i + 1);
            m[i][i] = uint8(i + 7);
        }
        return abi.encode(m, "x");
    }

    function decodeBytes(bytes memory data) external pure returns (uint8 small, address who) {
        (small, who) = abi.decode(data, (uint8, address));
    }

    function decodeDyn(bytes memory data) external pure returns (bytes memory b) {
        b = abi.decode(data, (bytes));
    }

    function fixedArrays(uint64[3] memory a) external pure returns (bytes memory, bytes memory) {
        return (abi.encode(a), abi.encodePacked(a));
    }
}
