// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Immutables (only `Vault` is deployed): of several value types, in a base and the derived
/// contract, initialised inline and in constructors (also from constructor arguments and
/// after memory was allocated in the constructor), read back in the constructor, read by an
/// internal function that both the constructor and runtime functions call, public ones
/// (getters), and used as loop bounds of memory-heavy runtime functions.

abstract contract Config {
    enum Mode { Off, Slow, Fast }

    uint256 public immutable base = 1000;
    address public immutable creator;
    Mode internal immutable mode;
    uint256[] public built;

    constructor(uint8 m) {
        creator = msg.sender;
        mode = Mode(m);
        built.push(scaled(3));
    }

    /// Called from the constructor (immutables in memory) and at runtime (loadimmutable).
    function scaled(uint256 x) internal view returns (uint256) {
        return x * base + uint256(mode);
    }
}

contract Vault is Config {
    uint8 public immutable small;
    int64 public immutable signedLimit;
    bytes32 public immutable salt;
    uint256 internal immutable width;
    bool public immutable flag = true;
    string public label;

    constructor(uint256 w, string memory name) Config(2) {
        // memory allocated before the remaining immutables are set
        string memory tmp = string.concat(name, "-vault");
        uint256[] memory xs = new uint256[](w);
        for (uint256 i = 0; i < w; i++) xs[i] = scaled(i);
        small = uint8(w);
        signedLimit = -int64(uint64(w)) * 3;
        salt = keccak256(abi.encodePacked(tmp, xs));
        width = w + small;
        label = tmp;
        built.push(width);
        built.push(uint256(salt) % 1000);
    }

    function modeOf() external view returns (Mode) {
        return mode;
    }

    function compute(uint256 x) external view returns (uint256) {
        return scaled(x) + width;
    }

    function table(uint256 rows) external view returns (uint256[] memory out) {
        require(rows <= 30, "too many rows");
        out = new uint256[](rows * width);
        for (uint256 r = 0; r < rows; r++) {
            uint256[] memory row = new uint256[](width);
            for (uint256 c = 0; c < width; c++) row[c] = scaled(r) + c;
            for (uint256 c = 0; c < width; c++) out[r * width + c] = row[c];
        }
    }

    function tagged(uint256 n) external view returns (string memory s) {
        require(n <= 10, "too many");
        for (uint256 i = 0; i < n; i++) s = string.concat(s, label, small > 3 ? "+" : "-");
    }

    function checkLimit(int64 v) external view returns (int64) {
        require(v >= signedLimit, "below limit");
        return v - signedLimit;
    }
}
