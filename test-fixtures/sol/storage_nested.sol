// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Storage arrays inside mappings, arrays of arrays of structs (push(), element copies,
/// struct literals into storage elements, member-wise updates, delete of an element),
/// storage strings copied to memory and modified there, storage operands of custom errors,
/// events and abi.encodeWithSignature.
contract StorageNested {
    struct S { uint16 a; string b; uint8[2] c; }
    mapping(uint256 => uint256[]) internal mm;
    S[][] internal nest;
    S[] internal flat;
    string internal name = "initial name";
    error Bad(string who, uint256 n);
    event Ev(S s, string n);
    function a(uint256 k, uint256 v) external returns (uint256[] memory) {
        mm[k].push(v);
        mm[k].push(v * 2);
        if (mm[k].length > 4) mm[k].pop();
        return mm[k];
    }
    function b(uint16 x) external returns (S memory, uint256) {
        nest.push();
        nest[0].push(S(x, "nb", [uint8(1), 2]));
        flat.push(nest[0][nest[0].length - 1]);
        flat[0] = S(x + 1, "replaced", [uint8(3), 4]);
        flat[0].b = string.concat(flat[0].b, name);
        delete nest[0][0];
        emit Ev(flat[0], name);
        return (flat[0], nest[0].length);
    }
    function c(bool f) external view returns (string memory) {
        string memory s = name;
        bytes(s)[0] = "I";
        string memory t = f ? s : name;
        if (!f) revert Bad(name, bytes(t).length);
        return t;
    }
    function d() external view returns (bytes memory) {
        return abi.encodeWithSignature("f(string,uint8[2])", name, flat[0].c);
    }
}
