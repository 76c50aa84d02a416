// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Several contracts in one file (only `Registry` is deployed) and constructors: arguments
/// of static and dynamic types, state initialised inline and in the constructor, a
/// constructor that can revert, a payable constructor.
contract Helper {
    uint256 public x = 1;
    function twice(uint256 a) external pure returns (uint256) { return 2 * a; }
}

contract Registry {
    uint256 public immutableLike;
    uint256 public counter = 10;
    string public label;
    uint256[] public seeds;
    address public creator;
    uint256 public funded;

    event Created(string label, uint256 seeds);

    constructor(uint256 start, string memory label_, uint256[] memory seeds_) payable {
        require(start < 1000, "start too big");
        immutableLike = start * 3;
        counter += start;
        label = label_;
        seeds = seeds_;
        creator = msg.sender;
        funded = msg.value;
        emit Created(label_, seeds_.length);
    }

    function next() external returns (uint256) {
        return ++counter;
    }

    function seedSum() external view returns (uint256 s) {
        for (uint256 i = 0; i < seeds.length; i++) s += seeds[i];
    }
}

contract Unused {
    function f() external pure returns (uint256) { return 3; }
}
