// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Internal library functions (and a base contract's function) named as `L.f` / `B.f` and used
// as function values: passed, stored, compared through a sort written with a comparator.
library Order {
    function lt(uint256 a, uint256 b) internal pure returns (bool) { return a < b; }
    function gt(uint256 a, uint256 b) internal pure returns (bool) { return a > b; }
}

contract Base {
    function twice(uint256 x) internal pure virtual returns (uint256) { return 2 * x; }
}

contract FnptrLibraryValues is Base {
    function twice(uint256 x) internal pure override returns (uint256) { return 3 * x; }

    function insertion(uint256[] memory a, function(uint256, uint256) pure returns (bool) before) private pure {
        for (uint256 i = 1; i < a.length; i++) {
            uint256 v = a[i];
            uint256 j = i;
            while (j > 0 && before(v, a[j - 1])) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = v;
        }
    }

    function sorted(uint256 n, bool down) external pure returns (uint256[] memory a) {
        a = new uint256[](n % 12);
        for (uint256 i = 0; i < a.length; i++) a[i] = uint256(keccak256(abi.encode(n, i))) % 100;
        insertion(a, down ? Order.gt : Order.lt);
    }

    function scaled(uint256 x) external pure returns (uint256, uint256) {
        // Base.twice is exactly Base's function, `twice` the override
        function(uint256) pure returns (uint256) f = Base.twice;
        function(uint256) pure returns (uint256) g = twice;
        return (f(x), g(x));
    }
}
