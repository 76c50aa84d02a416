// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// User-defined value types (`type T is U`): wrap / unwrap, bound library functions, struct
// members, arrays, memory pointers held in one (as OpenZeppelin's Memory.Slice), external
// parameters and results (ABI: the underlying type), event and error signatures.
type Price is uint128;
type Tag is bytes8;

library Slices {
    type Slice is bytes32; // length << 128 | pointer

    function asSlice(bytes memory b) internal pure returns (Slice s) {
        assembly ("memory-safe") { s := or(shl(128, mload(b)), add(b, 0x20)) }
    }

    function length(Slice s) internal pure returns (uint256) {
        return uint256(Slice.unwrap(s)) >> 128;
    }

    function at(Slice s, uint256 i) internal pure returns (bytes1 r) {
        require(i < length(s), "slice index");
        assembly ("memory-safe") { r := mload(add(and(s, 0xffffffffffffffffffffffffffffffff), i)) }
    }
}

library Prices {
    function scaled(Price p, uint128 k) internal pure returns (Price) {
        return Price.wrap(Price.unwrap(p) * k); // checked at uint128
    }
}

contract Udvt {
    using Prices for Price;
    using Slices for Slices.Slice;

    struct Quote { Price price; Tag tag; Price[] history; }

    event Quoted(Price indexed price, Tag tag);
    error TooHigh(Price price);

    Price stored;

    function quote(uint256 n) external returns (Price, Tag, uint256) {
        Quote memory q = Quote(Price.wrap(uint128(n)), Tag.wrap(bytes8(uint64(n * 3))), new Price[](n % 4));
        for (uint256 i = 0; i < q.history.length; i++) q.history[i] = Price.wrap(uint128(i)).scaled(uint128(n));
        if (n > 1000) revert TooHigh(q.price);
        emit Quoted(q.price.scaled(2), q.tag);
        stored = q.price;
        uint256 sum;
        for (uint256 i = 0; i < q.history.length; i++) sum += Price.unwrap(q.history[i]);
        return (Price.wrap(uint128(n)).scaled(type(uint64).max), q.tag, sum);
    }

    function passThrough(Price p, Tag[] calldata tags) external view returns (Price, Tag, Price) {
        return (p, tags.length > 0 ? tags[0] : Tag.wrap(0), stored);
    }

    function slice(uint256 i) external pure returns (uint256, bytes1) {
        Slices.Slice s = Slices.asSlice(bytes("hello, slices"));
        return (s.length(), s.at(i));
    }
}
