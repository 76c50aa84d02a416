// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Calldata structs and nested calldata arrays read in place (lazily validated, as solc
/// does), copied to memory and into storage; struct getters (mappings and arrays left out);
/// fallback and receive; indexed struct / array event arguments (hashed in place).
contract CalldataNested {
    struct Item {
        uint32 id;
        string name;
        uint256[] tags;
    }
    struct Pair {
        int16 a;
        bytes2 b;
    }
    struct Rec {
        uint64 n;
        string label;
        uint256[] hidden;
        Pair pair;
        bool ok;
    }

    Rec public rec;
    mapping(uint256 => Pair) public pairs;
    Item[] internal items;
    uint256 public received;
    bytes32 public lastFallback;

    event Stored(Item indexed item, uint256[] indexed tags, Pair indexed p, string note);

    function names(Item[] calldata xs) external pure returns (string memory all, uint256 tagSum) {
        for (uint256 i = 0; i < xs.length; i++) {
            all = string.concat(all, xs[i].name, ";");
            for (uint256 j = 0; j < xs[i].tags.length; j++) tagSum += xs[i].tags[j];
        }
    }

    function matrix(uint256[][] calldata m, uint256 i, uint256 j) external pure returns (uint256, uint256) {
        return (m[i][j], m[i].length);
    }

    function fixedPairs(Pair[2] calldata ps, string[2] calldata ss) external pure returns (int16, bytes2, string memory) {
        return (ps[0].a + ps[1].a, ps[1].b, string.concat(ss[0], ss[1]));
    }

    function store(Item calldata it) external returns (uint256) {
        items.push(it);
        emit Stored(it, it.tags, Pair(int16(int32(it.id % 100)), 0x1234), it.name);
        return items.length;
    }

    function itemAt(uint256 i) external view returns (Item memory) {
        return items[i];
    }

    function setRec(uint64 n, string calldata label, int16 a) external {
        rec.n = n;
        rec.label = label;
        rec.hidden.push(n);
        rec.pair = Pair(a, bytes2(uint16(n)));
        rec.ok = n % 2 == 0;
        pairs[n] = rec.pair;
    }

    function copyItem(uint256 from) external {
        items.push();
        items[items.length - 1] = items[from];
    }

    receive() external payable {
        received += msg.value;
    }

    fallback() external payable {
        lastFallback = keccak256(abi.encodePacked(msg.value, received));
    }
}
