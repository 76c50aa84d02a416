// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Two functions with many memory locals live across a loop, each decoding an
/// `abi.encode`d (string, string[]) pair or growing strings: with solc's default Yul
/// optimizer sequence our Yul for them needs more than 16 stack slots in one function.
contract StackPressure {
    struct Holder { string text; uint256 count; }

    string constant SHORT = "short";

    function digits(uint256 v) internal pure returns (string memory) {
        if (v == 0) return "0";
        uint256 len;
        for (uint256 t = v; t != 0; t /= 10) len++;
        bytes memory b = new bytes(len);
        while (v != 0) { len--; b[len] = bytes1(uint8(48 + (v % 10))); v /= 10; }
        return string(b);
    }

    function choose(string memory a, string memory b, bool first) internal pure returns (string memory) {
        return first ? a : b;
    }

    function same(string memory a) internal pure returns (string memory r) { r = a; }

    function counted(uint256 i) internal pure returns (uint256[] memory a) {
        a = new uint256[](i % 4 + 1);
        a[a.length - 1] = i * 3;
    }

    function grow(uint256 n) public pure returns (string memory s0, string memory s1, string memory s2, string memory s3, string[] memory arr, string memory summary, bytes32 h, bytes memory acc) {
        arr = new string[](4);
        Holder memory holder;
        uint256[] memory fixedPair = new uint256[](2);
        uint256[] memory empty;
        uint256[][] memory nest = new uint256[][](3);
        s0 = SHORT;
        for (uint256 i = 0; i < n; i++) {
            s1 = string.concat(s1, s3);
            if (bytes(s1).length > 88) s1 = digits(i);
            nest[i % 3] = empty;
            if (nest[i % 3].length > 0) nest[i % 3][0] += i;
            {
                string memory t = arr[(i + 1) % 4];
                s1 = string.concat(t, string.concat(s1, same("a")), t);
                if (bytes(s1).length > 150) s1 = t;
            }
            for (uint256 j = 0; j < 1; j++) {
                acc = abi.encodePacked(acc, s1, uint8(i));
                if (acc.length > 200) acc = bytes(s1);
                if (bytes(s2).length > 100) s2 = "";
            }
        }
        summary = string.concat(holder.text, "#", digits(fixedPair[0] + fixedPair[1]), "#", digits(empty.length > 0 ? empty[0] : 999), "#", digits(nest[0].length + nest[1].length * 10 + nest[2].length * 100));
        h = keccak256(bytes(summary));
    }

    function roundTrip(uint256 n) public pure returns (string memory s0, string memory s1, string memory s2, string memory s3, string[] memory arr, string memory summary, bytes32 h, bytes memory acc) {
        arr = new string[](4);
        Holder memory holder;
        uint256[] memory fixedPair = new uint256[](2);
        uint256[] memory empty;
        uint256[][] memory nest = new uint256[][](3);
        s0 = "xy";
        for (uint256 i = 0; i < n; i++) {
            {
                bytes memory e = abi.encode(s2, arr);
                (string memory d1, string[] memory d2) = abi.decode(e, (string, string[]));
                s2 = string.concat(d1, d2[i % 4]);
                if (bytes(s2).length > 150) s2 = d2[0];
            }
            if (bytes(s3).length > 0) bytes(s3)[i % bytes(s3).length] = bytes1(uint8(65 + i % 26));
            if (i == 30) return (string.concat(s0, "R", s1), s1, s2, s3, arr, string.concat(holder.text, digits(fixedPair.length), digits(nest[0].length)), h, acc);
            arr[(i + 1) % 4] = string.concat(digits(i + 5), digits(i * 12 + 6));
            if (bytes(arr[i % 4]).length > 150) arr[i % 4] = "r";
            for (uint256 j = 0; j < 1; j++) {
                string memory t = i % 3 == 0 ? SHORT : holder.text;
                s1 = string.concat(t, choose("a", same(arr[i % 4]), i % 2 == 0), t);
                if (bytes(s1).length > 150) s1 = t;
                if (bytes(s3).length > 100) s3 = "";
            }
            {
                string memory t = digits(i * 25 + 3);
                s1 = string.concat(t, same(digits(i * 44 + 7)), t);
                if (bytes(s1).length > 150) s1 = t;
            }
            s3 = string.concat(s3, arr[i % 4]);
            if (bytes(s3).length > 92) s3 = digits(i);
            nest[i % 3] = counted(i);
            if (nest[i % 3].length > 0) nest[i % 3][0] += i;
        }
        summary = string.concat(holder.text, "#", digits(fixedPair[0] + fixedPair[1]), "#", digits(empty.length > 0 ? empty[0] : 999), "#", digits(nest[0].length + nest[1].length * 10 + nest[2].length * 100));
    }
}
