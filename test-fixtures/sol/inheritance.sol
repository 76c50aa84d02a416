// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Inheritance (only `Top` is deployed): an interface, two abstract bases, a diamond
/// (Bottom is Left, Right; both are Root) under a chain Root → Left → Bottom → Top.
/// Virtual/override functions and a virtual modifier, `super` chains through the diamond
/// (each level logs and appends to `trail`, so the order shows), explicit `Base.f()` calls,
/// inherited state at solc's slots, a public state variable implementing an interface
/// function, base constructor arguments from an inheritance specifier and from constructor
/// specifiers, initializers with side effects, events / errors / structs / enums of a base,
/// base internal functions calling virtual ones, and base functions returning fresh memory
/// used in loops of the derived contract.

interface ICounter {
    event Bumped(uint256 by, uint256 total);
    error Unlucky(uint256 total);

    function total() external view returns (uint256);
    function bump(uint256 by) external returns (uint256);
}

abstract contract Root {
    struct Entry {
        uint64 tag;
        uint192 value;
    }
    enum Kind { None, Left, Right, Bottom }

    event Visited(string who, uint256 depth);
    error TooBig(uint256 given, uint256 limit);

    uint256[] public trail;
    uint256 public rootSeed = record(1);
    Entry[] internal entries;

    constructor(uint256 seed) {
        rootSeed += seed;
        trail.push(100 + seed);
    }

    function record(uint256 v) internal returns (uint256) {
        trail.push(v);
        return v;
    }

    function name() public pure virtual returns (string memory);

    function chain(uint256 depth) public virtual returns (uint256) {
        emit Visited("Root", depth);
        trail.push(depth);
        return depth;
    }

    function kind() public pure virtual returns (Kind) {
        return Kind.None;
    }

    modifier limited(uint256 x) virtual {
        if (x > 1000) revert TooBig(x, 1000);
        _;
    }

    /// A base function calling virtual ones: resolved in the deployed contract.
    function describe() public view returns (string memory) {
        return string.concat(name(), "/", label());
    }

    function label() internal view virtual returns (string memory) {
        return "root";
    }

    function squares(uint256 n) internal pure virtual returns (uint256[] memory out) {
        out = new uint256[](n);
        for (uint256 i = 0; i < n; i++) out[i] = i * i;
    }
}

contract Left is Root {
    uint128 public leftValue;
    uint128 public leftCalls;

    constructor(uint256 v) Root(v * 2) {
        leftValue = uint128(v);
        trail.push(200 + v);
    }

    function name() public pure virtual override returns (string memory) {
        return "Left";
    }

    function chain(uint256 depth) public virtual override returns (uint256) {
        emit Visited("Left", depth);
        trail.push(10 + depth);
        leftCalls += 1;
        return super.chain(depth + 1) * 2;
    }

    function kind() public pure virtual override returns (Kind) {
        return Kind.Left;
    }
}

abstract contract Right is Root {
    uint256 public rightValue = record(3);

    constructor() {
        trail.push(300);
    }

    function chain(uint256 depth) public virtual override returns (uint256) {
        emit Visited("Right", depth);
        trail.push(20 + depth);
        return super.chain(depth + 1) + 7;
    }

    function kind() public pure virtual override returns (Kind) {
        return Kind.Right;
    }

    function label() internal view virtual override returns (string memory) {
        return string.concat("right:", super.label());
    }

    function squares(uint256 n) internal pure virtual override returns (uint256[] memory out) {
        out = super.squares(n);
        for (uint256 i = 0; i < out.length; i++) out[i] += 1;
    }
}

contract Bottom is Left, Right {
    Entry public last;

    constructor(uint256 x) Left(x + 1) {
        trail.push(400 + x);
    }

    function name() public pure virtual override(Left, Root) returns (string memory) {
        return string.concat("Bottom<", super.name(), ">");
    }

    function label() internal view virtual override(Root, Right) returns (string memory) {
        return super.label();
    }

    function squares(uint256 n) internal pure virtual override(Root, Right) returns (uint256[] memory out) {
        out = super.squares(n);
        if (n > 0) out[n - 1] *= 3;
    }

    function chain(uint256 depth) public virtual override(Left, Right) returns (uint256) {
        emit Visited("Bottom", depth);
        trail.push(30 + depth);
        return super.chain(depth + 1);
    }

    function kind() public pure virtual override(Left, Right) returns (Kind) {
        return depthKind(super.kind());
    }

    function depthKind(Kind k) internal pure returns (Kind) {
        return k == Kind.Right ? Kind.Bottom : k;
    }

    modifier limited(uint256 x) override {
        if (x > 500) revert TooBig(x, 500);
        _;
        trail.push(x);
    }

    /// Explicit base calls: exactly that base's function (its own `super` still follows Top's linearization).
    function leftOnly(uint256 d) external returns (uint256) {
        return Left.chain(d);
    }

    function rootKind() external pure returns (Kind, Kind) {
        return (Root.kind(), Left.kind());
    }
}

contract Top is Bottom(5), ICounter {
    uint256 public override total;
    uint256 public topValue = record(9);

    function bump(uint256 by) external override limited(by) returns (uint256) {
        if (by == 13) revert ICounter.Unlucky({total: total});
        total += by;
        emit ICounter.Bumped(by, total);
        emit Bumped({total: total * 2, by: by});
        return total;
    }

    function label() internal view override returns (string memory) {
        return string.concat("top+", super.label());
    }

    function addEntry(uint64 tag, uint192 value) external {
        if (value == 0) revert TooBig(0, 0);
        entries.push(Entry(tag, value));
        last = Entry(tag, value);
    }

    function entryAt(uint256 i) external view returns (Entry memory) {
        return entries[i];
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == type(ICounter).interfaceId || id == 0x01ffc9a7;
    }

    function trailAll() external view returns (uint256[] memory) {
        return trail;
    }

    function viaPointer(uint256 d) external returns (uint256) {
        function(uint256) returns (uint256) p = chain;
        return p(d);
    }

    /// Fresh memory from a base (through a super chain) in a loop.
    function sumSquares(uint256 n) external pure returns (uint256 s) {
        require(n <= 40, "n too big");
        for (uint256 i = 0; i < n; i++) {
            uint256[] memory q = squares(i);
            for (uint256 j = 0; j < q.length; j++) s += q[j];
        }
    }

    function labels(uint256 n) external view returns (string memory acc) {
        require(n <= 20, "n too big");
        for (uint256 i = 0; i < n; i++) acc = string.concat(acc, label(), ";");
    }

    function slots() external view returns (uint256 a, uint256 b, uint256 c, uint256 d) {
        assembly {
            a := sload(0)
            b := sload(1)
            c := sload(3)
            d := sload(4)
        }
    }
}
