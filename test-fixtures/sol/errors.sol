// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Failure paths: require with and without a message, revert with a string, custom errors
/// with static and dynamic arguments (and `require(cond, CustomError(...))`), assert
/// (Panic 0x01), plain revert(); state written before a revert is undone.
contract Errors {
    error Empty();
    error Bad(uint256 code, string why);
    error Many(address who, bytes32 tag, int8 level, uint256[] ids);

    uint256 public writes;

    function req(uint256 x) external pure returns (uint256) {
        require(x > 0);
        require(x < 100, "x must be below 100");
        return x;
    }

    function revertString(uint256 len) external pure {
        bytes memory b = new bytes(len % 70);
        for (uint256 i = 0; i < b.length; i++) b[i] = bytes1(uint8(65 + (i % 26)));
        revert(string(b));
    }

    function custom(uint8 which) external view {
        if (which == 0) revert Empty();
        if (which == 1) revert Bad(7, "seven");
        if (which == 2) {
            uint256[] memory ids = new uint256[](2);
            ids[0] = 1;
            ids[1] = 2;
            revert Many(msg.sender, keccak256("tag"), -3, ids);
        }
        require(which != 3, Bad(which, ""));
    }

    function asserts(uint256 x) external pure returns (uint256) {
        assert(x != 13);
        return x;
    }

    function plain(bool b) external pure {
        if (b) revert();
    }

    function writeThenFail(uint256 x) external returns (uint256) {
        writes += x;
        require(writes < 10, "too many writes");
        return writes;
    }
}
