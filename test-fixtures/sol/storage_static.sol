// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Static arrays in storage: packed uint8[3] elements of a dynamic array, static arrays as
/// mapping values, a 2x2 bytes32 array with row copies, pop and delete of static aggregates.
contract StorageStatic {
    uint8[3][] internal xs;
    mapping(uint256 => uint16[4]) internal mf;
    bytes32[2][2] internal sq;
    function a(uint8 v) external returns (uint8[3][] memory, uint16[4] memory, bytes32[2][2] memory) {
        xs.push([v, v + 1, v + 2]);
        uint16[4] memory t;
        t[3] = v;
        mf[v] = t;
        mf[v][1] = 9;
        sq[1][0] = bytes32(uint256(v));
        sq[0] = sq[1];
        return (xs, mf[v], sq);
    }
    function b() external returns (uint256) {
        xs.pop();
        delete mf[1];
        delete sq[1];
        return xs.length;
    }
}
