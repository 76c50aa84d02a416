// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Enums: conversion from integers (Panic 0x21 when out of range), enum parameters
/// (ABI-validated: out-of-range calldata reverts), comparisons, enums in storage and in
/// memory structs, type(E).min / max.
contract Enums {
    enum Color { Red, Green, Blue }
    enum State { Idle, Running, Paused, Stopped }

    struct Light {
        Color color;
        uint8 level;
    }

    State public state;
    mapping(uint256 => Color) public colors;

    function fromInt(uint256 x) external pure returns (Color) {
        return Color(x);
    }

    function toInt(Color c) external pure returns (uint8, bool) {
        return (uint8(c), c == Color.Blue);
    }

    function next(Color c) external pure returns (Color) {
        return c == Color.Blue ? Color.Red : Color(uint8(c) + 1);
    }

    function transition(State s) external returns (State old) {
        old = state;
        require(s != State.Idle, "cannot go idle");
        if (old == State.Stopped) revert("stopped");
        state = s;
    }

    function paint(uint256 key, uint8 c) external {
        colors[key] = Color(c);
    }

    function bounds() external pure returns (Color, Color, State) {
        return (type(Color).min, type(Color).max, type(State).max);
    }

    function lights(uint256 n) external pure returns (Light[] memory ls) {
        ls = new Light[](n % 5);
        for (uint256 i = 0; i < ls.length; i++) ls[i] = Light(Color(i % 3), uint8(i * 50));
    }
}
