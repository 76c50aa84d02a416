// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Inheritance corner cases (only `Edge` is deployed): an external interface function with a
/// calldata array implemented by a public function taking it in memory, overloads spread
/// over bases, a modifier declared without body in an abstract base and implemented below,
/// initializers calling virtual functions (they run the final override, as solc), receive and
/// fallback inherited from a base (fallback overridden), a virtual function returning a
/// struct in memory, a constant and an enum of a base, and a deep chain of `super` calls building a string.

interface ISum {
    function sum(uint256[] calldata xs) external returns (uint256);
}

abstract contract Shape {
    struct Box {
        uint256 w;
        uint256 h;
        string name;
    }

    uint256 internal constant SCALE = 3;
    enum Size { Small, Large }

    uint256 public received;
    uint256 public fallbacks;
    uint256 public initial = start();

    modifier guarded(uint256 x) virtual;

    function start() internal pure virtual returns (uint256) {
        return 1;
    }

    function area(uint256 w) public pure returns (uint256) {
        return w * w;
    }

    function box(uint256 w) internal pure virtual returns (Box memory b) {
        b.w = w;
        b.h = w;
        b.name = "square";
    }

    function path() internal pure virtual returns (string memory) {
        return "shape";
    }

    receive() external payable {
        received += msg.value;
    }

    fallback() external payable virtual {
        fallbacks += 1;
    }
}

abstract contract Rect is Shape {
    function area(uint256 w, uint256 h) public pure returns (uint256) {
        return w * h;
    }

    function box(uint256 w) internal pure virtual override returns (Box memory b) {
        b = super.box(w);
        b.h = w + 1;
        b.name = string.concat(b.name, "->rect");
    }

    function path() internal pure virtual override returns (string memory) {
        return string.concat(super.path(), "/rect");
    }

    function start() internal pure virtual override returns (uint256) {
        return 20;
    }
}

abstract contract Tall is Rect {
    function path() internal pure virtual override returns (string memory) {
        return string.concat(super.path(), "/tall");
    }
}

contract Edge is Tall, ISum {
    uint256 public total;

    modifier guarded(uint256 x) override {
        require(x < 100, "guarded");
        _;
    }

    function sum(uint256[] memory xs) public override guarded(xs.length) returns (uint256 s) {
        for (uint256 i = 0; i < xs.length; i++) s += xs[i];
        total += s;
    }

    function sumTwice(uint256 n) external returns (uint256) {
        uint256[] memory xs = new uint256[](n);
        for (uint256 i = 0; i < n; i++) xs[i] = i;
        return sum(xs) + sum(xs);
    }

    function areas(uint256 w) external pure returns (uint256, uint256, Size) {
        return (area(w) * SCALE, area(w, w + 2), w > 10 ? Size.Large : Size.Small);
    }

    function box(uint256 w) internal pure override returns (Box memory b) {
        b = super.box(w);
        b.name = string.concat(b.name, "->edge");
    }

    function boxes(uint256 n) external pure returns (uint256 acc, string memory last) {
        require(n <= 20, "too many");
        for (uint256 i = 0; i < n; i++) {
            Box memory b = box(i);
            acc += b.w * b.h;
            last = b.name;
        }
    }

    function path() internal pure override returns (string memory) {
        return string.concat(super.path(), "/edge");
    }

    function paths(uint256 n) external pure returns (string memory s) {
        require(n <= 8, "too many");
        for (uint256 i = 0; i < n; i++) s = string.concat(s, path(), ";");
    }

    function start() internal pure override returns (uint256) {
        return super.start() + 300;
    }

    fallback() external payable override {
        fallbacks += 10;
    }
}
