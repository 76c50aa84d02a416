// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

interface IToken {
    function transfer(address to, uint256 amount) external returns (bool);
    function tag(bytes4 kind, int8 level, string calldata note, uint256[] calldata ids) external;
    function ping() external;
    function pack(bytes32 key, bool flag, uint16 small) external;
}

contract EncCall {
    struct P { uint256 a; string b; }
    function named(uint256 x, P memory p) external pure returns (uint256) { return x + bytes(p.b).length + p.a; }

    function calls(uint256 n) public view returns (bytes memory a, bytes memory b, bytes memory c, bytes memory d) {
        uint256[] memory ids = new uint256[](n % 5);
        for (uint256 i = 0; i < ids.length; i++) ids[i] = i * n;
        uint8 small = uint8(n % 200);
        a = abi.encodeCall(IToken.transfer, (address(uint160(n)), n * 3));
        b = abi.encodeCall(IToken.tag, (0x12345678, -1, "note", ids));
        c = abi.encodeCall(IToken.ping, ());
        d = abi.encodeCall(IToken.pack, ("key", n % 2 == 0, small));
        bytes memory e = abi.encodeCall(this.named, (n, P(n, "bee")));
        a = bytes.concat(a, e);
    }

    function sameAsSelector(uint256 n) public pure returns (bool, bytes32) {
        bytes memory x = abi.encodeCall(IToken.transfer, (address(0x1234), n));
        bytes memory y = abi.encodeWithSelector(IToken.transfer.selector, address(0x1234), n);
        return (keccak256(x) == keccak256(y), keccak256(x));
    }

    function inLoop(uint256 n) public pure returns (bytes32 h, uint256 total) {
        for (uint256 i = 0; i < n; i++) {
            bytes memory c = abi.encodeCall(IToken.pack, (bytes32(i), i % 3 == 0, uint16(i)));
            h = keccak256(abi.encodePacked(h, c));
            total += c.length;
        }
    }
}
