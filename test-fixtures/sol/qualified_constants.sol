// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Constants read by qualified name: a library's (`Field.P`), from a contract and from another
// library, in loops; a base contract's (`Base.K`) and the contract's own (`C.OWN`); file-level
// constants; constants of several value types, bytes32 and string, and constants whose
// initializer reads other constants (its arithmetic checked, or wrapping when read inside
// `unchecked`, as solc does). Also `Base.counter`, a base's state variable by qualified name,
// `type(T)` members next to them, and the getter of a public constant (`LIMIT()`).
uint256 constant SCALE = 1000;
bytes4 constant TAG = 0x12345678;
string constant GREETING = "hello";

library Field {
  uint256 internal constant P = 2 ** 61 - 1;
  uint256 internal constant HALF = P / 2;
  uint8 internal constant SMALL = 200;
  uint8 internal constant WRAPS = SMALL + 100;
  int256 internal constant NEG = -7;
  bytes32 internal constant SEED = keccak256("field");
  bytes32 internal constant WORD = "abc";
  address internal constant SINK = address(uint160(0xdead));
  string internal constant NAME = "Field";

  function add(uint256 a, uint256 b) internal pure returns (uint256) {
    return addmod(a, b, P);
  }
}

library Horner {
  uint256 internal constant DEGREE = Field.SMALL / 50;

  function eval(uint256[] memory c, uint256 x) internal pure returns (uint256 r) {
    for (uint256 i = c.length; i > 0; i--) r = addmod(mulmod(r, x, Field.P), c[i - 1], Field.P);
  }
}

contract Base {
  uint256 internal constant K = 3;
  uint256 internal counter = 5;
  uint256 public constant LIMIT = Field.SMALL + K;
}

contract QualifiedConstants is Base {
  uint256 constant OWN = Base.K * SCALE;

  function modP(uint256 n) external pure returns (uint256) {
    return n % Field.P;
  }

  function sumLoop(uint256 n) external pure returns (uint256 acc) {
    for (uint256 i = 0; i < n; i++) acc = Field.add(acc, i * Field.HALF);
    while (acc > Field.HALF) acc -= Field.HALF;
  }

  function poly(uint256 n) external pure returns (uint256) {
    uint256[] memory c = new uint256[](Horner.DEGREE + 1);
    for (uint256 i = 0; i < c.length; i++) c[i] = i + n;
    return Horner.eval(c, n);
  }

  function words() external pure returns (bytes32, bytes32, bytes32, bytes4, address) {
    bytes32 widened = TAG;
    return (Field.SEED, Field.WORD, widened, TAG, Field.SINK);
  }

  function strings() external pure returns (string memory, string memory, uint256) {
    string memory s = Field.NAME;
    return (s, GREETING, bytes(Field.NAME).length + bytes(GREETING).length);
  }

  function scaled(int256 x) external pure returns (int256) {
    return x * Field.NEG;
  }

  function small(uint8 x) external pure returns (uint8) {
    return x + Field.SMALL;
  }

  function wrapped(uint8 x) external pure returns (uint8) {
    unchecked {
      return x + Field.SMALL;
    }
  }

  function wrapsInUnchecked(uint8 x) external pure returns (uint8) {
    unchecked {
      return x + Field.WRAPS;
    }
  }

  function base(uint256 n) external returns (uint256) {
    Base.counter += n;
    return Base.counter * Base.K + QualifiedConstants.OWN + LIMIT + Base.LIMIT;
  }

  function bounds() external pure returns (uint256, int8, uint256) {
    return (type(uint256).max / Field.P, type(int8).min, type(uint64).max % SCALE);
  }
}
