// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Named call arguments: internal calls, a library call bound by `using for`, a base
/// function, events and custom errors, each with arguments named out of parameter order.
/// Arguments have side effects on `order`, so their evaluation order (as written) shows;
/// memory arguments (strings, arrays) are named too.

library Mix {
    function blend(uint256 self, uint256 weight, uint256 bias) internal pure returns (uint256) {
        return self * weight + bias;
    }
}

abstract contract Base {
    uint256[] public order;

    function tick(uint256 v) internal returns (uint256) {
        order.push(v);
        return v;
    }

    function span(uint256 lo, uint256 hi) internal pure virtual returns (uint256) {
        require(lo <= hi, "inverted");
        return hi - lo;
    }
}

contract Named is Base {
    using Mix for uint256;

    event Moved(address indexed who, uint256 from, uint256 to, string note);
    error OutOfRange(uint256 value, uint256 min, uint256 max);

    function span(uint256 lo, uint256 hi) internal pure override returns (uint256) {
        return super.span({hi: hi, lo: lo}) * 2;
    }

    function pair(uint256 a, uint256 b, string memory s) internal pure returns (uint256, string memory) {
        return (a * 1000 + b, string.concat(s, "!"));
    }

    function calls(uint256 x) external returns (uint256 r, string memory s) {
        (r, s) = pair({s: "named", b: tick(x + 1), a: tick(x + 2)});
        r += span({hi: tick(x + 10), lo: tick(x)});
        r += x.blend({bias: tick(7), weight: tick(3)});
    }

    function sum(uint256[] memory xs, uint256 start) internal pure returns (uint256 s) {
        s = start;
        for (uint256 i = 0; i < xs.length; i++) s += xs[i];
    }

    function arrays(uint256 n) external pure returns (uint256 total) {
        require(n <= 50, "n too big");
        for (uint256 i = 0; i < n; i++) {
            uint256[] memory xs = new uint256[](i);
            for (uint256 j = 0; j < i; j++) xs[j] = j;
            total += sum({start: i, xs: xs});
        }
    }

    function move(uint256 from, uint256 to) external {
        if (to > 100) revert OutOfRange({max: 100, value: tick(to), min: tick(0)});
        emit Moved({note: "moved", to: tick(to), who: msg.sender, from: tick(from)});
    }

    function orderAll() external view returns (uint256[] memory) {
        return order;
    }
}
