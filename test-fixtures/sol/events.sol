// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Events: indexed value types, indexed dynamic types (topic = keccak of the encoding),
/// non-indexed dynamic data, anonymous events, events in loops, events emitted before a
/// revert (dropped), events with struct and array payloads.
contract Events {
    struct P {
        uint16 a;
        string b;
    }

    event Plain();
    event Values(uint256 indexed id, address indexed who, bool flag, int8 level);
    event Dyn(string indexed key, bytes data, string text);
    event Anon(uint256 indexed a, uint256 indexed b, uint256 indexed c, uint256 d) anonymous;
    event Payload(P p, uint256[] xs, bytes32[2] pair);

    function plain() external {
        emit Plain();
    }

    function values(uint256 id, bool flag, int8 level) external {
        emit Values(id, msg.sender, flag, level);
    }

    function dyn(string calldata key, bytes calldata data) external {
        emit Dyn(key, data, string.concat(key, "!"));
    }

    function anon(uint256 x) external {
        emit Anon(x, x + 1, x + 2, x + 3);
    }

    function loop(uint256 n) external {
        n = n % 8;
        for (uint256 i = 0; i < n; i++) emit Values(i, address(uint160(i)), i % 2 == 0, int8(int256(i)) - 4);
    }

    function payload(uint16 a, string memory b, uint256 n) external {
        uint256[] memory xs = new uint256[](n % 4);
        for (uint256 i = 0; i < xs.length; i++) xs[i] = i * a;
        emit Payload(P(a, b), xs, [bytes32(uint256(a)), keccak256(bytes(b))]);
    }

    function emitThenRevert(bool fail) external {
        emit Plain();
        require(!fail, "reverted after emit");
    }
}
