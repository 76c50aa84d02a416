// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Base constructor chains (only `Final` is deployed): a diamond whose bases' arguments are
/// all given by the most derived constructor (written out of linearization order, with side
/// effects, so their evaluation order is observable), a middle contract without a
/// constructor, memory arguments (a string, an array) passed down the chain, initializers in
/// every contract, library calls in constructors, initializers and modifiers, a `return` inside a base constructor, a constructor that reverts, and
/// modifiers on constructors (virtual: a base constructor's modifier is overridden).

library Twice {
    function twice(uint256 x) internal pure returns (uint256) {
        return 2 * x;
    }
}

abstract contract A {
    using Twice for uint256;

    uint256[] public log;
    string public tag;
    uint256 public a = note(1);

    function note(uint256 v) internal returns (uint256) {
        log.push(v);
        return v;
    }

    constructor(uint256 x, string memory t) {
        require(x != 13, "unlucky");
        tag = t;
        log.push(1000 + x.twice());
        if (x > 50) return;
        log.push(2000 + x);
    }
}

abstract contract B is A {
    uint256 public b = note(Twice.twice(1));

    modifier logged(uint256 k) virtual {
        log.push(6000 + Twice.twice(k));
        _;
        log.push(7000 + k);
    }

    /// A modifier on a base constructor, overridden by the deployed contract.
    constructor(uint256[] memory xs) logged(xs.length) {
        uint256 s;
        for (uint256 i = 0; i < xs.length; i++) s += xs[i];
        b += s;
        log.push(3000 + s);
    }
}

abstract contract C is A {
    uint256 public c = note(3);

    constructor(uint256 y) {
        c += y;
        log.push(4000 + y);
    }
}

/// No constructor of its own: only an initializer between the chain's constructors.
abstract contract Mid is B, C {
    uint256 public mid = note(4);
}

contract Final is Mid {
    uint256 public f = note(5);

    modifier logged(uint256 k) override {
        log.push(8000 + k);
        if (k == 99) return;
        _;
        log.push(9000 + k);
    }

    constructor(uint256 z, string memory t) C(note(z + 10)) logged(z) A(note(z), string.concat(t, "!")) B(series(note(z + 20))) logged(z + 1) {
        f += z;
        log.push(5000 + z);
    }

    function series(uint256 n) internal pure returns (uint256[] memory xs) {
        xs = new uint256[](n % 8);
        for (uint256 i = 0; i < xs.length; i++) xs[i] = i + n;
    }

    function all() external view returns (uint256[] memory) {
        return log;
    }

    function values() external view returns (uint256, uint256, uint256, uint256, uint256) {
        return (a, b, c, mid, f);
    }

    function at(uint256 i) external view returns (uint256) {
        return log[i];
    }
}
