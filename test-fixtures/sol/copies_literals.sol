// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// String, hex and array literals into storage (a static array literal into a dynamic storage
/// array), storage operands of abi.encode / encodePacked / keccak256 / bytes.concat, an indexed
/// literal event argument, delete of a mapping value, storage pointers rebound.
contract CopiesLiterals {
    struct S { uint8 a; string s; }
    string internal title;
    bytes internal blob;
    uint256[3] internal trio;
    uint256[] internal dyn;
    mapping(uint256 => S) internal ms;
    S internal one;
    event Lit(string indexed s, bytes32 indexed h, string t);
    function a(bytes calldata c) external returns (bytes memory, bytes32, bytes memory) {
        title = "a literal in storage that is longer than thirty-two bytes";
        blob = hex"01020304";
        trio = [uint256(1), 2, 3];
        dyn = [uint256(4), 5];
        one = S(7, "x");
        ms[1] = one;
        emit Lit("lit", keccak256(blob), title);
        return (bytes.concat(blob, c, bytes(title)), keccak256(abi.encode(one, trio, dyn)), abi.encodePacked(title, blob, trio));
    }
    function b() external returns (uint256, string memory, uint8) {
        delete ms[1];
        S storage p = ms[2];
        p.s = "p";
        p = one;
        p.a = 9;
        return (trio[2] + dyn[1], ms[2].s, one.a);
    }
    function c() external view returns (S memory, uint256[3] memory, uint256[] memory) { return (ms[1], trio, dyn); }
}
