// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// `.selector` of errors, events and external functions named directly (a library's error,
// an interface's function, `this.f`): constants, folded as solc folds them.
interface Greeter {
    function greet(uint256 times) external returns (string memory);
}

library Codes {
    error Bad(uint256 code, string why);
}

contract SelectorsNamed {
    error Short(uint8 got);
    event Moved(address indexed from, uint256 amount);

    function self(uint256) external pure returns (uint256) { return 1; }

    function all(uint256 x) external view returns (bytes4, bytes4, bytes32, bytes4, bytes4) {
        bytes4 s = Short.selector;
        if (x == 7) {
            // a selector written in place by assembly, as OpenZeppelin's Base64.decode does
            assembly {
                mstore(0, s)
                mstore(4, x)
                revert(0, 0x24)
            }
        }
        return (s, Codes.Bad.selector, Moved.selector, Greeter.greet.selector, this.self.selector);
    }

    function raw(uint256 x) external pure returns (bytes memory) {
        return abi.encodeWithSelector(Codes.Bad.selector, x, "why");
    }
}
