// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// State variables: packed value types, mappings (nested, struct values), dynamic storage
/// arrays (push / pop, pop on empty = Panic 0x31, out-of-bounds = Panic 0x32), structs in
/// storage, storage strings and bytes, and copies storage↔memory and calldata→storage.
contract Storage {
    struct Account {
        uint128 balance;
        uint64 nonce;
        bool frozen;
        string name;
        uint256[] history;
    }

    uint8 public small = 7;
    uint16 public medium;
    address public owner;
    bool public flag;
    uint256 public big;
    mapping(address => uint256) public balances;
    mapping(uint256 => mapping(uint256 => bool)) public grid;
    mapping(bytes32 => Account) internal accounts;
    uint256[] public list;
    uint8[] public packedList;
    string public title;
    bytes public blob;
    Account internal main;

    function setPacked(uint8 a, uint16 b, address c, bool d) external {
        small = a;
        medium = b;
        owner = c;
        flag = d;
    }

    function bump(address who, uint256 by) external returns (uint256) {
        balances[who] += by;
        big = balances[who];
        return big;
    }

    function setGrid(uint256 x, uint256 y, bool v) external {
        grid[x][y] = v;
    }

    function push(uint256 v) external returns (uint256) {
        list.push(v);
        packedList.push(uint8(v));
        return list.length;
    }

    function pop() external returns (uint256 len) {
        list.pop();
        packedList.pop();
        len = list.length;
    }

    function setAt(uint256 i, uint256 v) external {
        list[i] = v;
    }

    function getList() external view returns (uint256[] memory, uint8[] memory) {
        return (list, packedList);
    }

    function replaceList(uint256[] calldata xs) external {
        list = xs;
    }

    function setTitle(string calldata t) external {
        title = t;
    }

    function appendBlob(bytes1 b) external returns (uint256) {
        blob.push(b);
        return blob.length;
    }

    function setAccount(bytes32 key, uint128 bal, string memory name) external {
        Account storage a = accounts[key];
        a.balance = bal;
        a.nonce += 1;
        a.name = name;
        a.history.push(bal);
    }

    function getAccount(bytes32 key) external view returns (Account memory) {
        return accounts[key];
    }

    function copyToMain(bytes32 key) external {
        main = accounts[key];
    }

    function mainFromMemory(uint128 bal, uint256 n) external returns (uint256) {
        Account memory m;
        m.balance = bal;
        m.frozen = true;
        m.name = "mem";
        m.history = new uint256[](n % 4);
        for (uint256 i = 0; i < m.history.length; i++) m.history[i] = i * 3;
        main = m;
        return main.history.length;
    }

    function getMain() external view returns (Account memory) {
        return main;
    }

    function sumList() external view returns (uint256 s) {
        uint256[] memory copy = list;
        for (uint256 i = 0; i < copy.length; i++) s += copy[i];
    }

    function deleteAll() external {
        delete list;
        delete main;
        delete title;
        small = 0;
    }
}
